import type { Division, DivisionListQuery, DivisionUnit } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { escapeLike, paging } from './org.shared';

/** All run inside a tenant transaction: RLS limits them to the actor's company. */

const SORT: Record<DivisionListQuery['sortBy'], string> = {
  name: 'lower(d.name)',
  created_at: 'd.created_at',
};

const DIVISION_SELECT = `SELECT d.id, d.name, d.description,
    (SELECT count(*)::int FROM employees e JOIN division_units u ON u.id = e.division_unit_id
      WHERE u.division_id = d.id) AS employee_count,
    coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', u.name,
        'employee_count', (SELECT count(*)::int FROM employees e WHERE e.division_unit_id = u.id))
        ORDER BY lower(u.name))
      FROM division_units u WHERE u.division_id = d.id), '[]'::json) AS units
  FROM divisions d`;

export async function listDivisions(
  tx: Queryable,
  q: DivisionListQuery,
): Promise<{ rows: Division[]; total: number }> {
  const params: unknown[] = [];
  let where = '';
  if (q.search) {
    const p = `$${params.push(`%${escapeLike(q.search)}%`)}`;
    where = `WHERE d.name ILIKE ${p} OR EXISTS (SELECT 1 FROM division_units u WHERE u.division_id = d.id AND u.name ILIKE ${p})`;
  }
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM divisions d ${where}`, params))
    .rows[0]!.n;
  const { limit, offset } = paging(q);
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await tx.query<Division>(
    `${DIVISION_SELECT} ${where} ORDER BY ${SORT[q.sortBy]} ${dir}, d.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
    params,
  );
  return { rows, total };
}

export async function getDivision(tx: Queryable, id: string, lock = false): Promise<Division | null> {
  const { rows } = await tx.query<Division>(
    `${DIVISION_SELECT} WHERE d.id = $1${lock ? ' FOR UPDATE OF d' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertDivision(tx: Queryable, companyId: string, name: string, description: string) {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO divisions (company_id, name, description) VALUES ($1, $2, $3) RETURNING id',
    [companyId, name, description],
  );
  return rows[0]!.id;
}

export async function updateDivision(tx: Queryable, id: string, name: string, description: string) {
  await tx.query('UPDATE divisions SET name = $2, description = $3, updated_at = now() WHERE id = $1', [
    id,
    name,
    description,
  ]);
}

export async function deleteDivision(tx: Queryable, id: string) {
  await tx.query('DELETE FROM divisions WHERE id = $1', [id]);
}

export async function divisionDropdown(tx: Queryable) {
  const { rows } = await tx.query<{ id: string; name: string; units: { id: string; name: string }[] }>(
    `SELECT d.id, d.name,
       coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', u.name) ORDER BY lower(u.name))
                   FROM division_units u WHERE u.division_id = d.id), '[]'::json) AS units
       FROM divisions d ORDER BY lower(d.name)`,
  );
  return rows;
}

export async function getUnit(
  tx: Queryable,
  divisionId: string,
  unitId: string,
  lock = false,
): Promise<(DivisionUnit & { division_id: string }) | null> {
  const { rows } = await tx.query<DivisionUnit & { division_id: string }>(
    `SELECT u.id, u.name, u.division_id,
       (SELECT count(*)::int FROM employees e WHERE e.division_unit_id = u.id) AS employee_count
       FROM division_units u WHERE u.id = $1 AND u.division_id = $2${lock ? ' FOR UPDATE OF u' : ''}`,
    [unitId, divisionId],
  );
  return rows[0] ?? null;
}

export async function insertUnit(tx: Queryable, companyId: string, divisionId: string, name: string) {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO division_units (company_id, division_id, name) VALUES ($1, $2, $3) RETURNING id',
    [companyId, divisionId, name],
  );
  return rows[0]!.id;
}

export async function renameUnit(tx: Queryable, unitId: string, name: string) {
  await tx.query('UPDATE division_units SET name = $2, updated_at = now() WHERE id = $1', [unitId, name]);
}

export async function deleteUnit(tx: Queryable, unitId: string) {
  await tx.query('DELETE FROM division_units WHERE id = $1', [unitId]);
}

/** The given employees with their current unit, locked for the move; ids not found are absent. */
export async function employeesForMove(tx: Queryable, ids: string[]) {
  const { rows } = await tx.query<{ id: string; division_unit_id: string | null }>(
    'SELECT id, division_unit_id FROM employees WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  return rows;
}

export async function setUnitOf(tx: Queryable, ids: string[], unitId: string | null) {
  await tx.query(
    'UPDATE employees SET division_unit_id = $2, updated_at = now() WHERE id = ANY($1::uuid[]) AND division_unit_id IS DISTINCT FROM $2',
    [ids, unitId],
  );
}
