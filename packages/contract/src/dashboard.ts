import { z } from 'zod';
import { ATTENDANCE_DAY_STATUSES, TeamTodaySchema } from './attendance';
import { IsoMonthSchema, IsoDateSchema as isoDate, MonthOfYearSchema, YearSchema } from './dates';
import { envelope } from './envelope';
import { AnnouncementSchema } from './org';

const HolidaySchema = z.object({ date: isoDate, name: z.string(), optional: z.boolean() });

const PersonDateSchema = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  /** The coming date (YYYY-MM-DD) in the company's time zone. */
  date: isoDate,
  days_until: z.number().int(),
});

export const AdminDashboardSchema = z.object({
  today: z.string(),
  headcount: z.number().int(),
  joiners_this_month: z.number().int(),
  exits_this_month: z.number().int(),
  headcount_by_division: z.array(
    z.object({ division_id: z.string().nullable(), division_name: z.string(), headcount: z.number().int() }),
  ),
  upcoming_birthdays: z.array(PersonDateSchema),
  upcoming_anniversaries: z.array(PersonDateSchema.extend({ years: z.number().int() })),
  announcements: z.array(AnnouncementSchema),
  /** Pending requests across the company, one row per request type that has any. */
  pending_by_type: z.array(
    z.object({
      request_type: z.string(),
      count: z.number().int(),
      oldest_created_at: z.string(),
      /** Whole days the oldest has waited, in the company's time zone. */
      oldest_days: z.number().int(),
    }),
  ),
  /**
   * Payroll: the open run of the company (its month and status, and progress while computing) and the
   * last confirmed run with its totals; null where there is none.
   */
  payroll: z.object({
    open_run: z
      .object({
        id: z.string(),
        month: IsoMonthSchema,
        status: z.enum(['draft', 'computing', 'computed']),
        attendance_status: z.enum(['pending', 'confirmed']),
        anomalies_open: z.number().int(),
      })
      .nullable(),
    last_confirmed: z
      .object({
        id: z.string(),
        month: IsoMonthSchema,
        pay_date: isoDate,
        employees: z.number().int(),
        gross_paise: z.number().int(),
        net_paise: z.number().int(),
        payslips_status: z.enum(['none', 'generating', 'generated']),
      })
      .nullable(),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
export const AdminDashboardResponseSchema = envelope(AdminDashboardSchema);

export const TeamDashboardSchema = z.object({
  /** My team's attendance today, in the same call (GET /api/attendance/team/today gives the same). */
  team_today: TeamTodaySchema,
  team: z.array(
    z.object({
      id: z.string(),
      employee_code: z.string(),
      employee_name: z.string(),
      designation: z.string().nullable(),
      unit_name: z.string().nullable(),
      status: z.string(),
    }),
  ),
  pending_requests: z.array(
    z.object({
      request_id: z.string(),
      request_type: z.string(),
      requester_id: z.string(),
      requester_name: z.string(),
      level: z.number().int(),
      created_at: z.string(),
      /** Whole days since it was raised, in the company's time zone. */
      days_waiting: z.number().int(),
      on_behalf_of: z.string().nullable(),
    }),
  ),
  announcements: z.array(AnnouncementSchema),
  /** This month's approved and pending leave of my reports (and mine), with my holidays. */
  leave_calendar: z.object({
    month: MonthOfYearSchema,
    year: YearSchema,
    holidays: z.array(HolidaySchema),
    leaves: z.array(
      z.object({
        request_id: z.string(),
        employee_id: z.string(),
        employee_name: z.string(),
        leave_type: z.string(),
        date: isoDate,
        amount: z.number(),
        status: z.enum(['pending', 'approved']),
      }),
    ),
  }),
});
export type TeamDashboard = z.infer<typeof TeamDashboardSchema>;
export const TeamDashboardResponseSchema = envelope(TeamDashboardSchema);

/** What the employee dashboard shows, all of it the caller's own. */
export const EmployeeDashboardSchema = z.object({
  today: z.string(),
  time_zone: z.string(),
  employee_name: z.string(),
  /** Today's attendance: status null and no times until a punch or a derived day exists. */
  today_punch: z.object({
    status: z.enum(ATTENDANCE_DAY_STATUSES).nullable(),
    first_in: z.string().nullable(),
    last_out: z.string().nullable(),
    punches: z.number().int(),
    /** Today's punch instants in order (sessions pair them: in, out, in, ...). */
    times: z.array(z.string()),
    /** The punch button's action: in after none or an even number of punches, out after an odd. */
    next: z.enum(['in', 'out']),
    /** The last punch in while working (odd punches): "Working since 09:12"; else null. */
    punched_in_at: z.string().nullable(),
    /** Whether today's attendance policy checks the location of a web punch. */
    location_required: z.boolean(),
  }),
  leave_balances: z.array(
    z.object({
      leave_type_id: z.string(),
      name: z.string(),
      code: z.string(),
      unit: z.string(),
      balance: z.number(),
      pending: z.number(),
      available: z.number(),
    }),
  ),
  /** My pending requests of every type, with who decides next (approvers at the current level who have not decided). */
  my_pending: z.array(
    z.object({
      request_id: z.string(),
      request_type: z.string(),
      level: z.number().int(),
      /** How many levels the request has (the current one is `level`). */
      level_count: z.number().int(),
      created_at: z.string(),
      days_waiting: z.number().int(),
      next_approvers: z.array(z.string()),
      /** Today's delegates of those approvers, who may decide in their stead. */
      standing_in: z.array(z.string()),
    }),
  ),
  /** Holidays of my calendar in the next 90 days. */
  upcoming_holidays: z.array(HolidaySchema),
  announcements: z.array(AnnouncementSchema),
  /** My last confirmed payslip (null before my first): month, pay date, gross and net. */
  latest_payslip: z
    .object({
      id: z.string(),
      month: IsoMonthSchema,
      pay_date: isoDate,
      gross_paise: z.number().int(),
      net_paise: z.number().int(),
    })
    .nullable(),
});
export type EmployeeDashboard = z.infer<typeof EmployeeDashboardSchema>;
export const EmployeeDashboardResponseSchema = envelope(EmployeeDashboardSchema);
