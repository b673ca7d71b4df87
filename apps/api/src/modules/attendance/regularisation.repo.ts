import type { ApprovalStatus, RegularisationListQuery, RegularisationQueueQuery } from '@hr/contract';
import type { Queryable } from '../../db/client';

export type RegRow = {
  id: string;
  employee_id: string;
  employee_code: string;
  employee_name: string;
  date: string;
  punch_in: Date | string | null;
  punch_out: Date | string | null;
  reason: string;
  note: string | null;
  status: ApprovalStatus;
  created_at: Date | string;
};

const SELECT = `SELECT r.id, r.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
    r.date::text AS date, r.punch_in, r.punch_out, r.reason, r.note, r.status, r.created_at`;
const FROM = 'FROM regularisation_requests r JOIN employees e ON e.id = r.employee_id';

export async function get(tx: Queryable, id: string, forUpdate = false): Promise<RegRow | null> {
  const { rows } = await tx.query<RegRow>(
    `${SELECT} ${FROM} WHERE r.id = $1${forUpdate ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function getMany(tx: Queryable, ids: string[]): Promise<RegRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<RegRow>(`${SELECT} ${FROM} WHERE r.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

export async function insert(
  tx: Queryable,
  r: {
    employeeId: string;
    date: string;
    punchIn: Date | null;
    punchOut: Date | null;
    reason: string;
    note: string | null;
  },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO regularisation_requests (company_id, employee_id, date, punch_in, punch_out, reason, note)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      r.employeeId,
      r.date,
      r.punchIn?.toISOString() ?? null,
      r.punchOut?.toISOString() ?? null,
      r.reason,
      r.note,
    ],
  );
  return rows[0]!.id;
}

export async function update(
  tx: Queryable,
  id: string,
  r: { date: string; punchIn: Date | null; punchOut: Date | null; reason: string; note: string | null },
) {
  await tx.query(
    `UPDATE regularisation_requests SET date = $2, punch_in = $3, punch_out = $4, reason = $5, note = $6, updated_at = now()
      WHERE id = $1`,
    [id, r.date, r.punchIn?.toISOString() ?? null, r.punchOut?.toISOString() ?? null, r.reason, r.note],
  );
}

export async function setStatus(tx: Queryable, id: string, status: ApprovalStatus) {
  await tx.query(
    `UPDATE regularisation_requests SET status = $2, updated_at = now(),
            decided_at = CASE WHEN $2 IN ('approved', 'rejected') THEN now() ELSE decided_at END
      WHERE id = $1`,
    [id, status],
  );
}

/** Requests that count against the month's limit (pending or approved), other than `exceptId`. */
export async function countInMonth(
  tx: Queryable,
  employeeId: string,
  from: string,
  to: string,
  exceptId: string | null,
) {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM regularisation_requests
      WHERE employee_id = $1 AND date BETWEEN $2 AND $3 AND status IN ('pending', 'approved')
        AND ($4::uuid IS NULL OR id <> $4)`,
    [employeeId, from, to, exceptId],
  );
  return rows[0]!.n;
}

export async function pendingOn(tx: Queryable, employeeId: string, date: string, exceptId: string | null) {
  const { rows } = await tx.query(
    `SELECT 1 FROM regularisation_requests WHERE employee_id = $1 AND date = $2 AND status = 'pending'
        AND ($3::uuid IS NULL OR id <> $3)`,
    [employeeId, date, exceptId],
  );
  return rows.length > 0;
}

/** Serialises an employee's requests (the monthly limit is checked, then written). */
export async function lockEmployee(tx: Queryable, employeeId: string) {
  await tx.query('SELECT 1 FROM employees WHERE id = $1 FOR UPDATE', [employeeId]);
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function page(
  tx: Queryable,
  q: RegularisationListQuery & Partial<Pick<RegularisationQueueQuery, 'value'>>,
  extra: { employeeId?: string; onlyIds?: string[]; from?: string; to?: string },
): Promise<{ rows: RegRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (extra.employeeId) where.push(`r.employee_id = $${params.push(extra.employeeId)}`);
  if (extra.onlyIds) where.push(`r.id = ANY($${params.push(extra.onlyIds)}::uuid[])`);
  if (extra.from && extra.to) {
    where.push(`r.date BETWEEN $${params.push(extra.from)} AND $${params.push(extra.to)}`);
  }
  if (q.status) where.push(`r.status = $${params.push(q.status)}`);
  if (q.value) {
    const p = `$${params.push(`%${escapeLike(q.value)}%`)}`;
    where.push(`((e.first_name || ' ' || e.last_name) ILIKE ${p} OR e.employee_code ILIKE ${p})`);
  }
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const sort = q.sortBy === 'created_at' ? 'r.created_at' : 'r.date';
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const limit = `$${params.push(q.records)}`;
  const offset = `$${params.push((q.page - 1) * q.records)}`;
  const { rows } = await tx.query<RegRow & { total: number }>(
    `${SELECT}, count(*) OVER ()::int AS total ${FROM} ${whereSql}
      ORDER BY ${sort} ${dir}, r.created_at DESC, r.id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const c = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n ${FROM} ${whereSql}`,
      params.slice(0, -2),
    );
    total = c.rows[0]!.n;
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}
