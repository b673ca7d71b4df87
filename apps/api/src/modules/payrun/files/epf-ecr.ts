import { REIMBURSEMENT_CODE_PREFIX } from '../stored';
import { amount, digitsOf, layoutText, leftOut, line, runFileName, rupeesHalfUp } from './format';
import type { FileInput, FileSlip, GeneratedFile, LeftOut } from './types';

/**
 * EPFO Electronic Challan cum Return, UAN-based text layout (ECR 2.0; docs/payroll-files.md §3):
 * one line per member, eleven fields joined by `#~#`, whole rupees, no header line.
 */

export const ECR_SEPARATOR = '#~#';
export const ECR_FIELDS = 11;

/**
 * Days of the month without contribution: loss-of-pay days plus days outside employment (a joiner's
 * days before joining, a leaver's after the exit). The layout takes whole days; a half day of LOP was
 * partly paid, so halves are dropped rather than counted as a whole day without wages.
 */
export function ncpDays(lop: number, outside: number): number {
  return Math.floor(lop + outside);
}

/**
 * The ECR's gross wages: the month's total emoluments, so the payslip's gross less the reimbursements
 * paid with it (money paid back for work is not wages; docs/payroll-files.md §3).
 */
export function ecrGrossWages(slip: FileSlip): number {
  const reimbursed = slip.lines
    .filter((l) => l.kind === 'earning' && l.code.startsWith(REIMBURSEMENT_CODE_PREFIX))
    .reduce((n, l) => n + l.amount, 0);
  return slip.gross_paise - reimbursed;
}

export function epfEcr(input: FileInput): GeneratedFile {
  const lines: string[] = [];
  const left_out: LeftOut[] = [];
  for (const slip of input.slips) {
    const ee = line(slip, 'EPF_EE');
    // No EPF_EE line: not an EPF member (excluded employee, EPF_INFO), so not in the return at all.
    if (!ee) continue;
    const uan = digitsOf(slip.employee.uan, 12);
    if (!uan) {
      left_out.push(leftOut(slip, slip.employee.uan ? 'The UAN is not 12 digits' : 'No UAN on record'));
      continue;
    }
    // The member name as EPFO takes it: letters, spaces and dots only, at most 85 characters.
    const name = layoutText(slip.employee.name, /[A-Za-z. ]/, 85);
    if (!name) {
      left_out.push(leftOut(slip, 'The name has no letters the ECR can carry'));
      continue;
    }
    const eps = line(slip, 'EPS_ER');
    const edli = line(slip, 'EDLI_ER');
    // EPS wages are 0 for a member outside the pension scheme (post-2014 above the ceiling, or 58+):
    // the engine marks that with a zero EPS rate.
    const epsWages = eps && (eps.rate ?? 0) > 0 ? (eps.base ?? 0) : 0;
    const fields = [
      uan,
      name,
      rupeesHalfUp(ecrGrossWages(slip)),
      rupeesHalfUp(ee.base ?? 0),
      rupeesHalfUp(epsWages),
      rupeesHalfUp(edli?.base ?? 0),
      // The employee share remitted includes voluntary PF (same A/c 1 credit).
      rupeesHalfUp(ee.amount + amount(slip, 'VPF_EE')),
      rupeesHalfUp(eps?.amount ?? 0),
      rupeesHalfUp(amount(slip, 'EPF_ER')),
      ncpDays(slip.lop_days, slip.outside_employment_days),
      // Refund of advances: the app does not track EPF advances, so none are refunded through it.
      0,
    ];
    lines.push(fields.join(ECR_SEPARATOR));
  }
  return {
    file_name: runFileName('epf-ecr', input.run.month, 'txt'),
    content_type: 'text/plain; charset=utf-8',
    // No empty line at the end: the validator counts every line as a member.
    body: lines.join('\r\n'),
    left_out,
  };
}
