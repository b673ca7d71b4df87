import type { AuditEntry, AuditListQuery } from '@hr/contract';
import type { Queryable } from '../../db/client';

export type AuditInsert = {
  companyId: string;
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  changes: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
};

export async function insertAudit(tx: Queryable, e: AuditInsert): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (company_id, actor_user_id, action, entity, entity_id, changes, ip, request_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)`,
    [
      e.companyId,
      e.actorUserId,
      e.action,
      e.entity,
      e.entityId,
      JSON.stringify(e.changes),
      e.ip,
      e.requestId,
    ],
  );
}

type Row = Omit<AuditEntry, 'created_at'> & { created_at: Date | string; total: number };

/** Runs inside a tenant transaction: RLS limits rows to the company. */
export async function listAudit(
  tx: Queryable,
  q: AuditListQuery,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.action) where.push(`a.action = $${params.push(q.action)}`);
  if (q.entity) where.push(`a.entity = $${params.push(q.entity)}`);
  if (q.entity_id) where.push(`a.entity_id = $${params.push(q.entity_id)}`);
  const order = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const limit = `$${params.push(q.records)}`;
  const offset = `$${params.push((q.page - 1) * q.records)}`;
  const { rows } = await tx.query<Row>(
    `SELECT a.id, a.actor_user_id, u.email AS actor_email, a.action, a.entity, a.entity_id, a.changes,
            a.ip, a.request_id, a.created_at, count(*) OVER ()::int AS total
       FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.created_at ${order}, a.id ${order}
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const c = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log a ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params.slice(0, params.length - 2),
    );
    total = c.rows[0]!.n;
  }
  return {
    total,
    rows: rows.map(({ total: _t, created_at, ...r }) => ({
      ...r,
      created_at: created_at instanceof Date ? created_at.toISOString() : String(created_at),
    })),
  };
}

/** Whether this sign-in ever acted (for the employees module: such a person is kept, not deleted). */
export async function userHasAuditHistory(tx: Queryable, userId: string): Promise<boolean> {
  const { rows } = await tx.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM audit_log WHERE actor_user_id = $1) AS any',
    [userId],
  );
  return !!rows[0]?.any;
}
