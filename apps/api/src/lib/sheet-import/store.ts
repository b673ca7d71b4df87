import type { Queryable } from '../../db/client';
import { AppError } from '../errors';
import type { RawRow } from './read';
import type { RowError } from './validate';

/**
 * The stored imports (table sheet_imports, migration 0111), in the caller's tenant transaction. An
 * import is a kind, a scope and a content hash: previewing or uploading the same content again
 * finds the same row. At most one import of a kind and scope is current ('committed').
 */
export type SheetImport = {
  id: string;
  kind: string;
  scope: string;
  content_hash: string;
  file_name: string;
  status: 'previewed' | 'committed' | 'replaced' | 'removed';
  rows: RawRow[];
  rows_total: number;
  rows_valid: number;
  errors: RowError[];
  committed_at: string | null;
  committed_by: string | null;
};

const COLUMNS = `id, kind, scope, content_hash, file_name, status, rows, rows_total, rows_valid, errors,
  to_char(committed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS committed_at, committed_by`;

/**
 * Stores a checked sheet (its rows as read and the errors found), or refreshes the stored one of
 * the same content: a preview never changes which sheet is current. Concurrent saves of the same
 * content meet on the unique (company, kind, scope, hash) and leave one row.
 */
export async function saveImport(
  tx: Queryable,
  i: {
    companyId: string;
    userId: string;
    kind: string;
    scope: string;
    runId?: string | null;
    hash: string;
    fileName: string;
    rows: RawRow[];
    rowsValid: number;
    errors: RowError[];
  },
): Promise<SheetImport> {
  const { rows } = await tx.query<SheetImport>(
    `INSERT INTO sheet_imports (company_id, kind, scope, run_id, content_hash, file_name, rows, rows_total,
       rows_valid, errors, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10::jsonb, $11)
     ON CONFLICT (company_id, kind, scope, content_hash) DO UPDATE SET
       file_name = CASE WHEN sheet_imports.status = 'committed' THEN sheet_imports.file_name ELSE EXCLUDED.file_name END,
       rows_valid = EXCLUDED.rows_valid, errors = EXCLUDED.errors, checked_at = now()
     RETURNING ${COLUMNS}`,
    [
      i.companyId,
      i.kind,
      i.scope,
      i.runId ?? null,
      i.hash,
      i.fileName.slice(0, 255),
      JSON.stringify(i.rows),
      i.rows.length,
      i.rowsValid,
      JSON.stringify(i.errors),
      i.userId,
    ],
  );
  return rows[0]!;
}

/** The current sheet of a kind and scope, or null. */
export async function currentImport(tx: Queryable, kind: string, scope: string): Promise<SheetImport | null> {
  const { rows } = await tx.query<SheetImport>(
    `SELECT ${COLUMNS} FROM sheet_imports WHERE kind = $1 AND scope = $2 AND status = 'committed'`,
    [kind, scope],
  );
  return rows[0] ?? null;
}

/** A stored import of this kind and scope (a preview to upload); 404 in words otherwise. */
export async function importById(
  tx: Queryable,
  id: string,
  kind: string,
  scope: string,
): Promise<SheetImport> {
  const { rows } = await tx.query<SheetImport>(
    `SELECT ${COLUMNS} FROM sheet_imports WHERE id = $1 AND kind = $2 AND scope = $3`,
    [id, kind, scope],
  );
  if (!rows[0]) {
    throw new AppError(
      'NOT_FOUND',
      'That sheet preview was not found (for this sheet and this run or year): preview the file again',
      {
        errors: [{ path: 'import_id', message: 'No such preview for this sheet' }],
      },
    );
  }
  return rows[0];
}

/** Makes `id` the current sheet of its kind and scope; the one it replaces is marked so. */
export async function markCommitted(tx: Queryable, imp: SheetImport, userId: string): Promise<void> {
  await tx.query(
    `UPDATE sheet_imports SET status = 'replaced' WHERE kind = $1 AND scope = $2 AND status = 'committed' AND id <> $3`,
    [imp.kind, imp.scope, imp.id],
  );
  await tx.query(
    `UPDATE sheet_imports SET status = 'committed', committed_at = now(), committed_by = $2,
       removed_at = NULL, removed_by = NULL WHERE id = $1`,
    [imp.id, userId],
  );
}

/** The scope's current sheet is removed (kept as history); false when there was none. */
export async function markRemoved(
  tx: Queryable,
  kind: string,
  scope: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE sheet_imports SET status = 'removed', removed_at = now(), removed_by = $3
      WHERE kind = $1 AND scope = $2 AND status = 'committed' RETURNING id`,
    [kind, scope, userId],
  );
  return rows.length > 0;
}
