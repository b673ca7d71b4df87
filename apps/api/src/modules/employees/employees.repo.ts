import type { DataScope, EmployeeRecordsListQuery, EmployeeSummary as Summary } from '@hr/contract';

/** A list row as read; the service adds the caller's abilities. */
type EmployeeSummary = Omit<Summary, 'abilities'>;

import type { Queryable } from '../../db/client';

/** Which employees an actor may see: everyone, self plus direct reports, or self. */
export type ScopeFilter = { scope: DataScope; employeeId: string | null };

// Whitelisted sort columns (never interpolate user input into SQL).
const SORT_COLUMNS: Record<EmployeeRecordsListQuery['sortBy'], string> = {
  employee_code: 'e.employee_code',
  first_name: 'e.first_name',
  last_name: 'e.last_name',
  email: 'lower(e.email)',
  date_of_joining: 'e.date_of_joining',
  created_at: 'e.created_at',
};

export function scopeWhere(s: ScopeFilter, params: unknown[], alias = 'e'): string | null {
  if (s.scope === 'company') return null;
  if (!s.employeeId) return 'false';
  const p = `$${params.push(s.employeeId)}`;
  return s.scope === 'team' ? `(${alias}.id = ${p} OR ${alias}.manager_id = ${p})` : `${alias}.id = ${p}`;
}

/** Indexed suffix length and field codes of employee_search_terms (migration 0014). */
const SEARCH_TERM_LENGTH = 32;
const SEARCHED = {
  name: "lower(e.first_name || ' ' || e.last_name)",
  employee_code: 'lower(e.employee_code)',
  email: 'lower(e.email)',
};
const FIELD_CODE = { name: 'n', employee_code: 'c', email: 'e' } as const;

// unit_name, division_name and manager_name are kept on the row by triggers (migration 0013), so
// a page reads the employees table alone.
const SUMMARY_COLUMNS = `p.id, p.employee_code, p.first_name, p.last_name,
  trim(p.first_name || ' ' || p.last_name) AS employee_name, p.email, p.designation,
  p.division_name, p.unit_name, p.manager_id, p.manager_name,
  p.date_of_joining::text AS date_of_joining, p.status`;

/**
 * List texts by shape. Built anew they were a tenth of the bytes allocated per request (and the
 * same string object also keeps its hash for the prepared-statement lookup). Shapes come from
 * whitelisted pieces, so they are few; past the cap a text is simply not kept.
 */
const SHAPES_MAX = 500;
const shapes = new Map<string, string>();
function sqlOfShape(shape: string, build: () => string): string {
  let sql = shapes.get(shape);
  if (sql === undefined) {
    sql = build();
    if (shapes.size < SHAPES_MAX) shapes.set(shape, sql);
  }
  return sql;
}

/** The total rides on every row (and on one empty row when the page is empty). */
function pageOf(rows: (EmployeeSummary & { total: number; id: string | null })[]) {
  const total = rows[0]?.total ?? 0;
  return { total, rows: rows.filter((r) => r.id !== null).map(({ total: _t, ...r }) => r) };
}

/**
 * A search's parameter numbers. Its SQL is written from them only when a shape is first met
 * (`hitsSql`, `recheckSql`), so a request builds no SQL text, only its values.
 */
type Search = {
  key: EmployeeRecordsListQuery['key'];
  field: number;
  lo: number;
  hi: number;
  /** The whole value, when it is longer than an indexed suffix (null otherwise). */
  value: number | null;
};

function searchOf(q: EmployeeRecordsListQuery, value: string, params: unknown[]): Search {
  const head = [...value].slice(0, SEARCH_TERM_LENGTH).join('');
  return {
    key: q.key,
    field: params.push(q.key ? FIELD_CODE[q.key] : '{n,c,e}'),
    lo: params.push(head),
    hi: params.push(`${head}\u{10FFFF}`),
    value: head === value ? null : params.push(value),
  };
}

/** The employees (with their codes) some suffix of whose searched fields starts with the value. */
function hitsSql(s: Search): string {
  // One field is an equality; all three an array (which the B-tree handles as three ranges).
  const field = s.key ? `t.field = $${s.field}::"char"` : `t.field = ANY($${s.field}::"char"[])`;
  return `SELECT DISTINCT t.employee_id, t.employee_code FROM employee_search_terms t
         WHERE ${field} AND t.term >= $${s.lo}::text COLLATE "C" AND t.term < $${s.hi}::text COLLATE "C"`;
}

/** Longer than the indexed suffixes: the candidates share the first characters; check all. */
function recheckSql(s: Search, value: number): string {
  const cols = s.key ? [SEARCHED[s.key]] : Object.values(SEARCHED);
  return `(${cols.map((c) => `strpos(${c}, $${value}::text) > 0`).join(' OR ')})`;
}

/**
 * One round trip: the total (the head-count, the search's match count, or an index count on the
 * same filter) joined to the page. Runs with the tenant's company set (RLS adds the company).
 */
export async function listEmployees(
  tx: Queryable,
  q: EmployeeRecordsListQuery,
  s: ScopeFilter,
): Promise<{ rows: EmployeeSummary[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const scope = scopeWhere(s, params);
  if (scope) where.push(scope);
  if (q.unit_id) where.push(`e.division_unit_id = $${params.push(q.unit_id)}`);
  if (q.status) where.push(`e.status = $${params.push(q.status)}`);
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  // "Contains v" is "some suffix of the field starts with v": a range scan of the suffix index
  // (migration 0014), as hr_app under the policy (text comparison is leakproof, so row-level
  // security lets the index be used). The scope above still applies to the rows read.
  const search = q.value ? searchOf(q, q.value.toLowerCase(), params) : null;
  const limit = params.push(q.records);
  const offset = params.push((q.page - 1) * q.records);
  // The filter pieces, the searched field, the sort and direction determine the whole text, so it
  // is built once per shape; the key is made of short pieces.
  const searched = search ? `${search.key ?? 'any'}${search.value ? '+' : ''}` : '';
  const sql =
    search && !search.value && where.length === 0 && q.sortBy === 'employee_code'
      ? sqlOfShape(`code|${searched}|${dir}`, () => searchByCodeSql(search, dir, limit, offset))
      : sqlOfShape(`${where.join(' AND ')}|${searched}|${q.sortBy}|${dir}`, () =>
          listSql(where, search, SORT_COLUMNS[q.sortBy], dir, limit, offset),
        );
  const { rows } = await tx.query<EmployeeSummary & { total: number; id: string | null }>(sql, params);
  return pageOf(rows);
}

function listSql(
  filters: string[],
  search: Search | null,
  sort: string,
  dir: 'ASC' | 'DESC',
  limit: number,
  offset: number,
): string {
  const where = [...filters];
  let matches = '';
  if (search) {
    matches = `matches AS MATERIALIZED (SELECT ARRAY(SELECT employee_id FROM (${hitsSql(search)}) h) AS ids), `;
    where.push(`e.id = ANY((SELECT ids FROM matches)::uuid[])`);
    if (search.value) where.push(recheckSql(search, search.value));
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // With no filter at all the total is the company's head-count, kept by triggers (migration
  // 0002). A search alone (whole company, no other filter) counts its matches without reading
  // the rows.
  const totalSql =
    where.length === 0
      ? 'SELECT coalesce((SELECT total FROM employee_counts), 0) AS total'
      : where.length === 1 && matches
        ? 'SELECT cardinality(ids) AS total FROM matches'
        : `SELECT count(*)::int AS total FROM employees e ${whereSql}`;
  return `WITH ${matches}page AS (
       SELECT e.*, ${sort} AS sort_key FROM employees e ${whereSql}
       ORDER BY ${sort} ${dir}, e.id ${dir} LIMIT $${limit} OFFSET $${offset}
     ), total AS (${totalSql})
     SELECT total.total, ${SUMMARY_COLUMNS}
       FROM total LEFT JOIN page p ON true
      ORDER BY p.sort_key ${dir}, p.id ${dir}`;
}

/**
 * The commonest search (the whole company, sorted by code): the suffix index carries each
 * employee's code, so the page is chosen from the index alone and only its rows are read.
 * The page's ids go through an array: a join would let a generic plan (LIMIT unknown) hash the
 * table.
 */
function searchByCodeSql(search: Search, dir: 'ASC' | 'DESC', limit: number, offset: number): string {
  return `WITH hits AS MATERIALIZED (${hitsSql(search)}),
     page AS (
       SELECT ARRAY(SELECT employee_id FROM hits
                     ORDER BY employee_code ${dir}, employee_id ${dir} LIMIT $${limit} OFFSET $${offset}) AS ids
     ), total AS (SELECT count(*)::int AS total FROM hits)
     SELECT total.total, ${SUMMARY_COLUMNS}
       FROM total LEFT JOIN employees p ON p.id = ANY((SELECT ids FROM page)::uuid[])
      ORDER BY p.employee_code ${dir}, p.id ${dir}`;
}

export async function getEmployee(
  tx: Queryable,
  id: string,
  s: ScopeFilter,
): Promise<EmployeeSummary | null> {
  const params: unknown[] = [id];
  const scope = scopeWhere(s, params, 'p');
  const { rows } = await tx.query<EmployeeSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM employees p
      WHERE p.id = $1 ${scope ? `AND ${scope}` : ''}`,
    params,
  );
  return rows[0] ?? null;
}
