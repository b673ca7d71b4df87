import type { AdminLetterListQuery, LetterStatus, LetterType } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { type ScopeFilter, scopeWhere } from '../employees';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export type LetterRow = {
  id: string;
  employee_id: string;
  employee_code: string | null;
  employee_name: string;
  letter_type: LetterType;
  title: string;
  issue_date: string;
  document_id: string | null;
  file_name: string | null;
  status: LetterStatus;
  responded_at: string | null;
  reject_reason: string | null;
  created_at: string;
};

const SELECT = `SELECT l.id, l.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
    l.letter_type, l.title, to_char(l.issue_date, 'YYYY-MM-DD') AS issue_date, l.document_id, d.file_name, l.status,
    to_char(l.responded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS responded_at, l.reject_reason,
    to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;
const FROM = `FROM letters l JOIN employees e ON e.id = l.employee_id
  LEFT JOIN employee_documents d ON d.id = l.document_id`;

/** The employee if the actor's scope reaches them (RLS adds the company). */
export async function employeeInScope(tx: Queryable, id: string, s: ScopeFilter): Promise<boolean> {
  const params: unknown[] = [id];
  const scope = scopeWhere(s, params, 'e');
  const { rows } = await tx.query(
    `SELECT 1 FROM employees e WHERE e.id = $1 ${scope ? `AND ${scope}` : ''}`,
    params,
  );
  return rows.length > 0;
}

export async function insertLetter(
  tx: Queryable,
  l: {
    employee_id: string;
    letter_type: LetterType;
    title: string;
    issue_date: string;
    document_id: string;
    issued_by: string;
    batch_id?: string | null;
  },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO letters (company_id, employee_id, letter_type, title, issue_date, document_id, issued_by, batch_id)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4::date, $5, $6, $7) RETURNING id`,
    [l.employee_id, l.letter_type, l.title, l.issue_date, l.document_id, l.issued_by, l.batch_id ?? null],
  );
  return rows[0]!.id;
}

export async function getLetter(tx: Queryable, id: string, lock = false): Promise<LetterRow | null> {
  const { rows } = await tx.query<LetterRow>(
    `${SELECT} ${FROM} WHERE l.id = $1 ${lock ? 'FOR UPDATE OF l' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function respond(
  tx: Queryable,
  id: string,
  status: 'accepted' | 'rejected',
  reason: string | null,
): Promise<boolean> {
  // Only a pending letter changes: of two answers at once, one wins.
  const { rows } = await tx.query(
    `UPDATE letters SET status = $2, reject_reason = $3, responded_at = now()
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, status, reason],
  );
  return rows.length > 0;
}

const SORTS: Record<string, string> = {
  issue_date: 'l.issue_date',
  created_at: 'l.created_at',
  title: 'lower(l.title)',
};

export async function listPage(
  tx: Queryable,
  q: AdminLetterListQuery,
): Promise<{ rows: LetterRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.employee_id) where.push(`l.employee_id = $${params.push(q.employee_id)}`);
  if (q.status) where.push(`l.status = $${params.push(q.status)}`);
  if (q.year) where.push(`extract(year FROM l.issue_date) = $${params.push(q.year)}`);
  if (q.month) where.push(`extract(month FROM l.issue_date) = $${params.push(q.month)}`);
  if (q.search_term) {
    const p = `$${params.push(`%${escapeLike(q.search_term)}%`)}`;
    where.push(`(l.title ILIKE ${p} OR l.letter_type ILIKE ${p} OR (e.first_name || ' ' || e.last_name) ILIKE ${p}
      OR e.employee_code ILIKE ${p})`);
  }
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const sort = SORTS[q.sortBy] ?? 'l.issue_date';
  const limit = `$${params.push(q.records)}`;
  const offset = `$${params.push((q.page - 1) * q.records)}`;
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { rows } = await tx.query<LetterRow & { total: number }>(
    `${SELECT}, count(*) OVER ()::int AS total ${FROM} ${whereSql}
      ORDER BY ${sort} ${dir}, l.created_at ${dir}, l.id ${dir} LIMIT ${limit} OFFSET ${offset}`,
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

/** Which of these employee documents are files of issued letters. */
export async function letterDocumentIds(tx: Queryable, documentIds: string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const { rows } = await tx.query<{ document_id: string }>(
    'SELECT DISTINCT document_id FROM letters WHERE document_id = ANY($1::uuid[])',
    [documentIds],
  );
  return new Set(rows.map((r) => r.document_id));
}

/** True when the employee document is the file of an issued letter. */
export async function isLetterDocument(tx: Queryable, documentId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM letters WHERE document_id = $1 LIMIT 1', [documentId]);
  return rows.length > 0;
}
