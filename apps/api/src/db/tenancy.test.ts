import { buildTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('tenancy', () => {
  it('row-level security limits a query with no filter to the tenant', async () => {
    const acme = await t.companyId('Acme Corp');
    const globex = await t.companyId('Globex Ltd');
    const count = (id: string) =>
      t.db.tenant(
        id,
        async (tx) => (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM employees')).rows[0]!.n,
      );
    expect(await count(acme)).toBe(60);
    expect(await count(globex)).toBe(5);
    // The owner connection without tenant sees all (superuser in tests); hr_app without a company sees none.
    await expect(
      t.db.tenant(acme, (tx) =>
        tx.query(
          "INSERT INTO employees (company_id, employee_code, first_name, email, date_of_joining) VALUES ($1, 'X1', 'X', 'x@x', '2020-01-01')",
          [globex],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('refuses a non-uuid company id', async () => {
    await expect(t.db.tenant("x'; DROP TABLE employees; --", async () => 1)).rejects.toThrow(/uuid/);
  });

  it('an Acme admin gets 404 for a Globex employee and lists only Acme', async () => {
    const acmeAdmin = await t.login('admin@acme.test');
    const globexAdmin = await t.login('admin@globex.test');
    const globexId = globexAdmin.userResponse.employee_id!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/employee/${globexId}`,
      headers: acmeAdmin.headers,
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/employee?records=100',
      headers: globexAdmin.headers,
    });
    expect(list.json().meta.totalCount).toBe(5);
    expect(list.json().data.every((e: { employee_code: string }) => e.employee_code.startsWith('GLX'))).toBe(
      true,
    );
  });

  it('seedEmployees bulk-inserts quickly', async () => {
    const { seedEmployees } = await import('./seed/index');
    const acme = await t.companyId('Acme Corp');
    const started = Date.now();
    expect(await seedEmployees(t.db, acme, 2000)).toBe(2000);
    expect(Date.now() - started).toBeLessThan(15_000);
    const admin = await t.login('admin@acme.test');
    const list = await t.app.inject({ method: 'GET', url: '/api/employee', headers: admin.headers });
    expect(list.json().meta.totalCount).toBe(2060);
  });
});
