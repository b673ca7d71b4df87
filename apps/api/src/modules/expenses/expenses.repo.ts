import type {
  ExpenseCategory,
  ExpenseCategoryInput,
  ExpenseDuplicate,
  ExpenseListQuery,
  ExpenseStatus,
  ReimbursementQueueQuery,
} from '@hr/contract';
import type { Queryable } from '../../db/client';
import { DEFAULT_CATEGORIES } from './expense-rules';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---------- categories ----------

const CATEGORY_COLUMNS = `id, code, name, requires_travel, rate_per_km_paise, max_per_claim_paise::float8 AS max_per_claim_paise,
  max_per_month_paise::float8 AS max_per_month_paise,
  receipt_required_over_paise::float8 AS receipt_required_over_paise, claim_window_days, is_active`;

/** A company without categories gets the defaults (first use); a concurrent first use inserts once. */
export async function ensureDefaultCategories(tx: Queryable): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM expense_categories LIMIT 1');
  if (rows.length > 0) return;
  for (const c of DEFAULT_CATEGORIES) {
    await tx.query(
      `INSERT INTO expense_categories (company_id, code, name, requires_travel, rate_per_km_paise,
         max_per_claim_paise, max_per_month_paise, receipt_required_over_paise, claim_window_days)
       VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (company_id, code) DO NOTHING`,
      [
        c.code,
        c.name,
        c.requires_travel,
        c.rate_per_km_paise,
        c.max_per_claim_paise,
        c.max_per_month_paise,
        c.receipt_required_over_paise,
        c.claim_window_days,
      ],
    );
  }
}

export async function listCategories(tx: Queryable, activeOnly: boolean): Promise<ExpenseCategory[]> {
  const { rows } = await tx.query<ExpenseCategory>(
    `SELECT ${CATEGORY_COLUMNS} FROM expense_categories ${activeOnly ? 'WHERE is_active' : ''}
      ORDER BY name, id`,
  );
  return rows;
}

export async function getCategory(tx: Queryable, id: string): Promise<ExpenseCategory | null> {
  const { rows } = await tx.query<ExpenseCategory>(
    `SELECT ${CATEGORY_COLUMNS} FROM expense_categories WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function saveCategory(
  tx: Queryable,
  id: string | null,
  c: Required<ExpenseCategoryInput>,
  code: string,
): Promise<string> {
  const values = [
    c.name,
    c.requires_travel,
    c.rate_per_km_paise,
    c.max_per_claim_paise,
    c.max_per_month_paise,
    c.receipt_required_over_paise,
    c.claim_window_days,
    c.is_active,
  ];
  if (id) {
    await tx.query(
      `UPDATE expense_categories SET name = $2, requires_travel = $3, rate_per_km_paise = $4,
         max_per_claim_paise = $5, max_per_month_paise = $6, receipt_required_over_paise = $7,
         claim_window_days = $8, is_active = $9, updated_at = now() WHERE id = $1`,
      [id, ...values],
    );
    return id;
  }
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO expense_categories (company_id, name, requires_travel, rate_per_km_paise, max_per_claim_paise,
       max_per_month_paise, receipt_required_over_paise, claim_window_days, is_active, code)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [...values, code],
  );
  return rows[0]!.id;
}

export async function categoryCodeTaken(tx: Queryable, code: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM expense_categories WHERE code = $1', [code]);
  return rows.length > 0;
}

// ---------- claims ----------

export type ExpenseRow = {
  id: string;
  employee_id: string;
  employee_code: string | null;
  employee_name: string;
  category_id: string;
  category_name: string;
  /** Null only on a draft (as is the amount). */
  expense_date: string | null;
  amount_paise: number | null;
  merchant: string | null;
  description: string | null;
  bill_number: string | null;
  receipt_file_id: string | null;
  travel_from: string | null;
  travel_to: string | null;
  distance_km: number | null;
  status: ExpenseStatus;
  payout_mode: 'payroll' | 'outside' | null;
  payout_reference: string | null;
  paid_on: string | null;
  created_at: string;
};

const SELECT = `SELECT x.id, x.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
    x.category_id, c.name AS category_name, to_char(x.expense_date, 'YYYY-MM-DD') AS expense_date,
    x.amount_paise::float8 AS amount_paise, x.merchant, x.description, x.bill_number,
    x.receipt_document_id AS receipt_file_id, x.travel_from, x.travel_to, x.distance_km::float8 AS distance_km,
    x.status, x.payout_mode, x.payout_reference, to_char(x.paid_on, 'YYYY-MM-DD') AS paid_on,
    to_char(x.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;
const FROM = `FROM expenses x JOIN employees e ON e.id = x.employee_id
  JOIN expense_categories c ON c.id = x.category_id`;

export async function getExpense(tx: Queryable, id: string, lock = false): Promise<ExpenseRow | null> {
  const { rows } = await tx.query<ExpenseRow>(
    `${SELECT} ${FROM} WHERE x.id = $1 AND x.deleted_at IS NULL ${lock ? 'FOR UPDATE OF x' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function getExpenses(tx: Queryable, ids: string[]): Promise<ExpenseRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<ExpenseRow>(
    `${SELECT} ${FROM} WHERE x.id = ANY($1::uuid[]) AND x.status <> 'draft'`,
    [ids],
  );
  return rows;
}

/** Serialises one employee's submissions (limits per month are checked against committed claims). */
export async function lockEmployee(tx: Queryable, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM employees WHERE id = $1 FOR NO KEY UPDATE', [employeeId]);
  return rows.length > 0;
}

/** The employee's claims standing (pending, approved, paid) in a category and month, but `exceptId`. */
export async function monthTotal(
  tx: Queryable,
  employeeId: string,
  categoryId: string,
  date: string,
  exceptId: string | null,
): Promise<number> {
  const { rows } = await tx.query<{ total: number }>(
    `SELECT coalesce(sum(amount_paise), 0)::float8 AS total FROM expenses
      WHERE employee_id = $1 AND category_id = $2 AND deleted_at IS NULL
        AND status IN ('pending', 'approved', 'paid')
        AND date_trunc('month', expense_date) = date_trunc('month', $3::date)
        AND ($4::uuid IS NULL OR id <> $4::uuid)`,
    [employeeId, categoryId, date, exceptId],
  );
  return Number(rows[0]!.total);
}

/** The employee's standing claims (pending, approved, paid) of the month holding `date`, in all categories. */
export async function monthClaims(
  tx: Queryable,
  employeeId: string,
  date: string,
): Promise<{ count: number; total_paise: number }> {
  const { rows } = await tx.query<{ count: number; total: number }>(
    `SELECT count(*)::int AS count, coalesce(sum(amount_paise), 0)::float8 AS total FROM expenses
      WHERE employee_id = $1 AND deleted_at IS NULL AND status IN ('pending', 'approved', 'paid')
        AND date_trunc('month', expense_date) = date_trunc('month', $2::date)`,
    [employeeId, date],
  );
  return { count: Number(rows[0]!.count), total_paise: Number(rows[0]!.total) };
}

/** Another standing claim of the same bill (number, amount, date) by the employee. */
export async function sameBill(
  tx: Queryable,
  employeeId: string,
  bill: string,
  amount: number,
  date: string,
  exceptId: string | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM expenses WHERE employee_id = $1 AND lower(bill_number) = lower($2) AND amount_paise = $3
        AND expense_date = $4::date AND status IN ('pending', 'approved', 'paid')
        AND ($5::uuid IS NULL OR id <> $5::uuid) LIMIT 1`,
    [employeeId, bill, amount, date, exceptId],
  );
  return rows.length > 0;
}

/** The receipt if it is a document of that employee (files module's table). */
export async function receiptOf(tx: Queryable, documentId: string, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM employee_documents WHERE id = $1 AND employee_id = $2', [
    documentId,
    employeeId,
  ]);
  return rows.length > 0;
}

export type ClaimValues = {
  category_id: string;
  expense_date: string;
  amount_paise: number;
  merchant: string | null;
  description: string | null;
  bill_number: string | null;
  receipt_file_id: string | null;
  travel_from: string | null;
  travel_to: string | null;
  distance_km: number | null;
};

const claimParams = (v: ClaimValues) => [
  v.category_id,
  v.expense_date,
  v.amount_paise,
  v.merchant,
  v.description,
  v.bill_number,
  v.receipt_file_id,
  v.travel_from,
  v.travel_to,
  v.distance_km,
];

/** A claim saved as a draft: what the owner has filled in so far (no date or amount yet is fine). */
export type DraftValues = Omit<ClaimValues, 'expense_date' | 'amount_paise'> & {
  expense_date: string | null;
  amount_paise: number | null;
};

export async function insertDraft(
  tx: Queryable,
  employeeId: string,
  v: DraftValues,
  idempotencyKey: string | null,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO expenses (company_id, employee_id, category_id, expense_date, amount_paise, merchant,
       description, bill_number, receipt_document_id, travel_from, travel_to, distance_km, status,
       idempotency_key)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'draft', $12)
     RETURNING id`,
    [employeeId, ...claimParams(v as ClaimValues), idempotencyKey],
  );
  return rows[0]!.id;
}

/**
 * Inserts a claim; null when a unique rule stopped it (the same bill, or the same idempotency key:
 * a concurrent twin waits here for the other transaction and then finds the conflict).
 */
export async function insertExpense(
  tx: Queryable,
  employeeId: string,
  v: ClaimValues,
  idempotencyKey: string | null,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO expenses (company_id, employee_id, category_id, expense_date, amount_paise, merchant,
       description, bill_number, receipt_document_id, travel_from, travel_to, distance_km, idempotency_key)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT DO NOTHING RETURNING id`,
    [employeeId, ...claimParams(v), idempotencyKey],
  );
  return rows[0]?.id ?? null;
}

export async function byIdempotencyKey(
  tx: Queryable,
  employeeId: string,
  key: string,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM expenses WHERE employee_id = $1 AND idempotency_key = $2',
    [employeeId, key],
  );
  return rows[0]?.id ?? null;
}

export async function updateExpense(tx: Queryable, id: string, v: ClaimValues | DraftValues): Promise<void> {
  await tx.query(
    `UPDATE expenses SET category_id = $2, expense_date = $3, amount_paise = $4, merchant = $5, description = $6,
       bill_number = $7, receipt_document_id = $8, travel_from = $9, travel_to = $10, distance_km = $11,
       updated_at = now()
     WHERE id = $1`,
    [id, ...claimParams(v as ClaimValues)],
  );
}

/**
 * Submits a draft: its values become the claim's and it turns pending, unless a standing claim of
 * the same bill got there first (false; the unique index of the same bill decides).
 */
export async function submitDraft(tx: Queryable, id: string, v: ClaimValues): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE expenses x SET category_id = $2, expense_date = $3, amount_paise = $4, merchant = $5, description = $6,
       bill_number = $7, receipt_document_id = $8, travel_from = $9, travel_to = $10, distance_km = $11,
       status = 'pending', created_at = now(), updated_at = now()
     WHERE x.id = $1 AND x.status = 'draft'
       AND NOT EXISTS (SELECT 1 FROM expenses o WHERE o.employee_id = x.employee_id AND o.id <> x.id
             AND $7::text IS NOT NULL AND lower(o.bill_number) = lower($7) AND o.amount_paise = $4
             AND o.expense_date = $3::date AND o.status IN ('pending', 'approved', 'paid'))
     RETURNING x.id`,
    [id, ...claimParams(v)],
  );
  return rows.length > 0;
}

export async function setStatus(tx: Queryable, id: string, status: ExpenseStatus): Promise<void> {
  await tx.query(
    `UPDATE expenses SET status = $2, updated_at = now(),
       decided_at = CASE WHEN $2 IN ('approved', 'rejected') THEN now() ELSE decided_at END
     WHERE id = $1`,
    [id, status],
  );
}

export async function markDeleted(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    // A deleted draft stays a draft (it may be incomplete); a withdrawn claim is cancelled.
    `UPDATE expenses SET status = CASE WHEN status = 'draft' THEN 'draft' ELSE 'cancelled' END,
       deleted_at = now(), updated_at = now() WHERE id = $1`,
    [id],
  );
}

export async function markPaid(
  tx: Queryable,
  id: string,
  p: { mode: string; reference: string; paidOn: string; by: string },
): Promise<void> {
  await tx.query(
    `UPDATE expenses SET status = 'paid', payout_mode = $2, payout_reference = $3, paid_on = $4::date,
       paid_by = $5, updated_at = now() WHERE id = $1`,
    [id, p.mode, p.reference, p.paidOn, p.by],
  );
}

type PageFilter = {
  page: number;
  records: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  status?: ExpenseStatus;
  category_id?: string;
  year?: number;
  month?: number;
  value?: string;
  employeeId?: string;
  onlyIds?: string[];
};

const SORTS: Record<string, string> = {
  expense_date: 'x.expense_date',
  amount_paise: 'x.amount_paise',
  created_at: 'x.created_at',
  employee_name: `lower(e.first_name || ' ' || e.last_name)`,
};

export async function listPage(tx: Queryable, f: PageFilter): Promise<{ rows: ExpenseRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = ['x.deleted_at IS NULL'];
  if (f.employeeId) where.push(`x.employee_id = $${params.push(f.employeeId)}`);
  // A draft is its owner's alone: never in a queue.
  else where.push(`x.status <> 'draft'`);
  if (f.onlyIds) where.push(`x.id = ANY($${params.push(f.onlyIds)}::uuid[])`);
  if (f.status) where.push(`x.status = $${params.push(f.status)}`);
  if (f.category_id) where.push(`x.category_id = $${params.push(f.category_id)}`);
  if (f.year) where.push(`extract(year FROM x.expense_date) = $${params.push(f.year)}`);
  if (f.month) where.push(`extract(month FROM x.expense_date) = $${params.push(f.month)}`);
  if (f.value) {
    const p = `$${params.push(`%${escapeLike(f.value)}%`)}`;
    where.push(`((e.first_name || ' ' || e.last_name) ILIKE ${p} OR e.employee_code ILIKE ${p}
      OR x.merchant ILIKE ${p} OR x.bill_number ILIKE ${p})`);
  }
  const dir = f.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const sort = SORTS[f.sortBy] ?? 'x.created_at';
  const limit = `$${params.push(f.records)}`;
  const offset = `$${params.push((f.page - 1) * f.records)}`;
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const { rows } = await tx.query<ExpenseRow & { total: number }>(
    `${SELECT}, count(*) OVER ()::int AS total ${FROM} ${whereSql}
      ORDER BY ${sort} ${dir}, x.id ${dir} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && f.page > 1) {
    const c = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n ${FROM} ${whereSql}`,
      params.slice(0, params.length - 2),
    );
    total = c.rows[0]!.n;
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

export const ownPage = (tx: Queryable, employeeId: string, q: ExpenseListQuery) =>
  listPage(tx, { ...q, employeeId });
export const queuePage = (tx: Queryable, q: ReimbursementQueueQuery, onlyIds?: string[]) =>
  listPage(tx, { ...q, onlyIds });

export async function summary(
  tx: Queryable,
  employeeId: string,
): Promise<{ status: ExpenseStatus; count: number; amount: number }[]> {
  const { rows } = await tx.query<{ status: ExpenseStatus; count: number; amount: number }>(
    `SELECT status, count(*)::int AS count, sum(amount_paise)::float8 AS amount FROM expenses
      WHERE employee_id = $1 AND deleted_at IS NULL AND status <> 'draft' GROUP BY status`,
    [employeeId],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export async function monthWise(
  tx: Queryable,
  employeeId: string,
  year: number,
): Promise<{ month: number; pending: number; approved: number }[]> {
  const { rows } = await tx.query<{ month: number; pending: number; approved: number }>(
    `SELECT extract(month FROM expense_date)::int AS month,
            coalesce(sum(amount_paise) FILTER (WHERE status = 'pending'), 0)::float8 AS pending,
            coalesce(sum(amount_paise) FILTER (WHERE status IN ('approved', 'paid')), 0)::float8 AS approved
       FROM expenses WHERE employee_id = $1 AND deleted_at IS NULL AND extract(year FROM expense_date) = $2
        AND status <> 'draft'
      GROUP BY 1 ORDER BY 1`,
    [employeeId, year],
  );
  return rows.map((r) => ({ month: r.month, pending: Number(r.pending), approved: Number(r.approved) }));
}

/** The employee's claims of a year by category: pending, and approved or paid, largest first. */
export async function categoryWise(tx: Queryable, employeeId: string, year: number) {
  const { rows } = await tx.query<{
    category_id: string;
    category_name: string;
    pending: number;
    approved: number;
  }>(
    `SELECT c.id AS category_id, c.name AS category_name,
            coalesce(sum(x.amount_paise) FILTER (WHERE x.status = 'pending'), 0)::float8 AS pending,
            coalesce(sum(x.amount_paise) FILTER (WHERE x.status IN ('approved', 'paid')), 0)::float8 AS approved
       FROM expenses x JOIN expense_categories c ON c.id = x.category_id
      WHERE x.employee_id = $1 AND x.deleted_at IS NULL AND extract(year FROM x.expense_date) = $2
        AND x.status IN ('pending', 'approved', 'paid')
      GROUP BY c.id, c.name
      ORDER BY sum(x.amount_paise) DESC, c.name`,
    [employeeId, year],
  );
  return rows.map((r) => ({
    category_id: r.category_id,
    category_name: r.category_name,
    pending_paise: Number(r.pending),
    approved_paise: Number(r.approved),
  }));
}

/**
 * The employee's standing claims that look like this one (see ExpenseDuplicateSchema): the same
 * bill; the same receipt document; the same date and amount where either has no bill number.
 */
export async function possibleDuplicates(
  tx: Queryable,
  employeeId: string,
  c: { date: string; amount: number; bill: string | null; receipt: string | null; exceptId: string | null },
): Promise<ExpenseDuplicate[]> {
  const { rows } = await tx.query<ExpenseDuplicate>(
    `SELECT x.id, c.name AS category_name, to_char(x.expense_date, 'YYYY-MM-DD') AS expense_date,
            x.amount_paise::float8 AS amount_paise, x.bill_number, x.status,
            CASE WHEN $4::text IS NOT NULL AND lower(x.bill_number) = lower($4) AND x.amount_paise = $3
                      AND x.expense_date = $2::date THEN 'same_bill'
                 WHEN $5::uuid IS NOT NULL AND x.receipt_document_id = $5::uuid THEN 'same_receipt'
                 ELSE 'same_date_amount' END AS reason
       FROM expenses x JOIN expense_categories c ON c.id = x.category_id
      WHERE x.employee_id = $1 AND x.deleted_at IS NULL AND x.status IN ('pending', 'approved', 'paid')
        AND ($6::uuid IS NULL OR x.id <> $6::uuid)
        AND ((x.expense_date = $2::date AND x.amount_paise = $3
              AND ($4::text IS NULL OR x.bill_number IS NULL OR lower(x.bill_number) = lower($4)))
             OR ($5::uuid IS NOT NULL AND x.receipt_document_id = $5::uuid))
      ORDER BY x.expense_date DESC, x.created_at DESC LIMIT 20`,
    [employeeId, c.date, c.amount, c.bill, c.receipt, c.exceptId],
  );
  return rows;
}

/** An approved claim not yet paid, as a one-time payout line of a pay run. */
export type PayoutLine = {
  claim_id: string;
  employee_id: string;
  amount_paise: number;
  category_code: string;
  category_name: string;
  expense_date: string;
};

/** Approved, unpaid claims of employees of the company decided on or before `upTo` (a date). */
export async function approvedUnpaid(tx: Queryable, upTo: string): Promise<PayoutLine[]> {
  const { rows } = await tx.query<PayoutLine>(
    `SELECT x.id AS claim_id, x.employee_id, x.amount_paise::float8 AS amount_paise,
            c.code AS category_code, c.name AS category_name,
            to_char(x.expense_date, 'YYYY-MM-DD') AS expense_date
       FROM expenses x JOIN expense_categories c ON c.id = x.category_id
      WHERE x.status = 'approved' AND x.deleted_at IS NULL AND x.expense_date <= $1::date
      ORDER BY x.employee_id, x.expense_date, x.id`,
    [upTo],
  );
  return rows;
}

/**
 * Marks approved claims paid through the pay run `reference` on `paidOn`; the ids it changed. A
 * claim already paid (by this run on a retry, or otherwise) is left as it is.
 */
export async function markPaidThroughPayroll(
  tx: Queryable,
  ids: string[],
  p: { reference: string; paidOn: string; by: string | null },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE expenses SET status = 'paid', payout_mode = 'payroll', payout_reference = $2,
            paid_on = $3::date, paid_by = $4, updated_at = now()
      WHERE id = ANY($1::uuid[]) AND status = 'approved' AND deleted_at IS NULL RETURNING id`,
    [ids, p.reference, p.paidOn, p.by],
  );
  return rows.map((r) => r.id);
}

// ---------- the reimbursements report (read by the reports module through index.ts) ----------

export type ClaimReportFilter = {
  from: string;
  to: string;
  category_id?: string;
  status?: ExpenseStatus;
  division_id?: string;
  /** Only these employees (a narrower data scope); null: the whole company. */
  employeeIds: string[] | null;
};

function reportWhere(f: ClaimReportFilter, params: unknown[]): string {
  const where = [
    'x.deleted_at IS NULL',
    `x.status <> 'draft'`,
    `x.expense_date BETWEEN $${params.push(f.from)}::date AND $${params.push(f.to)}::date`,
  ];
  if (f.category_id) where.push(`x.category_id = $${params.push(f.category_id)}::uuid`);
  if (f.status) where.push(`x.status = $${params.push(f.status)}`);
  if (f.division_id) where.push(`u.division_id = $${params.push(f.division_id)}::uuid`);
  if (f.employeeIds) where.push(`x.employee_id = ANY($${params.push(f.employeeIds)}::uuid[])`);
  return where.join(' AND ');
}
const REPORT_FROM = `FROM expenses x JOIN expense_categories c ON c.id = x.category_id
  JOIN employees e ON e.id = x.employee_id
  LEFT JOIN division_units u ON u.id = e.division_unit_id
  LEFT JOIN divisions d ON d.id = u.division_id`;

/** A claim's status in a report (drafts are left out). */
type ReportStatus = Exclude<ExpenseStatus, 'draft'>;

export type ClaimGroup = {
  category_id: string;
  category_name: string;
  status: ReportStatus;
  count: number;
  amount_paise: number;
};

export async function claimGroups(tx: Queryable, f: ClaimReportFilter): Promise<ClaimGroup[]> {
  const params: unknown[] = [];
  const { rows } = await tx.query<ClaimGroup>(
    `SELECT c.id AS category_id, c.name AS category_name, x.status, count(*)::int AS count,
            sum(x.amount_paise)::float8 AS amount_paise
       ${REPORT_FROM} WHERE ${reportWhere(f, params)}
      GROUP BY c.id, c.name, x.status ORDER BY lower(c.name), x.status`,
    params,
  );
  return rows;
}

export type ClaimReportRow = {
  id: string;
  expense_date: string;
  employee_code: string | null;
  employee_name: string;
  division_name: string | null;
  category_name: string;
  status: ReportStatus;
  amount_paise: number;
  merchant: string | null;
  bill_number: string | null;
  payout_mode: string | null;
  payout_reference: string | null;
  paid_on: string | null;
};

/** The claims of the filter after `after` (expense date, id), `size` at most: export batches. */
export async function claimRowsBatch(
  tx: Queryable,
  f: ClaimReportFilter,
  after: { expense_date: string; id: string } | null,
  size: number,
): Promise<ClaimReportRow[]> {
  const params: unknown[] = [];
  let where = reportWhere(f, params);
  if (after) {
    where += ` AND (x.expense_date, x.id) > ($${params.push(after.expense_date)}::date, $${params.push(after.id)}::uuid)`;
  }
  const { rows } = await tx.query<ClaimReportRow>(
    `SELECT x.id, to_char(x.expense_date, 'YYYY-MM-DD') AS expense_date, e.employee_code,
            trim(e.first_name || ' ' || e.last_name) AS employee_name, d.name AS division_name,
            c.name AS category_name, x.status, x.amount_paise::float8 AS amount_paise, x.merchant,
            x.bill_number, x.payout_mode, x.payout_reference, to_char(x.paid_on, 'YYYY-MM-DD') AS paid_on
       ${REPORT_FROM} WHERE ${where}
      ORDER BY x.expense_date, x.id LIMIT $${params.push(size)}`,
    params,
  );
  return rows;
}
