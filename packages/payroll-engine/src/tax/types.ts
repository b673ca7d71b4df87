/**
 * Income tax and monthly TDS on salary (issue 14). All money is integer paise; all rates are whole
 * percentages; every statutory figure carries where it came from (the rules file section and its
 * source tags) so a payslip can say why.
 */

export type TaxRegime = 'new' | 'old';

/** Old-regime slabs differ by age; the new regime has one table. */
export type AgeBand = 'below60' | '60to80' | '80plus';

/** Where a figure comes from: the section of /work/shared/payroll/statutory-rules.md and its tags. */
export interface Sourced {
  source: string;
}

export interface Figure<T = number> extends Sourced {
  value: T;
}

/** Income from `fromPaise` (exclusive) up to `toPaise` (inclusive, null = no top) is taxed at `ratePercent`. */
export interface TaxSlab {
  fromPaise: number;
  toPaise: number | null;
  ratePercent: number;
}

export interface SlabTable extends Sourced {
  slabs: TaxSlab[];
}

/** Surcharge applies when total income is above `abovePaise`. */
export interface SurchargeBand {
  abovePaise: number;
  ratePercent: number;
}

export interface SurchargeTable extends Sourced {
  /** Ascending by abovePaise. The new regime stops at 25% (no 37% tier). */
  bands: SurchargeBand[];
  /** Tax + surcharge above a band's threshold may not exceed tax at the threshold plus the excess income. */
  marginalRelief: boolean;
}

export interface Rebate87A extends Sourced {
  /** Total income up to and including this gets the rebate. */
  incomeLimitPaise: number;
  maxRebatePaise: number;
  /** New regime: above the limit, tax before cess is capped at income minus the limit. */
  marginalRelief: boolean;
}

/**
 * Rounding of the annual figures. Payroll TDS practice does not round total income and rounds the
 * tax to the rupee; s.288A/288B (s.516 of the 2025 Act) round to ₹10 at assessment (rules file 5.5).
 */
export interface TaxRounding extends Sourced {
  totalIncome: 'none' | 'nearest-10-rupees';
  annualTax: 'nearest-rupee' | 'nearest-10-rupees';
}

export interface RegimeRules {
  /** Slab table by age band; the new regime lists the same table for every band. */
  slabs: Record<AgeBand, SlabTable>;
  /** Standard deduction u/s 16(ia): this amount or the salary, whichever is less. */
  standardDeductionPaise: Figure;
  rebate87A: Rebate87A;
  surcharge: SurchargeTable;
  /** Employer NPS u/s 80CCD(2): percent of Basic + DA. */
  employerNpsPercentOfBasicDa: Figure;
  /** Old regime only: HRA, PT, 80C, 80CCD(1B), 80D, 24(b). */
  allowsChapterVIA: boolean;
}

export interface OldRegimeLimits {
  section80CPaise: Figure;
  section80CCD1BPaise: Figure;
  section80DSelfPaise: Figure;
  section80DSelfSeniorPaise: Figure;
  section80DParentsPaise: Figure;
  section80DParentsSeniorPaise: Figure;
  section24bSelfOccupiedPaise: Figure;
  /** Professional tax u/s 16(iii); Art. 276(2) caps PT at ₹2,500 a year. */
  professionalTaxCapPaise: Figure;
}

export interface HraRule extends Sourced {
  /** Cities where limb (c) is 50% of salary; elsewhere `otherPercent`. Compared case-insensitively. */
  fiftyPercentCities: string[];
  metroPercent: number;
  otherPercent: number;
  /** Limb (b): rent paid minus this percent of salary (Basic + DA). */
  rentExcessOverPercent: number;
}

/** One financial year's income-tax rules (April to March). */
export interface IncomeTaxYearRules {
  /** '2025-26' */
  financialYear: string;
  /** ISO dates, inclusive: '2025-04-01' .. '2026-03-31'. */
  effectiveFrom: string;
  effectiveTo: string;
  /** Statute the year falls under, for explanations: 's.192 Income-tax Act 1961'. */
  tdsSection: string;
  regimes: Record<TaxRegime, RegimeRules>;
  cessPercent: Figure;
  oldRegime: OldRegimeLimits;
  hra: HraRule;
  rounding: TaxRounding;
}

/** Taxable pay components for a period (one month, or a sum of months). */
export interface SalaryFigures {
  /** All taxable earnings before exemptions (includes HRA; excludes employer PF and employer NPS). */
  grossPaise: number;
  /** HRA received (part of grossPaise); needed for the old-regime exemption. */
  hraPaise?: number;
  /** Basic + DA (part of grossPaise): base of the HRA limbs and employer NPS cap. */
  basicDaPaise?: number;
  /** Employee PF deducted: counts towards 80C (old regime). */
  employeePfPaise?: number;
  /** Professional tax deducted: u/s 16(iii) (old regime). */
  professionalTaxPaise?: number;
  /** Employer NPS contribution: added to salary, then deductible u/s 80CCD(2) up to the cap. */
  employerNpsPaise?: number;
}

/** A one-time item (bonus, arrears, leave encashment) known for this FY, added to the projection. */
export interface OneTimeItem {
  label: string;
  amountPaise: number;
}

/** Employee declarations for the FY (old regime uses them; the new regime ignores them). */
export interface TaxDeclarations {
  /** 80C other than employee PF (PPF, ELSS, LIC, tuition, home-loan principal). */
  section80CPaise?: number;
  section80CCD1BPaise?: number;
  section80DSelfPaise?: number;
  selfSenior?: boolean;
  section80DParentsPaise?: number;
  parentsSenior?: boolean;
  /** Interest on a self-occupied home loan, s.24(b). */
  homeLoanInterestPaise?: number;
  /** Rent paid for the FY (period of occupation). */
  annualRentPaise?: number;
  /** City of the rented home, for the HRA 50% / 40% limb. */
  rentCity?: string;
  /**
   * Leave travel claimed as exempt u/s 10(5) (old regime only), as declared: the rules file gives no
   * figure, so the declared amount is taken whole (the employer checks it against the LTA paid and
   * the tickets when proofs are verified).
   */
  ltaExemptPaise?: number;
  /** Other income the employee asks the employer to tax with the salary (both regimes). */
  otherIncomePaise?: number;
  /**
   * Where the claims come from, for the words: 'declared' (the default) or 'verified proofs' (after
   * the proof window, the amounts an administrator verified). The caller decides; the figures are
   * the same kind either way.
   */
  claimsFrom?: 'declared' | 'verified proofs';
}

export interface TdsInput {
  /** Pay month 'YYYY-MM'; must fall inside the year rules passed with it. */
  month: string;
  regime: TaxRegime;
  ageBand?: AgeBand;
  /** Resident for the year (default true). The 87A rebate is for residents only (rules file 5.1). */
  resident?: boolean;
  /** Actually paid in earlier months of this FY with this employer (from payslips). */
  paidSoFar: SalaryFigures;
  /** Previous employer's salary this FY (Form 12B), optional. */
  previousEmployer?: SalaryFigures & { tdsPaise: number };
  /** This month's earned (LOP-prorated) figures. No payment (gross 0) means no TDS. */
  thisMonth: SalaryFigures;
  /** Full monthly figures projected for each month after this one up to March (or exitMonth). */
  regularMonthly: SalaryFigures;
  /**
   * Professional tax of the months after this one (to March or exitMonth), worked month by month
   * from the state's slabs by the caller (February's own amount, half-yearly states in their
   * deduction months, the annual cap), with `words` saying how ("9 × ₹200 + ₹300 in February").
   * When given it replaces regularMonthly.professionalTaxPaise × the months after this one, and the
   * old regime's PT step reads "PT for the year ₹2,500: ₹200 paid so far + ₹200 this month +
   * 9 × ₹200 + ₹300 in February".
   */
  professionalTaxAhead?: { amountPaise: number; words: string };
  /** Declared or known one-time items still to be paid this FY (not yet in paidSoFar/thisMonth). */
  oneTimeItems?: OneTimeItem[];
  /** TDS this employer already deducted in earlier months of this FY. */
  tdsDeductedSoFarPaise: number;
  declarations?: TaxDeclarations;
  /** Last month of employment 'YYYY-MM' if known; the projection stops there. */
  exitMonth?: string;
}

/** One explained step of the computation, in order. */
export interface TaxStep {
  key: string;
  label: string;
  amountPaise: number;
  /** Plain words with the figures and where they came from. */
  detail: string;
  source?: string;
}

export interface AnnualTaxResult {
  regime: TaxRegime;
  taxableIncomePaise: number;
  slabTaxPaise: number;
  rebate87APaise: number;
  surchargePaise: number;
  /** Relief on surcharge (above ₹50 L / 1 Cr / 2 Cr / 5 Cr). */
  surchargeReliefPaise: number;
  /** Tax + surcharge after reliefs, before cess. */
  taxBeforeCessPaise: number;
  cessPaise: number;
  /** Final annual tax, rounded per yearRules.rounding.annualTax. */
  totalTaxPaise: number;
  steps: TaxStep[];
}

export interface TdsResult {
  /** TDS to deduct this month, a whole number of rupees in paise, never negative. */
  tdsPaise: number;
  /** Projected gross salary for the FY (before exemptions and deductions). */
  projectedGrossPaise: number;
  /** Exemptions and deductions allowed in the regime, summed. */
  deductionsPaise: number;
  annualTax: AnnualTaxResult;
  tdsDeductedSoFarPaise: number;
  /** Months from this one to March (or exit) inclusive. */
  remainingMonths: number;
  /** Deducted so far beyond the projected annual tax: not refunded by payroll (see README). */
  excessDeductedPaise: number;
  steps: TaxStep[];
  /** The whole computation in plain words, ₹ in en-IN grouping. */
  explanation: string;
}
