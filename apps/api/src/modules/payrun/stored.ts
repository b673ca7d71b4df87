import type { LineKind, Paise, PayDays, PayslipInput, YearToDate } from '@hr/payroll-engine';

/**
 * What a payslip row keeps of the engine's result (ADR 0016): each line's figures, not its
 * explanation, which is produced again on read from the stored input.
 */
/**
 * Line codes of approved reimbursements paid with salary (`REIMB_` and the claim's id): money paid
 * back, not wages, so the files that report wages (the ECR's gross) leave them out.
 */
export const REIMBURSEMENT_CODE_PREFIX = 'REIMB_';

export type StoredLine = {
  code: string;
  label: string;
  kind: LineKind;
  base: Paise | null;
  /** Basis points. */
  rate: number | null;
  amount: Paise;
  show: boolean;
  /** Section of the statutory rules the line follows (e.g. '§1.2'), for files and the register. */
  section: string;
};

/** Who a payslip is for, as it was when the run computed it (payslips.employee). */
export type PayslipEmployee = {
  code: string;
  name: string;
  designation: string | null;
  division_id: string | null;
  division: string | null;
  unit: string | null;
  date_of_joining: string;
  exit_date: string | null;
  gender: string | null;
  date_of_birth: string | null;
  /** Work state (PT and LWF) as the record has it, e.g. 'Karnataka'. */
  pt_state: string | null;
  uan: string | null;
  esi_number: string | null;
};

/** A computed payslip row as the module reads it. */
export type PayslipRow = {
  id: string;
  run_id: string;
  employee_id: string;
  /** 'YYYY-MM'. */
  month: string;
  status: 'pending' | 'computed' | 'failed';
  salary_id: string | null;
  employee: PayslipEmployee;
  input: PayslipInput | null;
  lines: StoredLine[] | null;
  days: PayDays | null;
  ytd: YearToDate | null;
  notes: string[] | null;
  gross_paise: number | null;
  deductions_paise: number | null;
  net_paise: number | null;
  employer_paise: number | null;
  ctc_paise: number | null;
  lop_days: number | null;
  payable_days: number | null;
  engine_version: string | null;
  error: string | null;
  confirmed: boolean;
};
