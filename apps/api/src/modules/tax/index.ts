/**
 * Tax declarations (issue 23): the declaration window, employees' declarations and the regime
 * comparison. Other modules use this file only; the pay run reads submitted declarations here.
 */

import type { SalaryFigures, TaxDeclarations } from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';
import {
  engineDeclarations,
  enginePreviousEmployer,
  fieldsOf,
  figuresForMonth,
  verifiedItems,
} from './tax.domain';
import { readWindow, submittedDeclarations } from './tax.repo';

export { taxRoutes } from './tax.routes';
export { createTaxService, type ProjectYear, type TaxService } from './tax.service';

export interface PayRunDeclaration {
  regime: 'new' | 'old';
  declarations: TaxDeclarations;
  previousEmployer: (SalaryFigures & { tdsPaise: number }) | undefined;
  /** Which figures the claims are: as declared, or as the verified proofs bear them out. */
  figures: 'declared' | 'verified proofs';
}

/**
 * What the pay run of `month` takes from the year's submitted declarations: the regime chosen, the
 * old regime's claims and other income, and Form 12B (a previous employer's salary and TDS). From
 * the month the proof window closes (figuresForMonth) the claims are the verified amounts only.
 */
export async function declarationsForPayRun(
  tx: Queryable,
  fy: string,
  month: string,
  employeeIds: string[],
): Promise<Map<string, PayRunDeclaration>> {
  const [stored, window] = await Promise.all([
    submittedDeclarations(tx, fy, employeeIds),
    readWindow(tx, fy),
  ]);
  const figures = figuresForMonth(month, window);
  return new Map(
    [...stored].map(([id, { head, items }]) => {
      const used = figures === 'verified proofs' ? verifiedItems(items) : items;
      const f = fieldsOf(head, used);
      const declarations = engineDeclarations(f);
      if (figures === 'verified proofs') {
        // The rent verified (the receipts' total) is the year's rent, not the monthly figure × months declared.
        const rent = used.find((i) => i.kind === 'hra')?.amount_paise ?? 0;
        if (rent > 0) declarations.annualRentPaise = rent;
        else {
          delete declarations.annualRentPaise;
          delete declarations.rentCity;
        }
      }
      declarations.claimsFrom = figures;
      return [id, { regime: f.regime, declarations, previousEmployer: enginePreviousEmployer(f), figures }];
    }),
  );
}

export { proofDocumentsInUse } from './tax.repo';
