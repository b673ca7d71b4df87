import type { Queryable } from '../../db/client';
import type { StoredLine } from './stored';

/**
 * What the reports module reads of pay runs (the payroll register and statutory summaries): the
 * payslips of confirmed runs only, as stored. Nothing here recomputes a figure: a confirmed payslip
 * never changes (a trigger refuses it), so the register always agrees with the payslips sent.
 * The caller's transaction is the company's (row-level security); `employeeIds` narrows it to a
 * team when the caller's data scope is narrower than the company.
 */
export type ConfirmedPayslipFilter = {
  /** 'YYYY-MM', both ends included. */
  from: string;
  to: string;
  divisionId?: string;
  /** Part of the employee code or name on the payslip. */
  search?: string;
  /** null: every employee of the company. */
  employeeIds: string[] | null;
};

export type ConfirmedPayslip = {
  payslip_id: string;
  employee_id: string;
  month: string;
  employee_code: string;
  employee_name: string;
  division_name: string | null;
  pt_state: string | null;
  payable_days: number | null;
  lop_days: number | null;
  lines: StoredLine[];
  gross_paise: number;
  deductions_paise: number;
  net_paise: number;
  employer_paise: number;
};

/** Sums of one line code: over the whole filter, by month, or by work state (PT and LWF). */
export type ConfirmedLineSum = {
  /** 'YYYY-MM' when grouped by month, else null. */
  month: string | null;
  /** The payslip's work state when grouped by state ('' when the payslip names none), else null. */
  state: string | null;
  code: string;
  label: string;
  kind: StoredLine['kind'];
  /** Lowest position of the code on a payslip, to order the register's columns as payslips do. */
  position: number;
  employees: number;
  /** Employees whose line of this code is above zero. */
  paid_employees: number;
  amount_paise: number;
  /** Sum of the lines' bases (EPF and ESI wages); 0 for flat lines. */
  base_paise: number;
};

/** Payslip totals of the filter by month, and (month null) over the whole range. */
export type ConfirmedSlipSum = {
  month: string | null;
  payslips: number;
  employees: number;
  gross_paise: number;
  deductions_paise: number;
  net_paise: number;
  employer_paise: number;
};

function where(f: ConfirmedPayslipFilter, params: unknown[]): string {
  const w = [
    `r.status = 'confirmed'`,
    `p.status = 'computed'`,
    `p.month BETWEEN $${params.push(`${f.from}-01`)}::date AND $${params.push(`${f.to}-01`)}::date`,
  ];
  if (f.divisionId) w.push(`p.employee->>'division_id' = $${params.push(f.divisionId)}`);
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const p = params.push(like);
    w.push(`(lower(p.employee->>'code') LIKE $${p} OR lower(p.employee->>'name') LIKE $${p})`);
  }
  if (f.employeeIds) w.push(`p.employee_id = ANY($${params.push(f.employeeIds)}::uuid[])`);
  return w.join(' AND ');
}

const FROM = 'FROM payslips p JOIN pay_runs r ON r.id = p.run_id';

const SLIP_COLUMNS = `p.id AS payslip_id, p.employee_id, to_char(p.month, 'YYYY-MM') AS month,
  coalesce(p.employee->>'code', '') AS employee_code, coalesce(p.employee->>'name', '') AS employee_name,
  p.employee->>'division' AS division_name, p.employee->>'pt_state' AS pt_state,
  p.payable_days::float8 AS payable_days, p.lop_days::float8 AS lop_days, coalesce(p.lines, '[]'::jsonb) AS lines,
  coalesce(p.gross_paise, 0)::float8 AS gross_paise, coalesce(p.deductions_paise, 0)::float8 AS deductions_paise,
  coalesce(p.net_paise, 0)::float8 AS net_paise, coalesce(p.employer_paise, 0)::float8 AS employer_paise`;

/**
 * Confirmed payslips of the filter by month and employee code: a page (`offset`) for the screen,
 * or the rows after `after` (keyset) for an export that walks them all.
 */
export async function confirmedPayslipsIn(
  tx: Queryable,
  f: ConfirmedPayslipFilter,
  page: {
    limit: number;
    offset?: number;
    after?: { month: string; employee_code: string; payslip_id: string };
  },
): Promise<ConfirmedPayslip[]> {
  const params: unknown[] = [];
  let sql = `SELECT * FROM (SELECT ${SLIP_COLUMNS} ${FROM} WHERE ${where(f, params)}) AS s`;
  if (page.after) {
    const a = params.push(page.after.month, page.after.employee_code, page.after.payslip_id);
    sql += ` WHERE (month, employee_code, payslip_id) > ($${a - 2}::text, $${a - 1}::text, $${a}::uuid)`;
  }
  sql += ` ORDER BY month, employee_code, payslip_id LIMIT $${params.push(page.limit)}`;
  if (page.offset) sql += ` OFFSET $${params.push(page.offset)}`;
  const { rows } = await tx.query<ConfirmedPayslip>(sql, params);
  return rows;
}

/** Payslip counts and totals of the filter, per month and over the range (month null). */
export async function confirmedSlipSums(
  tx: Queryable,
  f: ConfirmedPayslipFilter,
): Promise<ConfirmedSlipSum[]> {
  const params: unknown[] = [];
  const { rows } = await tx.query<ConfirmedSlipSum>(
    `SELECT to_char(p.month, 'YYYY-MM') AS month, count(*)::int AS payslips,
            count(DISTINCT p.employee_id)::int AS employees,
            coalesce(sum(p.gross_paise), 0)::float8 AS gross_paise,
            coalesce(sum(p.deductions_paise), 0)::float8 AS deductions_paise,
            coalesce(sum(p.net_paise), 0)::float8 AS net_paise,
            coalesce(sum(p.employer_paise), 0)::float8 AS employer_paise
       ${FROM} WHERE ${where(f, params)}
      GROUP BY GROUPING SETS ((p.month), ())
      ORDER BY p.month NULLS FIRST`,
    params,
  );
  return rows;
}

/**
 * Each line code's sums over the filter, three ways in one pass: over the whole range, by month,
 * and by the payslip's work state. Information lines (nil EPF, ESI not covered) are left out.
 */
export async function confirmedLineSums(
  tx: Queryable,
  f: ConfirmedPayslipFilter,
): Promise<ConfirmedLineSum[]> {
  const params: unknown[] = [];
  const { rows } = await tx.query<ConfirmedLineSum>(
    `WITH l AS (
       SELECT p.month, coalesce(p.employee->>'pt_state', '') AS state, p.employee_id,
              x.line->>'code' AS code, x.line->>'kind' AS kind, x.line->>'label' AS label, x.pos,
              (x.line->>'amount')::bigint AS amount, coalesce((x.line->>'base')::bigint, 0) AS base
         ${FROM}
         CROSS JOIN LATERAL jsonb_array_elements(coalesce(p.lines, '[]'::jsonb)) WITH ORDINALITY AS x(line, pos)
        WHERE ${where(f, params)} AND x.line->>'kind' <> 'info'
     )
     SELECT to_char(month, 'YYYY-MM') AS month, state, code, kind, min(label) AS label,
            min(pos)::int AS position,
            count(DISTINCT employee_id)::int AS employees,
            count(DISTINCT employee_id) FILTER (WHERE amount > 0)::int AS paid_employees,
            sum(amount)::float8 AS amount_paise, sum(base)::float8 AS base_paise
       FROM l
      GROUP BY GROUPING SETS ((code, kind), (month, code, kind), (state, code, kind))
      ORDER BY month NULLS FIRST, state NULLS FIRST, position, code`,
    params,
  );
  return rows;
}

/** The months from `from` to `to` ('YYYY-MM') whose pay run is confirmed. */
export async function confirmedRunMonths(tx: Queryable, from: string, to: string): Promise<string[]> {
  const { rows } = await tx.query<{ month: string }>(
    `SELECT to_char(month, 'YYYY-MM') AS month FROM pay_runs
      WHERE status = 'confirmed' AND month BETWEEN $1::date AND $2::date ORDER BY month`,
    [`${from}-01`, `${to}-01`],
  );
  return rows.map((r) => r.month);
}
