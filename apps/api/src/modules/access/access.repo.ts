import type { Role } from '@hr/contract';
import type { Queryable } from '../../db/client';

/** All run inside a tenant transaction: RLS limits them to the actor's company. */

const ROLE_SELECT = `SELECT r.id, r.name, r.description, r.is_system, r.permissions,
    (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS user_count
  FROM roles r`;

export async function listRoles(tx: Queryable): Promise<Role[]> {
  return (await tx.query<Role>(`${ROLE_SELECT} ORDER BY lower(r.name)`)).rows;
}

export async function getRole(tx: Queryable, id: string, lock = false): Promise<Role | null> {
  const { rows } = await tx.query<Role>(`${ROLE_SELECT} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function updateRole(
  tx: Queryable,
  id: string,
  r: { name: string; description: string; permissions: string[] },
): Promise<void> {
  await tx.query(
    'UPDATE roles SET name = $2, description = $3, permissions = $4, updated_at = now() WHERE id = $1',
    [id, r.name, r.description, r.permissions],
  );
}

export async function userRoleOf(tx: Queryable, userId: string): Promise<string | null> {
  const { rows } = await tx.query<{ role_id: string }>('SELECT role_id FROM users WHERE id = $1', [userId]);
  return rows[0]?.role_id ?? null;
}

export async function userOfEmployee(
  tx: Queryable,
  employeeId: string,
): Promise<{ id: string; role_id: string; email: string } | null> {
  const { rows } = await tx.query<{ id: string; role_id: string; email: string }>(
    'SELECT id, role_id, email FROM users WHERE employee_id = $1',
    [employeeId],
  );
  return rows[0] ?? null;
}

export async function setUserRole(tx: Queryable, userId: string, roleId: string): Promise<void> {
  await tx.query('UPDATE users SET role_id = $2, updated_at = now() WHERE id = $1', [userId, roleId]);
}

export async function insertRole(
  tx: Queryable,
  companyId: string,
  r: { name: string; description: string; permissions: string[] },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO roles (company_id, name, description, is_system, permissions)
     VALUES ($1, $2, $3, false, $4) RETURNING id`,
    [companyId, r.name, r.description, r.permissions],
  );
  return rows[0]!.id;
}

export async function deleteRole(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM roles WHERE id = $1', [id]);
}
