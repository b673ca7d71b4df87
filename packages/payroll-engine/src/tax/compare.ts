import { annualTax } from './annual-tax';
import { taxableIncome } from './deductions';
import { formatRupees } from './money';
import type {
  AgeBand,
  AnnualTaxResult,
  IncomeTaxYearRules,
  SalaryFigures,
  TaxDeclarations,
  TaxRegime,
  TaxStep,
} from './types';

/** One regime's side of the comparison: from gross to tax, every step explained. */
export interface RegimeSide {
  regime: TaxRegime;
  /** Salary (with a previous employer's, Form 12B) plus other income declared. */
  grossPaise: number;
  deductionsPaise: number;
  taxableIncomePaise: number;
  annualTax: AnnualTaxResult;
  /** Deductions and exemptions allowed in this regime (the declarations the new regime ignores are absent). */
  deductionSteps: TaxStep[];
}

export interface RegimeComparison {
  new: RegimeSide;
  old: RegimeSide;
  /** The regime with the lower annual tax; `null` when both cost the same. */
  cheaper: TaxRegime | null;
  /** |tax(new) − tax(old)| in paise. */
  differencePaise: number;
  /** In words: "The new regime costs you ₹28,080 less a year (₹0 against ₹28,080)." */
  summary: string;
}

export interface RegimeComparisonInput {
  /** The year's salary with this employer (projected), in the tax computation's shape. */
  annual: SalaryFigures;
  /** Salary from a previous employer this FY (Form 12B), added to this employer's. */
  previousEmployer?: SalaryFigures;
  declarations?: TaxDeclarations;
  ageBand?: AgeBand;
  resident?: boolean;
}

const sum = (a: number | undefined, b: number | undefined) =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

/**
 * "Which regime costs me less": the same year's salary and declarations through both regimes
 * (rules file 5.1-5.4). The old regime reads every declaration; the new one only other income.
 */
export function compareRegimes(
  input: RegimeComparisonInput,
  yearRules: IncomeTaxYearRules,
): RegimeComparison {
  const p = input.previousEmployer;
  const a = input.annual;
  const annual: SalaryFigures = p
    ? {
        grossPaise: a.grossPaise + p.grossPaise,
        hraPaise: sum(a.hraPaise, p.hraPaise),
        basicDaPaise: sum(a.basicDaPaise, p.basicDaPaise),
        employeePfPaise: sum(a.employeePfPaise, p.employeePfPaise),
        professionalTaxPaise: sum(a.professionalTaxPaise, p.professionalTaxPaise),
        employerNpsPaise: sum(a.employerNpsPaise, p.employerNpsPaise),
      }
    : a;
  const side = (regime: TaxRegime): RegimeSide => {
    const income = taxableIncome(annual, regime, yearRules, input.declarations ?? {});
    return {
      regime,
      grossPaise: income.grossPaise,
      deductionsPaise: income.deductionsPaise,
      taxableIncomePaise: income.taxableIncomePaise,
      annualTax: annualTax(income.taxableIncomePaise, regime, yearRules, input.ageBand, {
        resident: input.resident ?? true,
      }),
      deductionSteps: income.steps,
    };
  };
  const n = side('new');
  const o = side('old');
  const tn = n.annualTax.totalTaxPaise;
  const to = o.annualTax.totalTaxPaise;
  const cheaper: TaxRegime | null = tn === to ? null : tn < to ? 'new' : 'old';
  const differencePaise = Math.abs(tn - to);
  const summary =
    cheaper === null
      ? `Both regimes cost you the same: ${formatRupees(tn)} a year.`
      : `The ${cheaper} regime costs you ${formatRupees(differencePaise)} less a year (${formatRupees(Math.min(tn, to))} against ${formatRupees(Math.max(tn, to))}).`;
  return { new: n, old: o, cheaper, differencePaise, summary };
}
