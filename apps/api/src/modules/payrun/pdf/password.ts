/**
 * The password of a protected payslip PDF, from facts the employee knows and the payslip does not
 * print in full. The pattern is told to employees (mail, payslip screen), so there are three plain
 * rules, tried in order:
 *
 * 1. PAN and date of birth on record: the first four letters of the PAN in capitals, then the year
 *    of birth: ABCD1990.
 * 2. No PAN (or not a well-formed one), date of birth on record: the employee code in capitals, then
 *    the year of birth: EMP0071990.
 * 3. No date of birth: the employee code in capitals: EMP007.
 *
 * The code's spaces are kept as they are; codes are printed on every payslip, so rule 3 only keeps
 * a mislaid file from being read by a stranger, not by a colleague.
 */

export type PayslipPasswordFacts = {
  /** The full PAN (not the masked one the payslip shows). */
  pan: string | null;
  /** 'YYYY-MM-DD'. */
  dateOfBirth: string | null;
  employeeCode: string;
};

export type PayslipPasswordRule = 'pan-and-birth-year' | 'code-and-birth-year' | 'code';

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;

function rule(f: PayslipPasswordFacts): { rule: PayslipPasswordRule; password: string } {
  const code = f.employeeCode.trim().toUpperCase();
  if (code === '') throw new Error('A payslip password needs the employee code');
  const pan = f.pan?.trim().toUpperCase() ?? '';
  const year = /^(\d{4})-\d{2}-\d{2}$/.exec(f.dateOfBirth?.trim() ?? '')?.[1];
  if (year && PAN.test(pan)) return { rule: 'pan-and-birth-year', password: `${pan.slice(0, 4)}${year}` };
  if (year) return { rule: 'code-and-birth-year', password: `${code}${year}` };
  return { rule: 'code', password: code };
}

export function payslipPassword(f: PayslipPasswordFacts): string {
  return rule(f).password;
}

/** Which rule applies to this employee, in words that can be shown to them. */
export function payslipPasswordHint(f: PayslipPasswordFacts): { rule: PayslipPasswordRule; hint: string } {
  const r = rule(f).rule;
  const hint =
    r === 'pan-and-birth-year'
      ? 'The first four letters of your PAN in capitals followed by your year of birth, for example ABCD1990.'
      : r === 'code-and-birth-year'
        ? 'Your employee code in capitals followed by your year of birth, for example EMP0071990.'
        : 'Your employee code in capitals, for example EMP007.';
  return { rule: r, hint };
}
