import type { TaxDeclarationListQuery, TaxDeclarationRow, TaxWindow } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { type DeclarationFields, fieldsOf, type ItemRow, itemsOf } from './tax.domain';

/** SQL of tax declarations (migration 0119). Every call runs inside the caller's tenant transaction. */

const WINDOW_COLS = `financial_year, to_char(opens_on, 'YYYY-MM-DD') AS opens_on, to_char(closes_on, 'YYYY-MM-DD') AS closes_on,
  to_char(proof_opens_on, 'YYYY-MM-DD') AS proof_opens_on, to_char(proof_closes_on, 'YYYY-MM-DD') AS proof_closes_on`;

export async function readWindow(tx: Queryable, fy: string): Promise<TaxWindow | null> {
  const { rows } = await tx.query<TaxWindow>(
    `SELECT ${WINDOW_COLS} FROM tax_declaration_windows WHERE financial_year = $1`,
    [fy],
  );
  return rows[0] ?? null;
}

export async function writeWindow(
  tx: Queryable,
  companyId: string,
  userId: string,
  fy: string,
  w: Omit<TaxWindow, 'financial_year'>,
): Promise<TaxWindow> {
  const { rows } = await tx.query<TaxWindow>(
    `INSERT INTO tax_declaration_windows (company_id, financial_year, opens_on, closes_on, proof_opens_on, proof_closes_on, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (company_id, financial_year) DO UPDATE SET opens_on = EXCLUDED.opens_on, closes_on = EXCLUDED.closes_on,
       proof_opens_on = EXCLUDED.proof_opens_on, proof_closes_on = EXCLUDED.proof_closes_on,
       updated_by = EXCLUDED.updated_by, updated_at = now()
     RETURNING ${WINDOW_COLS}`,
    [companyId, fy, w.opens_on, w.closes_on, w.proof_opens_on, w.proof_closes_on, userId],
  );
  return rows[0]!;
}

export interface StoredDeclaration {
  id: string;
  items: StoredItem[];
  status: 'draft' | 'submitted';
  submitted_at: string | null;
  updated_at: string;
  fields: DeclarationFields;
}

interface Head {
  id: string;
  employee_id: string;
  regime: 'new' | 'old';
  status: 'draft' | 'submitted';
  self_senior: boolean;
  parents_senior: boolean;
  submitted_at: string | null;
  updated_at: string;
}

/** An item as stored, with its proof review (migration 0122). */
export type StoredItem = ItemRow & {
  id: string;
  declaration_id: string;
  proof_status: 'none' | 'pending' | 'verified' | 'rejected';
  verified_paise: number | null;
  review_reason: string | null;
  reviewed_by_name: string | null;
  reviewed_at: string | null;
};

async function itemsFor(tx: Queryable, ids: string[]): Promise<Map<string, StoredItem[]>> {
  const { rows } = await tx.query<StoredItem>(
    `SELECT i.id, i.declaration_id, i.kind, i.label, i.amount_paise::float8 AS amount_paise, i.details,
            i.proof_status, i.verified_paise::float8 AS verified_paise, i.review_reason,
            coalesce(nullif(trim(re.first_name || ' ' || re.last_name), ''), u.email) AS reviewed_by_name,
            to_char(i.reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS reviewed_at
       FROM tax_declaration_items i LEFT JOIN users u ON u.id = i.reviewed_by
       LEFT JOIN employees re ON re.id = u.employee_id
      WHERE i.declaration_id = ANY($1::uuid[]) ORDER BY i.declaration_id, i.position`,
    [ids],
  );
  const out = new Map<string, StoredItem[]>();
  for (const r of rows) {
    const list = out.get(r.declaration_id) ?? [];
    out.set(r.declaration_id, list);
    list.push(r);
  }
  return out;
}

const HEAD_COLS = `id, employee_id, regime, status, self_senior, parents_senior,
  to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS submitted_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at`;

export async function readDeclaration(
  tx: Queryable,
  employeeId: string,
  fy: string,
): Promise<StoredDeclaration | null> {
  const { rows } = await tx.query<Head>(
    `SELECT ${HEAD_COLS} FROM tax_declarations WHERE employee_id = $1 AND financial_year = $2`,
    [employeeId, fy],
  );
  const h = rows[0];
  if (!h) return null;
  const items = (await itemsFor(tx, [h.id])).get(h.id) ?? [];
  return {
    id: h.id,
    items,
    status: h.status,
    submitted_at: h.submitted_at,
    updated_at: h.updated_at,
    fields: fieldsOf(h, items),
  };
}

/**
 * Saves the declaration: one row per employee and year (a retry or a second save changes it, the
 * upsert's row lock makes two saves wait for each other), its items replaced in the same transaction.
 * A submitted declaration stays submitted.
 */
export async function saveDeclaration(
  tx: Queryable,
  companyId: string,
  employeeId: string,
  fy: string,
  f: DeclarationFields,
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO tax_declarations (company_id, employee_id, financial_year, regime, self_senior, parents_senior)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (employee_id, financial_year) DO UPDATE SET regime = EXCLUDED.regime,
       self_senior = EXCLUDED.self_senior, parents_senior = EXCLUDED.parents_senior, updated_at = now()
     RETURNING id`,
    [companyId, employeeId, fy, f.regime, f.self_senior, f.parents_senior],
  );
  const id = rows[0]!.id;
  // An item saved again unchanged keeps its row, and so its proofs and their review; a changed or
  // removed one goes with its proofs (they were for another claim). Positions are parked out of the
  // way first (a declaration has at most 28 items) so that renumbering does not trip the
  // (declaration, position) key.
  const { rows: old } = await tx.query<ItemRow & { id: string }>(
    `UPDATE tax_declaration_items SET position = position + 1000 WHERE declaration_id = $1
     RETURNING id, kind, label, amount_paise::float8 AS amount_paise, details`,
    [id],
  );
  const kept: { id: string; position: number }[] = [];
  const added: (ItemRow & { position: number })[] = [];
  itemsOf(f).forEach((it, position) => {
    const at = old.findIndex((o) => sameItem(o, it));
    if (at < 0) added.push({ ...it, position });
    else kept.push({ id: old.splice(at, 1)[0]!.id, position });
  });
  if (old.length > 0) {
    await tx.query('DELETE FROM tax_declaration_items WHERE id = ANY($1::uuid[])', [old.map((o) => o.id)]);
  }
  if (kept.length > 0) {
    await tx.query(
      `UPDATE tax_declaration_items i SET position = x.position
         FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, position int) WHERE i.id = x.id`,
      [JSON.stringify(kept)],
    );
  }
  if (added.length === 0) return;
  await tx.query(
    `INSERT INTO tax_declaration_items (company_id, declaration_id, position, kind, label, amount_paise, details)
     SELECT $1, $2, x.position, x.kind, x.label, x.amount_paise, x.details
       FROM jsonb_to_recordset($3::jsonb) AS x(position int, kind text, label text, amount_paise bigint, details jsonb)`,
    [companyId, id, JSON.stringify(added)],
  );
}

/** Keys sorted, nulls kept: jsonb returns details with its own key order. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}
const sameItem = (a: ItemRow, b: ItemRow) =>
  a.kind === b.kind &&
  a.label === b.label &&
  a.amount_paise === b.amount_paise &&
  canonical(a.details) === canonical(b.details);

/** Marks the year's declaration submitted; false when there is none to submit. */
export async function submitDeclaration(tx: Queryable, employeeId: string, fy: string): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE tax_declarations SET status = 'submitted', submitted_at = now(), updated_at = now()
      WHERE employee_id = $1 AND financial_year = $2 RETURNING id`,
    [employeeId, fy],
  );
  return rows.length > 0;
}

/** Submitted declarations of the year for these employees, with their items: what the pay run reads. */
export async function submittedDeclarations(
  tx: Queryable,
  fy: string,
  employeeIds: string[],
): Promise<Map<string, { head: Head; items: StoredItem[] }>> {
  const { rows } = await tx.query<Head>(
    `SELECT ${HEAD_COLS} FROM tax_declarations
      WHERE financial_year = $1 AND employee_id = ANY($2::uuid[]) AND status = 'submitted'`,
    [fy, employeeIds],
  );
  const items = await itemsFor(
    tx,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((h) => [h.employee_id, { head: h, items: items.get(h.id) ?? [] }]));
}

const SORTS: Record<string, string> = {
  employee_name: 'employee_name',
  employee_code: 'e.employee_code',
  status: 'status',
  submitted_at: 'd.submitted_at',
};

/**
 * Employees of the company (those not inactive, and anyone with a declaration for the year) with
 * their declaration's status for the year: 'not_started' when they have none.
 */
export async function listDeclarations(
  tx: Queryable,
  fy: string,
  q: TaxDeclarationListQuery,
): Promise<{ rows: TaxDeclarationRow[]; total: number }> {
  const params: unknown[] = [fy];
  const where = [`(e.status <> 'inactive' OR d.id IS NOT NULL)`];
  if (q.search) {
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(
      `(trim(e.first_name || ' ' || e.last_name) ILIKE $${params.length} OR e.employee_code ILIKE $${params.length})`,
    );
  }
  if (q.status) where.push(`coalesce(d.status, 'not_started') = $${params.push(q.status)}`);
  if (q.regime) where.push(`d.regime = $${params.push(q.regime)}`);
  const sort = SORTS[q.sortBy ?? 'employee_name'] ?? 'employee_name';
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const from = `FROM employees e LEFT JOIN tax_declarations d ON d.employee_id = e.id AND d.financial_year = $1
    WHERE ${where.join(' AND ')}`;
  const { rows } = await tx.query<TaxDeclarationRow>(
    `SELECT d.id, e.id AS employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
            d.regime, coalesce(d.status, 'not_started') AS status,
            to_char(d.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS submitted_at,
            coalesce((SELECT sum(i.amount_paise) FROM tax_declaration_items i
                       WHERE i.declaration_id = d.id AND i.kind NOT IN ('other_income', 'previous_employer')), 0)::float8
              AS declared_paise
       ${from}
      ORDER BY ${sort} ${dir} NULLS LAST, e.employee_code, e.id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.records, (q.page - 1) * q.records],
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  return { rows, total: count.rows[0]!.n };
}

// ---- Proofs (migration 0122) ---------------------------------------------------------------

export interface ProofRow {
  id: string;
  item_id: string;
  document_id: string;
  file_name: string;
  uploaded_at: string;
}

export async function proofsOf(tx: Queryable, itemIds: string[]): Promise<ProofRow[]> {
  if (itemIds.length === 0) return [];
  const { rows } = await tx.query<ProofRow>(
    `SELECT p.id, p.item_id, p.document_id, d.file_name,
            to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS uploaded_at
       FROM tax_declaration_proofs p JOIN employee_documents d ON d.id = p.document_id
      WHERE p.item_id = ANY($1::uuid[]) ORDER BY p.created_at, p.id`,
    [itemIds],
  );
  return rows;
}

/** The item with its declaration's employee and year, locked for the change that follows (RLS: company). */
export async function lockItem(
  tx: Queryable,
  itemId: string,
): Promise<(StoredItem & { employee_id: string; financial_year: string; status: string }) | null> {
  const { rows } = await tx.query<
    StoredItem & { employee_id: string; financial_year: string; status: string }
  >(
    `SELECT i.id, i.declaration_id, i.kind, i.label, i.amount_paise::float8 AS amount_paise, i.details,
            i.proof_status, i.verified_paise::float8 AS verified_paise, i.review_reason,
            NULL AS reviewed_by_name, NULL AS reviewed_at,
            d.employee_id, d.financial_year, d.status
       FROM tax_declaration_items i JOIN tax_declarations d ON d.id = i.declaration_id
      WHERE i.id = $1 FOR UPDATE OF i`,
    [itemId],
  );
  return rows[0] ?? null;
}

/** Attaches the document (a retry of the same one is one proof) and puts the item up for review. */
export async function attachProof(
  tx: Queryable,
  companyId: string,
  itemId: string,
  documentId: string,
  userId: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO tax_declaration_proofs (company_id, item_id, document_id, uploaded_by)
     VALUES ($1, $2, $3, $4) ON CONFLICT (item_id, document_id) DO NOTHING`,
    [companyId, itemId, documentId, userId],
  );
  await tx.query(
    `UPDATE tax_declaration_items SET proof_status = 'pending', review_reason = NULL, reviewed_by = NULL,
            reviewed_at = NULL, verified_paise = NULL
      WHERE id = $1`,
    [itemId],
  );
}

export async function recordReview(
  tx: Queryable,
  itemId: string,
  r: {
    status: 'verified' | 'rejected';
    verified_paise: number | null;
    reason: string | null;
    userId: string;
  },
): Promise<void> {
  await tx.query(
    `UPDATE tax_declaration_items SET proof_status = $2, verified_paise = $3, review_reason = $4,
            reviewed_by = $5, reviewed_at = now()
      WHERE id = $1`,
    [itemId, r.status, r.verified_paise, r.reason, r.userId],
  );
}

/** The proof with its declaration's employee (RLS: company). */
export async function findProof(
  tx: Queryable,
  proofId: string,
): Promise<{ id: string; document_id: string; employee_id: string } | null> {
  const { rows } = await tx.query<{ id: string; document_id: string; employee_id: string }>(
    `SELECT p.id, p.document_id, d.employee_id FROM tax_declaration_proofs p
       JOIN tax_declaration_items i ON i.id = p.item_id JOIN tax_declarations d ON d.id = i.declaration_id
      WHERE p.id = $1`,
    [proofId],
  );
  return rows[0] ?? null;
}

/** Of these documents, the ones that prove a declared item, with words for why they are kept. */
export async function proofDocumentsInUse(
  tx: Queryable,
  documentIds: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (documentIds.length === 0) return out;
  const { rows } = await tx.query<{ document_id: string; financial_year: string }>(
    `SELECT DISTINCT ON (p.document_id) p.document_id, d.financial_year FROM tax_declaration_proofs p
       JOIN tax_declaration_items i ON i.id = p.item_id JOIN tax_declarations d ON d.id = i.declaration_id
      WHERE p.document_id = ANY($1::uuid[]) ORDER BY p.document_id`,
    [documentIds],
  );
  for (const r of rows) out.set(r.document_id, `a proof on your tax declaration for ${r.financial_year}`);
  return out;
}
