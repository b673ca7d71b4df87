import type { Db } from '../../db/client';
import type { JobRunner } from '../jobs';
import { CHUNK, computeChunk } from './compute';
import { finishRun } from './finish';

export const PAYRUN_COMPUTE_JOB = 'payrun-compute';

type Log = { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };

/**
 * Chunks one compute job takes at most (2,000 employees); a run is sent as enough jobs for its
 * chunks, so workers share it. A job shorter than the job runner's polling interval (2 s) would
 * leave its worker idle for the rest of it before the next job: 10 chunks take about that long.
 */
const CHUNKS_PER_JOB = 10;

/**
 * Computes a run to the end: chunks until none is left for this worker, then finishes the run if
 * no other worker still holds a chunk (whoever takes the last one finishes it). Idempotent: a job
 * delivered twice, or one retried after a crash, carries on from the chunks left.
 */
export async function computeRun(
  db: Db,
  companyId: string,
  runId: string,
  opts: { maxChunks?: number; log?: Log } = {},
): Promise<{ finished: boolean }> {
  // On PostgreSQL two chunks at a time: one is in the engine (this process's CPU) while the other is
  // written by the server (its CPU). PGlite has one connection: one at a time.
  const lanes = db.driver === 'pg' ? 2 : 1;
  let taken = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (opts.maxChunks === undefined || taken < opts.maxChunks) {
        taken++;
        const n = await computeChunk(db, companyId, runId);
        if (n === 0) break;
        opts.log?.info?.({ runId, payslips: n, pid: process.pid }, 'pay run chunk computed');
      }
    }),
  );
  return { finished: await finishRun(db, companyId, runId) };
}

async function stillComputing(db: Db, companyId: string, runId: string): Promise<boolean> {
  return db.tenant(companyId, async (tx) => {
    const { rows } = await tx.query<{ pending: boolean }>(
      `SELECT status = 'computing' AND EXISTS (SELECT 1 FROM pay_run_chunks WHERE run_id = $1) AS pending
         FROM pay_runs WHERE id = $1`,
      [runId],
    );
    return rows[0]?.pending ?? false;
  });
}

export function definePayrunJobs(jobs: JobRunner, db: Db, log?: Log): void {
  jobs.define<{ companyId: string; runId: string }>({
    name: PAYRUN_COMPUTE_JOB,
    description: 'Pay run: compute the payslips of a run (any number of workers share a run)',
    retryLimit: 5,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    // A bounded share of the run per job (the run was sent as enough jobs for all its chunks; a retried
    // or extra job takes whatever is still pending, and whoever finds none left finishes the run).
    handler: async ({ companyId, runId }) => {
      const { finished } = await computeRun(db, companyId, runId, {
        maxChunks: CHUNKS_PER_JOB,
        ...(log ? { log } : {}),
      });
      // Still pending after this job's share (the other jobs were taken before the rows came free):
      // one more job, so that no run is left computing. A job that finds nothing left ends at once.
      if (!finished && (await stillComputing(db, companyId, runId))) {
        await jobs.send(PAYRUN_COMPUTE_JOB, { companyId, runId });
      }
    },
  });
}

/**
 * Starts computing a prepared run: on the job runner when it runs in this process (two jobs for a
 * large run, so two workers can share it), otherwise right here in the background (a process with
 * jobs turned off still computes what it was asked to).
 */
export async function startCompute(
  jobs: JobRunner | null,
  db: Db,
  log: Log,
  companyId: string,
  runId: string,
  employees: number,
): Promise<void> {
  if (jobs?.started) {
    const sends = Math.max(1, Math.ceil(employees / CHUNK / CHUNKS_PER_JOB));
    for (let i = 0; i < sends; i++) await jobs.send(PAYRUN_COMPUTE_JOB, { companyId, runId });
    return;
  }
  setImmediate(() => {
    computeRun(db, companyId, runId).catch((err) => log.error({ err, runId }, 'pay run compute failed'));
  });
}
