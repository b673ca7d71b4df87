import {
  dataScopeOf,
  type Encashable,
  type LeaveEncashment,
  type LeaveEncashmentInput,
  type LeaveEncashmentQuery,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { monthWordsOf } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { type ApprovalEngine, auditOf, type HookContext, type RequestTypeDefinition } from '../approvals';
import { companyToday } from '../org';
import type { DayContextLoader } from './leave.days';
import * as repo from './leave.repo';
import { encashmentRefusal, round2 } from './leave.rules';
import { employeeLeaveYear } from './leave.service';
import type { LeaveYear } from './leave.year';

/**
 * Leave encashment requests (issue 12): the employee asks, approvers decide through the approval
 * engine, and the final approval posts one 'encashment' debit to the ledger in the deciding
 * transaction, under the employee's row lock (the same lock the administrator's direct encashment
 * and leave requests take), so the balance and the yearly cap are checked against every other
 * debit of that employee one at a time. The debit is dated on the day of the approval: the pay run
 * of that month pays it (encashments() in the module's index).
 */
export const LEAVE_ENCASHMENT_TYPE = 'leave_encashment';

export type EncashmentQueueMode = 'team' | 'admin';

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));
const isUnique = (e: unknown) => (e as { code?: string } | null)?.code === '23505';
const invalid = (path: string, message: string) =>
  new AppError('VALIDATION', message, { errors: [{ path, message }] });

/** The smallest step of days in a unit: whole days, halves, or quarters (hours are kept as quarter days). */
const STEP: Record<repo.LeaveTypeRow['unit'], number> = { day: 1, half_day: 0.5, hour: 0.25 };
const UNIT_WORD: Record<repo.LeaveTypeRow['unit'], string> = {
  day: 'whole days',
  half_day: 'steps of half a day',
  hour: 'steps of a quarter day',
};

type Row = {
  id: string;
  employee_id: string;
  employee_code: string;
  employee_name: string;
  leave_type_id: string;
  leave_type_name: string;
  leave_type_code: string;
  days: number;
  reason: string | null;
  status: LeaveEncashment['status'];
  encashed_on: string | null;
  created_at: unknown;
  decided_at: unknown;
};

const ROW_SQL = `SELECT r.id, r.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
         r.leave_type_id, t.name AS leave_type_name, t.code AS leave_type_code, r.days::float8 AS days,
         r.reason, r.status, r.encashed_on::text AS encashed_on, r.created_at, r.decided_at
    FROM leave_encashment_requests r
    JOIN employees e ON e.id = r.employee_id
    JOIN leave_types t ON t.id = r.leave_type_id`;

async function getRows(tx: Queryable, ids: string[], lock = false): Promise<Row[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<Row>(
    `${ROW_SQL} WHERE r.id = ANY($1::uuid[]) ${lock ? 'FOR UPDATE OF r' : ''}`,
    [ids],
  );
  return rows;
}

const SORT: Record<LeaveEncashmentQuery['sortBy'], string> = {
  created_at: 'r.created_at',
  employee_name: "lower(e.first_name || ' ' || e.last_name)",
};

async function listPage(
  tx: Queryable,
  q: LeaveEncashmentQuery,
  filter: { employeeId?: string; onlyIds?: string[] },
): Promise<{ rows: Row[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.employeeId) {
    params.push(filter.employeeId);
    where.push(`r.employee_id = $${params.length}`);
  }
  if (filter.onlyIds) {
    params.push(filter.onlyIds);
    where.push(`r.id = ANY($${params.length}::uuid[])`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`r.status = $${params.length}`);
  }
  if (q.value) {
    params.push(`%${q.value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(
      `(lower(e.first_name || ' ' || e.last_name) LIKE $${params.length} OR lower(e.employee_code) LIKE $${params.length})`,
    );
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = `${SORT[q.sortBy]} ${q.sortOrder === 'asc' ? 'ASC' : 'DESC'}, r.id`;
  params.push(q.records, (q.page - 1) * q.records);
  const { rows } = await tx.query<Row & { total: string }>(
    `${ROW_SQL.replace('FROM leave_encashment_requests r', ', count(*) OVER () AS total FROM leave_encashment_requests r')}
      ${w} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

/** Days encashed of the type in a leave year (the ledger's encashment debits). */
async function encashedIn(tx: Queryable, employeeId: string, leaveTypeId: string, year: LeaveYear) {
  const { rows } = await tx.query<{ n: string }>(
    `SELECT coalesce(-sum(amount), 0) AS n FROM leave_ledger WHERE employee_id = $1 AND leave_type_id = $2
        AND kind = 'encashment' AND entry_date BETWEEN $3::date AND $4::date`,
    [employeeId, leaveTypeId, year.start, year.end],
  );
  return round2(Number(rows[0]!.n));
}

/**
 * The figures the rules check for one employee and type on `date`: the balance, pending leave and
 * encashment requests (except `exceptId`), what was encashed this year, and so what can be now.
 */
async function figures(
  tx: Queryable,
  dayContexts: DayContextLoader,
  employeeId: string,
  type: repo.LeaveTypeRow,
  date: string,
  exceptId: string | null,
) {
  const balance = round2((await repo.balances(tx, employeeId, '9999-12-31')).get(type.id) ?? 0);
  const pending = round2((await repo.pendingTotals(tx, employeeId, null, exceptId)).get(type.id) ?? 0);
  // The yearly cap counts the leave year of the employee's policy (April to March, say).
  const { rows } = await tx.query<{ id: string }>("SELECT current_setting('app.company_id') AS id");
  const year = await employeeLeaveYear(tx, dayContexts, rows[0]!.id, employeeId, date);
  const encashedThisYear = await encashedIn(tx, employeeId, type.id, year);
  const cap = type.encashment_cap;
  const step = STEP[type.unit];
  const room = Math.max(
    Math.min(balance - pending, cap === null ? Number.POSITIVE_INFINITY : cap - encashedThisYear),
    0,
  );
  return {
    balance,
    pending,
    cap,
    encashedThisYear,
    year,
    step,
    encashable: round2(Math.floor(round2(room / step)) * step),
  };
}

export function createLeaveEncashmentService(deps: {
  db: Db;
  engine: ApprovalEngine;
  clock: Clock;
  dayContexts: DayContextLoader;
}) {
  const { db, engine, clock, dayContexts } = deps;
  const today = async (tx: Queryable) => (await companyToday(tx, clock.now())).today;
  const selfId = (actor: Actor) => {
    if (!actor.employeeId) throw notFound('Employee');
    return actor.employeeId;
  };
  const isAdmin = (a: Actor) =>
    a.permissions.includes('leave_requests.edit') && dataScopeOf(a.permissions) === 'company';
  const approvalIdOf = async (tx: Queryable, id: string) =>
    (await engine.requestIdsBySubject(tx, LEAVE_ENCASHMENT_TYPE, [id])).get(id) ?? null;

  async function toItems(
    tx: Queryable,
    rows: Row[],
    caller: Actor,
    mode: EncashmentQueueMode | 'mine',
  ): Promise<LeaveEncashment[]> {
    const approvalIds = await engine.requestIdsBySubject(
      tx,
      LEAVE_ENCASHMENT_TYPE,
      rows.map((r) => r.id),
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
        leave_type: { id: r.leave_type_id, name: r.leave_type_name, code: r.leave_type_code },
        days: Number(r.days),
        reason: r.reason,
        status: r.status,
        encashed_on: r.encashed_on,
        created_at: iso(r.created_at)!,
        decided_at: iso(r.decided_at),
        approval: (approvalId && states.get(approvalId)) || null,
        abilities: {
          ...a,
          withdraw: r.employee_id === caller.employeeId && r.status === 'pending',
        },
      };
    });
  }
  async function itemOf(tx: Queryable, id: string, caller: Actor, mode: EncashmentQueueMode | 'mine') {
    const [row] = await getRows(tx, [id]);
    if (!row) throw notFound('Encashment request');
    return (await toItems(tx, [row], caller, mode))[0]!;
  }

  async function setStatus(
    tx: Queryable,
    id: string,
    status: Row['status'],
    encashedOn: string | null = null,
  ) {
    await tx.query(
      `UPDATE leave_encashment_requests SET status = $2, encashed_on = $3::date, decided_at = now(),
         updated_at = now() WHERE id = $1`,
      [id, status, encashedOn],
    );
  }

  /**
   * Final approval: under the employee's row lock, the rules are checked again (the balance may
   * have fallen since the request: then the decision is refused and rolls back), and one debit is
   * posted (source key: a second post of the same request does nothing).
   */
  async function onApproved(ctx: HookContext) {
    const { tx } = ctx;
    const [first] = await getRows(tx, [ctx.request.subjectId]);
    if (!first) throw notFound('Encashment request');
    await repo.employees(tx, [first.employee_id], true);
    const [row] = await getRows(tx, [first.id], true);
    if (row?.status !== 'pending')
      throw new AppError('CONFLICT', `This request is already ${row?.status ?? 'gone'}`);
    const type = (await repo.getType(tx, row.leave_type_id))!;
    const date = await today(tx);
    const f = await figures(tx, dayContexts, row.employee_id, type, date, row.id);
    const refusal = type.encashment
      ? encashmentRefusal({
          amount: row.days,
          balance: f.balance,
          pending: f.pending,
          cap: f.cap,
          encashedThisYear: f.encashedThisYear,
          year: f.year,
        })
      : `${type.name} can no longer be encashed (the leave type's encashment is switched off)`;
    if (refusal) throw invalid('days', `Cannot approve: ${refusal}`);
    await repo.appendEntries(tx, [
      {
        employeeId: row.employee_id,
        leaveTypeId: row.leave_type_id,
        date,
        kind: 'encashment',
        amount: -row.days,
        reason: `Encashment request approved${row.reason ? `: ${row.reason}` : ''}`,
        rule: `Encashment of ${row.days} days${
          f.cap !== null
            ? ` (cap ${f.cap} a year; ${round2(f.encashedThisYear + row.days)} encashed in ${f.year.label})`
            : ''
        }: paid in the pay run of ${monthWordsOf(date)}`,
        ref: row.id,
        sourceKey: `encashment:${row.id}`,
        createdBy: ctx.actor.userId ?? null,
      },
    ]);
    await setStatus(tx, row.id, 'approved', date);
  }

  const requestType: RequestTypeDefinition = {
    type: LEAVE_ENCASHMENT_TYPE,
    // The leave permissions, as the leave queues use them (spec section 7, "Leave").
    teamPermissions: { view: 'leave_requests.view', edit: 'leave_requests.edit' },
    adminPermissions: { view: 'leave_requests.view', edit: 'leave_policies.edit' },
    async summarise(tx, subjectIds) {
      const out = new Map<string, { title: string; summary: string }>();
      for (const r of await getRows(tx, subjectIds)) {
        out.set(r.id, {
          title: `Leave encashment: ${r.employee_name}`,
          summary: `${Number(r.days)} days of ${r.leave_type_name}`,
        });
      }
      return out;
    },
    async notice(tx, subjectId) {
      const [r] = await getRows(tx, [subjectId]);
      if (!r) return null;
      const days = Number(r.days);
      return {
        owner: r.employee_name,
        item: `encashment of ${days} ${days === 1 ? 'day' : 'days'} of ${r.leave_type_name}`,
      };
    },
    link: (audience) =>
      audience === 'approver'
        ? '/team/requests/leaves?tab=encashment'
        : audience === 'admin'
          ? '/admin/requests/leave?tab=encashment'
          : '/user/leaves',
    onApproved,
    onRejected: (ctx) => setStatus(ctx.tx, ctx.request.subjectId, 'rejected'),
    onWithdrawn: (ctx) => setStatus(ctx.tx, ctx.request.subjectId, 'withdrawn'),
  };
  engine.registry.register(requestType);

  /** Types of the employee's balances that allow encashment, with what can be encashed now. */
  async function encashableOf(tx: Queryable, employeeId: string): Promise<Encashable[]> {
    const date = await today(tx);
    const balances = await repo.balances(tx, employeeId, '9999-12-31');
    const types = (await repo.listTypes(tx)).filter((t) => t.active && t.encashment && t.paid);
    const out: Encashable[] = [];
    for (const t of types) {
      if (!balances.has(t.id)) continue;
      const f = await figures(tx, dayContexts, employeeId, t, date, null);
      out.push({
        leave_type_id: t.id,
        name: t.name,
        code: t.code,
        unit: t.unit,
        balance: f.balance,
        pending: f.pending,
        cap: f.cap,
        encashed_this_year: f.encashedThisYear,
        encashable: f.encashable,
        step: f.step,
      });
    }
    return out;
  }

  return {
    options: (actor: Actor) => db.tenantRead(actor.companyId, (tx) => encashableOf(tx, selfId(actor))),

    /** The employee asks to encash days: checked under their row lock, then raised for approval. */
    create: (actor: Actor, input: LeaveEncashmentInput) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = selfId(actor);
        // One request at a time per employee: pending totals see each other's rows.
        await repo.employees(tx, [employeeId], true);
        const type = await repo.getType(tx, input.leave_type_id);
        if (!type?.active) throw invalid('leave_type_id', 'Unknown leave type (leave_type_id)');
        if (!type.encashment || !type.paid)
          throw invalid(
            'leave_type_id',
            `${type.name} cannot be encashed: its leave type does not allow encashment (leave_type_id)`,
          );
        const step = STEP[type.unit];
        if (Math.abs(input.days / step - Math.round(input.days / step)) > 1e-9)
          throw invalid(
            'days',
            `${type.name} is counted in ${UNIT_WORD[type.unit]}: ask for a multiple of ${step} (days)`,
          );
        const date = await today(tx);
        const f = await figures(tx, dayContexts, employeeId, type, date, null);
        const refusal = encashmentRefusal({
          amount: input.days,
          balance: f.balance,
          pending: f.pending,
          cap: f.cap,
          encashedThisYear: f.encashedThisYear,
          year: f.year,
        });
        if (refusal) throw invalid('days', `${refusal} (days)`);
        let id: string;
        try {
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO leave_encashment_requests (company_id, employee_id, leave_type_id, days, reason)
             VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4) RETURNING id`,
            [employeeId, type.id, input.days, input.reason],
          );
          id = rows[0]!.id;
        } catch (e) {
          if (isUnique(e))
            throw new AppError(
              'CONFLICT',
              `You already have a pending encashment request for ${type.name}: withdraw it to ask again`,
            );
          throw e;
        }
        const raised = await engine.raise(tx, {
          type: LEAVE_ENCASHMENT_TYPE,
          subjectId: id,
          requesterId: employeeId,
          onDate: date,
        });
        await tx.query('UPDATE leave_encashment_requests SET approval_request_id = $2 WHERE id = $1', [
          id,
          raised.id,
        ]);
        await auditOf(tx, actor, {
          action: 'leave.encashment_requested',
          entity: 'leave_encashment_request',
          entity_id: id,
          changes: { leave_type_id: type.id, days: input.days },
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    mine: (actor: Actor, q: LeaveEncashmentQuery) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const page = await listPage(tx, q, { employeeId: selfId(actor) });
        return { rows: await toItems(tx, page.rows, actor, 'mine'), total: page.total };
      }),

    /** The requester withdraws while pending. */
    withdraw: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const [row] = await getRows(tx, [id], true);
        if (!row || row.employee_id !== actor.employeeId) throw notFound('Encashment request');
        if (row.status !== 'pending') throw new AppError('CONFLICT', `This request is already ${row.status}`);
        const approvalId = await approvalIdOf(tx, id);
        if (approvalId) await engine.withdraw(tx, actor, approvalId);
        else await setStatus(tx, id, 'withdrawn');
        await auditOf(tx, actor, {
          action: 'leave.encashment_withdrawn',
          entity: 'leave_encashment_request',
          entity_id: id,
          changes: { days: row.days },
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    queue: (actor: Actor, q: LeaveEncashmentQuery, mode: EncashmentQueueMode) =>
      db.tenantRead(actor.companyId, async (tx) => {
        if (mode === 'admin') {
          if (dataScopeOf(actor.permissions) !== 'company')
            throw new AppError('FORBIDDEN', 'The admin queue needs company-wide access');
          const page = await listPage(tx, q, {});
          return { rows: await toItems(tx, page.rows, actor, 'admin'), total: page.total };
        }
        if (!actor.employeeId) return { rows: [], total: 0 };
        const onlyIds = await engine.awaitingSubjects(tx, LEAVE_ENCASHMENT_TYPE, actor.employeeId);
        const page = await listPage(tx, { ...q, status: undefined }, { onlyIds });
        return { rows: await toItems(tx, page.rows, actor, 'team'), total: page.total };
      }),

    decide: (
      actor: Actor,
      id: string,
      decision: 'approved' | 'rejected',
      comment: string | null,
      mode: EncashmentQueueMode,
    ) =>
      db.tenant(actor.companyId, async (tx) => {
        if (mode === 'admin' && !isAdmin(actor))
          throw new AppError('FORBIDDEN', 'The admin queue needs company-wide access');
        const [row] = await getRows(tx, [id]);
        const approvalId = row && (await approvalIdOf(tx, id));
        if (!row || !approvalId) throw notFound('Encashment request');
        if (row.employee_id === actor.employeeId)
          throw new AppError('FORBIDDEN', 'You cannot decide your own request');
        const result = await engine.decide(tx, actor, approvalId, decision, comment, {
          asAdmin: mode === 'admin',
          type: LEAVE_ENCASHMENT_TYPE,
        });
        await auditOf(tx, actor, {
          action: `leave.encashment_${decision}`,
          entity: 'leave_encashment_request',
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
export type LeaveEncashmentService = ReturnType<typeof createLeaveEncashmentService>;
