import type { Queryable } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';

export type RunRow = {
  id: string;
  company_id: string;
  /** 'YYYY-MM'. */
  month: string;
  pay_date: string;
  status: 'draft' | 'computing' | 'computed' | 'confirmed';
  attendance_status: 'pending' | 'confirmed';
  payslips_status: 'none' | 'generating' | 'generated';
  computed_by: string | null;
};

const RUN_COLUMNS = `id, company_id, to_char(month, 'YYYY-MM') AS month, to_char(pay_date, 'YYYY-MM-DD') AS pay_date,
  status, attendance_status, payslips_status, computed_by`;

/** The run, locked for the rest of the caller's transaction; 404 when not in the caller's company. */
export async function lockRun(tx: Queryable, runId: string): Promise<RunRow> {
  const { rows } = await tx.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM pay_runs WHERE id = $1 FOR UPDATE`, [
    runId,
  ]);
  if (!rows[0]) throw notFound('Pay run');
  return rows[0];
}

export async function readRun(tx: Queryable, runId: string): Promise<RunRow> {
  const { rows } = await tx.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM pay_runs WHERE id = $1`, [runId]);
  if (!rows[0]) throw notFound('Pay run');
  return rows[0];
}

/**
 * Every change of a run's inputs (attendance, a sheet, a TDS figure) goes through here first, in the
 * changing transaction: the run is locked; a confirmed run refuses (corrections are lines of a later
 * run); a run being computed refuses until it ends; a computed run goes back to draft and its
 * payslips and anomalies are dropped, so nothing is reviewed or confirmed on stale figures.
 */
export async function openRunForChange(tx: Queryable, runId: string): Promise<RunRow> {
  const run = await lockRun(tx, runId);
  if (run.status === 'confirmed') {
    throw new AppError(
      'CONFLICT',
      'This pay run is confirmed and can no longer change: make corrections in the next month’s run',
    );
  }
  if (run.status === 'computing') {
    throw new AppError('CONFLICT', 'The pay run is being computed: wait until it finishes, then change it');
  }
  if (run.status === 'computed') await backToDraft(tx, run.id);
  return { ...run, status: 'draft' };
}

/** Drops what computing produced; the run is a draft again. */
export async function backToDraft(tx: Queryable, runId: string): Promise<void> {
  await tx.query('DELETE FROM pay_run_anomalies WHERE run_id = $1', [runId]);
  await tx.query('DELETE FROM payslips WHERE run_id = $1', [runId]);
  await tx.query('DELETE FROM pay_run_chunks WHERE run_id = $1', [runId]);
  await tx.query('DELETE FROM pay_run_chunk_totals WHERE run_id = $1', [runId]);
  await tx.query(
    `UPDATE pay_runs SET status = 'draft', totals = NULL, engine_version = NULL, compute_started_at = NULL,
       computed_at = NULL, computed_by = NULL, updated_at = now() WHERE id = $1`,
    [runId],
  );
}
