/**
 * Public input and output types of the payroll engine. Money is integer paise everywhere
 * (₹1 = 100 paise); rates are basis points (1% = 100 bp) so no float ever carries money.
 * Dates are ISO 'YYYY-MM-DD' strings and the month is 'YYYY-MM' — the caller decides them in the
 * company time zone; the engine never reads a clock.
 */
import type { IncomeTaxYearRules, SalaryFigures, TaxDeclarations, TaxRegime } from './tax/types';

export type Paise = number;
export type BasisPoints = number;
export type IsoDate = string;
/** 'YYYY-MM' */
export type PayMonth = string;

export type Gender = 'male' | 'female' | 'other';

/** Indian state/UT code as used in the statutory data (ISO 3166-2:IN suffix). */
export type StateCode = 'KA' | 'MH' | 'WB' | 'TN' | 'TG' | 'GJ' | 'AP' | 'DL' | (string & {});

export interface EmployeeFacts {
  /** Work location state; decides PT and LWF. */
  state: StateCode;
  /** Work location city; PT in Tamil Nadu is set by the local body (Chennai = GCC slabs). */
  city?: string;
  gender: Gender;
  dateOfBirth: IsoDate;
  /** Person with disability: ESI ceiling ₹25,000 instead of ₹21,000. */
  disabled: boolean;
  /**
   * EPS (pension) member. False for members who first joined EPF on/after 1 Sep 2014 with a PF wage
   * above the ceiling (see `epsEligibleAtJoining`) and for international workers.
   * No EPS after age 58 is applied by the engine from dateOfBirth.
   */
  epsEligible: boolean;
  joiningDate: IsoDate;
  exitDate?: IsoDate;
  /** LWF is a per-employee flag (managerial exclusions vary by state; rules §4). */
  lwfApplicable: boolean;
  /** PT exemption the caller has established (e.g. disability certificate in that state). */
  ptExempt?: boolean;
}

/** How a component counts towards the EPF wage (Zoho's component-level "consider for EPF"). */
export type EpfWageFlag = 'always' | 'if-below-ceiling' | 'never';

export interface ComponentFlags {
  /** Counts as taxable salary for TDS. */
  taxable: boolean;
  /** 'always' = Basic/DA/retaining allowance; 'if-below-ceiling' = counted only while PF wage < ceiling. */
  epfWage: EpfWageFlag;
  /** Counts as ESI wages (s.2(22) ESI Act: HRA and special allowance yes; conveyance, bonus no). */
  esiWage: boolean;
  /** Reduced for LOP / days outside employment. */
  prorated: boolean;
  /** False: computed but not printed on the employee's payslip (still in the totals). */
  showOnPayslip: boolean;
}

/** What a component is, for the tax computation (HRA exemption, NPS cap) — not for display. */
export type ComponentCategory = 'basic' | 'da' | 'hra' | 'special' | 'conveyance' | 'lta' | 'other';

export interface SalaryLine {
  code: string;
  label: string;
  /** Full monthly amount before proration. */
  monthly: Paise;
  category?: ComponentCategory;
  flags: ComponentFlags;
  /**
   * Part of a taxable line that is exempt from tax each month, before proration (a flexible benefit
   * item's claimed amount in the old regime, set by benefits.ts); the exempt part of a month is at
   * most what the line earned. Absent: the whole line follows `flags.taxable`.
   */
  exemptMonthly?: Paise;
}

export interface OneTimeItem {
  code: string;
  label: string;
  kind: 'earning' | 'deduction';
  amount: Paise;
  /**
   * For earnings: taxable (default true), EPF and ESI wage (default false) flags (e.g. arrears of
   * basic: epfWage; incentive: esiWage; reimbursement: taxable false).
   */
  taxable?: boolean;
  epfWage?: boolean;
  esiWage?: boolean;
  /**
   * For earnings: counts in the gross PT slabs are read on (default true). False for a
   * reimbursement of expenses, which repays a cost and is not salary.
   */
  ptWage?: boolean;
  showOnPayslip?: boolean;
  /**
   * Where the item came from, in words; the line's explanation starts with it (e.g. "Arrears of
   * Basic for Sep 2026 and Oct 2026: revision effective 1 Sep 2026 recorded 20 Nov 2026").
   */
  explain?: string;
}

export type ProrationMethod =
  /** monthly ÷ days in the month */
  | { kind: 'calendar' }
  /** monthly ÷ N (30, 26, 28 ...); a full month always pays 100% */
  | { kind: 'fixed'; days: number }
  /** monthly ÷ working days; nonWorkingDays are the day-of-month numbers of weekly offs and holidays */
  | { kind: 'working'; nonWorkingDays: number[] };

export interface Attendance {
  method: ProrationMethod;
  /** Loss-of-pay days inside employment, in the method's days (halves allowed). */
  lopDays: number;
}

export interface EpfSettings {
  /** Establishment registered and this employee is an EPF member (false = excluded employee). */
  applicable: boolean;
  /** Employee share on the actual PF wage or restricted to the wage ceiling. */
  employeeBase: 'actual' | 'restricted';
  /** Employer share on the actual PF wage or restricted to the wage ceiling (EPS stays capped either way). */
  employerBase: 'actual' | 'restricted';
  /** Employer contributions are part of CTC (reported in `costToCompany`); sub-options for EDLI and admin. */
  employerInCtc: boolean;
  edliInCtc?: boolean;
  adminInCtc?: boolean;
  /** LOP: restricted ceiling × payable/days instead of capping the earned wage. Default false. */
  prorateRestrictedWage: boolean;
  /** LOP: run the "< ceiling" test for 'if-below-ceiling' components on the earned (post-LOP) PF wage. */
  includeConditionalOnEarnedWage: boolean;
  /** Employee rate override (e.g. 10% relief of 2020); default the dated statutory 12%. */
  employeeRateBp?: BasisPoints;
  /** Voluntary PF above 12%, employee only, as a rate of the employee base. */
  vpfRateBp?: BasisPoints;
}

export interface EsiSettings {
  /** Establishment covered by ESI. */
  applicable: boolean;
}

/** What was paid earlier in the financial year (from the stored payslips), and the ESI period state. */
export interface EarlierInYear {
  /** Months already paid in this FY by this employer. */
  monthsPaid: number;
  /** All earnings paid earlier this FY. */
  gross: Paise;
  /**
   * Taxable pay paid earlier this FY, in the tax computation's shape (src/tax SalaryFigures):
   * taxable gross, HRA, Basic + DA, employee PF, professional tax, employer NPS.
   */
  paid: SalaryFigures;
  /** TDS deducted earlier this FY by this employer. */
  tds: Paise;
  /**
   * Gross paid earlier in the current half-year (Apr–Sep / Oct–Mar) that PT is read on (without
   * one-time items flagged `ptWage: false`), for half-yearly PT (Tamil Nadu).
   */
  grossThisHalfYear: Paise;
  /** PT already deducted in this half-year (half-yearly states). */
  ptThisHalfYear: Paise;
  /** Covered by ESI in an earlier month of the current contribution period (the period lock). */
  esiCoveredThisPeriod: boolean;
}

export type { AgeBand, SalaryFigures, TaxDeclarations, TaxRegime } from './tax/types';

/** Tax part of the input; passed to computeMonthlyTds (src/tax). Age band comes from dateOfBirth. */
export interface TaxSettings {
  regime: TaxRegime;
  declarations?: TaxDeclarations;
  /** Salary and TDS from a previous employer this FY (Form 12B). */
  previousEmployer?: SalaryFigures & { tdsPaise: Paise };
  /** Known one-time taxable items still to come this FY (bonus announced for March ...). */
  expectedOneTime?: { label: string; amountPaise: Paise }[];
  /**
   * TDS figure an administrator uploaded for this month, in whole rupees, with the reason: the TDS
   * line deducts it instead of the projection's figure (still capped at the pay left, ADR 0014) and
   * says both. The year-to-date TDS carries what was deducted, so later months' projections
   * recover or give back the difference.
   */
  override?: { amountPaise: Paise; reason: string };
}

/** A pre-tax benefit inside CTC (see benefits.ts for how each kind is paid and taxed). */
export interface PreTaxBenefit {
  code: string;
  label: string;
  /** 'nps-employer': employer line, 80CCD(2). 'flexible': an earning, exempt in the old regime. */
  kind: 'nps-employer' | 'flexible';
  /** Full monthly amount before proration. */
  monthly: Paise;
  exemption: '80CCD(2)' | '10(5)' | '10(14)' | '17(2)' | 'none';
  /** Prorated for LOP like salary lines; default true. */
  prorated?: boolean;
  /**
   * Flexible items: the monthly amount the employee claims for the exemption (bills or a
   * declaration), capped at `monthly`; the rest is taxable. Absent: fully claimed.
   */
  claimedMonthly?: Paise;
}

export interface PayslipInput {
  employee: EmployeeFacts;
  month: PayMonth;
  attendance: Attendance;
  salary: SalaryLine[];
  oneTime: OneTimeItem[];
  /** Pre-tax benefits (employer NPS, flexible benefit items); none when absent. */
  benefits?: PreTaxBenefit[];
  epf: EpfSettings;
  esi: EsiSettings;
  tax: TaxSettings;
  earlier: EarlierInYear;
}

export type LineKind = 'earning' | 'deduction' | 'employer' | 'info';

/** How a line's amount was rounded (each legal step names its rounding). */
export type Rounding = 'none' | 'paisa-half-up' | 'rupee-half-up' | 'rupee-up' | 'rupee-nearest' | 'balance';

export interface RuleRef {
  /** Section of /work/shared/payroll/statutory-rules.md, e.g. '§1.2' (expert view, files). */
  section: string;
  /** Where the figures come from (notification / sources), from the dated data (expert view). */
  source: string;
  /**
   * The law and the company setting the line follows, in the words people read on a payslip: the
   * Act, scheme or notification by name and the setting by its screen name, never a file or key.
   */
  law: string;
}

export interface LineInput {
  name: string;
  value: string | number;
  /** 'paise': value is money (shown as ₹). */
  unit?: 'paise';
  /** Where it came from, in words people read: 'salary structure', 'attendance', 'EPF Scheme 1952' ... */
  from: string;
}

export interface PayslipLine {
  code: string;
  label: string;
  kind: LineKind;
  /** Amount the rate was applied to (paise), or null for flat amounts. */
  base: Paise | null;
  /** Rate in basis points, or null for flat/slab amounts. */
  rate: BasisPoints | null;
  amount: Paise;
  rounding: Rounding;
  rule: RuleRef;
  inputs: LineInput[];
  /** Plain words: what it is, inputs, rule and source, arithmetic. */
  explain: string;
  /** False: not printed on the employee's payslip, still counted. */
  show: boolean;
}

export interface PayDays {
  /** Days in the proration basis (calendar days, N, or working days). */
  basis: number;
  /** Days outside employment (joiner/leaver), in basis days. */
  outsideEmployment: number;
  lop: number;
  payable: number;
}

/** `earlier` plus this month: store it and pass it as `earlier` next month. */
export interface YearToDate {
  gross: Paise;
  paid: Required<SalaryFigures>;
  tds: Paise;
  grossThisHalfYear: Paise;
  ptThisHalfYear: Paise;
  esiCoveredThisPeriod: boolean;
  monthsPaid: number;
}

export interface Payslip {
  month: PayMonth;
  days: PayDays;
  lines: PayslipLine[];
  gross: Paise;
  deductions: Paise;
  employerContributions: Paise;
  net: Paise;
  /** Gross + employer contributions that the EPF settings place inside CTC. */
  costToCompany: Paise;
  ytd: YearToDate;
  /** Notes about readings used or data missing (e.g. no PT table for a TN local body). */
  notes: string[];
}

/* ---------- Statutory data (the `rules` argument): effective-dated figures with their source ---------- */

export interface DatedFigure<T> {
  value: T;
  /** First day in force (inclusive). */
  from: IsoDate;
  /** Last day in force (inclusive); open-ended when absent. */
  to?: IsoDate;
  /** Notification / Act and the research sources (S# of the rules file). */
  source: string;
  /** The law in words for payslip explanations (no rules-file references). */
  law: string;
  /** Section of the rules file. */
  section: string;
  note?: string;
}

export interface EpfFigures {
  /** Statutory wage ceiling (EPF/EPS/EDLI), ₹15,000 → ₹25,000 from 17 Sep 2026. */
  wageCeiling: DatedFigure<Paise>[];
  employeeRate: DatedFigure<BasisPoints>[];
  employerRate: DatedFigure<BasisPoints>[];
  epsRate: DatedFigure<BasisPoints>[];
  edliRate: DatedFigure<BasisPoints>[];
  adminRate: DatedFigure<BasisPoints>[];
  /** Establishment-level minimum admin charge (challan, not payslip). */
  adminMinimum: DatedFigure<Paise>[];
  edliAdminRate: DatedFigure<BasisPoints>[];
  /** No EPS after this age. */
  epsAgeLimit: DatedFigure<number>[];
}

export interface EsiFigures {
  employeeRate: DatedFigure<BasisPoints>[];
  employerRate: DatedFigure<BasisPoints>[];
  wageCeiling: DatedFigure<Paise>[];
  wageCeilingDisabled: DatedFigure<Paise>[];
  /** Average daily wage at or below which the employee share is nil. */
  lowWageDailyLimit: DatedFigure<Paise>[];
  /**
   * Months (1–12) in which an ESI contribution period starts (April and October): the coverage
   * lock in esi.ts reads them, and the figures screen lists them.
   */
  contributionPeriodStarts: DatedFigure<number[]>[];
}

export interface PtSlab {
  /** Upper bound of monthly (or half-year) salary, inclusive; absent on the last slab. */
  upTo?: Paise;
  amount: Paise;
  /** Different amount in February (KA, MH: ₹300). */
  february?: Paise;
}

export interface PtTable {
  state: StateCode;
  /** Local body where PT is set by the city (Tamil Nadu). Absent = whole state. */
  city?: string;
  /** Women's own slabs (Maharashtra). */
  gender?: Gender;
  frequency: 'monthly' | 'half-yearly' | 'none';
  slabs: PtSlab[];
  /** Annual cap, Art. 276(2). */
  annualCap: Paise;
  from: IsoDate;
  to?: IsoDate;
  source: string;
  /** The Act in words for payslip explanations (no rules-file references). */
  law: string;
  section: string;
  note?: string;
}

export interface LwfRate {
  state: StateCode;
  employee: Paise;
  employer: Paise;
  /** Months (1–12) in which it is deducted. */
  months: number[];
  from: IsoDate;
  to?: IsoDate;
  source: string;
  /** The Act in words for payslip explanations (no rules-file references). */
  law: string;
  section: string;
}

export interface StatutoryRules {
  epf: EpfFigures;
  esi: EsiFigures;
  pt: PtTable[];
  lwf: LwfRate[];
  /** Income-tax years (src/tax data), one per FY. */
  incomeTax: readonly IncomeTaxYearRules[];
}
