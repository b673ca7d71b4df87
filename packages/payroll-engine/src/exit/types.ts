/** Types of the exit computations (full and final settlement, issue 23). */
import type { DatedFigure, IsoDate, LineInput, Paise, RuleRef } from '../types';

export interface ExitFigures {
  /** Gratuity payable at most (also the s.10(10)(ii) exemption for non-government employees). */
  gratuityCeiling: DatedFigure<Paise>[];
  /** Years of continuous service before gratuity is payable. */
  gratuityMinimumYears: DatedFigure<number>[];
  /** The same for a fixed-term employee (one year under the Code on Social Security). */
  gratuityMinimumYearsFixedTerm: DatedFigure<number>[];
  /** Exclusions above this share (bp) of all remuneration are counted as wages. */
  wagesExclusionCapBp: DatedFigure<number>[];
  /** s.10(10AA)(ii) lifetime limit on exempt leave encashment. */
  leaveEncashmentExemptionLimit: DatedFigure<Paise>[];
  /** s.10(10AA)(ii): months of average salary. */
  leaveEncashmentMonthsLimb: DatedFigure<number>[];
  /** s.10(10AA)(ii): leave days counted per completed year of service. */
  leaveEncashmentDaysPerYearLimb: DatedFigure<number>[];
}

/** Length of service from the joining day to the last working day, both counted. */
export interface ServiceLength {
  years: number;
  months: number;
  days: number;
}

export type SettlementLineKind = 'earning' | 'deduction' | 'info';

export interface SettlementLine {
  code: string;
  label: string;
  kind: SettlementLineKind;
  amount: Paise;
  /** The part of an earning that is exempt from income tax, when the engine knows it. */
  exempt?: Paise;
  rule: RuleRef | null;
  inputs: LineInput[];
  /** Plain words: what it is, the inputs, the rule, the arithmetic. */
  explain: string;
}

export interface GratuityInput {
  joinedOn: IsoDate;
  lastWorkingDay: IsoDate;
  fixedTerm: boolean;
  /** Last drawn monthly basic pay (paise). */
  basic: Paise;
  /** Last drawn monthly dearness allowance (paise); 0 when the structure has none. */
  da: Paise;
  /**
   * All monthly remuneration (gross, paise). From 21 Nov 2025 the part of it outside basic + DA
   * above one half is added to wages; leave it out to use basic + DA as they are.
   */
  totalRemuneration?: Paise;
}

export interface GratuityResult {
  line: SettlementLine;
  eligible: boolean;
  service: ServiceLength;
  /** Years the amount is counted on (a part year of more than six months counts as one). */
  yearsCounted: number;
  /** Monthly wages for gratuity (basic + DA, plus any add-back). */
  wages: Paise;
}

export interface LeaveEncashmentInput {
  joinedOn: IsoDate;
  lastWorkingDay: IsoDate;
  /** Leave left to encash, in days (up to two decimals), from the leave ledger. */
  days: number;
  /** Last drawn monthly basic + DA (paise): the rate of the encashment. */
  monthlyWage: Paise;
  /** Per-day rate of the company's policy: monthly wage ÷ 26 or ÷ 30. */
  perDayDivisor: 26 | 30;
  /** Average monthly salary of the ten months before the exit (paise), for the exemption. */
  averageSalaryTenMonths: Paise;
  /** Leave encashment exemption already used with earlier employers or earlier exits (paise). */
  exemptionUsedEarlier?: Paise;
  /** Leave type names, for the explanation. */
  leaveTypes?: string;
}

export interface NoticeInput {
  kind: 'resignation' | 'termination';
  /** Notice period of the employee's policy, in calendar days. */
  noticeDays: number;
  /** The day the notice was given (resignation submitted, or termination notice issued). */
  noticeGivenOn: IsoDate;
  lastWorkingDay: IsoDate;
  /** Monthly amount notice pay is counted on (the company uses gross pay). */
  monthlyBasis: Paise;
  /** Name of that amount for the explanation, e.g. 'monthly gross'. */
  basisName: string;
  /** Per-day rate: monthly ÷ this (30 by default). */
  perDayDivisor?: number;
  /** Shortfall days the company waives (resignation only). */
  waivedDays?: number;
}

export interface SettlementInput {
  gratuity: GratuityInput;
  leave: LeaveEncashmentInput | null;
  notice: NoticeInput;
  /** Lines the caller has already worked out: open reimbursements, unreturned assets, the final salary. */
  other: SettlementLine[];
}

export interface Settlement {
  lines: SettlementLine[];
  /** Sum of the earning lines. */
  payable: Paise;
  /** Sum of the deduction lines. */
  recoverable: Paise;
  /** payable − recoverable: negative when the employee owes the company. */
  net: Paise;
  service: ServiceLength;
  notes: string[];
}
