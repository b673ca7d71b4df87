import type { PayRun } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { userName } from './runs';

type InfoRow = {
  kind: string;
  import_id: string;
  file_name: string;
  rows: number;
  uploaded_at: string;
  uploaded_by: string | null;
};

const KIND: Record<string, keyof PayRun['sheets']> = {
  payrun_attendance: 'attendance',
  payrun_onetime: 'onetime',
  payrun_tds: 'tds',
};

/**
 * The sheets uploaded to a run (attendance, one-time payouts, TDS), as the run's view shows them:
 * the current import of each kind (sheet_imports, migration 0111), null where the run has none.
 */
export async function sheetsOf(tx: Queryable, runId: string): Promise<PayRun['sheets']> {
  const { rows } = await tx.query<InfoRow>(
    `SELECT kind, id AS import_id, file_name, rows_total AS rows,
            to_char(committed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS uploaded_at,
            ${userName('committed_by')} AS uploaded_by
       FROM sheet_imports WHERE run_id = $1 AND status = 'committed'`,
    [runId],
  );
  const out: PayRun['sheets'] = { attendance: null, onetime: null, tds: null };
  for (const { kind, ...info } of rows) if (KIND[kind]) out[KIND[kind]] = info;
  return out;
}
