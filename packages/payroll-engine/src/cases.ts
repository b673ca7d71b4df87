/**
 * Golden case files (cases/*.json): the inputs and every expected figure of one payslip, worked by
 * hand from the rules file (the working is in `notes`). The format is documented in README.md.
 */
import { computePayslip } from './compute';
import { formatInr } from './money';
import type { Payslip, PayslipInput, StatutoryRules } from './types';

export interface CaseFile {
  name: string;
  description: string;
  /** The hand working, step by step, with the rules file section for each step. */
  notes: string[];
  input: PayslipInput;
  expected: {
    days?: Partial<Payslip['days']>;
    /** Amount in paise of every non-info line, by line code. */
    lines: Record<string, number>;
    gross: number;
    deductions: number;
    employerContributions: number;
    net: number;
  };
}

export interface CaseDiff {
  what: string;
  expected: number | string;
  actual: number | string;
}

export function checkCase(c: CaseFile, payslip: Payslip): CaseDiff[] {
  const diffs: CaseDiff[] = [];
  const ex = c.expected;
  for (const key of ['gross', 'deductions', 'employerContributions', 'net'] as const) {
    if (ex[key] !== payslip[key]) diffs.push({ what: key, expected: ex[key], actual: payslip[key] });
  }
  for (const [k, v] of Object.entries(ex.days ?? {})) {
    const actual = payslip.days[k as keyof Payslip['days']];
    if (actual !== v) diffs.push({ what: `days.${k}`, expected: v as number, actual });
  }
  const actualLines = new Map<string, number>();
  for (const l of payslip.lines) {
    if (l.kind === 'info') continue;
    actualLines.set(l.code, (actualLines.get(l.code) ?? 0) + l.amount);
  }
  for (const [code, amount] of Object.entries(ex.lines)) {
    const actual = actualLines.get(code);
    if (actual !== amount)
      diffs.push({ what: `line ${code}`, expected: amount, actual: actual ?? 'missing' });
  }
  for (const [code, amount] of actualLines) {
    if (!(code in ex.lines)) diffs.push({ what: `line ${code}`, expected: 'not listed', actual: amount });
  }
  return diffs;
}

export function runCase(c: CaseFile, rules: StatutoryRules): { payslip: Payslip; diffs: CaseDiff[] } {
  const payslip = computePayslip(c.input, rules);
  return { payslip, diffs: checkCase(c, payslip) };
}

const money = (v: number | string) => (typeof v === 'number' ? formatInr(v) : v);

/** The payslip as text, each line with its explanation, then the differences from the case. */
export function renderCase(c: CaseFile, payslip: Payslip, diffs: CaseDiff[]): string {
  const out: string[] = [];
  out.push(`${c.name} — ${c.description}`);
  const d = payslip.days;
  out.push(
    `Month ${payslip.month}: ${d.payable}/${d.basis} payable days (LOP ${d.lop}, outside employment ${d.outsideEmployment})`,
  );
  const groups: [string, string][] = [
    ['earning', 'Earnings'],
    ['deduction', 'Deductions'],
    ['employer', 'Employer contributions'],
    ['info', 'Information'],
  ];
  for (const [kind, title] of groups) {
    const ls = payslip.lines.filter((l) => l.kind === kind);
    if (ls.length === 0) continue;
    out.push('', title);
    for (const l of ls) {
      out.push(
        `  ${l.code.padEnd(10)} ${l.label.padEnd(30)} ${formatInr(l.amount).padStart(14)}  [${l.rule.section}; ${l.rounding}]`,
      );
      out.push(`             ${l.explain}`);
    }
  }
  out.push('');
  out.push(
    `Gross ${formatInr(payslip.gross)} · Deductions ${formatInr(payslip.deductions)} · Net ${formatInr(payslip.net)} · Employer ${formatInr(payslip.employerContributions)} · CTC ${formatInr(payslip.costToCompany)}`,
  );
  out.push(
    `YTD: gross ${formatInr(payslip.ytd.gross)}, taxable ${formatInr(payslip.ytd.paid.grossPaise)}, TDS ${formatInr(payslip.ytd.tds)}, PT ${formatInr(payslip.ytd.paid.professionalTaxPaise)}, EPF ${formatInr(payslip.ytd.paid.employeePfPaise)}`,
  );
  for (const n of payslip.notes) out.push(`Note: ${n}`);
  out.push('');
  if (diffs.length === 0) out.push('Matches every expected figure.');
  else {
    out.push(`${diffs.length} difference(s) from the expected figures:`);
    for (const x of diffs) out.push(`  ${x.what}: expected ${money(x.expected)}, got ${money(x.actual)}`);
  }
  return out.join('\n');
}
