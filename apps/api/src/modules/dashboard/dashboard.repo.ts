import type { AdminDashboard, TeamDashboard } from '@hr/contract';
import type { Queryable } from '../../db/client';

/** All run inside a tenant transaction; `today` is the company's date (YYYY-MM-DD). */

export async function headcountFigures(tx: Queryable, today: string) {
  const { rows } = await tx.query<{ headcount: number; joiners: number; exits: number }>(
    `SELECT count(*) FILTER (WHERE status = 'active')::int AS headcount,
            count(*) FILTER (WHERE date_of_joining >= date_trunc('month', $1::date)
                               AND date_of_joining < date_trunc('month', $1::date) + interval '1 month')::int AS joiners,
            count(*) FILTER (WHERE exit_date >= date_trunc('month', $1::date)
                               AND exit_date < date_trunc('month', $1::date) + interval '1 month')::int AS exits
       FROM employees`,
    [today],
  );
  return rows[0]!;
}

export async function headcountByDivision(tx: Queryable): Promise<AdminDashboard['headcount_by_division']> {
  const { rows } = await tx.query<AdminDashboard['headcount_by_division'][number]>(
    `SELECT d.id AS division_id, coalesce(d.name, 'Unassigned') AS division_name, count(e.id)::int AS headcount
       FROM employees e
       LEFT JOIN division_units u ON u.id = e.division_unit_id
       LEFT JOIN divisions d ON d.id = u.division_id
      WHERE e.status = 'active'
      GROUP BY d.id, d.name
     UNION ALL
     SELECT d.id, d.name, 0 FROM divisions d
      WHERE NOT EXISTS (SELECT 1 FROM division_units u JOIN employees e ON e.division_unit_id = u.id
                         WHERE u.division_id = d.id AND e.status = 'active')
      ORDER BY 3 DESC, 2`,
  );
  return rows;
}

/**
 * Active employees whose birthday (or joining anniversary) falls within the next `days` days,
 * counted from `today`. A 29 February date is celebrated on 28 February in other years.
 */
export async function upcoming(
  tx: Queryable,
  today: string,
  column: 'date_of_birth' | 'date_of_joining',
  days = 30,
) {
  const { rows } = await tx.query<{
    employee_id: string;
    employee_name: string;
    date: string;
    days_until: number;
    years: number;
  }>(
    `WITH days AS (
       SELECT d::date AS day FROM generate_series($1::date, $1::date + $2::int, interval '1 day') AS d
     )
     SELECT e.id AS employee_id, trim(e.first_name || ' ' || e.last_name) AS employee_name,
            days.day::text AS date, (days.day - $1::date)::int AS days_until,
            (extract(year FROM days.day) - extract(year FROM e.${column}))::int AS years
       FROM employees e
       JOIN days ON extract(month FROM days.day) = extract(month FROM e.${column})
                AND (extract(day FROM days.day) = extract(day FROM e.${column})
                     OR (extract(month FROM e.${column}) = 2 AND extract(day FROM e.${column}) = 29
                         AND extract(day FROM days.day) = 28
                         AND extract(day FROM (days.day + 1)) = 1))
      WHERE e.status = 'active' AND e.${column} IS NOT NULL AND e.${column} < days.day
      ORDER BY days.day, employee_name
      LIMIT 50`,
    [today, days],
  );
  return rows;
}

export async function directReports(tx: Queryable, managerId: string): Promise<TeamDashboard['team']> {
  const { rows } = await tx.query<TeamDashboard['team'][number]>(
    `SELECT e.id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name, e.designation,
            u.name AS unit_name, e.status
       FROM employees e LEFT JOIN division_units u ON u.id = e.division_unit_id
      WHERE e.manager_id = $1
      ORDER BY e.status, e.first_name, e.last_name, e.id`,
    [managerId],
  );
  return rows;
}

/** The employee's display name (first and last), or null when not an employee of this company. */
export async function employeeName(tx: Queryable, employeeId: string): Promise<string | null> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT trim(first_name || ' ' || last_name) AS name FROM employees WHERE id = $1`,
    [employeeId],
  );
  return rows[0]?.name ?? null;
}

/** Active people who report to me directly (employees.manager_id), for the team leave calendar. */
export async function activeReportIds(tx: Queryable, managerId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    "SELECT id FROM employees WHERE manager_id = $1 AND status = 'active'",
    [managerId],
  );
  return rows.map((r) => r.id);
}
