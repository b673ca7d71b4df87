/**
 * Sessions this process has seen live, so that an authenticated request need not ask the database
 * again (ADR 0006). Trust is withdrawn by:
 * - a revocation in this process (`forget`, `forgetUser`), at once;
 * - a revocation anywhere: the `sessions` triggers (migration 0012) notify `hr_session_ended`,
 *   which every process listens to (`watchSessionEnds`);
 * - losing that listener (`reset`): nothing is trusted until it is back;
 * - age: an entry is trusted for `maxAgeMs` at most, a bound even if a notification were lost.
 *
 * A check that raced a revocation must not put the session back: `remember` takes the generation
 * read before the check and is ignored if anything ended since.
 */
export type SessionCache = ReturnType<typeof createSessionCache>;

type Entry = { userId: string; companyId: string; expiresAt: number; checkedAt: number };

export function createSessionCache(opts: { now: () => number; maxAgeMs?: number; maxEntries?: number }) {
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 50_000;
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening = false;

  const bump = () => {
    generation += 1;
  };

  return {
    /** True when this session is known live now, for this user and company; false means: ask the database. */
    isLive(sessionId: string, userId: string, companyId: string): boolean {
      if (!listening) return false;
      const e = entries.get(sessionId);
      if (!e || e.userId !== userId || e.companyId !== companyId) return false;
      const now = opts.now();
      if (e.expiresAt <= now || now - e.checkedAt >= maxAgeMs) {
        entries.delete(sessionId);
        return false;
      }
      return true;
    },
    /** Read before a database check; pass to `remember`. */
    generation: () => generation,
    /** The database said live (for this user and company) at generation `gen`, until `expiresAt`. */
    remember(sessionId: string, userId: string, companyId: string, expiresAt: Date, gen: number): void {
      if (!listening || gen !== generation) return;
      if (entries.size >= maxEntries) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(sessionId);
      entries.set(sessionId, { userId, companyId, expiresAt: expiresAt.getTime(), checkedAt: opts.now() });
    },
    forget(sessionId: string): void {
      bump();
      entries.delete(sessionId);
    },
    forgetUser(userId: string): void {
      bump();
      for (const [id, e] of entries) if (e.userId === userId) entries.delete(id);
    },
    /** The listener is up (true) or lost (false); either way, start from nothing. */
    setListening(on: boolean): void {
      bump();
      entries.clear();
      listening = on;
    },
    size: () => entries.size,
  };
}
