import type { Queryable } from '../../db/client';
import { type ScopeFilter, scopeWhere } from '../employees';

export type DocumentRow = {
  id: string;
  employee_id: string;
  title: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  uploaded_by: string | null;
  created_at: string;
};

const DOC_COLUMNS = `d.id, d.employee_id, d.title, d.file_name, d.content_type, d.size_bytes, d.storage_key,
  d.uploaded_by, to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** The employee if the actor's scope reaches it (RLS adds the company). */
export async function findEmployee(
  tx: Queryable,
  id: string,
  s: ScopeFilter,
): Promise<{ id: string; profile_image: string | null } | null> {
  const params: unknown[] = [id];
  const scope = scopeWhere(s, params, 'e');
  const { rows } = await tx.query<{ id: string; profile_image: string | null }>(
    `SELECT e.id, e.profile_image FROM employees e WHERE e.id = $1 ${scope ? `AND ${scope}` : ''}`,
    params,
  );
  return rows[0] ?? null;
}

/** Sets the photo key and returns the one it replaces. */
export async function setProfileImage(tx: Queryable, id: string, key: string): Promise<string | null> {
  const { rows } = await tx.query<{ profile_image: string | null }>(
    'SELECT profile_image FROM employees WHERE id = $1 FOR UPDATE',
    [id],
  );
  await tx.query('UPDATE employees SET profile_image = $2 WHERE id = $1', [id, key]);
  return rows[0]?.profile_image ?? null;
}

export async function insertDocument(
  tx: Queryable,
  d: Omit<DocumentRow, 'id' | 'created_at'> & { company_id: string },
): Promise<DocumentRow> {
  const { rows } = await tx.query<DocumentRow>(
    `INSERT INTO employee_documents AS d
       (company_id, employee_id, title, file_name, content_type, size_bytes, storage_key, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING ${DOC_COLUMNS}`,
    [
      d.company_id,
      d.employee_id,
      d.title,
      d.file_name,
      d.content_type,
      d.size_bytes,
      d.storage_key,
      d.uploaded_by,
    ],
  );
  return rows[0]!;
}

export async function listDocuments(tx: Queryable, employeeId: string): Promise<DocumentRow[]> {
  const { rows } = await tx.query<DocumentRow>(
    `SELECT ${DOC_COLUMNS} FROM employee_documents d WHERE d.employee_id = $1 ORDER BY d.created_at DESC, d.id`,
    [employeeId],
  );
  return rows;
}

/** The document if its employee is within the actor's scope; `lock` holds its row until the transaction ends. */
export async function findDocument(
  tx: Queryable,
  id: string,
  s: ScopeFilter,
  opts: { lock?: boolean } = {},
): Promise<DocumentRow | null> {
  const params: unknown[] = [id];
  const scope = scopeWhere(s, params, 'e');
  const { rows } = await tx.query<DocumentRow>(
    `SELECT ${DOC_COLUMNS} FROM employee_documents d JOIN employees e ON e.id = d.employee_id
      WHERE d.id = $1 ${scope ? `AND ${scope}` : ''}${opts.lock ? ' FOR UPDATE OF d' : ''}`,
    params,
  );
  return rows[0] ?? null;
}

/** True when the document exists and belongs to that employee (RLS adds the company). */
export async function isDocumentOf(tx: Queryable, documentId: string, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM employee_documents WHERE id = $1 AND employee_id = $2', [
    documentId,
    employeeId,
  ]);
  return rows.length > 0;
}

/** The document by id with no scope filter: for callers that have checked access their own way. */
export async function getDocument(tx: Queryable, id: string): Promise<DocumentRow | null> {
  const { rows } = await tx.query<DocumentRow>(
    `SELECT ${DOC_COLUMNS} FROM employee_documents d WHERE d.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function deleteDocument(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM employee_documents WHERE id = $1', [id]);
}
