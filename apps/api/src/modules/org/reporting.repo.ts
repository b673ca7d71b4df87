import type { ReportingManagerEntry, ReportingRole } from '@hr/contract';
import type { Queryable } from '../../db/client';

const ROLE_SELECT = `SELECT r.id, r.name, r.priority,
    (SELECT count(*)::int FROM reporting_managers m WHERE m.reporting_role_id = r.id) AS assignment_count
  FROM reporting_roles r`;

export async function listRoles(tx: Queryable): Promise<ReportingRole[]> {
  return (await tx.query<ReportingRole>(`${ROLE_SELECT} ORDER BY r.priority, lower(r.name)`)).rows;
}

export async function getRole(tx: Queryable, id: string, lock = false): Promise<ReportingRole | null> {
  const { rows } = await tx.query<ReportingRole>(
    `${ROLE_SELECT} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function rolesByIds(tx: Queryable, ids: string[]) {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM reporting_roles WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

export async function insertRole(tx: Queryable, companyId: string, name: string, priority: number) {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO reporting_roles (company_id, name, priority) VALUES ($1, $2, $3) RETURNING id',
    [companyId, name, priority],
  );
  return rows[0]!.id;
}

export async function updateRole(tx: Queryable, id: string, name: string, priority: number) {
  await tx.query('UPDATE reporting_roles SET name = $2, priority = $3, updated_at = now() WHERE id = $1', [
    id,
    name,
    priority,
  ]);
}

export async function deleteRole(tx: Queryable, id: string) {
  await tx.query('DELETE FROM reporting_roles WHERE id = $1', [id]);
}

export async function employeesWithRole(tx: Queryable, roleId: string): Promise<string[]> {
  const { rows } = await tx.query<{ employee_id: string }>(
    'SELECT employee_id FROM reporting_managers WHERE reporting_role_id = $1',
    [roleId],
  );
  return rows.map((r) => r.employee_id);
}

export async function employeesWithAnyManager(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ employee_id: string }>(
    'SELECT DISTINCT employee_id FROM reporting_managers',
  );
  return rows.map((r) => r.employee_id);
}

export async function employeeName(tx: Queryable, id: string, lock = false) {
  const { rows } = await tx.query<{ id: string; employee_name: string; manager_id: string | null }>(
    `SELECT id, trim(first_name || ' ' || last_name) AS employee_name, manager_id
       FROM employees WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function existingEmployees(tx: Queryable, ids: string[]) {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM employees WHERE id = ANY($1::uuid[])', [
    ids,
  ]);
  return new Set(rows.map((r) => r.id));
}

export async function managersOf(tx: Queryable, employeeId: string): Promise<ReportingManagerEntry[]> {
  const { rows } = await tx.query<ReportingManagerEntry>(
    `SELECT rm.reporting_role_id, r.name AS reporting_role_name, r.priority, rm.manager_id,
            trim(m.first_name || ' ' || m.last_name) AS manager_name
       FROM reporting_managers rm
       JOIN reporting_roles r ON r.id = rm.reporting_role_id
       JOIN employees m ON m.id = rm.manager_id
      WHERE rm.employee_id = $1
      ORDER BY r.priority`,
    [employeeId],
  );
  return rows;
}

/** Replaces an employee's managers (one per role). */
export async function replaceManagers(
  tx: Queryable,
  companyId: string,
  employeeId: string,
  managers: { reporting_role_id: string; manager_id: string }[],
) {
  await tx.query('DELETE FROM reporting_managers WHERE employee_id = $1', [employeeId]);
  if (managers.length === 0) return;
  await tx.query(
    `INSERT INTO reporting_managers (company_id, employee_id, reporting_role_id, manager_id)
     SELECT $1, $2, r, m FROM unnest($3::uuid[], $4::uuid[]) AS t(r, m)`,
    [companyId, employeeId, managers.map((m) => m.reporting_role_id), managers.map((m) => m.manager_id)],
  );
}

/**
 * The first reporting role in whose chain `employeeId` reaches themselves (walking manager links
 * of that role upwards), or null when there is no cycle. Bounded depth guards against runaway data.
 */
export async function cycleRole(tx: Queryable, employeeId: string): Promise<string | null> {
  const { rows } = await tx.query<{ role_id: string }>(
    `WITH RECURSIVE chain(role_id, manager_id, depth) AS (
       SELECT reporting_role_id, manager_id, 1 FROM reporting_managers WHERE employee_id = $1
       UNION ALL
       SELECT c.role_id, rm.manager_id, c.depth + 1
         FROM chain c
         JOIN reporting_managers rm ON rm.employee_id = c.manager_id AND rm.reporting_role_id = c.role_id
        WHERE c.manager_id <> $1 AND c.depth < 1000
     )
     SELECT role_id FROM chain WHERE manager_id = $1 LIMIT 1`,
    [employeeId],
  );
  return rows[0]?.role_id ?? null;
}

/** Whether following employees.manager_id upwards from `employeeId` comes back to them. */
export async function primaryChainCycles(tx: Queryable, employeeId: string): Promise<boolean> {
  const { rows } = await tx.query<{ hit: boolean }>(
    `WITH RECURSIVE chain(manager_id, depth) AS (
       SELECT manager_id, 1 FROM employees WHERE id = $1
       UNION ALL
       SELECT e.manager_id, c.depth + 1 FROM chain c JOIN employees e ON e.id = c.manager_id
        WHERE c.manager_id <> $1 AND c.depth < 1000
     )
     SELECT EXISTS (SELECT 1 FROM chain WHERE manager_id = $1) AS hit`,
    [employeeId],
  );
  return rows[0]?.hit ?? false;
}

/**
 * Keeps employees.manager_id (what "my team" uses) equal to the manager of the employee's
 * reporting role with the lowest priority number, or null when they have none.
 */
export async function syncPrimaryManagers(tx: Queryable, employeeIds: string[]) {
  if (employeeIds.length === 0) return;
  await tx.query(
    `UPDATE employees e SET manager_id = p.manager_id, updated_at = now()
       FROM (SELECT x.id,
                    (SELECT rm.manager_id FROM reporting_managers rm
                       JOIN reporting_roles r ON r.id = rm.reporting_role_id
                      WHERE rm.employee_id = x.id ORDER BY r.priority LIMIT 1) AS manager_id
               FROM unnest($1::uuid[]) AS x(id)) p
      WHERE e.id = p.id AND e.manager_id IS DISTINCT FROM p.manager_id`,
    [employeeIds],
  );
}

/** One transaction at a time changes a company's reporting structure (so cycle checks see it all). */
export async function lockStructure(tx: Queryable, companyId: string) {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('reporting:' || $1::text))", [companyId]);
}
