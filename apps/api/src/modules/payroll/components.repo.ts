import type { Benefit, BenefitBody, Deduction, DeductionBody, Earning, EarningBody } from '@hr/contract';
import type { Queryable } from '../../db/client';

/** All run inside a tenant transaction: RLS limits them to the actor's company. */

export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
export const toBp = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? null : Math.round(percent * 100);

export type ListArgs = { limit: number; offset: number; active?: boolean; search?: string };

function listWhere(alias: string, a: ListArgs, params: unknown[]) {
  const where: string[] = [];
  if (a.active !== undefined) where.push(`${alias}.active = $${params.push(a.active)}`);
  if (a.search) where.push(`${alias}.name ILIKE $${params.push(`%${escapeLike(a.search)}%`)}`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

async function paged<T>(
  tx: Queryable,
  select: string,
  from: string,
  alias: string,
  order: string,
  a: ListArgs,
) {
  const params: unknown[] = [];
  const where = listWhere(alias, a, params);
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} ${where}`, params))
    .rows[0]!.n;
  const { rows } = await tx.query<T>(
    `${select} FROM ${from} ${where} ORDER BY ${order}, ${alias}.id LIMIT $${params.push(a.limit)} OFFSET $${params.push(a.offset)}`,
    params,
  );
  return { rows, total };
}

// ---- Earnings -------------------------------------------------------------------------------

const EARNING_SELECT = `SELECT e.id, e.name, e.payslip_name, e.kind, e.earning_type, e.value_type,
    e.amount_paise::float8 AS amount_paise, e.percent_bp::float8 / 100 AS percent, e.taxable, e.epf_wage,
    e.esi_wage, e.prorated, e.show_on_payslip, e.active,
    (SELECT count(DISTINCT l.template_id)::int FROM salary_template_lines l WHERE l.earning_id = e.id) AS template_count`;
// Basic first, the balancing line last, then by name: the order of a payslip.
const EARNING_ORDER = `CASE e.kind WHEN 'basic' THEN 0 WHEN 'hra' THEN 1 WHEN 'special_allowance' THEN 3 ELSE 2 END, lower(e.name)`;

export const listEarnings = (tx: Queryable, a: ListArgs) =>
  paged<Earning>(tx, EARNING_SELECT, 'payroll_earnings e', 'e', EARNING_ORDER, a);

export async function earningsWhere(tx: Queryable, cond: string, params: unknown[] = []) {
  const { rows } = await tx.query<Earning>(
    `${EARNING_SELECT} FROM payroll_earnings e WHERE ${cond} ORDER BY ${EARNING_ORDER}, e.id`,
    params,
  );
  return rows;
}

export async function getEarning(tx: Queryable, id: string, lock = false): Promise<Earning | null> {
  const { rows } = await tx.query<Earning>(
    `${EARNING_SELECT} FROM payroll_earnings e WHERE e.id = $1${lock ? ' FOR UPDATE OF e' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

const earningValues = (b: EarningBody) => [
  b.name,
  b.payslip_name ?? b.name,
  b.kind,
  b.earning_type,
  b.value_type,
  b.value_type === 'fixed_amount' ? (b.amount_paise ?? null) : null,
  b.value_type.startsWith('percentage_') ? toBp(b.percent) : null,
  b.taxable,
  b.epf_wage,
  b.esi_wage,
  b.prorated,
  b.show_on_payslip,
  b.active,
];

export async function insertEarning(tx: Queryable, companyId: string, b: EarningBody) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO payroll_earnings (company_id, name, payslip_name, kind, earning_type, value_type, amount_paise,
       percent_bp, taxable, epf_wage, esi_wage, prorated, show_on_payslip, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [companyId, ...earningValues(b)],
  );
  return rows[0]!.id;
}

export async function updateEarning(tx: Queryable, id: string, b: EarningBody) {
  await tx.query(
    `UPDATE payroll_earnings SET name = $2, payslip_name = $3, kind = $4, earning_type = $5, value_type = $6,
       amount_paise = $7, percent_bp = $8, taxable = $9, epf_wage = $10, esi_wage = $11, prorated = $12,
       show_on_payslip = $13, active = $14, updated_at = now() WHERE id = $1`,
    [id, ...earningValues(b)],
  );
}

// ---- Deductions -----------------------------------------------------------------------------

const DEDUCTION_SELECT = 'SELECT d.id, d.name, d.payslip_name, d.frequency, d.active';
export const listDeductions = (tx: Queryable, a: ListArgs) =>
  paged<Deduction>(tx, DEDUCTION_SELECT, 'payroll_deductions d', 'd', 'lower(d.name)', a);

export async function getDeduction(tx: Queryable, id: string, lock = false): Promise<Deduction | null> {
  const { rows } = await tx.query<Deduction>(
    `${DEDUCTION_SELECT} FROM payroll_deductions d WHERE d.id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertDeduction(tx: Queryable, companyId: string, b: DeductionBody) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO payroll_deductions (company_id, name, payslip_name, frequency, active)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [companyId, b.name, b.payslip_name ?? b.name, b.frequency, b.active],
  );
  return rows[0]!.id;
}

export async function updateDeduction(tx: Queryable, id: string, b: DeductionBody) {
  await tx.query(
    `UPDATE payroll_deductions SET name = $2, payslip_name = $3, frequency = $4, active = $5, updated_at = now()
      WHERE id = $1`,
    [id, b.name, b.payslip_name ?? b.name, b.frequency, b.active],
  );
}

// ---- Benefits -------------------------------------------------------------------------------

const BENEFIT_SELECT = `SELECT b.id, b.name, b.payslip_name, b.benefit_plan, b.tax_exemption, b.value_type,
    b.amount_paise::float8 AS amount_paise, b.percent_bp::float8 / 100 AS percent, b.include_in_ctc, b.active,
    (SELECT count(DISTINCT l.template_id)::int FROM salary_template_lines l WHERE l.benefit_id = b.id) AS template_count`;
export const listBenefits = (tx: Queryable, a: ListArgs) =>
  paged<Benefit>(tx, BENEFIT_SELECT, 'payroll_benefits b', 'b', 'lower(b.name)', a);

export async function benefitsWhere(tx: Queryable, cond: string, params: unknown[] = []) {
  const { rows } = await tx.query<Benefit>(
    `${BENEFIT_SELECT} FROM payroll_benefits b WHERE ${cond} ORDER BY lower(b.name), b.id`,
    params,
  );
  return rows;
}

export async function getBenefit(tx: Queryable, id: string, lock = false): Promise<Benefit | null> {
  const { rows } = await tx.query<Benefit>(
    `${BENEFIT_SELECT} FROM payroll_benefits b WHERE b.id = $1${lock ? ' FOR UPDATE OF b' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

const benefitValues = (b: BenefitBody) => [
  b.name,
  b.payslip_name ?? b.name,
  b.benefit_plan,
  b.tax_exemption,
  b.value_type,
  b.value_type === 'fixed_amount' ? (b.amount_paise ?? null) : null,
  b.value_type.startsWith('percentage_') ? toBp(b.percent) : null,
  b.include_in_ctc,
  b.active,
];

export async function insertBenefit(tx: Queryable, companyId: string, b: BenefitBody) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO payroll_benefits (company_id, name, payslip_name, benefit_plan, tax_exemption, value_type,
       amount_paise, percent_bp, include_in_ctc, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [companyId, ...benefitValues(b)],
  );
  return rows[0]!.id;
}

export async function updateBenefit(tx: Queryable, id: string, b: BenefitBody) {
  await tx.query(
    `UPDATE payroll_benefits SET name = $2, payslip_name = $3, benefit_plan = $4, tax_exemption = $5,
       value_type = $6, amount_paise = $7, percent_bp = $8, include_in_ctc = $9, active = $10, updated_at = now()
     WHERE id = $1`,
    [id, ...benefitValues(b)],
  );
}

// ---- Shared ---------------------------------------------------------------------------------

export type ComponentTable = 'payroll_earnings' | 'payroll_deductions' | 'payroll_benefits';

export async function setActive(tx: Queryable, table: ComponentTable, id: string, active: boolean) {
  const { rows } = await tx.query(
    `UPDATE ${table} SET active = $2, updated_at = now() WHERE id = $1 RETURNING id`,
    [id, active],
  );
  return rows.length > 0;
}

export async function deleteComponent(tx: Queryable, table: ComponentTable, id: string) {
  await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
}

/** Names of the templates that use an earning or benefit (a delete is refused while any does). */
export async function templatesUsing(tx: Queryable, column: 'earning_id' | 'benefit_id', id: string) {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT DISTINCT t.name FROM salary_template_lines l JOIN salary_templates t ON t.id = l.template_id
      WHERE l.${column} = $1 ORDER BY t.name`,
    [id],
  );
  return rows.map((r) => r.name);
}
