import type { IncomeTaxYearRules } from '../types';
import { FY_2025_26 } from './fy-2025-26';

const RULES = '/work/shared/payroll/statutory-rules.md';

/**
 * Tax year 2026-27 under the Income-tax Act, 2025: Budget 2026 kept slabs, rebate and standard
 * deduction (rules file 0 and 5.6 [2+] S24, S25, S26), so the figures are FY 2025-26's; only the
 * dates, the TDS section and the sources change. The 8-city HRA list (draft Rule 279) is a draft and
 * is not applied; when it is notified, add the cities here with a test.
 */
const UNCHANGED = `; unchanged for tax year 2026-27 (Budget 2026) ${RULES} 5.6 [2+] S24, S25, S26`;

/** Copies the figures and appends the 2026-27 note to every source, so each figure still says why. */
function carriedForward<T>(value: T): T {
  if (Array.isArray(value)) return value.map(carriedForward) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === 'source' && typeof v === 'string' ? v + UNCHANGED : carriedForward(v);
    }
    return out as T;
  }
  return value;
}

const base = carriedForward(FY_2025_26);

export const FY_2026_27: IncomeTaxYearRules = {
  ...base,
  financialYear: '2026-27',
  effectiveFrom: '2026-04-01',
  effectiveTo: '2027-03-31',
  tdsSection: 's.392 of the Income-tax Act, 2025',
  hra: {
    ...base.hra,
    source: `${FY_2025_26.hra.source}; tax year 2026-27: same 4 cities, draft Rule 279 (8 cities) not notified ${RULES} 5.4 [2+] S27, S28`,
  },
};
