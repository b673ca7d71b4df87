import { buildTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const sessions = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).rows[0]!.n;

describe('request validation and error envelope', () => {
  it('malformed JSON → 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: null, code: 'BAD_REQUEST' });
    expect(res.json().requestId).toEqual(expect.any(String));
  });

  it('wrong types → 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.test', password: 42 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toBe('Password: Enter a valid value');
    expect(body.errors).toEqual([{ path: 'password', message: expect.any(String) }]);
  });

  it('unknown fields → 400 naming them, and nothing is written', async () => {
    const before = await sessions();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@acme.test', password: 'Demo@1234', is_admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Is admin: This field is not accepted here');
    expect(res.json().errors).toEqual([{ path: 'is_admin', message: 'This field is not accepted here' }]);
    expect(await sessions()).toBe(before);
  });

  it('oversized body → 413, nothing written', async () => {
    const before = await sessions();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@acme.test', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(await sessions()).toBe(before);
  });

  it('wrong content type → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a missing token → 401 envelope; a garbage token → 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/employee' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', data: null });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/employee',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(bad.statusCode).toBe(401);
  });
});
