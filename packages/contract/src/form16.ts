import { z } from 'zod';
import { envelope } from './envelope';
import { FinancialYearSchema } from './payrun';

/**
 * Form 16 Part B (issue 23): the employer issues each employee's certificate for a financial year
 * (April–March) from the year's confirmed payslips, in bulk on the job runner; employees download
 * their own. Money in integer paise.
 */

export const Form16YearParamSchema = z.object({ financial_year: FinancialYearSchema });

/** `POST form16/:financial_year/issue`: `{ reissue: true }` makes every certificate of the year again. */
export const Form16IssueBodySchema = z.strictObject({ reissue: z.boolean().optional() });

export const FORM16_ISSUE_STATUSES = ['none', 'issuing', 'issued'] as const;

/** Where issuing a year has got to. */
export const Form16IssueSchema = z.object({
  financial_year: z.string(),
  /** '2027-28' for 2026-27. */
  assessment_year: z.string(),
  status: z.enum(FORM16_ISSUE_STATUSES),
  /** Employees with a confirmed payslip in the year (whom a certificate is for). */
  employees: z.number().int(),
  /** Certificates of this issuing made so far. */
  issued: z.number().int(),
  /** Months of the year with a confirmed pay run ('YYYY-MM'). */
  confirmed_months: z.array(z.string()),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Form16Issue = z.infer<typeof Form16IssueSchema>;
export const Form16IssueResponseSchema = envelope(Form16IssueSchema);

/** One issued certificate, as the employee's documents list shows it. */
export const MyForm16Schema = z.object({
  financial_year: z.string(),
  assessment_year: z.string(),
  issued_at: z.string(),
});
export type MyForm16 = z.infer<typeof MyForm16Schema>;
export const MyForm16ListResponseSchema = envelope(z.array(MyForm16Schema));

export const Form16EmployeeParamSchema = z.object({
  financial_year: FinancialYearSchema,
  employeeId: z.string().uuid(),
});
