import type { AgreeLastDayInput, Exit, ExitQuery, ResignationInput, TerminationInput } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addDays, dayWords } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { type ApprovalEngine, auditOf, type HookContext, type RequestTypeDefinition } from '../approvals';
import { companyToday } from '../org';
import { noticeDaysFor } from '../policies';
import * as repo from './exits.repo';
import { settlementOf } from './settlement';

/**
 * Exits (issue 23): the employee resigns through the approval engine (request type 'resignation';
 * its final approval agrees the requested last day), or an administrator records a termination
 * (agreed when recorded). The notice period of the employee's master policy is copied onto the exit
 * when it is recorded. One open (pending or approved) exit per employee.
 */
export const RESIGNATION_TYPE = 'resignation';
export type ExitQueueMode = 'team' | 'admin';

const ADMIN_VIEW = 'admin_dashboard.view';
const ADMIN_EDIT = 'admin_dashboard.edit';
/** How far ahead a last working day may be: a year and a day from today. */
const MAX_AHEAD_DAYS = 366;

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));
const isUnique = (e: unknown) => (e as { code?: string } | null)?.code === '23505';
const invalid = (path: string, message: string) =>
  new AppError('VALIDATION', message, { errors: [{ path, message }] });

export function createExitsService(deps: { db: Db; engine: ApprovalEngine; clock: Clock }) {
  const { db, engine, clock } = deps;
  const today = async (tx: Queryable) => (await companyToday(tx, clock.now())).today;
  const selfId = (actor: Actor) => {
    if (!actor.employeeId) throw notFound('Employee');
    return actor.employeeId;
  };
  const approvalIdOf = async (tx: Queryable, id: string) =>
    (await engine.requestIdsBySubject(tx, RESIGNATION_TYPE, [id])).get(id) ?? null;

  async function toItems(
    tx: Queryable,
    rows: repo.ExitRow[],
    caller: Actor,
    mode: ExitQueueMode | 'mine',
  ): Promise<Exit[]> {
    const approvalIds = await engine.requestIdsBySubject(
      tx,
      RESIGNATION_TYPE,
      rows.filter((r) => r.kind === 'resignation').map((r) => r.id),
    );
    const ids = [...approvalIds.values()];
    const states = new Map((await engine.states(tx, ids)).map((s) => [s.request_id, s]));
    const abilities = await engine.abilities(tx, caller, ids, { asAdmin: mode === 'admin' });
    return rows.map((r) => {
      const approvalId = approvalIds.get(r.id);
      const a = (approvalId && abilities.get(approvalId)) || {
        approve: false,
        reject: false,
        withdraw: false,
      };
      return {
        id: r.id,
        employee_id: r.employee_id,
        employee_code: r.employee_code,
        employee_name: r.employee_name,
        kind: r.kind,
        reason: r.reason,
        notice_given_on: r.notice_given_on,
        requested_last_day: r.requested_last_day,
        agreed_last_day: r.agreed_last_day,
        notice_days: Number(r.notice_days),
        waived_days: Number(r.waived_days),
        fixed_term: r.fixed_term,
        status: r.status,
        created_at: iso(r.created_at)!,
        decided_at: iso(r.decided_at),
        approval: (approvalId && states.get(approvalId)) || null,
        abilities: { ...a, withdraw: r.employee_id === caller.employeeId && r.status === 'pending' },
      };
    });
  }
  async function itemOf(tx: Queryable, id: string, caller: Actor, mode: ExitQueueMode | 'mine') {
    const [row] = await repo.getRows(tx, [id]);
    if (!row) throw notFound('Exit');
    return (await toItems(tx, [row], caller, mode))[0]!;
  }

  /** A last working day between `earliest` and a year from today, in words when it is not. */
  function checkLastDay(path: string, day: string, earliest: string, earliestWhat: string, todayIs: string) {
    if (day < earliest)
      throw invalid(path, `The last working day cannot be before ${earliestWhat} (${dayWords(earliest)})`);
    const latest = addDays(todayIs, MAX_AHEAD_DAYS);
    if (day > latest)
      throw invalid(path, `The last working day must be within a year from today (by ${dayWords(latest)})`);
  }

  async function insertExit(
    tx: Queryable,
    actor: Actor,
    v: {
      employeeId: string;
      kind: Exit['kind'];
      reason: string;
      noticeGivenOn: string;
      lastDay: string;
      noticeDays: number;
      fixedTerm: boolean;
      approved: boolean;
    },
  ): Promise<string> {
    try {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO employee_exits (company_id, employee_id, kind, reason, notice_given_on, requested_last_day,
           agreed_last_day, notice_days, fixed_term, status, created_by, decided_at)
         VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
                 CASE WHEN $9 = 'approved' THEN now() END)
         RETURNING id`,
        [
          v.employeeId,
          v.kind,
          v.reason,
          v.noticeGivenOn,
          v.lastDay,
          v.approved ? v.lastDay : null,
          v.noticeDays,
          v.fixedTerm,
          v.approved ? 'approved' : 'pending',
          actor.userId ?? null,
        ],
      );
      return rows[0]!.id;
    } catch (e) {
      if (isUnique(e))
        throw new AppError(
          'CONFLICT',
          v.kind === 'resignation' && v.employeeId === actor.employeeId
            ? 'You already have a resignation pending or agreed: withdraw a pending one to send it again'
            : 'This employee already has an exit pending or agreed',
        );
      throw e;
    }
  }

  async function onApproved(ctx: HookContext) {
    const [row] = await repo.getRows(ctx.tx, [ctx.request.subjectId], true);
    if (row?.status !== 'pending')
      throw new AppError('CONFLICT', `This resignation is already ${row?.status ?? 'gone'}`);
    await repo.setDecision(ctx.tx, row.id, 'approved', row.requested_last_day);
  }

  const requestType: RequestTypeDefinition = {
    type: RESIGNATION_TYPE,
    teamPermissions: { view: 'manager_dashboard.view', edit: 'manager_dashboard.edit' },
    adminPermissions: { view: ADMIN_VIEW, edit: ADMIN_EDIT },
    async summarise(tx, subjectIds) {
      const out = new Map<string, { title: string; summary: string }>();
      for (const r of await repo.getRows(tx, subjectIds))
        out.set(r.id, {
          title: `Resignation: ${r.employee_name}`,
          summary: `Last working day asked: ${dayWords(r.requested_last_day)}`,
        });
      return out;
    },
    async notice(tx, subjectId) {
      const [r] = await repo.getRows(tx, [subjectId]);
      return r
        ? { owner: r.employee_name, item: `resignation (last day ${dayWords(r.requested_last_day)})` }
        : null;
    },
    link: (audience) =>
      audience === 'requester' ? '/user/exit' : audience === 'admin' ? '/payroll/exits' : '/team',
    onApproved,
    onRejected: (ctx) => repo.setDecision(ctx.tx, ctx.request.subjectId, 'rejected', null),
    onWithdrawn: (ctx) => repo.setDecision(ctx.tx, ctx.request.subjectId, 'withdrawn', null),
  };
  engine.registry.register(requestType);

  const adminOnly = (actor: Actor, edit = false) => {
    if (!actor.permissions.includes(edit ? ADMIN_EDIT : ADMIN_VIEW))
      throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  };

  return {
    /** The employee resigns: the notice period of their policy is copied; raised for approval. */
    resign: (actor: Actor, input: ResignationInput) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = selfId(actor);
        const emp = await repo.employeeOf(tx, employeeId);
        if (!emp) throw notFound('Employee');
        const date = await today(tx);
        checkLastDay('requested_last_day', input.requested_last_day, date, 'today', date);
        const noticeDays = (await noticeDaysFor(tx, employeeId, date)) ?? 30;
        const id = await insertExit(tx, actor, {
          employeeId,
          kind: 'resignation',
          reason: input.reason,
          noticeGivenOn: date,
          lastDay: input.requested_last_day,
          noticeDays,
          fixedTerm: false,
          approved: false,
        });
        const raised = await engine.raise(tx, {
          type: RESIGNATION_TYPE,
          subjectId: id,
          requesterId: employeeId,
          onDate: date,
        });
        await tx.query('UPDATE employee_exits SET approval_request_id = $2 WHERE id = $1', [id, raised.id]);
        await auditOf(tx, actor, {
          action: 'exit.resignation_submitted',
          entity: 'employee_exit',
          entity_id: id,
          changes: { requested_last_day: input.requested_last_day, notice_days: noticeDays },
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    mine: (actor: Actor) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const row = await repo.latestOf(tx, selfId(actor));
        return row ? (await toItems(tx, [row], actor, 'mine'))[0]! : null;
      }),

    withdraw: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const [row] = await repo.getRows(tx, [id], true);
        if (!row || row.employee_id !== actor.employeeId) throw notFound('Resignation');
        if (row.status !== 'pending')
          throw new AppError('CONFLICT', `This resignation is already ${row.status}`);
        const approvalId = await approvalIdOf(tx, id);
        if (approvalId) await engine.withdraw(tx, actor, approvalId);
        else await repo.setDecision(tx, id, 'withdrawn', null);
        await auditOf(tx, actor, {
          action: 'exit.resignation_withdrawn',
          entity: 'employee_exit',
          entity_id: id,
          changes: {},
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    /** The employee's own settlement, once the last day is agreed. */
    mySettlement: (actor: Actor) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const row = await repo.latestOf(tx, selfId(actor));
        if (row?.status !== 'approved') throw notFound('Agreed exit');
        return settlementOf(tx, row, (await toItems(tx, [row], actor, 'mine'))[0]!);
      }),

    /** An administrator records a termination: agreed when recorded. */
    terminate: (actor: Actor, input: TerminationInput) =>
      db.tenant(actor.companyId, async (tx) => {
        adminOnly(actor, true);
        const emp = await repo.employeeOf(tx, input.employee_id);
        if (!emp) throw notFound('Employee');
        if (emp.status === 'exited') throw new AppError('CONFLICT', `${emp.name} has already left`);
        const date = await today(tx);
        if (input.notice_given_on < emp.date_of_joining)
          throw invalid(
            'notice_given_on',
            `Notice cannot be given before joining (${dayWords(emp.date_of_joining)})`,
          );
        if (input.notice_given_on > addDays(date, MAX_AHEAD_DAYS))
          throw invalid('notice_given_on', 'Notice must be given within a year from today');
        checkLastDay('last_working_day', input.last_working_day, input.notice_given_on, 'the notice', date);
        const noticeDays = (await noticeDaysFor(tx, emp.id, input.notice_given_on)) ?? 30;
        const id = await insertExit(tx, actor, {
          employeeId: emp.id,
          kind: 'termination',
          reason: input.reason,
          noticeGivenOn: input.notice_given_on,
          lastDay: input.last_working_day,
          noticeDays,
          fixedTerm: input.fixed_term,
          approved: true,
        });
        await auditOf(tx, actor, {
          action: 'exit.termination_recorded',
          entity: 'employee_exit',
          entity_id: id,
          changes: { employee_id: emp.id, last_working_day: input.last_working_day, notice_days: noticeDays },
        });
        return itemOf(tx, id, actor, 'admin');
      }),

    /** An administrator changes the agreed last day (and the waiver, fixed-term flag) of an agreed exit. */
    agree: (actor: Actor, id: string, input: AgreeLastDayInput) =>
      db.tenant(actor.companyId, async (tx) => {
        adminOnly(actor, true);
        const [row] = await repo.getRows(tx, [id], true);
        if (!row) throw notFound('Exit');
        if (row.status !== 'approved')
          throw new AppError(
            'CONFLICT',
            `Only an agreed exit's last day can be changed: this one is ${row.status}`,
          );
        const date = await today(tx);
        checkLastDay('agreed_last_day', input.agreed_last_day, row.notice_given_on, 'the notice', date);
        if (input.agreed_last_day < row.date_of_joining)
          throw invalid(
            'agreed_last_day',
            `The last working day cannot be before joining (${dayWords(row.date_of_joining)})`,
          );
        await tx.query(
          `UPDATE employee_exits SET agreed_last_day = $2, fixed_term = coalesce($3, fixed_term),
             waived_days = coalesce($4, waived_days), updated_at = now() WHERE id = $1`,
          [id, input.agreed_last_day, input.fixed_term ?? null, input.waived_days ?? null],
        );
        await auditOf(tx, actor, {
          action: 'exit.last_day_agreed',
          entity: 'employee_exit',
          entity_id: id,
          changes: { ...input },
        });
        return itemOf(tx, id, actor, 'admin');
      }),

    get: (actor: Actor, id: string) =>
      db.tenantRead(actor.companyId, async (tx) => {
        adminOnly(actor);
        return itemOf(tx, id, actor, 'admin');
      }),

    settlement: (actor: Actor, id: string) =>
      db.tenantRead(actor.companyId, async (tx) => {
        adminOnly(actor);
        const [row] = await repo.getRows(tx, [id]);
        if (!row) throw notFound('Exit');
        return settlementOf(tx, row, (await toItems(tx, [row], actor, 'admin'))[0]!);
      }),

    /** Every exit (admin), or the resignations of a queue. */
    list: (actor: Actor, q: ExitQuery) =>
      db.tenantRead(actor.companyId, async (tx) => {
        adminOnly(actor);
        const page = await repo.listPage(tx, q, {});
        return { rows: await toItems(tx, page.rows, actor, 'admin'), total: page.total };
      }),

    queue: (actor: Actor, q: ExitQuery, mode: ExitQueueMode) =>
      db.tenantRead(actor.companyId, async (tx) => {
        if (mode === 'admin') {
          const page = await repo.listPage(tx, q, { kind: 'resignation' });
          return { rows: await toItems(tx, page.rows, actor, 'admin'), total: page.total };
        }
        if (!actor.employeeId) return { rows: [], total: 0 };
        const onlyIds = await engine.awaitingSubjects(tx, RESIGNATION_TYPE, actor.employeeId);
        const page = await repo.listPage(tx, { ...q, status: undefined }, { kind: 'resignation', onlyIds });
        return { rows: await toItems(tx, page.rows, actor, 'team'), total: page.total };
      }),

    decide: (
      actor: Actor,
      id: string,
      decision: 'approved' | 'rejected',
      comment: string | null,
      mode: ExitQueueMode,
    ) =>
      db.tenant(actor.companyId, async (tx) => {
        const [row] = await repo.getRows(tx, [id]);
        const approvalId = row && (await approvalIdOf(tx, id));
        if (!row || !approvalId) throw notFound('Resignation');
        if (row.employee_id === actor.employeeId)
          throw new AppError('FORBIDDEN', 'You cannot decide your own request');
        const result = await engine.decide(tx, actor, approvalId, decision, comment, {
          asAdmin: mode === 'admin',
          type: RESIGNATION_TYPE,
        });
        await auditOf(tx, actor, {
          action: `exit.resignation_${decision}`,
          entity: 'employee_exit',
          entity_id: id,
          changes: {
            comment,
            as_admin: mode === 'admin',
            on_behalf_of: result.on_behalf_of,
            status: result.status,
          },
        });
        return itemOf(tx, id, actor, mode);
      }),
  };
}
export type ExitsService = ReturnType<typeof createExitsService>;
