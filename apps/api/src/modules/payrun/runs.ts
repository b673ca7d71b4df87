import type { PayRun, PayRunCreateBody, PayRunListQuery, PayRunSettings } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { companyToday } from '../org';
import { monthAdd, monthLabel, monthOf } from './month';
import { lockRun, type RunRow } from './run-state';
import { sheetsOf } from './sheet-info';

/** A user's display name: their employee's name, else their sign-in email. */
export const userName = (alias: string) =>
  `(SELECT coalesce(nullif(trim(ue.first_name || ' ' || ue.last_name), ''), uu.email)
      FROM users uu LEFT JOIN employees ue ON ue.id = uu.employee_id WHERE uu.id = ${alias})`;

type RunDbRow = {
  id: string;
  month: string;
  pay_date: string;
  status: PayRun['status'];
  attendance_status: PayRun['attendance_status'];
  payslips_status: PayRun['payslips_status'];
  totals: {
    employees: number;
    gross_paise: number;
    deductions_paise: number;
    net_paise: number;
    employer_paise: number;
    ctc_paise: number;
  } | null;
  engine_version: string | null;
  created_at: string;
  created_by: string | null;
  computed_at: string | null;
  computed_by_id: string | null;
  computed_by: string | null;
  confirmed_at: string | null;
  confirmed_by: string | null;
  employees: number;
  computed: number;
  failed: number;
  payslips_stalled_at: string | null;
  payslips: number;
  anomalies_total: number;
  anomalies_open: number;
};

const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A generation with no payslip made for this long has lost its worker (a job that died keeps its
 * place until pg-boss expires it, half an hour later): the run offers to resume. Resuming is safe
 * while a slow worker still runs, since each chunk claims its payslips FOR UPDATE SKIP LOCKED.
 */
const STALLED_AFTER_MINUTES = 5;

const RUN_SELECT = `SELECT r.id, to_char(r.month, 'YYYY-MM') AS month, to_char(r.pay_date, 'YYYY-MM-DD') AS pay_date,
    r.status, r.attendance_status, r.payslips_status, r.totals, r.engine_version,
    ${ts('r.created_at')} AS created_at, ${userName('r.created_by')} AS created_by,
    ${ts('r.computed_at')} AS computed_at, r.computed_by AS computed_by_id, ${userName('r.computed_by')} AS computed_by,
    ${ts('r.confirmed_at')} AS confirmed_at, ${userName('r.confirmed_by')} AS confirmed_by,
    (SELECT count(*)::int FROM payslips p WHERE p.run_id = r.id)
      + (SELECT coalesce(sum(c.size), 0)::int FROM pay_run_chunks c WHERE c.run_id = r.id) AS employees,
    (SELECT count(*)::int FROM payslips p WHERE p.run_id = r.id AND p.status = 'computed') AS computed,
    (SELECT count(*)::int FROM payslips p WHERE p.run_id = r.id AND p.status = 'failed') AS failed,
    (SELECT count(*)::int FROM payslip_files f WHERE f.run_id = r.id AND NOT f.outdated) AS payslips,
    (SELECT ${ts('p.at')} FROM (SELECT greatest(r.updated_at, max(f.generated_at)) AS at
        FROM payslip_files f WHERE f.run_id = r.id) p
      WHERE r.payslips_status = 'generating' AND p.at < now() - interval '${STALLED_AFTER_MINUTES} minutes')
      AS payslips_stalled_at,
    (SELECT count(*)::int FROM pay_run_anomalies a WHERE a.run_id = r.id) AS anomalies_total,
    (SELECT count(*)::int FROM pay_run_anomalies a WHERE a.run_id = r.id AND a.acknowledged_at IS NULL) AS anomalies_open
  FROM pay_runs r`;

/** Why a computed run may not be confirmed yet, in words (empty: it may). */
function confirmBlockers(r: RunDbRow, settings: PayRunSettings, actorUserId: string): string[] {
  if (r.status === 'confirmed') return [];
  const out: string[] = [];
  if (r.status !== 'computed') out.push('Compute the pay run first');
  if (r.failed > 0) out.push(`${r.failed} payslip(s) could not be computed: see the review`);
  if (r.anomalies_open > 0)
    out.push(`${r.anomalies_open} anomal${r.anomalies_open === 1 ? 'y is' : 'ies are'} not acknowledged yet`);
  if (settings.maker_checker && r.status === 'computed' && r.computed_by_id === actorUserId) {
    out.push('Maker-checker is on: another administrator must confirm the run you computed');
  }
  return out;
}

function view(r: RunDbRow, settings: PayRunSettings, actorUserId: string, sheets: PayRun['sheets']): PayRun {
  const [y, m] = r.month.split('-').map(Number) as [number, number];
  const open = r.status === 'draft' || r.status === 'computed';
  const blockers = confirmBlockers(r, settings, actorUserId);
  return {
    id: r.id,
    month: r.month,
    year: y,
    month_number: m,
    pay_date: r.pay_date,
    status: r.status,
    attendance_status: r.attendance_status,
    payslips_status: r.payslips_status,
    progress: { employees: r.employees, computed: r.computed, failed: r.failed, payslips: r.payslips },
    payslips_stalled_at: r.payslips_stalled_at,
    totals: r.totals
      ? {
          employees: r.totals.employees,
          gross_paise: r.totals.gross_paise,
          deductions_paise: r.totals.deductions_paise,
          net_paise: r.totals.net_paise,
          employer_paise: r.totals.employer_paise,
          ctc_paise: r.totals.ctc_paise,
        }
      : null,
    anomalies: { total: r.anomalies_total, open: r.anomalies_open },
    sheets,
    engine_version: r.engine_version,
    created_at: r.created_at,
    created_by: r.created_by,
    computed_at: r.computed_at,
    computed_by: r.computed_by,
    confirmed_at: r.confirmed_at,
    confirmed_by: r.confirmed_by,
    abilities: {
      edit_inputs: open,
      compute: open && r.attendance_status === 'confirmed',
      confirm: r.status === 'computed' && blockers.length === 0,
      delete: open,
      generate_payslips:
        r.status === 'confirmed' && (r.payslips_status !== 'generating' || r.payslips_stalled_at !== null),
      download_files: r.status === 'confirmed',
    },
    confirm_blockers: blockers,
  };
}

export async function runView(
  tx: Queryable,
  runId: string,
  settings: PayRunSettings,
  actorUserId: string,
): Promise<PayRun> {
  const { rows } = await tx.query<RunDbRow>(`${RUN_SELECT} WHERE r.id = $1`, [runId]);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'Pay run not found');
  return view(rows[0], settings, actorUserId, await sheetsOf(tx, runId));
}

export async function listRuns(
  tx: Queryable,
  q: PayRunListQuery,
  settings: PayRunSettings,
  actorUserId: string,
): Promise<{ rows: PayRun[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.status === 'completed' || q.status === 'confirmed') where.push(`r.status = 'confirmed'`);
  else if (q.status) where.push(`r.status = $${params.push(q.status)}`);
  if (q.year) where.push(`extract(year FROM r.month) = $${params.push(q.year)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = q.sortBy === 'pay_date' ? 'r.pay_date' : 'r.month';
  const dir = q.sortBy ? (q.sortOrder === 'desc' ? 'DESC' : 'ASC') : 'DESC';
  const { rows } = await tx.query<RunDbRow>(
    `${RUN_SELECT} ${w} ORDER BY ${order} ${dir} LIMIT $${params.push(q.records)} OFFSET $${params.push((q.page - 1) * q.records)}`,
    params,
  );
  const count = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pay_runs r ${w}`,
    params.slice(0, params.length - 2),
  );
  const out: PayRun[] = [];
  for (const r of rows) out.push(view(r, settings, actorUserId, await sheetsOf(tx, r.id)));
  return { rows: out, total: count.rows[0]!.n };
}

/**
 * A new run for a month. Months are paid in order, so that each run's year-to-date figures come
 * from confirmed payslips: no run while an earlier month's run is open, none for a month at or
 * before the last confirmed one, one per month (the unique index decides a race). The pay date
 * falls in the month or up to 10 days after it.
 */
export async function createRun(
  tx: Queryable,
  companyId: string,
  userId: string,
  body: PayRunCreateBody,
  now: Date,
): Promise<string> {
  const month = monthOf(body.year, body.month);
  const { today } = await companyToday(tx, now);
  if (month > monthAdd(today.slice(0, 7), 1)) {
    throw fieldError(
      'month',
      `${monthLabel(month)} is too far ahead: a run can be prepared at most a month ahead`,
    );
  }
  const payFrom = `${month}-01`;
  const payTo = `${monthAdd(month, 1)}-10`;
  if (body.pay_date < payFrom || body.pay_date > payTo) {
    throw fieldError(
      'pay_date',
      `The pay date must fall in ${monthLabel(month)} or by 10 ${monthLabel(monthAdd(month, 1))}`,
    );
  }
  // Serialises creations within the company (the runs' order is checked against the others).
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('pay_runs:' || $1))`, [companyId]);
  const { rows } = await tx.query<{ month: string; status: string }>(
    `SELECT to_char(month, 'YYYY-MM') AS month, status FROM pay_runs ORDER BY month DESC`,
  );
  const same = rows.find((r) => r.month === month);
  if (same) {
    throw new AppError(
      'CONFLICT',
      same.status === 'confirmed'
        ? `${monthLabel(month)} is already paid by a confirmed run`
        : `A pay run for ${monthLabel(month)} already exists: open it instead`,
    );
  }
  const openEarlier = rows.find((r) => r.status !== 'confirmed' && r.month < month);
  if (openEarlier) {
    throw new AppError(
      'CONFLICT',
      `The ${monthLabel(openEarlier.month)} run is not confirmed yet: confirm or delete it before starting ${monthLabel(month)}`,
    );
  }
  const lastConfirmed = rows.find((r) => r.status === 'confirmed');
  if (lastConfirmed && lastConfirmed.month > month) {
    throw new AppError(
      'CONFLICT',
      `${monthLabel(lastConfirmed.month)} is already confirmed: months are paid in order, so ${monthLabel(month)} can no longer be run (corrections go into the next run)`,
    );
  }
  const ins = await tx.query<{ id: string }>(
    `INSERT INTO pay_runs (company_id, month, pay_date, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
    [companyId, `${month}-01`, body.pay_date, userId],
  );
  return ins.rows[0]!.id;
}

/** Deletes a run that is not confirmed (and not being computed) with everything it holds. */
export async function deleteRun(tx: Queryable, runId: string): Promise<RunRow> {
  const run = await lockRun(tx, runId);
  if (run.status === 'confirmed') {
    throw new AppError(
      'CONFLICT',
      'A confirmed pay run cannot be deleted: correct it in the next month’s run',
    );
  }
  if (run.status === 'computing') {
    throw new AppError('CONFLICT', 'The pay run is being computed: wait until it finishes, then delete it');
  }
  await tx.query('DELETE FROM pay_runs WHERE id = $1', [runId]);
  return run;
}

export function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION', message, { errors: [{ path, message }] });
}
