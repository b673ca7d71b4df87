import type { PayslipEmployee, StoredLine } from '../stored';

/**
 * What the bank and statutory file writers read of a confirmed run: plain data, decrypted where a
 * file needs the full number (bank account, PAN). The writers are pure functions of this.
 */
export type FileCompany = {
  name: string;
  legal_name: string | null;
  address: string[];
  pan: string | null;
  tan: string | null;
  epf_establishment_code: string | null;
  esi_code: string | null;
  debit_account_number: string | null;
  debit_ifsc: string | null;
  debit_bank_name: string | null;
};

export type FileRun = {
  id: string;
  /** 'YYYY-MM'. */
  month: string;
  /** 'YYYY-MM-DD'. */
  pay_date: string;
};

export type FileSlip = {
  payslip_id: string;
  employee_id: string;
  employee: PayslipEmployee;
  /** Full PAN (decrypted), or null. */
  pan: string | null;
  /** The bank account paid, as snapshotted at confirm (number decrypted), or null when missing. */
  bank: {
    account_number: string;
    ifsc: string | null;
    bank_name: string | null;
    holder_name: string | null;
  } | null;
  lines: StoredLine[];
  gross_paise: number;
  deductions_paise: number;
  net_paise: number;
  employer_paise: number;
  /** Days the month's salary was divided into, days paid, and loss-of-pay days. */
  basis_days: number;
  payable_days: number;
  lop_days: number;
  /** Days outside employment (joined or left in the month). */
  outside_employment_days: number;
};

export type FileInput = {
  company: FileCompany;
  run: FileRun;
  /** Confirmed payslips of the run, ordered by employee code. */
  slips: FileSlip[];
};

/** An employee a file could not carry, and why in words (shown beside the download). */
export type LeftOut = { employee_code: string; name: string; reason: string };

/**
 * A file ready to download. `left_out` lists the employees of the run that belong in this file but
 * are not in it (no UAN, no IP number, no bank account ...), so nobody is dropped silently.
 */
export type GeneratedFile = {
  file_name: string;
  content_type: string;
  body: Buffer | string;
  left_out: LeftOut[];
};
