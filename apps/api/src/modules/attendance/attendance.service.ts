import type {
  AttendanceDay,
  AttendanceDayStatus,
  AttendanceLogsQuery,
  MonthQuery,
  MusterQuery,
  PunchData,
  PunchImportInput,
  PunchInput,
} from '@hr/contract';
import { ATTENDANCE_DAY_STATUSES } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { type Clock, dateIn } from '../../lib/clock';
import { assertNearToday, daysBetween, monthsBetween } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import * as repo from './attendance.repo';
import { type CalendarChange, type DayContext, loadDayContexts } from './day-context';
import {
  addDays,
  type DerivedDay,
  deriveDays,
  distanceMetres,
  type LeaveMark,
  localDateOf,
  localToInstant,
  monthDays,
  monthRange,
  punchSession,
} from './derive';
import { holdMonths, inLock, lockRanges } from './locks';
import {
  countPenalties,
  cycleOf,
  type Penalty,
  type PenaltyRules,
  penaltyLopDaysOf,
  WORKED_STATUSES,
} from './penalties';
import { checkPunchRows, type PunchRowError, readPunchFile } from './punch-file';

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
const BATCH = 1000;

/** A day row (or nothing derived) as the contract shows it. */
export function dayOut(date: string, row: repo.DayRow | undefined, locked = false): AttendanceDay {
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][
    new Date(`${date}T00:00:00Z`).getUTCDay()
  ]!;
  return {
    date,
    day: date.slice(8),
    weekday,
    status: (row?.status as AttendanceDayStatus | undefined) ?? null,
    first_in: iso(row?.first_in ?? null),
    last_out: iso(row?.last_out ?? null),
    worked_minutes: row?.worked_minutes ?? 0,
    late: row?.late ?? false,
    late_minutes: row?.late_minutes ?? 0,
    early_exit: row?.early_exit ?? false,
    missed_punch: row?.missed_punch ?? false,
    locked,
  };
}

/**
 * Re-derives attendance days of some employees over a date range, in the caller's transaction:
 * loads day contexts, punches and leave in a handful of queries per batch of employees, derives,
 * and replaces the unlocked days: the days of a period locked by a confirmed pay run (locks.ts)
 * are left out of the write here, the one place every re-derive path goes through.
 */
export async function deriveRange(
  tx: Queryable,
  companyId: string,
  employeeIds: string[] | 'all',
  from: string,
  to: string,
  now: Date,
): Promise<number> {
  const tz = await repo.timeZone(tx);
  const ids = employeeIds === 'all' ? await repo.activeEmployeeIds(tx) : [...new Set(employeeIds)];
  if (ids.length === 0 || to < from) return 0;
  const today = dateIn(tz, now);
  // Like a request deciding on days, a re-derive (punches, holidays, shifts, the nightly job) holds
  // its months shared: it commits before a pay run's confirm reads them, or waits and finds them
  // locked, never changing a day between the confirm's read and its lock.
  await holdMonths(
    tx,
    monthsBetween(from.slice(0, 7), to.slice(0, 7)).map((m) => `${m}-01`),
    'shared',
  );
  const locks = await lockRanges(tx, from, to);
  let written = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const contexts = await loadDayContexts(tx, companyId, batch, from, addDays(to, 1));
    // Generous bounds; each day's own window picks its punches.
    const punches = await repo.punchesBetween(
      tx,
      batch,
      localToInstant(addDays(from, -1), 0, tz),
      localToInstant(addDays(to, 3), 0, tz),
    );
    const leave = await repo.leaveBetween(tx, batch, from, to);
    const out: { employeeId: string; day: DerivedDay }[] = [];
    for (const id of batch) {
      const ctx = contexts.get(id) as DayContext[] | undefined;
      if (!ctx || ctx.length < 2) continue;
      for (const day of deriveDays(ctx, punches.get(id) ?? [], leave.get(id) ?? new Map(), tz, today)) {
        out.push({ employeeId: id, day });
      }
    }
    // Locked days are neither written nor removed (replaceDays removes no locked row either).
    const open = locks.length === 0 ? out : out.filter((o) => !inLock(locks, o.day.date));
    await repo.replaceDays(tx, batch, from, to, open);
    written += open.length;
  }
  return written;
}

/** The listener app.ts gives the policies service: a calendar change re-derives the affected days. */
export function rederiveListener(clock: Clock) {
  return async (tx: Queryable, change: CalendarChange) => {
    const tz = await repo.timeZone(tx);
    const today = dateIn(tz, clock.now());
    const to = change.to ?? today;
    await deriveRange(
      tx,
      change.companyId,
      change.employeeIds,
      change.from,
      to < change.from ? change.from : to,
      clock.now(),
    );
  };
}

/** One re-derivation of punches covers at most this many days of an employee (a quarter). */
const REDERIVE_SPAN_DAYS = 92;

/**
 * After punches are stored: each touched day and its neighbours (a night shift's morning belongs
 * to the day before; an early shift's window opens the evening before).
 */
async function rederivePunchDays(
  tx: Queryable,
  companyId: string,
  stored: { employeeId: string; at: Date }[],
  now: Date,
) {
  if (stored.length === 0) return;
  const tz = await repo.timeZone(tx);
  // Each employee's punch dates in runs of at most REDERIVE_SPAN_DAYS (day contexts load at most
  // 400 days: punches a year apart, a device's backlog, make two short runs, not a 400), each run
  // widened by a day once at the end: widening each punch's date (four date computations per
  // punch) cost more than an import's day writes.
  const datesBy = new Map<string, Set<string>>();
  for (const p of stored) {
    const d = localDateOf(p.at, tz);
    const dates = datesBy.get(p.employeeId);
    if (dates) dates.add(d);
    else datesBy.set(p.employeeId, new Set([d]));
  }
  // Employees sharing a range re-derive together.
  const groups = new Map<string, string[]>();
  const add = (id: string, from: string, to: string) => {
    const key = `${addDays(from, -1)}|${addDays(to, 1)}`;
    const g = groups.get(key);
    if (g) g.push(id);
    else groups.set(key, [id]);
  };
  for (const [id, set] of datesBy) {
    const dates = [...set].sort();
    let start = dates[0]!;
    let end = dates[dates.length - 1]!;
    if (daysBetween(start, end) <= REDERIVE_SPAN_DAYS) {
      add(id, start, end);
      continue;
    }
    end = start;
    for (const d of dates) {
      if (daysBetween(start, d) > REDERIVE_SPAN_DAYS) {
        add(id, start, end);
        start = d;
      }
      end = d;
    }
    add(id, start, end);
  }
  for (const [key, ids] of groups) {
    const [from, to] = key.split('|') as [string, string];
    await deriveRange(tx, companyId, ids, from, to, now);
  }
}

export type EmployeePenalty = {
  employeeId: string;
  /** The attendance cycle counted (the policy's cycle start day; see penalties.ts). */
  cycle: { from: string; to: string };
  lateDates: string[];
  earlyExitDates: string[];
  /** Each penalty with the dates of the marks behind it. */
  penalties: Penalty[];
  lopDays: number;
};

/**
 * Late-mark and early-exit penalties of a month as days of loss of pay, per employee (all active
 * employees, or those given), for the payable-days view and leave's LOP. The attendance policy in
 * force on the month's last day gives the cycle start day and the rules; the count reads the
 * derived days of that cycle (run in a tenant transaction).
 */
export async function penaltyLopDays(
  tx: Queryable,
  companyId: string,
  year: number,
  month: number,
  employeeIds?: string[],
): Promise<EmployeePenalty[]> {
  const ids = employeeIds ? [...new Set(employeeIds)] : await repo.activeEmployeeIds(tx);
  const { to: monthEnd } = monthRange(year, month);
  const out: EmployeePenalty[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const contexts = await loadDayContexts(tx, companyId, batch, monthEnd, monthEnd);
    const cycles = new Map(
      batch.map((id) => {
        const rules = contexts.get(id)?.[0]?.attendance ?? null;
        return [id, { rules, cycle: cycleOf(year, month, rules?.cycleStartDay ?? 1) }] as const;
      }),
    );
    const all = [...cycles.values()].map((c) => c.cycle);
    const from = all.reduce((m, c) => (c.from < m ? c.from : m), monthEnd);
    const to = all.reduce((m, c) => (c.to > m ? c.to : m), monthEnd);
    const marks = await repo.markedDays(tx, batch, from, to);
    for (const id of batch) {
      if (!contexts.has(id)) continue;
      const { rules, cycle } = cycles.get(id)!;
      out.push({ employeeId: id, cycle, ...countPenalties(marks.get(id) ?? [], rules, cycle) });
    }
  }
  return out;
}

/**
 * Each employee's penalty rules and attendance cycle for a month, as `penaltyLopDays` takes them
 * (the attendance policy in force on the month's last day); employees unknown are absent. One
 * day-context load for all of them (its queries do not grow with the number of employees).
 */
async function penaltyRulesOf(
  tx: Queryable,
  companyId: string,
  ids: string[],
  year: number,
  month: number,
): Promise<Map<string, { rules: PenaltyRules | null; cycle: { from: string; to: string } }>> {
  const { to: monthEnd } = monthRange(year, month);
  const contexts = await loadDayContexts(tx, companyId, ids, monthEnd, monthEnd);
  const out = new Map<string, { rules: PenaltyRules | null; cycle: { from: string; to: string } }>();
  for (const [id, days] of contexts) {
    const rules = days[0]?.attendance ?? null;
    out.set(id, { rules, cycle: cycleOf(year, month, rules?.cycleStartDay ?? 1) });
  }
  return out;
}

/**
 * Approved leave as attendance sees it: the leave module calls this in its deciding transaction
 * (tenant), and the days re-derive.
 */
export async function markLeaveDays(
  tx: Queryable,
  companyId: string,
  employeeId: string,
  days: LeaveMark[],
  sourceId: string | null,
  now: Date,
) {
  if (days.length === 0) return;
  await repo.setLeaveDays(tx, employeeId, days, sourceId);
  const dates = days.map((d) => d.date).sort();
  await deriveRange(tx, companyId, [employeeId], dates[0]!, dates[dates.length - 1]!, now);
}

/** Leave withdrawn or cancelled after approval: the days are no longer leave. */
export async function unmarkLeaveDays(
  tx: Queryable,
  companyId: string,
  employeeId: string,
  dates: string[],
  now: Date,
) {
  if (dates.length === 0) return;
  await repo.clearLeaveDays(tx, employeeId, dates);
  const sorted = [...dates].sort();
  await deriveRange(tx, companyId, [employeeId], sorted[0]!, sorted[sorted.length - 1]!, now);
}

/**
 * Who of the manager's team (direct and reporting-line reports) is in, late, absent or on leave on
 * `date` (the company's today), with the counts: for GET /api/attendance/team/today and the team
 * dashboard (through the index), in the caller's tenant transaction.
 */
export async function teamTodayOn(tx: Queryable, managerId: string, date: string) {
  const rows = (await repo.teamToday(tx, managerId, date)).map((r) => ({
    employee_id: r.employee_id,
    employee_code: r.employee_code,
    employee_name: r.employee_name,
    status: (r.status as AttendanceDayStatus | null) ?? null,
    first_in: iso(r.first_in),
    late: !!r.late,
  }));
  const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
  return {
    date,
    rows,
    counts: {
      in: count((r) => !!r.first_in),
      late: count((r) => r.late),
      absent: count((r) => r.status === 'absent'),
      on_leave: count((r) => r.status === 'on_leave'),
      not_in: count((r) => !r.first_in && r.status !== 'on_leave'),
    },
  };
}

export function createAttendanceService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * The one ingest path of bulk punches (device or file): appended to the ledger (a punch already
   * there, or twice in the batch, is stored once), then the touched days re-derived.
   */
  async function ingest(tx: Queryable, actor: Actor, rows: repo.PunchRow[]) {
    const stored = await repo.insertPunches(tx, rows);
    await rederivePunchDays(tx, actor.companyId, stored, clock.now());
    return { stored: stored.length, duplicates: rows.length - stored.length };
  }

  /** Whose attendance: the caller's own, or someone in their data scope (others: 404). */
  async function targetOf(tx: Queryable, actor: Actor, employeeId?: string): Promise<string> {
    if (!employeeId || employeeId === actor.employeeId) {
      if (!actor.employeeId) throw notFound('Employee');
      return actor.employeeId;
    }
    if (actor.scope === 'company' && (await repo.employeeExists(tx, employeeId))) return employeeId;
    if (
      actor.scope === 'team' &&
      actor.employeeId &&
      (await repo.isInTeam(tx, actor.employeeId, employeeId))
    ) {
      return employeeId;
    }
    throw notFound('Employee');
  }

  /**
   * Past days nobody punched on have no row until something derives them: a month read derives
   * the missing ones first (one employee, at most a month).
   */
  async function fillGaps(tx: Queryable, companyId: string, employeeId: string, from: string, to: string) {
    const yesterday = addDays(dateIn(await repo.timeZone(tx), clock.now()), -1);
    const last = to < yesterday ? to : yesterday;
    if (last < from) return;
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM attendance_days WHERE employee_id = $1 AND date BETWEEN $2 AND $3',
      [employeeId, from, last],
    );
    if (rows[0]!.n < daysBetween(from, last) + 1) {
      await deriveRange(tx, companyId, [employeeId], from, last, clock.now());
    }
  }

  async function monthOf(tx: Queryable, employeeId: string, year: number, month: number, companyId: string) {
    const { from, to } = monthRange(year, month);
    await fillGaps(tx, companyId, employeeId, from, to);
    const rows = new Map((await repo.daysOf(tx, employeeId, from, to)).map((r) => [r.date, r]));
    const locks = await lockRanges(tx, from, to);
    return monthDays(year, month).map((d) => dayOut(d.date, rows.get(d.date), inLock(locks, d.date)));
  }

  async function todayContext(tx: Queryable, companyId: string, employeeId: string, date: string) {
    const ctx = await loadDayContexts(tx, companyId, [employeeId], date, date);
    return ctx.get(employeeId)?.[0] ?? null;
  }

  async function punchDataOf(tx: Queryable, actor: Actor, employeeId: string): Promise<PunchData> {
    const tz = await repo.timeZone(tx);
    const date = dateIn(tz, clock.now());
    const ctx = await todayContext(tx, actor.companyId, employeeId, date);
    const punches = await repo.punchesOn(
      tx,
      employeeId,
      localToInstant(date, 0, tz),
      localToInstant(addDays(date, 1), 0, tz),
    );
    const row = (await repo.daysOf(tx, employeeId, date, date))[0];
    return {
      date,
      time_zone: tz,
      punches,
      day: row ? dayOut(date, row, inLock(await lockRanges(tx, date, date), date)) : null,
      ...punchSession(punches),
      location_required: !!ctx?.attendance?.location,
    };
  }

  return {
    deriveRange,

    /** `PUT attendance`: a web punch now, where the policy allows it. */
    punch: (actor: Actor, input: PunchInput) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw notFound('Employee');
        const tz = await repo.timeZone(tx);
        const now = clock.now();
        const ctx = await todayContext(tx, actor.companyId, actor.employeeId, dateIn(tz, now));
        const rules = ctx?.attendance;
        if (rules && !rules.punchSources.includes('web')) {
          throw new AppError('FORBIDDEN', 'Your attendance policy does not accept punches from the web');
        }
        if (rules?.location) {
          if (input.lat === undefined || input.lng === undefined) {
            throw new AppError('VALIDATION', 'Validation failed: lat', {
              errors: [{ path: 'lat', message: 'Your attendance policy needs your location to punch' }],
            });
          }
          const metres = Math.round(distanceMetres(rules.location, { lat: input.lat, lng: input.lng }));
          if (metres > rules.location.radiusMetres) {
            throw new AppError(
              'FORBIDDEN',
              `You are ${metres} m from the office; punches are accepted within ${rules.location.radiusMetres} m`,
            );
          }
        }
        const stored = await repo.insertPunches(tx, [
          {
            employeeId: actor.employeeId,
            at: now,
            source: 'web',
            lat: input.lat ?? null,
            lng: input.lng ?? null,
          },
        ]);
        await rederivePunchDays(tx, actor.companyId, stored, now);
        return punchDataOf(tx, actor, actor.employeeId);
      }),

    /**
     * Punches from a device: appended (duplicates skipped), then the days re-derived.
     *
     * Unknown employee codes, one rule for both ingest paths: a device feed stores the punches of
     * the codes it knows and reports the unknown ones (`unknown_employees`): a device cannot fix
     * what it sent, and refusing the batch would lose everyone's punches for one unenrolled
     * badge. The file upload (below) is an administrator's deliberate act on a file they can
     * correct, so it stays all-or-nothing and names every bad row, unknown codes included.
     */
    importPunches: (actor: Actor, input: PunchImportInput) =>
      db.tenant(actor.companyId, async (tx) => {
        // A punch years away is a device's clock error; its day would be derived all the same.
        const tz = await repo.timeZone(tx);
        const today = dateIn(tz, clock.now());
        input.punches.forEach((p, i) => {
          assertNearToday(`punches.${i}.at`, localDateOf(new Date(p.at), tz), today);
        });
        const codes = [...new Set(input.punches.map((p) => p.employee_code))];
        const ids = await repo.employeeIdsByCode(tx, codes);
        const unknown = codes.filter((c) => !ids.has(c));
        const rows = input.punches
          .filter((p) => ids.has(p.employee_code))
          .map((p) => ({
            employeeId: ids.get(p.employee_code)!,
            at: new Date(p.at),
            source: input.source,
            deviceId: input.device_id ?? null,
            direction: p.direction ?? null,
          }));
        return {
          ...(await ingest(tx, actor, rows)),
          received: input.punches.length,
          unknown_employees: unknown,
        };
      }),

    /**
     * Punches from a file (CSV or .xlsx): every row checked first; any bad row (an unknown
     * employee code included) and nothing is stored (the errors name each row and field; see
     * importPunches for why the device feed differs). Otherwise the same ingest as device punches.
     */
    uploadPunches: async (
      actor: Actor,
      file: { name: string; data: Buffer },
    ): Promise<
      | { stored: false; errors: PunchRowError[] }
      | { stored: true; received: number; added: number; duplicates: number }
    > => {
      const rows = await readPunchFile(file);
      return db.tenant(actor.companyId, async (tx) => {
        const tz = await repo.timeZone(tx);
        const codes = [...new Set(rows.map((r) => r.values.employee_code ?? '').filter(Boolean))];
        const ids = await repo.employeeIdsByCode(tx, codes);
        const { punches, errors } = checkPunchRows(rows, new Set(ids.keys()), tz, clock.now());
        if (errors.length > 0) return { stored: false as const, errors };
        const result = await ingest(
          tx,
          actor,
          punches.map((p) => ({
            employeeId: ids.get(p.employeeCode)!,
            at: p.at,
            source: p.source,
            deviceId: null,
            direction: p.direction,
          })),
        );
        return {
          stored: true as const,
          received: rows.length,
          added: result.stored,
          duplicates: result.duplicates,
        };
      });
    },

    punchData: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw notFound('Employee');
        return punchDataOf(tx, actor, actor.employeeId);
      }),

    month: (actor: Actor, q: MonthQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = await targetOf(tx, actor, q.employee_id);
        return {
          employee_id: employeeId,
          time_zone: await repo.timeZone(tx),
          days: await monthOf(tx, employeeId, q.year, q.month, actor.companyId),
        };
      }),

    logs: (actor: Actor, q: AttendanceLogsQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = await targetOf(tx, actor, q.employee_id);
        const { from, to } = monthRange(q.year, q.month);
        await fillGaps(tx, actor.companyId, employeeId, from, to);
        const page = await repo.logsPage(tx, { ...q, employeeId, from, to });
        const locks = await lockRanges(tx, from, to);
        return { rows: page.rows.map((r) => dayOut(r.date, r, inLock(locks, r.date))), total: page.total };
      }),

    summary: (actor: Actor, q: MonthQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = await targetOf(tx, actor, q.employee_id);
        const days = await monthOf(tx, employeeId, q.year, q.month, actor.companyId);
        const counts = Object.fromEntries(ATTENDANCE_DAY_STATUSES.map((s) => [s, 0])) as Record<
          AttendanceDayStatus,
          number
        >;
        for (const d of days) if (d.status) counts[d.status]++;
        const { from, to } = monthRange(q.year, q.month);
        const used = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM regularisation_requests
            WHERE employee_id = $1 AND date BETWEEN $2 AND $3 AND status IN ('pending', 'approved')`,
          [employeeId, from, to],
        );
        const ctx = await todayContext(tx, actor.companyId, employeeId, from);
        const [pen] = await penaltyLopDays(tx, actor.companyId, q.year, q.month, [employeeId]);
        return {
          month: q.month,
          year: q.year,
          counts,
          late_marks: days.filter((d) => d.late).length,
          early_exits: days.filter((d) => d.early_exit).length,
          missed_punches: days.filter((d) => d.missed_punch).length,
          worked_minutes: days.reduce((n, d) => n + d.worked_minutes, 0),
          regularisations_used: used.rows[0]?.n ?? 0,
          regularisations_allowed: ctx?.attendance?.regularisationPerMonth ?? null,
          penalty: {
            cycle_from: pen?.cycle.from ?? from,
            cycle_to: pen?.cycle.to ?? to,
            lop_days: pen?.lopDays ?? 0,
            penalties: pen?.penalties ?? [],
          },
        };
      }),

    /** The month's days of one employee, for the export. */
    monthRows: (actor: Actor, q: MonthQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = await targetOf(tx, actor, q.employee_id);
        const { rows } = await tx.query<{ employee_code: string; name: string }>(
          `SELECT employee_code, trim(first_name || ' ' || last_name) AS name FROM employees WHERE id = $1`,
          [employeeId],
        );
        return {
          employee: rows[0]!,
          tz: await repo.timeZone(tx),
          days: await monthOf(tx, employeeId, q.year, q.month, actor.companyId),
        };
      }),

    /** Who of my team is in, late, absent or on leave today. */
    teamToday: (actor: Actor) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw notFound('Employee');
        return teamTodayOn(tx, actor.employeeId, dateIn(await repo.timeZone(tx), clock.now()));
      }),

    /** The attendance muster of a month (a page, or every row for the export). */
    muster: (actor: Actor, q: Omit<MusterQuery, 'page' | 'records'> & { page?: number; records?: number }) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const { from, to } = monthRange(q.year, q.month);
        const value = q.value?.replace(/[\\%_]/g, (c) => `\\${c}`);
        const emps = await repo.musterEmployees(tx, {
          divisionId: q.division_id,
          value,
          sortBy: q.sortBy,
          sortOrder: q.sortOrder,
          limit: q.records ?? null,
          offset: q.page && q.records ? (q.page - 1) * q.records : 0,
        });
        const ids = emps.map((e) => e.employee_id);
        // The days and the penalty rules at once (on PostgreSQL the reads go over separate lanes).
        const [month, rules] = await Promise.all([
          repo.musterMonth(tx, ids, from, to, WORKED_STATUSES),
          penaltyRulesOf(tx, actor.companyId, ids, q.year, q.month),
        ]);
        const dates = monthDays(q.year, q.month).map((d) => d.date);
        const locks = await lockRanges(tx, from, to);
        const lockedDays = dates.map((d) => inLock(locks, d));
        const byEmp = new Map<
          string,
          { days: (AttendanceDayStatus | null)[]; late: number; lateMarks: number; earlyExits: number }
        >();
        for (const m of month) {
          const days: (AttendanceDayStatus | null)[] = dates.map(() => null);
          // `index:status` per day, the index counted in days from the 1st.
          for (const d of m.days?.split(',') ?? []) {
            const colon = d.indexOf(':');
            days[Number(d.slice(0, colon))] = d.slice(colon + 1) as AttendanceDayStatus;
          }
          byEmp.set(m.employee_id, {
            days,
            late: m.late,
            lateMarks: m.late_marks,
            earlyExits: m.early_exits,
          });
        }
        // Penalties from the marks counted with the days (no second read of the month), except
        // for employees whose attendance cycle is not the calendar month: their marks are counted
        // over their cycle, one query per distinct cycle.
        const penalties = new Map<string, number>();
        const otherCycles = new Map<string, string[]>();
        for (const id of ids) {
          const r = rules.get(id);
          if (!r) continue;
          if (r.cycle.from === from && r.cycle.to === to) {
            const m = byEmp.get(id);
            penalties.set(id, penaltyLopDaysOf(r.rules, m?.lateMarks ?? 0, m?.earlyExits ?? 0));
          } else if (r.rules) {
            const key = `${r.cycle.from}|${r.cycle.to}`;
            otherCycles.set(key, [...(otherCycles.get(key) ?? []), id]);
          }
        }
        for (const [key, group] of otherCycles) {
          const [cFrom, cTo] = key.split('|') as [string, string];
          for (const m of await repo.musterMonth(tx, group, cFrom, cTo, WORKED_STATUSES)) {
            penalties.set(
              m.employee_id,
              penaltyLopDaysOf(rules.get(m.employee_id)!.rules, m.late_marks, m.early_exits),
            );
          }
        }
        const rows = emps.map((e) => {
          const m = byEmp.get(e.employee_id) ?? { days: dates.map(() => null), late: 0 };
          let full = 0;
          let half = 0;
          let absent = 0;
          for (const s of m.days) {
            if (s === 'present' || s === 'late') full++;
            else if (s === 'half_day') half++;
            else if (s === 'absent') absent++;
          }
          return {
            employee_id: e.employee_id,
            employee_code: e.employee_code,
            employee_name: e.employee_name,
            days: m.days,
            present: full + half / 2,
            absent: absent + half / 2,
            late_marks: m.late,
            penalty_lop_days: penalties.get(e.employee_id) ?? 0,
            locked_days: lockedDays,
          };
        });
        return { rows, total: emps.length ? Number(emps[0]!.total) : 0, dates };
      }),

    rederive: rederiveListener(clock),
    rederivePunchDays,
  };
}
export type AttendanceService = ReturnType<typeof createAttendanceService>;

/**
 * Minutes worked per employee and date between two dates, days with some work only (the leave
 * module credits comp-off from these; app.ts passes this function to it).
 */
export async function workedMinutes(
  tx: Queryable,
  employeeIds: string[] | 'all',
  from: string,
  to: string,
): Promise<Map<string, Map<string, number>>> {
  const params: unknown[] = [from, to];
  const who = employeeIds === 'all' ? '' : `AND employee_id = ANY($${params.push(employeeIds)}::uuid[])`;
  const { rows } = await tx.query<{ employee_id: string; date: string; worked_minutes: number }>(
    `SELECT employee_id, date::text AS date, worked_minutes FROM attendance_days
      WHERE date BETWEEN $1 AND $2 AND worked_minutes > 0 ${who} ORDER BY employee_id, date`,
    params,
  );
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const m = out.get(r.employee_id) ?? new Map<string, number>();
    out.set(r.employee_id, m);
    m.set(r.date, r.worked_minutes);
  }
  return out;
}
