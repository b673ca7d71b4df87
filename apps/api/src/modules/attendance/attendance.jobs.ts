import type { Db } from '../../db/client';
import { type Clock, dateIn } from '../../lib/clock';
import * as repo from './attendance.repo';
import { deriveRange } from './attendance.service';
import { addDays } from './derive';

/** Name of the scheduled job (jobs module) that derives each company's yesterday. */
export const ATTENDANCE_DERIVE_JOB = 'attendance-derive';
/**
 * Hourly: each run works out every company's own date in its time zone, so the first run after a
 * company's midnight derives the day that ended; later runs that night find nothing to do.
 */
export const ATTENDANCE_DERIVE_CRON = '20 * * * *';
/** Missed nights are caught up, but not further back than this (older days derive on reading). */
export const MAX_CATCH_UP_DAYS = 31;

/**
 * Derives every active employee's days from the day after the company's last run up to its
 * yesterday (first run: yesterday only). Idempotent: deriving a day again gives the same day, and
 * the mark of how far it got moves in the same transaction as the days.
 */
export async function deriveYesterdayAll(
  db: Db,
  clock: Clock,
): Promise<{ companyId: string; from: string; to: string }[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM companies ORDER BY id');
  const done: { companyId: string; from: string; to: string }[] = [];
  for (const c of rows) {
    const run = await db.tenant(c.id, async (tx) => {
      const now = clock.now();
      const yesterday = addDays(dateIn(await repo.timeZone(tx), now), -1);
      const { rows: last } = await tx.query<{ through: string }>(
        'SELECT derived_through::text AS through FROM attendance_derive_runs WHERE company_id = $1 FOR UPDATE',
        [c.id],
      );
      const floor = addDays(yesterday, -(MAX_CATCH_UP_DAYS - 1));
      const next = last[0] ? addDays(last[0].through, 1) : yesterday;
      const from = next < floor ? floor : next;
      if (from > yesterday) return null;
      await deriveRange(tx, c.id, 'all', from, yesterday, now);
      await tx.query(
        `INSERT INTO attendance_derive_runs (company_id, derived_through) VALUES ($1, $2)
         ON CONFLICT (company_id) DO UPDATE SET derived_through = EXCLUDED.derived_through, updated_at = now()`,
        [c.id, yesterday],
      );
      return { companyId: c.id, from, to: yesterday };
    });
    if (run) done.push(run);
  }
  return done;
}
