import { ageOn } from '../dates';
import { annualTax } from './annual-tax';
import { taxableIncome } from './deductions';
import { assertPaise, formatRupees } from './money';
import { incomeTaxRulesFor } from './rules';
import type {
  AgeBand,
  IncomeTaxYearRules,
  SalaryFigures,
  TaxDeclarations,
  TaxRegime,
  TaxStep,
} from './types';

/**
 * Form 16 Part B (issue 23): the year's salary, exemptions, deductions and tax of one employee,
 * worked from the payslips the employer actually paid (April to March), not from a projection.
 *
 * Reading used here (statutory-rules.md §5 gives the computation; the form's layout is Rule 31 /
 * Form 16 Part B):
 * - Gross salary = the payslips' earnings + employer NPS (s.17(1)(viii): the employer's contribution
 *   to the employee's pension account is salary) − perquisites paid but exempt. Perquisites u/s 17(2)
 *   are the earnings paid as flexible benefit items the employer marked 17(2), at the value chargeable
 *   to tax (Form 12BA lists value and chargeable part); 17(3) is what the caller passes as profits in
 *   lieu of salary (no payslip line is marked so today).
 * - Exemptions u/s 10: HRA 10(13A) and leave travel 10(5) in the old regime, worked exactly as the
 *   monthly TDS works them (engine `taxableIncome`) on the year's paid figures; "other" is the part of
 *   the earnings that never counted as taxable pay (non-taxable components, exempt parts of flexible
 *   items), so the taxable salary here is the same figure the TDS projection used.
 * - Deductions u/s 16 (standard deduction, professional tax in the old regime), the loss from house
 *   property u/s 24(b) (old regime) and Chapter VI-A (old regime; 80CCD(2) in both) are the steps of
 *   `taxableIncome`, and the tax is `annualTax` on its result: the same code as the payslips' TDS.
 * - Relief u/s 89 (arrears spread over earlier years) needs Form 10E from the employee, which the app
 *   does not collect: it is 0, said in the notes.
 * - TDS by quarter is the sum of the TDS lines of the payslips of each quarter (Q1 April–June ...
 *   Q4 January–March), by pay month.
 */

export interface Form16Month {
  /** Pay month 'YYYY-MM'. */
  month: string;
  /** All earnings of the payslip (its gross). */
  grossPaise: number;
  /** The month's taxable figures as the payslip's TDS counted them (ytd.paid − earlier.paid). */
  taxable: SalaryFigures;
  /** The payslip's TDS line. */
  tdsPaise: number;
  /** Earnings paid as 17(2) perquisites (part of grossPaise), by line. */
  perquisites?: { code: string; label: string; amountPaise: number; taxablePaise: number }[];
  /** Profits in lieu of salary u/s 17(3) (part of grossPaise). */
  profitsInLieuPaise?: number;
}

export interface Form16Input {
  /** '2026-27' */
  financialYear: string;
  regime: TaxRegime;
  /** For the old regime's senior slabs: the age on 31 March of the year. */
  dateOfBirth: string | null;
  resident?: boolean;
  months: Form16Month[];
  declarations?: TaxDeclarations;
  /** Form 12B: salary and TDS of a previous employer this year. */
  previousEmployer?: SalaryFigures & { tdsPaise: number };
}

export interface Form16Perquisite {
  code: string;
  label: string;
  /** Value of the perquisite (what was paid). */
  valuePaise: number;
  /** Recovered from the employee: none for benefits paid with salary. */
  recoveredPaise: number;
  /** Chargeable to tax (12BA column 6). */
  taxablePaise: number;
}

export interface Form16Quarter {
  quarter: 1 | 2 | 3 | 4;
  /** 'Apr–Jun 2026' style words are the caller's; months 'YYYY-MM' of the quarter here. */
  months: string[];
  grossPaise: number;
  tdsPaise: number;
}

export interface Form16Figures {
  financialYear: string;
  /** '2027-28' for FY 2026-27. */
  assessmentYear: string;
  regime: TaxRegime;
  ageBand: AgeBand;
  /** Sum of the payslips' gross: gross salary + exempt perquisites − employer NPS gives it back. */
  payslipGrossPaise: number;
  /** Perquisites paid but exempt (old-regime claims): in the payslips' gross, not in gross salary. */
  exemptPerquisitesPaise: number;
  salary17_1Paise: number;
  perquisites17_2Paise: number;
  profitsInLieu17_3Paise: number;
  grossSalaryPaise: number;
  previousEmployerSalaryPaise: number;
  exemptions: { hraPaise: number; ltaPaise: number; otherPaise: number; totalPaise: number };
  salaryAfterExemptionsPaise: number;
  standardDeductionPaise: number;
  professionalTaxPaise: number;
  incomeFromSalaryPaise: number;
  /** Negative: the admissible loss u/s 24(b) (old regime). */
  houseProperty24bPaise: number;
  otherIncomePaise: number;
  grossTotalIncomePaise: number;
  chapterVIA: { section: string; label: string; amountPaise: number }[];
  chapterVIATotalPaise: number;
  totalIncomePaise: number;
  taxOnIncomePaise: number;
  rebate87APaise: number;
  surchargePaise: number;
  cessPaise: number;
  taxPayablePaise: number;
  relief89Paise: number;
  netTaxPayablePaise: number;
  quarters: Form16Quarter[];
  tdsThisEmployerPaise: number;
  tdsPreviousEmployerPaise: number;
  /** Net tax payable − TDS of both employers: above 0 still due, below 0 deducted in excess. */
  balancePaise: number;
  perquisites: Form16Perquisite[];
  /** Where the figures come from, in words (the tax year's rules, the relief not computed ...). */
  notes: string[];
  steps: TaxStep[];
}

const QUARTER_OF_MONTH = [4, 4, 4, 1, 1, 1, 2, 2, 2, 3, 3, 3] as const;

/** '2026-27' → its twelve pay months, April first. */
export function financialYearMonths(fy: string): string[] {
  const y = Number(fy.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const m = ((i + 3) % 12) + 1;
    return `${m >= 4 ? y : y + 1}-${String(m).padStart(2, '0')}`;
  });
}

const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export function computeForm16(input: Form16Input, years?: readonly IncomeTaxYearRules[]): Form16Figures {
  const fy = input.financialYear;
  if (!/^\d{4}-\d{2}$/.test(fy)) throw new RangeError(`Not a financial year: ${fy}`);
  const y = Number(fy.slice(0, 4));
  const yearMonths = financialYearMonths(fy);
  for (const m of input.months) {
    if (!yearMonths.includes(m.month)) throw new RangeError(`${m.month} is not in financial year ${fy}`);
    assertPaise('grossPaise', m.grossPaise);
    assertPaise('tdsPaise', m.tdsPaise);
  }
  const rules = years ? incomeTaxRulesFor(`${y}-04`, years) : incomeTaxRulesFor(`${y}-04`);
  const age = input.dateOfBirth ? ageOn(input.dateOfBirth, `${y + 1}-03-31`) : 0;
  const ageBand: AgeBand = age >= 80 ? '80plus' : age >= 60 ? '60to80' : 'below60';

  // The year's paid figures, added up month by month as the payslips' year to date does.
  const paid: Required<SalaryFigures> = {
    grossPaise: 0,
    hraPaise: 0,
    basicDaPaise: 0,
    employeePfPaise: 0,
    professionalTaxPaise: 0,
    employerNpsPaise: 0,
  };
  for (const m of input.months) {
    for (const k of Object.keys(paid) as (keyof SalaryFigures)[]) paid[k] += m.taxable[k] ?? 0;
  }
  const prev = input.previousEmployer;
  const annual: SalaryFigures = { ...paid };
  if (prev) {
    for (const k of Object.keys(paid) as (keyof SalaryFigures)[])
      annual[k] = (annual[k] ?? 0) + (prev[k] ?? 0);
  }
  const declarations =
    input.regime === 'old'
      ? (input.declarations ?? {})
      : {
          // The new regime reads other income only (as the monthly TDS does).
          ...(input.declarations?.otherIncomePaise
            ? { otherIncomePaise: input.declarations.otherIncomePaise }
            : {}),
        };
  const income = taxableIncome(annual, input.regime, rules, declarations);
  const tax = annualTax(income.taxableIncomePaise, input.regime, rules, ageBand, {
    resident: input.resident ?? true,
  });
  const step = (key: string) => income.steps.find((s) => s.key === key)?.amountPaise ?? 0;

  const payslipGross = sumOf(input.months.map((m) => m.grossPaise));
  const perquisites: Form16Perquisite[] = [];
  for (const m of input.months) {
    for (const p of m.perquisites ?? []) {
      let row = perquisites.find((x) => x.code === p.code);
      if (!row) {
        row = { code: p.code, label: p.label, valuePaise: 0, recoveredPaise: 0, taxablePaise: 0 };
        perquisites.push(row);
      }
      row.valuePaise += p.amountPaise;
      row.taxablePaise += p.taxablePaise;
    }
  }
  // 17(2) is the value chargeable to tax (Form 12BA's last column); the part exempt (an old-regime
  // claim) is not salary at all, so it is left out of the gross and said in the notes.
  const perqValue = sumOf(perquisites.map((p) => p.taxablePaise));
  const exemptPerqs = sumOf(perquisites.map((p) => p.valuePaise - p.taxablePaise));
  const profitsInLieu = sumOf(input.months.map((m) => m.profitsInLieuPaise ?? 0));
  const employerNps = paid.employerNpsPaise;
  const grossSalary = payslipGross - exemptPerqs + employerNps;
  const prevSalary = prev ? prev.grossPaise + (prev.employerNpsPaise ?? 0) : 0;

  // Earnings that never counted as taxable pay: non-taxable components and exempt parts of
  // flexible items other than the perquisites left out above.
  const otherExempt = payslipGross - exemptPerqs - paid.grossPaise;
  const hra = step('hra-exemption');
  const lta = step('lta-exemption');
  const exemptTotal = hra + lta + otherExempt;
  const afterExemptions = grossSalary + prevSalary - exemptTotal;
  const sd = step('standard-deduction');
  const pt = step('professional-tax');
  const fromSalary = afterExemptions - sd - pt;
  const loss24b = -step('section-24b');
  const other = declarations.otherIncomePaise ?? 0;
  const grossTotal = fromSalary + loss24b + other;

  const VIA: [string, string, string][] = [
    ['section-80c', '80C', 'Life insurance, provident fund, PPF, ELSS and other savings'],
    ['section-80ccd1b', '80CCD(1B)', 'Own contribution to the National Pension System'],
    ['employer-nps-80ccd2', '80CCD(2)', 'Employer contribution to the National Pension System'],
    ['section-80d', '80D', 'Health insurance premium'],
  ];
  const chapterVIA = VIA.map(([key, section, label]) => ({ section, label, amountPaise: step(key) })).filter(
    (d) => d.amountPaise > 0,
  );
  const viaTotal = sumOf(chapterVIA.map((d) => d.amountPaise));
  const totalIncome = Math.max(0, grossTotal - viaTotal);
  if (totalIncome !== income.taxableIncomePaise) {
    // Every head above is one of taxableIncome's steps; a difference means a step was added there
    // and not placed here.
    throw new Error(
      `Form 16 heads give ${totalIncome} paise, the tax computation ${income.taxableIncomePaise}: a deduction is not placed`,
    );
  }

  const stepOf = (key: string) => tax.steps.filter((s) => s.key.startsWith(key));
  const rebate = sumOf(stepOf('rebate-87a').map((s) => s.amountPaise));
  const surcharge = tax.surchargePaise - tax.surchargeReliefPaise;

  const quarters: Form16Quarter[] = ([1, 2, 3, 4] as const).map((q) => {
    const months = yearMonths.filter((m) => QUARTER_OF_MONTH[Number(m.slice(5)) - 1] === q);
    const slips = input.months.filter((m) => months.includes(m.month));
    return {
      quarter: q,
      months,
      grossPaise: sumOf(slips.map((m) => m.grossPaise)),
      tdsPaise: sumOf(slips.map((m) => m.tdsPaise)),
    };
  });
  const tdsHere = sumOf(quarters.map((q) => q.tdsPaise));
  const tdsPrev = prev?.tdsPaise ?? 0;
  const relief89 = 0;
  const net = tax.totalTaxPaise - relief89;

  const notes = [
    `Income-tax rules of FY ${rules.financialYear} (${rules.tdsSection}), ${input.regime === 'new' ? 'new' : 'old'} regime.`,
    'Relief u/s 89 is not computed: it needs Form 10E for salary arrears of earlier years.',
  ];
  if (exemptPerqs > 0) {
    notes.push(
      `Perquisites of ${formatRupees(exemptPerqs)} paid with the payslips are exempt and not counted in the gross salary (Form 12BA).`,
    );
  }
  if (perquisites.length === 0)
    notes.push('No perquisites u/s 17(2) were paid this year: Form 12BA is not attached.');
  if (input.months.length === 0) notes.push('No confirmed payslip this year.');

  return {
    financialYear: fy,
    assessmentYear: `${y + 1}-${String((y + 2) % 100).padStart(2, '0')}`,
    regime: input.regime,
    ageBand,
    payslipGrossPaise: payslipGross,
    exemptPerquisitesPaise: exemptPerqs,
    salary17_1Paise: grossSalary - perqValue - profitsInLieu,
    perquisites17_2Paise: perqValue,
    profitsInLieu17_3Paise: profitsInLieu,
    grossSalaryPaise: grossSalary,
    previousEmployerSalaryPaise: prevSalary,
    exemptions: { hraPaise: hra, ltaPaise: lta, otherPaise: otherExempt, totalPaise: exemptTotal },
    salaryAfterExemptionsPaise: afterExemptions,
    standardDeductionPaise: sd,
    professionalTaxPaise: pt,
    incomeFromSalaryPaise: fromSalary,
    houseProperty24bPaise: loss24b,
    otherIncomePaise: other,
    grossTotalIncomePaise: grossTotal,
    chapterVIA,
    chapterVIATotalPaise: viaTotal,
    totalIncomePaise: totalIncome,
    taxOnIncomePaise: tax.slabTaxPaise,
    rebate87APaise: rebate,
    surchargePaise: surcharge,
    cessPaise: tax.cessPaise,
    taxPayablePaise: tax.totalTaxPaise,
    relief89Paise: relief89,
    netTaxPayablePaise: net,
    quarters,
    tdsThisEmployerPaise: tdsHere,
    tdsPreviousEmployerPaise: tdsPrev,
    balancePaise: net - tdsHere - tdsPrev,
    perquisites,
    notes,
    steps: [...income.steps, ...tax.steps],
  };
}
