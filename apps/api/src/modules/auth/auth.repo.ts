import type { Db, Queryable } from '../../db/client';

/** Identity tables are read through the owner connection (`db`), before any company is known. */

export type UserRow = {
  id: string;
  company_id: string;
  email: string;
  password_hash: string;
  role_id: string;
  employee_id: string | null;
  mfa_enabled: boolean;
  is_active: boolean;
  company_name: string;
  time_zone: string;
  mfa_required: boolean;
};

const USER_SELECT = `SELECT u.id, u.company_id, u.email, u.password_hash, u.role_id, u.employee_id, u.mfa_enabled,
    u.is_active, c.name AS company_name, c.time_zone, c.mfa_required
  FROM users u JOIN companies c ON c.id = u.company_id`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} WHERE lower(u.email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function updatePassword(db: Db, userId: string, hash: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = $3 WHERE id = $1',
    [userId, hash, now],
  );
}

/** Failures under `key` since `since`, and when the `limit`-th newest of them was made. */
export async function recentFailures(
  db: Db,
  key: string,
  since: Date,
  limit: number,
): Promise<{ n: number; pivot: Date | null }> {
  const { rows } = await db.query<{ n: number; pivot: Date | string | null }>(
    `SELECT count(*)::int AS n, (array_agg(created_at ORDER BY created_at DESC))[$3::int] AS pivot
       FROM login_attempts WHERE key = $1 AND created_at > $2`,
    [key, since, limit],
  );
  const r = rows[0]!;
  return { n: r.n, pivot: r.pivot === null ? null : new Date(r.pivot) };
}

export async function recordFailures(db: Db, keys: string[], now: Date): Promise<void> {
  await db.query('INSERT INTO login_attempts (key, created_at) SELECT unnest($1::text[]), $2', [keys, now]);
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE key = $1', [key]);
}

export async function clearFailuresWithPrefix(db: Db, prefix: string): Promise<void> {
  // left() rather than LIKE: an email may hold % or _.
  await db.query('DELETE FROM login_attempts WHERE left(key, length($1)) = $1', [prefix]);
}

export async function insertSession(
  db: Db,
  s: {
    id: string;
    userId: string;
    companyId: string;
    refreshHash: string;
    now: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id, user_id, company_id, refresh_hash, created_at, expires_at, user_agent, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      s.id,
      s.userId,
      s.companyId,
      s.refreshHash,
      s.now,
      s.expiresAt,
      s.userAgent?.slice(0, 400) ?? null,
      s.ip,
    ],
  );
}

export type SessionRow = {
  id: string;
  user_id: string;
  refresh_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
};

export async function getSession(db: Db, id: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    'SELECT id, user_id, refresh_hash, expires_at, revoked_at FROM sessions WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Compare-and-swap: only the holder of the current refresh token can rotate it. */
export async function rotateRefresh(
  db: Db,
  id: string,
  oldHash: string,
  newHash: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET refresh_hash = $3
      WHERE id = $1 AND refresh_hash = $2 AND revoked_at IS NULL AND expires_at > $4 RETURNING id`,
    [id, oldHash, newHash, now],
  );
  return rows.length === 1;
}

export async function revokeSession(db: Db, id: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [id, now]);
}

export async function revokeUserSessions(
  db: Db,
  userId: string,
  now: Date,
  exceptId?: string,
): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3)',
    [userId, now, exceptId ?? null],
  );
}

export async function countOneTimeTokensSince(
  db: Db,
  userId: string,
  purpose: 'reset' | 'otp',
  since: Date,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM one_time_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > $3',
    [userId, purpose, since],
  );
  return rows[0]!.n;
}

export async function insertOneTimeToken(
  db: Db,
  t: {
    userId: string;
    purpose: 'reset' | 'otp';
    tokenHash: string;
    codeHash?: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO one_time_tokens (user_id, purpose, token_hash, code_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [t.userId, t.purpose, t.tokenHash, t.codeHash ?? null, t.expiresAt, t.now],
  );
}

export type OneTimeTokenRow = {
  id: string;
  user_id: string;
  code_hash: string | null;
  expires_at: Date;
  used_at: Date | null;
  attempts: number;
};

export async function findOneTimeToken(
  db: Db,
  purpose: 'reset' | 'otp',
  tokenHash: string,
): Promise<OneTimeTokenRow | null> {
  const { rows } = await db.query<OneTimeTokenRow>(
    'SELECT id, user_id, code_hash, expires_at, used_at, attempts FROM one_time_tokens WHERE token_hash = $1 AND purpose = $2',
    [tokenHash, purpose],
  );
  return rows[0] ?? null;
}

/** Marks a token used; false when another request used it first (single use under concurrency). */
export async function consumeOneTimeToken(db: Db, id: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE one_time_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
    [id, now],
  );
  return rows.length === 1;
}

export async function countOtpAttempt(db: Db, id: string, maxAttempts: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE one_time_tokens SET attempts = attempts + 1,
       used_at = CASE WHEN attempts + 1 >= $2 THEN $3 ELSE used_at END
     WHERE id = $1`,
    [id, maxAttempts, now],
  );
}

export async function expireUserTokens(
  db: Db,
  userId: string,
  purpose: 'reset' | 'otp',
  now: Date,
): Promise<void> {
  await db.query(
    'UPDATE one_time_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose, now],
  );
}

/**
 * Liveness of an access token's session, with its user's current role (one call; runs when this
 * process does not know the session live). The role is read here, not taken from the token, so
 * that a role change applies to the very next request (migration 0112).
 */
export async function sessionState(
  db: Db,
  id: string,
  userId: string,
  companyId: string,
  now: Date,
): Promise<
  | { state: 'live'; expiresAt: Date; roleName: string; permissions: string[] }
  | { state: 'expired' | 'revoked'; expiresAt: null }
> {
  // A session of another user or company is no session of this token's (as if revoked).
  const { rows } = await db.query<{
    revoked: boolean;
    expired: boolean;
    expires_at: Date;
    role_name: string;
    permissions: string[];
  }>('SELECT * FROM hr_session_access($1, $2, $3, $4)', [id, userId, companyId, now]);
  const r = rows[0];
  if (!r || r.revoked) return { state: 'revoked', expiresAt: null };
  if (r.expired) return { state: 'expired', expiresAt: null };
  return { state: 'live', expiresAt: r.expires_at, roleName: r.role_name, permissions: r.permissions };
}

// Tenant reads (inside db.tenant): the role and the employee behind a user.

export async function roleOf(
  tx: Queryable,
  roleId: string,
): Promise<{ name: string; permissions: string[] } | null> {
  const { rows } = await tx.query<{ name: string; permissions: string[] }>(
    'SELECT name, permissions FROM roles WHERE id = $1',
    [roleId],
  );
  return rows[0] ?? null;
}

export async function employeeBrief(
  tx: Queryable,
  employeeId: string,
): Promise<{ employee_code: string; first_name: string; last_name: string } | null> {
  const { rows } = await tx.query<{ employee_code: string; first_name: string; last_name: string }>(
    'SELECT employee_code, first_name, last_name FROM employees WHERE id = $1',
    [employeeId],
  );
  return rows[0] ?? null;
}
