import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ALL_PERMISSIONS } from '@hr/contract';
import { SignJWT } from 'jose';
import type { Clock } from '../../lib/clock';

/**
 * Permissions travel in the token as a bitset over the contract's catalogue (`pm`), with a
 * fingerprint of that catalogue (`pc`). Names took 3 KB, sent in two headers on every request. A
 * token signed against another catalogue (a release that added or reordered permissions) is
 * answered as expired, so the client refreshes and gets one built from the role again.
 */
export const PERMISSION_CATALOGUE = createHash('sha256')
  .update(ALL_PERMISSIONS.join(','))
  .digest('base64url')
  .slice(0, 10);
const PERMISSION_INDEX = new Map(ALL_PERMISSIONS.map((p, i) => [p, i]));
const PERMISSION_BYTES = Math.ceil(ALL_PERMISSIONS.length / 8);

/** Names outside the catalogue guard nothing and are left out. */
export function encodePermissions(perms: readonly string[]): string {
  const bits = Buffer.alloc(PERMISSION_BYTES);
  for (const p of perms) {
    const i = PERMISSION_INDEX.get(p);
    if (i !== undefined) bits[i >> 3]! |= 1 << (i & 7);
  }
  return bits.toString('base64url');
}

export function decodePermissions(encoded: string): string[] | null {
  const bits = Buffer.from(encoded, 'base64url');
  if (bits.length !== PERMISSION_BYTES) return null;
  return ALL_PERMISSIONS.filter((_, i) => (bits[i >> 3]! >> (i & 7)) & 1);
}

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
const VERIFIED_MAX = 5000;

export function createTokenSigner(opts: { secret: string; ttlSeconds: number; clock: Clock }) {
  const key = new TextEncoder().encode(opts.secret);
  /** Tokens already verified (signature, header, claims), with their expiry; oldest dropped first. */
  const verified = new Map<string, { token: string; claims: AccessClaims; exp: number }>();
  return {
    async sign(c: AccessClaims): Promise<string> {
      const now = Math.floor(opts.clock.now().getTime() / 1000);
      return new SignJWT({
        cid: c.cid,
        sid: c.sid,
        eid: c.eid,
        role: c.role,
        pm: encodePermissions(c.perms),
        pc: PERMISSION_CATALOGUE,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(c.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + opts.ttlSeconds)
        .sign(key);
    },
    /**
     * Verified on every request, so done synchronously with node:crypto (jose's WebCrypto path
     * costs a thread-pool hop per call): HS256 only, constant-time signature compare, then expiry.
     */
    async verify(token: string): Promise<TokenVerdict> {
      const nowSeconds = Math.floor(opts.clock.now().getTime() / 1000);
      // The same token string was verified before: only its expiry can have changed. (Decoding
      // and hashing a token cost more per request than the rest of authentication.)
      // Keyed by the signature (short to hash); the whole token must still be the same string.
      const signature = token.slice(token.lastIndexOf('.') + 1);
      const known = verified.get(signature);
      if (known && known.token === token) {
        if (known.exp > nowSeconds) return { ok: true, claims: known.claims };
        verified.delete(signature);
        return { ok: false, expired: true };
      }
      const payload = verifyHs256(token, key, nowSeconds);
      if (payload === 'expired') return { ok: false, expired: true };
      if (payload === null) return { ok: false, expired: false };
      const { sub, cid, sid, eid, role, pm, pc } = payload;
      if (
        typeof sub !== 'string' ||
        typeof cid !== 'string' ||
        typeof sid !== 'string' ||
        typeof role !== 'string'
      ) {
        return { ok: false, expired: false };
      }
      // Signed by us against another permission catalogue: refresh to get a current one.
      if (pc !== PERMISSION_CATALOGUE) return { ok: false, expired: true };
      const perms = typeof pm === 'string' ? decodePermissions(pm) : null;
      if (!perms) return { ok: false, expired: false };
      const claims: AccessClaims = Object.freeze({
        sub,
        cid,
        sid,
        eid: typeof eid === 'string' ? eid : null,
        role,
        perms: Object.freeze(perms) as string[],
      });
      if (verified.size >= VERIFIED_MAX) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(signature, { token, claims, exp: payload.exp as number });
      return { ok: true, claims };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The payload of a valid, unexpired HS256 JWT; 'expired' or null otherwise. */
export function verifyHs256(
  token: string,
  key: Uint8Array,
  nowSeconds: number,
): Record<string, unknown> | 'expired' | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const header = decodePart(head);
  if (header?.alg !== 'HS256') return null;
  const payload = decodePart(body);
  if (!payload || typeof payload.exp !== 'number') return null;
  if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds) return null;
  if (payload.exp <= nowSeconds) return 'expired';
  return payload;
}
