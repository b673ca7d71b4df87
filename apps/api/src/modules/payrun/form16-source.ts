import type { PayslipInput, SalaryFigures, YearToDate } from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';
import type { PayslipEmployee, StoredLine } from './stored';

/**
 * What Form 16 (module form16) reads of the pay run: each employee's confirmed payslips of a
 * financial year as stored, with the month's taxable figures the payslip's TDS counted. Nothing is
 * computed again; a confirmed payslip never changes (a trigger refuses it).
 */
export type YearPayslip = {
  payslip_id: string;
  employee_id: string;
  /** 'YYYY-MM'. */
  month: string;
  employee: PayslipEmployee;
  gross_paise: number;
  tds_paise: number;
  /** The month's taxable figures: the payslip's year to date less what was paid before it. */
  taxable: Required<SalaryFigures>;
  regime: 'new' | 'old';
  date_of_birth: string | null;
  /** Earnings paid as s.17(2) perquisites (flexible benefit items so marked), with the taxable part. */
  perquisites: { code: string; label: string; amountPaise: number; taxablePaise: number }[];
  declarations: PayslipInput['tax']['declarations'] | null;
  previous_employer: PayslipInput['tax']['previousEmployer'] | null;
};

type Row = {
  payslip_id: string;
  employee_id: string;
  month: string;
  employee: PayslipEmployee;
  gross_paise: number;
  lines: StoredLine[];
  ytd: YearToDate;
  input: PayslipInput;
};

const KEYS = [
  'grossPaise',
  'hraPaise',
  'basicDaPaise',
  'employeePfPaise',
  'professionalTaxPaise',
  'employerNpsPaise',
] as const;

/** A financial year's first and last pay months ('2026-27' → 2026-04 .. 2027-03). */
function yearBounds(fy: string): [string, string] {
  const y = Number(fy.slice(0, 4));
  return [`${y}-04-01`, `${y + 1}-03-01`];
}

/**
 * The confirmed payslips of the year (April–March) of the given employees (null: every employee who
 * has one), by employee and month. The caller's transaction is the company's (row-level security).
 */
export async function confirmedPayslipsOfYear(
  tx: Queryable,
  fy: string,
  employeeIds: string[] | null,
): Promise<YearPayslip[]> {
  const [from, to] = yearBounds(fy);
  const params: unknown[] = [from, to];
  const only = employeeIds ? `AND p.employee_id = ANY($${params.push(employeeIds)}::uuid[])` : '';
  const { rows } = await tx.query<Row>(
    `SELECT p.id AS payslip_id, p.employee_id, to_char(p.month, 'YYYY-MM') AS month, p.employee,
            coalesce(p.gross_paise, 0)::float8 AS gross_paise, coalesce(p.lines, '[]'::jsonb) AS lines,
            p.ytd, p.input
       FROM payslips p JOIN pay_runs r ON r.id = p.run_id
      WHERE r.status = 'confirmed' AND p.status = 'computed'
        AND p.month BETWEEN $1::date AND $2::date ${only}
      ORDER BY p.employee_id, p.month`,
    params,
  );
  return rows.map((r) => {
    const earlier = r.input.earlier.paid;
    const taxable = Object.fromEntries(
      KEYS.map((k) => [k, (r.ytd.paid[k] ?? 0) - (earlier[k] ?? 0)]),
    ) as Required<SalaryFigures>;
    const regime = r.input.tax.regime;
    const perquisites = (r.input.benefits ?? [])
      .filter((b) => b.kind === 'flexible' && b.exemption === '17(2)')
      .flatMap((b) => {
        const line = r.lines.find((l) => l.code === b.code && l.kind === 'earning');
        if (!line || line.amount <= 0) return [];
        // As the engine taxes it (benefits.ts): taxable in the new regime; in the old one only the
        // part above the amount claimed.
        const claimed = b.claimedMonthly;
        const taxablePaise =
          regime === 'new' ? line.amount : claimed === undefined ? 0 : Math.max(0, line.amount - claimed);
        return [{ code: b.code, label: b.label, amountPaise: line.amount, taxablePaise }];
      });
    return {
      payslip_id: r.payslip_id,
      employee_id: r.employee_id,
      month: r.month,
      employee: r.employee,
      gross_paise: r.gross_paise,
      tds_paise: r.lines.filter((l) => l.code === 'TDS').reduce((a, l) => a + l.amount, 0),
      taxable,
      regime,
      date_of_birth: r.input.employee.dateOfBirth ?? null,
      perquisites,
      declarations: r.input.tax.declarations ?? null,
      previous_employer: r.input.tax.previousEmployer ?? null,
    };
  });
}

/** Employees with a confirmed payslip in the year: whom Form 16 is issued to. */
export async function employeesPaidInYear(tx: Queryable, fy: string): Promise<string[]> {
  const [from, to] = yearBounds(fy);
  const { rows } = await tx.query<{ employee_id: string }>(
    `SELECT DISTINCT p.employee_id FROM payslips p JOIN pay_runs r ON r.id = p.run_id
      WHERE r.status = 'confirmed' AND p.status = 'computed' AND p.month BETWEEN $1::date AND $2::date
      ORDER BY p.employee_id`,
    [from, to],
  );
  return rows.map((r) => r.employee_id);
}
