import {
  REGULARISATION_REASONS,
  type Regularisation,
  type RegularisationInput,
  type RegularisationListQuery,
  type RegularisationQueueQuery,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import { type Clock, dateIn } from '../../lib/clock';
import { assertNearToday, dayWords, monthWords } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { type ApprovalEngine, auditOf, type HookContext, type RequestTypeDefinition } from '../approvals';
import * as attendanceRepo from './attendance.repo';
import { deriveRange } from './attendance.service';
import { correctionNote, decidedCorrectionNote, recordCorrections } from './corrections';
import { loadDayContexts } from './day-context';
import { addDays, hhmmToMinutes, localToInstant, monthRange } from './derive';
import { lockedDates, longDate } from './locks';
import * as repo from './regularisation.repo';

/** The request type registered with the approval engine (APPROVAL_REQUEST_TYPES in the contract). */
export const REGULARISATION_TYPE = 'regularisation';
const REASON_LABELS = new Map<string, string>(REGULARISATION_REASONS.map(([v, l]) => [v, l]));
export type QueueMode = 'team' | 'admin' | 'mine';

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
const validation = (path: string, message: string) =>
  new AppError('VALIDATION', `Validation failed: ${path}`, { errors: [{ path, message }] });

export function createRegularisationService(deps: { db: Db; engine: ApprovalEngine; clock: Clock }) {
  const { db, engine, clock } = deps;

  async function toItems(
    tx: Queryable,
    rows: repo.RegRow[],
    caller: Pick<Actor, 'employeeId' | 'permissions'>,
    mode: QueueMode,
  ): Promise<Regularisation[]> {
    const approvalIds = await engine.requestIdsBySubject(
      tx,
      REGULARISATION_TYPE,
      rows.map((r) => r.id),
    );
    const ids = [...approvalIds.values()];
    const states = new Map((await engine.states(tx, ids)).map((s) => [s.request_id, s]));
    const abilities = await engine.abilities(tx, caller, ids, { asAdmin: mode === 'admin' });
    return rows.map((r) => {
      const approvalId = approvalIds.get(r.id);
      return {
        id: r.id,
        employee_id: r.employee_id,
        employee_code: r.employee_code,
        employee_name: r.employee_name,
        date: r.date,
        punch_in: iso(r.punch_in),
        punch_out: iso(r.punch_out),
        reason: r.reason,
        reason_label: REASON_LABELS.get(r.reason) ?? r.reason,
        note: r.note,
        status: r.status,
        created_at: iso(r.created_at)!,
        approval: (approvalId && states.get(approvalId)) || null,
        abilities: (approvalId && abilities.get(approvalId)) || {
          approve: false,
          reject: false,
          withdraw: r.status === 'pending' && r.employee_id === caller.employeeId,
        },
      };
    });
  }

  async function itemOf(tx: Queryable, id: string, caller: Actor, mode: QueueMode) {
    const row = await repo.get(tx, id);
    if (!row) throw notFound('Regularisation request');
    return (await toItems(tx, [row], caller, mode))[0]!;
  }

  const approvalIdOf = async (tx: Queryable, id: string) =>
    (await engine.requestIdsBySubject(tx, REGULARISATION_TYPE, [id])).get(id) ?? null;

  /**
   * The corrected times join the ledger as punches of their own source; the days re-derive. A day
   * of a confirmed pay run stays as that run paid it (re-derivation leaves locked days alone): the
   * loss of pay it carried is recorded as a correction, paid back by the next run.
   */
  async function apply(tx: Queryable, companyId: string, id: string) {
    const row = await repo.get(tx, id);
    if (!row) throw notFound('Regularisation request');
    await recordCorrections(tx, row.employee_id, [row.date], { source: 'regularisation', id }, clock.now());
    const punches = [row.punch_in, row.punch_out]
      .filter((v): v is Date | string => v != null)
      .map((v) => ({
        employeeId: row.employee_id,
        at: new Date(v),
        source: 'regularisation' as const,
        regularisationId: id,
      }));
    await attendanceRepo.insertPunches(tx, punches);
    await repo.setStatus(tx, id, 'approved');
    await deriveRange(
      tx,
      companyId,
      [row.employee_id],
      addDays(row.date, -1),
      addDays(row.date, 1),
      clock.now(),
    );
  }

  const requestType: RequestTypeDefinition = {
    type: REGULARISATION_TYPE,
    teamPermissions: { view: 'regularisation_requests.view', edit: 'regularisation_requests.edit' },
    adminPermissions: { view: 'regularisation_requests.view', edit: 'regularisation_requests.edit' },
    async summarise(tx, subjectIds) {
      const out = new Map<string, { title: string; summary: string }>();
      for (const r of await repo.getMany(tx, subjectIds)) {
        const note = correctionNote(await lockedDates(tx, r.employee_id, [r.date]));
        out.set(r.id, {
          title: `Regularisation: ${r.employee_name}`,
          summary: `${longDate(r.date)}: ${REASON_LABELS.get(r.reason) ?? r.reason}${note ? `. ${note}` : ''}`,
        });
      }
      return out;
    },
    async notice(tx, subjectId, today) {
      const [r] = await repo.getMany(tx, [subjectId]);
      if (!r) return null;
      return { owner: r.employee_name, item: `attendance regularisation for ${dayWords(r.date, today)}` };
    },
    link: (audience) =>
      ({
        approver: '/team/requests/regularization',
        admin: '/admin/requests/regularization',
        requester: '/user/attendance',
      })[audience],
    onApproved: (ctx: HookContext) => apply(ctx.tx, ctx.request.companyId, ctx.request.subjectId),
    onRejected: (ctx) => repo.setStatus(ctx.tx, ctx.request.subjectId, 'rejected'),
    onWithdrawn: (ctx) => repo.setStatus(ctx.tx, ctx.request.subjectId, 'cancelled'),
  };
  engine.registry.register(requestType);

  /** Checks a request against the policy's look-back and monthly limit; returns its instants. */
  async function checked(
    tx: Queryable,
    actor: Actor,
    employeeId: string,
    input: RegularisationInput,
    exceptId: string | null,
  ) {
    const tz = await attendanceRepo.timeZone(tx);
    const today = dateIn(tz, clock.now());
    if (input.date > today) throw validation('date', 'A day to come cannot be regularised');
    assertNearToday('date', input.date, today);
    const ctx = (await loadDayContexts(tx, actor.companyId, [employeeId], input.date, input.date)).get(
      employeeId,
    )?.[0];
    const rules = ctx?.attendance ?? null;
    const lookback = rules?.regularisationLookbackDays;
    if (lookback != null && input.date < addDays(today, -lookback)) {
      throw validation(
        'date',
        `Regularisation reaches back at most ${lookback} days (to ${addDays(today, -lookback)})`,
      );
    }
    await repo.lockEmployee(tx, employeeId);
    if (await repo.pendingOn(tx, employeeId, input.date, exceptId)) {
      throw new AppError('CONFLICT', `You already have a pending regularisation for ${input.date}`);
    }
    const limit = rules?.regularisationPerMonth;
    if (limit != null) {
      const [y, m] = input.date.split('-').map(Number) as [number, number];
      const { from, to } = monthRange(y, m);
      const used = await repo.countInMonth(tx, employeeId, from, to, exceptId);
      if (used >= limit) {
        throw new AppError(
          'CONFLICT',
          `You have used all ${limit} regularisation${limit === 1 ? '' : 's'} allowed for ${monthWords(y, m)}`,
        );
      }
    }
    const inMin = input.punch_in ? hhmmToMinutes(input.punch_in) : null;
    const outMin = input.punch_out ? hhmmToMinutes(input.punch_out) : null;
    if (inMin != null && outMin != null && outMin === inMin)
      throw validation('punch_out', 'The out time is the same as the in time');
    // An out time before the in time is the next morning only for a shift that crosses midnight
    // that day; for anyone else 18:30 → 09:00 is a typing slip, not fifteen hours of work.
    const overnight = !!ctx?.shift && hhmmToMinutes(ctx.shift.end) <= hhmmToMinutes(ctx.shift.start);
    if (inMin != null && outMin != null && outMin < inMin && !overnight)
      throw validation(
        'punch_out',
        'The out time is before the in time. Only a shift that crosses midnight ends the next morning',
      );
    const punchIn = inMin == null ? null : localToInstant(input.date, inMin, tz);
    const outDate = inMin != null && outMin != null && outMin < inMin ? addDays(input.date, 1) : input.date;
    const punchOut = outMin == null ? null : localToInstant(outDate, outMin, tz);
    // A day of a confirmed pay run is accepted: approved, it is paid back in the next run.
    const notes = [correctionNote(await lockedDates(tx, employeeId, [input.date]))];
    // A day already Present with punches: say so, the corrected times join the punches there.
    const [day] = await attendanceRepo.daysOf(tx, employeeId, input.date, input.date);
    if (day && day.status === 'present' && (day.first_in || day.last_out))
      notes.push('This day is already Present with punches: the corrected times are added to them');
    const note = notes.filter(Boolean).join('. ') || null;
    return { punchIn, punchOut, autoApprove: !!rules?.regularisationAutoApprove, note };
  }

  async function ownPending(tx: Queryable, actor: Actor, id: string) {
    const row = await repo.get(tx, id, true);
    if (!row || !actor.employeeId || row.employee_id !== actor.employeeId)
      throw notFound('Regularisation request');
    if (row.status !== 'pending') throw new AppError('CONFLICT', `This request is already ${row.status}`);
    return row;
  }

  return {
    reasons: () => REGULARISATION_REASONS.map(([value, label]) => ({ value, label })),

    create: (actor: Actor, input: RegularisationInput) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) throw notFound('Employee');
        const c = await checked(tx, actor, actor.employeeId, input, null);
        const id = await repo.insert(tx, {
          employeeId: actor.employeeId,
          date: input.date,
          punchIn: c.punchIn,
          punchOut: c.punchOut,
          reason: input.reason,
          note: input.note || null,
        });
        if (c.autoApprove) await apply(tx, actor.companyId, id);
        else
          await engine.raise(tx, {
            type: REGULARISATION_TYPE,
            subjectId: id,
            requesterId: actor.employeeId,
            onDate: input.date,
          });
        await auditOf(tx, actor, {
          action: 'attendance.regularisation_requested',
          entity: 'regularisation_request',
          entity_id: id,
          changes: { date: input.date, reason: input.reason },
        });
        return { item: await itemOf(tx, id, actor, 'mine'), note: c.note };
      }),

    update: (actor: Actor, id: string, input: RegularisationInput) =>
      db.tenant(actor.companyId, async (tx) => {
        await ownPending(tx, actor, id);
        const c = await checked(tx, actor, actor.employeeId!, input, id);
        await repo.update(tx, id, {
          date: input.date,
          punchIn: c.punchIn,
          punchOut: c.punchOut,
          reason: input.reason,
          note: input.note || null,
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    remove: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        await ownPending(tx, actor, id);
        const approvalId = await approvalIdOf(tx, id);
        // The engine's onWithdrawn hook marks the row cancelled; the row stays as history.
        if (approvalId) await engine.withdraw(tx, actor, approvalId);
        else await repo.setStatus(tx, id, 'cancelled');
        await auditOf(tx, actor, {
          action: 'attendance.regularisation_cancelled',
          entity: 'regularisation_request',
          entity_id: id,
          changes: {},
        });
      }),

    mine: (actor: Actor, q: RegularisationListQuery) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!actor.employeeId) return { rows: [], total: 0 };
        const range =
          q.month && q.year
            ? monthRange(q.year, q.month)
            : q.year
              ? { from: `${q.year}-01-01`, to: `${q.year}-12-31` }
              : {};
        const p = await repo.page(tx, q, { employeeId: actor.employeeId, ...range });
        return { rows: await toItems(tx, p.rows, actor, 'mine'), total: p.total };
      }),

    getMine: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const item = await itemOf(tx, id, actor, 'mine');
        if (item.employee_id !== actor.employeeId) throw notFound('Regularisation request');
        return item;
      }),

    queue: (actor: Actor, q: RegularisationQueueQuery, mode: 'team' | 'admin') =>
      db.tenant(actor.companyId, async (tx) => {
        const range = q.month && q.year ? monthRange(q.year, q.month) : {};
        if (mode === 'team') {
          if (!actor.employeeId) return { rows: [], total: 0 };
          const onlyIds = await engine.awaitingSubjects(tx, REGULARISATION_TYPE, actor.employeeId);
          const p = await repo.page(tx, { ...q, status: undefined }, { onlyIds, ...range });
          return { rows: await toItems(tx, p.rows, actor, 'team'), total: p.total };
        }
        const p = await repo.page(tx, q, range);
        return { rows: await toItems(tx, p.rows, actor, 'admin'), total: p.total };
      }),

    queueGet: (actor: Actor, id: string, mode: 'team' | 'admin') =>
      db.tenant(actor.companyId, async (tx) => {
        const item = await itemOf(tx, id, actor, mode);
        if (mode === 'admin') return item;
        const approvalId = item.approval?.request_id;
        if (!approvalId || !(await engine.isParticipant(tx, approvalId, actor.employeeId)))
          throw notFound('Regularisation request');
        return item;
      }),

    /** Approve or reject through the approval engine; a final approval applies the correction. */
    decide: (
      actor: Actor,
      id: string,
      decision: 'approved' | 'rejected',
      comment: string | null,
      mode: 'team' | 'admin',
    ) =>
      db.tenant(actor.companyId, async (tx) => {
        const row = await repo.get(tx, id);
        const approvalId = row && (await approvalIdOf(tx, id));
        if (!row || !approvalId) throw notFound('Regularisation request');
        if (mode === 'admin' && !actor.employeeId)
          throw new AppError('FORBIDDEN', 'Your sign-in has no employee record to decide with');
        if (row.employee_id === actor.employeeId)
          throw new AppError('FORBIDDEN', 'You cannot decide your own request');
        const result = await engine.decide(tx, actor, approvalId, decision, comment, {
          asAdmin: mode === 'admin',
          type: REGULARISATION_TYPE,
        });
        await auditOf(tx, actor, {
          action: `attendance.regularisation_${decision}`,
          entity: 'regularisation_request',
          entity_id: id,
          changes: {
            comment,
            as_admin: mode === 'admin',
            on_behalf_of: result.on_behalf_of,
            status: result.status,
          },
        });
        const item = await itemOf(tx, id, actor, mode);
        // A final approval of a day in a confirmed pay run: say what happens to its loss of pay.
        const note =
          result.status === 'approved'
            ? await decidedCorrectionNote(tx, row.employee_id, [row.date], { source: 'regularisation', id })
            : null;
        return { item, note };
      }),
  };
}
export type RegularisationService = ReturnType<typeof createRegularisationService>;
