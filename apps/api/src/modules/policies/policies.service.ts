import type {
  AssignmentBody,
  AttendancePolicyBody,
  HolidayBody,
  HolidayCalendarBody,
  MasterPolicyBody,
  PolicyListQuery,
  RosterBody,
  ShiftBody,
  WeeklyOffBody,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { assertNearToday, longDate } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import type { Actor } from '../../plugins/auth';
import { insertAudit } from '../audit';
import { companyToday } from '../org';
import type { CalendarChange, CalendarChangeListener } from './index';
import { rangesOverlap } from './policies.domain';
import * as repo from './policies.repo';
import { explainPolicy, loadDayContexts } from './resolve.repo';

const pgCode = (err: unknown) => (err as { code?: string } | null)?.code;
const validation = (path: string, message: string) =>
  new AppError('VALIDATION', `Validation failed: ${path}`, { errors: [{ path, message }] });

/** An audit entry in the change's transaction: `policies.<entity>_<created|updated|deleted>`. */
function audit(
  tx: Queryable,
  actor: Actor,
  entity: string,
  verb: 'created' | 'updated' | 'deleted' | 'ended',
  id: string,
  changes: Record<string, unknown>,
) {
  return insertAudit(tx, {
    companyId: actor.companyId,
    actorUserId: actor.userId,
    action: `policies.${entity}_${verb}`,
    entity,
    entityId: id,
    changes,
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

/** A unique name clash is a 409 naming the field; a policy still referenced cannot be deleted. */
const dbErrors = (what: string) => (err: unknown) => {
  if (pgCode(err) === '23505') throw new AppError('CONFLICT', `A ${what} with this name already exists`);
  if (isForeignKeyViolation(err)) {
    throw new AppError(
      'CONFLICT',
      `This ${what} is still used by a master policy or roster; remove it there first`,
    );
  }
  throw err;
};

export function createPoliciesService(deps: {
  db: Db;
  clock: Clock;
  onCalendarChange?: CalendarChangeListener;
}) {
  const { db, clock } = deps;
  /** An optional holiday already past stays as it was: picking or removing it would rewrite past days. */
  const refusePast = async (tx: Queryable, h: { date: string; name: string }, what: 'picked' | 'removed') => {
    const { today } = await companyToday(tx, clock.now());
    if (h.date < today) {
      throw new AppError(
        'CONFLICT',
        `${h.name} (${longDate(h.date)}) has passed: an optional holiday can be ${what} only before its day`,
      );
    }
  };
  const tenant = <T>(actor: Actor, what: string, fn: (tx: Queryable) => Promise<T>) =>
    db.tenant(actor.companyId, fn).catch(dbErrors(what));

  /** Tells listeners (attendance re-derivation) in the same transaction. */
  const changed = async (tx: Queryable, c: Omit<CalendarChange, 'companyId'> & { companyId: string }) => {
    if (deps.onCalendarChange) await deps.onCalendarChange(tx, c);
  };
  /**
   * A definition (shift, rule, weekly-off, calendar, master policy) is not effective-dated: an edit
   * holds from today on; past days keep what attendance derived for them until re-derived.
   */
  const fromToday = async (tx: Queryable, actor: Actor, reason: string) =>
    changed(tx, {
      companyId: actor.companyId,
      employeeIds: 'all',
      from: (await companyToday(tx, clock.now())).today,
      to: null,
      reason,
    });

  /** CRUD for a named definition table, with its change notification. */
  function definition<B, R>(o: {
    what: string;
    table: string;
    /** The audit log's entity name. */
    entity: string;
    get: (tx: Queryable, id: string, lock?: boolean) => Promise<R | null>;
    save: (tx: Queryable, companyId: string, b: B, id?: string) => Promise<string>;
    list: (tx: Queryable, q: PolicyListQuery) => Promise<{ rows: R[]; total: number }>;
    check?: (tx: Queryable, b: B) => Promise<void>;
  }) {
    const label = o.what.charAt(0).toUpperCase() + o.what.slice(1);
    return {
      list: (actor: Actor, q: PolicyListQuery) => db.tenantRead(actor.companyId, (tx) => o.list(tx, q)),
      get: (actor: Actor, id: string) =>
        db.tenantRead(
          actor.companyId,
          async (tx) => (await o.get(tx, id)) ?? Promise.reject(notFound(label)),
        ),
      create: (actor: Actor, b: B) =>
        tenant(actor, o.what, async (tx) => {
          await o.check?.(tx, b);
          const id = await o.save(tx, actor.companyId, b);
          await audit(tx, actor, o.entity, 'created', id, { after: b });
          return (await o.get(tx, id))!;
        }),
      update: (actor: Actor, id: string, b: B) =>
        tenant(actor, o.what, async (tx) => {
          const before = await o.get(tx, id, true);
          if (!before) throw notFound(label);
          await o.check?.(tx, b);
          await o.save(tx, actor.companyId, b, id);
          await audit(tx, actor, o.entity, 'updated', id, { before, after: b });
          await fromToday(tx, actor, `${o.what} updated`);
          return (await o.get(tx, id))!;
        }),
      remove: (actor: Actor, id: string) =>
        tenant(actor, o.what, async (tx) => {
          const row = (await o.get(tx, id, true)) as (R & { used_by?: number; is_default?: boolean }) | null;
          if (!row) throw notFound(label);
          if (row.is_default)
            throw new AppError('CONFLICT', 'The company default master policy cannot be deleted');
          if ((row.used_by ?? 0) > 0) {
            throw new AppError(
              'CONFLICT',
              `This ${o.what} is still used; remove it from its master policies first`,
            );
          }
          await repo.deleteFrom(tx, o.table, id);
          await audit(tx, actor, o.entity, 'deleted', id, { before: row });
          await fromToday(tx, actor, `${o.what} deleted`);
        }),
    };
  }

  const attendance = definition<
    AttendancePolicyBody,
    NonNullable<Awaited<ReturnType<typeof repo.getAttendance>>>
  >({
    what: 'attendance policy',
    table: 'attendance_policies',
    entity: 'attendance_policy',
    get: repo.getAttendance,
    save: repo.saveAttendance,
    list: repo.listAttendance,
  });
  const shifts = definition<ShiftBody, NonNullable<Awaited<ReturnType<typeof repo.getShift>>>>({
    what: 'shift',
    table: 'shifts',
    entity: 'shift',
    get: repo.getShift,
    save: repo.saveShift,
    list: repo.listShifts,
  });
  const rosters = definition<RosterBody, NonNullable<Awaited<ReturnType<typeof repo.getRoster>>>>({
    what: 'roster',
    table: 'rosters',
    entity: 'roster',
    get: repo.getRoster,
    save: repo.saveRoster,
    list: repo.listRosters,
    check: async (tx, b) => {
      const found = await repo.existingShiftIds(tx, [...new Set(b.slots.map((s) => s.shift_id))]);
      const i = b.slots.findIndex((s) => !found.has(s.shift_id));
      if (i >= 0) throw validation(`slots.${i}.shift_id`, 'No such shift');
    },
  });
  const weeklyOffs = definition<WeeklyOffBody, NonNullable<Awaited<ReturnType<typeof repo.getWeeklyOff>>>>({
    what: 'weekly-off policy',
    table: 'weekly_off_policies',
    entity: 'weekly_off_policy',
    get: repo.getWeeklyOff,
    save: repo.saveWeeklyOff,
    list: repo.listWeeklyOffs,
  });
  const calendars = definition<
    HolidayCalendarBody,
    NonNullable<Awaited<ReturnType<typeof repo.getCalendar>>>
  >({
    what: 'holiday calendar',
    table: 'holiday_calendars',
    entity: 'holiday_calendar',
    get: repo.getCalendar,
    save: repo.saveCalendar,
    list: repo.listCalendars,
  });
  const masters = definition<MasterPolicyBody, NonNullable<Awaited<ReturnType<typeof repo.getMaster>>>>({
    what: 'master policy',
    table: 'master_policies',
    entity: 'master_policy',
    get: repo.getMaster,
    save: repo.saveMaster,
    list: repo.listMasters,
    check: async (tx, b) => {
      const [missing] = await repo.missingRefs(tx, b);
      if (missing) throw validation(missing, 'Not found');
    },
  });
  // A master policy with assignments is "used": they must be ended or removed first.
  const removeMaster = (actor: Actor, id: string) =>
    tenant(actor, 'master policy', async (tx) => {
      const m = await repo.getMaster(tx, id, true);
      if (!m) throw notFound('Master policy');
      if (m.is_default) throw new AppError('CONFLICT', 'The company default master policy cannot be deleted');
      if (m.assignment_count > 0) {
        throw new AppError(
          'CONFLICT',
          `"${m.name}" has ${m.assignment_count} assignment(s); remove them first`,
        );
      }
      await repo.deleteFrom(tx, 'master_policies', id);
      await audit(tx, actor, 'master_policy', 'deleted', id, { before: m });
    });

  /** A holiday changes its date (old and new) for everyone on the calendar. */
  const holidayChanged = (tx: Queryable, actor: Actor, dates: string[], reason: string) =>
    Promise.all(
      [...new Set(dates)].map((d) =>
        changed(tx, { companyId: actor.companyId, employeeIds: 'all', from: d, to: d, reason }),
      ),
    );

  return {
    attendance,
    shifts,
    rosters,
    weeklyOffs,
    calendars,
    masters: { ...masters, remove: removeMaster },

    addHoliday: (actor: Actor, calendarId: string, b: HolidayBody) =>
      tenant(actor, 'holiday', async (tx) => {
        if (!(await repo.getCalendar(tx, calendarId, true))) throw notFound('Holiday calendar');
        const id = await repo.saveHoliday(tx, actor.companyId, calendarId, b).catch((err) => {
          if (pgCode(err) === '23505')
            throw validation('date', 'This calendar already has a holiday on this date');
          throw err;
        });
        await audit(tx, actor, 'holiday', 'created', id, { calendar_id: calendarId, after: b });
        await holidayChanged(tx, actor, [b.date], 'holiday added');
        return (await repo.getHoliday(tx, calendarId, id))!;
      }),
    updateHoliday: (actor: Actor, calendarId: string, id: string, b: HolidayBody) =>
      tenant(actor, 'holiday', async (tx) => {
        const before = await repo.getHoliday(tx, calendarId, id);
        if (!before) throw notFound('Holiday');
        await repo.saveHoliday(tx, actor.companyId, calendarId, b, id).catch((err) => {
          if (pgCode(err) === '23505')
            throw validation('date', 'This calendar already has a holiday on this date');
          throw err;
        });
        await audit(tx, actor, 'holiday', 'updated', id, { calendar_id: calendarId, before, after: b });
        await holidayChanged(tx, actor, [before.date, b.date], 'holiday updated');
        return (await repo.getHoliday(tx, calendarId, id))!;
      }),
    removeHoliday: (actor: Actor, calendarId: string, id: string) =>
      tenant(actor, 'holiday', async (tx) => {
        const before = await repo.getHoliday(tx, calendarId, id);
        if (!before) throw notFound('Holiday');
        await repo.deleteHoliday(tx, id);
        await audit(tx, actor, 'holiday', 'deleted', id, { calendar_id: calendarId, before });
        await holidayChanged(tx, actor, [before.date], 'holiday deleted');
      }),

    /** The caller's optional holidays in their calendar today, for a year. */
    myOptionalHolidays: (actor: Actor, year: number) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return { calendar: null, limit: 0, holidays: [] };
        const { today } = await companyToday(tx, clock.now());
        const answer = await explainPolicy(tx, actor.companyId, actor.employeeId, today);
        const cal = answer.holidayCalendar ? await repo.getCalendar(tx, answer.holidayCalendar.id) : null;
        if (!cal) return { calendar: null, limit: 0, holidays: [] };
        return {
          calendar: { id: cal.id, name: cal.name },
          limit: cal.optional_limit,
          holidays: (await repo.optionalHolidaysOf(tx, cal.id, actor.employeeId, year)).map((h) => ({
            ...h,
            past: h.date < today,
          })),
        };
      }),
    /** Picks one optional holiday of the caller's calendar, within its yearly limit. Idempotent. */
    pickOptional: (actor: Actor, holidayId: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = actor.employeeId;
        if (!employeeId) throw notFound('Employee record');
        // Picks of one employee are counted one after the other (two at once cannot both fit).
        await tx.query('SELECT 1 FROM employees WHERE id = $1 FOR UPDATE', [employeeId]);
        const h = await repo.holidayById(tx, holidayId);
        if (!h?.optional) throw notFound('Optional holiday');
        await refusePast(tx, h, 'picked');
        const answer = await explainPolicy(tx, actor.companyId, employeeId, h.date);
        if (answer.holidayCalendar?.id !== h.calendar_id) throw notFound('Optional holiday');
        // A holiday of another work location is not theirs to pick (derivation would ignore it).
        if (!(await repo.holidayAppliesTo(tx, h.location, employeeId))) {
          throw new AppError(
            'CONFLICT',
            `${h.name} is an optional holiday for ${h.location} only; it does not apply to your work location`,
          );
        }
        const cal = (await repo.getCalendar(tx, h.calendar_id))!;
        const year = Number(h.date.slice(0, 4));
        const mine = await repo.optionalHolidaysOf(tx, cal.id, employeeId, year);
        if (mine.some((x) => x.id === h.id && x.picked)) return;
        if (mine.filter((x) => x.picked).length >= cal.optional_limit) {
          throw new AppError(
            'CONFLICT',
            `You can pick ${cal.optional_limit} optional holiday(s) in ${year}; remove one to pick another`,
          );
        }
        await repo.pickHoliday(tx, actor.companyId, employeeId, h.id);
        await changed(tx, {
          companyId: actor.companyId,
          employeeIds: [employeeId],
          from: h.date,
          to: h.date,
          reason: 'optional holiday picked',
        });
      }),
    unpickOptional: (actor: Actor, holidayId: string) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw notFound('Employee record');
        const h = await repo.holidayById(tx, holidayId);
        if (!h) throw notFound('Optional holiday');
        await refusePast(tx, h, 'removed');
        if (await repo.unpickHoliday(tx, actor.employeeId, holidayId)) {
          await changed(tx, {
            companyId: actor.companyId,
            employeeIds: [actor.employeeId],
            from: h.date,
            to: h.date,
            reason: 'optional holiday removed',
          });
        }
      }),

    masterDropdown: (actor: Actor) => db.tenantRead(actor.companyId, (tx) => repo.masterDropdown(tx)),
    assignments: (actor: Actor, masterPolicyId: string) =>
      db.tenantRead(actor.companyId, async (tx) => {
        if (!(await repo.getMaster(tx, masterPolicyId))) throw notFound('Master policy');
        return repo.assignmentsOf(tx, masterPolicyId);
      }),
    /**
     * A new effective-dated assignment. Ranges of one target may not overlap: to change a
     * target's policy, end its current assignment and add the next one.
     */
    assign: (actor: Actor, masterPolicyId: string, b: AssignmentBody) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.getMaster(tx, masterPolicyId))) throw notFound('Master policy');
        if (!(await repo.lockTarget(tx, b.target_kind, b.target_id)))
          throw validation('target_id', 'Not found');
        const clash = (await repo.assignmentsOfTarget(tx, b.target_kind, b.target_id)).find((a) =>
          rangesOverlap(
            { from: a.effective_from, to: a.effective_to },
            { from: b.effective_from, to: b.effective_to },
          ),
        );
        if (clash) {
          throw validation(
            'effective_from',
            `Overlaps the assignment of "${clash.master_policy_name}" from ${clash.effective_from}${
              clash.effective_to ? ` to ${clash.effective_to}` : ' (open-ended)'
            }; end it first`,
          );
        }
        const id = await repo.insertAssignment(tx, actor.companyId, masterPolicyId, b, actor.userId);
        await audit(tx, actor, 'policy_assignment', 'created', id, {
          master_policy_id: masterPolicyId,
          after: b,
        });
        await changed(tx, {
          companyId: actor.companyId,
          employeeIds: await repo.employeesReached(tx, b.target_kind, b.target_id),
          from: b.effective_from,
          to: b.effective_to,
          reason: 'master policy assigned',
        });
        return (await repo.getAssignment(tx, id))!;
      }),
    endAssignment: (actor: Actor, id: string, effectiveTo: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const a = await repo.getAssignment(tx, id);
        if (!a) throw notFound('Assignment');
        await repo.lockTarget(tx, a.target_kind, a.target_id);
        if (effectiveTo < a.effective_from)
          throw validation('effective_to', 'Must be on or after the effective from date');
        if (a.effective_to !== null && effectiveTo > a.effective_to) {
          throw validation('effective_to', `Can only move the end earlier (now ${a.effective_to})`);
        }
        await repo.endAssignment(tx, id, effectiveTo);
        await audit(tx, actor, 'policy_assignment', 'ended', id, {
          before: { effective_to: a.effective_to },
          after: { effective_to: effectiveTo },
        });
        await changed(tx, {
          companyId: actor.companyId,
          employeeIds: await repo.employeesReached(tx, a.target_kind, a.target_id),
          from: effectiveTo,
          to: a.effective_to,
          reason: 'master policy assignment ended',
        });
        return (await repo.getAssignment(tx, id))!;
      }),
    /** Only an assignment that has not started yet; one in force is ended instead (history stays). */
    removeAssignment: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const a = await repo.getAssignment(tx, id);
        if (!a) throw notFound('Assignment');
        const { today } = await companyToday(tx, clock.now());
        if (a.effective_from <= today) {
          throw new AppError(
            'CONFLICT',
            'This assignment has taken effect; set its end date instead of deleting it',
          );
        }
        await repo.deleteFrom(tx, 'master_policy_assignments', id);
        await audit(tx, actor, 'policy_assignment', 'deleted', id, { before: a });
        await changed(tx, {
          companyId: actor.companyId,
          employeeIds: await repo.employeesReached(tx, a.target_kind, a.target_id),
          from: a.effective_from,
          to: a.effective_to,
          reason: 'master policy assignment deleted',
        });
      }),

    summary: (actor: Actor) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const { today } = await companyToday(tx, clock.now());
        const ids = await repo.activeEmployeeIds(tx);
        const perPolicy = new Map<string, number>();
        for (const days of (await loadDayContexts(tx, actor.companyId, ids, today, today)).values()) {
          const id = days[0]?.masterPolicyId;
          if (id) perPolicy.set(id, (perPolicy.get(id) ?? 0) + 1);
        }
        const list = await repo.masterDropdown(tx);
        return {
          counts: (await repo.counts(tx)) as {
            attendance_policies: number;
            shifts: number;
            rosters: number;
            weekly_off_policies: number;
            holiday_calendars: number;
            master_policies: number;
          },
          master_policies: list.map((m) => ({ ...m, employee_count: perPolicy.get(m.id) ?? 0 })),
          today,
        };
      }),
    explain: (actor: Actor, employeeId: string, date: string) =>
      db.tenantRead(actor.companyId, async (tx) => {
        assertNearToday('date', date, (await companyToday(tx, clock.now())).today);
        const answer = await explainPolicy(tx, actor.companyId, employeeId, date);
        const day = (await loadDayContexts(tx, actor.companyId, [employeeId], date, date)).get(
          employeeId,
        )?.[0];
        return { ...answer, day: { weeklyOff: day?.weeklyOff ?? 'none', holiday: day?.holiday ?? null } };
      }),
  };
}
export type PoliciesService = ReturnType<typeof createPoliciesService>;
