import {
  dataScopeOf,
  type LeaveBalance,
  type LeaveBalanceAdjust,
  type LeaveDecisionContext,
  type LeavePolicyInput,
  type LeavePreview,
  type LeaveQueueQuery,
  type LeaveRequest,
  type LeaveRequestInput,
  type LeaveType,
  type LeaveTypeInput,
  type MyLeaveQuery,
} from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { assertNearToday, dateRangeWords, eachDay, monthWordsOf } from '../../lib/dates';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { type ApprovalEngine, auditOf, type HookContext, type RequestTypeDefinition } from '../approvals';
import { scopeWhere } from '../employees';
import { isDocumentOf } from '../files';
import { companyToday } from '../org';
import { runAccrual } from './leave.accrual';
import { runCompOff } from './leave.compoff';
import type {
  DayContextLoader,
  LeaveDayContext,
  LeaveDayMark,
  LeaveDaysListener,
  WorkedMinutesReader,
} from './leave.days';
import { type LeaveCalendarChange, recountRequests } from './leave.recount';
import * as repo from './leave.repo';
import {
  addDays,
  appliesTo,
  balanceOf,
  checkRequest,
  countHours,
  encashmentRefusal,
  type LeaveTypeRules,
  round2,
  type SandwichRules,
  type Session,
} from './leave.rules';
import { countRequestDays } from './leave.sandwich';
import { leaveYearOf } from './leave.year';

/** The request type this module registers with the approval engine. */
export const LEAVE_TYPE = 'leave';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
const isUnique = (e: unknown) => (e as { code?: string } | null)?.code === '23505';
// A foreign key refusing the delete: 23503, or 23001 for ON DELETE RESTRICT.
const isFk = (e: unknown) => ['23503', '23001'].includes((e as { code?: string } | null)?.code ?? '');
const invalid = (path: string, message: string) =>
  new AppError('VALIDATION', `Validation failed: ${path}`, { errors: [{ path, message }] });

export function toLeaveType(r: repo.LeaveTypeRow): LeaveType {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    paid: r.paid,
    unit: r.unit,
    allow_negative: r.allow_negative,
    negative_cap: r.negative_cap,
    max_per_request: r.max_per_request,
    max_per_month: r.max_per_month,
    notice_days: r.notice_days,
    back_dating_days: r.back_dating_days,
    document_over_days: r.document_over_days,
    sandwich: {
      weekly_off_before: r.sandwich_weekly_off_before,
      weekly_off_between: r.sandwich_weekly_off_between,
      weekly_off_after: r.sandwich_weekly_off_after,
      holiday_before: r.sandwich_holiday_before,
      holiday_between: r.sandwich_holiday_between,
      holiday_after: r.sandwich_holiday_after,
    },
    accrual_frequency: r.accrual_frequency,
    accrual_amount: r.accrual_amount,
    accrual_pro_rata: r.accrual_pro_rata,
    accrual_rounding: r.accrual_rounding,
    carry_forward: r.carry_forward,
    carry_forward_cap: r.carry_forward_cap,
    carry_forward_expiry_months: r.carry_forward_expiry_months,
    encashment: r.encashment,
    encashment_cap: r.encashment_cap,
    genders: r.genders,
    employment_types: r.employment_types,
    after_probation: r.after_probation,
    comp_off: r.comp_off,
    comp_off_expiry_days: r.comp_off_expiry_days,
    active: r.active,
  };
}
export const sandwichOf = (r: repo.LeaveTypeRow): SandwichRules => ({
  weeklyOffBefore: r.sandwich_weekly_off_before,
  weeklyOffBetween: r.sandwich_weekly_off_between,
  weeklyOffAfter: r.sandwich_weekly_off_after,
  holidayBefore: r.sandwich_holiday_before,
  holidayBetween: r.sandwich_holiday_between,
  holidayAfter: r.sandwich_holiday_after,
});
const rulesOf = (r: repo.LeaveTypeRow): LeaveTypeRules => ({
  name: r.name,
  paid: r.paid,
  unit: r.unit,
  allowNegative: r.allow_negative,
  negativeCap: r.negative_cap,
  maxPerRequest: r.max_per_request,
  maxPerMonth: r.max_per_month,
  noticeDays: r.notice_days,
  backDatingDays: r.back_dating_days,
  documentOverDays: r.document_over_days,
});
const sessionOf = (i: LeaveRequestInput): Session =>
  i.day_type === 'half_day' ? (i.half_day_type ?? 'first_half') : 'full_day';

export type QueueMode = 'team' | 'admin';

/** What a request of a type in hours stores besides its days (nothing for leave in days). */
const timesOf = (type: repo.LeaveTypeRow, input: LeaveRequestInput, total: number) =>
  type.unit === 'hour' ? { fromTime: input.from_time, toTime: input.to_time, hours: total } : {};
const unitWord = (hours: number | null) => (hours === null ? 'days' : 'h');

/** "Casual Leave for 3–4 Dec (2 days)": a request in a notification's words. */
export function leaveItemWords(
  r: { leave_type_name: string; from_date: string; to_date: string; total: number; hours?: number | null },
  today: string,
): string {
  const name = /leave/i.test(r.leave_type_name) ? r.leave_type_name : `${r.leave_type_name} leave`;
  const total = Number(r.total);
  const amount = r.hours != null ? `${total} h` : `${total} ${total === 1 ? 'day' : 'days'}`;
  return `${name} for ${dateRangeWords(r.from_date, r.to_date, today)} (${amount})`;
}

/** An employee's balances by leave type, in the caller's tenant transaction (also the dashboard's, through the index). */
export async function balancesOf(tx: Queryable, employeeId: string): Promise<LeaveBalance[]> {
  const pendingByType = await repo.pendingTotals(tx, employeeId);
  return (await repo.balanceRows(tx, employeeId)).map((r) => {
    const balance = round2(Number(r.balance));
    // Pending leave and encashment requests alike (the row's own figure counts leave requests only).
    const pending = r.paid ? round2(pendingByType.get(r.leave_type_id) ?? 0) : 0;
    return {
      leave_type_id: r.leave_type_id,
      name: r.name,
      code: r.code,
      paid: r.paid,
      unit: r.unit,
      balance,
      pending,
      available: round2(balance - pending),
    };
  });
}

/** The leave year holding `date` for the employee: their leave policy's first month (January without one). */
export async function employeeLeaveYear(
  tx: Queryable,
  dayContexts: DayContextLoader,
  companyId: string,
  employeeId: string,
  date: string,
) {
  const ctx = (await dayContexts(tx, companyId, [employeeId], date, date)).get(employeeId)?.[0];
  const policyId = ctx?.leavePolicyId ?? (await repo.basePolicyId(tx));
  const p = policyId ? (await repo.listPolicies(tx, [policyId]))[0] : null;
  return leaveYearOf(date, p?.year_start_month ?? 1);
}

export function createLeaveService(deps: {
  db: Db;
  engine: ApprovalEngine;
  clock: Clock;
  dayContexts: DayContextLoader;
  /** Attendance's view of approved leave (optional: a service without it only keeps the ledger). */
  leaveDays?: LeaveDaysListener;
  /** Attendance's minutes worked per day: comp-off credits (optional: without it none are made). */
  workedMinutes?: WorkedMinutesReader;
}) {
  const { db, engine, clock, dayContexts, leaveDays, workedMinutes } = deps;

  /** The daily run for one company: comp-off credits first, so the lapses that follow see them. */
  async function dailyRun(tx: Queryable, companyId: string, asOf: string) {
    const compOff = workedMinutes ? await runCompOff(tx, companyId, asOf, dayContexts, workedMinutes) : 0;
    const r = await runAccrual(tx, companyId, asOf, dayContexts);
    return { ...r, entries: r.entries + compOff, comp_off: compOff };
  }
  const companyOf = async (tx: Queryable) =>
    (await tx.query<{ id: string }>("SELECT current_setting('app.company_id') AS id")).rows[0]!.id;

  /**
   * The days of an approved request attendance should show as leave: those it takes from the
   * balance (sandwiched weekly-offs included). A half day whose other half is also on approved
   * leave is a full day.
   */
  async function marksOf(
    tx: Queryable,
    row: repo.RequestRow,
    exceptId: string | null,
  ): Promise<LeaveDayMark[]> {
    const marks = row.days
      .filter((d) => d.amount > 0)
      .map(
        (d): LeaveDayMark => ({ date: d.date, portion: row.session === 'full_day' ? 'full' : row.session }),
      );
    if (row.session === 'full_day' || marks.length === 0) return marks;
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leave_requests WHERE employee_id = $1 AND status = 'approved'
          AND from_date <= $2::date AND to_date >= $2::date AND session <> $3 AND id <> $4 AND id <> $5`,
      [row.employee_id, marks[0]!.date, row.session, row.id, exceptId ?? row.id],
    );
    return rows[0]!.n > 0 ? marks.map((m) => ({ ...m, portion: 'full' })) : marks;
  }

  /** Leave on a day of a confirmed pay run is refused (attendance's lock), naming the date. */
  async function assertOpen(tx: Queryable, employeeId: string, from: string, to: string) {
    if (leaveDays?.assertOpen) await leaveDays.assertOpen(tx, employeeId, eachDay(from, to));
  }

  /** Approved: attendance shows the days as leave. */
  async function markDays(tx: Queryable, row: repo.RequestRow) {
    // Leave in hours leaves the attendance day to punches (0098): it is not a day on leave.
    if (!leaveDays || row.hours !== null) return;
    const marks = await marksOf(tx, row, null);
    if (marks.length > 0) await leaveDays.mark(tx, await companyOf(tx), row.employee_id, marks, row.id);
  }

  /** No longer approved: the days go back to what punches and the calendar make of them. */
  async function unmarkDays(tx: Queryable, row: repo.RequestRow) {
    if (!leaveDays || row.hours !== null) return;
    const dates = row.days.filter((d) => d.amount > 0).map((d) => d.date);
    if (dates.length === 0) return;
    const companyId = await companyOf(tx);
    await leaveDays.unmark(tx, companyId, row.employee_id, dates);
    if (row.session === 'full_day') return;
    // The other half of this day may still be on approved leave: it stays marked as that half.
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM leave_requests WHERE employee_id = $1 AND status = 'approved' AND id <> $3
          AND from_date <= $2::date AND to_date >= $2::date AND session <> 'full_day'`,
      [row.employee_id, dates[0], row.id],
    );
    const other = rows[0] && (await repo.getRequests(tx, [rows[0].id]))[0];
    if (other)
      await leaveDays.mark(tx, companyId, row.employee_id, await marksOf(tx, other, row.id), other.id);
  }
  const today = async (tx: Queryable) => (await companyToday(tx, clock.now())).today;

  /** The employee is the caller or within the caller's data scope (team: direct reports); else 404. */
  async function assertInScope(tx: Queryable, actor: Actor, employeeId: string) {
    const params: unknown[] = [employeeId];
    const scope = scopeWhere({ scope: dataScopeOf(actor.permissions), employeeId: actor.employeeId }, params);
    const { rows } = await tx.query(
      `SELECT 1 FROM employees e WHERE e.id = $1 ${scope ? `AND ${scope}` : ''}`,
      params,
    );
    if (!rows[0]) throw notFound('Employee');
  }
  const selfId = (actor: Actor) => {
    if (!actor.employeeId) throw notFound('Employee');
    return actor.employeeId;
  };

  /** The leave policy of an employee on a date: from their master policy, else the base configuration. */
  async function policyOf(tx: Queryable, companyId: string, employeeId: string, date: string) {
    const ctx = (await dayContexts(tx, companyId, [employeeId], date, date)).get(employeeId)?.[0];
    if (ctx?.leavePolicyId) return { id: ctx.leavePolicyId, source: 'master_policy' as const };
    const base = await repo.basePolicyId(tx);
    return base ? { id: base, source: 'base' as const } : null;
  }

  const leaveYearFor = (tx: Queryable, companyId: string, employeeId: string, date: string) =>
    employeeLeaveYear(tx, dayContexts, companyId, employeeId, date);

  /** How many employees the leave policy holds today have accrual entries in the ledger. */
  async function accruedUnder(tx: Queryable, companyId: string, policy: repo.PolicyRow) {
    const { rows } = await tx.query<{ employee_id: string }>(
      `SELECT DISTINCT employee_id FROM leave_ledger
        WHERE company_id = current_setting('app.company_id')::uuid AND kind = 'accrual'`,
    );
    if (rows.length === 0) return 0;
    const date = await today(tx);
    const ids = rows.map((r) => r.employee_id);
    const ctx = await dayContexts(tx, companyId, ids, date, date);
    const base = policy.is_base ? policy.id : await repo.basePolicyId(tx);
    return ids.filter((e) => (ctx.get(e)?.[0]?.leavePolicyId ?? base) === policy.id).length;
  }

  /** Leave types the employee may use on `date` (their policy's active types that apply to them). */
  async function typesFor(tx: Queryable, companyId: string, employeeId: string, date: string) {
    const policy = await policyOf(tx, companyId, employeeId, date);
    if (!policy) return { policy: null, types: [] as repo.LeaveTypeRow[] };
    const p = (await repo.listPolicies(tx, [policy.id]))[0];
    const [emp] = await repo.employees(tx, [employeeId]);
    if (!p || !emp) return { policy: null, types: [] as repo.LeaveTypeRow[] };
    const types = (
      await repo.listTypes(
        tx,
        p.leave_types.map((t) => t.id),
      )
    ).filter(
      (t) =>
        t.active &&
        appliesTo(
          { genders: t.genders, employmentTypes: t.employment_types, afterProbation: t.after_probation },
          { gender: emp.gender, employmentType: emp.employment_type, probationEnd: emp.probation_end },
          date,
        ),
    );
    return { policy: { ...p, source: policy.source }, types };
  }

  async function daysOf(tx: Queryable, companyId: string, employeeId: string, from: string, to: string) {
    const ctx = (await dayContexts(tx, companyId, [employeeId], from, to)).get(employeeId) ?? [];
    const byDate = new Map(ctx.map((c) => [c.date, c]));
    return eachDay(from, to).map(
      (date): LeaveDayContext =>
        byDate.get(date) ?? { date, weeklyOff: 'none', holiday: null, leavePolicyId: null },
    );
  }

  /** Leave in hours: one date, a start and an end time within the day's shift. */
  async function hoursOf(
    tx: Queryable,
    companyId: string,
    employeeId: string,
    type: repo.LeaveTypeRow,
    input: LeaveRequestInput,
    session: Session,
  ) {
    if (!input.from_time) throw invalid('from_time', `${type.name} is taken in hours: give the start time`);
    if (!input.to_time) throw invalid('to_time', `${type.name} is taken in hours: give the end time`);
    if (input.from_date !== input.to_date) {
      throw invalid('to_date', 'Leave in hours is for one date: make the start and end dates the same');
    }
    if (session !== 'full_day') throw invalid('day_type', 'Leave in hours has no half days: give the times');
    const ctx = (await dayContexts(tx, companyId, [employeeId], input.from_date, input.from_date)).get(
      employeeId,
    )?.[0];
    const day = ctx ?? { date: input.from_date, weeklyOff: 'none' as const, holiday: null };
    const counted = countHours(day, input.from_time, input.to_time, ctx?.shift ?? null);
    if (counted.errors.length > 0) {
      throw new AppError('VALIDATION', counted.errors.map((e) => e.message).join('; '), {
        errors: counted.errors,
      });
    }
    return counted;
  }

  /** Counts the days and checks every rule; `exceptId` is the request being edited. */
  async function evaluate(
    tx: Queryable,
    actor: Actor,
    employeeId: string,
    input: LeaveRequestInput,
    exceptId: string | null,
  ): Promise<LeavePreview & { type: repo.LeaveTypeRow; session: Session }> {
    const now = await today(tx);
    // Before anything walks the request's days: leave is taken near today, not in 2199.
    assertNearToday('from_date', input.from_date, now);
    assertNearToday('to_date', input.to_date, now);
    const { types } = await typesFor(tx, actor.companyId, employeeId, input.from_date);
    const type = types.find((t) => t.id === input.leave_type_id);
    if (!type) throw invalid('leave_type_id', 'This leave type is not in your leave policy');
    const session = sessionOf(input);
    const counted =
      type.unit === 'hour'
        ? await hoursOf(tx, actor.companyId, employeeId, type, input, session)
        : await countRequestDays(tx, dayContexts, {
            companyId: actor.companyId,
            employeeId,
            from: input.from_date,
            to: input.to_date,
            session,
            rules: sandwichOf(type),
            exceptId,
          });
    if (type.unit !== 'hour' && (input.from_time || input.to_time)) {
      throw invalid('from_time', `${type.name} is taken in days: leave the times empty`);
    }
    const countedByMonth = new Map<string, number>();
    for (const d of counted.days) {
      if (d.amount > 0)
        countedByMonth.set(d.date.slice(0, 7), (countedByMonth.get(d.date.slice(0, 7)) ?? 0) + d.amount);
    }
    const balance = round2((await repo.balances(tx, employeeId, '9999-12-31')).get(type.id) ?? 0);
    const pending = (await repo.pendingTotals(tx, employeeId, exceptId)).get(type.id) ?? 0;
    const available = round2(balance - pending);
    const violations = checkRequest({
      type: rulesOf(type),
      from: input.from_date,
      to: input.to_date,
      session,
      counted: counted.total,
      countedByMonth,
      takenByMonth: await repo.takenByMonth(tx, employeeId, type.id, [...countedByMonth.keys()], exceptId),
      available,
      today: now,
      hasDocument: !!input.document_id,
    });
    // The document must be one the employee uploaded (an employee document of theirs).
    if (input.document_id && !(await isDocumentOf(tx, input.document_id, employeeId))) {
      violations.unshift({
        rule: 'document_id',
        message: 'The document was not found: upload it again (document_id)',
      });
    }
    const overlaps = await repo.overlapping(tx, employeeId, input.from_date, input.to_date, exceptId);
    for (const o of overlaps) {
      // Two halves of one day do not overlap, nor two leaves in hours at different times.
      const halves =
        o.from_date === o.to_date &&
        o.session !== 'full_day' &&
        session !== 'full_day' &&
        o.session !== session;
      const apart =
        !!input.from_time &&
        !!input.to_time &&
        !!o.from_time &&
        !!o.to_time &&
        (o.to_time <= input.from_time || o.from_time >= input.to_time);
      if (o.from_time && !halves && !apart) {
        violations.unshift({
          rule: 'overlap',
          message: `You already have ${o.status} leave on ${o.from_date} from ${o.from_time} to ${o.to_time} (no overlapping requests)`,
        });
      } else if (!halves && !apart) {
        violations.unshift({
          rule: 'overlap',
          message: `You already have ${o.status} leave from ${o.from_date} to ${o.to_date} (no overlapping requests)`,
        });
      }
    }
    return {
      type,
      session,
      days: counted.days,
      total: counted.total,
      balance,
      available,
      balance_after: type.paid ? round2(available - counted.total) : available,
      violations,
    };
  }

  function refuse(violations: { rule: string; message: string }[]) {
    if (violations.length === 0) return;
    throw new AppError('VALIDATION', violations.map((v) => v.message).join('; '), {
      // The document rule names the field to fill in; other rules name themselves.
      errors: violations.map((v) => ({
        path: v.rule === 'document' ? 'document_id' : v.rule,
        message: v.message,
      })),
    });
  }

  async function toItems(tx: Queryable, rows: repo.RequestRow[], caller: Actor, mode: QueueMode | 'mine') {
    const approvalIds = await engine.requestIdsBySubject(
      tx,
      LEAVE_TYPE,
      rows.map((r) => r.id),
    );
    const ids = [...approvalIds.values()];
    const states = new Map((await engine.states(tx, ids)).map((s) => [s.request_id, s]));
    const abilities = await engine.abilities(tx, caller, ids, { asAdmin: mode === 'admin' });
    const now = await today(tx);
    return rows.map((r): LeaveRequest => {
      const approvalId = approvalIds.get(r.id);
      const mine = r.employee_id === caller.employeeId;
      const base = (approvalId && abilities.get(approvalId)) || {
        approve: false,
        reject: false,
        withdraw: false,
      };
      return {
        id: r.id,
        employee_id: r.employee_id,
        employee_code: r.employee_code,
        employee_name: r.employee_name,
        leave_type: { id: r.leave_type_id, name: r.leave_type_name, code: r.leave_type_code, paid: r.paid },
        from_date: r.from_date,
        to_date: r.to_date,
        day_type: r.session === 'full_day' ? 'full_day' : 'half_day',
        half_day_type: r.session === 'full_day' ? null : r.session,
        days: r.days,
        total: r.total,
        reason: r.reason,
        contact: r.contact,
        document_id: r.document_id,
        document_url: r.document_id ? `/api/leave/leave-record/${r.id}/document` : null,
        from_time: r.from_time,
        to_time: r.to_time,
        hours: r.hours,
        status: r.status,
        created_at: iso(r.created_at),
        approval: (approvalId && states.get(approvalId)) || null,
        abilities: {
          ...base,
          withdraw: mine && r.status === 'pending',
          edit: mine && r.status === 'pending',
          cancel:
            r.status === 'approved' &&
            ((mine && r.from_date >= now) || (mode === 'admin' && isAdmin(caller))),
        },
      };
    });
  }
  const isAdmin = (a: Actor) =>
    a.permissions.includes('leave_requests.edit') && dataScopeOf(a.permissions) === 'company';

  async function itemOf(tx: Queryable, id: string, caller: Actor, mode: QueueMode | 'mine') {
    const rows = await repo.getRequests(tx, [id]);
    if (!rows[0]) throw notFound('Leave request');
    return (await toItems(tx, rows, caller, mode))[0]!;
  }
  const approvalIdOf = async (tx: Queryable, id: string) =>
    (await engine.requestIdsBySubject(tx, LEAVE_TYPE, [id])).get(id) ?? null;

  /** Debit on approval, once (source key), for paid leave; unpaid leave becomes LOP days. */
  async function onApproved(ctx: HookContext) {
    const [row] = await repo.getRequests(ctx.tx, [ctx.request.subjectId], true);
    if (!row) throw notFound('Leave request');
    await assertOpen(ctx.tx, row.employee_id, row.from_date, row.to_date);
    await repo.setStatus(ctx.tx, row.id, 'approved');
    await markDays(ctx.tx, { ...row, status: 'approved' });
    if (row.paid && row.total > 0) {
      await repo.appendEntries(ctx.tx, [
        {
          employeeId: row.employee_id,
          leaveTypeId: row.leave_type_id,
          date: row.from_date,
          kind: 'used',
          amount: -row.total,
          reason: `Leave ${row.from_date}${row.to_date !== row.from_date ? ` to ${row.to_date}` : ''} approved`,
          rule:
            row.hours === null
              ? `${row.total} days counted (${describeDays(row.days)})`
              : `${row.total} h counted (${row.from_time} to ${row.to_time})`,
          ref: row.id,
          sourceKey: `used:${row.id}`,
          createdBy: ctx.actor.userId ?? null,
        },
      ]);
    }
  }

  const requestType: RequestTypeDefinition = {
    type: LEAVE_TYPE,
    teamPermissions: { view: 'leave_requests.view', edit: 'leave_requests.edit' },
    // Admins are those who set up leave: they decide when no approver can be found.
    adminPermissions: { view: 'leave_requests.view', edit: 'leave_policies.edit' },
    async summarise(tx, subjectIds) {
      const out = new Map<string, { title: string; summary: string }>();
      for (const r of await repo.getRequests(tx, subjectIds)) {
        out.set(r.id, {
          title: `Leave: ${r.employee_name}`,
          summary: `${r.leave_type_name}, ${r.from_date}${r.to_date !== r.from_date ? ` to ${r.to_date}` : ''} (${r.total} ${unitWord(r.hours)})`,
        });
      }
      return out;
    },
    async notice(tx, subjectId, today) {
      const [r] = await repo.getRequests(tx, [subjectId]);
      if (!r) return null;
      return { owner: r.employee_name, item: leaveItemWords(r, today) };
    },
    link: (audience) =>
      ({ approver: '/team/requests/leaves', admin: '/admin/requests/leave', requester: '/user/leaves' })[
        audience
      ],
    onApproved,
    onRejected: (ctx) => ended(ctx.tx, ctx.request.subjectId, 'rejected'),
    onWithdrawn: (ctx) => ended(ctx.tx, ctx.request.subjectId, 'withdrawn'),
  };
  engine.registry.register(requestType);

  /**
   * A request stops being pending or approved: the employee's leave next to it is counted again, as
   * days off sandwiched between the two are no longer between leave.
   */
  async function ended(tx: Queryable, id: string, status: 'rejected' | 'withdrawn' | 'cancelled') {
    await repo.setStatus(tx, id, status);
    const [row] = await repo.getRequests(tx, [id]);
    if (!row) return;
    await recountRequests(
      tx,
      {
        companyId: await companyOf(tx),
        employeeIds: [row.employee_id],
        from: row.from_date,
        to: row.to_date,
        reason: `the leave of ${row.from_date}${row.to_date !== row.from_date ? ` to ${row.to_date}` : ''} next to it was ${status}`,
      },
      dayContexts,
      sandwichOf,
      async (t, before, after) => {
        await unmarkDays(t, before);
        await markDays(t, after);
      },
    );
  }

  /** Returns words for the user when days of a confirmed pay run are paid back (unpaid leave). */
  async function cancelApproved(tx: Queryable, actor: Actor, row: repo.RequestRow): Promise<string | null> {
    // Cancelling unpaid leave only takes loss of pay away, which the next run can pay back; paid
    // leave cancelled in a confirmed month would add loss of pay to it, so that stays refused.
    let note: string | null = null;
    if (!row.paid && row.hours === null && leaveDays?.reverseLop) {
      note = await leaveDays.reverseLop(tx, row.employee_id, eachDay(row.from_date, row.to_date), row.id);
    } else await assertOpen(tx, row.employee_id, row.from_date, row.to_date);
    await ended(tx, row.id, 'cancelled');
    await unmarkDays(tx, row);
    if (row.paid && row.total > 0) {
      await repo.appendEntries(tx, [
        {
          employeeId: row.employee_id,
          leaveTypeId: row.leave_type_id,
          date: row.from_date,
          kind: 'cancelled',
          amount: row.total,
          reason: `Leave ${row.from_date}${row.to_date !== row.from_date ? ` to ${row.to_date}` : ''} cancelled`,
          rule: 'An approved leave cancelled is credited back',
          ref: row.id,
          sourceKey: `cancelled:${row.id}`,
          createdBy: actor.userId,
        },
      ]);
    }
    return note;
  }

  return {
    // ---- Set-up ----
    listTypes: (actor: Actor) =>
      db.tenantRead(actor.companyId, async (tx) => (await repo.listTypes(tx)).map(toLeaveType)),

    saveType: (actor: Actor, id: string | null, input: LeaveTypeInput) =>
      db.tenant(actor.companyId, async (tx) => {
        let typeId = id;
        try {
          if (id) {
            if (!(await repo.updateType(tx, id, input))) throw notFound('Leave type');
          } else typeId = await repo.insertType(tx, input);
        } catch (e) {
          if (isUnique(e)) throw invalid('code', 'A leave type with this name or code exists');
          throw e;
        }
        await auditOf(tx, actor, {
          action: id ? 'leave.type_updated' : 'leave.type_created',
          entity: 'leave_type',
          entity_id: typeId,
          changes: { ...input },
        });
        return toLeaveType((await repo.getType(tx, typeId!))!);
      }),

    removeType: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.getType(tx, id))) throw notFound('Leave type');
        if (await repo.typeInUse(tx, id)) {
          throw new AppError(
            'CONFLICT',
            'This leave type is in a policy or has requests or balances: switch it off instead',
          );
        }
        await repo.deleteType(tx, id);
        await auditOf(tx, actor, {
          action: 'leave.type_deleted',
          entity: 'leave_type',
          entity_id: id,
          changes: {},
        });
      }),

    listPolicies: (actor: Actor) => db.tenantRead(actor.companyId, (tx) => repo.listPolicies(tx)),

    savePolicy: (actor: Actor, id: string | null, input: LeavePolicyInput) =>
      db.tenant(actor.companyId, async (tx) => {
        const known = await repo.listTypes(tx, input.leave_type_ids);
        if (known.length !== new Set(input.leave_type_ids).size)
          throw invalid('leave_type_ids', 'Unknown leave type');
        const [current] = id ? await repo.listPolicies(tx, [id]) : [];
        if (current && current.year_start_month !== input.year_start_month) {
          // Moving the leave year under posted accruals makes a short transition year and posts the
          // quarterly and yearly credits of the new periods again: refused once any has posted.
          const accrued = await accruedUnder(tx, actor.companyId, current);
          if (accrued > 0)
            throw new AppError(
              'CONFLICT',
              `The leave year's first month (year_start_month) cannot change: accruals have already been posted for ${accrued} employee${accrued === 1 ? '' : 's'} under ${current.name}. Make a new leave policy with the other first month and move employees to it from their next leave year.`,
              {
                errors: [
                  { path: 'year_start_month', message: 'Accruals have been posted under this leave policy' },
                ],
              },
            );
        }
        let policyId: string | null;
        try {
          policyId = await repo.savePolicy(tx, id, input);
        } catch (e) {
          if (isUnique(e)) throw invalid('name', 'A leave policy with this name exists');
          throw e;
        }
        if (!policyId) throw notFound('Leave policy');
        await auditOf(tx, actor, {
          action: id ? 'leave.policy_updated' : 'leave.policy_created',
          entity: 'leave_policy',
          entity_id: policyId,
          changes: { ...input },
        });
        return (await repo.listPolicies(tx, [policyId]))[0]!;
      }),

    removePolicy: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        try {
          if (!(await repo.deletePolicy(tx, id))) throw notFound('Leave policy');
        } catch (e) {
          if (isFk(e)) throw new AppError('CONFLICT', 'This leave policy is attached to a master policy');
          throw e;
        }
        await auditOf(tx, actor, {
          action: 'leave.policy_deleted',
          entity: 'leave_policy',
          entity_id: id,
          changes: {},
        });
      }),

    masterPolicies: (actor: Actor) => db.tenantRead(actor.companyId, (tx) => repo.masterPolicies(tx)),

    /** Attaches a leave policy to a master policy (null: its employees fall back to the base policy). */
    attach: (actor: Actor, masterPolicyId: string, leavePolicyId: string | null) =>
      db.tenant(actor.companyId, async (tx) => {
        if (leavePolicyId && !(await repo.listPolicies(tx, [leavePolicyId]))[0]) {
          throw invalid('leave_policy_id', 'Unknown leave policy');
        }
        if (!(await repo.setMasterLeavePolicy(tx, masterPolicyId, leavePolicyId)))
          throw notFound('Master policy');
        await auditOf(tx, actor, {
          action: 'leave.master_policy_attached',
          entity: 'master_policy',
          entity_id: masterPolicyId,
          changes: { leave_policy_id: leavePolicyId },
        });
        return (await repo.masterPolicies(tx)).find((m) => m.id === masterPolicyId)!;
      }),

    /** The caller's leave policy and types (`GET employee/base-leave-configuration`). */
    configuration: (actor: Actor) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const { policy, types } = await typesFor(tx, actor.companyId, selfId(actor), await today(tx));
        return {
          policy: policy
            ? {
                id: policy.id,
                name: policy.name,
                description: policy.description,
                is_base: policy.is_base,
                year_start_month: policy.year_start_month,
                leave_types: policy.leave_types,
              }
            : null,
          source: policy ? policy.source : ('none' as const),
          leave_types: types.map(toLeaveType),
        };
      }),

    /** The company's leave types as dropdown options. */
    typeOptions: (actor: Actor) =>
      db.tenantRead(actor.companyId, async (tx) =>
        (await repo.listTypes(tx)).filter((t) => t.active).map((t) => ({ value: t.id, label: t.name })),
      ),

    // ---- Requests ----
    preview: (actor: Actor, input: LeaveRequestInput, exceptId: string | null = null) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const {
          type: _t,
          session: _s,
          ...preview
        } = await evaluate(tx, actor, selfId(actor), input, exceptId);
        return preview;
      }),

    apply: (actor: Actor, input: LeaveRequestInput) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = selfId(actor);
        // One request at a time per employee: overlap and balance checks see each other's rows.
        await repo.employees(tx, [employeeId], true);
        const e = await evaluate(tx, actor, employeeId, input, null);
        refuse(e.violations);
        await assertOpen(tx, employeeId, input.from_date, input.to_date);
        const id = await repo.insertRequest(tx, {
          employeeId,
          leaveTypeId: e.type.id,
          from: input.from_date,
          to: input.to_date,
          session: e.session,
          days: e.days,
          total: e.total,
          reason: input.reason,
          contact: input.contact,
          documentId: input.document_id,
          ...timesOf(e.type, input, e.total),
        });
        await engine.raise(tx, {
          type: LEAVE_TYPE,
          subjectId: id,
          requesterId: employeeId,
          onDate: input.from_date,
        });
        await auditOf(tx, actor, {
          action: 'leave.requested',
          entity: 'leave_request',
          entity_id: id,
          changes: { leave_type_id: e.type.id, from: input.from_date, to: input.to_date, total: e.total },
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    update: (actor: Actor, id: string, input: LeaveRequestInput) =>
      db.tenant(actor.companyId, async (tx) => {
        const employeeId = selfId(actor);
        await repo.employees(tx, [employeeId], true);
        const [row] = await repo.getRequests(tx, [id], true);
        if (!row || row.employee_id !== employeeId) throw notFound('Leave request');
        if (row.status !== 'pending') throw new AppError('CONFLICT', `This request is already ${row.status}`);
        const e = await evaluate(tx, actor, employeeId, input, id);
        refuse(e.violations);
        await assertOpen(tx, employeeId, input.from_date, input.to_date);
        await repo.updateRequest(tx, id, {
          employeeId,
          leaveTypeId: e.type.id,
          from: input.from_date,
          to: input.to_date,
          session: e.session,
          days: e.days,
          total: e.total,
          reason: input.reason,
          contact: input.contact,
          documentId: input.document_id,
          ...timesOf(e.type, input, e.total),
        });
        await auditOf(tx, actor, {
          action: 'leave.request_edited',
          entity: 'leave_request',
          entity_id: id,
          changes: {
            before: { from: row.from_date, to: row.to_date, total: row.total },
            after: { from: input.from_date, to: input.to_date, total: e.total },
          },
        });
        return itemOf(tx, id, actor, 'mine');
      }),

    /** Withdraw a pending request, or cancel an approved one (credited back through the ledger). */
    remove: (actor: Actor, id: string): Promise<{ item: LeaveRequest; note: string | null }> =>
      db.tenant(actor.companyId, async (tx) => {
        let note: string | null = null;
        const [row] = await repo.getRequests(tx, [id], true);
        const mine = !!row && row.employee_id === actor.employeeId;
        if (!row || (!mine && !isAdmin(actor))) throw notFound('Leave request');
        if (row.status === 'pending') {
          if (!mine)
            throw new AppError(
              'FORBIDDEN',
              'Only the employee withdraws a pending request; reject it instead',
            );
          const approvalId = await approvalIdOf(tx, id);
          if (approvalId) await engine.withdraw(tx, actor, approvalId);
          else await ended(tx, id, 'withdrawn');
        } else if (row.status === 'approved') {
          if (!isAdmin(actor) && row.from_date < (await today(tx))) {
            throw new AppError(
              'CONFLICT',
              'Leave that has started can be cancelled by an administrator only',
            );
          }
          note = await cancelApproved(tx, actor, row);
        } else throw new AppError('CONFLICT', `This request is already ${row.status}`);
        await auditOf(tx, actor, {
          action: row.status === 'pending' ? 'leave.withdrawn' : 'leave.cancelled',
          entity: 'leave_request',
          entity_id: id,
          changes: { total: row.total },
        });
        return { item: await itemOf(tx, id, actor, mine ? 'mine' : 'admin'), note };
      }),

    /** One request: its employee, one of its approvers, or someone with company-wide leave access. */
    get: (actor: Actor, id: string) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const [row] = await repo.getRequests(tx, [id]);
        if (!row) throw notFound('Leave request');
        if (row.employee_id === actor.employeeId) return itemOf(tx, id, actor, 'mine');
        if (isAdmin(actor)) return itemOf(tx, id, actor, 'admin');
        const approvalId = await approvalIdOf(tx, id);
        if (approvalId && (await engine.isParticipant(tx, approvalId, actor.employeeId)))
          return itemOf(tx, id, actor, 'team');
        throw notFound('Leave request');
      }),

    /**
     * The document attached to a request, for its employee, one of its approvers, or a leave
     * administrator (leave_requests.edit, company scope); 404 for everyone else.
     */
    documentOf: (actor: Actor, id: string) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const [row] = await repo.getRequests(tx, [id]);
        if (!row) throw notFound('Leave request');
        let allowed = row.employee_id === actor.employeeId || isAdmin(actor);
        if (!allowed) {
          const approvalId = await approvalIdOf(tx, id);
          allowed = !!approvalId && (await engine.isParticipant(tx, approvalId, actor.employeeId));
        }
        if (!allowed) throw notFound('Leave request');
        if (!row.document_id) throw notFound('Document');
        return row.document_id;
      }),

    mine: (actor: Actor, q: MyLeaveQuery) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const page = await repo.listPage(tx, q, { employeeId: selfId(actor) });
        return { rows: await toItems(tx, page.rows, actor, 'mine'), total: page.total };
      }),

    queue: (actor: Actor, q: LeaveQueueQuery, mode: QueueMode) =>
      db.tenantRead(actor.companyId, async (tx) => {
        if (mode === 'admin') {
          if (dataScopeOf(actor.permissions) !== 'company')
            throw new AppError('FORBIDDEN', 'The admin queue needs company-wide access');
          const page = await repo.listPage(tx, q, {});
          return { rows: await toItems(tx, page.rows, actor, 'admin'), total: page.total };
        }
        if (!actor.employeeId) return { rows: [], total: 0 };
        const onlyIds = await engine.awaitingSubjects(tx, LEAVE_TYPE, actor.employeeId);
        const page = await repo.listPage(tx, { ...q, status: undefined }, { onlyIds });
        return { rows: await toItems(tx, page.rows, actor, 'team'), total: page.total };
      }),

    /**
     * What approving a request does, for its approver (team) or a company-wide leave reader
     * (admin): the balance of its type before and after, and who else of the team is away then.
     * Others get 404, as for the request itself.
     */
    decisionContext: (actor: Actor, id: string, mode: QueueMode) =>
      db.tenantRead(actor.companyId, async (tx): Promise<LeaveDecisionContext> => {
        const [row] = await repo.getRequests(tx, [id]);
        if (!row) throw notFound('Leave request');
        if (
          mode === 'admin'
            ? dataScopeOf(actor.permissions) !== 'company'
            : row.employee_id === actor.employeeId
        )
          throw notFound('Leave request');
        if (mode === 'team') {
          const approvalId = await approvalIdOf(tx, id);
          if (!approvalId || !(await engine.isParticipant(tx, approvalId, actor.employeeId)))
            throw notFound('Leave request');
        }
        const b = (await balancesOf(tx, row.employee_id)).find((x) => x.leave_type_id === row.leave_type_id);
        const before = b?.balance ?? 0;
        // Approving debits paid leave by the request's total; its pending hold is released.
        const debits = row.status === 'pending' && row.paid;
        const pendingHere = debits ? row.total : 0;
        // "The team": the caller's reports and the employee's colleagues (same manager), within
        // what the caller may see of employees; neither the employee nor the caller.
        const params: unknown[] = [row.employee_id, actor.employeeId, row.from_date, row.to_date];
        const scope = scopeWhere(
          { scope: dataScopeOf(actor.permissions), employeeId: actor.employeeId },
          params,
        );
        const { rows: away } = await tx.query<{
          employee_id: string;
          employee_name: string;
          from_date: string;
          to_date: string;
          status: 'pending' | 'approved';
        }>(
          `SELECT r.employee_id, trim(e.first_name || ' ' || e.last_name) AS employee_name,
                  r.from_date::text AS from_date, r.to_date::text AS to_date, r.status
             FROM leave_requests r JOIN employees e ON e.id = r.employee_id
            WHERE r.status IN ('pending', 'approved') AND r.from_date <= $4::date AND r.to_date >= $3::date
              AND e.id <> $1 AND e.id IS DISTINCT FROM $2::uuid
              AND (e.manager_id = $2::uuid
                   OR e.manager_id = (SELECT manager_id FROM employees WHERE id = $1))
              ${scope ? `AND ${scope}` : ''}
            ORDER BY r.from_date, employee_name, r.id LIMIT 50`,
          params,
        );
        return {
          balance: {
            leave_type_name: row.leave_type_name,
            unit: b?.unit ?? (row.hours === null ? 'day' : 'hour'),
            paid: row.paid,
            before,
            after: debits ? round2(before - row.total) : before,
            other_pending: round2((b?.pending ?? 0) - pendingHere),
          },
          away,
        };
      }),

    decide: (
      actor: Actor,
      id: string,
      decision: 'approved' | 'rejected',
      comment: string | null,
      mode: QueueMode,
    ) =>
      db.tenant(actor.companyId, async (tx) => {
        if (mode === 'admin' && !isAdmin(actor))
          throw new AppError('FORBIDDEN', 'The admin queue needs company-wide access');
        const [row] = await repo.getRequests(tx, [id]);
        const approvalId = row && (await approvalIdOf(tx, id));
        if (!row || !approvalId) throw notFound('Leave request');
        if (row.employee_id === actor.employeeId)
          throw new AppError('FORBIDDEN', 'You cannot decide your own request');
        const result = await engine.decide(tx, actor, approvalId, decision, comment, {
          asAdmin: mode === 'admin',
          type: LEAVE_TYPE,
        });
        await auditOf(tx, actor, {
          action: `leave.${decision}`,
          entity: 'leave_request',
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

    // ---- Balances ----
    /**
     * Balances of every leave type the employee holds entries or pending requests for, in one
     * statement (the leave types that apply to them are in `configuration`).
     */
    balances: (actor: Actor, employeeId: string | null) =>
      db.tenantRead(actor.companyId, async (tx): Promise<LeaveBalance[]> => {
        const id = employeeId ?? selfId(actor);
        if (employeeId && employeeId !== actor.employeeId) await assertInScope(tx, actor, id);
        return balancesOf(tx, id);
      }),

    /** Every entry behind a balance, with a running total (the balance explainer). */
    explain: (actor: Actor, employeeId: string, leaveTypeId: string, asOf?: string) =>
      db.tenantRead(actor.companyId, async (tx) => {
        await assertInScope(tx, actor, employeeId);
        const type = await repo.getType(tx, leaveTypeId);
        if (!type) throw notFound('Leave type');
        const rows = (await repo.entries(tx, [employeeId], leaveTypeId)).filter(
          (e) => !asOf || e.date <= asOf,
        );
        let running = 0;
        const entries = rows.map((e) => {
          running = round2(running + e.amount);
          return {
            id: e.id,
            date: e.date,
            kind: e.kind,
            amount: e.amount,
            running,
            reason: e.reason,
            rule: e.rule,
            expires_on: e.expires_on,
            created_at: iso(e.created_at),
          };
        });
        return {
          employee_id: employeeId,
          leave_type: { id: type.id, name: type.name, code: type.code },
          balance: balanceOf(rows),
          entries,
        };
      }),

    /** `PUT employee/{id}/leave-balance`: a manual entry with a reason, audited. */
    adjust: (actor: Actor, employeeId: string, body: LeaveBalanceAdjust) =>
      db.tenant(actor.companyId, async (tx) => {
        const [emp] = await repo.employees(tx, [employeeId], true);
        if (!emp) throw notFound('Employee');
        const type = await repo.getType(tx, body.leave_type_id);
        if (!type) throw invalid('leave_type_id', 'Unknown leave type');
        const now = await today(tx);
        const date = body.date ?? now;
        assertNearToday('date', date, now);
        if (body.work_date) assertNearToday('work_date', body.work_date, now);
        let expiresOn: string | null = null;
        let rule = 'Manual entry';
        if (body.kind === 'comp_off') {
          if (!type.comp_off) throw invalid('leave_type_id', `${type.name} is not a comp-off leave type`);
          const [day] = await daysOf(tx, actor.companyId, employeeId, body.work_date!, body.work_date!);
          if (!day || (!day.holiday && day.weeklyOff === 'none')) {
            throw invalid(
              'work_date',
              'Comp-off is credited for work on a weekly-off or holiday; this date is a working day',
            );
          }
          expiresOn = type.comp_off_expiry_days ? addDays(body.work_date!, type.comp_off_expiry_days) : null;
          rule = `Worked on ${day.holiday ? `holiday ${day.holiday.name}` : 'a weekly-off'} ${body.work_date}${expiresOn ? `; usable until ${expiresOn}` : ''}`;
        }
        if (body.kind === 'encashment') {
          if (!type.encashment) throw invalid('kind', `${type.name} cannot be encashed`);
          // The employee row is locked above: two administrators at once are checked one after the other.
          const balance = round2((await repo.balances(tx, employeeId, '9999-12-31')).get(type.id) ?? 0);
          const pending = round2((await repo.pendingTotals(tx, employeeId, null)).get(type.id) ?? 0);
          // The yearly cap counts the leave year of the employee's policy (April to March, say).
          const year = await leaveYearFor(tx, actor.companyId, employeeId, date);
          const { rows } = await tx.query<{ n: string }>(
            `SELECT coalesce(-sum(amount), 0) AS n FROM leave_ledger WHERE employee_id = $1 AND leave_type_id = $2
                AND kind = 'encashment' AND entry_date BETWEEN $3::date AND $4::date`,
            [employeeId, type.id, year.start, year.end],
          );
          const encashedThisYear = round2(Number(rows[0]!.n));
          const refusal = encashmentRefusal({
            amount: body.amount,
            balance,
            pending,
            cap: type.encashment_cap,
            encashedThisYear,
            year,
          });
          if (refusal) throw invalid('amount', refusal);
          rule = `Encashment of ${body.amount} days${
            type.encashment_cap !== null
              ? ` (cap ${type.encashment_cap} a year; ${round2(encashedThisYear + body.amount)} encashed in ${year.label})`
              : ''
          }: paid in the pay run of ${monthWordsOf(date)}`;
        }
        const debit = body.kind === 'manual_debit' || body.kind === 'encashment';
        await repo.appendEntries(tx, [
          {
            employeeId,
            leaveTypeId: type.id,
            date,
            kind: body.kind,
            amount: debit ? -body.amount : body.amount,
            reason: body.reason,
            rule,
            // A comp-off credited by hand names its day, so the automatic credit leaves that day alone.
            ref: body.kind === 'comp_off' ? `manual:${body.work_date}` : null,
            expiresOn,
            createdBy: actor.userId,
          },
        ]);
        await auditOf(tx, actor, {
          action: 'leave.balance_adjusted',
          entity: 'employee',
          entity_id: employeeId,
          changes: {
            leave_type_id: type.id,
            kind: body.kind,
            amount: body.amount,
            date,
            reason: body.reason,
          },
        });
        const sums = await repo.balances(tx, employeeId, '9999-12-31');
        return { leave_type_id: type.id, balance: round2(sums.get(type.id) ?? 0) };
      }),

    // ---- Calendar ----
    holidays: (actor: Actor, month: number | null, year: number) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const { from, to } = monthRange(month, year);
        const days = await daysOf(tx, actor.companyId, selfId(actor), from, to);
        return days
          .filter((d) => d.holiday)
          .map((d) => ({ date: d.date, name: d.holiday!.name, optional: d.holiday!.optional }));
      }),

    calendar: (actor: Actor, month: number, year: number, scope: 'mine' | 'team') =>
      db.tenantRead(actor.companyId, async (tx) => {
        const me = selfId(actor);
        const { from, to } = monthRange(month, year);
        const days = await daysOf(tx, actor.companyId, me, from, to);
        let ids = [me];
        if (scope === 'team') {
          const { rows } = await tx.query<{ id: string }>(
            "SELECT id FROM employees WHERE manager_id = $1 AND status = 'active'",
            [me],
          );
          ids = [me, ...rows.map((r) => r.id)];
        }
        return {
          holidays: days
            .filter((d) => d.holiday)
            .map((d) => ({ date: d.date, name: d.holiday!.name, optional: d.holiday!.optional })),
          weekly_offs: days.filter((d) => d.weeklyOff === 'full').map((d) => d.date),
          leaves: (await repo.leaveDays(tx, ids, from, to)).map((l) => ({ ...l, amount: l.amount })),
        };
      }),

    statusCounts: (actor: Actor) =>
      db.tenantRead(actor.companyId, async (tx) => {
        const year = (await today(tx)).slice(0, 4);
        const { rows } = await tx.query<{ status: LeaveRequest['status']; count: string; days: string }>(
          `SELECT status, count(*) AS count, coalesce(sum(total), 0) AS days FROM leave_requests
            WHERE employee_id = $1 AND to_date >= $2::date AND from_date <= $3::date GROUP BY status ORDER BY status`,
          [selfId(actor), `${year}-01-01`, `${year}-12-31`],
        );
        return rows.map((r) => ({ status: r.status, count: Number(r.count), days: Number(r.days) }));
      }),

    /**
     * The policies module's calendar-change listener (in its transaction): requests over changed
     * dates are counted again, approved ones corrected through the ledger.
     */
    onCalendarChange: (tx: Queryable, change: LeaveCalendarChange) =>
      recountRequests(tx, change, dayContexts, sandwichOf, async (t, before, after) => {
        await unmarkDays(t, before);
        await markDays(t, after);
      }),

    // ---- Accrual and year end ----
    /** Runs accrual, year end and lapses for one company up to `asOf` (default: its today). */
    runAccrual: (companyId: string, asOf?: string) =>
      db.tenant(companyId, async (tx) => {
        const now = await today(tx);
        const date = asOf ?? now;
        assertNearToday('as_of', date, now);
        return { ...(await dailyRun(tx, companyId, date)), as_of: date };
      }),

    /** Every company, each in its own transaction (the scheduled job). */
    runAccrualAll: async () => {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM companies ORDER BY id');
      for (const c of rows) {
        await db.tenant(c.id, async (tx) => dailyRun(tx, c.id, await today(tx)));
      }
    },
  };
}
export type LeaveService = ReturnType<typeof createLeaveService>;

function monthRange(month: number | null, year: number) {
  if (!month) return { from: `${year}-01-01`, to: `${year}-12-31` };
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

function describeDays(days: { date: string; amount: number; kind: string }[]) {
  const off = days.filter((d) => d.kind !== 'working' && d.amount > 0).length;
  return off > 0 ? `${off} weekly-off or holiday days counted by the sandwich rules` : 'working days only';
}
