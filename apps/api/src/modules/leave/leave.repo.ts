import type { LeaveQueueQuery, LeaveTypeInput, LedgerKind, MyLeaveQuery } from '@hr/contract';
import type { Queryable } from '../../db/client';
import type { CountedDay, Session } from './leave.rules';

const num = (v: unknown) => (v == null ? null : Number(v));

// ---- Leave types ----

export type LeaveTypeRow = {
  id: string;
  name: string;
  code: string;
  paid: boolean;
  unit: 'day' | 'half_day' | 'hour';
  allow_negative: boolean;
  negative_cap: number | null;
  max_per_request: number | null;
  max_per_month: number | null;
  notice_days: number;
  back_dating_days: number | null;
  document_over_days: number | null;
  sandwich_weekly_off_before: boolean;
  sandwich_weekly_off_between: boolean;
  sandwich_weekly_off_after: boolean;
  sandwich_holiday_before: boolean;
  sandwich_holiday_between: boolean;
  sandwich_holiday_after: boolean;
  accrual_frequency: 'monthly' | 'quarterly' | 'yearly' | null;
  accrual_amount: number;
  accrual_pro_rata: boolean;
  accrual_rounding: 'none' | 'half_day';
  carry_forward: boolean;
  carry_forward_cap: number | null;
  carry_forward_expiry_months: number | null;
  encashment: boolean;
  encashment_cap: number | null;
  genders: string[] | null;
  employment_types: string[] | null;
  after_probation: boolean;
  comp_off: boolean;
  comp_off_expiry_days: number | null;
  active: boolean;
};

const NUMERIC_TYPE_COLUMNS = [
  'negative_cap',
  'max_per_request',
  'max_per_month',
  'document_over_days',
  'accrual_amount',
  'carry_forward_cap',
  'encashment_cap',
] as const;
function typeRow(r: Record<string, unknown>): LeaveTypeRow {
  const out = { ...r } as Record<string, unknown>;
  for (const c of NUMERIC_TYPE_COLUMNS) out[c] = num(r[c]);
  return out as LeaveTypeRow;
}

const TYPE_COLUMNS = `id, name, code, paid, unit, allow_negative, negative_cap, max_per_request, max_per_month,
  notice_days, back_dating_days, document_over_days, sandwich_weekly_off_before, sandwich_weekly_off_between,
  sandwich_weekly_off_after, sandwich_holiday_before, sandwich_holiday_between, sandwich_holiday_after,
  accrual_frequency, accrual_amount, accrual_pro_rata, accrual_rounding, carry_forward, carry_forward_cap,
  carry_forward_expiry_months, encashment, encashment_cap, genders, employment_types, after_probation,
  comp_off, comp_off_expiry_days, active`;

export async function listTypes(tx: Queryable, ids?: string[]): Promise<LeaveTypeRow[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${TYPE_COLUMNS} FROM leave_types ${ids ? 'WHERE id = ANY($1::uuid[])' : ''} ORDER BY lower(name)`,
    ids ? [ids] : [],
  );
  return rows.map(typeRow);
}
export async function getType(tx: Queryable, id: string): Promise<LeaveTypeRow | null> {
  return (await listTypes(tx, [id]))[0] ?? null;
}

function typeValues(t: LeaveTypeInput): unknown[] {
  const s = t.sandwich;
  return [
    t.name,
    t.code,
    t.paid,
    t.unit,
    t.allow_negative,
    t.negative_cap,
    t.max_per_request,
    t.max_per_month,
    t.notice_days,
    t.back_dating_days,
    t.document_over_days,
    s.weekly_off_before,
    s.weekly_off_between,
    s.weekly_off_after,
    s.holiday_before,
    s.holiday_between,
    s.holiday_after,
    t.accrual_frequency,
    t.accrual_amount,
    t.accrual_pro_rata,
    t.accrual_rounding,
    t.carry_forward,
    t.carry_forward_cap,
    t.carry_forward_expiry_months,
    t.encashment,
    t.encashment_cap,
    t.genders,
    t.employment_types,
    t.after_probation,
    t.comp_off,
    t.comp_off_expiry_days,
    t.active,
  ];
}
const WRITABLE = TYPE_COLUMNS.replace(/^id, /, '')
  .split(',')
  .map((c) => c.trim());

export async function insertType(tx: Queryable, t: LeaveTypeInput): Promise<string> {
  const values = typeValues(t);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO leave_types (company_id, ${WRITABLE.join(', ')})
     VALUES (current_setting('app.company_id')::uuid, ${values.map((_, i) => `$${i + 1}`).join(', ')})
     RETURNING id`,
    values,
  );
  return rows[0]!.id;
}
export async function updateType(tx: Queryable, id: string, t: LeaveTypeInput): Promise<boolean> {
  const values = typeValues(t);
  const { rows } = await tx.query(
    `UPDATE leave_types SET ${WRITABLE.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, ...values],
  );
  return rows.length > 0;
}
export async function typeInUse(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM leave_requests WHERE leave_type_id = $1
     UNION ALL SELECT 1 FROM leave_ledger WHERE leave_type_id = $1
     UNION ALL SELECT 1 FROM leave_policy_types WHERE leave_type_id = $1 LIMIT 1`,
    [id],
  );
  return rows.length > 0;
}
export async function deleteType(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM leave_types WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

// ---- Policies ----

export type PolicyRow = {
  id: string;
  name: string;
  description: string | null;
  is_base: boolean;
  /** First month of the policy's leave year (1: January to December, 4: April to March). */
  year_start_month: number;
  leave_types: { id: string; name: string; code: string }[];
};
export async function listPolicies(tx: Queryable, ids?: string[]): Promise<PolicyRow[]> {
  const { rows } = await tx.query<PolicyRow>(
    `SELECT p.id, p.name, p.description, p.is_base, p.year_start_month,
            coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'code', t.code) ORDER BY lower(t.name))
                        FROM leave_policy_types pt JOIN leave_types t ON t.id = pt.leave_type_id
                       WHERE pt.leave_policy_id = p.id), '[]'::json) AS leave_types
       FROM leave_policies p ${ids ? 'WHERE p.id = ANY($1::uuid[])' : ''}
      ORDER BY p.is_base DESC, lower(p.name)`,
    ids ? [ids] : [],
  );
  return rows.map((r) => ({
    ...r,
    leave_types: typeof r.leave_types === 'string' ? JSON.parse(r.leave_types) : r.leave_types,
  }));
}
export async function basePolicyId(tx: Queryable): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM leave_policies WHERE is_base LIMIT 1');
  return rows[0]?.id ?? null;
}
export async function savePolicy(
  tx: Queryable,
  id: string | null,
  p: {
    name: string;
    description: string | null;
    is_base: boolean;
    year_start_month?: number;
    leave_type_ids: string[];
  },
): Promise<string | null> {
  if (p.is_base)
    await tx.query('UPDATE leave_policies SET is_base = false WHERE is_base AND id IS DISTINCT FROM $1', [
      id,
    ]);
  let policyId = id;
  if (id) {
    const { rows } = await tx.query(
      `UPDATE leave_policies SET name = $2, description = $3, is_base = $4, year_start_month = $5, updated_at = now()
        WHERE id = $1 RETURNING id`,
      [id, p.name, p.description, p.is_base, p.year_start_month ?? 1],
    );
    if (!rows[0]) return null;
    await tx.query('DELETE FROM leave_policy_types WHERE leave_policy_id = $1', [id]);
  } else {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO leave_policies (company_id, name, description, is_base, year_start_month)
       VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4) RETURNING id`,
      [p.name, p.description, p.is_base, p.year_start_month ?? 1],
    );
    policyId = rows[0]!.id;
  }
  await tx.query(
    `INSERT INTO leave_policy_types (company_id, leave_policy_id, leave_type_id)
     SELECT current_setting('app.company_id')::uuid, $1, t.id FROM leave_types t WHERE t.id = ANY($2::uuid[])`,
    [policyId, p.leave_type_ids],
  );
  return policyId;
}
export async function deletePolicy(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('DELETE FROM leave_policies WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** Master policies with the leave policy each names (the column is this module's, migration 0051). */
export async function masterPolicies(tx: Queryable) {
  const { rows } = await tx.query<{
    id: string;
    name: string;
    is_default: boolean;
    leave_policy_id: string | null;
  }>(
    'SELECT id, name, is_default, leave_policy_id FROM master_policies ORDER BY is_default DESC, lower(name)',
  );
  return rows;
}
export async function setMasterLeavePolicy(
  tx: Queryable,
  masterPolicyId: string,
  leavePolicyId: string | null,
) {
  const { rows } = await tx.query(
    'UPDATE master_policies SET leave_policy_id = $2, updated_at = now() WHERE id = $1 RETURNING id',
    [masterPolicyId, leavePolicyId],
  );
  return rows.length > 0;
}

// ---- Employees ----

export type EmployeeFacts = {
  id: string;
  name: string;
  code: string;
  gender: string | null;
  employment_type: string;
  probation_end: string | null;
  date_of_joining: string;
  exit_date: string | null;
  manager_id: string | null;
  status: string;
};
export async function employees(
  tx: Queryable,
  ids: string[] | 'active',
  lock = false,
): Promise<EmployeeFacts[]> {
  const { rows } = await tx.query<EmployeeFacts>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name, employee_code AS code, gender, employment_type,
            probation_end::text AS probation_end, date_of_joining::text AS date_of_joining,
            exit_date::text AS exit_date, manager_id, status
       FROM employees WHERE ${ids === 'active' ? "status = 'active'" : 'id = ANY($1::uuid[])'}
      ORDER BY id ${lock ? 'FOR UPDATE' : ''}`,
    ids === 'active' ? [] : [ids],
  );
  return rows;
}

// ---- Requests ----

export type RequestRow = {
  id: string;
  employee_id: string;
  employee_code: string;
  employee_name: string;
  leave_type_id: string;
  leave_type_name: string;
  leave_type_code: string;
  paid: boolean;
  from_date: string;
  to_date: string;
  session: Session;
  days: CountedDay[];
  total: number;
  reason: string | null;
  contact: string | null;
  document_id: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'cancelled';
  created_at: unknown;
  /** Leave in hours (0098): the times on the one date and the hours; null for leave in days. */
  from_time: string | null;
  to_time: string | null;
  hours: number | null;
};
const REQUEST_SELECT = `SELECT r.id, r.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
    r.leave_type_id, t.name AS leave_type_name, t.code AS leave_type_code, t.paid, r.from_date::text AS from_date,
    r.to_date::text AS to_date, r.session, r.days, r.total, r.reason, r.contact, r.document_id, r.status, r.created_at,
    r.from_time, r.to_time, r.hours
  FROM leave_requests r JOIN employees e ON e.id = r.employee_id JOIN leave_types t ON t.id = r.leave_type_id`;
const requestRow = (r: RequestRow): RequestRow => ({
  ...r,
  total: Number(r.total),
  hours: r.hours === null || r.hours === undefined ? null : Number(r.hours),
  days: typeof r.days === 'string' ? JSON.parse(r.days) : r.days,
});

export async function getRequests(tx: Queryable, ids: string[], lock = false): Promise<RequestRow[]> {
  const { rows } = await tx.query<RequestRow>(
    `${REQUEST_SELECT} WHERE r.id = ANY($1::uuid[]) ${lock ? 'FOR UPDATE OF r' : ''}`,
    [ids],
  );
  return rows.map(requestRow);
}

export type RequestValues = {
  employeeId: string;
  leaveTypeId: string;
  from: string;
  to: string;
  session: Session;
  days: CountedDay[];
  total: number;
  reason: string | null;
  contact: string | null;
  documentId: string | null;
  /** Leave in hours: the times and the hours (absent or null for leave in days). */
  fromTime?: string | null;
  toTime?: string | null;
  hours?: number | null;
};
export async function insertRequest(tx: Queryable, v: RequestValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO leave_requests (company_id, employee_id, leave_type_id, from_date, to_date, session, days, total,
       reason, contact, document_id, from_time, to_time, hours)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13)
     RETURNING id`,
    [
      v.employeeId,
      v.leaveTypeId,
      v.from,
      v.to,
      v.session,
      JSON.stringify(v.days),
      v.total,
      v.reason,
      v.contact,
      v.documentId,
      v.fromTime ?? null,
      v.toTime ?? null,
      v.hours ?? null,
    ],
  );
  return rows[0]!.id;
}
export async function updateRequest(tx: Queryable, id: string, v: RequestValues): Promise<void> {
  await tx.query(
    `UPDATE leave_requests SET leave_type_id = $2, from_date = $3, to_date = $4, session = $5, days = $6::jsonb,
       total = $7, reason = $8, contact = $9, document_id = $10, from_time = $11, to_time = $12, hours = $13,
       updated_at = now() WHERE id = $1`,
    [
      id,
      v.leaveTypeId,
      v.from,
      v.to,
      v.session,
      JSON.stringify(v.days),
      v.total,
      v.reason,
      v.contact,
      v.documentId,
      v.fromTime ?? null,
      v.toTime ?? null,
      v.hours ?? null,
    ],
  );
}
export async function setStatus(tx: Queryable, id: string, status: RequestRow['status']): Promise<void> {
  await tx.query(
    `UPDATE leave_requests SET status = $2, updated_at = now(),
       decided_at = CASE WHEN $2 IN ('approved', 'rejected') THEN now() ELSE decided_at END,
       cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() ELSE cancelled_at END
     WHERE id = $1`,
    [id, status],
  );
}

/** Pending or approved requests of the employee overlapping the dates (other than `exceptId`). */
export async function overlapping(
  tx: Queryable,
  employeeId: string,
  from: string,
  to: string,
  exceptId: string | null,
) {
  const { rows } = await tx.query<{
    id: string;
    from_date: string;
    to_date: string;
    session: Session;
    status: string;
    from_time: string | null;
    to_time: string | null;
  }>(
    `SELECT id, from_date::text AS from_date, to_date::text AS to_date, session, status, from_time, to_time
       FROM leave_requests
      WHERE employee_id = $1 AND status IN ('pending', 'approved') AND from_date <= $3 AND to_date >= $2
        AND id IS DISTINCT FROM $4`,
    [employeeId, from, to, exceptId],
  );
  return rows;
}

/** Days of pending or approved requests of one type per month 'YYYY-MM', from the stored days. */
export async function takenByMonth(
  tx: Queryable,
  employeeId: string,
  leaveTypeId: string,
  months: string[],
  exceptId: string | null,
): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ month: string; n: string }>(
    `SELECT substr(d->>'date', 1, 7) AS month, sum((d->>'amount')::numeric) AS n
       FROM leave_requests r, jsonb_array_elements(r.days) d
      WHERE r.employee_id = $1 AND r.leave_type_id = $2 AND r.status IN ('pending', 'approved')
        AND r.id IS DISTINCT FROM $4 AND substr(d->>'date', 1, 7) = ANY($3::text[])
      GROUP BY 1`,
    [employeeId, leaveTypeId, months, exceptId],
  );
  return new Map(rows.map((r) => [r.month, Number(r.n)]));
}

/**
 * Days of each leave type the employee has asked for and not yet had decided: pending leave
 * requests (except `exceptId`) and pending encashment requests (except `exceptEncashmentId`). The
 * balance card, a new request's balance check and both encashment paths subtract it alike.
 */
export async function pendingTotals(
  tx: Queryable,
  employeeId: string,
  exceptId: string | null = null,
  exceptEncashmentId: string | null = null,
) {
  const { rows } = await tx.query<{ leave_type_id: string; n: string }>(
    `SELECT leave_type_id, sum(n) AS n FROM (
       SELECT leave_type_id, total AS n FROM leave_requests
        WHERE employee_id = $1 AND status = 'pending' AND id IS DISTINCT FROM $2
       UNION ALL
       SELECT leave_type_id, days FROM leave_encashment_requests
        WHERE employee_id = $1 AND status = 'pending' AND id IS DISTINCT FROM $3) p
      GROUP BY 1`,
    [employeeId, exceptId, exceptEncashmentId],
  );
  return new Map(rows.map((r) => [r.leave_type_id, Number(r.n)]));
}

const SORT: Record<string, string> = {
  from_date: 'r.from_date',
  created_at: 'r.created_at',
  employee_name: "lower(e.first_name || ' ' || e.last_name)",
};

export async function listPage(
  tx: Queryable,
  q: (MyLeaveQuery | LeaveQueueQuery) & { value?: string },
  filter: { employeeId?: string; onlyIds?: string[] },
): Promise<{ rows: RequestRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.employeeId) where.push(`r.employee_id = $${params.push(filter.employeeId)}`);
  if (filter.onlyIds) where.push(`r.id = ANY($${params.push(filter.onlyIds)}::uuid[])`);
  if (q.status) where.push(`r.status = $${params.push(q.status)}`);
  if ('year' in q && q.year) {
    const m = 'month' in q && q.month ? q.month : null;
    const start = m ? `${q.year}-${String(m).padStart(2, '0')}-01` : `${q.year}-01-01`;
    const s = `$${params.push(start)}::date`;
    const end = m
      ? `(${s} + interval '1 month' - interval '1 day')::date`
      : `(${s} + interval '1 year' - interval '1 day')::date`;
    where.push(`r.from_date <= ${end} AND r.to_date >= ${s}`);
  }
  if (q.value) {
    const p = `$${params.push(`%${q.value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;
    where.push(`(lower(e.first_name || ' ' || e.last_name) LIKE ${p} OR lower(e.employee_code) LIKE ${p})`);
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = `${SORT[q.sortBy] ?? 'r.created_at'} ${q.sortOrder === 'asc' ? 'ASC' : 'DESC'}, r.id`;
  const { rows } = await tx.query<RequestRow & { full_count: string }>(
    `${REQUEST_SELECT.replace('SELECT ', 'SELECT count(*) OVER () AS full_count, ')} ${w} ORDER BY ${order}
     LIMIT $${params.push(q.records)} OFFSET $${params.push((q.page - 1) * q.records)}`,
    params,
  );
  return { rows: rows.map(requestRow), total: Number(rows[0]?.full_count ?? 0) };
}

/** Approved or pending leave days of employees in a date range (for calendars and LOP). */
export async function leaveDays(
  tx: Queryable,
  employeeIds: string[] | null,
  from: string,
  to: string,
  opts: { unpaidApprovedOnly?: boolean } = {},
) {
  const params: unknown[] = [from, to, from, to];
  const who = employeeIds ? `AND r.employee_id = ANY($${params.push(employeeIds)}::uuid[])` : '';
  const only = opts.unpaidApprovedOnly
    ? "AND r.status = 'approved' AND NOT t.paid AND r.hours IS NULL"
    : "AND r.status IN ('pending', 'approved')";
  const { rows } = await tx.query<{
    request_id: string;
    employee_id: string;
    employee_name: string;
    leave_type: string;
    date: string;
    amount: string;
    status: RequestRow['status'];
  }>(
    `SELECT r.id AS request_id, r.employee_id, trim(e.first_name || ' ' || e.last_name) AS employee_name,
            t.name AS leave_type, d->>'date' AS date, (d->>'amount')::numeric AS amount, r.status
       FROM leave_requests r JOIN leave_types t ON t.id = r.leave_type_id JOIN employees e ON e.id = r.employee_id,
            jsonb_array_elements(r.days) d
      WHERE r.from_date <= $2::date AND r.to_date >= $1::date ${who} ${only}
        AND d->>'date' BETWEEN $3::text AND $4::text AND (d->>'amount')::numeric > 0
      ORDER BY d->>'date', employee_name`,
    params,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

// ---- Ledger ----

export type LedgerRow = {
  id: string;
  employee_id: string;
  leave_type_id: string;
  date: string;
  kind: LedgerKind;
  amount: number;
  expires_on: string | null;
  reason: string;
  rule: string | null;
  ref: string | null;
  source_key: string | null;
  created_at: unknown;
};
export type NewEntry = {
  employeeId: string;
  leaveTypeId: string;
  date: string;
  kind: LedgerKind;
  amount: number;
  reason: string;
  rule?: string | null;
  ref?: string | null;
  expiresOn?: string | null;
  /** Set for automatic entries: a second insert with the same key does nothing. */
  sourceKey?: string | null;
  createdBy?: string | null;
};
/** Appends entries; returns how many were new (the rest were already there by source key). */
export async function appendEntries(tx: Queryable, entries: NewEntry[]): Promise<number> {
  // One statement per 10,000 rows: each column goes as one array parameter (unnest), so the size
  // of a batch is not bound by the 65,535 parameters of a statement and binding stays cheap.
  let n = 0;
  for (let i = 0; i < entries.length; i += 10_000) n += await appendChunk(tx, entries.slice(i, i + 10_000));
  return n;
}
async function appendChunk(tx: Queryable, entries: NewEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const col = <T>(f: (e: NewEntry) => T) => entries.map(f);
  const { rows } = await tx.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason, rule, ref,
         expires_on, source_key, created_by)
       SELECT current_setting('app.company_id')::uuid, v.* FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::text[],
         $5::numeric[], $6::text[], $7::text[], $8::text[], $9::date[], $10::text[], $11::uuid[]) AS v
       ON CONFLICT (company_id, employee_id, leave_type_id, source_key) WHERE source_key IS NOT NULL DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [
      col((e) => e.employeeId),
      col((e) => e.leaveTypeId),
      col((e) => e.date),
      col((e) => e.kind),
      col((e) => e.amount),
      col((e) => e.reason),
      col((e) => e.rule ?? null),
      col((e) => e.ref ?? null),
      col((e) => e.expiresOn ?? null),
      col((e) => e.sourceKey ?? null),
      col((e) => e.createdBy ?? null),
    ],
  );
  return Number(rows[0]!.n);
}

export async function entries(
  tx: Queryable,
  employeeIds: string[],
  leaveTypeId?: string,
): Promise<LedgerRow[]> {
  const { rows } = await tx.query<LedgerRow>(
    `SELECT id, employee_id, leave_type_id, entry_date::text AS date, kind, amount, expires_on::text AS expires_on,
            reason, rule, ref, source_key, created_at
       FROM leave_ledger WHERE employee_id = ANY($1::uuid[]) ${leaveTypeId ? 'AND leave_type_id = $2' : ''}
      ORDER BY employee_id, leave_type_id, entry_date, created_at, id`,
    leaveTypeId ? [employeeIds, leaveTypeId] : [employeeIds],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/**
 * Balances of one employee: every leave type they hold ledger entries or pending requests for, in one
 * statement (indexed sums).
 */
export async function balanceRows(tx: Queryable, employeeId: string) {
  const { rows } = await tx.query<{
    leave_type_id: string;
    name: string;
    code: string;
    paid: boolean;
    unit: 'day' | 'half_day' | 'hour';
    balance: string;
    pending: string;
  }>(
    `WITH l AS (SELECT leave_type_id, sum(amount) AS n FROM leave_ledger
                 WHERE company_id = current_setting('app.company_id')::uuid AND employee_id = $1 GROUP BY 1),
          p AS (SELECT leave_type_id, sum(total) AS n FROM leave_requests
                 WHERE company_id = current_setting('app.company_id')::uuid AND employee_id = $1 AND status = 'pending'
                 GROUP BY 1)
     SELECT t.id AS leave_type_id, t.name, t.code, t.paid, t.unit, coalesce(l.n, 0) AS balance, coalesce(p.n, 0) AS pending
       FROM leave_types t LEFT JOIN l ON l.leave_type_id = t.id LEFT JOIN p ON p.leave_type_id = t.id
      WHERE l.leave_type_id IS NOT NULL OR p.leave_type_id IS NOT NULL OR t.id = ANY($2::uuid[])
      ORDER BY lower(t.name)`,
    [employeeId, []],
  );
  return rows;
}

/** Balances of one employee by leave type up to a date: one indexed sum. */
export async function balances(
  tx: Queryable,
  employeeId: string,
  asOf: string,
): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ leave_type_id: string; n: string }>(
    `SELECT leave_type_id, sum(amount) AS n FROM leave_ledger
      WHERE company_id = current_setting('app.company_id')::uuid AND employee_id = $1 AND entry_date <= $2
      GROUP BY leave_type_id`,
    [employeeId, asOf],
  );
  return new Map(rows.map((r) => [r.leave_type_id, Number(r.n)]));
}

/** Source keys already posted for these employees and a type, with their sums (accrual reconciliation). */
export async function postedByRef(
  tx: Queryable,
  employeeIds: string[],
  leaveTypeId: string,
  kind: LedgerKind,
  since: string,
) {
  const { rows } = await tx.query<{ employee_id: string; ref: string; n: string; c: string }>(
    `SELECT employee_id, ref, sum(amount) AS n, count(*) AS c FROM leave_ledger
      WHERE employee_id = ANY($1::uuid[]) AND leave_type_id = $2 AND kind = $3 AND ref IS NOT NULL
        AND entry_date >= $4
      GROUP BY employee_id, ref`,
    [employeeIds, leaveTypeId, kind, since],
  );
  const out = new Map<string, Map<string, { sum: number; count: number }>>();
  for (const r of rows) {
    const m = out.get(r.employee_id) ?? new Map<string, { sum: number; count: number }>();
    out.set(r.employee_id, m);
    m.set(r.ref, { sum: Number(r.n), count: Number(r.c) });
  }
  return out;
}

// ---------- the leave balances report (read by the reports module through index.ts) ----------

export type LeaveReportFilter = {
  asOf: string;
  from: string;
  to: string;
  leaveTypeId?: string;
  divisionId?: string;
  /** Only these employees (a narrower data scope); null: the whole company. */
  employeeIds: string[] | null;
};

export type LeaveReportRow = {
  employee_id: string;
  employee_code: string | null;
  employee_name: string;
  division_name: string | null;
  leave_type_id: string;
  leave_type_name: string;
  /** Sum of the ledger up to and including `asOf`. */
  balance: number;
  /** Days taken in [from, to]: used entries less those given back by a cancellation. */
  used: number;
};

/**
 * Balance on a date and usage in a period per employee and leave type, for every pair with a
 * ledger entry; after `after` (employee code, id, type name) and `size` at most, for export batches.
 */
export async function leaveReportRows(
  tx: Queryable,
  f: LeaveReportFilter,
  after: { employee_code: string | null; employee_id: string; leave_type_name: string } | null,
  size: number,
): Promise<LeaveReportRow[]> {
  const params: unknown[] = [f.asOf, f.from, f.to];
  const where: string[] = [];
  if (f.leaveTypeId) where.push(`l.leave_type_id = $${params.push(f.leaveTypeId)}::uuid`);
  if (f.divisionId) where.push(`u.division_id = $${params.push(f.divisionId)}::uuid`);
  if (f.employeeIds) where.push(`l.employee_id = ANY($${params.push(f.employeeIds)}::uuid[])`);
  const outer: string[] = [];
  if (after) {
    outer.push(
      `(coalesce(employee_code, ''), employee_id, lower(leave_type_name)) > ($${params.push(after.employee_code ?? '')}::text, $${params.push(after.employee_id)}::uuid, lower($${params.push(after.leave_type_name)}::text))`,
    );
  }
  const { rows } = await tx.query<LeaveReportRow>(
    `SELECT * FROM (
       SELECT l.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name,
              d.name AS division_name, t.id AS leave_type_id, t.name AS leave_type_name,
              (coalesce(sum(l.amount) FILTER (WHERE l.entry_date <= $1::date), 0))::float8 AS balance,
              (-coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('used', 'cancelled')
                                                AND l.entry_date BETWEEN $2::date AND $3::date), 0))::float8 AS used
         FROM leave_ledger l JOIN leave_types t ON t.id = l.leave_type_id
         JOIN employees e ON e.id = l.employee_id
         LEFT JOIN division_units u ON u.id = e.division_unit_id
         LEFT JOIN divisions d ON d.id = u.division_id
        WHERE l.entry_date <= greatest($1::date, $3::date) ${where.length ? `AND ${where.join(' AND ')}` : ''}
        GROUP BY l.employee_id, e.employee_code, e.first_name, e.last_name, d.name, t.id, t.name
     ) r ${outer.length ? `WHERE ${outer.join(' AND ')}` : ''}
     ORDER BY coalesce(employee_code, ''), employee_id, lower(leave_type_name)
     LIMIT $${params.push(size)}`,
    params,
  );
  return rows;
}

/** The report's totals by leave type: days used, balance summed, employees with the type. */
export async function leaveReportByType(tx: Queryable, f: LeaveReportFilter) {
  const params: unknown[] = [f.asOf, f.from, f.to];
  const where: string[] = [];
  if (f.leaveTypeId) where.push(`l.leave_type_id = $${params.push(f.leaveTypeId)}::uuid`);
  if (f.divisionId) where.push(`u.division_id = $${params.push(f.divisionId)}::uuid`);
  if (f.employeeIds) where.push(`l.employee_id = ANY($${params.push(f.employeeIds)}::uuid[])`);
  const { rows } = await tx.query<{
    leave_type_id: string;
    leave_type_name: string;
    used: number;
    balance: number;
    employees: number;
  }>(
    `SELECT t.id AS leave_type_id, t.name AS leave_type_name,
            (-coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('used', 'cancelled')
                                              AND l.entry_date BETWEEN $2::date AND $3::date), 0))::float8 AS used,
            (coalesce(sum(l.amount) FILTER (WHERE l.entry_date <= $1::date), 0))::float8 AS balance,
            count(DISTINCT l.employee_id)::int AS employees
       FROM leave_ledger l JOIN leave_types t ON t.id = l.leave_type_id
       JOIN employees e ON e.id = l.employee_id
       LEFT JOIN division_units u ON u.id = e.division_unit_id
      WHERE l.entry_date <= greatest($1::date, $3::date) ${where.length ? `AND ${where.join(' AND ')}` : ''}
      GROUP BY t.id, t.name ORDER BY lower(t.name)`,
    params,
  );
  return rows;
}

/**
 * Accruals posted for a leave type in the given periods (keys) since a date, per employee as one
 * string "key=paise/entries,..." in key order: one statement for every employee (the accrual run
 * compares it with what each should have and reads nothing else for those that agree).
 */
export async function postedAccruals(
  tx: Queryable,
  leaveTypeId: string,
  keys: string[],
  since: string,
): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ employee_id: string; f: string }>(
    `SELECT employee_id, string_agg(ref || '=' || paise || '/' || c, ',' ORDER BY ref COLLATE "C") AS f
       FROM (SELECT employee_id, ref, (sum(amount) * 100)::bigint AS paise, count(*) AS c FROM leave_ledger
              WHERE leave_type_id = $1 AND kind = 'accrual' AND ref = ANY($2::text[]) AND entry_date >= $3
              GROUP BY employee_id, ref) x
      GROUP BY employee_id`,
    [leaveTypeId, keys, since],
  );
  return new Map(rows.map((r) => [r.employee_id, r.f]));
}
