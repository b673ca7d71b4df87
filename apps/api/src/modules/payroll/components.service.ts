import {
  type BenefitBody,
  type DeductionBody,
  type EarningBody,
  type PayrollListQuery,
  pageSizeOf,
} from '@hr/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { Actor } from '../../plugins/auth';
import * as repo from './components.repo';

const pgCode = (err: unknown): string | undefined => (err as { code?: string } | null)?.code;

/** A unique index names what clashed: the name, or a second basic / special allowance. */
const conflict = (what: string) => (err: unknown) => {
  if (pgCode(err) === '23505') {
    const detail = String(
      (err as { constraint?: string; message?: string }).constraint ?? (err as Error).message,
    );
    if (detail.includes('anchor')) {
      throw new AppError(
        'CONFLICT',
        'The company already has this kind of earning (one basic, one special allowance)',
        {
          errors: [{ path: 'kind', message: 'Only one basic and one special allowance per company' }],
        },
      );
    }
    throw new AppError(
      'CONFLICT',
      `${/^[aeiou]/.test(what) ? 'An' : 'A'} ${what} with this name already exists`,
      {
        errors: [{ path: 'name', message: 'Already in use' }],
      },
    );
  }
  // A template took the component between our check and the delete.
  if (isForeignKeyViolation(err)) {
    throw new AppError(
      'CONFLICT',
      `This ${what} is used by a salary template; remove it from the template first`,
    );
  }
  throw err;
};

export const listArgs = (q: PayrollListQuery): repo.ListArgs => {
  const size = pageSizeOf(q);
  return { limit: size, offset: (q.page - 1) * size, active: q.active, search: q.search };
};

export function createComponentsService(deps: { db: Db }) {
  const { db } = deps;
  const inUse = (kind: string, name: string, templates: string[]) =>
    new AppError(
      'CONFLICT',
      `${kind} "${name}" is used by salary template${templates.length > 1 ? 's' : ''} ${templates
        .map((t) => `"${t}"`)
        .join(', ')}; remove it from ${templates.length > 1 ? 'them' : 'it'} first, or mark it inactive`,
    );

  return {
    // ---- Earnings ----
    listEarnings: (actor: Actor, q: PayrollListQuery) =>
      db.tenant(actor.companyId, (tx) => repo.listEarnings(tx, listArgs(q))),
    /** Active earnings with a fixed monthly amount or percentage (the lines a template may fix). */
    fixedEarnings: (actor: Actor) =>
      db.tenant(actor.companyId, (tx) => repo.earningsWhere(tx, "e.active AND e.earning_type = 'fixed'")),
    basicEarning: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) => {
        const [basic] = await repo.earningsWhere(tx, "e.kind = 'basic'");
        if (!basic) throw notFound('Basic earning');
        return basic;
      }),
    getEarning: (actor: Actor, id: string) =>
      db.tenant(
        actor.companyId,
        async (tx) => (await repo.getEarning(tx, id)) ?? Promise.reject(notFound('Earning')),
      ),
    createEarning: (actor: Actor, body: EarningBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const id = await repo.insertEarning(tx, actor.companyId, body);
          return (await repo.getEarning(tx, id))!;
        })
        .catch(conflict('earning')),
    updateEarning: (actor: Actor, id: string, body: EarningBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const before = await repo.getEarning(tx, id, true);
          if (!before) throw notFound('Earning');
          // A template's lines were written against the earning's kind; changing it under them would
          // leave a template without its basic or balancing line.
          if (before.kind !== body.kind && before.template_count > 0) {
            throw new AppError(
              'CONFLICT',
              `Earning "${before.name}" is used by a salary template; its kind cannot change`,
              {
                errors: [{ path: 'kind', message: 'Used by a salary template' }],
              },
            );
          }
          await repo.updateEarning(tx, id, body);
          return (await repo.getEarning(tx, id))!;
        })
        .catch(conflict('earning')),
    setEarningActive: (actor: Actor, id: string, active: boolean) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.setActive(tx, 'payroll_earnings', id, active))) throw notFound('Earning');
        return (await repo.getEarning(tx, id))!;
      }),
    removeEarning: (actor: Actor, id: string) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const e = await repo.getEarning(tx, id, true);
          if (!e) throw notFound('Earning');
          const templates = await repo.templatesUsing(tx, 'earning_id', id);
          if (templates.length > 0) throw inUse('Earning', e.name, templates);
          await repo.deleteComponent(tx, 'payroll_earnings', id);
        })
        .catch(conflict('earning')),

    // ---- Deductions ----
    listDeductions: (actor: Actor, q: PayrollListQuery) =>
      db.tenant(actor.companyId, (tx) => repo.listDeductions(tx, listArgs(q))),
    getDeduction: (actor: Actor, id: string) =>
      db.tenant(
        actor.companyId,
        async (tx) => (await repo.getDeduction(tx, id)) ?? Promise.reject(notFound('Deduction')),
      ),
    createDeduction: (actor: Actor, body: DeductionBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const id = await repo.insertDeduction(tx, actor.companyId, body);
          return (await repo.getDeduction(tx, id))!;
        })
        .catch(conflict('deduction')),
    updateDeduction: (actor: Actor, id: string, body: DeductionBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          if (!(await repo.getDeduction(tx, id, true))) throw notFound('Deduction');
          await repo.updateDeduction(tx, id, body);
          return (await repo.getDeduction(tx, id))!;
        })
        .catch(conflict('deduction')),
    setDeductionActive: (actor: Actor, id: string, active: boolean) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.setActive(tx, 'payroll_deductions', id, active))) throw notFound('Deduction');
        return (await repo.getDeduction(tx, id))!;
      }),
    removeDeduction: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.getDeduction(tx, id, true))) throw notFound('Deduction');
        await repo.deleteComponent(tx, 'payroll_deductions', id);
      }),

    // ---- Benefits ----
    listBenefits: (actor: Actor, q: PayrollListQuery) =>
      db.tenant(actor.companyId, (tx) => repo.listBenefits(tx, listArgs(q))),
    getBenefit: (actor: Actor, id: string) =>
      db.tenant(
        actor.companyId,
        async (tx) => (await repo.getBenefit(tx, id)) ?? Promise.reject(notFound('Benefit')),
      ),
    createBenefit: (actor: Actor, body: BenefitBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const id = await repo.insertBenefit(tx, actor.companyId, body);
          return (await repo.getBenefit(tx, id))!;
        })
        .catch(conflict('benefit')),
    updateBenefit: (actor: Actor, id: string, body: BenefitBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          if (!(await repo.getBenefit(tx, id, true))) throw notFound('Benefit');
          await repo.updateBenefit(tx, id, body);
          return (await repo.getBenefit(tx, id))!;
        })
        .catch(conflict('benefit')),
    setBenefitActive: (actor: Actor, id: string, active: boolean) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.setActive(tx, 'payroll_benefits', id, active))) throw notFound('Benefit');
        return (await repo.getBenefit(tx, id))!;
      }),
    removeBenefit: (actor: Actor, id: string) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const b = await repo.getBenefit(tx, id, true);
          if (!b) throw notFound('Benefit');
          const templates = await repo.templatesUsing(tx, 'benefit_id', id);
          if (templates.length > 0) throw inUse('Benefit', b.name, templates);
          await repo.deleteComponent(tx, 'payroll_benefits', id);
        })
        .catch(conflict('benefit')),
  };
}
export type ComponentsService = ReturnType<typeof createComponentsService>;
