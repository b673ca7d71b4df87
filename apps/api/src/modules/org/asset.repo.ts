import type {
  Asset,
  AssetAssignment,
  AssetAssignmentListQuery,
  AssetBody,
  AssetListQuery,
} from '@hr/contract';
import type { Queryable } from '../../db/client';
import { escapeLike, paging } from './org.shared';

const ASSET_SORT: Record<AssetListQuery['sortBy'], string> = {
  code: 'lower(a.code)',
  name: 'lower(a.name)',
  category: 'lower(a.category)',
  purchase_date: 'a.purchase_date',
  created_at: 'a.created_at',
};

const ASSET_SELECT = `SELECT a.id, a.code, a.name, a.category, a.serial_number, a.purchase_date::text AS purchase_date,
    a.cost_paise::float8 AS cost_paise, a.condition, h.employee_id AS holder_id,
    CASE WHEN h.employee_id IS NULL THEN NULL ELSE trim(he.first_name || ' ' || he.last_name) END AS holder_name
  FROM assets a
  LEFT JOIN asset_assignments h ON h.asset_id = a.id AND h.returned_on IS NULL
  LEFT JOIN employees he ON he.id = h.employee_id`;

export async function listAssets(
  tx: Queryable,
  q: AssetListQuery,
): Promise<{ rows: Asset[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.search) {
    const p = `$${params.push(`%${escapeLike(q.search)}%`)}`;
    where.push(`(a.code ILIKE ${p} OR a.name ILIKE ${p} OR coalesce(a.serial_number, '') ILIKE ${p})`);
  }
  if (q.category) where.push(`lower(a.category) = lower($${params.push(q.category)})`);
  if (q.condition) where.push(`a.condition = $${params.push(q.condition)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets a ${w}`, params))
    .rows[0]!.n;
  const { limit, offset } = paging(q);
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await tx.query<Asset>(
    `${ASSET_SELECT} ${w} ORDER BY ${ASSET_SORT[q.sortBy]} ${dir} NULLS LAST, a.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
    params,
  );
  return { rows, total };
}

export async function getAsset(tx: Queryable, id: string, lock = false): Promise<Asset | null> {
  const { rows } = await tx.query<Asset>(`${ASSET_SELECT} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

const assetValues = (b: AssetBody) => [
  b.code,
  b.name,
  b.category,
  b.serial_number ?? null,
  b.purchase_date ?? null,
  b.cost_paise ?? null,
  b.condition,
];

export async function insertAsset(tx: Queryable, companyId: string, b: AssetBody) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO assets (company_id, code, name, category, serial_number, purchase_date, cost_paise, condition)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [companyId, ...assetValues(b)],
  );
  return rows[0]!.id;
}

export async function updateAsset(tx: Queryable, id: string, b: AssetBody) {
  await tx.query(
    `UPDATE assets SET code = $2, name = $3, category = $4, serial_number = $5, purchase_date = $6,
       cost_paise = $7, condition = $8, updated_at = now() WHERE id = $1`,
    [id, ...assetValues(b)],
  );
}

export async function setAssetCondition(tx: Queryable, id: string, condition: string) {
  await tx.query('UPDATE assets SET condition = $2, updated_at = now() WHERE id = $1', [id, condition]);
}

export async function everAssigned(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ hit: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM asset_assignments WHERE asset_id = $1) AS hit',
    [id],
  );
  return rows[0]!.hit;
}

export async function deleteAsset(tx: Queryable, id: string) {
  await tx.query('DELETE FROM assets WHERE id = $1', [id]);
}

const ASSIGNMENT_SELECT = `SELECT x.id, x.asset_id, a.code AS asset_code, a.name AS asset_name, a.category AS asset_category,
    x.employee_id, trim(e.first_name || ' ' || e.last_name) AS employee_name, e.employee_code,
    x.issued_on::text AS issued_on, x.issue_condition, x.returned_on::text AS returned_on,
    x.return_condition, x.notes
  FROM asset_assignments x
  JOIN assets a ON a.id = x.asset_id
  JOIN employees e ON e.id = x.employee_id`;

export async function listAssignments(
  tx: Queryable,
  q: AssetAssignmentListQuery,
  onlyEmployee?: string,
): Promise<{ rows: AssetAssignment[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const employee = onlyEmployee ?? q.employee_id;
  if (employee) where.push(`x.employee_id = $${params.push(employee)}`);
  if (q.asset_id) where.push(`x.asset_id = $${params.push(q.asset_id)}`);
  if (q.open === true) where.push('x.returned_on IS NULL');
  if (q.open === false) where.push('x.returned_on IS NOT NULL');
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (
    await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM asset_assignments x ${w}`, params)
  ).rows[0]!.n;
  const { limit, offset } = paging(q);
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const sort = q.sortBy === 'returned_on' ? 'x.returned_on' : 'x.issued_on';
  const { rows } = await tx.query<AssetAssignment>(
    `${ASSIGNMENT_SELECT} ${w} ORDER BY ${sort} ${dir} NULLS FIRST, x.created_at ${dir}, x.id
      LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
    params,
  );
  return { rows, total };
}

export async function getAssignment(
  tx: Queryable,
  id: string,
  lock = false,
): Promise<AssetAssignment | null> {
  const { rows } = await tx.query<AssetAssignment>(
    `${ASSIGNMENT_SELECT} WHERE x.id = $1${lock ? ' FOR UPDATE OF x' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertAssignment(
  tx: Queryable,
  companyId: string,
  a: {
    asset_id: string;
    employee_id: string;
    issued_on: string;
    issue_condition: string;
    notes: string | null;
  },
) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO asset_assignments (company_id, asset_id, employee_id, issued_on, issue_condition, notes)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [companyId, a.asset_id, a.employee_id, a.issued_on, a.issue_condition, a.notes],
  );
  return rows[0]!.id;
}

export async function returnAssignment(
  tx: Queryable,
  id: string,
  r: { returned_on: string; return_condition: string; notes: string | null },
) {
  await tx.query(
    `UPDATE asset_assignments SET returned_on = $2, return_condition = $3, notes = coalesce($4, notes),
       updated_at = now() WHERE id = $1`,
    [id, r.returned_on, r.return_condition, r.notes],
  );
}

export async function employeeExists(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ hit: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM employees WHERE id = $1) AS hit',
    [id],
  );
  return rows[0]!.hit;
}

/** Whether an asset was ever issued to the employee (for the employees module: kept, not deleted). */
export async function employeeHasAssetHistory(tx: Queryable, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM asset_assignments WHERE employee_id = $1) AS any',
    [employeeId],
  );
  return !!rows[0]?.any;
}
