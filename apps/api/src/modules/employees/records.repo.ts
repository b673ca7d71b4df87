import type { AddressInput, Education, Experience, FamilyMember } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { employeeHasApprovalHistory } from '../approvals';
import { userHasAuditHistory } from '../audit';
import { employeeHasAssetHistory } from '../org';
import { type ScopeFilter, scopeWhere } from './employees.repo';

/** Every stored column of an employee record, dates as text, sensitive fields still encrypted. */
export type EmployeeRow = {
  id: string;
  employee_code: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  employee_name: string;
  email: string;
  personal_email: string | null;
  phone: string | null;
  designation: string | null;
  date_of_joining: string;
  status: 'active' | 'inactive' | 'exited';
  gender: string | null;
  date_of_birth: string | null;
  division_unit_id: string | null;
  manager_id: string | null;
  employment_type: string;
  probation_end: string | null;
  exit_date: string | null;
  work_location: string | null;
  grade: string | null;
  cost_centre: string | null;
  blood_group: string | null;
  marital_status: string | null;
  nationality: string | null;
  profile_image: string | null;
  pan_enc: string | null;
  pan_last4: string | null;
  aadhaar_enc: string | null;
  aadhaar_last4: string | null;
  uan: string | null;
  esi_number: string | null;
  bank_name: string | null;
  bank_branch: string | null;
  bank_account_enc: string | null;
  bank_account_last4: string | null;
  bank_ifsc: string | null;
  bank_holder_name: string | null;
  epf_applicable: boolean;
  esi_applicable: boolean;
  pt_state: string | null;
  lwf_applicable: boolean;
  has_disability: boolean;
  tax_regime: string;
  division_id: string | null;
  division_name: string | null;
  unit_name: string | null;
  manager_name: string | null;
  manager_code: string | null;
  user_id: string | null;
  role_id: string | null;
  role_name: string | null;
  sign_in_active: boolean | null;
};

/** Columns a write may set (whitelist: names never come from input). */
export const WRITABLE_COLUMNS = [
  'employee_code',
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'personal_email',
  'phone',
  'designation',
  'date_of_joining',
  'status',
  'gender',
  'date_of_birth',
  'division_unit_id',
  'manager_id',
  'employment_type',
  'probation_end',
  'exit_date',
  'work_location',
  'grade',
  'cost_centre',
  'blood_group',
  'marital_status',
  'nationality',
  'pan_enc',
  'pan_last4',
  'aadhaar_enc',
  'aadhaar_last4',
  'uan',
  'esi_number',
  'bank_name',
  'bank_branch',
  'bank_account_enc',
  'bank_account_last4',
  'bank_ifsc',
  'bank_holder_name',
  'epf_applicable',
  'esi_applicable',
  'pt_state',
  'lwf_applicable',
  'has_disability',
  'tax_regime',
] as const;
export type WritableColumn = (typeof WRITABLE_COLUMNS)[number];
export type EmployeeValues = Partial<Record<WritableColumn, unknown>>;

const DATE_COLS = ['date_of_joining', 'date_of_birth', 'probation_end', 'exit_date'];
const RECORD_COLUMNS = `p.id, p.employee_code, p.first_name, p.middle_name, p.last_name,
  trim(p.first_name || ' ' || p.last_name) AS employee_name, p.email, p.personal_email, p.phone,
  p.designation, ${DATE_COLS.map((c) => `p.${c}::text AS ${c}`).join(', ')}, p.status, p.gender,
  p.division_unit_id, p.manager_id, p.employment_type, p.work_location, p.grade, p.cost_centre,
  p.blood_group, p.marital_status, p.nationality, p.profile_image, p.pan_enc, p.pan_last4,
  p.aadhaar_enc, p.aadhaar_last4, p.uan, p.esi_number, p.bank_name, p.bank_branch,
  p.bank_account_enc, p.bank_account_last4, p.bank_ifsc, p.bank_holder_name, p.epf_applicable,
  p.esi_applicable, p.pt_state, p.lwf_applicable, p.has_disability, p.tax_regime,
  d.id AS division_id, d.name AS division_name, u.name AS unit_name,
  CASE WHEN m.id IS NULL THEN NULL ELSE trim(m.first_name || ' ' || m.last_name) END AS manager_name,
  m.employee_code AS manager_code, us.id AS user_id, us.role_id, r.name AS role_name,
  us.is_active AS sign_in_active`;

/** One employee with look-ups, or null when missing or out of the actor's scope. */
export async function findRecord(tx: Queryable, id: string, s: ScopeFilter): Promise<EmployeeRow | null> {
  const params: unknown[] = [id];
  const scope = scopeWhere(s, params, 'p');
  const { rows } = await tx.query<EmployeeRow>(
    `SELECT ${RECORD_COLUMNS}
       FROM employees p
       LEFT JOIN division_units u ON u.id = p.division_unit_id
       LEFT JOIN divisions d ON d.id = u.division_id
       LEFT JOIN employees m ON m.id = p.manager_id
       LEFT JOIN users us ON us.employee_id = p.id
       LEFT JOIN roles r ON r.id = us.role_id
      WHERE p.id = $1 ${scope ? `AND ${scope}` : ''}`,
    params,
  );
  return rows[0] ?? null;
}

export async function listAddresses(tx: Queryable, employeeId: string) {
  const { rows } = await tx.query<AddressInput & { id: string; line2: string | null; country: string }>(
    `SELECT id, kind, line1, line2, city, state, postal_code, country
       FROM employee_addresses WHERE employee_id = $1 ORDER BY kind DESC`,
    [employeeId],
  );
  return rows;
}

export async function upsertAddress(tx: Queryable, companyId: string, employeeId: string, a: AddressInput) {
  await tx.query(
    `INSERT INTO employee_addresses (company_id, employee_id, kind, line1, line2, city, state, postal_code, country)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, 'India'))
     ON CONFLICT (employee_id, kind) DO UPDATE SET line1 = EXCLUDED.line1, line2 = EXCLUDED.line2,
       city = EXCLUDED.city, state = EXCLUDED.state, postal_code = EXCLUDED.postal_code,
       country = EXCLUDED.country, updated_at = now()`,
    [
      companyId,
      employeeId,
      a.kind,
      a.line1,
      a.line2 ?? null,
      a.city,
      a.state,
      a.postal_code,
      a.country ?? null,
    ],
  );
}

export async function insertEmployee(
  tx: Queryable,
  companyId: string,
  v: EmployeeValues & { employee_code: string; first_name: string; email: string; date_of_joining: string },
): Promise<string> {
  const cols = (Object.keys(v) as WritableColumn[]).filter(
    (c) => WRITABLE_COLUMNS.includes(c) && v[c] !== undefined,
  );
  const params: unknown[] = [companyId, ...cols.map((c) => v[c])];
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO employees (company_id, ${cols.join(', ')})
     VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    params,
  );
  return rows[0]!.id;
}

export async function updateEmployee(tx: Queryable, id: string, v: EmployeeValues): Promise<void> {
  const cols = (Object.keys(v) as WritableColumn[]).filter(
    (c) => WRITABLE_COLUMNS.includes(c) && v[c] !== undefined,
  );
  if (cols.length === 0) return;
  const params: unknown[] = [id, ...cols.map((c) => v[c])];
  await tx.query(
    `UPDATE employees SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
      WHERE id = $1`,
    params,
  );
}

export async function deleteEmployee(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM users WHERE employee_id = $1', [id]);
  await tx.query('DELETE FROM employees WHERE id = $1', [id]);
}

/** Whether anything refers to this employee that must be kept: then we deactivate, not delete. */
export async function hasHistory(tx: Queryable, employeeId: string, userId: string | null): Promise<boolean> {
  const { rows } = await tx.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM employee_experience WHERE employee_id = $1)
         OR EXISTS (SELECT 1 FROM employee_education WHERE employee_id = $1)
         OR EXISTS (SELECT 1 FROM employee_family WHERE employee_id = $1)
         OR EXISTS (SELECT 1 FROM employees WHERE manager_id = $1) AS any`,
    [employeeId],
  );
  // Requests, assets and the audit log belong to other modules: asked through their index.
  return (
    rows[0]!.any ||
    (await employeeHasApprovalHistory(tx, employeeId)) ||
    (await employeeHasAssetHistory(tx, employeeId)) ||
    (userId !== null && (await userHasAuditHistory(tx, userId)))
  );
}

export async function setSignInActive(tx: Queryable, employeeId: string, active: boolean) {
  await tx.query('UPDATE users SET is_active = $2, updated_at = now() WHERE employee_id = $1', [
    employeeId,
    active,
  ]);
}

export async function setSignInEmail(tx: Queryable, employeeId: string, email: string) {
  await tx.query('UPDATE users SET email = $2, updated_at = now() WHERE employee_id = $1', [
    employeeId,
    email,
  ]);
}

export async function insertUser(
  tx: Queryable,
  u: {
    companyId: string;
    email: string;
    passwordHash: string;
    roleId: string;
    employeeId: string;
    active: boolean;
  },
) {
  await tx.query(
    `INSERT INTO users (company_id, email, password_hash, role_id, employee_id, is_active)
     VALUES ($1, lower($2), $3, $4, $5, $6)`,
    [u.companyId, u.email, u.passwordHash, u.roleId, u.employeeId, u.active],
  );
}

/** Of these lower-cased emails, those a sign-in of any company already uses. */
export async function emailsInUse(tx: Queryable, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = await tx.query<{ e: string }>('SELECT hr_emails_in_use($1::text[]) AS e', [emails]);
  return new Set(rows.map((r) => r.e));
}

/** Employees of the company holding any of these codes or (lower-cased) emails. */
export async function findByCodesOrEmails(tx: Queryable, codes: string[], emails: string[]) {
  const { rows } = await tx.query<{ id: string; employee_code: string; email: string }>(
    `SELECT id, employee_code, lower(email) AS email FROM employees
      WHERE employee_code = ANY ($1::text[]) OR lower(email) = ANY ($2::text[])`,
    [codes, emails],
  );
  return rows;
}

export async function codePrefix(tx: Queryable): Promise<string> {
  const { rows } = await tx.query<{ p: string | null }>('SELECT hr_employee_code_prefix() AS p');
  return rows[0]?.p ?? 'EMP';
}

/** The number the next generated code would take (the template's example; allocation is below). */
export async function nextCodeNumber(tx: Queryable, prefix: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT greatest(
        (SELECT coalesce(max(substring(employee_code FROM length($1) + 1)::bigint), 0) FROM employees
          WHERE left(employee_code, length($1)) = $1
            AND substring(employee_code FROM length($1) + 1) ~ '^[0-9]{1,9}$'),
        (SELECT coalesce(max(last_number), 0) FROM employee_code_counters WHERE prefix = $1)
      )::int + 1 AS n`,
    [prefix],
  );
  return rows[0]!.n;
}

/**
 * Takes `count` consecutive code numbers for `prefix` and returns the first. The counter row is
 * locked by the upsert until the transaction ends, so concurrent creates get distinct numbers; it
 * never falls below the highest existing code (codes typed in by hand move it on).
 */
export async function allocateCodeNumbers(
  tx: Queryable,
  companyId: string,
  prefix: string,
  count: number,
): Promise<number> {
  const { rows } = await tx.query<{ last: string }>(
    `INSERT INTO employee_code_counters AS c (company_id, prefix, last_number)
     SELECT $1::uuid, $2::text, coalesce(max(substring(employee_code FROM length($2) + 1)::bigint), 0) + $3::int
       FROM employees
      WHERE left(employee_code, length($2)) = $2
        AND substring(employee_code FROM length($2) + 1) ~ '^[0-9]{1,9}$'
     ON CONFLICT (company_id, prefix)
       DO UPDATE SET last_number = greatest(c.last_number, EXCLUDED.last_number - $3::int) + $3::int
     RETURNING c.last_number::text AS last`,
    [companyId, prefix, count],
  );
  return Number(rows[0]!.last) - count + 1;
}

export async function roleIdByName(tx: Queryable, name: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM roles WHERE lower(name) = lower($1)', [
    name,
  ]);
  return rows[0]?.id ?? null;
}
export async function findRole(
  tx: Queryable,
  id: string,
): Promise<{ id: string; name: string; permissions: string[] } | null> {
  const { rows } = await tx.query<{ id: string; name: string; permissions: string[] }>(
    'SELECT id, name, permissions FROM roles WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** The permissions the employee's sign-in holds through its role (none without a sign-in). */
export async function signInPermissions(tx: Queryable, employeeId: string): Promise<string[]> {
  const { rows } = await tx.query<{ permissions: string[] }>(
    'SELECT r.permissions FROM users u JOIN roles r ON r.id = u.role_id WHERE u.employee_id = $1',
    [employeeId],
  );
  return rows[0]?.permissions ?? [];
}

export async function setSignInRole(tx: Queryable, employeeId: string, roleId: string) {
  await tx.query('UPDATE users SET role_id = $2, updated_at = now() WHERE employee_id = $1', [
    employeeId,
    roleId,
  ]);
}
export async function unitExists(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM division_units WHERE id = $1', [id]);
  return rows.length > 0;
}
export async function employeeExists(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM employees WHERE id = $1', [id]);
  return rows.length > 0;
}

/** Whether `managerId` is `employeeId` or reports (transitively) to them: a cycle if linked. */
export async function wouldCycle(tx: Queryable, employeeId: string, managerId: string): Promise<boolean> {
  const { rows } = await tx.query<{ hit: boolean }>(
    `WITH RECURSIVE chain(id, depth) AS (
       SELECT $2::uuid, 0
       UNION ALL
       SELECT e.manager_id, c.depth + 1 FROM employees e JOIN chain c ON e.id = c.id
        WHERE e.manager_id IS NOT NULL AND c.depth < 200
     ) SELECT EXISTS (SELECT 1 FROM chain WHERE id = $1::uuid) AS hit`,
    [employeeId, managerId],
  );
  return rows[0]!.hit;
}

export async function dropdown(tx: Queryable, s: ScopeFilter, q: string | undefined, limit: number) {
  const params: unknown[] = [];
  const where = ["e.status = 'active'"];
  const scope = scopeWhere(s, params);
  if (scope) where.push(scope);
  if (q) {
    const p = `$${params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    where.push(`((e.first_name || ' ' || e.last_name) ILIKE ${p} OR e.employee_code ILIKE ${p})`);
  }
  const { rows } = await tx.query<{ id: string; name: string; employee_code: string }>(
    `SELECT e.id, trim(e.first_name || ' ' || e.last_name) AS name, e.employee_code
       FROM employees e WHERE ${where.join(' AND ')}
      ORDER BY e.first_name, e.last_name, e.id LIMIT $${params.push(limit)}`,
    params,
  );
  return rows;
}

// Experience, education, family: generic over three tables with whitelisted columns.
export const CHILD_TABLES = {
  experience: {
    table: 'employee_experience',
    columns: ['company_name', 'designation', 'employment_type', 'start_date', 'end_date', 'location'],
    select: `id, employee_id, company_name, designation, employment_type, start_date::text AS start_date,
      end_date::text AS end_date, location`,
    order: 'start_date DESC, id',
  },
  education: {
    table: 'employee_education',
    columns: ['education_type', 'institution', 'degree', 'field_of_study', 'year_of_passing', 'score'],
    select: 'id, employee_id, education_type, institution, degree, field_of_study, year_of_passing, score',
    order: 'year_of_passing DESC NULLS LAST, id',
  },
  family: {
    table: 'employee_family',
    columns: ['name', 'relation', 'date_of_birth', 'occupation', 'phone', 'email', 'nominee_share'],
    select: `id, employee_id, name, relation, date_of_birth::text AS date_of_birth, occupation, phone, email,
      nominee_share::float8 AS nominee_share`,
    order: 'created_at, id',
  },
} as const;
export type ChildKind = keyof typeof CHILD_TABLES;
export type ChildRow = Experience | Education | FamilyMember;

export async function listChildren(tx: Queryable, kind: ChildKind, employeeId: string): Promise<ChildRow[]> {
  const t = CHILD_TABLES[kind];
  const { rows } = await tx.query<ChildRow>(
    `SELECT ${t.select} FROM ${t.table} WHERE employee_id = $1 ORDER BY ${t.order}`,
    [employeeId],
  );
  return rows;
}

export async function findChild(tx: Queryable, kind: ChildKind, id: string): Promise<ChildRow | null> {
  const t = CHILD_TABLES[kind];
  const { rows } = await tx.query<ChildRow>(`SELECT ${t.select} FROM ${t.table} WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function insertChild(
  tx: Queryable,
  kind: ChildKind,
  companyId: string,
  employeeId: string,
  values: Record<string, unknown>,
): Promise<ChildRow> {
  const t = CHILD_TABLES[kind];
  const cols = t.columns.filter((c) => values[c] !== undefined);
  const { rows } = await tx.query<ChildRow>(
    `INSERT INTO ${t.table} (company_id, employee_id, ${cols.join(', ')})
     VALUES ($1, $2, ${cols.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING ${t.select}`,
    [companyId, employeeId, ...cols.map((c) => values[c])],
  );
  return rows[0]!;
}

export async function updateChild(
  tx: Queryable,
  kind: ChildKind,
  id: string,
  values: Record<string, unknown>,
): Promise<ChildRow> {
  const t = CHILD_TABLES[kind];
  const cols = t.columns as readonly string[];
  const { rows } = await tx.query<ChildRow>(
    `UPDATE ${t.table} SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
      WHERE id = $1 RETURNING ${t.select}`,
    [id, ...cols.map((c) => values[c] ?? null)],
  );
  return rows[0]!;
}

export async function deleteChild(tx: Queryable, kind: ChildKind, id: string): Promise<void> {
  await tx.query(`DELETE FROM ${CHILD_TABLES[kind].table} WHERE id = $1`, [id]);
}

/** Sum of nominee shares of an employee's family, leaving one member out (the one being edited). */
export async function nomineeTotal(
  tx: Queryable,
  employeeId: string,
  exceptId: string | null,
): Promise<number> {
  const { rows } = await tx.query<{ total: number }>(
    `SELECT coalesce(sum(nominee_share), 0)::float8 AS total FROM employee_family
      WHERE employee_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [employeeId, exceptId],
  );
  return rows[0]!.total;
}
