import { z } from 'zod';
import { RequestAbilitiesSchema } from './abilities';
import { ApprovalStateSchema } from './approvals';
import { IsoDateSchema as isoDate } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/**
 * Exits (issue 23): an employee resigns (reason, requested last working day) through the approval
 * engine (request type `resignation`), or an administrator records a termination; the notice period
 * comes from the employee's master policy. The full and final settlement preview is computed from
 * the record by the payroll engine (docs/full-and-final.md).
 */

export const EXIT_KINDS = ['resignation', 'termination'] as const;
export type ExitKind = (typeof EXIT_KINDS)[number];
export const EXIT_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ExitStatus = (typeof EXIT_STATUSES)[number];

const reason = z
  .string({ message: 'Give the reason' })
  .trim()
  .min(1, 'Give the reason')
  .max(2000, 'At most 2,000 characters');

export const ResignationInputSchema = z.strictObject({
  reason,
  /** The last working day the employee asks for. */
  requested_last_day: isoDate,
});
export type ResignationInput = z.infer<typeof ResignationInputSchema>;

export const TerminationInputSchema = z.strictObject({
  employee_id: z.string().uuid('Choose the employee'),
  reason,
  /** The day the company gave notice. */
  notice_given_on: isoDate,
  last_working_day: isoDate,
  /** A fixed-term employment (gratuity after one year under the Code on Social Security). */
  fixed_term: z.boolean().default(false),
});
export type TerminationInput = z.infer<typeof TerminationInputSchema>;
export type TerminationInputData = z.input<typeof TerminationInputSchema>;

export const AgreeLastDayInputSchema = z.strictObject({
  agreed_last_day: isoDate,
  fixed_term: z.boolean().optional(),
  /** Notice shortfall days the company waives (resignation). */
  waived_days: z
    .number()
    .int('Use whole days')
    .min(0, 'Use 0 or more days')
    .max(365, 'At most 365 days')
    .optional(),
});
export type AgreeLastDayInput = z.infer<typeof AgreeLastDayInputSchema>;

export const ExitSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  kind: z.enum(EXIT_KINDS),
  reason: z.string(),
  notice_given_on: isoDate,
  requested_last_day: isoDate,
  /** Set when the resignation is approved (or the termination recorded); the admin may change it. */
  agreed_last_day: isoDate.nullable(),
  /** The notice period of the employee's master policy when the exit was recorded. */
  notice_days: z.number().int(),
  waived_days: z.number().int(),
  fixed_term: z.boolean(),
  status: z.enum(EXIT_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  approval: ApprovalStateSchema.nullable(),
  abilities: RequestAbilitiesSchema,
});
export type Exit = z.infer<typeof ExitSchema>;
export const ExitResponseSchema = envelope(ExitSchema);
export const MyExitResponseSchema = envelope(ExitSchema.nullable());
export const ExitPageSchema = pagedEnvelope(ExitSchema);

export const ExitQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['created_at', 'employee_name']).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(EXIT_STATUSES).optional(),
});
export type ExitQuery = z.infer<typeof ExitQuerySchema>;

export const SettlementLineSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** earning: paid to the employee; deduction: recovered; info: shown, not counted. */
  kind: z.enum(['earning', 'deduction', 'info']),
  amount_paise: z.number().int(),
  exempt_paise: z.number().int().nullable(),
  explanation: z.string(),
});
export type SettlementLine = z.infer<typeof SettlementLineSchema>;

export const SettlementSchema = z.object({
  exit: ExitSchema,
  last_working_day: isoDate,
  service: z.string(),
  lines: z.array(SettlementLineSchema),
  payable_paise: z.number().int(),
  recoverable_paise: z.number().int(),
  /** Negative: the employee owes the company. */
  net_paise: z.number().int(),
  /** Readings and data the preview used or missed, in words. */
  notes: z.array(z.string()),
});
export type Settlement = z.infer<typeof SettlementSchema>;
export const SettlementResponseSchema = envelope(SettlementSchema);
