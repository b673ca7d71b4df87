import type {
  Breakup,
  BreakupPreviewBody,
  PayrollListQuery,
  SalaryTemplate,
  SalaryTemplateBody,
  TemplateLineBody,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dayWords } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { companyToday } from '../org';
import { type BreakupComponent, computeBreakup } from './breakup';
import { listArgs } from './components.service';
import { breakupStatutory, type FiguresOn, readSettings } from './statutory';
import * as repo from './templates.repo';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION', `Validation failed: ${path}: ${message}`, { errors: [{ path, message }] });

/**
 * Checks the lines against the company's components and turns them into the breakup's input:
 * every component exists here and is active, the balancing line is the special allowance, and a
 * percentage of basic has a basic line to take it from.
 */
export async function componentsOf(
  tx: Queryable,
  lines: TemplateLineBody[],
  field = 'lines',
): Promise<BreakupComponent[]> {
  const found = await repo.componentsByIds(
    tx,
    lines.map((l) => (l.earning_id ?? l.benefit_id)!),
  );
  const out: BreakupComponent[] = [];
  for (const [i, l] of lines.entries()) {
    const key = l.earning_id ? 'earning_id' : 'benefit_id';
    const c = found.get((l.earning_id ?? l.benefit_id)!);
    if (!c || c.group !== (l.earning_id ? 'earning' : 'benefit')) {
      throw invalid(`${field}.${i}.${key}`, 'No such component in this company');
    }
    if (!c.active) throw invalid(`${field}.${i}.${key}`, `"${c.name}" is inactive`);
    if ((l.value_type === 'balancing') !== (c.kind === 'special_allowance')) {
      throw invalid(`${field}.${i}.value_type`, 'The special allowance, and only it, is the balancing line');
    }
    if (c.kind === 'basic' && l.value_type === 'percentage_of_basic') {
      throw invalid(`${field}.${i}.value_type`, 'Basic cannot be a percentage of itself');
    }
    if (c.group === 'benefit' && !c.include_in_ctc) {
      throw invalid(`${field}.${i}.benefit_id`, `"${c.name}" is not part of CTC`);
    }
    out.push({
      id: c.id,
      group: c.group,
      kind: c.kind,
      name: c.name,
      value_type: l.value_type,
      amount_paise: l.value_type === 'fixed_amount' ? (l.amount_paise ?? 0) : null,
      percent_bp: l.value_type.startsWith('percentage_') ? Math.round((l.percent ?? 0) * 100) : null,
      epf_wage: c.epf_wage,
      esi_wage: c.esi_wage,
      ...(c.group === 'benefit'
        ? { benefit_plan: c.benefit_plan ?? undefined, tax_exemption: c.tax_exemption ?? undefined }
        : {}),
    });
  }
  if (out.some((c) => c.value_type === 'percentage_of_basic') && !out.some((c) => c.kind === 'basic')) {
    throw invalid(field, 'A line is a percentage of basic: add the basic line');
  }
  return out;
}

export function createTemplatesService(deps: { db: Db; clock: Clock; figuresOn: FiguresOn }) {
  const { db, clock, figuresOn } = deps;

  /**
   * The breakup on `date` (today in the company's time zone when absent). A date the caller gave
   * (`field` names it) that the engine's dated statutory data does not cover is the caller's
   * mistake: a 400 naming the field and the date, not a 503.
   */
  async function breakupOf(
    tx: Queryable,
    annual: number,
    components: BreakupComponent[],
    date?: string,
    field = 'as_of',
  ) {
    const on = date ?? (await companyToday(tx, clock.now())).today;
    let figures: ReturnType<FiguresOn>;
    try {
      figures = figuresOn(on);
    } catch (err) {
      if (date !== undefined && err instanceof AppError && err.code === 'UNAVAILABLE') {
        throw invalid(
          field,
          `No statutory figures are in force on ${dayWords(on)}: ${err.message.replace(/^The payroll engine/, 'the payroll engine').replace(/ in force on .*$/, ' for that day')}. Choose a date the statutory data covers`,
        );
      }
      throw err;
    }
    return computeBreakup(annual, components, breakupStatutory(await readSettings(tx), figures));
  }

  /** A saved template or salary must add up: its balancing line cannot be below zero. */
  function refuseNegative(b: Breakup) {
    const w = b.warnings.find((x) => x.code === 'balancing_negative');
    if (w) throw invalid('annual_ctc_paise', w.message);
  }

  async function full(tx: Queryable, id: string): Promise<SalaryTemplate> {
    const t = await repo.getTemplate(tx, id);
    if (!t) throw notFound('Salary template');
    const lines = await repo.templateLines(tx, id);
    const comps = await componentsForSaved(tx, lines);
    return { ...t, lines, breakup: await breakupOf(tx, t.annual_ctc_paise, comps) };
  }

  /** A saved template's breakup, even when a component has since been made inactive. */
  async function componentsForSaved(tx: Queryable, lines: Awaited<ReturnType<typeof repo.templateLines>>) {
    const found = await repo.componentsByIds(
      tx,
      lines.map((l) => (l.earning_id ?? l.benefit_id)!),
    );
    return lines.map((l): BreakupComponent => {
      const c = found.get((l.earning_id ?? l.benefit_id)!)!;
      return {
        id: c.id,
        group: c.group,
        kind: c.kind,
        name: c.name,
        value_type: l.value_type,
        amount_paise: l.amount_paise,
        percent_bp: l.percent === null ? null : Math.round(l.percent * 100),
        epf_wage: c.epf_wage,
        esi_wage: c.esi_wage,
      };
    });
  }

  const duplicate = (err: unknown) => {
    if ((err as { code?: string } | null)?.code === '23505') {
      throw new AppError('CONFLICT', 'A salary template with this name already exists', {
        errors: [{ path: 'name', message: 'Already in use' }],
      });
    }
    throw err;
  };

  return {
    breakupOf,
    componentsForSaved,
    refuseNegative,
    list: (actor: Actor, q: PayrollListQuery) =>
      db.tenant(actor.companyId, (tx) => repo.listTemplates(tx, listArgs(q))),
    get: (actor: Actor, id: string) => db.tenant(actor.companyId, (tx) => full(tx, id)),
    preview: (actor: Actor, body: BreakupPreviewBody) =>
      db.tenant(actor.companyId, async (tx) =>
        breakupOf(tx, body.annual_ctc_paise, await componentsOf(tx, body.lines), body.as_of),
      ),
    create: (actor: Actor, body: SalaryTemplateBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          refuseNegative(await breakupOf(tx, body.annual_ctc_paise, await componentsOf(tx, body.lines)));
          const id = await repo.insertTemplate(tx, actor.companyId, {
            ...body,
            description: body.description ?? '',
          });
          await repo.replaceLines(tx, actor.companyId, id, body.lines);
          return full(tx, id);
        })
        .catch(duplicate),
    update: (actor: Actor, id: string, body: SalaryTemplateBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const before = await repo.getTemplate(tx, id, true);
          if (!before) throw notFound('Salary template');
          refuseNegative(await breakupOf(tx, body.annual_ctc_paise, await componentsOf(tx, body.lines)));
          await repo.updateTemplate(tx, id, { ...body, description: body.description ?? before.description });
          await repo.replaceLines(tx, actor.companyId, id, body.lines);
          return full(tx, id);
        })
        .catch(duplicate),
    setActive: (actor: Actor, id: string, active: boolean) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.setTemplateActive(tx, id, active))) throw notFound('Salary template');
        return full(tx, id);
      }),
    remove: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const t = await repo.getTemplate(tx, id, true);
        if (!t) throw notFound('Salary template');
        if (t.employee_count > 0) {
          throw new AppError(
            'CONFLICT',
            `Salary template "${t.name}" was used for ${t.employee_count} employee salar${t.employee_count > 1 ? 'ies' : 'y'}; mark it inactive instead`,
          );
        }
        await repo.deleteTemplate(tx, id);
      }),
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
