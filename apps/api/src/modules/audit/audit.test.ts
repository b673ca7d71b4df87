import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('audit log', () => {
  it('records sign-ins and is readable by admins, paged', async () => {
    const admin = await t.login('admin@acme.test');
    await t.login('employee@acme.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/audit?records=1', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ totalCount: 2, page: 1, records: 1 });
    expect(res.json().data[0].action).toBe('auth.login');
  });

  it('rows cannot be updated or deleted, by hr_app or by the owner', async () => {
    const acme = await t.companyId('Acme Corp');
    await expect(t.db.tenant(acme, (tx) => tx.query("UPDATE audit_log SET action = 'x'"))).rejects.toThrow();
    await expect(t.db.tenant(acme, (tx) => tx.query('DELETE FROM audit_log'))).rejects.toThrow();
    await expect(t.db.query("UPDATE audit_log SET action = 'x'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login'",
    );
    expect(rows[0]!.n).toBe(2);
  });
});
