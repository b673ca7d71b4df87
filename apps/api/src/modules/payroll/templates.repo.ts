import type { SalaryTemplateSummary, TemplateLine, TemplateLineBody } from '@hr/contract';
import type { Queryable } from '../../db/client';
import type { BreakupComponent } from './breakup';
import { escapeLike, type ListArgs, toBp } from './components.repo';

const SUMMARY_SELECT = `SELECT t.id, t.name, t.description, t.annual_ctc_paise::float8 AS annual_ctc_paise, t.active,
    (SELECT count(DISTINCT s.employee_id)::int FROM employee_salaries s WHERE s.template_id = t.id) AS employee_count
  FROM salary_templates t`;

export async function listTemplates(tx: Queryable, a: ListArgs) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (a.active !== undefined) where.push(`t.active = $${params.push(a.active)}`);
  if (a.search) where.push(`t.name ILIKE $${params.push(`%${escapeLike(a.search)}%`)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (
    await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM salary_templates t ${w}`, params)
  ).rows[0]!.n;
  const { rows } = await tx.query<SalaryTemplateSummary>(
    `${SUMMARY_SELECT} ${w} ORDER BY lower(t.name), t.id LIMIT $${params.push(a.limit)} OFFSET $${params.push(a.offset)}`,
    params,
  );
  return { rows, total };
}

export async function getTemplate(tx: Queryable, id: string, lock = false) {
  const { rows } = await tx.query<SalaryTemplateSummary>(
    `${SUMMARY_SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function templateLines(tx: Queryable, templateId: string): Promise<TemplateLine[]> {
  const { rows } = await tx.query<TemplateLine>(
    `SELECT l.id, l.earning_id, l.benefit_id, coalesce(e.name, b.name) AS component_name, l.value_type,
        l.amount_paise::float8 AS amount_paise, l.percent_bp::float8 / 100 AS percent
       FROM salary_template_lines l
       LEFT JOIN payroll_earnings e ON e.id = l.earning_id
       LEFT JOIN payroll_benefits b ON b.id = l.benefit_id
      WHERE l.template_id = $1 ORDER BY l.position`,
    [templateId],
  );
  return rows;
}

export async function insertTemplate(
  tx: Queryable,
  companyId: string,
  t: { name: string; description: string; annual_ctc_paise: number; active: boolean },
) {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO salary_templates (company_id, name, description, annual_ctc_paise, active)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [companyId, t.name, t.description, t.annual_ctc_paise, t.active],
  );
  return rows[0]!.id;
}

export async function updateTemplate(
  tx: Queryable,
  id: string,
  t: { name: string; description: string; annual_ctc_paise: number; active: boolean },
) {
  await tx.query(
    `UPDATE salary_templates SET name = $2, description = $3, annual_ctc_paise = $4, active = $5, updated_at = now()
      WHERE id = $1`,
    [id, t.name, t.description, t.annual_ctc_paise, t.active],
  );
}

export async function replaceLines(
  tx: Queryable,
  companyId: string,
  templateId: string,
  lines: TemplateLineBody[],
) {
  await tx.query('DELETE FROM salary_template_lines WHERE template_id = $1', [templateId]);
  for (const [i, l] of lines.entries()) {
    await tx.query(
      `INSERT INTO salary_template_lines (company_id, template_id, earning_id, benefit_id, value_type, amount_paise,
         percent_bp, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        companyId,
        templateId,
        l.earning_id ?? null,
        l.benefit_id ?? null,
        l.value_type,
        l.value_type === 'fixed_amount' ? (l.amount_paise ?? null) : null,
        l.value_type.startsWith('percentage_') ? toBp(l.percent) : null,
        i,
      ],
    );
  }
}

export async function setTemplateActive(tx: Queryable, id: string, active: boolean) {
  const { rows } = await tx.query(
    'UPDATE salary_templates SET active = $2, updated_at = now() WHERE id = $1 RETURNING id',
    [id, active],
  );
  return rows.length > 0;
}

export async function deleteTemplate(tx: Queryable, id: string) {
  await tx.query('DELETE FROM salary_templates WHERE id = $1', [id]);
}

type ComponentRow = {
  id: string;
  group: 'earning' | 'benefit';
  kind: BreakupComponent['kind'];
  name: string;
  active: boolean;
  epf_wage: boolean;
  esi_wage: boolean;
  include_in_ctc: boolean;
  /** Benefits only (null for earnings). */
  benefit_plan: string | null;
  tax_exemption: string | null;
};

/** The earnings and benefits the lines name, by id (of this company only: RLS). */
export async function componentsByIds(tx: Queryable, ids: string[]): Promise<Map<string, ComponentRow>> {
  const { rows } = await tx.query<ComponentRow>(
    `SELECT id, 'earning' AS "group", kind, name, active, epf_wage, esi_wage, true AS include_in_ctc,
            NULL::text AS benefit_plan, NULL::text AS tax_exemption
       FROM payroll_earnings WHERE id = ANY($1::uuid[])
     UNION ALL
     SELECT id, 'benefit' AS "group", 'benefit' AS kind, name, active, false, false, include_in_ctc,
            benefit_plan, tax_exemption
       FROM payroll_benefits WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
