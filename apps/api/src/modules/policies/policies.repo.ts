import type {
  Assignment,
  AssignmentBody,
  AttendancePolicy,
  AttendancePolicyBody,
  Holiday,
  HolidayBody,
  HolidayCalendar,
  HolidayCalendarBody,
  MasterPolicy,
  MasterPolicyBody,
  PolicyListQuery,
  Roster,
  RosterBody,
  Shift,
  ShiftBody,
  WeeklyOffBody,
  WeeklyOffPolicy,
} from '@hr/contract';
import type { Queryable } from '../../db/client';

/** All run inside a tenant transaction: row-level security limits them to the actor's company. */

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of a named policy table, searched by name. `select` reads from alias `t`. */
async function page<T>(
  tx: Queryable,
  table: string,
  select: string,
  q: PolicyListQuery,
): Promise<{ rows: T[]; total: number }> {
  const params: unknown[] = [];
  const where = q.search ? `WHERE t.name ILIKE $${params.push(`%${escapeLike(q.search)}%`)}` : '';
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} t ${where}`, params))
    .rows[0]!.n;
  const order = q.sortBy === 'created_at' ? 't.created_at' : 'lower(t.name)';
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await tx.query<T>(
    `${select} ${where} ORDER BY ${order} ${dir}, t.id LIMIT $${params.push(q.records)} OFFSET $${params.push((q.page - 1) * q.records)}`,
    params,
  );
  return { rows, total };
}

const one = async <T>(tx: Queryable, sql: string, params: unknown[]) =>
  (await tx.query<T>(sql, params)).rows[0] ?? null;
const usedBy = (col: string) =>
  `(SELECT count(*)::int FROM master_policies m WHERE m.${col} = t.id) AS used_by`;

// ---- Attendance policies ----------------------------------------------------------------------

const ATT = `SELECT t.id, t.name, t.cycle_start_day, t.punch_sources, t.half_day_min_minutes, t.full_day_min_minutes,
    t.late_marks_per_penalty, t.late_penalty_days::float8 AS late_penalty_days, t.early_exit_marks_per_penalty,
    t.early_exit_penalty_days::float8 AS early_exit_penalty_days, t.regularisation_per_month,
    t.regularisation_lookback_days, t.regularisation_auto_approve, t.location_lat, t.location_lng,
    t.location_radius_metres, ${usedBy('attendance_policy_id')}
  FROM attendance_policies t`;
const ATT_COLS = [
  'name',
  'cycle_start_day',
  'punch_sources',
  'half_day_min_minutes',
  'full_day_min_minutes',
  'late_marks_per_penalty',
  'late_penalty_days',
  'early_exit_marks_per_penalty',
  'early_exit_penalty_days',
  'regularisation_per_month',
  'regularisation_lookback_days',
  'regularisation_auto_approve',
  'location_lat',
  'location_lng',
  'location_radius_metres',
] as const;

export const listAttendance = (tx: Queryable, q: PolicyListQuery) =>
  page<AttendancePolicy>(tx, 'attendance_policies', ATT, q);
export const getAttendance = (tx: Queryable, id: string, lock = false) =>
  one<AttendancePolicy>(tx, `${ATT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);

/** Inserts or updates a row from a body whose keys are exactly `cols` (the contract's names). */
async function save(
  tx: Queryable,
  table: string,
  cols: readonly string[],
  body: Record<string, unknown>,
  companyId: string,
  id?: string,
): Promise<string> {
  const values = cols.map((c) => body[c]);
  if (id) {
    await tx.query(
      `UPDATE ${table} SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...values],
    );
    return id;
  }
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO ${table} (company_id, ${cols.join(', ')}) VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    [companyId, ...values],
  );
  return rows[0]!.id;
}

export const saveAttendance = (tx: Queryable, companyId: string, b: AttendancePolicyBody, id?: string) =>
  save(tx, 'attendance_policies', ATT_COLS, b, companyId, id);

// ---- Shifts -----------------------------------------------------------------------------------

const SHIFT = `SELECT t.id, t.name, t.start_time, t.end_time, t.break_minutes, t.grace_in_minutes,
    t.grace_out_minutes, t.flexi_minutes, t.end_time <= t.start_time AS night,
    ((SELECT count(*)::int FROM master_policies m WHERE m.shift_id = t.id)
      + (SELECT count(DISTINCT s.roster_id)::int FROM roster_slots s WHERE s.shift_id = t.id)) AS used_by
  FROM shifts t`;
const SHIFT_COLS = [
  'name',
  'start_time',
  'end_time',
  'break_minutes',
  'grace_in_minutes',
  'grace_out_minutes',
  'flexi_minutes',
] as const;
export const listShifts = (tx: Queryable, q: PolicyListQuery) => page<Shift>(tx, 'shifts', SHIFT, q);
export const getShift = (tx: Queryable, id: string, lock = false) =>
  one<Shift>(tx, `${SHIFT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
export const saveShift = (tx: Queryable, companyId: string, b: ShiftBody, id?: string) =>
  save(tx, 'shifts', SHIFT_COLS, b, companyId, id);
export async function existingShiftIds(tx: Queryable, ids: string[]) {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM shifts WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

// ---- Rosters ----------------------------------------------------------------------------------

const ROSTER = `SELECT t.id, t.name, to_char(t.anchor_date, 'YYYY-MM-DD') AS anchor_date, t.rotation_weeks,
    coalesce((SELECT json_agg(json_build_object('week_index', s.week_index, 'weekday', s.weekday,
        'shift_id', s.shift_id, 'shift_name', sh.name) ORDER BY s.week_index, s.weekday)
      FROM roster_slots s JOIN shifts sh ON sh.id = s.shift_id WHERE s.roster_id = t.id), '[]'::json) AS slots,
    ${usedBy('roster_id')}
  FROM rosters t`;
export const listRosters = (tx: Queryable, q: PolicyListQuery) => page<Roster>(tx, 'rosters', ROSTER, q);
export const getRoster = (tx: Queryable, id: string, lock = false) =>
  one<Roster>(tx, `${ROSTER} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
export async function saveRoster(tx: Queryable, companyId: string, b: RosterBody, id?: string) {
  const rid = await save(tx, 'rosters', ['name', 'anchor_date', 'rotation_weeks'], b, companyId, id);
  await tx.query('DELETE FROM roster_slots WHERE roster_id = $1', [rid]);
  if (b.slots.length > 0) {
    await tx.query(
      `INSERT INTO roster_slots (company_id, roster_id, week_index, weekday, shift_id)
       SELECT $1, $2, s.w, s.d, s.sh FROM unnest($3::int[], $4::int[], $5::uuid[]) AS s(w, d, sh)`,
      [
        companyId,
        rid,
        b.slots.map((s) => s.week_index),
        b.slots.map((s) => s.weekday),
        b.slots.map((s) => s.shift_id),
      ],
    );
  }
  return rid;
}

// ---- Weekly-off policies ----------------------------------------------------------------------

const WO = `SELECT t.id, t.name, t.days, ${usedBy('weekly_off_policy_id')} FROM weekly_off_policies t`;
export const listWeeklyOffs = (tx: Queryable, q: PolicyListQuery) =>
  page<WeeklyOffPolicy>(tx, 'weekly_off_policies', WO, q);
export const getWeeklyOff = (tx: Queryable, id: string, lock = false) =>
  one<WeeklyOffPolicy>(tx, `${WO} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
export const saveWeeklyOff = (tx: Queryable, companyId: string, b: WeeklyOffBody, id?: string) =>
  save(
    tx,
    'weekly_off_policies',
    ['name', 'days'],
    { name: b.name, days: JSON.stringify(b.days) },
    companyId,
    id,
  );

// ---- Holiday calendars ------------------------------------------------------------------------

const CAL = `SELECT t.id, t.name, t.optional_limit,
    coalesce((SELECT json_agg(json_build_object('id', h.id, 'date', to_char(h.holiday_date, 'YYYY-MM-DD'),
        'name', h.name, 'optional', h.optional, 'location', h.location) ORDER BY h.holiday_date, lower(h.name))
      FROM holidays h WHERE h.calendar_id = t.id), '[]'::json) AS holidays,
    ${usedBy('holiday_calendar_id')}
  FROM holiday_calendars t`;
export const listCalendars = (tx: Queryable, q: PolicyListQuery) =>
  page<HolidayCalendar>(tx, 'holiday_calendars', CAL, q);
export const getCalendar = (tx: Queryable, id: string, lock = false) =>
  one<HolidayCalendar>(tx, `${CAL} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
export const saveCalendar = (tx: Queryable, companyId: string, b: HolidayCalendarBody, id?: string) =>
  save(tx, 'holiday_calendars', ['name', 'optional_limit'], b, companyId, id);

const HOLIDAY = `SELECT id, to_char(holiday_date, 'YYYY-MM-DD') AS date, name, optional, location FROM holidays`;
export const getHoliday = (tx: Queryable, calendarId: string, id: string) =>
  one<Holiday>(tx, `${HOLIDAY} WHERE id = $1 AND calendar_id = $2`, [id, calendarId]);
export async function saveHoliday(
  tx: Queryable,
  companyId: string,
  calendarId: string,
  b: HolidayBody,
  id?: string,
) {
  const location = b.location ? b.location : null;
  if (id) {
    await tx.query(
      'UPDATE holidays SET holiday_date = $2, name = $3, optional = $4, location = $5, updated_at = now() WHERE id = $1',
      [id, b.date, b.name, b.optional, location],
    );
    return id;
  }
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO holidays (company_id, calendar_id, holiday_date, name, optional, location)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [companyId, calendarId, b.date, b.name, b.optional, location],
  );
  return rows[0]!.id;
}
export const deleteHoliday = (tx: Queryable, id: string) =>
  tx.query('DELETE FROM holidays WHERE id = $1', [id]);

/**
 * The optional holidays of a calendar in a year that apply to this employee (those for every
 * location, and those of the employee's work location, compared as derivation does: trimmed,
 * case-insensitive), with whether they picked each.
 */
export async function optionalHolidaysOf(
  tx: Queryable,
  calendarId: string,
  employeeId: string,
  year: number,
) {
  const { rows } = await tx.query<Holiday & { picked: boolean }>(
    `SELECT h.id, to_char(h.holiday_date, 'YYYY-MM-DD') AS date, h.name, h.optional, h.location,
            EXISTS (SELECT 1 FROM employee_optional_holidays p WHERE p.holiday_id = h.id AND p.employee_id = $2) AS picked
       FROM holidays h
      WHERE h.calendar_id = $1 AND h.optional AND extract(year FROM h.holiday_date) = $3
        AND (h.location IS NULL OR lower(trim(h.location)) =
             (SELECT lower(trim(e.work_location)) FROM employees e WHERE e.id = $2))
      ORDER BY h.holiday_date`,
    [calendarId, employeeId, year],
  );
  return rows;
}
export async function pickHoliday(tx: Queryable, companyId: string, employeeId: string, holidayId: string) {
  const { rows } = await tx.query(
    `INSERT INTO employee_optional_holidays (company_id, employee_id, holiday_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING holiday_id`,
    [companyId, employeeId, holidayId],
  );
  return rows.length > 0;
}
export async function unpickHoliday(tx: Queryable, employeeId: string, holidayId: string) {
  const { rows } = await tx.query(
    'DELETE FROM employee_optional_holidays WHERE employee_id = $1 AND holiday_id = $2 RETURNING holiday_id',
    [employeeId, holidayId],
  );
  return rows.length > 0;
}
/** Whether a holiday's location (null: every location) is the employee's work location. */
export async function holidayAppliesTo(tx: Queryable, location: string | null, employeeId: string) {
  if (location === null) return true;
  const { rows } = await tx.query(
    'SELECT 1 FROM employees WHERE id = $1 AND lower(trim(work_location)) = lower(trim($2::text))',
    [employeeId, location],
  );
  return rows.length > 0;
}
export async function holidayById(tx: Queryable, id: string) {
  return one<Holiday & { calendar_id: string }>(
    tx,
    `SELECT id, calendar_id, to_char(holiday_date, 'YYYY-MM-DD') AS date, name, optional, location FROM holidays WHERE id = $1`,
    [id],
  );
}

// ---- Master policies and assignments ----------------------------------------------------------

const refOf = (table: string, col: string) =>
  `(SELECT json_build_object('id', x.id, 'name', x.name) FROM ${table} x WHERE x.id = t.${col})`;
const MP = `SELECT t.id, t.name, t.description, t.is_default,
    ${refOf('attendance_policies', 'attendance_policy_id')} AS attendance_policy,
    ${refOf('shifts', 'shift_id')} AS shift,
    ${refOf('rosters', 'roster_id')} AS roster,
    ${refOf('weekly_off_policies', 'weekly_off_policy_id')} AS weekly_off_policy,
    ${refOf('holiday_calendars', 'holiday_calendar_id')} AS holiday_calendar,
    coalesce((SELECT json_agg(json_build_object('request_type', f.request_type, 'approval_flow_id', f.approval_flow_id,
        'name', af.name) ORDER BY f.request_type)
      FROM master_policy_approval_flows f JOIN approval_flows af ON af.id = f.approval_flow_id
      WHERE f.master_policy_id = t.id), '[]'::json) AS approval_flows,
    (SELECT count(*)::int FROM master_policy_assignments a WHERE a.master_policy_id = t.id) AS assignment_count
  FROM master_policies t`;
export const listMasters = (tx: Queryable, q: PolicyListQuery) =>
  page<MasterPolicy>(tx, 'master_policies', MP, q);
export const getMaster = (tx: Queryable, id: string, lock = false) =>
  one<MasterPolicy>(tx, `${MP} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
export async function saveMaster(tx: Queryable, companyId: string, b: MasterPolicyBody, id?: string) {
  const cols = [
    'name',
    'description',
    'attendance_policy_id',
    'shift_id',
    'roster_id',
    'weekly_off_policy_id',
    'holiday_calendar_id',
  ] as const;
  const mid = await save(tx, 'master_policies', cols, b, companyId, id);
  await tx.query('DELETE FROM master_policy_approval_flows WHERE master_policy_id = $1', [mid]);
  for (const f of b.approval_flows) {
    await tx.query(
      `INSERT INTO master_policy_approval_flows (company_id, master_policy_id, request_type, approval_flow_id)
       VALUES ($1, $2, $3, $4)`,
      [companyId, mid, f.request_type, f.approval_flow_id],
    );
  }
  return mid;
}
/** Which of the referenced ids do not exist in the tenant (field name -> missing). */
export async function missingRefs(tx: Queryable, b: MasterPolicyBody): Promise<string[]> {
  const checks: [string, string, string | null][] = [
    ['attendance_policy_id', 'attendance_policies', b.attendance_policy_id],
    ['shift_id', 'shifts', b.shift_id],
    ['roster_id', 'rosters', b.roster_id],
    ['weekly_off_policy_id', 'weekly_off_policies', b.weekly_off_policy_id],
    ['holiday_calendar_id', 'holiday_calendars', b.holiday_calendar_id],
  ];
  const missing: string[] = [];
  for (const [field, table, id] of checks) {
    if (id && !(await one(tx, `SELECT 1 FROM ${table} WHERE id = $1`, [id]))) missing.push(field);
  }
  for (const [i, f] of b.approval_flows.entries()) {
    // The flow must exist and be one for that request type (a leave flow cannot approve expenses).
    const flow = 'SELECT 1 FROM approval_flows WHERE id = $1 AND request_type = $2';
    if (!(await one(tx, flow, [f.approval_flow_id, f.request_type]))) {
      missing.push(`approval_flows.${i}.approval_flow_id`);
    }
  }
  return missing;
}
export const deleteFrom = (tx: Queryable, table: string, id: string) =>
  tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);

export async function masterDropdown(tx: Queryable) {
  const { rows } = await tx.query<{ id: string; name: string; is_default: boolean }>(
    'SELECT id, name, is_default FROM master_policies ORDER BY is_default DESC, lower(name)',
  );
  return rows;
}

const ASSIGN = `SELECT a.id, a.master_policy_id, mp.name AS master_policy_name, a.target_kind,
    coalesce(a.employee_id, a.unit_id, a.division_id) AS target_id,
    coalesce(nullif(trim(e.first_name || ' ' || e.last_name), ''), u.name, d.name) AS target_name,
    to_char(a.effective_from, 'YYYY-MM-DD') AS effective_from, to_char(a.effective_to, 'YYYY-MM-DD') AS effective_to
  FROM master_policy_assignments a
  JOIN master_policies mp ON mp.id = a.master_policy_id
  LEFT JOIN employees e ON e.id = a.employee_id
  LEFT JOIN division_units u ON u.id = a.unit_id
  LEFT JOIN divisions d ON d.id = a.division_id`;
export async function assignmentsOf(tx: Queryable, masterPolicyId: string) {
  const { rows } = await tx.query<Assignment>(
    `${ASSIGN} WHERE a.master_policy_id = $1 ORDER BY a.effective_from DESC, a.created_at DESC`,
    [masterPolicyId],
  );
  return rows;
}
export const getAssignment = (tx: Queryable, id: string) =>
  one<Assignment>(tx, `${ASSIGN} WHERE a.id = $1`, [id]);

const TARGET_COL = { employee: 'employee_id', unit: 'unit_id', division: 'division_id' } as const;
const TARGET_TABLE = { employee: 'employees', unit: 'division_units', division: 'divisions' } as const;

/** Locks the target row so two assignments to it are checked for overlap one after the other. */
export async function lockTarget(tx: Queryable, kind: AssignmentBody['target_kind'], id: string) {
  return !!(await one(tx, `SELECT 1 FROM ${TARGET_TABLE[kind]} WHERE id = $1 FOR UPDATE`, [id]));
}
export async function assignmentsOfTarget(tx: Queryable, kind: AssignmentBody['target_kind'], id: string) {
  const { rows } = await tx.query<Assignment>(`${ASSIGN} WHERE a.${TARGET_COL[kind]} = $1`, [id]);
  return rows;
}
export async function insertAssignment(
  tx: Queryable,
  companyId: string,
  masterPolicyId: string,
  b: AssignmentBody,
  createdBy: string,
) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO master_policy_assignments (company_id, master_policy_id, target_kind, ${TARGET_COL[b.target_kind]},
       effective_from, effective_to, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [companyId, masterPolicyId, b.target_kind, b.target_id, b.effective_from, b.effective_to, createdBy],
  );
  return rows[0]!.id;
}
export const endAssignment = (tx: Queryable, id: string, to: string) =>
  tx.query('UPDATE master_policy_assignments SET effective_to = $2 WHERE id = $1', [id, to]);

/** The employees an assignment to this target reaches (by their current unit). */
export async function employeesReached(tx: Queryable, kind: AssignmentBody['target_kind'], id: string) {
  const sql =
    kind === 'employee'
      ? 'SELECT id FROM employees WHERE id = $1'
      : kind === 'unit'
        ? 'SELECT id FROM employees WHERE division_unit_id = $1'
        : 'SELECT e.id FROM employees e JOIN division_units u ON u.id = e.division_unit_id WHERE u.division_id = $1';
  const { rows } = await tx.query<{ id: string }>(sql, [id]);
  return rows.map((r) => r.id);
}

export async function counts(tx: Queryable) {
  return (await one<Record<string, number>>(
    tx,
    `SELECT (SELECT count(*)::int FROM attendance_policies) AS attendance_policies,
            (SELECT count(*)::int FROM shifts) AS shifts,
            (SELECT count(*)::int FROM rosters) AS rosters,
            (SELECT count(*)::int FROM weekly_off_policies) AS weekly_off_policies,
            (SELECT count(*)::int FROM holiday_calendars) AS holiday_calendars,
            (SELECT count(*)::int FROM master_policies) AS master_policies`,
    [],
  ))!;
}
export const activeEmployeeIds = async (tx: Queryable) =>
  (await tx.query<{ id: string }>("SELECT id FROM employees WHERE status = 'active'")).rows.map((r) => r.id);
