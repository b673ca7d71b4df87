import type {
  ApprovalDecision,
  ApprovalEvent,
  ApprovalInboxItem,
  ApprovalState,
  ApprovalStatus,
  NextApprover,
  RequestAbilities,
} from '@hr/contract';
import type { Queryable } from '../../db/client';
import { type Clock, dateIn } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Notifier } from '../notifications';
import { approvalFlowFor } from '../policies';
import {
  createRequestTypeRegistry,
  DEFAULT_LINKS,
  type DecideActor,
  type HookContext,
  type LinkAudience,
  type RequestTypeDefinition,
  type RequestTypeRegistry,
} from './request-types';

export type { DecideActor } from './request-types';

/**
 * The approval engine: one set of functions every request type uses (profile change now; leave,
 * regularisation and reimbursement next). A type registers itself in the registry
 * (request-types.ts): its queues' permissions, how a request is summarised, and the hooks run on
 * final approval, rejection and withdrawal. Every function runs inside the caller's tenant
 * transaction (`tx`), and so do the hooks: a hook that throws rolls the decision back.
 *
 * Raising resolves the approvers of every level NOW and stores them (approval_request_approvers),
 * with each level's SLA:
 * - the flow the requester's master policy names for the type on the request's date (the policies
 *   module decides which master policy is in force), else the company's default flow for the type
 *   (approval_flows.is_default); each level by
 *   - reporting role: the requester's manager for that role (reporting_managers); for the role
 *     with the lowest priority number (the first-line role, e.g. L1) the primary manager
 *     (employees.manager_id) stands in when there is no row;
 *   - named employees: those (active) employees;
 *   a level that resolves to nobody is skipped and recorded in skipped_levels with the reason;
 *   the requester never approves their own request.
 * - Fallback when there is no default flow, or every level was skipped: ONE level, rule any,
 *   the requester's primary manager; without one, the type's administrators (active users whose
 *   role holds the type's admin `edit` permission and sees the whole company: never a manager
 *   through the team queue's permission). When even that finds nobody the request waits
 *   for the admin queue (level_count 0).
 *
 * Deciding: an approver of the current level, or today's delegate of one (approval_delegations
 * whose dates cover today in the company's time zone; recorded with on_behalf_of). Rule 'any': one
 * approval completes the level; 'all': each approver of the level must approve. Any rejection
 * rejects the request; after the last level it is approved. An admin decision (admin queue)
 * settles the request at once.
 *
 * SLA (checkSla, run by a scheduled job): a request waiting at a level past the level's SLA hours
 * reminds that level's approvers once, and when the level says escalate moves on to the next
 * level, or past the last one to the type's administrators (a level added for them). Both are
 * recorded as events in the request's history.
 *
 * Notifications (with a `notifier`): each step tells the people who act next, in the transaction
 * of the step, for every registered type alike: submitted or moved on to a level → that level's
 * approvers; a level approved → the requester ("moved to level 2"); the final decision → the
 * requester (approved / rejected); withdrawn → the approvers still waiting; an SLA reminder → the
 * level's undecided approvers. A notification carries the type's title of the request (what the
 * recipient sees in their queue or on their own screen) and the type's link for the recipient.
 */

/** Used when a company has no time zone set (and by tests of the old signature). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
/** Administrators of a type nobody registered (engine tests raise such types directly). */
const UNREGISTERED_ADMIN_PERMISSION = 'approval_flow.edit';

/** Today's date (YYYY-MM-DD) in `timeZone` at the clock's instant. */
export function todayIn(clock: Clock, timeZone = DEFAULT_TIME_ZONE): string {
  return dateIn(timeZone, clock.now());
}

/** The tenant company's time zone (companies.time_zone, via migration 0006's function). */
async function companyTimeZone(tx: Queryable): Promise<string> {
  const { rows } = await tx.query<{ tz: string | null }>('SELECT hr_company_time_zone() AS tz');
  return rows[0]?.tz || DEFAULT_TIME_ZONE;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

type ResolvedLevel = { rule: 'any' | 'all'; approvers: string[]; slaHours: number | null; escalate: boolean };
export type SkippedLevel = { position: number; reason: string };

type RequestRow = {
  id: string;
  company_id: string;
  request_type: string;
  subject_id: string;
  requester_id: string;
  status: ApprovalStatus;
  current_level: number;
  level_count: number;
  skipped_levels: SkippedLevel[] | string;
};
const REQUEST_COLUMNS =
  'id, company_id, request_type, subject_id, requester_id, status, current_level, level_count, skipped_levels';

export type Decision = 'approved' | 'rejected';
export type DecideResult = {
  status: ApprovalStatus;
  current_level: number;
  /** True when this decision settled the request (approved or rejected). */
  settled: boolean;
  on_behalf_of: string | null;
};

/** A reminder the SLA check asks to be mailed (after its transaction commits). */
export type SlaReminder = {
  requestId: string;
  requestType: string;
  level: number;
  to: string;
  approverName: string;
  title: string;
  summary: string;
};
export type SlaResult = {
  reminded: number;
  escalated: number;
  /** Reminders to mail after commit (an engine without a notifier). */
  mails: SlaReminder[];
  /** Reminder mails already queued in this transaction by the notifier. */
  queued: number;
};

/**
 * SQL condition over `approval_requests <alias>`: pending, and `$me` is an approver of its current
 * level, or today's delegate of one, who has not yet decided there. Kept inside this module.
 */
function awaitingSql(alias: string, meParam: string, todayParam: string): string {
  return `(${alias}.status = 'pending' AND EXISTS (
    SELECT 1 FROM approval_request_approvers aa
     WHERE aa.request_id = ${alias}.id AND aa.level = ${alias}.current_level
       AND (aa.approver_id = ${meParam} OR EXISTS (
             SELECT 1 FROM approval_delegations dd
              WHERE dd.approver_id = aa.approver_id AND dd.delegate_id = ${meParam}
                AND ${todayParam}::date BETWEEN dd.starts_on AND dd.ends_on))
       AND NOT EXISTS (
             SELECT 1 FROM approval_decisions xd
              WHERE xd.request_id = ${alias}.id AND xd.level = ${alias}.current_level
                AND (xd.on_behalf_of = aa.approver_id OR (xd.on_behalf_of IS NULL AND xd.actor_id = aa.approver_id)))))`;
}

export function createApprovalEngine(deps: {
  clock: Clock;
  registry?: RequestTypeRegistry;
  /** Tells the people concerned of each step (in-app and mail); none: the engine stays silent. */
  notifier?: Notifier;
}) {
  const { clock, notifier } = deps;
  const registry = deps.registry ?? createRequestTypeRegistry();
  const definitionOf = (type: string): RequestTypeDefinition | null =>
    registry.has(type) ? registry.get(type) : null;
  const adminPermissionOf = (type: string) =>
    definitionOf(type)?.adminPermissions.edit ?? UNREGISTERED_ADMIN_PERMISSION;

  /** Today in the company's time zone (the tenant of `tx`). */
  async function today(tx: Queryable): Promise<string> {
    return dateIn(await companyTimeZone(tx), clock.now());
  }

  async function activeEmployees(tx: Queryable, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM employees WHERE id = ANY($1::uuid[]) AND status = 'active'`,
      [ids],
    );
    const found = new Set(rows.map((r) => r.id));
    return ids.filter((id) => found.has(id)); // keep the flow's order
  }

  async function primaryManager(tx: Queryable, employeeId: string): Promise<string | null> {
    const { rows } = await tx.query<{ manager_id: string | null }>(
      `SELECT m.id AS manager_id FROM employees e JOIN employees m ON m.id = e.manager_id
        WHERE e.id = $1 AND m.status = 'active'`,
      [employeeId],
    );
    return rows[0]?.manager_id ?? null;
  }

  /**
   * The administrators of a type: active employees whose sign-in's role holds the type's admin
   * `edit` permission AND sees the whole company (employee_list.view, as dataScopeOf). The admin
   * queues answer only company-wide callers, and for some types (reimbursements, regularisation)
   * the team queue's permission is the same name: without the scope a manager would be taken for
   * an administrator and be handed, say, the admin's own claim. Used by a level of kind
   * 'administrators', the no-approver fallback, the SLA escalation past the last level and the
   * "waiting for an administrator" notice alike.
   */
  async function administrators(tx: Queryable, permission: string): Promise<string[]> {
    const { rows } = await tx.query<{ employee_id: string }>(
      `SELECT DISTINCT u.employee_id FROM users u JOIN roles r ON r.id = u.role_id
         JOIN employees e ON e.id = u.employee_id
        WHERE u.is_active AND e.status = 'active' AND $1 = ANY(r.permissions)
          AND 'employee_list.view' = ANY(r.permissions)
        ORDER BY u.employee_id`,
      [permission],
    );
    return rows.map((r) => r.employee_id);
  }

  /**
   * The flow a request of `type` follows: `flowId` when given and still a flow of that type (the
   * flow a request was raised on), else the one the requester's master policy in force on `onDate`
   * names, else the company's default flow for the type; null when there is none.
   */
  async function flowFor(
    tx: Queryable,
    type: string,
    requesterId: string,
    onDate: string,
    flowId: string | null,
  ): Promise<{ id: string } | undefined> {
    const chosen = flowId ?? (await approvalFlowFor(tx, requesterId, type, onDate));
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM approval_flows WHERE request_type = $1 AND (id = $2::uuid OR is_default)
        ORDER BY (id = $2::uuid) DESC NULLS LAST LIMIT 1`,
      [type, chosen],
    );
    return rows[0];
  }

  /** Resolves the levels of the requester's flow for `type` (or the fallback) for this requester. */
  async function resolveLevels(
    tx: Queryable,
    type: string,
    requesterId: string,
    amountPaise: number | null,
    route: { onDate: string; flowId?: string | null },
  ): Promise<{ flowId: string | null; levels: ResolvedLevel[]; skipped: SkippedLevel[] }> {
    const flow = await flowFor(tx, type, requesterId, route.onDate, route.flowId ?? null);
    const levels: ResolvedLevel[] = [];
    const skipped: SkippedLevel[] = [];
    if (flow) {
      const { rows } = await tx.query<{
        position: number;
        approver_kind: 'reporting_role' | 'employee' | 'manager' | 'administrators';
        reporting_role_id: string | null;
        role_name: string | null;
        approver_employee_ids: string[];
        rule: 'any' | 'all';
        sla_hours: number | null;
        escalate: boolean;
        min_amount_paise: number | null;
      }>(
        `SELECT l.position, l.approver_kind, l.reporting_role_id, rr.name AS role_name,
                l.approver_employee_ids, l.rule, l.sla_hours, l.escalate,
                l.min_amount_paise::float8 AS min_amount_paise
           FROM approval_levels l LEFT JOIN reporting_roles rr ON rr.id = l.reporting_role_id
          WHERE l.flow_id = $1 ORDER BY l.position`,
        [flow.id],
      );
      const firstRole = (
        await tx.query<{ id: string }>('SELECT id FROM reporting_roles ORDER BY priority, name, id LIMIT 1')
      ).rows[0]?.id;
      for (const l of rows) {
        // A conditional level (e.g. "above ₹10,000") applies only to a request above its amount;
        // a request without an amount never meets it. Not a skip: the flow says it is not needed.
        if (l.min_amount_paise != null && !(amountPaise != null && amountPaise > l.min_amount_paise)) {
          continue;
        }
        let approvers: string[] = [];
        let reason = '';
        if (l.approver_kind === 'administrators') {
          approvers = await administrators(tx, adminPermissionOf(type));
          reason = 'No administrator of this request type is an active employee';
        } else if (l.approver_kind === 'manager') {
          const pm = await primaryManager(tx, requesterId);
          approvers = pm ? [pm] : [];
          reason = 'The requester has no active manager';
        } else if (l.approver_kind === 'reporting_role') {
          const { rows: m } = await tx.query<{ manager_id: string }>(
            `SELECT rm.manager_id FROM reporting_managers rm JOIN employees e ON e.id = rm.manager_id
              WHERE rm.employee_id = $1 AND rm.reporting_role_id = $2 AND e.status = 'active'`,
            [requesterId, l.reporting_role_id],
          );
          approvers = m.map((r) => r.manager_id);
          if (approvers.length === 0 && l.reporting_role_id === firstRole) {
            const pm = await primaryManager(tx, requesterId);
            if (pm) approvers = [pm];
          }
          reason = `No ${l.role_name ?? 'reporting'} manager is set for the requester`;
        } else {
          approvers = await activeEmployees(tx, l.approver_employee_ids);
          reason = 'None of the named approvers is an active employee';
        }
        approvers = approvers.filter((id) => id !== requesterId);
        if (approvers.length === 0) {
          skipped.push({ position: l.position, reason: reason || 'Only the requester would approve' });
        } else {
          levels.push({
            rule: l.rule,
            approvers: [...new Set(approvers)],
            slaHours: l.sla_hours,
            escalate: l.escalate,
          });
        }
      }
    }
    if (levels.length === 0) {
      const pm = await primaryManager(tx, requesterId);
      const approvers =
        pm && pm !== requesterId
          ? [pm]
          : (await administrators(tx, adminPermissionOf(type))).filter((id) => id !== requesterId);
      if (approvers.length > 0) levels.push({ rule: 'any', approvers, slaHours: null, escalate: false });
      else skipped.push({ position: 0, reason: 'No approver found: an administrator decides' });
    }
    return { flowId: flow?.id ?? null, levels, skipped };
  }

  async function insertLevel(tx: Queryable, requestId: string, level: number, l: ResolvedLevel) {
    await tx.query(
      `INSERT INTO approval_request_approvers (company_id, request_id, level, rule, approver_id, sla_hours, escalate)
       SELECT current_setting('app.company_id')::uuid, $1, $2, $3, x, $5, $6 FROM unnest($4::uuid[]) AS x`,
      [requestId, level, l.rule, l.approvers, l.slaHours, l.escalate],
    );
  }

  async function loadRequest(tx: Queryable, requestId: string, lock = false): Promise<RequestRow> {
    const { rows } = await tx.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM approval_requests WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [requestId],
    );
    if (!rows[0]) throw notFound('Request');
    return rows[0];
  }

  /** Approvers of `level` who have not yet approved it. */
  async function undecidedApprovers(tx: Queryable, requestId: string, level: number) {
    const { rows } = await tx.query<{ approver_id: string; rule: 'any' | 'all' }>(
      `SELECT a.approver_id, a.rule FROM approval_request_approvers a
        WHERE a.request_id = $1 AND a.level = $2
          AND NOT EXISTS (SELECT 1 FROM approval_decisions d
                           WHERE d.request_id = a.request_id AND d.level = a.level
                             AND (d.on_behalf_of = a.approver_id
                                  OR (d.on_behalf_of IS NULL AND d.actor_id = a.approver_id)))
        ORDER BY a.id`,
      [requestId, level],
    );
    return rows;
  }

  async function runHook(
    hook: 'onApproved' | 'onRejected' | 'onWithdrawn',
    req: RequestRow,
    ctx: Omit<HookContext, 'request'>,
  ) {
    const fn = definitionOf(req.request_type)?.[hook];
    if (!fn) return;
    await fn({ ...ctx, request: hookRequest(req) });
  }

  const hookRequest = (req: RequestRow) => ({
    id: req.id,
    type: req.request_type,
    subjectId: req.subject_id,
    requesterId: req.requester_id,
    companyId: req.company_id,
  });

  /**
   * Whose request it is and what it is, with its dates or amount (the type's `notice`); without
   * one, the requester and the title the type gives the request in its queues.
   */
  async function noticeOf(tx: Queryable, req: RequestRow): Promise<{ owner: string; item: string }> {
    const def = definitionOf(req.request_type);
    const n = def?.notice ? await def.notice(tx, req.subject_id, await today(tx)) : null;
    if (n) return n;
    const s = def ? (await def.summarise(tx, [req.subject_id])).get(req.subject_id) : undefined;
    return {
      owner: await nameOf(tx, req.requester_id),
      item: s ? `request “${s.title}”` : `${req.request_type.replace(/_/g, ' ')} request`,
    };
  }

  async function nameOf(tx: Queryable, employeeId: string | null): Promise<string> {
    if (!employeeId) return 'Someone';
    const { rows } = await tx.query<{ name: string }>(
      `SELECT trim(first_name || ' ' || last_name) AS name FROM employees WHERE id = $1`,
      [employeeId],
    );
    return rows[0]?.name ?? 'Someone';
  }

  /** Sends one notification about `req` to `recipients` (never to whoever caused it). */
  async function tell(
    tx: Queryable,
    req: RequestRow,
    n: {
      audience: LinkAudience;
      recipients: string[];
      kind: 'request_submitted' | 'request_decided' | 'request_withdrawn' | 'request_reminder';
      title: string;
      body: string;
      subject: string;
      except?: string | null;
    },
  ): Promise<number> {
    const recipients = n.recipients.filter((id) => id !== n.except);
    if (!notifier || recipients.length === 0) return 0;
    const def = definitionOf(req.request_type);
    const link = def?.link ? def.link(n.audience, hookRequest(req)) : DEFAULT_LINKS[n.audience];
    const { mailed } = await notifier.notify(tx, {
      companyId: req.company_id,
      recipients,
      type: n.kind,
      title: n.title,
      body: n.body,
      link,
      requestId: req.id,
      mail: { subject: n.subject },
    });
    return mailed;
  }

  /** Tells the approvers of `level` that the request waits for them. */
  async function tellLevel(tx: Queryable, req: RequestRow, level: number, levelCount: number, why: string) {
    if (!notifier) return;
    const approvers = (await undecidedApprovers(tx, req.id, level)).map((a) => a.approver_id);
    const n = await noticeOf(tx, req);
    const title = `${n.owner}'s ${n.item}`;
    await tell(tx, req, {
      audience: 'approver',
      recipients: approvers,
      kind: 'request_submitted',
      title: `Waiting for your approval: ${title}`,
      body: `${why} Level ${level} of ${levelCount}.`,
      subject: 'A request is waiting for your approval',
      except: req.requester_id,
    });
    // Today's delegates of those approvers may decide for them: they are told too, once each.
    const { rows } = await tx.query<{ delegate_id: string; names: string }>(
      `SELECT d.delegate_id, string_agg(DISTINCT trim(e.first_name || ' ' || e.last_name), ', ') AS names
         FROM approval_delegations d JOIN employees e ON e.id = d.approver_id
        WHERE d.approver_id = ANY($1::uuid[]) AND d.delegate_id <> ALL($1::uuid[])
          AND $2::date BETWEEN d.starts_on AND d.ends_on
        GROUP BY d.delegate_id ORDER BY d.delegate_id`,
      [approvers, await today(tx)],
    );
    for (const d of rows) {
      await tell(tx, req, {
        audience: 'approver',
        recipients: [d.delegate_id],
        kind: 'request_submitted',
        title: `Waiting for your approval (as delegate of ${d.names}): ${title}`,
        body: `${why} Level ${level} of ${levelCount}. You may decide it for ${d.names} while they are away.`,
        subject: 'A request is waiting for your approval (as a delegate)',
        except: req.requester_id,
      });
    }
  }

  /** The state of many requests in four queries (for lists). */
  async function states(tx: Queryable, requestIds: string[]): Promise<ApprovalState[]> {
    if (requestIds.length === 0) return [];
    const { rows: reqs } = await tx.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM approval_requests WHERE id = ANY($1::uuid[])`,
      [requestIds],
    );
    const { rows: next } = await tx.query<{
      request_id: string;
      level: number;
      id: string;
      name: string;
      delegates: { id: string; name: string }[] | null;
    }>(
      `SELECT a.request_id, a.level, e.id, trim(e.first_name || ' ' || e.last_name) AS name,
              (SELECT json_agg(json_build_object('id', de.id, 'name', trim(de.first_name || ' ' || de.last_name))
                               ORDER BY de.first_name)
                 FROM approval_delegations d JOIN employees de ON de.id = d.delegate_id
                WHERE d.approver_id = a.approver_id AND $2::date BETWEEN d.starts_on AND d.ends_on) AS delegates
         FROM approval_requests r
         JOIN approval_request_approvers a ON a.request_id = r.id AND a.level = r.current_level
         JOIN employees e ON e.id = a.approver_id
        WHERE r.id = ANY($1::uuid[]) AND r.status = 'pending'
          AND NOT EXISTS (SELECT 1 FROM approval_decisions d
                           WHERE d.request_id = a.request_id AND d.level = a.level
                             AND (d.on_behalf_of = a.approver_id
                                  OR (d.on_behalf_of IS NULL AND d.actor_id = a.approver_id)))
        ORDER BY a.level, name, e.id`,
      [requestIds, await today(tx)],
    );
    const { rows: hist } = await tx.query<
      Omit<ApprovalDecision, 'created_at'> & { request_id: string; created_at: unknown }
    >(
      `SELECT d.request_id, d.level, d.decision, d.actor_id,
              trim(a.first_name || ' ' || a.last_name) AS actor_name, d.on_behalf_of,
              CASE WHEN o.id IS NULL THEN NULL ELSE trim(o.first_name || ' ' || o.last_name) END AS on_behalf_of_name,
              d.as_admin, d.comment, d.created_at
         FROM approval_decisions d JOIN employees a ON a.id = d.actor_id
         LEFT JOIN employees o ON o.id = d.on_behalf_of
        WHERE d.request_id = ANY($1::uuid[])
        ORDER BY d.created_at, d.id`,
      [requestIds],
    );
    const { rows: events } = await tx.query<
      Omit<ApprovalEvent, 'created_at'> & { request_id: string; created_at: unknown }
    >(
      `SELECT request_id, level, kind, to_level, detail, created_at FROM approval_events
        WHERE request_id = ANY($1::uuid[]) ORDER BY created_at, level, kind = 'escalated', id`,
      [requestIds],
    );
    const byId = new Map(reqs.map((r) => [r.id, r]));
    return requestIds
      .filter((id) => byId.has(id))
      .map((id) => {
        const r = byId.get(id)!;
        const skipped =
          typeof r.skipped_levels === 'string'
            ? (JSON.parse(r.skipped_levels) as SkippedLevel[])
            : r.skipped_levels;
        return {
          request_id: r.id,
          status: r.status,
          current_level: r.current_level,
          level_count: r.level_count,
          skipped_levels: skipped,
          next_approvers: next
            .filter((n) => n.request_id === id)
            .map((n) => ({ level: n.level, id: n.id, name: n.name, delegates: n.delegates ?? [] })),
          history: hist
            .filter((h) => h.request_id === id)
            .map(({ request_id: _r, created_at, ...h }) => ({ ...h, created_at: iso(created_at) })),
          events: events
            .filter((e) => e.request_id === id)
            .map(({ request_id: _r, created_at, ...e }) => ({ ...e, created_at: iso(created_at) })),
        };
      });
  }

  /** Requests (by id) among `requestIds` that wait on `employeeId` now (as approver or delegate). */
  async function awaiting(tx: Queryable, employeeId: string, requestIds: string[]): Promise<Set<string>> {
    if (requestIds.length === 0) return new Set();
    const { rows } = await tx.query<{ id: string }>(
      `SELECT r.id FROM approval_requests r WHERE r.id = ANY($3::uuid[]) AND ${awaitingSql('r', '$1::uuid', '$2')}`,
      [employeeId, await today(tx), requestIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  return {
    registry,
    today,

    /**
     * Raises a request; returns its id. One per (type, subject). `onDate` is the request's date
     * (a leave's first day, the day regularised, the bill's date; default today): the master
     * policy in force for the requester then picks the flow.
     */
    async raise(
      tx: Queryable,
      input: {
        type: string;
        subjectId: string;
        requesterId: string;
        amountPaise?: number | null;
        onDate?: string;
      },
    ): Promise<{ id: string; levelCount: number; skipped: SkippedLevel[] }> {
      const amount = input.amountPaise ?? null;
      const { flowId, levels, skipped } = await resolveLevels(tx, input.type, input.requesterId, amount, {
        onDate: input.onDate ?? (await today(tx)),
      });
      const { rows } = await tx.query<{ id: string; company_id: string }>(
        `INSERT INTO approval_requests (company_id, request_type, subject_id, requester_id, flow_id,
           current_level, level_count, skipped_levels, level_entered_at, amount_paise)
         VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, 1, $5, $6::jsonb, $7, $8)
         RETURNING id, company_id`,
        [
          input.type,
          input.subjectId,
          input.requesterId,
          flowId,
          levels.length,
          JSON.stringify(skipped),
          clock.now(),
          amount,
        ],
      );
      const id = rows[0]!.id;
      for (const [i, level] of levels.entries()) await insertLevel(tx, id, i + 1, level);
      if (notifier) {
        const req: RequestRow = {
          id,
          company_id: rows[0]!.company_id,
          request_type: input.type,
          subject_id: input.subjectId,
          requester_id: input.requesterId,
          status: 'pending',
          current_level: 1,
          level_count: levels.length,
          skipped_levels: skipped,
        };
        const why = `Submitted by ${await nameOf(tx, input.requesterId)}.`;
        if (levels.length > 0) await tellLevel(tx, req, 1, levels.length, why);
        else {
          // Nobody was found to approve: the type's administrators decide from the admin queue.
          await tell(tx, req, {
            audience: 'admin',
            recipients: await administrators(tx, adminPermissionOf(input.type)),
            kind: 'request_submitted',
            title: await (async () => {
              const n = await noticeOf(tx, req);
              return `Waiting for an administrator: ${n.owner}'s ${n.item}`;
            })(),
            body: `${why} No approver was found for it.`,
            subject: 'A request is waiting for an administrator',
            except: input.requesterId,
          });
        }
      }
      return { id, levelCount: levels.length, skipped };
    },

    /**
     * The requester changed the amount of a pending request nobody has acted on yet: its levels
     * are resolved again on the new amount, on the flow it was raised on (a claim raised above the threshold gains the admin
     * level). Once someone has decided, the request keeps its route and the change is refused
     * (409): the requester withdraws and files again. Same amount: nothing changes.
     */
    async reroute(tx: Queryable, requestId: string, amountPaise: number): Promise<void> {
      const req = await loadRequest(tx, requestId, true);
      const { rows } = await tx.query<{
        amount_paise: string | null;
        decided: boolean;
        flow_id: string | null;
      }>(
        `SELECT r.amount_paise::text AS amount_paise, r.flow_id,
                EXISTS (SELECT 1 FROM approval_decisions d WHERE d.request_id = r.id) AS decided
           FROM approval_requests r WHERE r.id = $1`,
        [requestId],
      );
      if (rows[0]?.amount_paise != null && Number(rows[0].amount_paise) === amountPaise) return;
      if (req.status !== 'pending' || rows[0]?.decided) {
        throw new AppError(
          'CONFLICT',
          'An approver has already acted on this request: withdraw it and submit a new one to change the amount',
        );
      }
      // The flow stays the one the request was raised on (a later change of the requester's
      // master policy does not move it); only the amount conditions are looked at again.
      const { flowId, levels, skipped } = await resolveLevels(
        tx,
        req.request_type,
        req.requester_id,
        amountPaise,
        {
          onDate: await today(tx),
          flowId: rows[0]?.flow_id ?? null,
        },
      );
      await tx.query('DELETE FROM approval_request_approvers WHERE request_id = $1', [requestId]);
      await tx.query(
        `UPDATE approval_requests SET flow_id = $2, current_level = 1, level_count = $3,
                skipped_levels = $4::jsonb, amount_paise = $5, level_entered_at = $6, updated_at = now()
          WHERE id = $1`,
        [requestId, flowId, levels.length, JSON.stringify(skipped), amountPaise, clock.now()],
      );
      for (const [i, level] of levels.entries()) await insertLevel(tx, requestId, i + 1, level);
    },

    /**
     * Records a decision by an approver of the current level (or today's delegate of one), or by
     * an admin (`asAdmin`: settles the request). Non-approvers get 404, as for a request they
     * cannot see; a settled request 409. A decision that settles the request runs the type's
     * onApproved / onRejected hook in this transaction.
     */
    async decide(
      tx: Queryable,
      actor: DecideActor,
      requestId: string,
      decision: Decision,
      comment: string | null,
      opts: { asAdmin?: boolean; type?: string } = {},
    ): Promise<DecideResult> {
      if (!actor.employeeId) throw notFound('Request');
      const req = await loadRequest(tx, requestId, true);
      if (opts.type && req.request_type !== opts.type) throw notFound('Request');
      let onBehalfOf: string | null = null;
      if (!opts.asAdmin) {
        const me = actor.employeeId;
        if (req.status !== 'pending') {
          // Only someone who was an approver of the request learns that it is settled.
          const { rows } = await tx.query(
            'SELECT 1 FROM approval_request_approvers WHERE request_id = $1 AND approver_id = $2 LIMIT 1',
            [requestId, me],
          );
          if (!rows[0]) throw notFound('Request');
        } else {
          const open = await undecidedApprovers(tx, requestId, req.current_level);
          if (!open.some((a) => a.approver_id === me)) {
            const { rows } = await tx.query<{ approver_id: string }>(
              `SELECT approver_id FROM approval_delegations
                WHERE delegate_id = $1 AND approver_id = ANY($2::uuid[])
                  AND $3::date BETWEEN starts_on AND ends_on
                ORDER BY starts_on, id LIMIT 1`,
              [me, open.map((a) => a.approver_id), await today(tx)],
            );
            if (!rows[0]) throw notFound('Request');
            onBehalfOf = rows[0].approver_id;
          }
        }
      }
      if (req.status !== 'pending') {
        throw new AppError('CONFLICT', `This request is already ${req.status}`);
      }
      await tx.query(
        `INSERT INTO approval_decisions (company_id, request_id, level, actor_id, on_behalf_of, decision,
           comment, as_admin)
         VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5, $6, $7)`,
        [requestId, req.current_level, actor.employeeId, onBehalfOf, decision, comment, !!opts.asAdmin],
      );
      let status: ApprovalStatus = 'pending';
      let level = req.current_level;
      if (decision === 'rejected') status = 'rejected';
      else if (opts.asAdmin) status = 'approved';
      else {
        const remaining = await undecidedApprovers(tx, requestId, level);
        const rule = (
          await tx.query<{ rule: 'any' | 'all' }>(
            'SELECT rule FROM approval_request_approvers WHERE request_id = $1 AND level = $2 LIMIT 1',
            [requestId, level],
          )
        ).rows[0]?.rule;
        const levelDone = rule === 'any' || remaining.length === 0;
        if (levelDone) {
          if (level >= req.level_count) status = 'approved';
          else level += 1;
        }
      }
      await tx.query(
        `UPDATE approval_requests SET status = $2, current_level = $3, updated_at = now(),
           decided_at = CASE WHEN $2 = 'pending' THEN NULL ELSE now() END,
           level_entered_at = CASE WHEN $3 <> current_level THEN $4 ELSE level_entered_at END
         WHERE id = $1`,
        [requestId, status, level, clock.now()],
      );
      const ctx = { tx, actor, comment, asAdmin: !!opts.asAdmin };
      if (status === 'approved') await runHook('onApproved', req, ctx);
      else if (status === 'rejected') await runHook('onRejected', req, ctx);
      if (notifier && (status !== 'pending' || level !== req.current_level)) {
        const n = await noticeOf(tx, req);
        const by = `${await nameOf(tx, actor.employeeId)}${opts.asAdmin ? ' (administrator)' : ''}`;
        const requester = [req.requester_id];
        if (status === 'approved' || status === 'rejected') {
          const word = status === 'approved' ? 'approved' : 'rejected';
          await tell(tx, req, {
            audience: 'requester',
            recipients: requester,
            kind: 'request_decided',
            title: `Your ${n.item} was ${word} by ${by}`,
            body: comment ? `Comment: ${comment}` : `Nothing more is needed from you.`,
            subject: `Your request was ${word}`,
            except: actor.employeeId,
          });
        } else {
          await tell(tx, req, {
            audience: 'requester',
            recipients: requester,
            kind: 'request_decided',
            title: `Your ${n.item} was approved by ${by} at level ${req.current_level}`,
            body: `It now waits for level ${level} of ${req.level_count}.${comment ? ` Comment: ${comment}` : ''}`,
            subject: `Your request moved to level ${level}`,
            except: actor.employeeId,
          });
          await tellLevel(
            tx,
            req,
            level,
            req.level_count,
            `Level ${req.current_level} was approved by ${by}.`,
          );
        }
      }
      return { status, current_level: level, settled: status !== 'pending', on_behalf_of: onBehalfOf };
    },

    /** The requester withdraws a pending request; the type's onWithdrawn hook runs in this transaction. */
    async withdraw(tx: Queryable, actor: DecideActor, requestId: string): Promise<void> {
      const req = await loadRequest(tx, requestId, true);
      if (!actor.employeeId || req.requester_id !== actor.employeeId) throw notFound('Request');
      if (req.status !== 'pending') throw new AppError('CONFLICT', `This request is already ${req.status}`);
      await tx.query(
        `UPDATE approval_requests SET status = 'cancelled', decided_at = now(), updated_at = now() WHERE id = $1`,
        [requestId],
      );
      await runHook('onWithdrawn', req, { tx, actor, comment: null, asAdmin: false });
      if (notifier) {
        const waiting = (await undecidedApprovers(tx, req.id, req.current_level)).map((a) => a.approver_id);
        await tell(tx, req, {
          audience: 'approver',
          recipients: waiting,
          kind: 'request_withdrawn',
          title: await (async () => {
            const n = await noticeOf(tx, req);
            const who = await nameOf(tx, req.requester_id);
            return who === n.owner
              ? `${who} withdrew their ${n.item}`
              : `${who} withdrew ${n.owner}'s ${n.item}`;
          })(),
          body: 'Nothing is left for you to do.',
          subject: 'A request you were to approve was withdrawn',
          except: req.requester_id,
        });
      }
    },

    /** Kept for callers of the first version: withdraw by the requester's employee id. */
    async cancel(tx: Queryable, requesterId: string, requestId: string): Promise<void> {
      return this.withdraw(tx, { employeeId: requesterId }, requestId);
    },

    /** Who approves next: the current level's approvers who have not decided, with today's delegates. */
    async nextApprovers(tx: Queryable, requestId: string): Promise<NextApprover[]> {
      return (await states(tx, [requestId]))[0]?.next_approvers ?? [];
    },

    async history(tx: Queryable, requestId: string): Promise<ApprovalDecision[]> {
      return (await states(tx, [requestId]))[0]?.history ?? [];
    },

    async state(tx: Queryable, requestId: string): Promise<ApprovalState> {
      const s = (await states(tx, [requestId]))[0];
      if (!s) throw notFound('Request');
      return s;
    },

    states,

    /** The approval request of each subject of `type` (subject id → request id). */
    async requestIdsBySubject(
      tx: Queryable,
      type: string,
      subjectIds: string[],
    ): Promise<Map<string, string>> {
      if (subjectIds.length === 0) return new Map();
      const { rows } = await tx.query<{ id: string; subject_id: string }>(
        'SELECT id, subject_id FROM approval_requests WHERE request_type = $1 AND subject_id = ANY($2::uuid[])',
        [type, subjectIds],
      );
      return new Map(rows.map((r) => [r.subject_id, r.id]));
    },

    /** Subjects of `type` whose requests wait on `employeeId` now: a team queue's filter. */
    async awaitingSubjects(tx: Queryable, type: string, employeeId: string): Promise<string[]> {
      const { rows } = await tx.query<{ subject_id: string }>(
        `SELECT r.subject_id FROM approval_requests r
          WHERE r.request_type = $3 AND ${awaitingSql('r', '$1::uuid', '$2')}`,
        [employeeId, await today(tx), type],
      );
      return rows.map((r) => r.subject_id);
    },

    /** Whether `employeeId` is, or stands in for, an approver of any level of the request. */
    async isParticipant(tx: Queryable, requestId: string, employeeId: string | null): Promise<boolean> {
      if (!employeeId) return false;
      const { rows } = await tx.query(
        `SELECT 1 FROM approval_request_approvers a WHERE a.request_id = $1 AND a.approver_id = $2
         UNION ALL
         SELECT 1 FROM approval_request_approvers a JOIN approval_delegations d ON d.approver_id = a.approver_id
          WHERE a.request_id = $1 AND d.delegate_id = $2 LIMIT 1`,
        [requestId, employeeId],
      );
      return rows.length > 0;
    },

    /**
     * Requests of every type that wait on the caller now (as approver or today's delegate), among
     * the types whose team queue the caller may see, each summarised by its type, oldest first.
     */
    async inbox(
      tx: Queryable,
      caller: { employeeId: string | null; permissions: readonly string[] },
    ): Promise<ApprovalInboxItem[]> {
      const me = caller.employeeId;
      const types = registry
        .all()
        .filter((d) => caller.permissions.includes(d.teamPermissions.view))
        .map((d) => d.type);
      if (!me || types.length === 0) return [];
      const { rows } = await tx.query<{
        request_id: string;
        request_type: string;
        subject_id: string;
        requester_id: string;
        requester_name: string;
        level: number;
        created_at: unknown;
      }>(
        `SELECT r.id AS request_id, r.request_type, r.subject_id, r.requester_id,
                trim(q.first_name || ' ' || q.last_name) AS requester_name, r.current_level AS level, r.created_at
           FROM approval_requests r JOIN employees q ON q.id = r.requester_id
          WHERE r.request_type = ANY($3::text[]) AND ${awaitingSql('r', '$1::uuid', '$2')}
          ORDER BY r.created_at, r.id LIMIT 200`,
        [me, await today(tx), types],
      );
      const summaries = new Map<string, { title: string; summary: string }>();
      for (const type of new Set(rows.map((r) => r.request_type))) {
        const ids = rows.filter((r) => r.request_type === type).map((r) => r.subject_id);
        for (const [id, s] of await registry.get(type).summarise(tx, ids)) summaries.set(`${type}:${id}`, s);
      }
      const abilities = await this.abilities(
        tx,
        caller,
        rows.map((r) => r.request_id),
      );
      return rows.map((r) => {
        const s = summaries.get(`${r.request_type}:${r.subject_id}`);
        return {
          ...r,
          created_at: iso(r.created_at),
          title: s?.title ?? r.request_type,
          summary: s?.summary ?? '',
          abilities: abilities.get(r.request_id) ?? { approve: false, reject: false, withdraw: false },
        };
      });
    },

    /**
     * What the caller may do with each request, computed here so that screens show only those
     * actions (the actions check again). `asAdmin`: seen from the admin queue, where holding the
     * type's admin edit permission lets one decide any pending request but one's own.
     */
    async abilities(
      tx: Queryable,
      caller: { employeeId: string | null; permissions: readonly string[] },
      requestIds: string[],
      opts: { asAdmin?: boolean } = {},
    ): Promise<Map<string, RequestAbilities>> {
      const out = new Map<string, RequestAbilities>();
      if (requestIds.length === 0) return out;
      const { rows } = await tx.query<{
        id: string;
        request_type: string;
        requester_id: string;
        status: string;
      }>('SELECT id, request_type, requester_id, status FROM approval_requests WHERE id = ANY($1::uuid[])', [
        requestIds,
      ]);
      const me = caller.employeeId;
      const waiting = me && !opts.asAdmin ? await awaiting(tx, me, requestIds) : new Set<string>();
      for (const r of rows) {
        const open = r.status === 'pending';
        const mine = !!me && r.requester_id === me;
        const decide =
          open &&
          !mine &&
          !!me &&
          (opts.asAdmin ? caller.permissions.includes(adminPermissionOf(r.request_type)) : waiting.has(r.id));
        out.set(r.id, { approve: decide, reject: decide, withdraw: open && mine });
      }
      return out;
    },

    /**
     * The SLA check for the tenant of `tx` at `now`: every pending request whose current level has
     * waited past its SLA reminds that level's undecided approvers (once per level: a unique
     * event), and with escalate moves to the next level, or past the last one to a level of the
     * type's administrators. Rows being decided right now are skipped (SKIP LOCKED) and caught by
     * the next run. Returns the mails to send once this transaction has committed.
     */
    async checkSla(tx: Queryable, now: Date): Promise<SlaResult> {
      const { rows: due } = await tx.query<RequestRow & { escalate: boolean; sla_hours: number }>(
        `SELECT r.id, r.company_id, r.request_type, r.subject_id, r.requester_id, r.status,
                r.current_level, r.level_count, r.skipped_levels, l.sla_hours, l.escalate
           FROM approval_requests r
           JOIN LATERAL (SELECT a.sla_hours, a.escalate FROM approval_request_approvers a
                          WHERE a.request_id = r.id AND a.level = r.current_level LIMIT 1) l ON true
          WHERE r.status = 'pending' AND l.sla_hours IS NOT NULL
            AND r.level_entered_at + make_interval(hours => l.sla_hours) <= $1::timestamptz
          ORDER BY r.level_entered_at, r.id
          FOR UPDATE OF r SKIP LOCKED`,
        [now],
      );
      const result: SlaResult = { reminded: 0, escalated: 0, mails: [], queued: 0 };
      if (due.length === 0) return result;
      const summaries = new Map<string, { title: string; summary: string }>();
      for (const type of new Set(due.map((r) => r.request_type))) {
        const def = definitionOf(type);
        if (!def) continue;
        const got = await def.summarise(
          tx,
          due.filter((r) => r.request_type === type).map((r) => r.subject_id),
        );
        for (const [subjectId, s] of got) summaries.set(`${type}:${subjectId}`, s);
      }
      for (const r of due) {
        const reminder = await tx.query(
          `INSERT INTO approval_events (company_id, request_id, level, kind, detail, created_at)
           VALUES (current_setting('app.company_id')::uuid, $1, $2, 'reminded', $3, $4)
           ON CONFLICT (request_id, level, kind) DO NOTHING RETURNING id`,
          [r.id, r.current_level, `Waiting longer than ${r.sla_hours} hours`, now],
        );
        if (reminder.rows.length > 0) {
          result.reminded += 1;
          const s = summaries.get(`${r.request_type}:${r.subject_id}`) ?? {
            title: `A ${r.request_type.replace(/_/g, ' ')} request`,
            summary: '',
          };
          if (notifier) {
            const n = await noticeOf(tx, r);
            result.queued += await tell(tx, r, {
              audience: 'approver',
              recipients: (await undecidedApprovers(tx, r.id, r.current_level)).map((a) => a.approver_id),
              kind: 'request_reminder',
              title: `Reminder: ${n.owner}'s ${n.item} is waiting for you`,
              body: `It has waited longer than ${r.sla_hours} hours at level ${r.current_level}.`,
              subject: 'Reminder: a request is waiting for your approval',
              except: r.requester_id,
            });
          } else {
            const { rows: to } = await tx.query<{ email: string | null; name: string }>(
              `SELECT e.email, trim(e.first_name || ' ' || e.last_name) AS name
               FROM employees e WHERE e.id = ANY($1::uuid[]) ORDER BY e.id`,
              [(await undecidedApprovers(tx, r.id, r.current_level)).map((a) => a.approver_id)],
            );
            for (const a of to) {
              if (!a.email) continue;
              result.mails.push({
                requestId: r.id,
                requestType: r.request_type,
                level: r.current_level,
                to: a.email,
                approverName: a.name,
                title: s.title,
                summary: s.summary,
              });
            }
          }
        }
        if (!r.escalate) continue;
        let toLevel = r.current_level + 1;
        let detail = `Not decided within ${r.sla_hours} hours: moved to level ${toLevel}`;
        if (r.current_level >= r.level_count) {
          // Past the last level: the type's administrators become one more level.
          const admins = (await administrators(tx, adminPermissionOf(r.request_type))).filter(
            (id) => id !== r.requester_id,
          );
          if (admins.length === 0) continue;
          toLevel = r.level_count + 1;
          await insertLevel(tx, r.id, toLevel, {
            rule: 'any',
            approvers: admins,
            slaHours: null,
            escalate: false,
          });
          detail = `Not decided within ${r.sla_hours} hours: moved to the administrators`;
        }
        await tx.query(
          `UPDATE approval_requests SET current_level = $2, level_count = greatest(level_count, $2),
             level_entered_at = $3, updated_at = now() WHERE id = $1`,
          [r.id, toLevel, now],
        );
        await tx.query(
          `INSERT INTO approval_events (company_id, request_id, level, kind, to_level, detail, created_at)
           VALUES (current_setting('app.company_id')::uuid, $1, $2, 'escalated', $3, $4, $5)
           ON CONFLICT (request_id, level, kind) DO NOTHING`,
          [r.id, r.current_level, toLevel, detail, now],
        );
        result.escalated += 1;
        await tellLevel(
          tx,
          r,
          toLevel,
          Math.max(r.level_count, toLevel),
          `Not decided within ${r.sla_hours} hours at level ${r.current_level}, so it moved to you.`,
        );
      }
      return result;
    },
  };
}
export type ApprovalEngine = ReturnType<typeof createApprovalEngine>;
