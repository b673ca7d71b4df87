/**
 * Sessions this process has seen live, so that an authenticated request need not ask the database
 * again (ADR 0006). Trust is withdrawn by:
 * - a revocation in this process (`forget`, `forgetUser`), at once;
 * - a revocation anywhere: the `sessions` triggers (migration 0012) notify `hr_session_ended`,
 *   which every process listens to (`watchSessionEnds`);
 * - a role change: an entry carries the role name and permissions read with the session (migration
 *   0112), so a user's new role (`forgetUser`, 'user:<id>') or a role's new permissions
 *   (`forgetCompany`, 'company:<id>') drop the entries they concern, here at once and in every
 *   process through the same channel;
 * - losing that listener (`reset`): nothing is trusted until it is back;
 * - age: an entry is trusted for `maxAgeMs` at most, a bound even if a notification were lost.
 *
 * A check that raced a revocation must not put the session back: `remember` takes the generation
 * read before the check and is ignored if anything ended since.
 */
export type SessionCache = ReturnType<typeof createSessionCache>;

/** What a live session may do now: its user's current role, as read with the session. */
export type SessionAccess = { roleName: string; permissions: readonly string[] };

type Entry = {
  userId: string;
  companyId: string;
  expiresAt: number;
  checkedAt: number;
  access: SessionAccess;
};

export function createSessionCache(opts: { now: () => number; maxAgeMs?: number; maxEntries?: number }) {
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 50_000;
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening = false;

  const bump = () => {
    generation += 1;
  };
  // Many sessions share a role: one frozen copy of each role's access, not one per session.
  const shared = new Map<string, SessionAccess>();
  const intern = (a: SessionAccess): SessionAccess => {
    const key = `${a.roleName}\u0000${a.permissions.join(',')}`;
    const known = shared.get(key);
    if (known) return known;
    if (shared.size >= 1000) shared.clear();
    const copy = Object.freeze({ roleName: a.roleName, permissions: Object.freeze([...a.permissions]) });
    shared.set(key, copy);
    return copy;
  };

  /** The access of this session when it is known live now, for this user and company; null means: ask the database. */
  function live(sessionId: string, userId: string, companyId: string): SessionAccess | null {
    if (!listening) return null;
    const e = entries.get(sessionId);
    if (!e || e.userId !== userId || e.companyId !== companyId) return null;
    const now = opts.now();
    if (e.expiresAt <= now || now - e.checkedAt >= maxAgeMs) {
      entries.delete(sessionId);
      return null;
    }
    return e.access;
  }
  function forgetUser(userId: string): void {
    bump();
    for (const [id, e] of entries) if (e.userId === userId) entries.delete(id);
  }
  /** A role of this company changed: its sessions are checked again. */
  function forgetCompany(companyId: string): void {
    bump();
    for (const [id, e] of entries) if (e.companyId === companyId) entries.delete(id);
  }
  function forget(sessionId: string): void {
    bump();
    entries.delete(sessionId);
  }

  return {
    live,
    isLive(sessionId: string, userId: string, companyId: string): boolean {
      return live(sessionId, userId, companyId) !== null;
    },
    /** Read before a database check; pass to `remember`. */
    generation: () => generation,
    /** The database said live (for this user and company) at generation `gen`, until `expiresAt`. */
    remember(
      sessionId: string,
      userId: string,
      companyId: string,
      expiresAt: Date,
      gen: number,
      access: SessionAccess,
    ): void {
      if (!listening || gen !== generation) return;
      if (entries.size >= maxEntries) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(sessionId);
      entries.set(sessionId, {
        userId,
        companyId,
        expiresAt: expiresAt.getTime(),
        checkedAt: opts.now(),
        access: intern(access),
      });
    },
    forget,
    forgetUser,
    forgetCompany,
    /** A notification on hr_session_ended: a session id, 'user:<id>' or 'company:<id>' (migration 0112). */
    onEnded(payload: string): void {
      if (payload.startsWith('user:')) forgetUser(payload.slice(5));
      else if (payload.startsWith('company:')) forgetCompany(payload.slice(8));
      else forget(payload);
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
