import type { Announcement, AnnouncementBody, AnnouncementListQuery } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { escapeLike, paging } from './org.shared';

const SORT: Record<AnnouncementListQuery['sortBy'], string> = {
  starts_on: 'a.starts_on',
  ends_on: 'a.ends_on',
  title: 'lower(a.title)',
  created_at: 'a.created_at',
};

const SELECT = `SELECT a.id, a.title, a.body, a.starts_on::text AS starts_on, a.ends_on::text AS ends_on,
    a.audience, a.audience_ids::text[] AS audience_ids, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
  FROM announcements a`;

export async function list(
  tx: Queryable,
  q: AnnouncementListQuery,
): Promise<{ rows: Announcement[]; total: number }> {
  const params: unknown[] = [];
  let w = '';
  if (q.search) {
    const p = `$${params.push(`%${escapeLike(q.search)}%`)}`;
    w = `WHERE (a.title ILIKE ${p} OR a.body ILIKE ${p})`;
  }
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM announcements a ${w}`, params))
    .rows[0]!.n;
  const { limit, offset } = paging(q);
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await tx.query<Announcement>(
    `${SELECT} ${w} ORDER BY ${SORT[q.sortBy]} ${dir}, a.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
    params,
  );
  return { rows, total };
}

export async function get(tx: Queryable, id: string): Promise<Announcement | null> {
  const { rows } = await tx.query<Announcement>(`${SELECT} WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

const values = (b: AnnouncementBody) => [
  b.title,
  b.body,
  b.starts_on,
  b.ends_on,
  b.audience,
  b.audience === 'all' ? [] : [...new Set(b.audience_ids)],
];

export async function insert(tx: Queryable, companyId: string, createdBy: string, b: AnnouncementBody) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO announcements (company_id, title, body, starts_on, ends_on, audience, audience_ids, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[], $8) RETURNING id`,
    [companyId, ...values(b), createdBy],
  );
  return rows[0]!.id;
}

export async function update(tx: Queryable, id: string, b: AnnouncementBody) {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE announcements SET title = $2, body = $3, starts_on = $4, ends_on = $5, audience = $6,
       audience_ids = $7::uuid[], updated_at = now() WHERE id = $1 RETURNING id`,
    [id, ...values(b)],
  );
  return rows.length > 0;
}

export async function remove(tx: Queryable, id: string) {
  const { rows } = await tx.query<{ id: string }>('DELETE FROM announcements WHERE id = $1 RETURNING id', [
    id,
  ]);
  return rows.length > 0;
}

/** How many of the ids exist as divisions, units or employees (by audience kind). */
export async function countAudience(
  tx: Queryable,
  audience: 'divisions' | 'units' | 'employees',
  ids: string[],
) {
  const table = { divisions: 'divisions', units: 'division_units', employees: 'employees' }[audience];
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return rows[0]!.n;
}

/**
 * Announcements active on `today` whose audience includes the employee (everyone; their division;
 * their unit; or them by name). Without an employee record only company-wide ones apply.
 */
export async function current(
  tx: Queryable,
  today: string,
  employeeId: string | null,
): Promise<Announcement[]> {
  const { rows } = await tx.query<Announcement>(
    `WITH me AS (
       SELECT e.id, e.division_unit_id AS unit_id, u.division_id
         FROM employees e LEFT JOIN division_units u ON u.id = e.division_unit_id
        WHERE e.id = $2::uuid
     )
     ${SELECT}
      WHERE a.starts_on <= $1::date AND a.ends_on >= $1::date
        AND (a.audience = 'all'
          OR (a.audience = 'employees' AND $2::uuid = ANY (a.audience_ids))
          OR (a.audience = 'units' AND EXISTS (SELECT 1 FROM me WHERE me.unit_id = ANY (a.audience_ids)))
          OR (a.audience = 'divisions' AND EXISTS (SELECT 1 FROM me WHERE me.division_id = ANY (a.audience_ids))))
      ORDER BY a.starts_on DESC, a.created_at DESC
      LIMIT 20`,
    [today, employeeId],
  );
  return rows;
}
