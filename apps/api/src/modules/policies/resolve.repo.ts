import { isRealDate } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { daysBetween, eachDay } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import {
  type Assignment,
  type EmployeeOrg,
  type OffKind,
  type RosterDef,
  resolveAssignment,
  rosterShiftOn,
  type WeeklyOffDays,
  weeklyOffOn,
} from './policies.domain';

/** Types of the seam other modules build on (re-exported by index.ts; fields may be added). */
export type ShiftDef = {
  id: string;
  name: string;
  start: string;
  end: string;
  breakMinutes: number;
  graceInMinutes: number;
  graceOutMinutes: number;
  flexiMinutes: number;
};
export type AttendanceRules = {
  id: string;
  name: string;
  cycleStartDay: number;
  punchSources: ('web' | 'mobile' | 'biometric' | 'manual')[];
  halfDayMinMinutes: number;
  fullDayMinMinutes: number;
  lateMarksPerPenalty: number | null;
  latePenaltyDays: number;
  earlyExitMarksPerPenalty: number | null;
  earlyExitPenaltyDays: number;
  regularisationPerMonth: number | null;
  regularisationLookbackDays: number | null;
  regularisationAutoApprove: boolean;
  location: { lat: number; lng: number; radiusMetres: number } | null;
};
export type DayContext = {
  date: string;
  weeklyOff: OffKind;
  holiday: { id: string; name: string; optional: boolean } | null;
  shift: ShiftDef | null;
  attendance: AttendanceRules | null;
  masterPolicyId: string | null;
  leavePolicyId: string | null;
};
export type PolicyAnswer = {
  date: string;
  employeeId: string;
  masterPolicy: { id: string; name: string } | null;
  via: {
    kind: 'employee' | 'unit' | 'division' | 'company_default';
    id: string | null;
    name: string;
    effectiveFrom: string;
    assignmentId: string | null;
  } | null;
  overridden: {
    kind: string;
    name: string;
    effectiveFrom: string;
    reason: string;
    masterPolicyName: string;
  }[];
  attendancePolicy: { id: string; name: string } | null;
  shift: { id: string; name: string } | null;
  weeklyOffPolicy: { id: string; name: string } | null;
  holidayCalendar: { id: string; name: string } | null;
  leavePolicy: { id: string; name: string } | null;
};

type EmployeeRow = EmployeeOrg & { location: string | null; joined: string };
type MasterRow = {
  id: string;
  name: string;
  is_default: boolean;
  attendance_policy_id: string | null;
  shift_id: string | null;
  roster_id: string | null;
  weekly_off_policy_id: string | null;
  holiday_calendar_id: string | null;
  // Added by the leave module's migration; read through to_jsonb so this works before and after.
  leave_policy_id: string | null;
};

/** A day-context load covers at most this many days (a payroll cycle is ~31; a year is 366). */
export const MAX_RANGE_DAYS = 400;

async function employeesOf(tx: Queryable, ids: string[]): Promise<EmployeeRow[]> {
  // One primary-key probe per id: under the pool's generic plans `e.id = ANY($1)` became a filter
  // testing every employee of the company against the whole array (0.3 s for 5,000 ids, on
  // every attendance re-derive and muster). OFFSET 0 keeps the subquery a probe.
  const { rows } = await tx.query<EmployeeRow>(
    `SELECT e.id, e.division_unit_id AS "unitId", u.division_id AS "divisionId",
            e.work_location AS location, to_char(e.date_of_joining, 'YYYY-MM-DD') AS joined
       FROM unnest($1::uuid[]) AS x(id)
      CROSS JOIN LATERAL (SELECT * FROM employees WHERE id = x.id OFFSET 0) e
       LEFT JOIN division_units u ON u.id = e.division_unit_id`,
    [ids],
  );
  return rows;
}

/** Assignments in force at some point in [from, to] reaching any of these employees. */
async function assignmentsFor(
  tx: Queryable,
  emps: EmployeeRow[],
  from: string,
  to: string,
): Promise<Assignment[]> {
  const { rows } = await tx.query<Assignment>(
    `SELECT a.id, a.master_policy_id AS "masterPolicyId", a.target_kind AS kind,
            coalesce(a.employee_id, a.unit_id, a.division_id) AS "targetId",
            coalesce(nullif(trim(e.first_name || ' ' || e.last_name), ''), u.name, d.name) AS "targetName",
            to_char(a.effective_from, 'YYYY-MM-DD') AS "effectiveFrom",
            to_char(a.effective_to, 'YYYY-MM-DD') AS "effectiveTo"
       FROM master_policy_assignments a
       LEFT JOIN employees e ON e.id = a.employee_id
       LEFT JOIN division_units u ON u.id = a.unit_id
       LEFT JOIN divisions d ON d.id = a.division_id
      WHERE (a.employee_id = ANY($1::uuid[]) OR a.unit_id = ANY($2::uuid[]) OR a.division_id = ANY($3::uuid[]))
        AND a.effective_from <= $5::date AND (a.effective_to IS NULL OR a.effective_to >= $4::date)
      ORDER BY a.created_at, a.id`,
    [
      emps.map((e) => e.id),
      emps.flatMap((e) => (e.unitId ? [e.unitId] : [])),
      emps.flatMap((e) => (e.divisionId ? [e.divisionId] : [])),
      from,
      to,
    ],
  );
  return rows;
}

async function masterPolicies(tx: Queryable, ids: string[]): Promise<Map<string, MasterRow>> {
  const { rows } = await tx.query<{ r: MasterRow }>(
    `SELECT to_jsonb(mp) AS r FROM master_policies mp WHERE mp.id = ANY($1::uuid[]) OR mp.is_default`,
    [ids],
  );
  return new Map(rows.map(({ r }) => [r.id, { ...r, leave_policy_id: r.leave_policy_id ?? null }]));
}

const named = <T extends { id: string; name: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

async function shiftsById(tx: Queryable, ids: string[]) {
  const { rows } = await tx.query<ShiftDef>(
    `SELECT id, name, start_time AS start, end_time AS "end", break_minutes AS "breakMinutes",
            grace_in_minutes AS "graceInMinutes", grace_out_minutes AS "graceOutMinutes",
            flexi_minutes AS "flexiMinutes"
       FROM shifts WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return named(rows);
}

type AttendanceRow = Omit<AttendanceRules, 'location'> & {
  lat: number | null;
  lng: number | null;
  radius: number | null;
};
async function attendanceById(tx: Queryable, ids: string[]) {
  const { rows } = await tx.query<AttendanceRow>(
    `SELECT id, name, cycle_start_day AS "cycleStartDay", punch_sources AS "punchSources",
            half_day_min_minutes AS "halfDayMinMinutes", full_day_min_minutes AS "fullDayMinMinutes",
            late_marks_per_penalty AS "lateMarksPerPenalty", late_penalty_days::float8 AS "latePenaltyDays",
            early_exit_marks_per_penalty AS "earlyExitMarksPerPenalty",
            early_exit_penalty_days::float8 AS "earlyExitPenaltyDays",
            regularisation_per_month AS "regularisationPerMonth",
            regularisation_lookback_days AS "regularisationLookbackDays",
            regularisation_auto_approve AS "regularisationAutoApprove",
            location_lat AS lat, location_lng AS lng, location_radius_metres AS radius
       FROM attendance_policies WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map(({ lat, lng, radius, ...r }) => [
      r.id,
      {
        ...r,
        location: lat !== null && lng !== null && radius !== null ? { lat, lng, radiusMetres: radius } : null,
      } satisfies AttendanceRules,
    ]),
  );
}

async function rostersById(tx: Queryable, ids: string[]) {
  const { rows } = await tx.query<RosterDef & { id: string; name: string }>(
    `SELECT r.id, r.name, to_char(r.anchor_date, 'YYYY-MM-DD') AS "anchorDate", r.rotation_weeks AS "rotationWeeks",
            coalesce((SELECT json_agg(json_build_object('weekIndex', s.week_index, 'weekday', s.weekday, 'shiftId', s.shift_id))
                        FROM roster_slots s WHERE s.roster_id = r.id), '[]'::json) AS slots
       FROM rosters r WHERE r.id = ANY($1::uuid[])`,
    [ids],
  );
  return named(rows);
}

async function weeklyOffsById(tx: Queryable, ids: string[]) {
  const { rows } = await tx.query<{ id: string; name: string; days: WeeklyOffDays }>(
    'SELECT id, name, days FROM weekly_off_policies WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return named(rows);
}

type HolidayRow = {
  id: string;
  calendarId: string;
  date: string;
  name: string;
  optional: boolean;
  location: string | null;
};
async function holidaysIn(tx: Queryable, calendarIds: string[], from: string, to: string) {
  const { rows } = await tx.query<HolidayRow>(
    `SELECT id, calendar_id AS "calendarId", to_char(holiday_date, 'YYYY-MM-DD') AS date, name, optional, location
       FROM holidays WHERE calendar_id = ANY($1::uuid[]) AND holiday_date BETWEEN $2 AND $3
      ORDER BY holiday_date, optional, lower(name)`,
    [calendarIds, from, to],
  );
  return rows;
}

async function optionalPicks(tx: Queryable, employeeIds: string[], from: string, to: string) {
  const { rows } = await tx.query<{ employee_id: string; holiday_id: string }>(
    `SELECT p.employee_id, p.holiday_id FROM employee_optional_holidays p
       JOIN holidays h ON h.id = p.holiday_id
      WHERE p.employee_id = ANY($1::uuid[]) AND h.holiday_date BETWEEN $2 AND $3`,
    [employeeIds, from, to],
  );
  return new Set(rows.map((r) => `${r.employee_id}:${r.holiday_id}`));
}

const uniq = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))];

function checkRange(from: string, to: string) {
  if (!isRealDate(from)) throw new AppError('VALIDATION', 'from: not a valid date (YYYY-MM-DD)');
  if (!isRealDate(to)) throw new AppError('VALIDATION', 'to: not a valid date (YYYY-MM-DD)');
  if (to < from) throw new AppError('VALIDATION', 'to: must be on or after from');
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    throw new AppError('VALIDATION', `to: a range covers at most ${MAX_RANGE_DAYS} days`);
  }
}

/**
 * Day contexts for many employees over [from, to], in a fixed handful of queries whatever the
 * number of employees or days. Unknown employee ids are absent from the map. The employee's unit
 * and division are their current ones (the organisation keeps no history of moves).
 */
export async function loadDayContexts(
  tx: Queryable,
  _companyId: string,
  employeeIds: string[],
  from: string,
  to: string,
): Promise<Map<string, DayContext[]>> {
  checkRange(from, to);
  const out = new Map<string, DayContext[]>();
  if (employeeIds.length === 0) return out;
  const emps = await employeesOf(tx, uniq(employeeIds));
  if (emps.length === 0) return out;
  const assignments = await assignmentsFor(tx, emps, from, to);
  const masters = await masterPolicies(tx, uniq(assignments.map((a) => a.masterPolicyId)));
  const fallback = [...masters.values()].find((m) => m.is_default) ?? null;
  const ms = [...masters.values()];
  const rosters = await rostersById(tx, uniq(ms.map((m) => m.roster_id)));
  // One statement at a time: a transaction's connection runs them in order anyway.
  const rosterShiftIds = [...rosters.values()].flatMap((r) => r.slots.map((s) => s.shiftId));
  const shifts = await shiftsById(tx, uniq([...ms.map((m) => m.shift_id), ...rosterShiftIds]));
  const attendance = await attendanceById(tx, uniq(ms.map((m) => m.attendance_policy_id)));
  const weeklyOffs = await weeklyOffsById(tx, uniq(ms.map((m) => m.weekly_off_policy_id)));
  const holidays = await holidaysIn(tx, uniq(ms.map((m) => m.holiday_calendar_id)), from, to);
  const picks = await optionalPicks(
    tx,
    emps.map((e) => e.id),
    from,
    to,
  );
  const holidaysOn = new Map<string, HolidayRow[]>();
  for (const h of holidays)
    holidaysOn.set(`${h.calendarId}:${h.date}`, [...(holidaysOn.get(`${h.calendarId}:${h.date}`) ?? []), h]);

  const dates = eachDay(from, to, MAX_RANGE_DAYS);
  for (const e of emps) {
    const mine = assignments.filter((a) =>
      a.kind === 'employee'
        ? a.targetId === e.id
        : a.kind === 'unit'
          ? a.targetId === e.unitId
          : a.targetId === e.divisionId,
    );
    const days: DayContext[] = [];
    for (const date of dates) {
      const { winner } = resolveAssignment(mine, e, date);
      const mp = winner ? (masters.get(winner.masterPolicyId) ?? null) : fallback;
      const roster = mp?.roster_id ? rosters.get(mp.roster_id) : undefined;
      const shiftId = (roster && rosterShiftOn(roster, date)) ?? mp?.shift_id ?? null;
      const wo = mp?.weekly_off_policy_id ? weeklyOffs.get(mp.weekly_off_policy_id) : undefined;
      const candidates =
        (mp?.holiday_calendar_id ? holidaysOn.get(`${mp.holiday_calendar_id}:${date}`) : undefined) ?? [];
      const loc = e.location?.trim().toLowerCase() ?? null;
      const h = candidates.find(
        (c) =>
          (c.location === null || c.location.trim().toLowerCase() === loc) &&
          (!c.optional || picks.has(`${e.id}:${c.id}`)),
      );
      days.push({
        date,
        weeklyOff: wo ? weeklyOffOn(wo.days, date) : 'none',
        holiday: h ? { id: h.id, name: h.name, optional: h.optional } : null,
        shift: shiftId ? (shifts.get(shiftId) ?? null) : null,
        attendance: mp?.attendance_policy_id ? (attendance.get(mp.attendance_policy_id) ?? null) : null,
        masterPolicyId: mp?.id ?? null,
        leavePolicyId: mp?.leave_policy_id ?? null,
      });
    }
    out.set(e.id, days);
  }
  return out;
}

/** The leave policy's name, once the leave module's table exists (it is added in parallel). */
async function leavePolicyName(tx: Queryable, id: string): Promise<string> {
  const { rows } = await tx.query<{ exists: boolean }>(
    "SELECT to_regclass('leave_policies') IS NOT NULL AS exists",
  );
  if (!rows[0]?.exists) return id;
  const r = await tx.query<{ name: string | null }>(
    "SELECT to_jsonb(lp)->>'name' AS name FROM leave_policies lp WHERE lp.id = $1",
    [id],
  );
  return r.rows[0]?.name ?? id;
}

async function nameOf(
  tx: Queryable,
  table: 'attendance_policies' | 'shifts' | 'weekly_off_policies' | 'holiday_calendars',
  id: string | null,
) {
  if (!id) return null;
  const { rows } = await tx.query<{ id: string; name: string }>(
    `SELECT id, name FROM ${table} WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * "Which policy applies to this employee on this date, and why": the winning assignment (or the
 * company default), the assignments that also match but lose, and what the master policy bundles.
 * Not found when the employee is not in the tenant's company. The company default's "since" is
 * the employee's joining date.
 */
export async function explainPolicy(
  tx: Queryable,
  _companyId: string,
  employeeId: string,
  date: string,
): Promise<PolicyAnswer> {
  checkRange(date, date);
  const [e] = await employeesOf(tx, [employeeId]);
  if (!e) throw notFound('Employee');
  const assignments = await assignmentsFor(tx, [e], date, date);
  const masters = await masterPolicies(tx, uniq(assignments.map((a) => a.masterPolicyId)));
  const { winner, overridden } = resolveAssignment(assignments, e, date);
  const fallback = [...masters.values()].find((m) => m.is_default) ?? null;
  const mp = winner ? (masters.get(winner.masterPolicyId) ?? null) : fallback;
  const roster = mp?.roster_id ? (await rostersById(tx, [mp.roster_id])).get(mp.roster_id) : undefined;
  const shiftId = (roster && rosterShiftOn(roster, date)) ?? mp?.shift_id ?? null;
  const via: PolicyAnswer['via'] = winner
    ? {
        kind: winner.kind,
        id: winner.targetId,
        name: winner.targetName,
        effectiveFrom: winner.effectiveFrom,
        assignmentId: winner.id,
      }
    : fallback
      ? {
          kind: 'company_default',
          id: null,
          name: 'Company default',
          effectiveFrom: e.joined,
          assignmentId: null,
        }
      : null;
  return {
    date,
    employeeId,
    masterPolicy: mp ? { id: mp.id, name: mp.name } : null,
    via,
    overridden: overridden.map(({ assignment: a, reason }) => ({
      kind: a.kind,
      name: a.targetName,
      effectiveFrom: a.effectiveFrom,
      reason,
      masterPolicyName: masters.get(a.masterPolicyId)?.name ?? '',
    })),
    attendancePolicy: await nameOf(tx, 'attendance_policies', mp?.attendance_policy_id ?? null),
    shift: await nameOf(tx, 'shifts', shiftId),
    weeklyOffPolicy: await nameOf(tx, 'weekly_off_policies', mp?.weekly_off_policy_id ?? null),
    holidayCalendar: await nameOf(tx, 'holiday_calendars', mp?.holiday_calendar_id ?? null),
    leavePolicy: mp?.leave_policy_id
      ? { id: mp.leave_policy_id, name: await leavePolicyName(tx, mp.leave_policy_id) }
      : null,
  };
}

/**
 * The approval flow the master policy in force for the employee on `date` names for
 * `requestType` (the same winner as explainPolicy: employee > unit > division > company default),
 * or null when that policy names none, no policy applies or the employee is unknown: the caller
 * then uses the company's default flow for the type.
 */
export async function approvalFlowFor(
  tx: Queryable,
  employeeId: string,
  requestType: string,
  date: string,
): Promise<string | null> {
  checkRange(date, date);
  const [e] = await employeesOf(tx, [employeeId]);
  if (!e) return null;
  const assignments = await assignmentsFor(tx, [e], date, date);
  const { winner } = resolveAssignment(assignments, e, date);
  const policy = winner ? 'mp.id = $2' : 'mp.is_default';
  const { rows } = await tx.query<{ approval_flow_id: string }>(
    `SELECT f.approval_flow_id FROM master_policies mp
       JOIN master_policy_approval_flows f ON f.master_policy_id = mp.id AND f.request_type = $1
      WHERE ${policy} LIMIT 1`,
    winner ? [requestType, winner.masterPolicyId] : [requestType],
  );
  return rows[0]?.approval_flow_id ?? null;
}

/**
 * The notice period (calendar days) of the master policy that applies to the employee on `date`:
 * the assigned policy that wins, or the company default; null for an unknown employee.
 */
export async function noticeDaysFor(tx: Queryable, employeeId: string, date: string): Promise<number | null> {
  checkRange(date, date);
  const [e] = await employeesOf(tx, [employeeId]);
  if (!e) return null;
  const assignments = await assignmentsFor(tx, [e], date, date);
  const { winner } = resolveAssignment(assignments, e, date);
  const { rows } = await tx.query<{ notice_days: number }>(
    `SELECT notice_days FROM master_policies mp WHERE ${winner ? 'mp.id = $1' : 'mp.is_default'} LIMIT 1`,
    winner ? [winner.masterPolicyId] : [],
  );
  return rows[0]?.notice_days ?? 30;
}
