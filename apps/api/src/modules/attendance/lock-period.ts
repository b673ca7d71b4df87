import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { deriveRange } from './attendance.service';
import { dropUnsettledCorrections } from './corrections';
import { markRowsLocked, unmarkRowsLocked } from './locks';

export type AttendanceLockRef = {
  /** The pay run's id or number: one lock per ref (unlock finds it by this). */
  ref: string;
  reason?: string | null;
  /** The user confirming the run. */
  lockedBy?: string | null;
};

/**
 * Locks a company's attendance days from `from` to `to` (dates, inclusive) for a confirmed pay run,
 * in the caller's tenant transaction (the one confirming the run). The period is derived first, so
 * every active employee's days exist as the run saw them, then locked: from here on re-derivation
 * leaves them as they are. Locking the same ref over the same period again changes nothing; the
 * same ref over another period is refused.
 */
export async function lockAttendancePeriod(
  tx: Queryable,
  companyId: string,
  from: string,
  to: string,
  lock: AttendanceLockRef | string,
  now: Date = new Date(),
): Promise<{ id: string; from: string; to: string; ref: string }> {
  const l = typeof lock === 'string' ? { ref: lock } : lock;
  if (to < from) throw new AppError('VALIDATION', 'The period ends before it starts');
  const { rows: existing } = await tx.query<{ id: string; from: string; to: string }>(
    `SELECT id, period_from::text AS "from", period_to::text AS "to" FROM attendance_lock WHERE ref = $1`,
    [l.ref],
  );
  if (existing[0]) {
    if (existing[0].from === from && existing[0].to === to) return { ...existing[0], ref: l.ref };
    throw new AppError(
      'CONFLICT',
      `${l.ref} already locks attendance from ${existing[0].from} to ${existing[0].to}`,
    );
  }
  await deriveRange(tx, companyId, 'all', from, to, now);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO attendance_lock (company_id, period_from, period_to, ref, reason, locked_by, locked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [companyId, from, to, l.ref, l.reason ?? null, l.lockedBy ?? null, now.toISOString()],
  );
  await markRowsLocked(tx, from, to);
  return { id: rows[0]!.id, from, to, ref: l.ref };
}

/**
 * Removes the lock a pay run made (the run was reversed), in the caller's tenant transaction, and
 * re-derives its period for every active employee; days another lock still covers stay locked.
 * The period's corrections not yet paid back go: the re-derived days carry them.
 * Returns the period unlocked, or null when the ref locked nothing.
 */
export async function unlockAttendancePeriod(
  tx: Queryable,
  companyId: string,
  ref: string,
  now: Date = new Date(),
): Promise<{ from: string; to: string } | null> {
  const { rows } = await tx.query<{ from: string; to: string }>(
    `DELETE FROM attendance_lock WHERE ref = $1 RETURNING period_from::text AS "from", period_to::text AS "to"`,
    [ref],
  );
  const period = rows[0];
  if (!period) return null;
  await unmarkRowsLocked(tx, period.from, period.to);
  // The days re-derive from the approved corrections themselves: paying them back too would pay twice.
  await dropUnsettledCorrections(tx, period.from, period.to);
  await deriveRange(tx, companyId, 'all', period.from, period.to, now);
  return period;
}
