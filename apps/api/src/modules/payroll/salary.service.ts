import type {
  EmployeeSalary,
  EmployeeSalaryBody,
  EmployeeSalaryRevision,
  TemplateLineBody,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { AuditAction, AuditService } from '../audit';
import { employeeNameOf } from '../employees';
import { companyToday } from '../org';
import * as templates from './templates.repo';
import { componentsOf, type TemplatesService } from './templates.service';

/**
 * Employee salary: every assignment and revision is a new row effective from a date. A revision
 * dated before the current month (company time zone) reaches months that may already be paid: it
 * records `arrears_from`, which the pay run (a later issue) reads to pay the difference.
 */

const REVISION_SELECT = `SELECT s.id, s.employee_id, s.template_id, t.name AS template_name,
    s.annual_ctc_paise::float8 AS annual_ctc_paise, s.monthly_gross_paise::float8 AS monthly_gross_paise,
    to_char(s.effective_from, 'YYYY-MM-DD') AS effective_from, s.lines,
    to_char(s.arrears_from, 'YYYY-MM-DD') AS arrears_from, s.note,
    to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
  FROM employee_salaries s LEFT JOIN salary_templates t ON t.id = s.template_id`;

async function revisions(tx: Queryable, employeeId: string) {
  const { rows } = await tx.query<EmployeeSalaryRevision>(
    `${REVISION_SELECT} WHERE s.employee_id = $1 ORDER BY s.effective_from DESC`,
    [employeeId],
  );
  return rows;
}

/** The employee's name, or null when not in the caller's company (RLS hides other companies). */
const employeeName = employeeNameOf;

const salaryAction = (a: 'payroll.salary_assigned' | 'payroll.salary_revised') => a as unknown as AuditAction;

export function createSalaryService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  templates: TemplatesService;
}) {
  const { db, clock, audit } = deps;

  async function read(tx: Queryable, employeeId: string): Promise<EmployeeSalary> {
    const name = await employeeName(tx, employeeId);
    if (name === null) throw notFound('Employee');
    const { today } = await companyToday(tx, clock.now());
    const history = await revisions(tx, employeeId);
    return {
      employee_id: employeeId,
      employee_name: name,
      current: history.find((r) => r.effective_from <= today) ?? null,
      history,
    };
  }

  async function write(actor: Actor, body: EmployeeSalaryBody, mode: 'assign' | 'revise') {
    return db
      .tenant(actor.companyId, async (tx) => {
        if ((await employeeName(tx, body.employee_id, true)) === null) throw notFound('Employee');
        const existing = await revisions(tx, body.employee_id);
        if (mode === 'assign' && existing.length > 0) {
          throw new AppError('CONFLICT', 'This employee already has a salary; record a revision instead');
        }
        if (mode === 'revise' && existing.length === 0) {
          throw new AppError('CONFLICT', 'This employee has no salary yet; assign one first');
        }
        let lines: TemplateLineBody[];
        if (body.lines) {
          lines = body.lines;
        } else {
          const t = await templates.getTemplate(tx, body.template_id!);
          if (!t)
            throw new AppError('VALIDATION', 'Validation failed: template_id', {
              errors: [{ path: 'template_id', message: 'No such salary template' }],
            });
          if (!t.active)
            throw new AppError('VALIDATION', 'Validation failed: template_id', {
              errors: [{ path: 'template_id', message: `"${t.name}" is inactive` }],
            });
          lines = (await templates.templateLines(tx, t.id)).map((l) => ({
            ...(l.earning_id ? { earning_id: l.earning_id } : { benefit_id: l.benefit_id! }),
            value_type: l.value_type,
            amount_paise: l.amount_paise,
            percent: l.percent,
          }));
        }
        const comps = await componentsOf(tx, lines);
        const breakup = await deps.templates.breakupOf(
          tx,
          body.annual_ctc_paise,
          comps,
          body.effective_from,
          'effective_from',
        );
        deps.templates.refuseNegative(breakup);
        const { today } = await companyToday(tx, clock.now());
        const monthStart = `${today.slice(0, 8)}01`;
        const previous = existing.find((r) => r.effective_from < body.effective_from) ?? null;
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO employee_salaries (company_id, employee_id, template_id, annual_ctc_paise, effective_from, lines,
             monthly_gross_paise, previous_id, arrears_from, note, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [
            actor.companyId,
            body.employee_id,
            body.lines ? null : body.template_id,
            body.annual_ctc_paise,
            body.effective_from,
            JSON.stringify(breakup.lines.map(({ basis: _basis, ...l }) => l)),
            breakup.monthly_gross_paise,
            previous?.id ?? null,
            // A first salary has no earlier pay to top up; a revision into a past month has.
            mode === 'revise' && body.effective_from < monthStart ? body.effective_from : null,
            body.note ?? null,
            actor.userId,
          ],
        );
        await audit.record(tx, {
          actor,
          action: salaryAction(mode === 'assign' ? 'payroll.salary_assigned' : 'payroll.salary_revised'),
          entity: 'employee_salary',
          entity_id: rows[0]!.id,
          changes: {
            employee_id: body.employee_id,
            effective_from: body.effective_from,
            template_id: body.template_id ?? null,
          },
        });
        return read(tx, body.employee_id);
      })
      .catch((err) => {
        if ((err as { code?: string } | null)?.code === '23505') {
          throw new AppError(
            'CONFLICT',
            'A salary effective from this date already exists for this employee',
            {
              errors: [{ path: 'effective_from', message: 'Choose another date' }],
            },
          );
        }
        throw err;
      });
  }

  return {
    get: (actor: Actor, employeeId: string) => db.tenant(actor.companyId, (tx) => read(tx, employeeId)),
    assign: (actor: Actor, body: EmployeeSalaryBody) => write(actor, body, 'assign'),
    revise: (actor: Actor, body: EmployeeSalaryBody) => write(actor, body, 'revise'),
  };
}
export type SalaryService = ReturnType<typeof createSalaryService>;

/**
 * The annual CTC (paise) in force on `date` for each of `employeeIds` that has a salary by then:
 * the revision with the latest `effective_from` on or before the date. Employees without one are
 * absent from the map. Runs inside the caller's tenant transaction (RLS scopes the company).
 */
export async function annualCtcOn(
  tx: Queryable,
  employeeIds: string[],
  date: string,
): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ employee_id: string; annual_ctc_paise: number }>(
    `SELECT DISTINCT ON (employee_id) employee_id, annual_ctc_paise::float8 AS annual_ctc_paise
       FROM employee_salaries
      WHERE employee_id = ANY($1::uuid[]) AND effective_from <= $2::date
      ORDER BY employee_id, effective_from DESC`,
    [employeeIds, date],
  );
  return new Map(rows.map((r) => [r.employee_id, Number(r.annual_ctc_paise)]));
}

/** A saved salary revision as the pay run reads it. */
export type SalaryRevision = {
  id: string;
  employee_id: string;
  effective_from: string;
  arrears_from: string | null;
  lines: { component_id: string | null; group: string; code: string; name: string; monthly_paise: number }[];
};

const REVISION_HEAD_COLUMNS = `id, employee_id, to_char(effective_from, 'YYYY-MM-DD') AS effective_from,
  to_char(arrears_from, 'YYYY-MM-DD') AS arrears_from`;
const REVISION_COLUMNS = `${REVISION_HEAD_COLUMNS}, lines`;

/**
 * Each employee's revisions that matter for a month from `from` to `to`: the one in force on
 * `from` and any that start within the month (a revision mid-month splits the month), oldest
 * first. Employees with none in force by `to` are absent. Caller's tenant transaction.
 */
export function revisionsForMonth(
  tx: Queryable,
  employeeIds: string[],
  from: string,
  to: string,
): Promise<Map<string, SalaryRevision[]>> {
  return monthRevisions<SalaryRevision>(tx, REVISION_COLUMNS, employeeIds, from, to);
}

/** A salary revision without its lines. */
export type RevisionHead = Omit<SalaryRevision, 'lines'>;

/**
 * The same revisions as `revisionsForMonth` without their lines: preparing a pay run needs only
 * which revisions each payslip takes, and reading every employee's lines (about 1.2 KB of JSON
 * each, written out by the server and parsed here) was a good part of preparing a large run.
 */
export function revisionHeadsForMonth(
  tx: Queryable,
  employeeIds: string[],
  from: string,
  to: string,
): Promise<Map<string, RevisionHead[]>> {
  return monthRevisions<RevisionHead>(tx, REVISION_HEAD_COLUMNS, employeeIds, from, to);
}

async function monthRevisions<R extends RevisionHead>(
  tx: Queryable,
  columns: string,
  employeeIds: string[],
  from: string,
  to: string,
): Promise<Map<string, R[]>> {
  const { rows } = await tx.query<R>(
    `SELECT ${columns} FROM employee_salaries s
      WHERE employee_id = ANY($1::uuid[]) AND effective_from <= $3::date
        AND (effective_from >= $2::date OR effective_from = (
          SELECT max(effective_from) FROM employee_salaries p
           WHERE p.employee_id = s.employee_id AND p.effective_from <= $2::date))
      ORDER BY employee_id, effective_from`,
    [employeeIds, from, to],
  );
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const list = out.get(r.employee_id) ?? [];
    out.set(r.employee_id, list);
    list.push(r);
  }
  return out;
}

/**
 * Each employee's first salary revision on record, by id (EPS membership is settled on it). Ids only:
 * usually it is a revision the caller reads anyway. Caller's tenant transaction.
 */
export async function firstRevisionIds(
  tx: Queryable,
  employeeIds: string[],
  upTo: string,
): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ employee_id: string; id: string }>(
    `SELECT DISTINCT ON (employee_id) employee_id, id FROM employee_salaries
      WHERE employee_id = ANY($1::uuid[]) AND effective_from <= $2::date ORDER BY employee_id, effective_from`,
    [employeeIds, upTo],
  );
  return new Map(rows.map((r) => [r.employee_id, r.id]));
}

/** Revisions by id (the pay run re-reads the one a payslip took). Caller's tenant transaction. */
export async function revisionsById(tx: Queryable, ids: string[]): Promise<Map<string, SalaryRevision>> {
  const { rows } = await tx.query<SalaryRevision>(
    `SELECT ${REVISION_COLUMNS} FROM employee_salaries WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Back-dated revisions whose arrears no pay run has settled: recorded after their effective date
 * (`arrears_from`, a date before `before`), for these employees. Caller's tenant transaction.
 */
export async function unsettledArrears(
  tx: Queryable,
  employeeIds: string[],
  before: string,
): Promise<SalaryRevision[]> {
  const { rows } = await tx.query<SalaryRevision>(
    `SELECT ${REVISION_COLUMNS} FROM employee_salaries
      WHERE employee_id = ANY($1::uuid[]) AND arrears_from IS NOT NULL AND arrears_from < $2::date
        AND arrears_settled_run_id IS NULL
      ORDER BY employee_id, effective_from`,
    [employeeIds, before],
  );
  return rows;
}

/** The pay run `runId` paid these revisions' arrears (in its confirming transaction). */
export async function settleArrears(tx: Queryable, salaryIds: string[], runId: string): Promise<void> {
  if (salaryIds.length === 0) return;
  await tx.query(
    'UPDATE employee_salaries SET arrears_settled_run_id = $2 WHERE id = ANY($1::uuid[]) AND arrears_settled_run_id IS NULL',
    [salaryIds, runId],
  );
}
