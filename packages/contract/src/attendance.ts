import { z } from 'zod';
import { RequestAbilitiesSchema } from './abilities';
import { APPROVAL_STATUSES, ApprovalStateSchema } from './approvals';
import {
  IsoDateSchema as isoDate,
  MonthOfYearQuerySchema,
  MonthOfYearSchema,
  YearQuerySchema,
  YearSchema,
} from './dates';
import { ErrorEnvelopeSchema, envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/** What a day counts as (derived from punches, shift, calendar and approved requests). */
export const ATTENDANCE_DAY_STATUSES = [
  'present',
  'absent',
  'half_day',
  'late',
  'weekly_off',
  'holiday',
  'on_leave',
] as const;
export type AttendanceDayStatus = (typeof ATTENDANCE_DAY_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceDayStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  half_day: 'Half day',
  late: 'Late',
  weekly_off: 'Weekly off',
  holiday: 'Holiday',
  on_leave: 'On leave',
};

const year = YearQuerySchema;
const month = MonthOfYearQuerySchema;
const date = isoDate;
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour)');
const uuid = z.uuid();

export const MonthQuerySchema = z.object({
  month,
  year,
  /** Someone else's month: a manager's reports, or anyone for company-wide access. */
  employee_id: uuid.optional(),
});
export type MonthQuery = z.infer<typeof MonthQuerySchema>;

export const AttendanceDaySchema = z.object({
  date: isoDate,
  /** Two-digit day number and short weekday, as the spec's month helper gives them. */
  day: z.string(),
  weekday: z.string(),
  status: z.enum(ATTENDANCE_DAY_STATUSES).nullable(),
  first_in: z.string().nullable(),
  last_out: z.string().nullable(),
  worked_minutes: z.number().int(),
  late: z.boolean(),
  late_minutes: z.number().int(),
  early_exit: z.boolean(),
  missed_punch: z.boolean(),
  /** In a confirmed pay run: re-derivation leaves the day alone; no regularisation or leave. */
  locked: z.boolean(),
});
export type AttendanceDay = z.infer<typeof AttendanceDaySchema>;

/** `GET attendance/logs`: month, year, status, page, records, sortBy, sortOrder (date desc default). */
export const AttendanceLogsQuerySchema = PageQuerySchema.extend({
  month,
  year,
  employee_id: uuid.optional(),
  status: z.enum(ATTENDANCE_DAY_STATUSES).optional(),
  sortBy: z.enum(['date', 'worked_minutes', 'status']).default('date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type AttendanceLogsQuery = z.infer<typeof AttendanceLogsQuerySchema>;
export const AttendanceLogsResponseSchema = pagedEnvelope(AttendanceDaySchema);
export const AttendanceMonthResponseSchema = envelope(
  z.object({ employee_id: z.string(), time_zone: z.string(), days: z.array(AttendanceDaySchema) }),
);

/** `PUT attendance`: punch in or out now; the location where the policy asks for it. */
export const PunchInputSchema = z.strictObject({
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
});
export type PunchInput = z.infer<typeof PunchInputSchema>;

export const PunchDataSchema = z.object({
  date: isoDate,
  time_zone: z.string(),
  punches: z.array(z.object({ at: z.string(), source: z.string() })),
  day: AttendanceDaySchema.nullable(),
  /**
   * The button's next action: punches alternate, so in after none or an even number (the day
   * may have several sessions), out after an odd number.
   */
  next: z.enum(['in', 'out']),
  /** The last punch in while the employee is working (an odd number of punches), else null. */
  punched_in_at: z.string().nullable(),
  location_required: z.boolean(),
});
export type PunchData = z.infer<typeof PunchDataSchema>;
export const PunchDataResponseSchema = envelope(PunchDataSchema);

/** Bulk punches from a device or a file: one ingest path. */
export const PunchImportInputSchema = z.strictObject({
  source: z.enum(['biometric', 'mobile', 'manual', 'import']),
  device_id: z.string().trim().min(1).max(100).optional(),
  punches: z
    .array(
      z.strictObject({
        employee_code: z.string().trim().min(1).max(40),
        at: z.iso.datetime({ offset: true }),
        /** In or out, when the device says so: kept in the ledger as sent. */
        direction: z.enum(['in', 'out']).optional(),
      }),
    )
    .min(1)
    .max(5000),
});
export type PunchImportInput = z.infer<typeof PunchImportInputSchema>;
export const PunchImportResponseSchema = envelope(
  z.object({
    received: z.number().int(),
    stored: z.number().int(),
    duplicates: z.number().int(),
    unknown_employees: z.array(z.string()),
  }),
);

/**
 * A row of a punch file (each cell as text). The timestamp's format is checked by the API, which
 * knows the company's time zone and the time now; the code, against the company's employees.
 */
export const PunchFileRowSchema = z.object({
  employee_code: z.string().transform((v, ctx) => {
    const t = v.trim();
    if (!t) ctx.addIssue({ code: 'custom', message: 'Required' });
    return t;
  }),
  timestamp: z.string().transform((v, ctx) => {
    const t = v.trim();
    if (!t) ctx.addIssue({ code: 'custom', message: 'Required' });
    return t;
  }),
  direction: z.string().transform((v, ctx) => {
    const t = v.trim().toLowerCase();
    if (!t) return null;
    if (t !== 'in' && t !== 'out') {
      ctx.addIssue({ code: 'custom', message: 'Use in or out (or leave empty)' });
      return z.NEVER;
    }
    return t;
  }),
  /** biometric (kept as such in the ledger) or device (an import); empty: an import. */
  source: z.string().transform((v, ctx) => {
    const t = v.trim().toLowerCase();
    if (!t) return null;
    if (t !== 'biometric' && t !== 'device') {
      ctx.addIssue({ code: 'custom', message: 'Use biometric or device (or leave empty)' });
      return z.NEVER;
    }
    return t;
  }),
});

/** `POST attendance/punches/upload`: a CSV or .xlsx of punches (multipart, field "file"). */
export const PunchUploadResponseSchema = envelope(
  z.object({
    /** Rows read from the file. */
    received: z.number().int(),
    /** Punches new to the ledger. */
    added: z.number().int(),
    /** Punches the ledger already held (a file uploaded twice adds nothing the second time). */
    duplicates: z.number().int(),
  }),
);
export type PunchUploadResult = z.infer<typeof PunchUploadResponseSchema>['data'];
/** The 400 of an upload with bad rows: each row's number, field and reason; nothing stored. */
export const PunchUploadErrorResponseSchema = ErrorEnvelopeSchema.extend({
  errors: z
    .array(
      z.object({
        row: z.number().int().optional(),
        field: z.string().optional(),
        path: z.string(),
        message: z.string(),
      }),
    )
    .optional(),
});

export const AttendanceSummarySchema = z.object({
  month: MonthOfYearSchema,
  year: YearSchema,
  counts: z.record(z.enum(ATTENDANCE_DAY_STATUSES), z.number().int()),
  late_marks: z.number().int(),
  early_exits: z.number().int(),
  missed_punches: z.number().int(),
  worked_minutes: z.number().int(),
  regularisations_used: z.number().int(),
  regularisations_allowed: z.number().int().nullable(),
  /** Late-mark and early-exit penalties of the month's attendance cycle, with the dates behind each. */
  penalty: z.object({
    cycle_from: isoDate,
    cycle_to: isoDate,
    lop_days: z.number(),
    penalties: z.array(
      z.object({ kind: z.enum(['late', 'early_exit']), days: z.number(), dates: z.array(isoDate) }),
    ),
  }),
});
export type AttendanceSummary = z.infer<typeof AttendanceSummarySchema>;
export const AttendanceSummaryResponseSchema = envelope(AttendanceSummarySchema);

export const ATTENDANCE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const AttendanceExportQuerySchema = MonthQuerySchema.extend({
  format: z.enum(ATTENDANCE_EXPORT_FORMATS),
});

// ---------- team and admin ----------

export const TeamTodayRowSchema = z.object({
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  status: z.enum(ATTENDANCE_DAY_STATUSES).nullable(),
  first_in: z.string().nullable(),
  late: z.boolean(),
});
/** Who of my team is in, late, absent or on leave today (also part of the team dashboard). */
export const TeamTodaySchema = z.object({
  date: isoDate,
  rows: z.array(TeamTodayRowSchema),
  counts: z.object({
    in: z.number().int(),
    late: z.number().int(),
    absent: z.number().int(),
    on_leave: z.number().int(),
    not_in: z.number().int(),
  }),
});
export type TeamToday = z.infer<typeof TeamTodaySchema>;
export const TeamTodayResponseSchema = envelope(TeamTodaySchema);

export const MusterQuerySchema = PageQuerySchema.extend({
  month,
  year,
  division_id: uuid.optional(),
  value: z.string().trim().max(100).optional(),
  sortBy: z.enum(['employee_code', 'employee_name']).default('employee_code'),
});
export type MusterQuery = z.infer<typeof MusterQuerySchema>;
export const MusterRowSchema = z.object({
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  /** One status per day of the month, null where nothing is derived. */
  days: z.array(z.enum(ATTENDANCE_DAY_STATUSES).nullable()),
  present: z.number(),
  absent: z.number(),
  late_marks: z.number().int(),
  /** Days of loss of pay from late-mark and early-exit penalties in the month's cycle. */
  penalty_lop_days: z.number(),
  /** One flag per day of the month: true where a confirmed pay run has locked the day. */
  locked_days: z.array(z.boolean()),
});
export const MusterResponseSchema = pagedEnvelope(MusterRowSchema);
export const MusterExportQuerySchema = z.object({
  month,
  year,
  division_id: uuid.optional(),
  format: z.enum(ATTENDANCE_EXPORT_FORMATS),
});

// ---------- regularisation ----------

/** `GET attendance/regularization/dropdown`: why a day needs correcting. */
export const REGULARISATION_REASONS = [
  ['missed_punch', 'Missed punch'],
  ['forgot_card', 'Forgot ID card'],
  ['on_duty', 'On duty / client visit'],
  ['device_issue', 'Device or system issue'],
  ['work_from_home', 'Worked from home'],
  ['other', 'Other'],
] as const;
export type RegularisationReason = (typeof REGULARISATION_REASONS)[number][0];
const REASON_KEYS = REGULARISATION_REASONS.map(([v]) => v) as [
  RegularisationReason,
  ...RegularisationReason[],
];
export const RegularisationReasonsResponseSchema = envelope(
  z.array(z.object({ value: z.string(), label: z.string() })),
);

export const RegularisationInputSchema = z
  .strictObject({
    date,
    punch_in: hhmm.nullable().optional(),
    /** An out time before the in time is the next morning, only for a shift that crosses midnight. */
    punch_out: hhmm.nullable().optional(),
    reason: z.enum(REASON_KEYS),
    note: z.string().trim().max(500).optional(),
  })
  .refine((v) => v.punch_in || v.punch_out, {
    message: 'Give an in time, an out time or both',
    path: ['punch_in'],
  })
  .refine((v) => !v.punch_in || !v.punch_out || v.punch_in !== v.punch_out, {
    message: 'The out time is the same as the in time',
    path: ['punch_out'],
  });
export type RegularisationInput = z.infer<typeof RegularisationInputSchema>;

export const RegularisationSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  date: isoDate,
  punch_in: z.string().nullable(),
  punch_out: z.string().nullable(),
  reason: z.string(),
  reason_label: z.string(),
  note: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  created_at: z.string(),
  approval: ApprovalStateSchema.nullable(),
  abilities: RequestAbilitiesSchema,
});
export type Regularisation = z.infer<typeof RegularisationSchema>;
export const RegularisationResponseSchema = envelope(RegularisationSchema);
export const RegularisationPageSchema = pagedEnvelope(RegularisationSchema);

export const RegularisationListQuerySchema = PageQuerySchema.extend({
  month: month.optional(),
  year: year.optional(),
  status: z.enum(APPROVAL_STATUSES).optional(),
  sortBy: z.enum(['date', 'created_at']).default('date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type RegularisationListQuery = z.infer<typeof RegularisationListQuerySchema>;

export const RegularisationQueueQuerySchema = RegularisationListQuerySchema.extend({
  value: z.string().trim().max(100).optional(),
});
export type RegularisationQueueQuery = z.infer<typeof RegularisationQueueQuerySchema>;
