import type { ApprovalStatus, ProfileChangeField, ProfileChangeQueueQuery } from '@hr/contract';
import type { Queryable } from '../../db/client';

/** One field of a stored request. Sensitive fields keep the new value encrypted in `after_enc`. */
export type StoredChange = {
  before: string | null;
  after: string | null;
  after_enc?: string;
  after_last4?: string;
};
export type StoredChanges = Partial<Record<ProfileChangeField, StoredChange>>;

export type RequestRow = {
  id: string;
  employee_id: string;
  employee_code: string;
  employee_name: string;
  changes: StoredChanges | string;
  reason: string | null;
  status: ApprovalStatus;
  created_at: unknown;
  applied_at: unknown;
};

/** What a profile change can touch on the employees row (sensitive ones as last four only). */
export type CurrentProfile = {
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  bank_name: string | null;
  bank_ifsc: string | null;
  bank_holder_name: string | null;
  bank_account_last4: string | null;
  pan_last4: string | null;
  aadhaar_last4: string | null;
};

/** Reads (and locks, so two requests for one employee serialise) the fields a change can touch. */
export async function currentProfile(tx: Queryable, employeeId: string): Promise<CurrentProfile | null> {
  const { rows } = await tx.query<CurrentProfile>(
    `SELECT first_name, last_name, date_of_birth::text AS date_of_birth, bank_name, bank_ifsc,
            bank_holder_name, bank_account_last4, pan_last4, aadhaar_last4
       FROM employees WHERE id = $1 FOR UPDATE`,
    [employeeId],
  );
  return rows[0] ?? null;
}

export async function hasPending(tx: Queryable, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM profile_change_requests WHERE employee_id = $1 AND status = 'pending' LIMIT 1`,
    [employeeId],
  );
  return rows.length > 0;
}

export async function insertRequest(
  tx: Queryable,
  r: { employeeId: string; changes: StoredChanges; reason: string },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO profile_change_requests (company_id, employee_id, changes, reason)
     VALUES (current_setting('app.company_id')::uuid, $1, $2::jsonb, $3) RETURNING id`,
    [r.employeeId, JSON.stringify(r.changes), r.reason],
  );
  return rows[0]!.id;
}

export async function setStatus(
  tx: Queryable,
  id: string,
  status: ApprovalStatus,
  opts: { applied?: boolean; changes?: StoredChanges } = {},
): Promise<void> {
  await tx.query(
    `UPDATE profile_change_requests
        SET status = $2, updated_at = now(),
            applied_at = CASE WHEN $3 THEN now() ELSE applied_at END,
            changes = coalesce($4::jsonb, changes)
      WHERE id = $1`,
    [id, status, !!opts.applied, opts.changes ? JSON.stringify(opts.changes) : null],
  );
}

/** Column updates for an approved change; values are parameters, columns come from a whitelist. */
const PLAIN_COLUMNS: Partial<Record<ProfileChangeField, string>> = {
  first_name: 'first_name',
  last_name: 'last_name',
  date_of_birth: 'date_of_birth',
  bank_name: 'bank_name',
  bank_ifsc: 'bank_ifsc',
  bank_holder_name: 'bank_holder_name',
};
const SENSITIVE_COLUMNS: Partial<Record<ProfileChangeField, string>> = {
  bank_account_number: 'bank_account',
  pan: 'pan',
  aadhaar: 'aadhaar',
};

export async function applyToEmployee(tx: Queryable, employeeId: string, changes: StoredChanges) {
  const sets: string[] = [];
  const params: unknown[] = [employeeId];
  for (const [field, c] of Object.entries(changes) as [ProfileChangeField, StoredChange][]) {
    const plain = PLAIN_COLUMNS[field];
    const sensitive = SENSITIVE_COLUMNS[field];
    if (plain) {
      sets.push(
        field === 'date_of_birth'
          ? `${plain} = $${params.push(c.after)}::date`
          : `${plain} = $${params.push(c.after)}`,
      );
    } else if (sensitive && c.after_enc) {
      sets.push(`${sensitive}_enc = $${params.push(c.after_enc)}`);
      sets.push(`${sensitive}_last4 = $${params.push(c.after_last4 ?? null)}`);
    }
  }
  if (sets.length === 0) return;
  await tx.query(`UPDATE employees SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
}

// The approval request of each row comes from the approvals module (engine.requestIdsBySubject),
// not from a join on its table.
const SELECT = `SELECT p.id, p.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
    p.changes, p.reason, p.status, p.created_at, p.applied_at`;
const FROM = 'FROM profile_change_requests p JOIN employees e ON e.id = p.employee_id';

export async function getRequest(tx: Queryable, id: string): Promise<RequestRow | null> {
  const { rows } = await tx.query<RequestRow>(`${SELECT} ${FROM} WHERE p.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function getRequests(tx: Queryable, ids: string[]): Promise<RequestRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<RequestRow>(`${SELECT} ${FROM} WHERE p.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

export async function listForEmployee(tx: Queryable, employeeId: string): Promise<RequestRow[]> {
  const { rows } = await tx.query<RequestRow>(
    `${SELECT} ${FROM} WHERE p.employee_id = $1 ORDER BY p.created_at DESC, p.id LIMIT 50`,
    [employeeId],
  );
  return rows;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of requests; `onlyIds` (the team queue: those waiting on the caller) limits the rows. */
export async function listPage(
  tx: Queryable,
  q: ProfileChangeQueueQuery,
  extra: { onlyIds?: string[] } = {},
): Promise<{ rows: RequestRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (extra.onlyIds) where.push(`p.id = ANY($${params.push(extra.onlyIds)}::uuid[])`);
  if (q.status) where.push(`p.status = $${params.push(q.status)}`);
  if (q.value) {
    const p = `$${params.push(`%${escapeLike(q.value)}%`)}`;
    where.push(`((e.first_name || ' ' || e.last_name) ILIKE ${p} OR e.employee_code ILIKE ${p})`);
  }
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const sort = q.sortBy === 'employee_name' ? `lower(e.first_name || ' ' || e.last_name)` : 'p.created_at';
  const limit = `$${params.push(q.records)}`;
  const offset = `$${params.push((q.page - 1) * q.records)}`;
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { rows } = await tx.query<RequestRow & { total: number }>(
    `${SELECT}, count(*) OVER ()::int AS total ${FROM} ${whereSql}
      ORDER BY ${sort} ${dir}, p.id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const c = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n ${FROM} ${whereSql}`,
      params.slice(0, params.length - 2),
    );
    total = c.rows[0]!.n;
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}
