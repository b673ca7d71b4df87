/**
 * Tax declarations (issue 23): the declaration window, employees' declarations and the regime
 * comparison. Other modules use this file only; the pay run reads submitted declarations here.
 */

import type { SalaryFigures, TaxDeclarations } from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';
import { engineDeclarations, enginePreviousEmployer } from './tax.domain';
import { submittedDeclarations } from './tax.repo';

export { taxRoutes } from './tax.routes';
export { createTaxService, type ProjectYear, type TaxService } from './tax.service';

export interface PayRunDeclaration {
  regime: 'new' | 'old';
  declarations: TaxDeclarations;
  previousEmployer: (SalaryFigures & { tdsPaise: number }) | undefined;
}

/**
 * What the pay run takes from the year's submitted declarations: the regime chosen, the old
 * regime's claims and other income, and Form 12B (a previous employer's salary and TDS).
 */
export async function declarationsForPayRun(
  tx: Queryable,
  fy: string,
  employeeIds: string[],
): Promise<Map<string, PayRunDeclaration>> {
  const stored = await submittedDeclarations(tx, fy, employeeIds);
  return new Map(
    [...stored].map(([id, f]) => [
      id,
      { regime: f.regime, declarations: engineDeclarations(f), previousEmployer: enginePreviousEmployer(f) },
    ]),
  );
}
