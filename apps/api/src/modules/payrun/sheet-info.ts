import type { PayRun } from '@hr/contract';
import type { Queryable } from '../../db/client';

/**
 * The sheets uploaded to a run (attendance, one-time payouts, TDS), as the run's view shows them.
 * Sheet uploads arrive with the sheet-import seam; until a run has one, each is null.
 */
export async function sheetsOf(_tx: Queryable, _runId: string): Promise<PayRun['sheets']> {
  return { attendance: null, onetime: null, tds: null };
}
