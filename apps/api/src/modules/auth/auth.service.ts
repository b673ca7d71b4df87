import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { OtpChallenge, Scope, SessionData, UserResponse } from '@hr/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  dummyVerify,
  hashPassword,
  isUuid,
  maskEmail,
  randomToken,
  sha256,
  sixDigitCode,
  verifyPassword,
} from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import type { Actor, SessionVerdict } from '../../plugins/auth';
import type { AuditService } from '../audit';
import * as repo from './auth.repo';
import type { SessionCache } from './session-cache';
import type { TokenSigner } from './tokens';

export type RequestContext = { ip: string; userAgent: string | null; requestId: string };

const MINUTE = 60_000;
export const LIMITS = {
  throttleWindowMs: 15 * MINUTE,
  /** Failures of one account from one address before each further try must wait (1 s, 2 s, 4 s ...). */
  freeFailuresPerAccountAddress: 5,
  maxThrottleDelayMs: 15 * MINUTE,
  /** Failures from one address over all accounts (password spraying) before it is refused for the window. */
  maxFailuresPerIp: 20,
  otpTtlMs: 10 * MINUTE,
  otpMaxAttempts: 5,
  resetTtlMs: 30 * MINUTE,
  /** A new hire may open their invitation days later. */
  inviteTtlMs: 7 * 24 * 60 * MINUTE,
  /** Reset (and invitation) mails per account per throttle window: no flooding someone's inbox. */
  maxResetMailsPerAccount: 3,
} as const;

const INVALID_LOGIN = 'Invalid email or password';
export const FORGOT_MESSAGE = 'If an account exists for that email, a reset link has been sent';

/** Throttle key of one account from one address; JSON keeps any email and address apart. */
const accountAddressKey = (email: string, ip: string) => `account-ip:${JSON.stringify([email, ip])}`;
/** What every key of one account starts with (the key above without its address). */
const accountAddressPrefix = (email: string) => `account-ip:${JSON.stringify([email]).slice(0, -1)},`;

/** Wait before the next try after `failures` recent ones of one account from one address: 0, then 1 s, 2 s, 4 s ... capped. */
export function throttleDelayMs(failures: number): number {
  const past = failures - LIMITS.freeFailuresPerAccountAddress;
  if (past < 0) return 0;
  return Math.min(1000 * 2 ** Math.min(past, 30), LIMITS.maxThrottleDelayMs);
}

function throttled(leftMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(leftMs / 1000));
  const when =
    seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError('TOO_MANY_REQUESTS', `Too many failed sign-in attempts. Try again in ${when}.`, {
    retryAfter: seconds,
  });
}

/** Equal-length hex digests compared in constant time. */
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  tokens: TokenSigner;
  mailer: Mailer;
  audit: AuditService;
  log: FastifyBaseLogger;
  appUrl: string;
  refreshTtlSeconds: number;
  /** Sessions known live (ADR 0006); every revocation here also drops them from it at once. */
  sessions: SessionCache;
}) {
  const { db, clock, tokens, mailer, audit, sessions } = deps;

  /** Role, permissions and display fields of a user: read inside its company's tenant transaction. */
  async function profileOf(user: repo.UserRow) {
    return db.tenant(user.company_id, async (tx) => {
      const role = await repo.roleOf(tx, user.role_id);
      const emp = user.employee_id ? await repo.employeeBrief(tx, user.employee_id) : null;
      return { role: role ?? { name: 'none', permissions: [] }, emp };
    });
  }

  function presentUser(
    user: repo.UserRow,
    emp: { employee_code: string; first_name: string; last_name: string } | null,
  ): UserResponse {
    return {
      id: user.id,
      email: user.email,
      company_id: user.company_id,
      company_name: user.company_name,
      employee_id: user.employee_id,
      employee_code: emp?.employee_code ?? null,
      employee_name: emp ? `${emp.first_name} ${emp.last_name}`.trim() : user.email,
      time_zone: user.time_zone,
    };
  }

  const presentScope = (role: { name: string; permissions: string[] }): Scope => ({
    name: role.name,
    permissions: role.permissions.map((name) => ({ name })),
  });

  /** Refresh tokens are `<session id>.<32 random bytes>`: the id finds the family when a used one comes back. */
  function newRefresh(sessionId: string) {
    const token = `${sessionId}.${randomToken()}`;
    return { token, hash: sha256(token) };
  }

  async function startSession(user: repo.UserRow, ctx: RequestContext): Promise<SessionData> {
    const now = clock.now();
    const sessionId = randomUUID();
    const refresh = newRefresh(sessionId);
    await repo.insertSession(db, {
      id: sessionId,
      userId: user.id,
      companyId: user.company_id,
      refreshHash: refresh.hash,
      now,
      expiresAt: new Date(now.getTime() + deps.refreshTtlSeconds * 1000),
      userAgent: ctx.userAgent,
      ip: ctx.ip,
    });
    const { role, emp } = await db.tenant(user.company_id, async (tx) => {
      const role = (await repo.roleOf(tx, user.role_id)) ?? { name: 'none', permissions: [] };
      const emp = user.employee_id ? await repo.employeeBrief(tx, user.employee_id) : null;
      await audit.record(tx, {
        actor: { companyId: user.company_id, userId: user.id, ip: ctx.ip, requestId: ctx.requestId },
        action: 'auth.login',
        entity: 'user',
        entity_id: user.id,
        changes: { session_id: sessionId },
      });
      return { role, emp };
    });
    const token = await tokens.sign({
      sub: user.id,
      cid: user.company_id,
      sid: sessionId,
      eid: user.employee_id,
      role: role.name,
      perms: role.permissions,
    });
    return { token, refresh: refresh.token, userResponse: presentUser(user, emp), scope: presentScope(role) };
  }

  /**
   * Refuses a sign-in from an address that failed too often: over all accounts (spraying), or on
   * this account, where each failure past the free ones doubles the wait. Held per account AND
   * address, so a stranger elsewhere cannot lock a colleague out; held in the database, so it holds
   * across processes. A refused try is not counted: hammering does not lengthen the wait.
   */
  async function assertNotThrottled(ipKey: string, pairKey: string) {
    const now = clock.now();
    const since = new Date(now.getTime() - LIMITS.throttleWindowMs);
    const ip = await repo.recentFailures(db, ipKey, since, LIMITS.maxFailuresPerIp);
    if (ip.n >= LIMITS.maxFailuresPerIp) {
      throw throttled((ip.pivot ?? now).getTime() + LIMITS.throttleWindowMs - now.getTime());
    }
    const pair = await repo.recentFailures(db, pairKey, since, 1);
    const wait = throttleDelayMs(pair.n);
    if (wait > 0 && pair.pivot) {
      const left = pair.pivot.getTime() + wait - now.getTime();
      if (left > 0) throw throttled(left);
    }
  }

  async function mailSafely(message: Parameters<Mailer['send']>[0]) {
    try {
      await mailer.send(message);
    } catch (err) {
      deps.log.error({ err, subject: message.subject }, 'mail failed');
    }
  }

  /** Mails a single-use link to the set-password page: a reset asked for, or an invitation. */
  async function mailPasswordLink(user: repo.UserRow, kind: 'reset' | 'invite') {
    const now = clock.now();
    const since = new Date(now.getTime() - LIMITS.throttleWindowMs);
    if ((await repo.countOneTimeTokensSince(db, user.id, 'reset', since)) >= LIMITS.maxResetMailsPerAccount) {
      deps.log.warn({ userId: user.id, kind }, 'password mail not sent: too many asked for this account');
      return; // the same answer again: the caller learns nothing about the account
    }
    const token = randomToken();
    await repo.insertOneTimeToken(db, {
      userId: user.id,
      purpose: 'reset',
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + (kind === 'invite' ? LIMITS.inviteTtlMs : LIMITS.resetTtlMs)),
      now,
    });
    // `welcome` only changes the page's words ("Set your password"); the token is what counts.
    const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}${kind === 'invite' ? '&welcome=1' : ''}`;
    if (kind === 'reset') {
      await mailSafely({
        to: user.email,
        subject: 'Reset your password',
        text: `Someone asked to reset the password of ${user.email}.\n\nTo choose a new password, open this link within 30 minutes:\n${link}\n\nIf it was not you, ignore this message.`,
      });
      return;
    }
    const company = user.company_name;
    await mailSafely({
      to: user.email,
      subject: `Your ${company} HR account`,
      text: `${company} has created an HR account for you. You sign in with ${user.email}.\n\nTo choose your password, open this link within 7 days:\n${link}\n\nIf the link has expired, use "Forgot password" on the sign-in page.`,
    });
  }

  async function liveUser(userId: string): Promise<repo.UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user?.is_active) throw new AppError('UNAUTHENTICATED', 'Your session has ended; sign in again');
    return user;
  }

  return {
    async login(
      body: { email: string; password: string },
      ctx: RequestContext,
    ): Promise<SessionData | OtpChallenge> {
      const email = body.email.toLowerCase();
      const ipKey = `ip:${ctx.ip}`;
      const pairKey = accountAddressKey(email, ctx.ip);
      await assertNotThrottled(ipKey, pairKey);
      const user = await repo.findUserByEmail(db, email);
      const ok = user?.is_active ? await verifyPassword(user.password_hash, body.password) : false;
      if (!user || !ok) {
        if (!user) await dummyVerify(body.password); // same cost as a wrong password
        const now = clock.now();
        await repo.recordFailures(db, [pairKey, ipKey], now);
        if (user) {
          const since = new Date(now.getTime() - LIMITS.throttleWindowMs);
          const failures = (await repo.recentFailures(db, pairKey, since, 1)).n;
          const actor = { companyId: user.company_id, userId: null, ip: ctx.ip, requestId: ctx.requestId };
          await db.tenant(user.company_id, async (tx) => {
            await audit.record(tx, {
              actor,
              action: 'auth.login_failed',
              entity: 'user',
              entity_id: user.id,
              changes: { email: maskEmail(email) },
            });
            // The moment this address starts to be held back on this account.
            if (failures === LIMITS.freeFailuresPerAccountAddress) {
              await audit.record(tx, {
                actor,
                action: 'auth.login_throttled',
                entity: 'user',
                entity_id: user.id,
                changes: { email: maskEmail(email), failures },
              });
            }
          });
        }
        throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
      }
      await repo.clearFailures(db, pairKey);
      if (user.mfa_enabled || user.mfa_required) {
        const now = clock.now();
        const otpToken = randomToken();
        const code = sixDigitCode();
        await repo.expireUserTokens(db, user.id, 'otp', now);
        await repo.insertOneTimeToken(db, {
          userId: user.id,
          purpose: 'otp',
          tokenHash: sha256(otpToken),
          // Keyed by the token the client holds, so a leaked table cannot be brute-forced offline.
          codeHash: sha256(`${otpToken}:${code}`),
          expiresAt: new Date(now.getTime() + LIMITS.otpTtlMs),
          now,
        });
        await mailSafely({
          to: user.email,
          subject: 'Your sign-in code',
          text: `Your sign-in code is ${code}. It expires in 10 minutes. If you did not try to sign in, change your password.`,
        });
        return { otp_required: true, otp_token: otpToken };
      }
      return startSession(user, ctx);
    },

    async verifyOtp(body: { otp_token: string; otp: string }, ctx: RequestContext): Promise<SessionData> {
      const now = clock.now();
      const row = await repo.findOneTimeToken(db, 'otp', sha256(body.otp_token));
      if (
        !row ||
        row.used_at ||
        row.expires_at.getTime() <= now.getTime() ||
        row.attempts >= LIMITS.otpMaxAttempts
      ) {
        throw new AppError('UNAUTHENTICATED', 'The code has expired; sign in again');
      }
      if (!row.code_hash || !sameHash(row.code_hash, sha256(`${body.otp_token}:${body.otp}`))) {
        await repo.countOtpAttempt(db, row.id, LIMITS.otpMaxAttempts, now);
        throw new AppError('UNAUTHENTICATED', 'The code is not correct');
      }
      if (!(await repo.consumeOneTimeToken(db, row.id, now))) {
        throw new AppError('UNAUTHENTICATED', 'The code has expired; sign in again');
      }
      return startSession(await liveUser(row.user_id), ctx);
    },

    async refresh(refreshToken: string): Promise<{ token: string; refresh: string }> {
      const now = clock.now();
      const sessionId = refreshToken.split('.')[0];
      const ended = new AppError('UNAUTHENTICATED', 'Your session has ended; sign in again');
      if (!isUuid(sessionId)) throw ended;
      const session = await repo.getSession(db, sessionId);
      if (!session || session.revoked_at || session.expires_at.getTime() <= now.getTime()) throw ended;
      const presented = sha256(refreshToken);
      const next = newRefresh(sessionId);
      if (
        !sameHash(session.refresh_hash, presented) ||
        !(await repo.rotateRefresh(db, sessionId, presented, next.hash, now))
      ) {
        // A used (or forged) token of a live family: someone else may hold it, so end the whole session.
        await repo.revokeSession(db, sessionId, now);
        sessions.forget(sessionId);
        deps.log.warn({ sessionId }, 'refresh token reuse: session revoked');
        throw ended;
      }
      // Re-read the user and role so permission changes apply from this refresh on.
      const user = await liveUser(session.user_id);
      const { role } = await profileOf(user);
      const token = await tokens.sign({
        sub: user.id,
        cid: user.company_id,
        sid: sessionId,
        eid: user.employee_id,
        role: role.name,
        perms: role.permissions,
      });
      return { token, refresh: next.token };
    },

    async logout(actor: Actor): Promise<void> {
      await repo.revokeSession(db, actor.sessionId, clock.now());
      sessions.forget(actor.sessionId);
    },

    async me(actor: Actor): Promise<{ userResponse: UserResponse; scope: Scope }> {
      const user = await liveUser(actor.userId);
      const { role, emp } = await profileOf(user);
      return { userResponse: presentUser(user, emp), scope: presentScope(role) };
    },

    async forgotPassword(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user?.is_active) return; // same answer either way
      await mailPasswordLink(user, 'reset');
    },

    /** A new sign-in's first password: the reset page, from a link that lasts a week. */
    async invite(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user?.is_active) return;
      await mailPasswordLink(user, 'invite');
    },

    async resetPassword(body: { token: string; password: string }, ctx: RequestContext): Promise<void> {
      const now = clock.now();
      const invalid = new AppError('BAD_REQUEST', 'This reset link is invalid or has expired');
      const row = await repo.findOneTimeToken(db, 'reset', sha256(body.token));
      if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) throw invalid;
      const user = await repo.findUserById(db, row.user_id);
      if (!user?.is_active) throw invalid;
      const hash = await hashPassword(body.password);
      if (!(await repo.consumeOneTimeToken(db, row.id, now))) throw invalid;
      await repo.updatePassword(db, user.id, hash, now);
      // Whoever knew the old password may hold sessions: end them all, and any other reset links.
      await repo.revokeUserSessions(db, user.id, now);
      sessions.forgetUser(user.id);
      await repo.expireUserTokens(db, user.id, 'reset', now);
      // The owner proved who they are: no address stays held back on this account.
      await repo.clearFailuresWithPrefix(db, accountAddressPrefix(user.email.toLowerCase()));
      await db.tenant(user.company_id, (tx) =>
        audit.record(tx, {
          actor: { companyId: user.company_id, userId: user.id, ip: ctx.ip, requestId: ctx.requestId },
          action: 'auth.password_reset',
          entity: 'user',
          entity_id: user.id,
        }),
      );
    },

    async changePassword(
      actor: Actor,
      body: { current_password: string; new_password: string },
    ): Promise<void> {
      const user = await liveUser(actor.userId);
      // 400, not 401: a 401 would make the client refresh its token and retry.
      if (!(await verifyPassword(user.password_hash, body.current_password))) {
        throw new AppError('BAD_REQUEST', 'Current password is incorrect', {
          errors: [{ path: 'current_password', message: 'Current password is incorrect' }],
        });
      }
      const now = clock.now();
      await repo.updatePassword(db, user.id, await hashPassword(body.new_password), now);
      await repo.revokeUserSessions(db, user.id, now, actor.sessionId);
      sessions.forgetUser(user.id);
      await db.tenant(actor.companyId, (tx) =>
        audit.record(tx, { actor, action: 'auth.password_changed', entity: 'user', entity_id: user.id }),
      );
    },

    /**
     * Known live in memory, or one call whose live answer is remembered. The token's company must
     * be its session's: the company claim picks the tenant of every query. A live answer carries
     * the user's current role and permissions, which the request is judged by (not the token's).
     */
    async sessionCheck(sessionId: string, userId: string, companyId: string): Promise<SessionVerdict> {
      const known = sessions.live(sessionId, userId, companyId);
      if (known) return { state: 'live', access: known };
      const generation = sessions.generation();
      const r = await repo.sessionState(db, sessionId, userId, companyId, clock.now());
      if (r.state !== 'live') return { state: r.state };
      const access = { roleName: r.roleName, permissions: r.permissions };
      sessions.remember(sessionId, userId, companyId, r.expiresAt, generation, access);
      return { state: 'live', access };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
