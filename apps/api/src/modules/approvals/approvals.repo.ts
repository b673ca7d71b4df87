import type {
  ApprovalDelegation,
  ApprovalFlow,
  ApprovalFlowInputData,
  ApprovalRequestType,
  TeamDashboard,
} from '@hr/contract';
import type { Queryable } from '../../db/client';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

type FlowRow = {
  id: string;
  name: string;
  request_type: ApprovalRequestType;
  is_default: boolean;
  created_at: unknown;
  updated_at: unknown;
};

type LevelRow = {
  flow_id: string;
  position: number;
  approver_kind: 'reporting_role' | 'employee' | 'manager' | 'administrators';
  reporting_role_id: string | null;
  reporting_role_name: string | null;
  approver_employee_ids: string[];
  approvers: { id: string; name: string }[] | null;
  rule: 'any' | 'all';
  sla_hours: number | null;
  escalate: boolean;
  min_amount_paise: number | null;
};

/** Flows with their levels (two queries). Runs inside a tenant transaction. */
export async function listFlows(
  tx: Queryable,
  filter: { id?: string; request_type?: ApprovalRequestType },
): Promise<ApprovalFlow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.id) where.push(`f.id = $${params.push(filter.id)}`);
  if (filter.request_type) where.push(`f.request_type = $${params.push(filter.request_type)}`);
  const { rows: flows } = await tx.query<FlowRow>(
    `SELECT f.id, f.name, f.request_type, f.is_default, f.created_at, f.updated_at FROM approval_flows f
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY f.request_type, f.is_default DESC, lower(f.name)`,
    params,
  );
  if (flows.length === 0) return [];
  const { rows: levels } = await tx.query<LevelRow>(
    `SELECT l.flow_id, l.position, l.approver_kind, l.reporting_role_id, rr.name AS reporting_role_name,
            l.approver_employee_ids::text[] AS approver_employee_ids, l.rule, l.sla_hours, l.escalate,
            l.min_amount_paise::float8 AS min_amount_paise,
            (SELECT json_agg(json_build_object('id', e.id, 'name', trim(e.first_name || ' ' || e.last_name))
                             ORDER BY array_position(l.approver_employee_ids, e.id))
               FROM employees e WHERE e.id = ANY(l.approver_employee_ids)) AS approvers
       FROM approval_levels l LEFT JOIN reporting_roles rr ON rr.id = l.reporting_role_id
      WHERE l.flow_id = ANY($1::uuid[])
      ORDER BY l.flow_id, l.position`,
    [flows.map((f) => f.id)],
  );
  return flows.map((f) => ({
    ...f,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    levels: levels
      .filter((l) => l.flow_id === f.id)
      .map(({ flow_id: _f, approvers, ...l }) => ({ ...l, approvers: approvers ?? [] })),
  }));
}

/** Ids among `ids` that are not employees of this company. */
export async function missingEmployees(tx: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM employees WHERE id = ANY($1::uuid[])', [
    ids,
  ]);
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function missingReportingRoles(tx: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM reporting_roles WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function flowNameTaken(tx: Queryable, name: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM approval_flows WHERE lower(name) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid)',
    [name, exceptId],
  );
  return rows.length > 0;
}

/**
 * Writes a flow and replaces its levels; the caller's transaction makes it one change. The type is
 * any registered request type (the API's input schema limits it to the product's types).
 */
export async function saveFlow(
  tx: Queryable,
  id: string | null,
  input: Omit<ApprovalFlowInputData, 'request_type'> & { request_type: string },
): Promise<string> {
  if (input.is_default) {
    await tx.query(
      `UPDATE approval_flows SET is_default = false, updated_at = now()
        WHERE request_type = $1 AND is_default AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [input.request_type, id],
    );
  }
  const isDefault = input.is_default ?? false;
  let flowId = id;
  if (flowId) {
    await tx.query(
      `UPDATE approval_flows SET name = $2, request_type = $3, is_default = $4, updated_at = now()
        WHERE id = $1`,
      [flowId, input.name, input.request_type, isDefault],
    );
    await tx.query('DELETE FROM approval_levels WHERE flow_id = $1', [flowId]);
  } else {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO approval_flows (company_id, name, request_type, is_default)
       VALUES (current_setting('app.company_id')::uuid, $1, $2, $3) RETURNING id`,
      [input.name, input.request_type, isDefault],
    );
    flowId = rows[0]!.id;
  }
  for (const [i, l] of input.levels.entries()) {
    const isRole = l.approver_kind === 'reporting_role';
    const named = l.approver_kind === 'employee';
    await tx.query(
      `INSERT INTO approval_levels (company_id, flow_id, position, approver_kind, reporting_role_id,
         approver_employee_ids, rule, sla_hours, escalate, min_amount_paise)
       VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5::uuid[], $6, $7, $8, $9)`,
      [
        flowId,
        i + 1,
        l.approver_kind,
        isRole ? l.reporting_role_id : null,
        named ? [...new Set(l.approver_employee_ids ?? [])] : [],
        l.rule ?? 'any',
        l.sla_hours ?? null,
        !!l.sla_hours && !!l.escalate,
        l.min_amount_paise ?? null,
      ],
    );
  }
  return flowId;
}

/**
 * Writes `input` as the default flow of its type unless the company already has one (or a flow of
 * that name): a module's starting flow, which the company then edits on the approval flows screen.
 */
export async function ensureDefaultFlow(
  tx: Queryable,
  input: Omit<ApprovalFlowInputData, 'request_type' | 'is_default'> & { request_type: string },
): Promise<void> {
  const { rows } = await tx.query(
    `SELECT 1 FROM approval_flows WHERE (request_type = $1 AND is_default) OR lower(name) = lower($2)`,
    [input.request_type, input.name],
  );
  if (rows.length > 0) return;
  // Two first requests at once: the second waits for the first's commit here, then finds its flow.
  await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_setting('app.company_id') || $1))", [
    `default_flow:${input.request_type}`,
  ]);
  const again = await tx.query('SELECT 1 FROM approval_flows WHERE request_type = $1 AND is_default', [
    input.request_type,
  ]);
  if (again.rows.length > 0) return;
  await saveFlow(tx, null, { ...input, is_default: true });
}

export async function deleteFlow(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM approval_flows WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

const DELEGATION_COLUMNS = `d.id, d.approver_id, trim(a.first_name || ' ' || a.last_name) AS approver_name,
  d.delegate_id, trim(g.first_name || ' ' || g.last_name) AS delegate_name,
  d.starts_on::text AS starts_on, d.ends_on::text AS ends_on, d.reason,
  ($1::date BETWEEN d.starts_on AND d.ends_on) AS active`;

export async function listDelegations(
  tx: Queryable,
  today: string,
  filter: { approverId?: string; delegateId?: string; id?: string },
): Promise<ApprovalDelegation[]> {
  const params: unknown[] = [today];
  const where: string[] = [];
  if (filter.id) where.push(`d.id = $${params.push(filter.id)}`);
  if (filter.approverId) where.push(`d.approver_id = $${params.push(filter.approverId)}`);
  if (filter.delegateId) where.push(`d.delegate_id = $${params.push(filter.delegateId)}`);
  // Past delegations drop off; current and future ones show.
  if (!filter.id) where.push('d.ends_on >= $1::date');
  const { rows } = await tx.query<ApprovalDelegation>(
    `SELECT ${DELEGATION_COLUMNS}
       FROM approval_delegations d JOIN employees a ON a.id = d.approver_id JOIN employees g ON g.id = d.delegate_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY d.starts_on, d.id`,
    params,
  );
  return rows;
}

export async function insertDelegation(
  tx: Queryable,
  d: { approverId: string; delegateId: string; startsOn: string; endsOn: string; reason: string | null },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO approval_delegations (company_id, approver_id, delegate_id, starts_on, ends_on, reason)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5) RETURNING id`,
    [d.approverId, d.delegateId, d.startsOn, d.endsOn, d.reason],
  );
  return rows[0]!.id;
}

export async function deleteDelegation(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM approval_delegations WHERE id = $1', [id]);
}

/** Whether the employee raised or decided any request: such an employee is kept, not deleted. */
export async function employeeHasApprovalHistory(tx: Queryable, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM approval_requests WHERE requester_id = $1)
         OR EXISTS (SELECT 1 FROM approval_decisions WHERE actor_id = $1) AS any`,
    [employeeId],
  );
  return !!rows[0]?.any;
}

/**
 * For the team dashboard (through the index). Pending requests, with their age in whole days, at their current level where I am an approver (or a delegate, today, of one)
 * and have not yet decided at that level.
 */
export async function pendingForApprover(
  tx: Queryable,
  approverId: string,
  today: string,
): Promise<TeamDashboard['pending_requests']> {
  const { rows } = await tx.query<TeamDashboard['pending_requests'][number]>(
    `SELECT DISTINCT ON (r.id) r.id AS request_id, r.request_type, r.requester_id,
            trim(q.first_name || ' ' || q.last_name) AS requester_name, r.current_level AS level,
            to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
            ($2::date - (r.created_at AT TIME ZONE hr_company_time_zone())::date)::int AS days_waiting,
            CASE WHEN a.approver_id = $1 THEN NULL ELSE a.approver_id::text END AS on_behalf_of
       FROM approval_requests r
       JOIN approval_request_approvers a ON a.request_id = r.id AND a.level = r.current_level
       JOIN employees q ON q.id = r.requester_id
      WHERE r.status = 'pending'
        AND (a.approver_id = $1
             OR a.approver_id IN (SELECT d.approver_id FROM approval_delegations d
                                   WHERE d.delegate_id = $1 AND $2::date BETWEEN d.starts_on AND d.ends_on))
        AND NOT EXISTS (SELECT 1 FROM approval_decisions x
                         WHERE x.request_id = r.id AND x.level = r.current_level
                           AND (x.actor_id = $1 OR x.on_behalf_of = a.approver_id))
      ORDER BY r.id, (a.approver_id = $1) DESC
      LIMIT 100`,
    [approverId, today],
  );
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * For the employee dashboard (through the index): my pending requests of every type, each with
 * who decides next (the approvers of its current level who have not decided at it yet).
 */
export async function pendingOfRequester(tx: Queryable, requesterId: string, today: string) {
  const { rows } = await tx.query<{
    request_id: string;
    request_type: string;
    level: number;
    level_count: number;
    created_at: string;
    days_waiting: number;
    next_approvers: string[] | null;
    standing_in: string[] | null;
  }>(
    `SELECT r.id AS request_id, r.request_type, r.current_level AS level, r.level_count,
            to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
            ($2::date - (r.created_at AT TIME ZONE hr_company_time_zone())::date)::int AS days_waiting,
            (SELECT array_agg(trim(e.first_name || ' ' || e.last_name) ORDER BY e.first_name, e.last_name)
               FROM approval_request_approvers a JOIN employees e ON e.id = a.approver_id
              WHERE a.request_id = r.id AND a.level = r.current_level
                AND NOT EXISTS (SELECT 1 FROM approval_decisions x
                                 WHERE x.request_id = r.id AND x.level = r.current_level
                                   AND (x.actor_id = a.approver_id OR x.on_behalf_of = a.approver_id))
            ) AS next_approvers,
            -- Today's delegates of those approvers (approval_delegations), who may decide for them.
            (SELECT array_agg(DISTINCT trim(g.first_name || ' ' || g.last_name))
               FROM approval_request_approvers a
               JOIN approval_delegations d ON d.approver_id = a.approver_id
                AND $2::date BETWEEN d.starts_on AND d.ends_on
               JOIN employees g ON g.id = d.delegate_id
              WHERE a.request_id = r.id AND a.level = r.current_level
                AND NOT EXISTS (SELECT 1 FROM approval_decisions x
                                 WHERE x.request_id = r.id AND x.level = r.current_level
                                   AND (x.actor_id = a.approver_id OR x.on_behalf_of = a.approver_id))
                AND NOT EXISTS (SELECT 1 FROM approval_request_approvers o
                                 WHERE o.request_id = r.id AND o.level = r.current_level
                                   AND o.approver_id = d.delegate_id)
            ) AS standing_in
       FROM approval_requests r
      WHERE r.requester_id = $1 AND r.status = 'pending'
      ORDER BY r.created_at DESC
      LIMIT 50`,
    [requesterId, today],
  );
  return rows.map((r) => ({
    ...r,
    next_approvers: r.next_approvers ?? [],
    standing_in: r.standing_in ?? [],
  }));
}

/** For the admin dashboard (through the index): pending requests across the company by type, with the oldest. */
export async function pendingCountsByType(tx: Queryable, today: string) {
  const { rows } = await tx.query<{
    request_type: string;
    count: number;
    oldest_created_at: string;
    oldest_days: number;
  }>(
    `SELECT request_type, count(*)::int AS count,
            to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS oldest_created_at,
            ($1::date - (min(created_at) AT TIME ZONE hr_company_time_zone())::date)::int AS oldest_days
       FROM approval_requests WHERE status = 'pending'
      GROUP BY request_type ORDER BY request_type`,
    [today],
  );
  return rows;
}

/**
 * True when the employee is (or is today's delegate of) an approver, at any level, of the request
 * of this type for these subjects: who may look at what the request carries (e.g. a receipt).
 */
export async function isApproverOfAny(
  tx: Queryable,
  requestType: string,
  subjectIds: string[],
  employeeId: string,
): Promise<boolean> {
  if (!subjectIds.length) return false;
  const { rows } = await tx.query(
    `SELECT 1 FROM approval_requests r JOIN approval_request_approvers a ON a.request_id = r.id
      WHERE r.request_type = $1 AND r.subject_id = ANY($2::uuid[])
        AND (a.approver_id = $3
             OR a.approver_id IN (SELECT d.approver_id FROM approval_delegations d
                                   WHERE d.delegate_id = $3
                                     AND (now() AT TIME ZONE hr_company_time_zone())::date
                                         BETWEEN d.starts_on AND d.ends_on))
      LIMIT 1`,
    [requestType, subjectIds, employeeId],
  );
  return rows.length > 0;
}
