import type { HeadcountMonth, HeadcountReport, JoinerLeaverRow, JoinersLeaversFilter } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { type ScopeFilter, scopeWhere } from '../employees';

/**
 * Headcount arithmetic, on the dates alone: someone is employed at the end of day d when they
 * joined on or before d and have no exit date or one after d (the exit date is the last working
 * day). So closing = opening + joiners − leavers holds for every month, a person who joins and
 * leaves in the same month included. The division is the employee's current one (transfers keep
 * no history yet).
 */
function staffFilter(scope: ScopeFilter, divisionId: string | undefined, params: unknown[]): string {
  const where: string[] = [];
  if (divisionId) where.push(`u.division_id = $${params.push(divisionId)}::uuid`);
  const scoped = scopeWhere(scope, params, 'e');
  if (scoped) where.push(scoped);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

export async function headcountMonths(
  tx: Queryable,
  scope: ScopeFilter,
  q: { from: string; to: string; division_id?: string },
): Promise<HeadcountMonth[]> {
  const params: unknown[] = [`${q.from}-01`, `${q.to}-01`];
  const filter = staffFilter(scope, q.division_id, params);
  const { rows } = await tx.query<Omit<HeadcountMonth, 'attrition_pct'>>(
    `WITH months AS (
       SELECT m::date AS start, (m + interval '1 month' - interval '1 day')::date AS last
         FROM generate_series($1::date, $2::date, interval '1 month') AS m
     ), staff AS (
       SELECT e.date_of_joining AS joined, e.exit_date AS exited
         FROM employees e LEFT JOIN division_units u ON u.id = e.division_unit_id
       ${filter}
     )
     SELECT to_char(m.start, 'YYYY-MM') AS month,
            count(s.joined) FILTER (WHERE s.joined < m.start AND (s.exited IS NULL OR s.exited >= m.start))::int AS opening,
            count(s.joined) FILTER (WHERE s.joined BETWEEN m.start AND m.last)::int AS joiners,
            count(s.joined) FILTER (WHERE s.exited BETWEEN m.start AND m.last)::int AS leavers,
            count(s.joined) FILTER (WHERE s.joined <= m.last AND (s.exited IS NULL OR s.exited > m.last))::int AS closing
       FROM months m LEFT JOIN staff s ON true
      GROUP BY m.start ORDER BY m.start`,
    params,
  );
  return rows.map((r) => ({ ...r, attrition_pct: attritionPct(r.leavers, r.opening, r.closing) }));
}

/** Leavers over the average headcount of the month, in percent to one decimal. */
export function attritionPct(leavers: number, opening: number, closing: number): number | null {
  const average = (opening + closing) / 2;
  if (average === 0) return null;
  return Math.round((leavers / average) * 1000) / 10;
}

export async function headcountByDivision(
  tx: Queryable,
  scope: ScopeFilter,
  q: { to: string; division_id?: string },
): Promise<HeadcountReport['by_division']> {
  const params: unknown[] = [`${q.to}-01`];
  const filter = staffFilter(scope, q.division_id, params);
  const { rows } = await tx.query<HeadcountReport['by_division'][number]>(
    `WITH day AS (SELECT ($1::date + interval '1 month' - interval '1 day')::date AS last)
     SELECT d.id AS division_id, coalesce(d.name, 'Unassigned') AS division_name, count(*)::int AS headcount
       FROM employees e
       LEFT JOIN division_units u ON u.id = e.division_unit_id
       LEFT JOIN divisions d ON d.id = u.division_id
       CROSS JOIN day
       ${filter ? `${filter} AND` : 'WHERE'} e.date_of_joining <= day.last AND (e.exit_date IS NULL OR e.exit_date > day.last)
      GROUP BY d.id, d.name
      ORDER BY 3 DESC, 2`,
    params,
  );
  return rows;
}

// Whitelisted sort expressions over the report's own columns (user input never reaches the SQL).
const SORTS: Record<JoinersLeaversFilter['sortBy'], string> = {
  date: 'date',
  employee_code: 'employee_code',
  employee_name: 'lower(employee_name)',
  division_name: 'lower(division_name)',
};

function eventsQuery(scope: ScopeFilter, q: JoinersLeaversFilter, params: unknown[]): string {
  params.push(q.from, q.to);
  const kinds: string[] = [];
  if (q.kind !== 'leavers')
    kinds.push(
      `SELECT id, 'joined' AS event, date_of_joining AS date FROM employees WHERE date_of_joining BETWEEN $1::date AND $2::date`,
    );
  if (q.kind !== 'joiners')
    kinds.push(
      `SELECT id, 'left' AS event, exit_date AS date FROM employees WHERE exit_date BETWEEN $1::date AND $2::date`,
    );
  const filter = staffFilter(scope, q.division_id, params);
  return `WITH ev AS (${kinds.join(' UNION ALL ')})
    SELECT e.id AS employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
           e.designation, d.name AS division_name, u.name AS unit_name, ev.event, ev.date::text AS date
      FROM ev JOIN employees e ON e.id = ev.id
      LEFT JOIN division_units u ON u.id = e.division_unit_id
      LEFT JOIN divisions d ON d.id = u.division_id
      ${filter}`;
}

export async function joinersLeaversPage(
  tx: Queryable,
  scope: ScopeFilter,
  q: JoinersLeaversFilter & { page: number; records: number },
): Promise<{ rows: JoinerLeaverRow[]; total: number }> {
  const params: unknown[] = [];
  const base = eventsQuery(scope, q, params);
  const order = `${SORTS[q.sortBy]} ${q.sortOrder === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, employee_code, event`;
  const limit = `$${params.push(q.records)}`;
  const offset = `$${params.push((q.page - 1) * q.records)}`;
  const { rows } = await tx.query<JoinerLeaverRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM (${base}) AS r ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}

/** Every row of the filter, in export batches walked by keyset (no OFFSET over a large set). */
export async function joinersLeaversBatch(
  tx: Queryable,
  scope: ScopeFilter,
  q: JoinersLeaversFilter,
  after: { date: string; employee_code: string; event: string } | null,
  size: number,
): Promise<JoinerLeaverRow[]> {
  const params: unknown[] = [];
  const base = eventsQuery(scope, q, params);
  let where = '';
  if (after) {
    const a = params.push(after.date, after.employee_code, after.event);
    where = `WHERE (date, employee_code, event) > ($${a - 2}::text, $${a - 1}::text, $${a}::text)`;
  }
  const { rows } = await tx.query<JoinerLeaverRow>(
    `SELECT * FROM (${base}) AS r ${where} ORDER BY date, employee_code, event LIMIT $${params.push(size)}`,
    params,
  );
  return rows;
}

/** The employees a narrower data scope (team, self) may report on; null for the whole company. */
export async function scopedEmployeeIds(tx: Queryable, scope: ScopeFilter): Promise<string[] | null> {
  const params: unknown[] = [];
  const where = scopeWhere(scope, params, 'e');
  if (!where) return null;
  const { rows } = await tx.query<{ id: string }>(`SELECT e.id FROM employees e WHERE ${where}`, params);
  return rows.map((r) => r.id);
}
