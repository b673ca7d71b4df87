import type { PayslipInput, YearToDate } from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';
import type { FieldCrypto } from '../../lib/field-crypto';
import { payrollSecretsOf } from '../employees';

/**
 * What the quarterly TDS return (Form 24Q, module tds-returns) reads of pay runs: each confirmed
 * payslip's TDS line with the run's pay date, and for the year-end annexure the last confirmed
 * payslip of each employee in the year (its stored input and year-to-date figures). Stored figures
 * only: a confirmed payslip never changes, so the return agrees with the payslips sent.
 */
export type TdsSlip = {
  payslip_id: string;
  employee_id: string;
  employee_code: string;
  employee_name: string;
  /** Full PAN, decrypted for the file being made; null when the record has none. */
  pan: string | null;
  /** 'YYYY-MM'. */
  month: string;
  /** The run's pay date: the salary is paid, and the tax deducted, on it. */
  pay_date: string;
  /** Taxable earnings of the payslip (the lines the engine taxes; reimbursements are not). */
  gross_paise: number;
  tds_paise: number;
};

export type TdsYearSlip = {
  employee_id: string;
  employee_code: string;
  employee_name: string;
  pan: string | null;
  /** First and last month ('YYYY-MM') paid in the range. */
  first_month: string;
  last_month: string;
  date_of_joining: string;
  exit_date: string | null;
  /** The last payslip's engine input (regime, declarations, previous employer, date of birth). */
  input: PayslipInput | null;
  /** Year to date after the last payslip (opening figures of the year included). */
  ytd: YearToDate | null;
};

/** Confirmed payslips of the months from `from` to `to` ('YYYY-MM'), by month and employee code. */
export async function confirmedTdsSlips(
  tx: Queryable,
  crypto: FieldCrypto,
  from: string,
  to: string,
): Promise<TdsSlip[]> {
  const { rows } = await tx.query<Omit<TdsSlip, 'pan'>>(
    `SELECT p.id AS payslip_id, p.employee_id, coalesce(p.employee->>'code', '') AS employee_code,
            coalesce(p.employee->>'name', '') AS employee_name, to_char(p.month, 'YYYY-MM') AS month,
            to_char(r.pay_date, 'YYYY-MM-DD') AS pay_date,
            coalesce((p.ytd->'paid'->>'grossPaise')::bigint - coalesce((p.input->'earlier'->'paid'->>'grossPaise')::bigint, 0), 0)::float8 AS gross_paise,
            coalesce((SELECT sum((l->>'amount')::bigint) FROM jsonb_array_elements(coalesce(p.lines, '[]'::jsonb)) AS l
                       WHERE l->>'code' = 'TDS'), 0)::float8 AS tds_paise
       FROM payslips p JOIN pay_runs r ON r.id = p.run_id
      WHERE r.status = 'confirmed' AND p.status = 'computed'
        AND p.month BETWEEN $1::date AND $2::date
      ORDER BY p.month, employee_code, p.id`,
    [`${from}-01`, `${to}-01`],
  );
  const pans = await pansOf(
    tx,
    crypto,
    rows.map((r) => r.employee_id),
  );
  return rows.map((r) => ({ ...r, pan: pans.get(r.employee_id) ?? null }));
}

/** Each employee's last confirmed payslip from `from` to `to`, with the first month paid. */
export async function confirmedTdsYear(
  tx: Queryable,
  crypto: FieldCrypto,
  from: string,
  to: string,
): Promise<TdsYearSlip[]> {
  const { rows } = await tx.query<Omit<TdsYearSlip, 'pan'>>(
    `SELECT DISTINCT ON (p.employee_id) p.employee_id, coalesce(p.employee->>'code', '') AS employee_code,
            coalesce(p.employee->>'name', '') AS employee_name,
            to_char(min(p.month) OVER (PARTITION BY p.employee_id), 'YYYY-MM') AS first_month,
            to_char(p.month, 'YYYY-MM') AS last_month,
            p.employee->>'date_of_joining' AS date_of_joining, p.employee->>'exit_date' AS exit_date,
            p.input, p.ytd
       FROM payslips p JOIN pay_runs r ON r.id = p.run_id
      WHERE r.status = 'confirmed' AND p.status = 'computed'
        AND p.month BETWEEN $1::date AND $2::date
      ORDER BY p.employee_id, p.month DESC`,
    [`${from}-01`, `${to}-01`],
  );
  const pans = await pansOf(
    tx,
    crypto,
    rows.map((r) => r.employee_id),
  );
  return rows
    .map((r) => ({ ...r, pan: pans.get(r.employee_id) ?? null }))
    .sort((a, b) => a.employee_code.localeCompare(b.employee_code));
}

async function pansOf(tx: Queryable, crypto: FieldCrypto, ids: string[]): Promise<Map<string, string>> {
  const secrets = await payrollSecretsOf(tx, [...new Set(ids)]);
  const out = new Map<string, string>();
  for (const [id, s] of secrets) if (s.pan_enc) out.set(id, crypto.decrypt(s.pan_enc));
  return out;
}
