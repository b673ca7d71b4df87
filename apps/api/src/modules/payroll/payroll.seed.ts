import type { Db, Queryable } from '../../db/client';

/**
 * A company's default salary components (issue 14): Basic 50% of CTC, HRA 40% of basic (50% for
 * metros is a template's choice), Conveyance and Medical as fixed allowances, Special allowance as
 * the balancing line; post-tax deductions and the employer NPS benefit. Runs in the company's
 * tenant transaction; a second run adds nothing (names are unique per company).
 */
export async function seedDefaultComponents(tx: Queryable, companyId: string): Promise<void> {
  const earnings: [string, string, string, string, number | null, number | null, boolean, boolean][] = [
    // name, kind, value type, earning type, monthly paise, basis points, EPF wage, ESI wage
    ['Basic', 'basic', 'percentage_of_ctc', 'fixed', null, 5000, true, true],
    ['House rent allowance', 'hra', 'percentage_of_basic', 'fixed', null, 4000, false, true],
    // Conveyance is not ESI wage (statutory-rules.md §2, S52).
    ['Conveyance allowance', 'allowance', 'fixed_amount', 'fixed', 1600_00, null, false, false],
    ['Medical allowance', 'allowance', 'fixed_amount', 'fixed', 1250_00, null, false, true],
    ['Special allowance', 'special_allowance', 'balancing', 'fixed', null, null, false, true],
  ];
  for (const [name, kind, valueType, earningType, amount, bp, epf, esi] of earnings) {
    await tx.query(
      `INSERT INTO payroll_earnings (company_id, name, payslip_name, kind, earning_type, value_type, amount_paise,
         percent_bp, epf_wage, esi_wage)
       VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [companyId, name, kind, earningType, valueType, amount, bp, epf, esi],
    );
  }
  for (const [name, frequency] of [
    ['Loan recovery', 'recurring'],
    ['Canteen', 'recurring'],
    ['Notice pay recovery', 'one_time'],
  ]) {
    await tx.query(
      `INSERT INTO payroll_deductions (company_id, name, payslip_name, frequency)
       VALUES ($1, $2, $2, $3) ON CONFLICT DO NOTHING`,
      [companyId, name, frequency],
    );
  }
  await tx.query(
    `INSERT INTO payroll_benefits (company_id, name, payslip_name, benefit_plan, tax_exemption, value_type, percent_bp)
     VALUES ($1, 'Employer NPS contribution', 'NPS (employer)', 'nps_employer', '80CCD(2)', 'percentage_of_basic', 1000)
     ON CONFLICT DO NOTHING`,
    [companyId],
  );
}

/** Demo data: the default components, in the company's tenant transaction. */
export async function seedPayrollDemo(db: Db, companyId: string): Promise<void> {
  await db.tenant(companyId, (tx) => seedDefaultComponents(tx, companyId));
}
