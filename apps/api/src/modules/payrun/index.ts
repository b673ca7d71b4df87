/**
 * The pay run module (issue 22): payable days, runs and their sheets, compute, review, confirm,
 * payslips and files. It reads attendance, leave, expenses, employees and payroll only through
 * their index.ts; other modules use this file only.
 */

export { latestPayslipOf, payrollCard } from './dashboard';
// Form 16 (module form16) reads the year's payslips and draws its PDF with the payslip's writer.
export { confirmedPayslipsOfYear, employeesPaidInYear, type YearPayslip } from './form16-source';
export { definePayrunJobs, PAYRUN_COMPUTE_JOB } from './jobs';
export { payrunRoutes } from './payrun.routes';
export { createPayrunService, type PayrunService } from './payrun.service';
export { payslipsRoutes } from './payslips.routes';
export { createPayslipsService } from './payslips.service';
export { companyOf, definePayslipJobs, PAYRUN_PAYSLIPS_JOB, pooledRenderer } from './payslips-generate';
export { formatDate, formatRupees } from './pdf/format';
export { wrap } from './pdf/payslip-pdf';
export { A4, FONT, writePdf } from './pdf/pdf-file';
export { encodeWinAnsi, type FontStyle, RUPEE_BYTE, textWidth } from './pdf/winansi';
export {
  type ConfirmedLineSum,
  type ConfirmedPayslip,
  type ConfirmedPayslipFilter,
  type ConfirmedSlipSum,
  confirmedLineSums,
  confirmedPayslipsIn,
  confirmedRunMonths,
  confirmedSlipSums,
} from './register';
export { readPayrunSettings } from './settings';
export { confirmedTdsSlips, confirmedTdsYear, type TdsSlip, type TdsYearSlip } from './tds-facts';
