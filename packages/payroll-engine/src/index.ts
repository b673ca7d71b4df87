/**
 * @hr/payroll-engine: pure, deterministic India payroll (issue 14). No database, clock or
 * environment inside; money in integer paise; statutory figures as dated data with their source.
 */
export const ENGINE_VERSION = '0.2.0';

export { computePayslip } from './compute';
export { MONTH_NAMES } from './dates';
export { payDays } from './days';
export { epsEligibleAtJoining } from './epf';
export {
  computeExitLeaveEncashment,
  computeGratuity,
  computeNotice,
  computeSettlement,
  serviceLength,
  serviceText,
} from './exit';
export type * from './exit/types';
export { divCeil, divHalfUp, formatInr, formatRate, splitByWeights, splitEvenly } from './money';
export { STATUTORY_RULES } from './rules';
export { EXIT_FIGURES } from './statutory/exit';
export { type FigureListing, statutoryFiguresOn } from './statutory-figures';
export {
  compareRegimes,
  computeForm16,
  computeMonthlyTds,
  type Form16Figures,
  type Form16Input,
  type Form16Month,
  type Form16Perquisite,
  type Form16Quarter,
  financialYearMonths,
  incomeTaxRulesFor,
  type RegimeComparison,
  type RegimeComparisonInput,
  type RegimeSide,
} from './tax';
export type * from './types';
