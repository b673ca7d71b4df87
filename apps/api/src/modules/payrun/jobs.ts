import type { Db } from '../../db/client';
import type { JobRunner } from '../jobs';
import { computeChunk } from './compute';
import { finishRun } from './finish';

export const PAYRUN_COMPUTE_JOB = 'payrun-compute';

type Log = { error(obj: object, msg: string): void };

/**
 * Computes a run to the end: chunks until none is left for this worker, then finishes the run if
 * no other worker still holds a chunk (whoever takes the last one finishes it). Idempotent: a job
 * delivered twice, or one retried after a crash, carries on from the payslips' state.
 */
export async function computeRun(db: Db, companyId: string, runId: string): Promise<void> {
  // On PostgreSQL two chunks at a time: one is in the engine (this process's CPU) while the other is
  // written by the server (its CPU). PGlite has one connection: one at a time.
  const lanes = db.driver === 'pg' ? 2 : 1;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while ((await computeChunk(db, companyId, runId)) > 0) {
        // next chunk
      }
    }),
  );
  await finishRun(db, companyId, runId);
}

export function definePayrunJobs(jobs: JobRunner, db: Db): void {
  jobs.define<{ companyId: string; runId: string }>({
    name: PAYRUN_COMPUTE_JOB,
    description: 'Pay run: compute the payslips of a run (any number of workers share a run)',
    retryLimit: 5,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
    handler: ({ companyId, runId }) => computeRun(db, companyId, runId),
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
    const workers = employees > 2000 ? 2 : 1;
    for (let i = 0; i < workers; i++) await jobs.send(PAYRUN_COMPUTE_JOB, { companyId, runId });
    return;
  }
  setImmediate(() => {
    computeRun(db, companyId, runId).catch((err) => log.error({ err, runId }, 'pay run compute failed'));
  });
}
