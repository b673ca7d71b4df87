import type { LineKind } from '@hr/payroll-engine';
import { safeCell } from '../../../lib/export';
import { runFileName, runWorkbook, rupeesNumber, XLSX_TYPE } from './format';
import type { FileInput, FileSlip, GeneratedFile } from './types';

/**
 * The pay register (docs/payroll-files.md §7): one row per payslip with its days, every earning,
 * deduction and employer line as a column of its own, the totals, and a last row of column totals.
 * Money is numbers in rupees (two decimals), so the sheet adds up; text is formula-escaped.
 */

export const REGISTER_SHEET = 'Pay register';
export const REGISTER_TOTAL = 'Total';

/** The fixed columns before the lines, each with how it reads a payslip. */
const LEADING: [string, (s: FileSlip) => string | number | null][] = [
  ['Employee code', (s) => s.employee.code],
  ['Name', (s) => s.employee.name],
  ['Designation', (s) => s.employee.designation],
  ['Division', (s) => s.employee.division],
  ['Work state', (s) => s.employee.pt_state],
  ['UAN', (s) => s.employee.uan],
  ['ESI IP number', (s) => s.employee.esi_number],
  ['Date of joining', (s) => s.employee.date_of_joining],
  ['Exit date', (s) => s.employee.exit_date],
  ['Bank', (s) => s.bank?.bank_name ?? null],
  // The register circulates inside payroll and finance: the account is masked as on the payslip.
  ['Account', (s) => (s.bank ? `XXXX${s.bank.account_number.slice(-4)}` : null)],
  ['IFSC', (s) => s.bank?.ifsc ?? null],
  ['Days', (s) => s.basis_days],
  ['Days outside employment', (s) => s.outside_employment_days],
  ['LOP days', (s) => s.lop_days],
  ['Payable days', (s) => s.payable_days],
];

type LineColumn = { code: string; kind: LineKind; header: string };

/** Line columns in the order codes first appear, grouped earnings, deductions, employer. */
function lineColumns(input: FileInput): LineColumn[] {
  const seen = new Map<string, LineColumn>();
  for (const slip of input.slips) {
    for (const l of slip.lines) {
      if (l.kind !== 'info' && !seen.has(l.code))
        seen.set(l.code, { code: l.code, kind: l.kind, header: l.label });
    }
  }
  const cols = [...seen.values()];
  // Two codes may share a label (a one-time 'Bonus' and a salary 'Bonus'): the code tells them apart.
  const count = new Map<string, number>();
  for (const c of cols) count.set(c.header, (count.get(c.header) ?? 0) + 1);
  for (const c of cols) if (count.get(c.header)! > 1) c.header = `${c.header} (${c.code})`;
  const order: LineKind[] = ['earning', 'deduction', 'employer'];
  return order.flatMap((k) => cols.filter((c) => c.kind === k));
}

/** A column: text or days read off the payslip, or money (`paise`, written in rupees). */
export type RegisterColumn = {
  header: string;
  value: (s: FileSlip) => string | number | null;
  paise?: (s: FileSlip) => number;
};

export function registerColumns(input: FileInput): RegisterColumn[] {
  const lines = lineColumns(input);
  const money = (header: string, paise: (s: FileSlip) => number): RegisterColumn => ({
    header,
    paise,
    value: (s) => rupeesNumber(paise(s)),
  });
  const of = (kind: LineKind) =>
    lines
      .filter((c) => c.kind === kind)
      .map((c) => money(c.header, (s) => s.lines.find((l) => l.code === c.code)?.amount ?? 0));
  return [
    ...LEADING.map(([header, value]) => ({ header, value })),
    ...of('earning'),
    money('Gross', (s) => s.gross_paise),
    ...of('deduction'),
    money('Total deductions', (s) => s.deductions_paise),
    money('Net pay', (s) => s.net_paise),
    ...of('employer'),
    money('Employer contributions', (s) => s.employer_paise),
  ];
}

export async function payRegister(input: FileInput): Promise<GeneratedFile> {
  const columns = registerColumns(input);
  const workbook = runWorkbook(input);
  const sheet = workbook.addWorksheet(REGISTER_SHEET);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.paise ? 14 : 18,
    ...(c.paise ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const slip of input.slips) sheet.addRow(columns.map((c) => safeCell(c.value(slip))));
  // Column totals added in paise, then written in rupees, so the total row is exact to the paisa.
  const totals = columns.map((c, i) => {
    if (i === 0) return REGISTER_TOTAL;
    const paise = c.paise;
    return paise ? rupeesNumber(input.slips.reduce((a, s) => a + paise(s), 0)) : null;
  });
  sheet.addRow(totals).font = { bold: true };
  return {
    file_name: runFileName('pay-register', input.run.month, 'xlsx'),
    content_type: XLSX_TYPE,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    left_out: [],
  };
}
