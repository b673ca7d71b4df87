import { type OpeningYtdInput, OpeningYtdInputSchema, type OpeningYtdRowSchema } from '@hr/contract';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { checkRows, type RawRow, rowErrors, type SheetSpec } from '../../../lib/sheet-import';
import { payrollEmployeesIn } from '../../employees';
import { monthLabel } from '../month';
import { matchEmployees } from './common';
import type { SheetCheck } from './run-sheet';

type Preview = z.infer<typeof OpeningYtdRowSchema>;
type Figures = Omit<Preview, 'row' | 'employee_code' | 'employee_name'> & { employee_id: string };

/** The money columns: sheet key and table column (paise). */
const AMOUNTS = [
  ['gross', 'gross_paise', 'Gross salary (₹)'],
  ['taxable', 'taxable_paise', 'Taxable salary (₹)'],
  ['basic_da', 'basic_da_paise', 'Basic + DA (₹)'],
  ['hra', 'hra_paise', 'HRA (₹)'],
  ['pf_wage', 'pf_wage_paise', 'PF wage (₹)'],
  ['employee_pf', 'employee_pf_paise', 'Employee PF (₹)'],
  ['employer_pf', 'employer_pf_paise', 'Employer PF (₹)'],
  ['pt', 'pt_paise', 'Professional tax (₹)'],
  ['tds', 'tds_paise', 'TDS (₹)'],
  ['previous_employer_income', 'previous_employer_income_paise', 'Previous employer income (₹)'],
  ['previous_employer_tds', 'previous_employer_tds_paise', 'Previous employer TDS (₹)'],
] as const;
type AmountKey = (typeof AMOUNTS)[number][0];
type AmountColumn = (typeof AMOUNTS)[number][1];

export const OPENING_YTD_SPEC: SheetSpec = {
  sheetName: 'Opening year-to-date',
  noun: 'employee rows',
  maxRows: 100_000,
  dataColumns: ['months_paid', ...AMOUNTS.map((a) => a[0])],
  columns: [
    { key: 'employee_code', header: 'Employee code', required: true },
    {
      key: 'employee_name',
      header: 'Employee name',
      read: false,
      width: 28,
      note: 'For reading: not read back',
    },
    {
      key: 'months_paid',
      header: 'Months paid',
      note: 'Months of this financial year paid before the first run here',
    },
    ...AMOUNTS.map(([key, , header]) => ({ key, header, width: Math.max(16, header.length + 2) })),
  ],
};

/** '2026-27' → April 2026 to March 2027. */
export function fyPeriod(fy: string) {
  const start = Number(fy.slice(0, 4));
  return { from: `${start}-04-01`, to: `${start + 1}-03-31`, label: `the financial year ${fy}` };
}

/**
 * Opening figures change the year-to-date every later payslip of the year starts from, so they are
 * refused once a run of the year is confirmed (its payslips carry the year-to-date already), and a
 * change sends the year's open runs back to draft: the caller passes each id this returns to
 * openRunForChange when it does change something (which also refuses a run confirmed meanwhile).
 * Two changes of one year at once wait for each other (a lock on the company and year).
 */
export async function openYearForChange(tx: Queryable, companyId: string, fy: string): Promise<string[]> {
  const { from, to } = fyPeriod(fy);
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('opening_ytd:' || $1 || ':' || $2))`, [
    companyId,
    fy,
  ]);
  const { rows } = await tx.query<{ id: string; month: string; status: string }>(
    `SELECT id, to_char(month, 'YYYY-MM') AS month, status FROM pay_runs
      WHERE month BETWEEN $1::date AND $2::date ORDER BY month`,
    [from, to],
  );
  const confirmed = rows.find((r) => r.status === 'confirmed');
  if (confirmed) {
    throw new AppError(
      'CONFLICT',
      `The ${monthLabel(confirmed.month)} pay run of ${fy} is confirmed: its payslips already carry the year-to-date figures, so the opening figures of ${fy} can no longer change`,
    );
  }
  return rows.map((r) => r.id);
}

export async function ytdTemplate(tx: Queryable, fy: string) {
  const { from, to, label } = fyPeriod(fy);
  const { rows: employees } = await payrollEmployeesIn(tx, from, to);
  const { rows: current } = await tx.query<Record<string, string | number>>(
    `SELECT employee_id, months_paid, ${AMOUNTS.map((a) => `${a[1]}::text AS ${a[1]}`).join(', ')}
       FROM payroll_opening_ytd WHERE financial_year = $1`,
    [fy],
  );
  const byId = new Map(current.map((r) => [r.employee_id as string, r]));
  return {
    rows: employees.map((e) => {
      const c = byId.get(e.id);
      const out: Record<string, string | number | null> = {
        employee_code: e.code,
        employee_name: e.name,
        months_paid: c ? Number(c.months_paid) : null,
      };
      for (const [key, column] of AMOUNTS) out[key] = c ? Number(c[column]) / 100 : null;
      return out;
    }),
    notes: [
      `Opening year-to-date figures of ${label} (April to March), for a company that starts its pay runs here in the middle of the year: what each employee was paid this year before the first run in this app.`,
      'The sheet lists every employee of the year: fill in the rows of those paid before; rows left empty are skipped, and an empty figure is ₹0.',
      'Months paid: 0 to 12. Amounts: rupees, from 0, up to two decimals.',
      'Previous employer income and TDS: salary and tax of an earlier employer this year (Form 12B), counted in the TDS projection.',
      'Uploading a sheet replaces the year’s opening figures. Once a pay run of the year is confirmed they can no longer change.',
    ],
  };
}

export async function checkYtd(
  tx: Queryable,
  fy: string,
  raw: RawRow[],
): Promise<SheetCheck<Preview, Figures>> {
  const checked = checkRows(raw, OpeningYtdInputSchema);
  const errs = rowErrors(checked.errors);
  const { byRow } = await matchEmployees(tx, checked.rows, fyPeriod(fy), errs.fail);
  const previews: Preview[] = [];
  const clean: Figures[] = [];
  for (const r of checked.rows) {
    const v: Partial<OpeningYtdInput> = r.value;
    const e = byRow.get(r.row);
    const paidHere = (['gross', 'taxable', 'basic_da', 'pf_wage', 'tds'] as AmountKey[]).some(
      (k) => (v[k] ?? 0) > 0,
    );
    if (v.months_paid === 0 && paidHere) {
      errs.fail(r.row, 'months_paid', 'give the months these figures cover (1 to 12)');
    }
    const figures = Object.fromEntries(AMOUNTS.map(([key, column]) => [column, v[key] ?? null])) as Record<
      AmountColumn,
      number | null
    >;
    previews.push({
      row: r.row,
      employee_id: e?.id ?? null,
      employee_code: e?.code ?? r.raw.employee_code ?? '',
      employee_name: e?.name ?? '',
      months_paid: v.months_paid ?? null,
      ...figures,
    });
    if (e && !errs.bad.has(r.row)) clean.push({ employee_id: e.id, months_paid: v.months_paid!, ...figures });
  }
  return {
    previews,
    clean,
    errors: errs.sorted(OPENING_YTD_SPEC),
    notes: [`${clean.length} employee${clean.length === 1 ? '' : 's'} with opening figures for ${fy}.`],
  };
}

/** The year's opening figures become the sheet's (replacing the year's earlier ones). */
export async function applyYtd(
  tx: Queryable,
  companyId: string,
  fy: string,
  clean: Figures[],
  importId: string | null,
): Promise<void> {
  await tx.query('DELETE FROM payroll_opening_ytd WHERE financial_year = $1', [fy]);
  const BATCH = 1000;
  for (let i = 0; i < clean.length; i += BATCH) {
    const chunk = clean.slice(i, i + BATCH);
    await tx.query(
      `INSERT INTO payroll_opening_ytd (company_id, financial_year, sheet_import_id, employee_id, months_paid,
         ${AMOUNTS.map((a) => a[1]).join(', ')})
       SELECT $1::uuid, $2::text, $3::uuid, t.*
         FROM unnest($4::uuid[], $5::int[], ${AMOUNTS.map((_, j) => `$${j + 6}::bigint[]`).join(', ')})
           AS t(e, m, ${AMOUNTS.map((_, j) => `a${j}`).join(', ')})`,
      [
        companyId,
        fy,
        importId,
        chunk.map((c) => c.employee_id),
        chunk.map((c) => c.months_paid ?? 0),
        ...AMOUNTS.map(([, column]) => chunk.map((c) => c[column] ?? 0)),
      ],
    );
  }
}

export async function listYtd(
  tx: Queryable,
  fy: string,
  q: { page: number; records: number; search?: string | undefined },
): Promise<{ rows: Omit<Preview, 'row'>[]; total: number }> {
  const params: unknown[] = [fy];
  let where = 'y.financial_year = $1';
  if (q.search) {
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` AND (e.employee_code ILIKE $2 OR (e.first_name || ' ' || e.last_name) ILIKE $2)`;
  }
  const from = 'payroll_opening_ytd y JOIN employees e ON e.id = y.employee_id';
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT y.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name, y.months_paid,
            ${AMOUNTS.map((a) => `y.${a[1]}::float8 AS ${a[1]}`).join(', ')}
       FROM ${from} WHERE ${where} ORDER BY e.employee_code
      LIMIT ${Math.trunc(q.records)} OFFSET ${Math.trunc((q.page - 1) * q.records)}`,
    params,
  );
  const count = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${from} WHERE ${where}`,
    params,
  );
  return {
    rows: rows.map((r) => ({
      employee_id: r.employee_id as string,
      employee_code: r.employee_code as string,
      employee_name: r.employee_name as string,
      months_paid: Number(r.months_paid),
      ...(Object.fromEntries(AMOUNTS.map(([, column]) => [column, Number(r[column])])) as Record<
        AmountColumn,
        number
      >),
    })),
    total: count.rows[0]!.n,
  };
}
