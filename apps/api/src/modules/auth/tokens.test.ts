import { ALL_PERMISSIONS, BUILT_IN_ROLES } from '@hr/contract';
import { SignJWT } from 'jose';
import { manualClock } from '../../lib/clock';
import {
  createTokenSigner,
  decodePermissions,
  encodePermissions,
  PERMISSION_CATALOGUE,
  verifyHs256,
} from './tokens';

const secret = 'unit-test-secret-0123456789abcdef0123456789';
const key = new TextEncoder().encode(secret);
const claims = {
  sub: 'u1',
  cid: 'c1',
  sid: 's1',
  eid: 'e1',
  role: 'Staff',
  perms: ['employee_dashboard.view'],
};
/** A payload as the signer writes it, with these permissions. */
const payloadWith = (perms: string[], exp: number) =>
  Buffer.from(
    JSON.stringify({
      ...claims,
      perms: undefined,
      pm: encodePermissions(perms),
      pc: PERMISSION_CATALOGUE,
      exp,
    }),
  ).toString('base64url');

describe('access tokens', () => {
  it('verifies what it signs, and reports expiry', async () => {
    const clock = manualClock();
    const signer = createTokenSigner({ secret, ttlSeconds: 60, clock });
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual({ ok: true, claims });
    clock.advance(61_000);
    expect(await signer.verify(token)).toEqual({ ok: false, expired: true });
  });

  it('a token verified before is answered from memory, still expires, and its claims cannot be changed', async () => {
    const clock = manualClock();
    const signer = createTokenSigner({ secret, ttlSeconds: 60, clock });
    const token = await signer.sign(claims);
    const first = await signer.verify(token);
    const second = await signer.verify(token);
    expect(second).toEqual({ ok: true, claims });
    if (!first.ok || !second.ok) throw new Error('not verified');
    expect(second.claims).toBe(first.claims);
    expect(() => second.claims.perms.push('role_permissions.edit')).toThrow(TypeError);
    // A different signature over the same payload is checked, not looked up.
    const [h, p, sig] = token.split('.');
    expect(await signer.verify(`${h}.${p}.${'A'.repeat(43)}`)).toEqual({ ok: false, expired: false });
    // The remembered signature with another payload is checked too, and fails.
    const forged = payloadWith(['role_permissions.edit'], 4e9);
    expect(await signer.verify(`${h}.${forged}.${sig}`)).toEqual({ ok: false, expired: false });
    clock.advance(60_000);
    expect(await signer.verify(token)).toEqual({ ok: false, expired: true });
  });

  it('refuses a tampered payload, another key, alg none and garbage', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 60)
      .sign(key);
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = payloadWith(['role_permissions.edit'], now + 60);
    expect(verifyHs256(`${h}.${forged}.${s}`, key, now)).toBeNull();
    expect(verifyHs256(token, new TextEncoder().encode('another-key'), now)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(verifyHs256(`${none}.${p}.`, key, now)).toBeNull();
    expect(verifyHs256('not.a.jwt', key, now)).toBeNull();
    expect(verifyHs256('', key, now)).toBeNull();
    expect(verifyHs256(token, key, now)).toMatchObject({ sub: 'u1' });
  });

  it('refuses a token without an expiry', async () => {
    const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(verifyHs256(token, key, Math.floor(Date.now() / 1000))).toBeNull();
  });

  it('carries permissions as a bitset over the catalogue: every subset comes back, unknown names are dropped', async () => {
    expect(decodePermissions(encodePermissions([...ALL_PERMISSIONS]))).toEqual([...ALL_PERMISSIONS]);
    expect(decodePermissions(encodePermissions([]))).toEqual([]);
    for (const role of Object.values(BUILT_IN_ROLES)) {
      expect(decodePermissions(encodePermissions(role))).toEqual(
        ALL_PERMISSIONS.filter((p) => role.includes(p)),
      );
    }
    const odd = ALL_PERMISSIONS.filter((_, i) => i % 3 === 1);
    expect(decodePermissions(encodePermissions([...odd, 'no_such.view']))).toEqual(odd);
    expect(decodePermissions('AAAA')).toBeNull(); // wrong length
  });

  it("an admin's token stays small (it was over 3,000 characters with names)", async () => {
    const signer = createTokenSigner({ secret, ttlSeconds: 900, clock: manualClock() });
    const token = await signer.sign({ ...claims, perms: [...BUILT_IN_ROLES.Admin] });
    expect(token.length).toBeLessThan(450);
    const verdict = await signer.verify(token);
    expect(verdict.ok && verdict.claims.perms).toEqual([...BUILT_IN_ROLES.Admin]);
  });

  it('a token signed against another permission catalogue is answered as expired (the client refreshes)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const signer = createTokenSigner({ secret, ttlSeconds: 60, clock: manualClock() });
    const stale = await new SignJWT({
      ...claims,
      perms: undefined,
      pm: encodePermissions(claims.perms),
      pc: 'older',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setExpirationTime(now + 60)
      .sign(key);
    expect(await signer.verify(stale)).toEqual({ ok: false, expired: true });
    // and one with names instead of the bitset (signed before this change) likewise
    const old = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setExpirationTime(now + 60)
      .sign(key);
    expect(await signer.verify(old)).toEqual({ ok: false, expired: true });
  });
});
