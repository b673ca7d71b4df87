import type { EpfSettings as EpfSettingsBody } from '@hr/contract';
import type { EpfSettings, PreTaxBenefit, SalaryLine } from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';

/**
 * From a company's salary components to the engine's input: the one place that says how an
 * earning's flags and a benefit's plan become the engine's salary lines and pre-tax benefits (the
 * what-if payslip and the pay run both use it, so they cannot disagree).
 */

/** State names an employee record may hold, to the codes of the engine's data. */
const STATE_CODES: Record<string, string> = {
  karnataka: 'KA',
  maharashtra: 'MH',
  'west bengal': 'WB',
  'tamil nadu': 'TN',
  telangana: 'TG',
  gujarat: 'GJ',
  'andhra pradesh': 'AP',
  delhi: 'DL',
};
export const stateCode = (s: string | null | undefined) =>
  !s
    ? undefined
    : /^[A-Za-z]{2}$/.test(s.trim())
      ? s.trim().toUpperCase()
      : STATE_CODES[s.trim().toLowerCase()];

export type EarningFlags = {
  id: string;
  kind: string;
  taxable: boolean;
  epf_wage: boolean;
  esi_wage: boolean;
  prorated: boolean;
  show_on_payslip: boolean;
};
export type BenefitPlan = { id: string; benefit_plan: string; tax_exemption: string };
export type ComponentFlags = { earnings: Map<string, EarningFlags>; benefits: Map<string, BenefitPlan> };

/** Every earning's flags and every benefit's plan of the caller's company (a handful of rows). */
export async function componentFlags(tx: Queryable, ids?: string[]): Promise<ComponentFlags> {
  const only = ids ? ' WHERE id = ANY($1::uuid[])' : '';
  const params = ids ? [ids] : [];
  const [e, b] = await Promise.all([
    tx.query<EarningFlags>(
      `SELECT id, kind, taxable, epf_wage, esi_wage, prorated, show_on_payslip FROM payroll_earnings${only}`,
      params,
    ),
    tx.query<BenefitPlan>(`SELECT id, benefit_plan, tax_exemption FROM payroll_benefits${only}`, params),
  ]);
  return {
    earnings: new Map(e.rows.map((r) => [r.id, r])),
    benefits: new Map(b.rows.map((r) => [r.id, r])),
  };
}

/** A monthly line of a breakup or a saved salary revision. */
export type MonthlyLine = {
  component_id: string | null;
  group: string;
  code: string;
  name: string;
  monthly_paise: number;
};

const CATEGORY = { basic: 'basic', hra: 'hra', special_allowance: 'special' } as const;

/** The engine's line code of an earning: stable across months, so runs compare by component. */
export const earningCode = (l: MonthlyLine) =>
  l.code === 'allowance' ? `ALLOW_${l.component_id!.slice(0, 8)}` : l.code.toUpperCase();
export const benefitCode = (componentId: string) => `BEN_${componentId.slice(0, 8)}`;

/** The monthly PF wage of a salary's lines: the earnings that are always EPF wage. */
export function pfWageOf(salary: SalaryLine[]): number {
  return salary.filter((s) => s.flags.epfWage === 'always').reduce((n, s) => n + s.monthly, 0);
}

/**
 * Salary lines and pre-tax benefits for the engine from monthly lines: earnings carry their
 * component's flags; employer NPS becomes an employer line (80CCD(2)) and flexible benefit items
 * earnings exempt in the old regime (the engine's benefits.ts says how). Lines of zero are left out.
 * Throws when a line names a component the company does not have.
 */
export function engineSalary(
  lines: MonthlyLine[],
  flags: ComponentFlags,
): { salary: SalaryLine[]; benefits: PreTaxBenefit[] } {
  const salary: SalaryLine[] = [];
  const benefits: PreTaxBenefit[] = [];
  for (const l of lines) {
    if (!l.component_id || l.monthly_paise <= 0) continue;
    if (l.group === 'earning') {
      const c = flags.earnings.get(l.component_id);
      if (!c) throw new Error(`The earning "${l.name}" no longer exists`);
      salary.push({
        code: earningCode(l),
        label: l.name,
        monthly: l.monthly_paise,
        category: CATEGORY[c.kind as keyof typeof CATEGORY] ?? 'other',
        flags: {
          taxable: c.taxable,
          epfWage: c.epf_wage ? 'always' : 'never',
          esiWage: c.esi_wage,
          prorated: c.prorated,
          showOnPayslip: c.show_on_payslip,
        },
      });
    } else if (l.group === 'benefit') {
      const p = flags.benefits.get(l.component_id);
      if (!p) throw new Error(`The benefit "${l.name}" no longer exists`);
      benefits.push({
        code: benefitCode(l.component_id),
        label: l.name,
        kind: p.benefit_plan === 'nps_employer' ? 'nps-employer' : 'flexible',
        monthly: l.monthly_paise,
        exemption: p.tax_exemption as PreTaxBenefit['exemption'],
      });
    }
  }
  return { salary, benefits };
}

/** The engine's EPF settings from the company's settings and the employee's EPF flag. */
export function engineEpf(s: EpfSettingsBody, employeeApplicable: boolean): EpfSettings {
  return {
    applicable: s.enabled && employeeApplicable,
    employeeBase: s.employee_base,
    employerBase: s.employer_base,
    employerInCtc: s.employer_in_ctc,
    prorateRestrictedWage: s.lop_prorate_restricted,
    includeConditionalOnEarnedWage: s.lop_consider_all_below_ceiling,
  };
}
