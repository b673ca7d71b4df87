import type {
  ApprovalDecision,
  ApprovalRequestType,
  ApprovalState,
  ApprovalStatus,
  NextApprover,
} from '@hr/contract';
import type { Queryable } from '../../db/client';
import { type Clock, dateIn } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';

/**
 * The approval engine: one set of functions every request type uses (profile change now; leave,
 * regularisation and expense later). Every function runs inside the caller's tenant transaction
 * (`tx`), so raising or deciding commits or rolls back together with the request's own rows.
 *
 * Raising resolves the approvers of every level NOW and stores them (approval_request_approvers):
 * - the company's default flow for the type (approval_flows.is_default); each level by
 *   - reporting role: the requester's manager for that role (reporting_managers); for the role
 *     with the lowest priority number (the first-line role, e.g. L1) the primary manager
 *     (employees.manager_id) stands in when there is no row;
 *   - named employees: those (active) employees;
 *   a level that resolves to nobody is skipped and recorded in skipped_levels with the reason;
 *   the requester never approves their own request.
 * - Fallback when there is no default flow, or every level was skipped: ONE level, rule any,
 *   the requester's primary manager; without one, the company admins (active users whose role has
 *   `profile_change_requests.edit`). When even that finds nobody the request waits for the admin
 *   queue (level_count 0).
 *
 * Deciding: an approver of the current level, or today's delegate of one (approval_delegations
 * whose dates cover today in Asia/Kolkata; recorded with on_behalf_of). Rule 'any': one approval
 * completes the level; 'all': each approver of the level must approve. Any rejection rejects the
 * request; after the last level it is approved. An admin decision (admin queue) settles the
 * request at once.
 */

export const APPROVAL_TIME_ZONE = 'Asia/Kolkata';
/** Whose role holds this permission is a company admin for the engine's fallback. */
export const ADMIN_FALLBACK_PERMISSION = 'profile_change_requests.edit';

/** Today's date (YYYY-MM-DD) in India, where delegation dates are meant. */
export function todayIn(clock: Clock, timeZone = APPROVAL_TIME_ZONE): string {
  return dateIn(timeZone, clock.now());
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

type ResolvedLevel = { rule: 'any' | 'all'; approvers: string[] };
export type SkippedLevel = { position: number; reason: string };

type RequestRow = {
  id: string;
  request_type: string;
  subject_id: string;
  requester_id: string;
  status: ApprovalStatus;
  current_level: number;
  level_count: number;
  skipped_levels: SkippedLevel[] | string;
};

export type DecideActor = { employeeId: string | null };
export type Decision = 'approved' | 'rejected';
export type DecideResult = {
  status: ApprovalStatus;
  current_level: number;
  /** True when this decision settled the request (approved or rejected). */
  settled: boolean;
  on_behalf_of: string | null;
};

/**
 * SQL condition (for a query over `approval_requests <alias>`): the request is pending and
 * `meParam` is an approver of its current level, or today's delegate of one, who has not yet
 * decided there.
 */
export function awaitingSql(alias: string, meParam: string, todayParam: string): string {
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

export function createApprovalEngine(deps: { clock: Clock }) {
  const today = () => todayIn(deps.clock);

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

  async function companyAdmins(tx: Queryable): Promise<string[]> {
    const { rows } = await tx.query<{ employee_id: string }>(
      `SELECT DISTINCT u.employee_id FROM users u JOIN roles r ON r.id = u.role_id
         JOIN employees e ON e.id = u.employee_id
        WHERE u.is_active AND e.status = 'active' AND $1 = ANY(r.permissions)
        ORDER BY u.employee_id`,
      [ADMIN_FALLBACK_PERMISSION],
    );
    return rows.map((r) => r.employee_id);
  }

  /** Resolves the levels of the default flow for `type` (or the fallback) for this requester. */
  async function resolveLevels(
    tx: Queryable,
    type: ApprovalRequestType,
    requesterId: string,
  ): Promise<{ flowId: string | null; levels: ResolvedLevel[]; skipped: SkippedLevel[] }> {
    const flow = (
      await tx.query<{ id: string }>(
        'SELECT id FROM approval_flows WHERE request_type = $1 AND is_default LIMIT 1',
        [type],
      )
    ).rows[0];
    const levels: ResolvedLevel[] = [];
    const skipped: SkippedLevel[] = [];
    if (flow) {
      const { rows } = await tx.query<{
        position: number;
        approver_kind: 'reporting_role' | 'employee';
        reporting_role_id: string | null;
        role_name: string | null;
        approver_employee_ids: string[];
        rule: 'any' | 'all';
      }>(
        `SELECT l.position, l.approver_kind, l.reporting_role_id, rr.name AS role_name,
                l.approver_employee_ids, l.rule
           FROM approval_levels l LEFT JOIN reporting_roles rr ON rr.id = l.reporting_role_id
          WHERE l.flow_id = $1 ORDER BY l.position`,
        [flow.id],
      );
      const firstRole = (
        await tx.query<{ id: string }>('SELECT id FROM reporting_roles ORDER BY priority, name, id LIMIT 1')
      ).rows[0]?.id;
      for (const l of rows) {
        let approvers: string[] = [];
        let reason = '';
        if (l.approver_kind === 'reporting_role') {
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
          levels.push({ rule: l.rule, approvers: [...new Set(approvers)] });
        }
      }
    }
    if (levels.length === 0) {
      const pm = await primaryManager(tx, requesterId);
      const approvers =
        pm && pm !== requesterId ? [pm] : (await companyAdmins(tx)).filter((id) => id !== requesterId);
      if (approvers.length > 0) levels.push({ rule: 'any', approvers });
      else skipped.push({ position: 0, reason: 'No approver found: an administrator decides' });
    }
    return { flowId: flow?.id ?? null, levels, skipped };
  }

  async function loadRequest(tx: Queryable, requestId: string, lock = false): Promise<RequestRow> {
    const { rows } = await tx.query<RequestRow>(
      `SELECT id, request_type, subject_id, requester_id, status, current_level, level_count, skipped_levels
         FROM approval_requests WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
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

  /** The state of many requests in three queries (for lists). */
  async function states(tx: Queryable, requestIds: string[]): Promise<ApprovalState[]> {
    if (requestIds.length === 0) return [];
    const { rows: reqs } = await tx.query<RequestRow>(
      `SELECT id, request_type, subject_id, requester_id, status, current_level, level_count, skipped_levels
         FROM approval_requests WHERE id = ANY($1::uuid[])`,
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
      [requestIds, today()],
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
        };
      });
  }

  return {
    today,

    /** Raises a request; returns its id. One per (type, subject). */
    async raise(
      tx: Queryable,
      input: { type: ApprovalRequestType; subjectId: string; requesterId: string },
    ): Promise<{ id: string; levelCount: number; skipped: SkippedLevel[] }> {
      const { flowId, levels, skipped } = await resolveLevels(tx, input.type, input.requesterId);
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO approval_requests (company_id, request_type, subject_id, requester_id, flow_id,
           current_level, level_count, skipped_levels)
         VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, 1, $5, $6::jsonb) RETURNING id`,
        [input.type, input.subjectId, input.requesterId, flowId, levels.length, JSON.stringify(skipped)],
      );
      const id = rows[0]!.id;
      for (const [i, level] of levels.entries()) {
        await tx.query(
          `INSERT INTO approval_request_approvers (company_id, request_id, level, rule, approver_id)
           SELECT current_setting('app.company_id')::uuid, $1, $2, $3, x FROM unnest($4::uuid[]) AS x`,
          [id, i + 1, level.rule, level.approvers],
        );
      }
      return { id, levelCount: levels.length, skipped };
    },

    /**
     * Records a decision by an approver of the current level (or today's delegate of one), or by
     * an admin (`asAdmin`: settles the request). Non-approvers get 404, as for a request they
     * cannot see; a settled request 409.
     */
    async decide(
      tx: Queryable,
      actor: DecideActor,
      requestId: string,
      decision: Decision,
      comment: string | null,
      opts: { asAdmin?: boolean; type?: ApprovalRequestType } = {},
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
              [me, open.map((a) => a.approver_id), today()],
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
           decided_at = CASE WHEN $2 = 'pending' THEN NULL ELSE now() END
         WHERE id = $1`,
        [requestId, status, level],
      );
      return { status, current_level: level, settled: status !== 'pending', on_behalf_of: onBehalfOf };
    },

    /** The requester withdraws a pending request. */
    async cancel(tx: Queryable, requesterId: string, requestId: string): Promise<void> {
      const req = await loadRequest(tx, requestId, true);
      if (req.requester_id !== requesterId) throw notFound('Request');
      if (req.status !== 'pending') throw new AppError('CONFLICT', `This request is already ${req.status}`);
      await tx.query(
        `UPDATE approval_requests SET status = 'cancelled', decided_at = now(), updated_at = now() WHERE id = $1`,
        [requestId],
      );
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
  };
}
export type ApprovalEngine = ReturnType<typeof createApprovalEngine>;
