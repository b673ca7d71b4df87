import { assertPaise, formatRupees, percentOf } from './money';
import type { IncomeTaxYearRules, SalaryFigures, TaxDeclarations, TaxRegime, TaxStep } from './types';

export interface HraExemption {
  exemptPaise: number;
  /** The three limbs; the least is exempt. */
  actualHraPaise: number;
  rentLessTenPercentPaise: number;
  percentOfSalaryPaise: number;
  metro: boolean;
}

/**
 * s.10(13A) + Rule 2A on the year's figures: least of HRA received, rent − 10% of salary, and 50%
 * (the listed cities) or 40% of salary, where salary is Basic + DA. No rent, no exemption.
 */
export function hraExemption(
  hraPaise: number,
  basicDaPaise: number,
  annualRentPaise: number,
  city: string | undefined,
  yearRules: IncomeTaxYearRules,
): HraExemption {
  const rule = yearRules.hra;
  const wanted = (city ?? '').trim().toLowerCase();
  const metro = rule.fiftyPercentCities.some((c) => c.toLowerCase() === wanted);
  const rentLess = Math.max(0, annualRentPaise - percentOf(basicDaPaise, rule.rentExcessOverPercent));
  const ofSalary = percentOf(basicDaPaise, metro ? rule.metroPercent : rule.otherPercent);
  return {
    exemptPaise: annualRentPaise > 0 ? Math.min(hraPaise, rentLess, ofSalary) : 0,
    actualHraPaise: hraPaise,
    rentLessTenPercentPaise: rentLess,
    percentOfSalaryPaise: ofSalary,
    metro,
  };
}

export interface TaxableIncome {
  grossPaise: number;
  deductionsPaise: number;
  taxableIncomePaise: number;
  steps: TaxStep[];
}

/**
 * From the year's gross salary to total income in a regime. The new regime allows only the
 * standard deduction and employer NPS (80CCD(2)); the old regime adds HRA, PT and Chapter VI-A.
 * `ptMadeOf` says how the year's PT was projected ("₹200 paid so far + ₹200 this month + ..."), for
 * the PT step's words.
 */
export function taxableIncome(
  annual: SalaryFigures,
  regime: TaxRegime,
  yearRules: IncomeTaxYearRules,
  declarations: TaxDeclarations = {},
  ptMadeOf?: string,
): TaxableIncome {
  // Employer NPS is salary (a perquisite) first, then deducted up to the cap.
  const salary = annual.grossPaise + (annual.employerNpsPaise ?? 0);
  // Other income declared is taxed with the salary in either regime: the standard deduction, HRA and
  // LTA are limited by the salary, Chapter VI-A deductions reach the whole.
  const gross = salary + (declarations.otherIncomePaise ?? 0);
  // for…in visits the same own keys in the same order as Object.entries, without building pairs.
  for (const k in annual) assertPaise(k, annual[k as keyof SalaryFigures] ?? 0);
  for (const k in declarations) {
    const v = declarations[k as keyof TaxDeclarations];
    if (typeof v === 'number') assertPaise(k, v);
  }
  const rules = yearRules.regimes[regime];
  const basicDa = annual.basicDaPaise ?? 0;
  const steps: TaxStep[] = [];
  const add = (key: string, label: string, amountPaise: number, detail: string, source?: string) => {
    if (amountPaise > 0) steps.push({ key, label, amountPaise, detail, source });
  };

  const sd = Math.min(rules.standardDeductionPaise.value, salary);
  add(
    'standard-deduction',
    'Standard deduction',
    sd,
    `standard deduction ${formatRupees(sd)}${sd < rules.standardDeductionPaise.value ? ' (limited to the salary)' : ''}`,
    rules.standardDeductionPaise.source,
  );

  const npsCap = percentOf(basicDa, rules.employerNpsPercentOfBasicDa.value);
  const nps = Math.min(annual.employerNpsPaise ?? 0, npsCap);
  add(
    'employer-nps-80ccd2',
    'Employer NPS u/s 80CCD(2)',
    nps,
    `employer NPS ${formatRupees(annual.employerNpsPaise ?? 0)}, at most ${rules.employerNpsPercentOfBasicDa.value}% of Basic + DA ${formatRupees(basicDa)} = ${formatRupees(nps)}`,
    rules.employerNpsPercentOfBasicDa.source,
  );

  if (rules.allowsChapterVIA) {
    const lim = yearRules.oldRegime;
    const d = declarations;
    const hra = hraExemption(annual.hraPaise ?? 0, basicDa, d.annualRentPaise ?? 0, d.rentCity, yearRules);
    add(
      'hra-exemption',
      'HRA exemption u/s 10(13A)',
      hra.exemptPaise,
      `least of HRA received ${formatRupees(hra.actualHraPaise)}, rent ${formatRupees(d.annualRentPaise ?? 0)} − ${yearRules.hra.rentExcessOverPercent}% of Basic + DA = ${formatRupees(hra.rentLessTenPercentPaise)}, ${hra.metro ? yearRules.hra.metroPercent : yearRules.hra.otherPercent}% of Basic + DA ${formatRupees(basicDa)} (${hra.metro ? 'metro' : 'non-metro'}) = ${formatRupees(hra.percentOfSalaryPaise)} → ${formatRupees(hra.exemptPaise)}`,
      yearRules.hra.source,
    );

    const lta = Math.min(d.ltaExemptPaise ?? 0, Math.max(0, salary - sd - hra.exemptPaise));
    add(
      'lta-exemption',
      'Leave travel u/s 10(5)',
      lta,
      `leave travel claimed ${formatRupees(d.ltaExemptPaise ?? 0)}, ${d.claimsFrom === 'verified proofs' ? 'as verified' : 'as declared'}`,
      'not in the rules file: the declared amount, checked against the LTA paid and the tickets',
    );

    const ptYear = annual.professionalTaxPaise ?? 0;
    const pt = Math.min(ptYear, lim.professionalTaxCapPaise.value);
    const ptCapped = pt < ptYear ? ` (capped at ${formatRupees(lim.professionalTaxCapPaise.value)})` : '';
    add(
      'professional-tax',
      'Professional tax u/s 16(iii)',
      pt,
      ptMadeOf
        ? `PT for the year ${formatRupees(ptYear)}: ${ptMadeOf}${ptCapped ? `; deductible ${formatRupees(pt)}${ptCapped}` : ''}`
        : `professional tax ${formatRupees(pt)}${ptCapped}`,
      lim.professionalTaxCapPaise.source,
    );

    const pf = annual.employeePfPaise ?? 0;
    const c80 = Math.min(pf + (d.section80CPaise ?? 0), lim.section80CPaise.value);
    add(
      'section-80c',
      'Section 80C',
      c80,
      `employee PF ${formatRupees(pf)} + ${d.claimsFrom === 'verified proofs' ? 'verified' : 'declared'} ${formatRupees(d.section80CPaise ?? 0)}, at most ${formatRupees(lim.section80CPaise.value)} = ${formatRupees(c80)}`,
      lim.section80CPaise.source,
    );

    const ccd = Math.min(d.section80CCD1BPaise ?? 0, lim.section80CCD1BPaise.value);
    add(
      'section-80ccd1b',
      'Section 80CCD(1B)',
      ccd,
      `own NPS ${formatRupees(d.section80CCD1BPaise ?? 0)}, at most ${formatRupees(lim.section80CCD1BPaise.value)}`,
      lim.section80CCD1BPaise.source,
    );

    const selfCap = (d.selfSenior ? lim.section80DSelfSeniorPaise : lim.section80DSelfPaise).value;
    const parentsCap = (d.parentsSenior ? lim.section80DParentsSeniorPaise : lim.section80DParentsPaise)
      .value;
    const self80d = Math.min(d.section80DSelfPaise ?? 0, selfCap);
    const parents80d = Math.min(d.section80DParentsPaise ?? 0, parentsCap);
    add(
      'section-80d',
      'Section 80D',
      self80d + parents80d,
      `health insurance self/family ${formatRupees(d.section80DSelfPaise ?? 0)} (at most ${formatRupees(selfCap)}) + parents ${formatRupees(d.section80DParentsPaise ?? 0)} (at most ${formatRupees(parentsCap)}) = ${formatRupees(self80d + parents80d)}`,
      lim.section80DSelfPaise.source,
    );

    const loan = Math.min(d.homeLoanInterestPaise ?? 0, lim.section24bSelfOccupiedPaise.value);
    add(
      'section-24b',
      'Home-loan interest u/s 24(b)',
      loan,
      `interest ${formatRupees(d.homeLoanInterestPaise ?? 0)}, at most ${formatRupees(lim.section24bSelfOccupiedPaise.value)}`,
      lim.section24bSelfOccupiedPaise.source,
    );
  }

  const deductions = steps.reduce((sum, s) => sum + s.amountPaise, 0);
  const taxable = Math.max(0, gross - deductions);
  return {
    grossPaise: gross,
    deductionsPaise: Math.min(deductions, gross),
    taxableIncomePaise: taxable,
    steps,
  };
}
