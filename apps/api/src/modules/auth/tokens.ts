import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock';

export type AccessClaims = {
  sub: string; // user id
  cid: string; // company id
  sid: string; // session id
  eid: string | null; // employee id
  role: string; // role name
  perms: string[];
};

export type TokenVerdict = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** HS256 access tokens. Short-lived; each use also checks the session row (see auth plugin). */
export function createTokenSigner(opts: { secret: string; ttlSeconds: number; clock: Clock }) {
  const key = new TextEncoder().encode(opts.secret);
  return {
    async sign(c: AccessClaims): Promise<string> {
      const now = Math.floor(opts.clock.now().getTime() / 1000);
      return new SignJWT({ cid: c.cid, sid: c.sid, eid: c.eid, role: c.role, perms: c.perms })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(c.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + opts.ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<TokenVerdict> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: opts.clock.now(),
        });
        const { sub, cid, sid, eid, role, perms } = payload as Partial<AccessClaims>;
        if (
          typeof sub !== 'string' ||
          typeof cid !== 'string' ||
          typeof sid !== 'string' ||
          typeof role !== 'string' ||
          !Array.isArray(perms)
        ) {
          return { ok: false, expired: false };
        }
        return {
          ok: true,
          claims: { sub, cid, sid, eid: typeof eid === 'string' ? eid : null, role, perms },
        };
      } catch (err) {
        return { ok: false, expired: err instanceof joseErrors.JWTExpired };
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
