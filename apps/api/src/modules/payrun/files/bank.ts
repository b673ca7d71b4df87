import { CSV_TYPE, csvText, ddmmyyyy, layoutText, leftOut, monthName, runFileName, rupees2 } from './format';
import type { FileInput, FileSlip, GeneratedFile, LeftOut } from './types';

/**
 * Bank transfer files of a confirmed run (docs/payroll-files.md §1 and §2): one credit per payslip
 * with a net pay, to the account snapshotted at confirm. A payslip without an account, an IFSC, or a
 * net pay is left out and listed, never sent with a blank field.
 */

type Payment = { slip: FileSlip; bank: NonNullable<FileSlip['bank']> & { ifsc: string } };

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** The credits of a run, and who is left out and why, in employee order; `refuse` adds a layout's own reason. */
function payments(
  input: FileInput,
  refuse: (p: Payment) => string | null = () => null,
): { paid: Payment[]; left_out: LeftOut[] } {
  const paid: Payment[] = [];
  const left_out: LeftOut[] = [];
  for (const slip of input.slips) {
    if (slip.net_paise <= 0) left_out.push(leftOut(slip, 'No net pay this month'));
    else if (!slip.bank) left_out.push(leftOut(slip, 'No bank account on record'));
    else if (!slip.bank.ifsc || !IFSC.test(slip.bank.ifsc))
      left_out.push(leftOut(slip, 'The bank account has no valid IFSC'));
    else {
      const p = { slip, bank: { ...slip.bank, ifsc: slip.bank.ifsc } };
      const why = refuse(p);
      if (why) left_out.push(leftOut(slip, why));
      else paid.push(p);
    }
  }
  return { paid, left_out };
}

const narration = (input: FileInput) => `Salary ${monthName(input.run.month)}`;

/** The generic transfer list: a header row and one row per credit, RFC 4180, names as they are. */
export function bankTransferCsv(input: FileInput): GeneratedFile {
  const { paid, left_out } = payments(input);
  const rows: (string | null)[][] = [
    [
      'Employee code',
      'Employee name',
      'Beneficiary name',
      'Account number',
      'IFSC',
      'Bank',
      'Amount',
      'Payment date',
      'Narration',
      'Debit account',
    ],
  ];
  for (const { slip, bank } of paid) {
    rows.push([
      slip.employee.code,
      slip.employee.name,
      bank.holder_name ?? slip.employee.name,
      bank.account_number,
      bank.ifsc,
      bank.bank_name ?? '',
      rupees2(slip.net_paise),
      input.run.pay_date,
      narration(input),
      input.company.debit_account_number ?? '',
    ]);
  }
  return {
    file_name: runFileName('bank-transfer', input.run.month, 'csv'),
    content_type: CSV_TYPE,
    body: csvText(rows),
    left_out,
  };
}

/** Number of comma-separated fields in an HDFC ENet bulk upload record. */
export const HDFC_FIELDS = 28;

const ALNUM = /[A-Za-z0-9 ]/;

/**
 * HDFC Bank ENet bulk upload ("RBI adapter" for NEFT/RTGS/fund transfer): 28 comma-separated
 * fields, no header, no quoting — so every text field keeps only letters, digits and spaces.
 * Every credit goes as N (NEFT): I (transfer within HDFC) needs each employee registered on ENet
 * under a beneficiary code, which the app does not know; NEFT reaches HDFC accounts as well.
 */
export function bankHdfc(input: FileInput): GeneratedFile {
  const nameOf = ({ slip, bank }: Payment) => layoutText(bank.holder_name ?? slip.employee.name, ALNUM, 40);
  const { paid, left_out } = payments(input, (p) =>
    nameOf(p) ? null : 'The beneficiary name has no letters the bank file can carry',
  );
  const month = input.run.month.replace('-', '');
  const records: string[] = [];
  for (const p of paid) {
    const { slip, bank } = p;
    const f: string[] = new Array(HDFC_FIELDS).fill('');
    f[0] = 'N';
    f[2] = layoutText(bank.account_number, /[A-Za-z0-9]/, 34);
    f[3] = rupees2(slip.net_paise);
    f[4] = nameOf(p);
    // Shown on the bank statement: the month and the employee code tie the credit to its payslip.
    f[13] = layoutText(`SAL${month}${slip.employee.code}`, /[A-Za-z0-9]/, 20);
    f[14] = layoutText(narration(input), ALNUM, 30);
    f[22] = ddmmyyyy(input.run.pay_date);
    f[24] = bank.ifsc;
    f[25] = layoutText(bank.bank_name ?? '', ALNUM, 40);
    records.push(f.join(','));
  }
  return {
    file_name: runFileName('hdfc-enet', input.run.month, 'csv'),
    content_type: CSV_TYPE,
    body: records.join('\r\n'),
    left_out,
  };
}
