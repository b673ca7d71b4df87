import { SignJWT } from 'jose';
import { manualClock } from '../../lib/clock';
import { createTokenSigner, verifyHs256 } from './tokens';

const secret = 'unit-test-secret-0123456789abcdef0123456789';
const key = new TextEncoder().encode(secret);
const claims = { sub: 'u1', cid: 'c1', sid: 's1', eid: 'e1', role: 'Admin', perms: ['a.view'] };

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
    const forged = Buffer.from(
      JSON.stringify({ ...claims, perms: ['role_permissions.edit'], exp: 4e9 }),
    ).toString('base64url');
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
    const forged = Buffer.from(
      JSON.stringify({ ...claims, perms: ['role_permissions.edit'], exp: now + 60 }),
    ).toString('base64url');
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
});
