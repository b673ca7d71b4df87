import type { IncomeTaxYearRules } from './types';
import { INCOME_TAX_YEARS } from './years';

// Every payslip asks for its month's year rules; remembered per years list (the data passed in,
// never a clock) so the answer for the same arguments cannot change.
const byYears = new WeakMap<readonly IncomeTaxYearRules[], Map<string, IncomeTaxYearRules>>();

/** The year rules in force on a date 'YYYY-MM-DD' or for a pay month 'YYYY-MM'. */
export function incomeTaxRulesFor(
  dateOrMonth: string,
  years: readonly IncomeTaxYearRules[] = INCOME_TAX_YEARS,
): IncomeTaxYearRules {
  let memo = byYears.get(years);
  if (!memo) {
    memo = new Map();
    byYears.set(years, memo);
  }
  let found = memo.get(dateOrMonth);
  if (!found) {
    found = incomeTaxRulesUncached(dateOrMonth, years);
    // Bounded: dates as keys could otherwise grow without limit in a server that runs for months.
    if (memo.size >= 1024) memo.clear();
    memo.set(dateOrMonth, found);
  }
  return found;
}

function incomeTaxRulesUncached(
  dateOrMonth: string,
  years: readonly IncomeTaxYearRules[],
): IncomeTaxYearRules {
  const day = /^\d{4}-\d{2}$/.test(dateOrMonth) ? `${dateOrMonth}-01` : dateOrMonth;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`Not a date or month: ${dateOrMonth}`);
  const found = years.find((y) => y.effectiveFrom <= day && day <= y.effectiveTo);
  if (!found) throw new RangeError(`No income-tax rules for ${dateOrMonth}`);
  return found;
}
