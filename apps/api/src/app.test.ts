import { buildTestApp, type TestApp } from './test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('foundation', () => {
  it('health answers ok with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'ok', data: { db: 'up' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('echoes a sane incoming request id and replaces a bad one', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x y\u0000' },
    });
    expect(bad.headers['x-request-id']).not.toBe('x y\u0000');
  });

  it('unknown /api route answers the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toMatchObject({ status: 404, data: null, code: 'NOT_FOUND' });
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('publishes the OpenAPI document with the paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const p of [
      '/api/auth/login',
      '/api/employee',
      '/api/employee/{id}',
      '/api/role/{id}',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
