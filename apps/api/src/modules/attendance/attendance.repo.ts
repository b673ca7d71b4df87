import type { Queryable } from '../../db/client';
import type { DerivedDay, LeaveMark, Punch, PunchSource } from './derive';

export type PunchRow = {
  employeeId: string;
  at: Date;
  source: PunchSource;
  deviceId?: string | null;
  lat?: number | null;
  lng?: number | null;
  regularisationId?: string | null;
  /** In or out as the device or file said; null when it did not say (derive.ts ignores it). */
  direction?: 'in' | 'out' | null;
};

/** The company's time zone (the tenant's, inside a tenant transaction). */
export async function timeZone(tx: Queryable): Promise<string> {
  const { rows } = await tx.query<{ tz: string }>('SELECT hr_company_time_zone() AS tz');
  return rows[0]?.tz ?? 'Asia/Kolkata';
}

const CHUNK = 10_000;

/**
 * Appends punches to the ledger; a punch already there (same employee, same second) is skipped.
 * Returns the punches actually stored.
 */
export async function insertPunches(
  tx: Queryable,
  punches: PunchRow[],
): Promise<{ employeeId: string; at: Date }[]> {
  const stored: { employeeId: string; at: Date }[] = [];
  for (let i = 0; i < punches.length; i += CHUNK) {
    const part = punches.slice(i, i + CHUNK);
    // The instant comes back as epoch milliseconds: parsing a timestamptz string per stored punch
    // cost more than the insert itself at a hundred thousand punches.
    const { rows } = await tx.query<{ employee_id: string; ms: number }>(
      `INSERT INTO attendance_punches (company_id, employee_id, punched_at, source, device_id, lat, lng, regularisation_id, direction)
       SELECT current_setting('app.company_id')::uuid, e, date_trunc('second', t), s, d, la, ln, r, dir
         FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::uuid[], $8::text[])
              AS u(e, t, s, d, la, ln, r, dir)
       ON CONFLICT ON CONSTRAINT attendance_punches_dedupe DO NOTHING
       RETURNING employee_id, (extract(epoch FROM punched_at) * 1000)::float8 AS ms`,
      [
        part.map((p) => p.employeeId),
        part.map((p) => p.at.toISOString()),
        part.map((p) => p.source),
        part.map((p) => p.deviceId ?? null),
        part.map((p) => p.lat ?? null),
        part.map((p) => p.lng ?? null),
        part.map((p) => p.regularisationId ?? null),
        part.map((p) => p.direction ?? null),
      ],
    );
    for (const r of rows) stored.push({ employeeId: r.employee_id, at: new Date(r.ms) });
  }
  return stored;
}

/** Punches of these employees between two instants, grouped by employee. */
export async function punchesBetween(
  tx: Queryable,
  employeeIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, Punch[]>> {
  // The instant comes back as epoch milliseconds: cheaper to read than a timestamptz string.
  // One index probe per employee (company, employee, range of the dedupe key): the pool runs
  // generic plans (db/client.ts), and the generic plan of `employee_id = ANY($1)` scanned every
  // punch of the company in the range and tested each against the whole array (1.4 s per 1,000
  // employees at 100,000 punches; a plain join to unnest($1) was worse, 30 s). OFFSET 0 keeps the
  // lateral subquery from being flattened into such a join.
  const { rows } = await tx.query<{ employee_id: string; ms: number; source: PunchSource }>(
    `SELECT u.e AS employee_id, (extract(epoch FROM p.punched_at) * 1000)::float8 AS ms, p.source
       FROM unnest($1::uuid[]) AS u(e)
      CROSS JOIN LATERAL (
            SELECT punched_at, source FROM attendance_punches
             WHERE employee_id = u.e AND punched_at >= $2 AND punched_at < $3 OFFSET 0) p
      ORDER BY 1, p.punched_at`,
    [employeeIds, from.toISOString(), to.toISOString()],
  );
  const out = new Map<string, Punch[]>();
  for (const r of rows) {
    let list = out.get(r.employee_id);
    if (!list) {
      list = [];
      out.set(r.employee_id, list);
    }
    list.push({ at: new Date(r.ms), source: r.source });
  }
  return out;
}

export async function leaveBetween(
  tx: Queryable,
  employeeIds: string[],
  from: string,
  to: string,
): Promise<Map<string, Map<string, LeaveMark>>> {
  const { rows } = await tx.query<{ employee_id: string; date: string; portion: LeaveMark['portion'] }>(
    `SELECT employee_id, date::text AS date, portion FROM attendance_leave_days
      WHERE employee_id = ANY($1::uuid[]) AND date BETWEEN $2 AND $3`,
    [employeeIds, from, to],
  );
  const out = new Map<string, Map<string, LeaveMark>>();
  for (const r of rows) {
    let m = out.get(r.employee_id);
    if (!m) {
      m = new Map();
      out.set(r.employee_id, m);
    }
    m.set(r.date, { date: r.date, portion: r.portion });
  }
  return out;
}

export async function setLeaveDays(
  tx: Queryable,
  employeeId: string,
  days: LeaveMark[],
  sourceId: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO attendance_leave_days (company_id, employee_id, date, portion, source_id)
     SELECT current_setting('app.company_id')::uuid, $1, d::date, p, $4
       FROM unnest($2::text[], $3::text[]) AS u(d, p)
     ON CONFLICT (company_id, employee_id, date) DO UPDATE SET portion = excluded.portion, source_id = excluded.source_id`,
    [employeeId, days.map((d) => d.date), days.map((d) => d.portion), sourceId],
  );
}

export async function clearLeaveDays(tx: Queryable, employeeId: string, dates: string[]): Promise<void> {
  await tx.query('DELETE FROM attendance_leave_days WHERE employee_id = $1 AND date = ANY($2::date[])', [
    employeeId,
    dates,
  ]);
}

/** Active employees of the tenant. */
export async function activeEmployeeIds(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM employees WHERE status = 'active' ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Replaces the derived days of these employees between two dates, leaving locked days (used by a
 * confirmed pay run) as they are. A row whose derivation did not change is not written at all:
 * a holiday re-derives a month for everyone but changes one day each, and every rewritten row
 * costs a new tuple and its index entries.
 *
 * The rows there are now are read first, one short string per employee (one index range per
 * employee, so the generic plan stays a probe), and compared here: only new and changed days are
 * sent, and only days still stored are deleted. Sending every derived day and letting ON CONFLICT
 * skip the unchanged ones cost far more (a holiday re-derive of 155,000 days, 5,000 of them
 * changed, spent 6 s there): each of the 155,000 rows was serialised, parsed, probed and locked,
 * and the lock writes every page of the range again.
 */
export async function replaceDays(
  tx: Queryable,
  employeeIds: string[],
  from: string,
  to: string,
  days: { employeeId: string; day: DerivedDay }[],
): Promise<void> {
  if (employeeIds.length === 0) return;
  const stored = await storedDays(tx, employeeIds, from, to);
  const derivedOf = new Map<string, { employeeId: string; day: DerivedDay }[]>();
  for (const p of days) {
    const list = derivedOf.get(p.employeeId);
    if (list) list.push(p);
    else derivedOf.set(p.employeeId, [p]);
  }
  // An employee whose stored string is exactly what the derived days would store (same days, none
  // locked, same values) is skipped whole; only the others are split into days and compared.
  const parsed = new Map<string, Map<string, { locked: boolean; values: string }>>();
  const changed: typeof days = [];
  for (const [id, list] of derivedOf) {
    const raw = stored.get(id);
    if (raw === undefined) {
      changed.push(...list);
      continue;
    }
    if (raw === list.map((p) => `${p.day.date}|f|${dayValues(p.day)}`).join(';')) continue;
    const mine = parseStored(raw);
    parsed.set(id, mine);
    for (const p of list) {
      const now = mine.get(p.day.date);
      if (now === undefined || (!now.locked && now.values !== dayValues(p.day))) changed.push(p);
    }
  }
  const col = <T>(part: typeof days, f: (d: DerivedDay) => T) => part.map((p) => f(p.day));
  for (let i = 0; i < changed.length; i += CHUNK) {
    const part = changed.slice(i, i + CHUNK);
    // The ON CONFLICT condition stays for a day written by someone else since the read.
    await tx.query(
      `INSERT INTO attendance_days (company_id, employee_id, date, status, first_in, last_out, worked_minutes,
                                    late_minutes, late, early_exit, missed_punch, punch_count, shift_id)
       SELECT current_setting('app.company_id')::uuid, e, d, s, fi, lo, w, lm, l, ee, mp, pc, sh
         FROM unnest($1::uuid[], $2::date[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int[],
                     $7::int[], $8::bool[], $9::bool[], $10::bool[], $11::int[], $12::text[])
              AS u(e, d, s, fi, lo, w, lm, l, ee, mp, pc, sh)
       ON CONFLICT (company_id, employee_id, date) DO UPDATE
          SET status = excluded.status, first_in = excluded.first_in, last_out = excluded.last_out,
              worked_minutes = excluded.worked_minutes, late_minutes = excluded.late_minutes,
              late = excluded.late, early_exit = excluded.early_exit, missed_punch = excluded.missed_punch,
              punch_count = excluded.punch_count, shift_id = excluded.shift_id, derived_at = now()
        WHERE NOT attendance_days.locked
          AND (attendance_days.status, attendance_days.first_in, attendance_days.last_out,
               attendance_days.worked_minutes, attendance_days.late_minutes, attendance_days.late,
               attendance_days.early_exit, attendance_days.missed_punch, attendance_days.punch_count,
               attendance_days.shift_id)
              IS DISTINCT FROM
              (excluded.status, excluded.first_in, excluded.last_out, excluded.worked_minutes,
               excluded.late_minutes, excluded.late, excluded.early_exit, excluded.missed_punch,
               excluded.punch_count, excluded.shift_id)`,
      [
        part.map((p) => p.employeeId),
        col(part, (d) => d.date),
        col(part, (d) => d.status),
        col(part, (d) => d.firstIn?.toISOString() ?? null),
        col(part, (d) => d.lastOut?.toISOString() ?? null),
        col(part, (d) => d.workedMinutes),
        col(part, (d) => d.lateMinutes),
        col(part, (d) => d.late),
        col(part, (d) => d.earlyExit),
        col(part, (d) => d.missedPunch),
        col(part, (d) => d.punchCount),
        col(part, (d) => d.shiftId),
      ],
    );
  }
  // What is stored in the range and derives to nothing any more (a day to come) goes, unless
  // locked. Usually there is none and no statement runs.
  const gone: { e: string[]; d: string[] } = { e: [], d: [] };
  for (const [id, raw] of stored) {
    // Skipped above as identical: every stored day was derived again.
    if (derivedOf.has(id) && !parsed.has(id)) continue;
    const have = new Set(derivedOf.get(id)?.map((p) => p.day.date));
    for (const [date, row] of parsed.get(id) ?? parseStored(raw)) {
      if (row.locked || have.has(date)) continue;
      gone.e.push(id);
      gone.d.push(date);
    }
  }
  for (let i = 0; i < gone.e.length; i += CHUNK) {
    await tx.query(
      `DELETE FROM attendance_days a USING unnest($1::uuid[], $2::date[]) AS u(e, d)
        WHERE a.employee_id = u.e AND a.date = u.d AND NOT a.locked`,
      [gone.e.slice(i, i + CHUNK), gone.d.slice(i, i + CHUNK)],
    );
  }
}

/**
 * A derived day's stored values as one string, the same as `storedDays` reads them (instants as
 * epoch milliseconds, booleans as t/f, no shift as nothing).
 */
function dayValues(d: DerivedDay): string {
  // A template, not an array joined: this runs once per employee and day re-derived.
  return `${d.status}|${d.firstIn ? d.firstIn.getTime() : ''}|${d.lastOut ? d.lastOut.getTime() : ''}|${
    d.workedMinutes
  }|${d.lateMinutes}|${d.late ? 't' : 'f'}|${d.earlyExit ? 't' : 'f'}|${d.missedPunch ? 't' : 'f'}|${
    d.punchCount
  }|${d.shiftId ?? ''}`;
}

/** The stored days of these employees in a range: per employee, per date, values and lock. */
async function storedDays(tx: Queryable, employeeIds: string[], from: string, to: string) {
  // Per employee one string of `date|locked|values` per day in date order, days separated by ';'
  // (no value holds either separator): 1,000 rows to parse rather than 31,000.
  // The range is written `(employee_id, date) BETWEEN (e, from) AND (e, to)` (here, in
  // musterMonth and markedDays): only the primary key (company, employee, date) can search on
  // that. With a plain `date BETWEEN`, a generic plan made while the table was still empty (a
  // company's first import, on a fresh connection) chose the (company, date) index and tested
  // the employee on every day of the company in the range, once per employee; the plan stays
  // cached for the connection, and the bench's first 100,000-punch import took 150 s.
  const { rows } = await tx.query<{ employee_id: string; days: string }>(
    `SELECT u.e AS employee_id, a.days
       FROM unnest($1::uuid[]) AS u(e)
      CROSS JOIN LATERAL (
            SELECT string_agg(concat_ws('|', to_char(date, 'YYYY-MM-DD'), CASE WHEN locked THEN 't' ELSE 'f' END,
                                        status,
                                        coalesce(round(extract(epoch FROM first_in) * 1000)::bigint::text, ''),
                                        coalesce(round(extract(epoch FROM last_out) * 1000)::bigint::text, ''),
                                        worked_minutes, late_minutes,
                                        CASE WHEN late THEN 't' ELSE 'f' END,
                                        CASE WHEN early_exit THEN 't' ELSE 'f' END,
                                        CASE WHEN missed_punch THEN 't' ELSE 'f' END,
                                        punch_count, coalesce(shift_id, '')), ';' ORDER BY date) AS days
              FROM attendance_days WHERE employee_id = u.e
               AND (employee_id, date) BETWEEN (u.e, $2::date) AND (u.e, $3::date) OFFSET 0) a
      WHERE a.days IS NOT NULL`,
    [employeeIds, from, to],
  );
  return new Map(rows.map((r) => [r.employee_id, r.days]));
}

/** One employee's stored string as days: date to lock and values. */
function parseStored(raw: string): Map<string, { locked: boolean; values: string }> {
  const m = new Map<string, { locked: boolean; values: string }>();
  for (const day of raw.split(';')) {
    // `YYYY-MM-DD|t|…`: the date is 10 characters, the lock 1.
    m.set(day.slice(0, 10), { locked: day[11] === 't', values: day.slice(13) });
  }
  return m;
}

export type DayRow = {
  employee_id: string;
  date: string;
  status: string;
  first_in: Date | string | null;
  last_out: Date | string | null;
  worked_minutes: number;
  late: boolean;
  late_minutes: number;
  early_exit: boolean;
  missed_punch: boolean;
};
const DAY_COLUMNS = `employee_id, date::text AS date, status, first_in, last_out, worked_minutes, late,
                     late_minutes, early_exit, missed_punch`;

export async function daysOf(tx: Queryable, employeeId: string, from: string, to: string): Promise<DayRow[]> {
  const { rows } = await tx.query<DayRow>(
    `SELECT ${DAY_COLUMNS} FROM attendance_days
      WHERE employee_id = $1 AND date BETWEEN $2 AND $3 ORDER BY date`,
    [employeeId, from, to],
  );
  return rows;
}

const LOG_SORT: Record<string, string> = { date: 'date', worked_minutes: 'worked_minutes', status: 'status' };

export async function logsPage(
  tx: Queryable,
  q: {
    employeeId: string;
    from: string;
    to: string;
    status?: string;
    sortBy: string;
    sortOrder: 'asc' | 'desc';
    page: number;
    records: number;
  },
): Promise<{ rows: DayRow[]; total: number }> {
  const order = `${LOG_SORT[q.sortBy] ?? 'date'} ${q.sortOrder === 'asc' ? 'ASC' : 'DESC'}, date DESC`;
  const { rows } = await tx.query<DayRow & { total: string }>(
    `SELECT ${DAY_COLUMNS}, count(*) OVER () AS total FROM attendance_days
      WHERE employee_id = $1 AND date BETWEEN $2 AND $3 AND ($4::text IS NULL OR status = $4)
      ORDER BY ${order} LIMIT $5 OFFSET $6`,
    [q.employeeId, q.from, q.to, q.status ?? null, q.records, (q.page - 1) * q.records],
  );
  return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
}

/** Whether `employeeId` is the caller or (team scope) reports to them. */
export async function isInTeam(tx: Queryable, managerId: string, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM employees e WHERE e.id = $2 AND (e.id = $1 OR e.manager_id = $1
        OR EXISTS (SELECT 1 FROM reporting_managers rm WHERE rm.employee_id = e.id AND rm.manager_id = $1))`,
    [managerId, employeeId],
  );
  return rows.length > 0;
}

export async function employeeExists(tx: Queryable, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM employees WHERE id = $1', [employeeId]);
  return rows.length > 0;
}

export async function employeeIdsByCode(tx: Queryable, codes: string[]): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ id: string; employee_code: string }>(
    'SELECT id, employee_code FROM employees WHERE employee_code = ANY($1::text[])',
    [codes],
  );
  return new Map(rows.map((r) => [r.employee_code, r.id]));
}

export async function punchesOn(tx: Queryable, employeeId: string, from: Date, to: Date) {
  const { rows } = await tx.query<{ punched_at: Date | string; source: string }>(
    `SELECT punched_at, source FROM attendance_punches
      WHERE employee_id = $1 AND punched_at >= $2 AND punched_at < $3 ORDER BY punched_at`,
    [employeeId, from.toISOString(), to.toISOString()],
  );
  return rows.map((r) => ({ at: new Date(r.punched_at).toISOString(), source: r.source }));
}

/** Team today: the caller's direct and reporting-line reports with their day. */
export async function teamToday(tx: Queryable, managerId: string, date: string) {
  const { rows } = await tx.query<{
    employee_id: string;
    employee_code: string;
    employee_name: string;
    status: string | null;
    first_in: Date | string | null;
    late: boolean | null;
  }>(
    `SELECT e.id AS employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
            d.status, d.first_in, d.late
       FROM employees e
       LEFT JOIN attendance_days d ON d.employee_id = e.id AND d.date = $2
      WHERE e.status = 'active' AND e.id <> $1 AND (e.manager_id = $1
         OR EXISTS (SELECT 1 FROM reporting_managers rm WHERE rm.employee_id = e.id AND rm.manager_id = $1))
      ORDER BY e.first_name, e.last_name`,
    [managerId, date],
  );
  return rows;
}

/** The muster's employees (optionally of one division), a page of them or all (limit null). */
export async function musterEmployees(
  tx: Queryable,
  q: {
    divisionId?: string;
    value?: string;
    sortBy: string;
    sortOrder: 'asc' | 'desc';
    limit: number | null;
    offset: number;
  },
) {
  const sort = q.sortBy === 'employee_name' ? 'employee_name' : 'employee_code';
  const { rows } = await tx.query<{
    employee_id: string;
    employee_code: string;
    employee_name: string;
    total: string;
  }>(
    `SELECT e.id AS employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
            count(*) OVER () AS total
       FROM employees e
       LEFT JOIN division_units u ON u.id = e.division_unit_id
      WHERE e.status = 'active' AND ($1::uuid IS NULL OR u.division_id = $1)
        AND ($2::text IS NULL OR e.employee_code ILIKE '%' || $2 || '%'
             OR (e.first_name || ' ' || e.last_name) ILIKE '%' || $2 || '%')
      ORDER BY ${sort} ${q.sortOrder === 'desc' ? 'DESC' : 'ASC'}, e.id
      LIMIT $3 OFFSET $4`,
    [q.divisionId ?? null, q.value || null, q.limit, q.offset],
  );
  return rows;
}

/**
 * The muster's month of these employees: per employee one row with the status of each derived day
 * (`days after from:status`, comma-separated), the number of late days, and the late marks and early exits on
 * days worked (`workedStatuses`; the penalty count). One row per employee instead of one per day:
 * parsing 155,000 rows was most of the muster at 5,000 employees. One index range per employee
 * (OFFSET 0 keeps it so under the pool's generic plans; on the range see storedDays).
 */
export async function musterMonth(
  tx: Queryable,
  employeeIds: string[],
  from: string,
  to: string,
  workedStatuses: string[],
) {
  const { rows } = await tx.query<{
    employee_id: string;
    days: string | null;
    late: number;
    late_marks: number;
    early_exits: number;
  }>(
    `SELECT u.e AS employee_id, a.days, a.late, a.late_marks, a.early_exits
       FROM unnest($1::uuid[]) AS u(e)
      CROSS JOIN LATERAL (
            SELECT string_agg((date - $2::date) || ':' || status, ',') AS days,
                   count(*) FILTER (WHERE late)::int AS late,
                   count(*) FILTER (WHERE late AND status = ANY($4::text[]))::int AS late_marks,
                   count(*) FILTER (WHERE early_exit AND status = ANY($4::text[]))::int AS early_exits
              FROM attendance_days WHERE employee_id = u.e
               AND (employee_id, date) BETWEEN (u.e, $2::date) AND (u.e, $3::date) OFFSET 0) a`,
    [employeeIds, from, to, workedStatuses],
  );
  return rows;
}

/** Late and early-exit marks of derived days (the penalty count), grouped by employee. */
export async function markedDays(tx: Queryable, employeeIds: string[], from: string, to: string) {
  const { rows } = await tx.query<{
    employee_id: string;
    date: string;
    status: string;
    late: boolean;
    early_exit: boolean;
  }>(
    // One index range per employee: see punchesBetween on `ANY($1)` under generic plans.
    `SELECT u.e AS employee_id, a.date::text AS date, a.status, a.late, a.early_exit
       FROM unnest($1::uuid[]) AS u(e)
      CROSS JOIN LATERAL (
            SELECT date, status, late, early_exit FROM attendance_days
             WHERE employee_id = u.e AND (late OR early_exit)
               AND (employee_id, date) BETWEEN (u.e, $2::date) AND (u.e, $3::date) OFFSET 0) a
      ORDER BY 1, 2`,
    [employeeIds, from, to],
  );
  const out = new Map<string, { date: string; status: string; late: boolean; earlyExit: boolean }[]>();
  for (const r of rows) {
    const list = out.get(r.employee_id) ?? [];
    list.push({ date: r.date, status: r.status, late: r.late, earlyExit: r.early_exit });
    out.set(r.employee_id, list);
  }
  return out;
}
