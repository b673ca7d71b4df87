import { DEMO_PASSWORD } from '../../db/seed/index';
import { buildTestApp, type TestApp } from '../../test/helper';

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
