import type { IncomeTaxYearRules } from '../types';
import { FY_2025_26 } from './fy-2025-26';
import { FY_2026_27 } from './fy-2026-27';

/** Every year the engine knows, oldest first. Adding a year is a new file here plus a test. */
export const INCOME_TAX_YEARS: readonly IncomeTaxYearRules[] = [FY_2025_26, FY_2026_27];

export { FY_2025_26, FY_2026_27 };
