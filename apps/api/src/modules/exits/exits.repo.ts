import type { Exit, ExitQuery } from '@hr/contract';
import type { Queryable } from '../../db/client';

/** An exit row with the employee's name and code (the approval state is added by the service). */
export type ExitRow = {
  id: string;
  employee_id: string;
  employee_code: string;
  employee_name: string;
  date_of_joining: string;
  kind: Exit['kind'];
  reason: string;
  notice_given_on: string;
  requested_last_day: string;
  agreed_last_day: string | null;
  notice_days: number;
  waived_days: number;
  fixed_term: boolean;
  status: Exit['status'];
  created_at: unknown;
  decided_at: unknown;
};

const ROW_SQL = `SELECT x.id, x.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
         to_char(e.date_of_joining, 'YYYY-MM-DD') AS date_of_joining, x.kind, x.reason,
         to_char(x.notice_given_on, 'YYYY-MM-DD') AS notice_given_on,
         to_char(x.requested_last_day, 'YYYY-MM-DD') AS requested_last_day,
         to_char(x.agreed_last_day, 'YYYY-MM-DD') AS agreed_last_day,
         x.notice_days, x.waived_days, x.fixed_term, x.status, x.created_at, x.decided_at
    FROM employee_exits x JOIN employees e ON e.id = x.employee_id`;

export async function getRows(tx: Queryable, ids: string[], lock = false): Promise<ExitRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<ExitRow>(
    `${ROW_SQL} WHERE x.id = ANY($1::uuid[]) ${lock ? 'FOR UPDATE OF x' : ''}`,
    [ids],
  );
  return rows;
}

/** The employee's latest exit (any status), or null. */
export async function latestOf(tx: Queryable, employeeId: string): Promise<ExitRow | null> {
  const { rows } = await tx.query<ExitRow>(
    `${ROW_SQL} WHERE x.employee_id = $1 ORDER BY x.created_at DESC, x.id LIMIT 1`,
    [employeeId],
  );
  return rows[0] ?? null;
}

const SORT: Record<ExitQuery['sortBy'], string> = {
  created_at: 'x.created_at',
  employee_name: "lower(e.first_name || ' ' || e.last_name)",
};

export async function listPage(
  tx: Queryable,
  q: ExitQuery,
  filter: { kind?: Exit['kind']; onlyIds?: string[] },
): Promise<{ rows: ExitRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.kind) {
    params.push(filter.kind);
    where.push(`x.kind = $${params.length}`);
  }
  if (filter.onlyIds) {
    params.push(filter.onlyIds);
    where.push(`x.id = ANY($${params.length}::uuid[])`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`x.status = $${params.length}`);
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  params.push(q.records, (q.page - 1) * q.records);
  const { rows } = await tx.query<ExitRow & { total: string }>(
    `${ROW_SQL.replace('FROM employee_exits x', ', count(*) OVER () AS total FROM employee_exits x')}
      ${w} ORDER BY ${SORT[q.sortBy]} ${q.sortOrder === 'asc' ? 'ASC' : 'DESC'}, x.id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

export async function setDecision(
  tx: Queryable,
  id: string,
  status: ExitRow['status'],
  agreedLastDay: string | null,
) {
  await tx.query(
    `UPDATE employee_exits SET status = $2, agreed_last_day = $3::date, decided_at = now(), updated_at = now()
      WHERE id = $1`,
    [id, status, agreedLastDay],
  );
}

/** The employee row the exit rules read, locked (one exit at a time per employee). */
export async function employeeOf(
  tx: Queryable,
  employeeId: string,
): Promise<{ id: string; date_of_joining: string; status: string; name: string } | null> {
  const { rows } = await tx.query<{ id: string; date_of_joining: string; status: string; name: string }>(
    `SELECT id, to_char(date_of_joining, 'YYYY-MM-DD') AS date_of_joining, status,
            trim(first_name || ' ' || last_name) AS name
       FROM employees WHERE id = $1 FOR UPDATE`,
    [employeeId],
  );
  return rows[0] ?? null;
}
