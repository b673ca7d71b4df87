import { z } from 'zod';
import { RecordAbilitiesSchema } from './abilities';
import { IsoDateSchema as isoDate, YearQuerySchema } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/**
 * Bodies: the web client drops null fields from bodies (spec section 5), so a nullable field
 * defaults to null when absent: leaving it out clears it.
 *
 * Policy set-up (issue 11): attendance policies, shifts, rosters, weekly-off policies, holiday
 * calendars and holidays, master policies and their effective-dated assignments, the policies
 * summary and the inspector ("which policy applies to this employee on this date, and why").
 */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time HH:MM');
const uuid = z.string().uuid();
const name = z.string().trim().min(1, 'Required').max(100);
const minutes = (max: number) => z.number().int().min(0).max(max);

export const PUNCH_SOURCES = ['web', 'mobile', 'biometric', 'manual'] as const;
export const OFF_KINDS = ['none', 'full', 'first_half', 'second_half'] as const;
export type OffKindValue = (typeof OFF_KINDS)[number];
export const ASSIGNMENT_KINDS = ['employee', 'unit', 'division'] as const;

export const PolicyListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['name', 'created_at']).default('name'),
  search: z.string().trim().max(100).optional(),
});
export type PolicyListQuery = z.infer<typeof PolicyListQuerySchema>;
export const PolicyIdParamSchema = z.object({ id: uuid });
export const HolidayParamSchema = z.object({ id: uuid, holidayId: uuid });
export const HolidayIdParamSchema = z.object({ holidayId: uuid });

const withAbilities = <T extends z.ZodRawShape>(o: z.ZodObject<T>) =>
  o.extend({ abilities: RecordAbilitiesSchema });

// ---- Attendance policies ----------------------------------------------------------------------

export const AttendancePolicyBodySchema = z
  .strictObject({
    name,
    cycle_start_day: z.number().int().min(1).max(28),
    punch_sources: z.array(z.enum(PUNCH_SOURCES)).min(1, 'Allow at least one punch source').max(4),
    half_day_min_minutes: minutes(1440),
    full_day_min_minutes: minutes(1440),
    late_marks_per_penalty: z.number().int().min(1).max(31).nullable().default(null),
    late_penalty_days: z.number().min(0).max(5).multipleOf(0.5),
    early_exit_marks_per_penalty: z.number().int().min(1).max(31).nullable().default(null),
    early_exit_penalty_days: z.number().min(0).max(5).multipleOf(0.5),
    regularisation_per_month: z.number().int().min(0).max(31).nullable().default(null),
    regularisation_lookback_days: z.number().int().min(0).max(365).nullable().default(null),
    regularisation_auto_approve: z.boolean(),
    location_lat: z.number().min(-90).max(90).nullable().default(null),
    location_lng: z.number().min(-180).max(180).nullable().default(null),
    location_radius_metres: z.number().int().min(10).max(100_000).nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.half_day_min_minutes > b.full_day_min_minutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['full_day_min_minutes'],
        message: 'Must be at least the half-day minimum',
      });
    }
    const point = b.location_lat !== null && b.location_lng !== null;
    if (b.location_radius_metres !== null && !point) {
      ctx.addIssue({
        code: 'custom',
        path: [b.location_lat === null ? 'location_lat' : 'location_lng'],
        message: 'A radius needs a point: give latitude and longitude',
      });
    }
    if ((b.location_lat === null) !== (b.location_lng === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [b.location_lat === null ? 'location_lat' : 'location_lng'],
        message: 'Give both latitude and longitude',
      });
    }
    if (point && b.location_radius_metres === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['location_radius_metres'],
        message: 'Give the radius around the point',
      });
    }
    const pen = (marks: number | null, days: number, field: string) => {
      if (marks !== null && days === 0) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Give the penalty (days of LOP) for these marks',
        });
      }
    };
    pen(b.late_marks_per_penalty, b.late_penalty_days, 'late_penalty_days');
    pen(b.early_exit_marks_per_penalty, b.early_exit_penalty_days, 'early_exit_penalty_days');
  });
export type AttendancePolicyBody = z.infer<typeof AttendancePolicyBodySchema>;
export const AttendancePolicySchema = z.object({
  id: z.string(),
  name: z.string(),
  cycle_start_day: z.number().int(),
  punch_sources: z.array(z.enum(PUNCH_SOURCES)),
  half_day_min_minutes: z.number().int(),
  full_day_min_minutes: z.number().int(),
  late_marks_per_penalty: z.number().int().nullable(),
  late_penalty_days: z.number(),
  early_exit_marks_per_penalty: z.number().int().nullable(),
  early_exit_penalty_days: z.number(),
  regularisation_per_month: z.number().int().nullable(),
  regularisation_lookback_days: z.number().int().nullable(),
  regularisation_auto_approve: z.boolean(),
  location_lat: z.number().nullable(),
  location_lng: z.number().nullable(),
  location_radius_metres: z.number().int().nullable(),
  used_by: z.number().int(),
});
export type AttendancePolicy = z.infer<typeof AttendancePolicySchema>;
export const AttendancePolicyListResponseSchema = pagedEnvelope(withAbilities(AttendancePolicySchema));
export const AttendancePolicyResponseSchema = envelope(AttendancePolicySchema);

// ---- Shifts -----------------------------------------------------------------------------------

export const ShiftBodySchema = z
  .strictObject({
    name,
    start_time: hhmm,
    end_time: hhmm,
    break_minutes: minutes(720),
    grace_in_minutes: minutes(240),
    grace_out_minutes: minutes(240),
    flexi_minutes: minutes(480),
  })
  .superRefine((b, ctx) => {
    if (b.start_time === b.end_time) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'Must differ from the start time' });
      return;
    }
    const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    const span = (m(b.end_time) - m(b.start_time) + 1440) % 1440;
    if (b.break_minutes >= span) {
      ctx.addIssue({ code: 'custom', path: ['break_minutes'], message: 'Must be shorter than the shift' });
    }
  });
export type ShiftBody = z.infer<typeof ShiftBodySchema>;
export const ShiftSchema = z.object({
  id: z.string(),
  name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  break_minutes: z.number().int(),
  grace_in_minutes: z.number().int(),
  grace_out_minutes: z.number().int(),
  flexi_minutes: z.number().int(),
  /** The end is not after the start: the shift ends the next day. */
  night: z.boolean(),
  used_by: z.number().int(),
});
export type Shift = z.infer<typeof ShiftSchema>;
export const ShiftListResponseSchema = pagedEnvelope(withAbilities(ShiftSchema));
export const ShiftResponseSchema = envelope(ShiftSchema);

// ---- Rosters ----------------------------------------------------------------------------------

export const RosterSlotSchema = z.object({
  week_index: z.number().int().min(0).max(7),
  weekday: z.number().int().min(0).max(6),
  shift_id: uuid,
});
export const RosterBodySchema = z
  .strictObject({
    name,
    anchor_date: isoDate,
    rotation_weeks: z.number().int().min(1).max(8),
    slots: z.array(RosterSlotSchema).max(56),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.slots.forEach((s, i) => {
      if (s.week_index >= b.rotation_weeks) {
        ctx.addIssue({ code: 'custom', path: ['slots', i, 'week_index'], message: 'Beyond the rotation' });
      }
      const k = `${s.week_index}:${s.weekday}`;
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: ['slots', i], message: 'This day already has a shift' });
      seen.add(k);
    });
  });
export type RosterBody = z.infer<typeof RosterBodySchema>;
export const RosterSchema = z.object({
  id: z.string(),
  name: z.string(),
  anchor_date: isoDate,
  rotation_weeks: z.number().int(),
  slots: z.array(RosterSlotSchema.extend({ shift_id: z.string(), shift_name: z.string() })),
  used_by: z.number().int(),
});
export type Roster = z.infer<typeof RosterSchema>;
export const RosterListResponseSchema = pagedEnvelope(withAbilities(RosterSchema));
export const RosterResponseSchema = envelope(RosterSchema);

// ---- Weekly-off policies ----------------------------------------------------------------------

/** `days[weekday]` (0 = Sunday): the kind for the 1st..5th such weekday of the month. */
export const WeeklyOffDaysSchema = z.array(z.array(z.enum(OFF_KINDS)).length(5)).length(7);
export const WeeklyOffBodySchema = z.strictObject({ name, days: WeeklyOffDaysSchema });
export type WeeklyOffBody = z.infer<typeof WeeklyOffBodySchema>;
export const WeeklyOffPolicySchema = z.object({
  id: z.string(),
  name: z.string(),
  days: WeeklyOffDaysSchema,
  used_by: z.number().int(),
});
export type WeeklyOffPolicy = z.infer<typeof WeeklyOffPolicySchema>;
export const WeeklyOffListResponseSchema = pagedEnvelope(withAbilities(WeeklyOffPolicySchema));
export const WeeklyOffResponseSchema = envelope(WeeklyOffPolicySchema);

// ---- Holiday calendars ------------------------------------------------------------------------

export const HolidayCalendarBodySchema = z.strictObject({
  name,
  optional_limit: z.number().int().min(0).max(50),
});
export type HolidayCalendarBody = z.infer<typeof HolidayCalendarBodySchema>;
export const HolidaySchema = z.object({
  id: z.string(),
  date: isoDate,
  name: z.string(),
  optional: z.boolean(),
  location: z.string().nullable(),
});
export type Holiday = z.infer<typeof HolidaySchema>;
export const HolidayCalendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  optional_limit: z.number().int(),
  holidays: z.array(HolidaySchema),
  used_by: z.number().int(),
});
export type HolidayCalendar = z.infer<typeof HolidayCalendarSchema>;
export const HolidayCalendarListResponseSchema = pagedEnvelope(withAbilities(HolidayCalendarSchema));
export const HolidayCalendarResponseSchema = envelope(HolidayCalendarSchema);
export const HolidayBodySchema = z.strictObject({
  date: isoDate,
  name,
  optional: z.boolean(),
  location: z.string().trim().max(100).nullable().default(null),
});
export type HolidayBody = z.infer<typeof HolidayBodySchema>;
export const HolidayResponseSchema = envelope(HolidaySchema);

/** The caller's optional holidays of a year: what they may pick, what they picked, the limit. */
export const OptionalHolidaysQuerySchema = z.object({ year: YearQuerySchema });
export const OptionalHolidaysResponseSchema = envelope(
  z.object({
    calendar: z.object({ id: z.string(), name: z.string() }).nullable(),
    limit: z.number().int(),
    /** `past`: the day is before today in the company's time zone: it can no longer be picked or removed. */
    holidays: z.array(HolidaySchema.extend({ picked: z.boolean(), past: z.boolean() })),
  }),
);

// ---- Master policies --------------------------------------------------------------------------

export const MasterPolicyBodySchema = z.strictObject({
  name,
  description: z.string().trim().max(500).default(''),
  attendance_policy_id: uuid.nullable().default(null),
  shift_id: uuid.nullable().default(null),
  roster_id: uuid.nullable().default(null),
  weekly_off_policy_id: uuid.nullable().default(null),
  holiday_calendar_id: uuid.nullable().default(null),
  /** The approval flow per request type (absent: the company's default flow for that type). */
  approval_flows: z
    .array(z.object({ request_type: z.string().trim().min(1).max(64), approval_flow_id: uuid }))
    .max(20)
    .default([]),
});
export type MasterPolicyBody = z.infer<typeof MasterPolicyBodySchema>;
const ref = z.object({ id: z.string(), name: z.string() }).nullable();
export const MasterPolicySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  attendance_policy: ref,
  shift: ref,
  roster: ref,
  weekly_off_policy: ref,
  holiday_calendar: ref,
  approval_flows: z.array(
    z.object({ request_type: z.string(), approval_flow_id: z.string(), name: z.string() }),
  ),
  assignment_count: z.number().int(),
});
export type MasterPolicy = z.infer<typeof MasterPolicySchema>;
export const MasterPolicyListResponseSchema = pagedEnvelope(withAbilities(MasterPolicySchema));
export const MasterPolicyResponseSchema = envelope(MasterPolicySchema);
export const MasterPolicyDropdownResponseSchema = envelope(
  z.array(z.object({ id: z.string(), name: z.string(), is_default: z.boolean() })),
);

export const AssignmentBodySchema = z
  .strictObject({
    target_kind: z.enum(ASSIGNMENT_KINDS),
    target_id: uuid,
    effective_from: isoDate,
    effective_to: isoDate.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.effective_to !== null && b.effective_to < b.effective_from) {
      ctx.addIssue({
        code: 'custom',
        path: ['effective_to'],
        message: 'Must be on or after the effective from date',
      });
    }
  });
export type AssignmentBody = z.infer<typeof AssignmentBodySchema>;
export const AssignmentEndBodySchema = z.strictObject({ effective_to: isoDate });
export const AssignmentSchema = z.object({
  id: z.string(),
  master_policy_id: z.string(),
  master_policy_name: z.string(),
  target_kind: z.enum(ASSIGNMENT_KINDS),
  target_id: z.string(),
  target_name: z.string(),
  effective_from: isoDate,
  effective_to: isoDate.nullable(),
});
export type Assignment = z.infer<typeof AssignmentSchema>;
export const AssignmentListResponseSchema = envelope(z.array(AssignmentSchema));
export const AssignmentResponseSchema = envelope(AssignmentSchema);

// ---- Summary and inspector --------------------------------------------------------------------

export const PoliciesSummaryResponseSchema = envelope(
  z.object({
    counts: z.object({
      attendance_policies: z.number().int(),
      shifts: z.number().int(),
      rosters: z.number().int(),
      weekly_off_policies: z.number().int(),
      holiday_calendars: z.number().int(),
      master_policies: z.number().int(),
    }),
    master_policies: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        is_default: z.boolean(),
        /** Employees it applies to today (the default: everyone no assignment reaches). */
        employee_count: z.number().int(),
      }),
    ),
    today: z.string(),
  }),
);

export const ExplainQuerySchema = z.object({ employee_id: uuid, date: isoDate });
const refNN = z.object({ id: z.string(), name: z.string() }).nullable();
export const PolicyAnswerSchema = z.object({
  date: isoDate,
  employeeId: z.string(),
  masterPolicy: refNN,
  via: z
    .object({
      kind: z.enum(['employee', 'unit', 'division', 'company_default']),
      id: z.string().nullable(),
      name: z.string(),
      effectiveFrom: z.string(),
      assignmentId: z.string().nullable(),
    })
    .nullable(),
  overridden: z.array(
    z.object({
      kind: z.string(),
      name: z.string(),
      effectiveFrom: z.string(),
      reason: z.string(),
      masterPolicyName: z.string(),
    }),
  ),
  attendancePolicy: refNN,
  shift: refNN,
  weeklyOffPolicy: refNN,
  holidayCalendar: refNN,
  leavePolicy: refNN,
  day: z.object({
    weeklyOff: z.enum(OFF_KINDS),
    holiday: z.object({ id: z.string(), name: z.string(), optional: z.boolean() }).nullable(),
  }),
});
export type PolicyAnswerView = z.infer<typeof PolicyAnswerSchema>;
export const ExplainResponseSchema = envelope(PolicyAnswerSchema);
