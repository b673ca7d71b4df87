import type { Notification } from '@hr/contract';
import type { Queryable } from '../../db/client';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

type Row = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: unknown;
  created_at: unknown;
};

/** A page of the employee's notifications, with the total and the unread count. */
export async function listFor(
  tx: Queryable,
  employeeId: string,
  q: { page: number; records: number; sortOrder: 'asc' | 'desc'; unread?: boolean },
): Promise<{ rows: Notification[]; total: number; unread: number }> {
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await tx.query<Row>(
    `SELECT id, kind, title, body, link, read_at, created_at FROM notifications
      WHERE recipient_id = $1 AND ($4::boolean IS NULL OR (read_at IS NULL) = $4)
      ORDER BY created_at ${dir}, id ${dir} LIMIT $2 OFFSET $3`,
    [employeeId, q.records, (q.page - 1) * q.records, q.unread ?? null],
  );
  const { rows: counts } = await tx.query<{ total: number; unread: number }>(
    `SELECT count(*) FILTER (WHERE $2::boolean IS NULL OR (read_at IS NULL) = $2)::int AS total,
            count(*) FILTER (WHERE read_at IS NULL)::int AS unread
       FROM notifications WHERE recipient_id = $1`,
    [employeeId, q.unread ?? null],
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      read: r.read_at != null,
      read_at: iso(r.read_at),
      created_at: iso(r.created_at)!,
    })),
    total: counts[0]?.total ?? 0,
    unread: counts[0]?.unread ?? 0,
  };
}

export async function unreadCount(tx: Queryable, employeeId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE recipient_id = $1 AND read_at IS NULL',
    [employeeId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks one of the employee's notifications read; false when it is not theirs (or not there). */
export async function markOneRead(tx: Queryable, employeeId: string, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE notifications SET read_at = coalesce(read_at, now())
      WHERE id = $1 AND recipient_id = $2 RETURNING id`,
    [id, employeeId],
  );
  return rows.length > 0;
}

export async function markAllRead(tx: Queryable, employeeId: string): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    'UPDATE notifications SET read_at = now() WHERE recipient_id = $1 AND read_at IS NULL RETURNING id',
    [employeeId],
  );
  return rows.length;
}

/** The kinds the employee turned mail on or off for (no row: on). */
export async function preferencesOf(tx: Queryable, employeeId: string): Promise<Map<string, boolean>> {
  const { rows } = await tx.query<{ kind: string; mail: boolean }>(
    'SELECT kind, mail FROM notification_preferences WHERE employee_id = $1',
    [employeeId],
  );
  return new Map(rows.map((r) => [r.kind, r.mail]));
}

export async function savePreferences(
  tx: Queryable,
  employeeId: string,
  prefs: { kind: string; mail: boolean }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO notification_preferences (company_id, employee_id, kind, mail)
     SELECT current_setting('app.company_id')::uuid, $1, k, m
       FROM unnest($2::text[], $3::boolean[]) AS t(k, m)
     ON CONFLICT (employee_id, kind) DO UPDATE SET mail = EXCLUDED.mail, updated_at = now()`,
    [employeeId, prefs.map((p) => p.kind), prefs.map((p) => p.mail)],
  );
}
