import { DEMO_PASSWORD } from '../../db/seed/index';
import { buildTestApp, type TestApp } from '../../test/helper';
import { throttleDelayMs } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '10.9.8.7',
  });

describe('sign-in throttling per IP', () => {
  it('after 20 failures from one address, that address is refused even with a right password', async () => {
    // Spread over many accounts, so that no single account reaches its own limit.
    for (let i = 0; i < 20; i++) {
      expect((await post(`nobody${i}@acme.test`, 'wrong-pass1')).statusCode).toBe(401);
    }
    const res = await post('employee@acme.test', DEMO_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many failed sign-in attempts/);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'employee@acme.test', password: DEMO_PASSWORD },
      remoteAddress: '10.9.8.6',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('client address behind a proxy', () => {
  const failFrom = (app: TestApp, forwardedFor: string, email: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-pass1' },
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('without TRUST_PROXY a forged X-Forwarded-For does not escape the per-IP limit', async () => {
    const app = await buildTestApp();
    try {
      for (let i = 0; i < 20; i++) await failFrom(app, `203.0.113.${i}`, `nobody${i}@acme.test`);
      expect((await failFrom(app, '198.51.100.9', 'employee@acme.test')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY naming the balancer, each client behind it is throttled on its own', async () => {
    const app = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
    try {
      for (let i = 0; i < 20; i++) await failFrom(app, '203.0.113.7', `nobody${i}@acme.test`);
      expect((await failFrom(app, '203.0.113.7', 'employee@acme.test')).statusCode).toBe(429);
      // Another client behind the same balancer still signs in.
      const other = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'employee@acme.test', password: DEMO_PASSWORD },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('sign-in throttling per account and address', () => {
  const from = (remoteAddress: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const audits = async (action: string, email: string) =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM audit_log a JOIN users u ON u.id::text = a.entity_id WHERE a.action = $1 AND u.email = $2',
        [action, email],
      )
    ).rows[0]!.n;

  it('a stranger at another address cannot lock a colleague out', async () => {
    const email = 'manager@acme.test';
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await from('203.0.113.50', email, `guess-${i}`)).statusCode);
      t.clock.advance(500);
    }
    // The stranger is held back after five failures...
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes).toContain(429);
    // ...and the failures and the throttling are in the account's audit trail.
    expect(await audits('auth.login_failed', email)).toBeGreaterThanOrEqual(5);
    expect(await audits('auth.login_throttled', email)).toBe(1);
    // The colleague, at their own address, signs in at once with the right password.
    expect((await from('198.51.100.20', email, DEMO_PASSWORD)).statusCode).toBe(200);
    // While the stranger is still held back.
    const again = await from('203.0.113.50', email, DEMO_PASSWORD);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('each failure past five from one address doubles the wait: 1 s, 2 s, 4 s', async () => {
    const email = 'employee@globex.test';
    await t.db.query(
      "INSERT INTO users (company_id, email, password_hash, role_id) SELECT company_id, $1, password_hash, role_id FROM users WHERE email = 'admin@globex.test'",
      [email],
    );
    const ip = '203.0.113.60';
    for (let i = 0; i < 5; i++) expect((await from(ip, email, `guess-${i}`)).statusCode).toBe(401);
    for (const seconds of [1, 2, 4]) {
      const held = await from(ip, email, DEMO_PASSWORD);
      expect(held.statusCode).toBe(429);
      expect(held.headers['retry-after']).toBe(String(seconds));
      expect(held.json()).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      });
      // A refused try is not counted: asking again does not lengthen the wait.
      expect((await from(ip, email, 'guess-again')).headers['retry-after']).toBe(String(seconds));
      t.clock.advance(seconds * 1000 - 1);
      expect((await from(ip, email, DEMO_PASSWORD)).statusCode).toBe(429);
      t.clock.advance(1);
      if (seconds < 4) expect((await from(ip, email, `guess-${seconds}`)).statusCode).toBe(401);
    }
    // The right password once the wait is over; success forgets the failures.
    expect((await from(ip, email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await from(ip, email, 'guess-after')).statusCode).toBe(401);
    expect((await from(ip, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('the wait is capped', () => {
    expect([0, 4, 5, 6, 7, 14, 15, 40, 10_000].map(throttleDelayMs)).toEqual([
      0, 0, 1000, 2000, 4000, 512_000, 900_000, 900_000, 900_000,
    ]);
  });
});
