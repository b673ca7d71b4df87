import { buildTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('server errors', () => {
  it('a failure inside a handler answers 500 with a request id and no internals', async () => {
    const admin = await t.login('admin@acme.test');
    // Break the query for real: the table the list reads is briefly gone.
    await t.db.query('ALTER TABLE employees RENAME TO employees_moved');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/employee', headers: admin.headers });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toMatchObject({
        status: 500,
        message: 'Internal server error',
        data: null,
        code: 'INTERNAL',
      });
      expect(body.requestId).toBe(res.headers['x-request-id']);
      expect(res.body).not.toMatch(/employees|relation|select|stack/i);
    } finally {
      await t.db.query('ALTER TABLE employees_moved RENAME TO employees');
    }
  });
});
