import type { LetterTemplateInput, LetterTemplateListQuery, LetterType } from '@hr/contract';
import type { Queryable } from '../../db/client';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export type TemplateRow = {
  id: string;
  name: string;
  letter_type: LetterType;
  title: string;
  body: string;
  updated_at: string;
};

const SELECT = `SELECT id, name, letter_type, title, body,
    to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at FROM letter_templates`;

export async function getTemplate(tx: Queryable, id: string): Promise<TemplateRow | null> {
  const { rows } = await tx.query<TemplateRow>(`${SELECT} WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function insertTemplate(tx: Queryable, t: LetterTemplateInput, by: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO letter_templates (company_id, name, letter_type, title, body, created_by)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5) RETURNING id`,
    [t.name, t.letter_type, t.title, t.body, by],
  );
  return rows[0]!.id;
}

export async function updateTemplate(tx: Queryable, id: string, t: LetterTemplateInput): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE letter_templates SET name = $2, letter_type = $3, title = $4, body = $5, updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, t.name, t.letter_type, t.title, t.body],
  );
  return rows.length > 0;
}

export async function deleteTemplate(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM letter_templates WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

const SORTS: Record<string, string> = { name: 'lower(name)', updated_at: 'updated_at' };

export async function listTemplates(
  tx: Queryable,
  q: LetterTemplateListQuery,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.search_term) {
    const p = `$${params.push(`%${escapeLike(q.search_term)}%`)}`;
    where.push(`(name ILIKE ${p} OR title ILIKE ${p} OR letter_type ILIKE ${p})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const count = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM letter_templates ${whereSql}`,
    params,
  );
  const limit = `$${params.push(q.records)}`;
  const offset = `$${params.push((q.page - 1) * q.records)}`;
  const { rows } = await tx.query<TemplateRow>(
    `${SELECT} ${whereSql} ORDER BY ${SORTS[q.sortBy] ?? 'lower(name)'} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { rows, total: count.rows[0]!.n };
}

export type EmployeeFacts = {
  id: string;
  employee_name: string;
  employee_code: string | null;
  designation: string | null;
  date_of_joining: string;
};

/** The employees of these ids visible in the tenant (RLS keeps other companies' out). */
export async function employeeFacts(tx: Queryable, ids: string[]): Promise<EmployeeFacts[]> {
  const { rows } = await tx.query<EmployeeFacts>(
    `SELECT e.id, trim(e.first_name || ' ' || e.last_name) AS employee_name, e.employee_code, e.designation,
        to_char(e.date_of_joining, 'YYYY-MM-DD') AS date_of_joining
       FROM employees e WHERE e.id = ANY($1::uuid[])`,
    [ids],
  );
  return rows;
}

/** The company's name and today's date in its time zone. */
export async function companyFacts(tx: Queryable): Promise<{ name: string; today: string }> {
  const { rows } = await tx.query<{ name: string; today: string }>(
    `SELECT coalesce(hr_company_name(), '') AS name,
        to_char((now() AT TIME ZONE hr_company_time_zone())::date, 'YYYY-MM-DD') AS today`,
  );
  return rows[0]!;
}

export async function batchByKey(tx: Queryable, key: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM letter_batches WHERE idempotency_key = $1',
    [key],
  );
  return rows[0]?.id ?? null;
}

/** Null when another call with the same key got there first. */
export async function insertBatch(
  tx: Queryable,
  b: { template_id: string; idempotency_key: string | null; created_by: string },
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO letter_batches (company_id, template_id, idempotency_key, created_by)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3)
     ON CONFLICT (company_id, idempotency_key) DO NOTHING RETURNING id`,
    [b.template_id, b.idempotency_key, b.created_by],
  );
  return rows[0]?.id ?? null;
}

export async function lettersOfBatch(tx: Queryable, batchId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM letters WHERE batch_id = $1 ORDER BY created_at, id',
    [batchId],
  );
  return rows.map((r) => r.id);
}

export async function setBatch(tx: Queryable, letterIds: string[], batchId: string): Promise<void> {
  await tx.query('UPDATE letters SET batch_id = $2 WHERE id = ANY($1::uuid[])', [letterIds, batchId]);
}
