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
