import { z } from 'zod';
import { RequestAbilitiesSchema } from './abilities';
import { ApprovalStateSchema } from './approvals';
import { IsoDateSchema as isoDate, MonthOfYearQuerySchema, YearQuerySchema } from './dates';
import { EMPLOYMENT_TYPES, GENDERS } from './employee-records';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/** Leave (issue 12): leave types and policies, requests, balances from the ledger, the explainer. */

const uuid = z.string().uuid();
const hhmm = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use the format HH:MM (24-hour)');
const days = z.number().multipleOf(0.25).min(0).max(366);

export const LEAVE_UNITS = ['day', 'half_day', 'hour'] as const;
export const ACCRUAL_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export const LEAVE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'cancelled'] as const;
export type LeaveRequestStatus = (typeof LEAVE_REQUEST_STATUSES)[number];
export const LEDGER_KINDS = [
  'opening',
  'accrual',
  'used',
  'cancelled',
  'carry_forward',
  'expiry',
  'encashment',
  'comp_off',
  'manual_credit',
  'manual_debit',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

// ---- Leave types ----

export const SandwichSchema = z.strictObject({
  weekly_off_before: z.boolean().default(false),
  weekly_off_between: z.boolean().default(false),
  weekly_off_after: z.boolean().default(false),
  holiday_before: z.boolean().default(false),
  holiday_between: z.boolean().default(false),
  holiday_after: z.boolean().default(false),
});

export const LeaveTypeInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Required').max(80),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,16}$/, 'Use up to 16 letters, digits, - or _'),
    paid: z.boolean().default(true),
    unit: z.enum(LEAVE_UNITS).default('day'),
    allow_negative: z.boolean().default(false),
    negative_cap: days.nullable().default(null),
    max_per_request: days.positive().nullable().default(null),
    max_per_month: days.positive().nullable().default(null),
    notice_days: z.number().int().min(0).max(365).default(0),
    back_dating_days: z.number().int().min(0).max(365).nullable().default(null),
    document_over_days: days.nullable().default(null),
    sandwich: SandwichSchema.default({
      weekly_off_before: false,
      weekly_off_between: false,
      weekly_off_after: false,
      holiday_before: false,
      holiday_between: false,
      holiday_after: false,
    }),
    accrual_frequency: z.enum(ACCRUAL_FREQUENCIES).nullable().default(null),
    accrual_amount: days.default(0),
    accrual_pro_rata: z.boolean().default(true),
    accrual_rounding: z.enum(['none', 'half_day']).default('half_day'),
    carry_forward: z.boolean().default(false),
    carry_forward_cap: days.nullable().default(null),
    carry_forward_expiry_months: z.number().int().min(1).max(24).nullable().default(null),
    encashment: z.boolean().default(false),
    encashment_cap: days.nullable().default(null),
    genders: z.array(z.enum(GENDERS)).max(4).nullable().default(null),
    employment_types: z.array(z.enum(EMPLOYMENT_TYPES)).max(5).nullable().default(null),
    after_probation: z.boolean().default(false),
    comp_off: z.boolean().default(false),
    comp_off_expiry_days: z.number().int().min(1).max(365).nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((t) => t.accrual_frequency === null || t.accrual_amount > 0, {
    path: ['accrual_amount'],
    message: 'Give the amount credited each period',
  });
export type LeaveTypeInput = z.infer<typeof LeaveTypeInputSchema>;
export type LeaveTypeInputData = z.input<typeof LeaveTypeInputSchema>;

export const LeaveTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  paid: z.boolean(),
  unit: z.enum(LEAVE_UNITS),
  allow_negative: z.boolean(),
  negative_cap: z.number().nullable(),
  max_per_request: z.number().nullable(),
  max_per_month: z.number().nullable(),
  notice_days: z.number(),
  back_dating_days: z.number().nullable(),
  document_over_days: z.number().nullable(),
  sandwich: z.object({
    weekly_off_before: z.boolean(),
    weekly_off_between: z.boolean(),
    weekly_off_after: z.boolean(),
    holiday_before: z.boolean(),
    holiday_between: z.boolean(),
    holiday_after: z.boolean(),
  }),
  accrual_frequency: z.enum(ACCRUAL_FREQUENCIES).nullable(),
  accrual_amount: z.number(),
  accrual_pro_rata: z.boolean(),
  accrual_rounding: z.enum(['none', 'half_day']),
  carry_forward: z.boolean(),
  carry_forward_cap: z.number().nullable(),
  carry_forward_expiry_months: z.number().nullable(),
  encashment: z.boolean(),
  encashment_cap: z.number().nullable(),
  genders: z.array(z.string()).nullable(),
  employment_types: z.array(z.string()).nullable(),
  after_probation: z.boolean(),
  comp_off: z.boolean(),
  comp_off_expiry_days: z.number().nullable(),
  active: z.boolean(),
});
export type LeaveType = z.infer<typeof LeaveTypeSchema>;
export const LeaveTypeResponseSchema = envelope(LeaveTypeSchema);
export const LeaveTypeListResponseSchema = envelope(z.array(LeaveTypeSchema));

// ---- Leave policies (the base configuration is the policy marked is_base) ----

export const LeavePolicyInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(80),
  description: z.string().trim().max(500).nullable().default(null),
  is_base: z.boolean().default(false),
  /** First month of the leave year (1: January to December, 4: April to March). */
  year_start_month: z.number().int().min(1).max(12).default(1),
  leave_type_ids: z.array(uuid).max(50).default([]),
});
export type LeavePolicyInput = z.infer<typeof LeavePolicyInputSchema>;
export const LeavePolicySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  is_base: z.boolean(),
  year_start_month: z.number(),
  leave_types: z.array(z.object({ id: z.string(), name: z.string(), code: z.string() })),
});
export type LeavePolicy = z.infer<typeof LeavePolicySchema>;
export const LeavePolicyResponseSchema = envelope(LeavePolicySchema);
export const LeavePolicyListResponseSchema = envelope(z.array(LeavePolicySchema));

/** `GET employee/base-leave-configuration`: the caller's leave policy and where it comes from. */
export const LeaveConfigurationSchema = z.object({
  policy: LeavePolicySchema.nullable(),
  source: z.enum(['master_policy', 'base', 'none']),
  leave_types: z.array(LeaveTypeSchema),
});
export const LeaveConfigurationResponseSchema = envelope(LeaveConfigurationSchema);

// ---- Requests ----

export const LeaveRequestInputSchema = z
  .strictObject({
    leave_type_id: uuid,
    from_date: isoDate,
    to_date: isoDate,
    day_type: z.enum(['full_day', 'half_day']).default('full_day'),
    half_day_type: z.enum(['first_half', 'second_half']).nullable().default(null),
    reason: z.string().trim().max(1000).nullable().default(null),
    contact: z.string().trim().max(100).nullable().default(null),
    document_id: uuid.nullable().default(null),
    /** Leave types with unit 'hour': the start and end time on the one date, 'HH:MM'. */
    from_time: hhmm.nullable().default(null),
    to_time: hhmm.nullable().default(null),
  })
  .refine((r) => r.from_date <= r.to_date, {
    path: ['to_date'],
    message: 'The end date is before the start date',
  })
  .refine((r) => Date.parse(r.to_date) - Date.parse(r.from_date) <= 366 * 86_400_000, {
    path: ['to_date'],
    message: 'A request covers at most a year',
  })
  .refine((r) => r.day_type === 'full_day' || r.from_date === r.to_date, {
    path: ['day_type'],
    message: 'A half day is one date: make the start and end the same',
  })
  .refine((r) => r.day_type === 'full_day' || r.half_day_type !== null, {
    path: ['half_day_type'],
    message: 'Choose the first or the second half',
  })
  .refine((r) => r.to_time === null || r.from_time !== null, {
    path: ['from_time'],
    message: 'Give the start time',
  })
  .refine((r) => r.from_time === null || r.to_time !== null, {
    path: ['to_time'],
    message: 'Give the end time',
  })
  .refine((r) => r.from_time === null || r.to_time === null || r.to_time > r.from_time, {
    path: ['to_time'],
    message: 'The end time must be after the start time',
  })
  .refine((r) => r.from_time === null || r.from_date === r.to_date, {
    path: ['to_date'],
    message: 'Leave in hours is for one date: make the start and end dates the same',
  });
export type LeaveRequestInput = z.infer<typeof LeaveRequestInputSchema>;
export type LeaveRequestInputData = z.input<typeof LeaveRequestInputSchema>;

export const CountedDaySchema = z.object({
  date: isoDate,
  amount: z.number(),
  kind: z.enum(['working', 'weekly_off', 'holiday', 'half_weekly_off']),
  reason: z.string(),
});
export type CountedDay = z.infer<typeof CountedDaySchema>;
export const RuleViolationSchema = z.object({ rule: z.string(), message: z.string() });

export const LeavePreviewSchema = z.object({
  days: z.array(CountedDaySchema),
  total: z.number(),
  balance: z.number(),
  /** Balance less pending requests, before this one. */
  available: z.number(),
  balance_after: z.number(),
  violations: z.array(RuleViolationSchema),
});
export type LeavePreview = z.infer<typeof LeavePreviewSchema>;
export const LeavePreviewResponseSchema = envelope(LeavePreviewSchema);

export const LeaveRequestSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  leave_type: z.object({ id: z.string(), name: z.string(), code: z.string(), paid: z.boolean() }),
  from_date: isoDate,
  to_date: isoDate,
  day_type: z.enum(['full_day', 'half_day']),
  half_day_type: z.enum(['first_half', 'second_half']).nullable(),
  days: z.array(CountedDaySchema),
  total: z.number(),
  reason: z.string().nullable(),
  contact: z.string().nullable(),
  document_id: z.string().nullable(),
  /** Opens the attached document (its employee, its approvers, leave administrators). */
  document_url: z.string().nullable(),
  /** Leave in hours: the times on the one date and the hours taken (null for leave in days). */
  from_time: z.string().nullable().optional(),
  to_time: z.string().nullable().optional(),
  hours: z.number().nullable().optional(),
  status: z.enum(LEAVE_REQUEST_STATUSES),
  created_at: z.string(),
  approval: ApprovalStateSchema.nullable(),
  abilities: RequestAbilitiesSchema.extend({ edit: z.boolean(), cancel: z.boolean() }),
});
export type LeaveRequest = z.infer<typeof LeaveRequestSchema>;
export const LeaveRequestResponseSchema = envelope(LeaveRequestSchema);
export const LeaveRequestPageSchema = pagedEnvelope(LeaveRequestSchema);

/**
 * What approving a leave request does, for the approver's drawer: the employee's balance of the
 * leave type before and after (paid leave only moves it), and who else of the team is away then.
 */
export const LeaveDecisionContextSchema = z.object({
  balance: z.object({
    leave_type_name: z.string(),
    unit: z.enum(LEAVE_UNITS),
    paid: z.boolean(),
    /** The balance now (approved entries), before this request is approved. */
    before: z.number(),
    /** The balance once approved (the same for unpaid leave or a request no longer pending). */
    after: z.number(),
    /** Other pending requests of the type, which also wait to be debited. */
    other_pending: z.number(),
  }),
  /** Others of the team (the caller's reports and the employee's colleagues, within the caller's scope) on leave over these dates. */
  away: z.array(
    z.object({
      employee_id: z.string(),
      employee_name: z.string(),
      from_date: isoDate,
      to_date: isoDate,
      status: z.enum(['pending', 'approved']),
    }),
  ),
});
export type LeaveDecisionContext = z.infer<typeof LeaveDecisionContextSchema>;
export const LeaveDecisionContextResponseSchema = envelope(LeaveDecisionContextSchema);

/** `GET employee/leave-request`: my requests, optionally of one month. */
export const MyLeaveQuerySchema = PageQuerySchema.extend({
  month: MonthOfYearQuerySchema.optional(),
  year: YearQuerySchema.optional(),
  sortBy: z.enum(['from_date', 'created_at']).default('from_date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(LEAVE_REQUEST_STATUSES).optional(),
});
export type MyLeaveQuery = z.infer<typeof MyLeaveQuerySchema>;

export const LeaveQueueQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['from_date', 'created_at', 'employee_name']).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  value: z.string().trim().max(100).optional(),
  status: z.enum(LEAVE_REQUEST_STATUSES).optional(),
});
export type LeaveQueueQuery = z.infer<typeof LeaveQueueQuerySchema>;

// ---- Balances and the explainer ----

export const LeaveBalanceSchema = z.object({
  leave_type_id: z.string(),
  name: z.string(),
  code: z.string(),
  paid: z.boolean(),
  unit: z.enum(LEAVE_UNITS),
  balance: z.number(),
  pending: z.number(),
  available: z.number(),
});
export type LeaveBalance = z.infer<typeof LeaveBalanceSchema>;
export const LeaveBalanceListResponseSchema = envelope(z.array(LeaveBalanceSchema));

export const LedgerEntrySchema = z.object({
  id: z.string(),
  date: isoDate,
  kind: z.enum(LEDGER_KINDS),
  amount: z.number(),
  running: z.number(),
  reason: z.string(),
  rule: z.string().nullable(),
  expires_on: isoDate.nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
export const LeaveExplainerSchema = z.object({
  employee_id: z.string(),
  leave_type: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  balance: z.number(),
  entries: z.array(LedgerEntrySchema),
});
export type LeaveExplainer = z.infer<typeof LeaveExplainerSchema>;
export const LeaveExplainerResponseSchema = envelope(LeaveExplainerSchema);
export const LeaveExplainerQuerySchema = z.object({ leave_type_id: uuid, as_of: isoDate.optional() });

/** `PUT employee/{id}/leave-balance`: a manual, audited ledger entry. */
export const LeaveBalanceAdjustSchema = z
  .strictObject({
    leave_type_id: uuid,
    kind: z.enum(['opening', 'manual_credit', 'manual_debit', 'encashment', 'comp_off']),
    amount: z.number().multipleOf(0.25).positive().max(366),
    reason: z.string().trim().min(3, 'Give a reason').max(500),
    date: isoDate.optional(),
    /** comp_off: the weekly-off or holiday worked. */
    work_date: isoDate.optional(),
  })
  .refine((b) => b.kind !== 'comp_off' || !!b.work_date, {
    path: ['work_date'],
    message: 'Give the weekly-off or holiday worked',
  });
export type LeaveBalanceAdjust = z.infer<typeof LeaveBalanceAdjustSchema>;

// ---- Calendar, holidays, statuses ----

const LeaveMonthQuerySchema = z.object({
  month: MonthOfYearQuerySchema,
  year: YearQuerySchema,
});
export const LeaveHolidaySchema = z.object({ date: isoDate, name: z.string(), optional: z.boolean() });
export const HolidayListResponseSchema = envelope(z.array(LeaveHolidaySchema));

export const LeaveCalendarQuerySchema = LeaveMonthQuerySchema.extend({
  scope: z.enum(['mine', 'team']).default('mine'),
});
export const LeaveCalendarSchema = z.object({
  holidays: z.array(LeaveHolidaySchema),
  weekly_offs: z.array(z.string()),
  leaves: z.array(
    z.object({
      request_id: z.string(),
      employee_id: z.string(),
      employee_name: z.string(),
      leave_type: z.string(),
      date: isoDate,
      amount: z.number(),
      status: z.enum(LEAVE_REQUEST_STATUSES),
    }),
  ),
});
export type LeaveCalendar = z.infer<typeof LeaveCalendarSchema>;
export const LeaveCalendarResponseSchema = envelope(LeaveCalendarSchema);

/** `GET leave/requested-status`: my requests this year by status. */
export const LeaveStatusCountsResponseSchema = envelope(
  z.array(z.object({ status: z.enum(LEAVE_REQUEST_STATUSES), count: z.number().int(), days: z.number() })),
);

export const AccrualRunInputSchema = z.strictObject({ as_of: isoDate.optional() });
export const AccrualRunResponseSchema = envelope(
  z.object({
    employees: z.number().int(),
    entries: z.number().int(),
    /** Of the entries, comp-off credits and corrections for work on days off. */
    comp_off: z.number().int().optional(),
    as_of: isoDate,
  }),
);

export const LeaveYearQuerySchema = z.object({
  month: MonthOfYearQuerySchema.optional(),
  year: YearQuerySchema,
});
export const LeavePreviewQuerySchema = z.object({ except_id: uuid.optional() });
export const AdjustResultSchema = envelope(z.object({ leave_type_id: z.string(), balance: z.number() }));

/** A master policy and the leave policy it names (null: the base leave policy). */
export const MasterLeaveSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  leave_policy_id: z.string().nullable(),
});
export type MasterLeave = z.infer<typeof MasterLeaveSchema>;
export const MasterLeaveListSchema = envelope(z.array(MasterLeaveSchema));
export const MasterLeaveResponseSchema = envelope(MasterLeaveSchema);
export const MasterLeaveInputSchema = z.strictObject({ leave_policy_id: uuid.nullable() });
