import type { Breakup, BreakupLine, EarningKind, EarningValueType } from '@hr/contract';

/**
 * The CTC breakup of a salary template or an employee's salary: pure, in integer paise. Each line
 * is computed monthly and rounded to the rupee (half up); the balancing line (special allowance)
 * takes what is left of the monthly CTC after the other lines and the employer contributions that
 * the company counts in CTC. Annual figures are twelve months, except the balancing line, which
 * takes what is left of the annual CTC so that the annual column adds up to the CTC exactly.
 */

export type BreakupComponent = {
  id: string;
  group: 'earning' | 'benefit';
  /** Earnings' kind; benefits are 'benefit'. */
  kind: EarningKind | 'benefit';
  name: string;
  value_type: EarningValueType;
  amount_paise: number | null;
  percent_bp: number | null;
  epf_wage: boolean;
  esi_wage: boolean;
  /** Benefits: 'nps_employer' (paid into NPS, not in gross) or 'flexible_benefit' (paid with salary). */
  benefit_plan?: string;
  /** Benefits: the section it is exempt under ('80CCD(2)', '10(14)', ..., 'none'). */
  tax_exemption?: string;
};

/** How a pre-tax benefit is paid and taxed, for its line's basis (engine benefits.ts has the rule). */
function benefitTaxWords(c: BreakupComponent): string {
  if (c.benefit_plan === 'nps_employer') {
    return 'paid into NPS by the employer, not in gross; deductible u/s 80CCD(2) up to the cap of Basic + DA';
  }
  if (!c.tax_exemption || c.tax_exemption === 'none') return 'paid with salary, in gross; taxable';
  return `paid with salary, in gross; exempt u/s ${c.tax_exemption} in the old regime only`;
}

/** Flexible benefit items are paid with the salary, so they are part of gross; employer NPS is not. */
const inGross = (l: BreakupLine, byId: Map<string, BreakupComponent>) =>
  l.group === 'earning' ||
  (l.group === 'benefit' && byId.get(l.component_id ?? '')?.benefit_plan === 'flexible_benefit');

/** The statutory figures in force on the breakup's date and the company's settings. */
export type BreakupStatutory = {
  date: string;
  epf: {
    /** Employer share of the PF wage, in basis points (12% = 1200). */
    employerRateBp: number;
    /** Wage ceiling for a restricted base, monthly paise. */
    ceilingPaise: number;
    employerBase: 'actual' | 'restricted';
  } | null;
  esi: {
    employerRateBp: number;
    /** ESI applies when the monthly ESI wage is at most this. */
    ceilingPaise: number;
  } | null;
  figures: { label: string; value: string; source: string }[];
};

const RUPEE = 100;
/** Half up to the rupee (EPF's rule; also used for the breakup's own lines). */
export const roundRupeeHalfUp = (paise: number) => Math.floor((paise + RUPEE / 2) / RUPEE) * RUPEE;
/** Up to the next rupee (ESI's rule, Rule 51). */
export const ceilRupee = (paise: number) => Math.ceil(paise / RUPEE) * RUPEE;
const pct = (base: number, bp: number) => (base * bp) / 10_000;

export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
const percentText = (bp: number) => `${bp / 100}%`;

function lineAmount(
  c: BreakupComponent,
  monthlyCtc: number,
  basic: number,
): { paise: number; basis: string } {
  switch (c.value_type) {
    case 'fixed_amount':
      return { paise: c.amount_paise ?? 0, basis: `Fixed ${rupees(c.amount_paise ?? 0)} a month` };
    case 'percentage_of_ctc':
      return {
        paise: roundRupeeHalfUp(pct(monthlyCtc, c.percent_bp ?? 0)),
        basis: `${percentText(c.percent_bp ?? 0)} of the monthly CTC ${rupees(monthlyCtc)}`,
      };
    case 'percentage_of_basic':
      return {
        paise: roundRupeeHalfUp(pct(basic, c.percent_bp ?? 0)),
        basis: `${percentText(c.percent_bp ?? 0)} of basic ${rupees(basic)}`,
      };
    case 'balancing':
      return { paise: 0, basis: '' };
  }
}

type Contribution = { epf: number; esi: number; epfBasis: string; esiBasis: string };

function employerContributions(
  fixed: BreakupComponent[],
  amounts: Map<string, number>,
  balancing: BreakupComponent | undefined,
  balancingPaise: number,
  s: BreakupStatutory,
): Contribution {
  const wage = (flag: 'epf_wage' | 'esi_wage') =>
    fixed.reduce((n, c) => (c.group === 'earning' && c[flag] ? n + (amounts.get(c.id) ?? 0) : n), 0) +
    (balancing?.[flag] ? Math.max(0, balancingPaise) : 0);
  let epf = 0;
  let epfBasis = '';
  if (s.epf) {
    const pfWage = wage('epf_wage');
    const base = s.epf.employerBase === 'restricted' ? Math.min(pfWage, s.epf.ceilingPaise) : pfWage;
    epf = roundRupeeHalfUp(pct(base, s.epf.employerRateBp));
    epfBasis = `${percentText(s.epf.employerRateBp)} of ${
      s.epf.employerBase === 'restricted'
        ? `the PF wage ${rupees(pfWage)} restricted to ${rupees(s.epf.ceilingPaise)}`
        : `the actual PF wage ${rupees(pfWage)}`
    }, rounded half up to the rupee`;
  }
  let esi = 0;
  let esiBasis = '';
  if (s.esi) {
    const esiWage = wage('esi_wage');
    if (esiWage <= s.esi.ceilingPaise) {
      esi = ceilRupee(pct(esiWage, s.esi.employerRateBp));
      esiBasis = `${percentText(s.esi.employerRateBp)} of the ESI wage ${rupees(esiWage)}, rounded up to the rupee`;
    } else {
      esiBasis = `ESI wage ${rupees(esiWage)} is above the ${rupees(s.esi.ceilingPaise)} ceiling: not covered`;
    }
  }
  return { epf, esi, epfBasis, esiBasis };
}

export function computeBreakup(
  annualCtcPaise: number,
  components: BreakupComponent[],
  statutory: BreakupStatutory,
): Breakup {
  const monthlyCtc = Math.round(annualCtcPaise / 12);
  const basicComponent = components.find((c) => c.kind === 'basic');
  const balancing = components.find((c) => c.value_type === 'balancing');
  const fixed = components.filter((c) => c !== balancing);

  const amounts = new Map<string, number>();
  const bases = new Map<string, string>();
  // Basic first: other lines may be a percentage of it.
  let basic = 0;
  if (basicComponent && basicComponent !== balancing) {
    const a = lineAmount(basicComponent, monthlyCtc, 0);
    basic = a.paise;
    amounts.set(basicComponent.id, a.paise);
    bases.set(basicComponent.id, a.basis);
  }
  for (const c of fixed) {
    if (c === basicComponent) continue;
    const a = lineAmount(c, monthlyCtc, basic);
    amounts.set(c.id, a.paise);
    bases.set(c.id, a.basis);
  }
  const fixedSum = fixed.reduce((n, c) => n + (amounts.get(c.id) ?? 0), 0);

  // The employer contributions can depend on the balancing line (when it counts for the PF or ESI
  // wage) and the balancing line on them: iterate to the fixed point (a few rounds at most).
  let balancingPaise = monthlyCtc - fixedSum;
  let contrib = employerContributions(fixed, amounts, balancing, balancingPaise, statutory);
  for (let i = 0; i < 20; i++) {
    const next = monthlyCtc - fixedSum - contrib.epf - contrib.esi;
    if (next === balancingPaise) break;
    balancingPaise = next;
    contrib = employerContributions(fixed, amounts, balancing, balancingPaise, statutory);
  }
  // Rounding can leave the iteration swinging by a rupee between two points; the lines must
  // still add up to the CTC, so the balancing line takes what the contributions leave.
  balancingPaise = monthlyCtc - fixedSum - contrib.epf - contrib.esi;
  if (!balancing) balancingPaise = 0;

  const lines: BreakupLine[] = [];
  let annualOthers = 0;
  for (const c of components) {
    if (c === balancing) continue;
    const monthly = amounts.get(c.id) ?? 0;
    annualOthers += monthly * 12;
    lines.push({
      component_id: c.id,
      group: c.group,
      code: c.kind,
      name: c.name,
      monthly_paise: monthly,
      annual_paise: monthly * 12,
      basis:
        c.group === 'benefit' ? `${bases.get(c.id) ?? ''}; ${benefitTaxWords(c)}` : (bases.get(c.id) ?? ''),
    });
  }
  const employer: BreakupLine[] = [];
  if (statutory.epf) {
    employer.push({
      component_id: null,
      group: 'employer_contribution',
      code: 'epf_employer',
      name: 'EPF employer contribution',
      monthly_paise: contrib.epf,
      annual_paise: contrib.epf * 12,
      basis: contrib.epfBasis,
    });
  }
  if (statutory.esi) {
    employer.push({
      component_id: null,
      group: 'employer_contribution',
      code: 'esi_employer',
      name: 'ESI employer contribution',
      monthly_paise: contrib.esi,
      annual_paise: contrib.esi * 12,
      basis: contrib.esiBasis,
    });
  }
  annualOthers += (contrib.epf + contrib.esi) * 12;

  const warnings: Breakup['warnings'] = [];
  if (balancing) {
    // Earnings first, then the balancing line, so the screen reads top to bottom as a payslip does.
    const at = lines.filter((l) => l.group === 'earning').length;
    lines.splice(at, 0, {
      component_id: balancing.id,
      group: 'earning',
      code: balancing.kind,
      name: balancing.name,
      monthly_paise: balancingPaise,
      annual_paise: annualCtcPaise - annualOthers,
      basis: 'What is left of the CTC after the other lines and the employer contributions',
    });
    if (balancingPaise < 0) {
      warnings.push({
        code: 'balancing_negative',
        message: `${balancing.name} would be ${rupees(balancingPaise)} a month: the other lines add up to more than the CTC. Lower them or raise the CTC.`,
      });
    }
  } else {
    warnings.push({
      code: 'no_balancing_line',
      message: 'No balancing line: the lines may not add up to the CTC',
    });
  }
  lines.push(...employer);
  const byId = new Map(components.map((c) => [c.id, c]));
  const monthlyGross = lines.filter((l) => inGross(l, byId)).reduce((n, l) => n + l.monthly_paise, 0);

  return {
    annual_ctc_paise: annualCtcPaise,
    monthly_ctc_paise: monthlyCtc,
    monthly_gross_paise: monthlyGross,
    lines,
    warnings,
    figures_on: statutory.date,
    figures: statutory.figures,
  };
}
