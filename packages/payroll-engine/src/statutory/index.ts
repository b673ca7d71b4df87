/** The statutory data set passed to computePayslip as `rules`. */
import { INCOME_TAX_YEARS } from '../tax';
import type { StatutoryRules } from '../types';
import { EPF, ESI } from './epf-esi';
import { LWF, PT } from './pt-lwf';

export const STATUTORY_RULES: StatutoryRules = {
  epf: EPF,
  esi: ESI,
  pt: PT,
  lwf: LWF,
  incomeTax: INCOME_TAX_YEARS,
};
