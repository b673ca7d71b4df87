import type { Db, Queryable } from '../../db/client';
import { firstDay } from './month';
import { type ChunkTotals, type RunTotals, runTotals } from './summary';

export type { RunTotals };

/** The last confirmed run before the month whose first day is $1 (one place for both readers below). */
const LAST_CONFIRMED_BEFORE = `SELECT id, month, totals FROM pay_runs
  WHERE status = 'confirmed' AND month < $1::date ORDER BY month DESC LIMIT 1`;

/** The last confirmed run before `month` ('YYYY-MM'), or null. */
export async function previousRun(
  tx: Queryable,
  month: string,
): Promise<{ id: string; month: string; totals: RunTotals | null } | null> {
  const { rows } = await tx.query<{
    id: string;
    month: string;
    totals: RunTotals | null;
  }>(`SELECT id, to_char(month, 'YYYY-MM') AS month, totals FROM (${LAST_CONFIRMED_BEFORE}) r`, [
    firstDay(month),
  ]);
  return rows[0] ?? null;
}

/**
 * Each employee's net in the last confirmed run before `month`, for the employees given, with that
 * run's month (a chunk compares its payslips with it); null when no run before was confirmed.
 */
export async function previousNets(
  tx: Queryable,
  month: string,
  employeeIds: string[],
): Promise<{ month: string; netOf: Map<string, number> } | null> {
  const prev = await tx.query<{ month: string; employee_id: string | null; net_paise: number | null }>(
    `SELECT to_char(r.month, 'YYYY-MM') AS month, p.employee_id, p.net_paise::float8 AS net_paise
       FROM (${LAST_CONFIRMED_BEFORE}) r
       LEFT JOIN payslips p ON p.run_id = r.id AND p.employee_id = ANY($2::uuid[])`,
    [firstDay(month), employeeIds],
  );
  if (!prev.rows[0]) return null;
  const netOf = new Map<string, number>();
  for (const r of prev.rows) if (r.employee_id && r.net_paise !== null) netOf.set(r.employee_id, r.net_paise);
  return { month: prev.rows[0].month, netOf };
}

/**
 * Ends computing once no chunk is left to compute (the worker that finds none left does it, under the
 * run's row lock, once): the run's totals are the sum of its chunks' (each chunk summed its payslips
 * and recorded their anomalies as it computed them, summary.ts), and the run becomes `computed`.
 * Returns whether it finished the run now.
 */
export async function finishRun(db: Db, companyId: string, runId: string): Promise<boolean> {
  return db.tenant(companyId, async (tx) => {
    const { rows: runs } = await tx.query<{ status: string }>(
      'SELECT status FROM pay_runs WHERE id = $1 FOR UPDATE',
      [runId],
    );
    if (runs[0]?.status !== 'computing') return false;
    // A chunk another worker is computing is still there until its transaction commits.
    const { rows: left } = await tx.query<{ left: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM pay_run_chunks WHERE run_id = $1) AS left',
      [runId],
    );
    if (left[0]!.left) return false;

    const { rows: chunks } = await tx.query<{ totals: ChunkTotals }>(
      'SELECT totals FROM pay_run_chunk_totals WHERE run_id = $1 ORDER BY seq',
      [runId],
    );
    const { totals, engineVersion } = runTotals(chunks.map((c) => c.totals));
    await tx.query('DELETE FROM pay_run_chunk_totals WHERE run_id = $1', [runId]);
    await tx.query(
      `UPDATE pay_runs SET status = 'computed', computed_at = now(), totals = $2, engine_version = $3,
         updated_at = now() WHERE id = $1`,
      [runId, JSON.stringify(totals), engineVersion],
    );
    return true;
  });
}
