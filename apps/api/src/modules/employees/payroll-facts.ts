import type { Queryable } from '../../db/client';

/**
 * What the payroll module reads of an employee record (through this module's index.ts, not the
 * table). Both run inside the caller's tenant transaction, so RLS hides other companies' people.
 */
export interface EmployeePayrollFacts {
  pt_state: string | null;
  gender: string | null;
  date_of_birth: string | null;
  date_of_joining: string;
  has_disability: boolean;
  lwf_applicable: boolean;
  tax_regime: 'new' | 'old';
  epf_applicable: boolean;
}

/** The facts the payroll engine needs, or null when the employee is not in the caller's company. */
export async function employeePayrollFacts(tx: Queryable, id: string): Promise<EmployeePayrollFacts | null> {
  const { rows } = await tx.query<EmployeePayrollFacts>(
    `SELECT pt_state, gender, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
            to_char(date_of_joining, 'YYYY-MM-DD') AS date_of_joining, has_disability, lwf_applicable,
            tax_regime, epf_applicable
       FROM employees WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * The employee's name, or null when not in the caller's company. `lock` takes a row lock so two
 * writes about one person (e.g. two salary revisions) wait for each other.
 */
export async function employeeNameOf(tx: Queryable, id: string, lock = false): Promise<string | null> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT trim(first_name || ' ' || last_name) AS name FROM employees WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0]?.name ?? null;
}

/** An employee as the pay run reads them (payrun module), for a month. */
export interface PayrollEmployee {
  id: string;
  code: string;
  name: string;
  designation: string | null;
  division_id: string | null;
  division: string | null;
  unit: string | null;
  status: 'active' | 'inactive' | 'exited';
  date_of_joining: string;
  exit_date: string | null;
  gender: string | null;
  date_of_birth: string | null;
  has_disability: boolean;
  lwf_applicable: boolean;
  tax_regime: 'new' | 'old';
  epf_applicable: boolean;
  esi_applicable: boolean;
  pt_state: string | null;
  work_location: string | null;
  uan: string | null;
  esi_number: string | null;
  pan_last4: string | null;
  bank_name: string | null;
  bank_ifsc: string | null;
  bank_account_last4: string | null;
  bank_holder_name: string | null;
  /** ISO timestamp of the last change of the bank account or IFSC (migration 0110), or null. */
  bank_changed_at: string | null;
}

const PAYROLL_EMPLOYEE_COLUMNS = `e.id, e.employee_code AS code, trim(e.first_name || ' ' || e.last_name) AS name,
  e.designation, d.id AS division_id, d.name AS division, u.name AS unit, e.status,
  to_char(e.date_of_joining, 'YYYY-MM-DD') AS date_of_joining, to_char(e.exit_date, 'YYYY-MM-DD') AS exit_date,
  e.gender, to_char(e.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, e.has_disability, e.lwf_applicable,
  e.tax_regime, e.epf_applicable, e.esi_applicable, e.pt_state, e.work_location, e.uan, e.esi_number,
  e.pan_last4, e.bank_name, e.bank_ifsc, e.bank_account_last4, e.bank_holder_name,
  to_char(e.bank_changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS bank_changed_at`;
const PAYROLL_EMPLOYEE_FROM = `employees e
  LEFT JOIN division_units u ON u.id = e.division_unit_id
  LEFT JOIN divisions d ON d.id = u.division_id`;

/**
 * The employees a month's pay run is for: employed on some day of [from, to] (joined by `to`, not
 * exited before `from`) and not switched off (inactive), ordered by employee code; optionally only
 * `ids`, or those whose name or code contains `search`. In the caller's tenant transaction.
 */
export async function payrollEmployeesIn(
  tx: Queryable,
  from: string,
  to: string,
  opts: { ids?: string[]; search?: string; limit?: number; offset?: number } = {},
): Promise<{ rows: PayrollEmployee[]; total: number }> {
  const params: unknown[] = [from, to];
  let where = `e.date_of_joining <= $2::date AND (e.exit_date IS NULL OR e.exit_date >= $1::date)
    AND (e.status <> 'inactive' OR (e.exit_date IS NOT NULL AND e.exit_date >= $1::date))`;
  if (opts.ids) {
    params.push(opts.ids);
    where += ` AND e.id = ANY($${params.length}::uuid[])`;
  }
  if (opts.search) {
    params.push(`%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` AND (e.employee_code ILIKE $${params.length} OR (e.first_name || ' ' || e.last_name) ILIKE $${params.length})`;
  }
  const paging =
    opts.limit === undefined ? '' : ` LIMIT ${Math.trunc(opts.limit)} OFFSET ${Math.trunc(opts.offset ?? 0)}`;
  const [{ rows }, count] = await Promise.all([
    tx.query<PayrollEmployee>(
      `SELECT ${PAYROLL_EMPLOYEE_COLUMNS} FROM ${PAYROLL_EMPLOYEE_FROM} WHERE ${where} ORDER BY e.employee_code${paging}`,
      params,
    ),
    opts.limit === undefined
      ? null
      : tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM employees e WHERE ${where}`, params),
  ]);
  return { rows, total: count ? count.rows[0]!.n : rows.length };
}

/**
 * The encrypted PAN and bank account numbers of some employees (the pay run snapshots the bank
 * account at confirm and the files decrypt what they need). In the caller's tenant transaction.
 */
export async function payrollSecretsOf(
  tx: Queryable,
  ids: string[],
): Promise<Map<string, { pan_enc: string | null; bank_account_enc: string | null }>> {
  const { rows } = await tx.query<{ id: string; pan_enc: string | null; bank_account_enc: string | null }>(
    'SELECT id, pan_enc, bank_account_enc FROM employees WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { pan_enc: r.pan_enc, bank_account_enc: r.bank_account_enc }]));
}

/** An employee found by code (any status, any dates), for matching the rows of a sheet. */
export interface EmployeeByCode {
  id: string;
  code: string;
  name: string;
  status: 'active' | 'inactive' | 'exited';
  date_of_joining: string;
  exit_date: string | null;
}

/**
 * The employees whose codes a sheet names, keyed by the code in lower case (people type codes in
 * any case; an exact match wins if two codes differ only in case). In the caller's tenant
 * transaction.
 */
export async function employeesByCodes(tx: Queryable, codes: string[]): Promise<Map<string, EmployeeByCode>> {
  const out = new Map<string, EmployeeByCode>();
  if (codes.length === 0) return out;
  const wanted = new Set(codes);
  const { rows } = await tx.query<EmployeeByCode>(
    `SELECT e.id, e.employee_code AS code, trim(e.first_name || ' ' || e.last_name) AS name, e.status,
            to_char(e.date_of_joining, 'YYYY-MM-DD') AS date_of_joining, to_char(e.exit_date, 'YYYY-MM-DD') AS exit_date
       FROM employees e WHERE lower(e.employee_code) = ANY($1::text[])`,
    [[...new Set(codes.map((c) => c.toLowerCase()))]],
  );
  for (const r of rows) {
    const key = r.code.toLowerCase();
    if (!out.has(key) || wanted.has(r.code)) out.set(key, r);
  }
  return out;
}
