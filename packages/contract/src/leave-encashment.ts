import { z } from 'zod';
import { RequestAbilitiesSchema } from './abilities';
import { ApprovalStateSchema } from './approvals';
import { IsoDateSchema as isoDate } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';
import { LEAVE_UNITS } from './leave';

/**
 * Leave encashment requests (issue 12, "encashment with cap"): an employee asks to be paid for days
 * of a leave type that allows encashment; approvers decide through the approval engine (request
 * type `leave_encashment`), and the final approval debits the ledger once ('encashment' entry),
 * which the pay run of that month reads.
 */

export const LEAVE_ENCASHMENT_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type LeaveEncashmentStatus = (typeof LEAVE_ENCASHMENT_STATUSES)[number];

export const LeaveEncashmentInputSchema = z.strictObject({
  leave_type_id: z.string().uuid(),
  /** In the leave type's unit: whole days ('day'), halves ('half_day'), quarters ('hour'). */
  days: z
    .number({ message: 'Give the days to encash' })
    .positive('Encash more than 0 days')
    .max(366, 'At most 366 days'),
  reason: z.string().trim().max(500).nullable().default(null),
});
export type LeaveEncashmentInput = z.infer<typeof LeaveEncashmentInputSchema>;
export type LeaveEncashmentInputData = z.input<typeof LeaveEncashmentInputSchema>;

/** What the employee may encash of one leave type now (the form shows it before submitting). */
export const EncashableSchema = z.object({
  leave_type_id: z.string(),
  name: z.string(),
  code: z.string(),
  unit: z.enum(LEAVE_UNITS),
  balance: z.number(),
  /** Days in pending leave and encashment requests of the type. */
  pending: z.number(),
  /** The yearly cap (null: none). */
  cap: z.number().nullable(),
  encashed_this_year: z.number(),
  /** At most this many days can be encashed now: available balance, within the cap. */
  encashable: z.number(),
  /** The smallest step the days can be asked in (1, 0.5 or 0.25). */
  step: z.number(),
});
export type Encashable = z.infer<typeof EncashableSchema>;
export const EncashableListResponseSchema = envelope(z.array(EncashableSchema));

export const LeaveEncashmentSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  leave_type: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  days: z.number(),
  reason: z.string().nullable(),
  status: z.enum(LEAVE_ENCASHMENT_STATUSES),
  /** The ledger day of the debit: the pay month that pays it. */
  encashed_on: isoDate.nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  approval: ApprovalStateSchema.nullable(),
  abilities: RequestAbilitiesSchema,
});
export type LeaveEncashment = z.infer<typeof LeaveEncashmentSchema>;
export const LeaveEncashmentResponseSchema = envelope(LeaveEncashmentSchema);
export const LeaveEncashmentPageSchema = pagedEnvelope(LeaveEncashmentSchema);

export const LeaveEncashmentQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['created_at', 'employee_name']).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  value: z.string().trim().max(100).optional(),
  status: z.enum(LEAVE_ENCASHMENT_STATUSES).optional(),
});
export type LeaveEncashmentQuery = z.infer<typeof LeaveEncashmentQuerySchema>;
