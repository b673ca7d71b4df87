import {
  computeMonthlyTds,
  incomeTaxRulesFor,
  type PayslipInput,
  STATUTORY_RULES,
  type YearToDate,
} from '@hr/payroll-engine';
import type { YearSalary } from './form24q';

/** What modules/payrun confirmedTdsYear gives for one employee (the last payslip of the year). */
export type LastSlipOfYear = {
  employee_id: string;
  employee_code: string;
  employee_name: string;
  pan: string | null;
  first_month: string;
  last_month: string;
  date_of_joining: string;
  exit_date: string | null;
  input: PayslipInput | null;
  ytd: YearToDate | null;
};

const ZERO = {
  grossPaise: 0,
  hraPaise: 0,
  basicDaPaise: 0,
  employeePfPaise: 0,
  professionalTaxPaise: 0,
  employerNpsPaise: 0,
};

function ageOn(dob: string, on: string): number {
  let age = Number(on.slice(0, 4)) - Number(dob.slice(0, 4));
  if (on.slice(5) < dob.slice(5)) age -= 1;
  return age;
}

/**
 * One employee's year for Annexure II, from the stored figures of their last confirmed payslip of
 * the year: the year's taxable pay actually paid (year to date) taxed by the engine's own annual
 * computation in the regime and with the declarations that payslip used, nothing projected ahead
 * (the year is over). So the annexure's tax is the tax the TDS of the year was working towards.
 */
export function yearSalaryOf(s: LastSlipOfYear, financialYear: string): YearSalary {
  const start = Number(financialYear.slice(0, 4));
  const fyFirst = `${start}-04-01`;
  const fyLast = `${start + 1}-03-31`;
  const from = s.date_of_joining > fyFirst ? s.date_of_joining : fyFirst;
  const to = s.exit_date && s.exit_date < fyLast ? s.exit_date : fyLast;
  const base = {
    employee_id: s.employee_id,
    employee_code: s.employee_code,
    employee_name: s.employee_name,
    pan: s.pan,
    from,
    to,
  };
  const dob = s.input?.employee.dateOfBirth;
  const age = dob ? ageOn(dob, fyLast) : 0;
  const category = age >= 80 ? 'O' : age >= 60 ? 'S' : 'G';
  const ytd = s.ytd;
  const tax = s.input?.tax;
  if (!ytd || !tax) {
    return {
      ...base,
      category,
      regime: 'new',
      gross_paise: 0,
      deductions_paise: 0,
      taxable_income_paise: 0,
      tax_paise: 0,
      tds_paise: ytd?.tds ?? 0,
      previous_employer_tds_paise: 0,
    };
  }
  const result = computeMonthlyTds(
    {
      month: s.last_month,
      regime: tax.regime,
      ageBand: age >= 80 ? '80plus' : age >= 60 ? '60to80' : 'below60',
      // The whole year paid, as if paid before the last month; that month adds nothing and nothing
      // is projected after it (exitMonth), so the annual tax is that of the pay actually paid.
      paidSoFar: ytd.paid,
      thisMonth: ZERO,
      regularMonthly: ZERO,
      tdsDeductedSoFarPaise: ytd.tds,
      exitMonth: s.last_month,
      ...(tax.declarations ? { declarations: tax.declarations } : {}),
      ...(tax.previousEmployer ? { previousEmployer: tax.previousEmployer } : {}),
    },
    incomeTaxRulesFor(s.last_month, STATUTORY_RULES.incomeTax),
  );
  const taxable = result.annualTax.taxableIncomePaise;
  const gross = result.projectedGrossPaise;
  return {
    ...base,
    category,
    regime: tax.regime,
    gross_paise: gross,
    // What the regime took off the gross, so that gross less deductions is the taxable income.
    deductions_paise: Math.max(0, gross - taxable),
    taxable_income_paise: taxable,
    tax_paise: result.annualTax.totalTaxPaise,
    tds_paise: ytd.tds,
    previous_employer_tds_paise: tax.previousEmployer?.tdsPaise ?? 0,
  };
}
