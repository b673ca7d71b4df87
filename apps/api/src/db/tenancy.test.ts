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

  it('search finds only the caller company, by each key', async () => {
    const globexAdmin = await t.login('admin@globex.test');
    const acmeAdmin = await t.login('admin@acme.test');
    const search = async (headers: Record<string, string>, q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/employee?${q}`, headers })).json();
    // Acme's demo people are not visible to Globex, whatever the key.
    expect((await search(globexAdmin.headers, 'value=acme.test')).meta.totalCount).toBe(0);
    expect((await search(globexAdmin.headers, 'key=name&value=Priya')).meta.totalCount).toBe(0);
    const priya = await search(acmeAdmin.headers, 'key=name&value=priya SHA');
    expect(priya.data.map((e: { email: string }) => e.email)).toEqual(['employee@acme.test']);
    expect((await search(acmeAdmin.headers, 'key=email&value=MANAGER@')).data[0].email).toBe(
      'manager@acme.test',
    );
    expect((await search(acmeAdmin.headers, 'key=employee_code&value=acm0003')).meta.totalCount).toBe(1);
    // LIKE wildcards in the term are taken literally.
    expect((await search(acmeAdmin.headers, 'value=%25')).meta.totalCount).toBe(0);
  });

  it('an admin cannot read or change anything of the other company (404)', async () => {
    const acmeAdmin = await t.login('admin@acme.test');
    const globexAdmin = await t.login('admin@globex.test');
    const roles = await t.app.inject({ method: 'GET', url: '/api/role', headers: globexAdmin.headers });
    const globexRole = roles.json().data[0] as { id: string; permissions: string[] };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/role/${globexRole.id}`,
      headers: acmeAdmin.headers,
      payload: { permissions: ['employee_dashboard.view'] },
    });
    expect(put.statusCode).toBe(404);
    const assign = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${globexAdmin.userResponse.employee_id}/role`,
      headers: acmeAdmin.headers,
      payload: { role_id: globexRole.id },
    });
    expect(assign.statusCode).toBe(404);
    // Nothing changed at Globex, and Acme's audit log holds no Globex entries.
    const after = await t.app.inject({ method: 'GET', url: '/api/role', headers: globexAdmin.headers });
    expect(after.json().data[0].permissions).toEqual(globexRole.permissions);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/audit?records=100',
      headers: acmeAdmin.headers,
    });
    const actors = audit.json().data.map((e: { actor_email: string | null }) => e.actor_email);
    expect(actors).toContain('admin@acme.test');
    expect(actors).not.toContain('admin@globex.test');
  });

  it('seedEmployees bulk-inserts employees for the benchmark', async () => {
    const { seedEmployees } = await import('./seed/index');
    const acme = await t.companyId('Acme Corp');
    expect(await seedEmployees(t.db, acme, 2000)).toBe(2000);
    // Running it again adds nothing (codes are unique per company).
    expect(await seedEmployees(t.db, acme, 2000)).toBe(0);
    const admin = await t.login('admin@acme.test');
    const list = await t.app.inject({ method: 'GET', url: '/api/employee', headers: admin.headers });
    expect(list.json().meta.totalCount).toBe(2060);
    // The trigger-kept head-count follows deletes too, and agrees with a real count.
    await t.db.tenant(acme, (tx) => tx.query("DELETE FROM employees WHERE employee_code LIKE 'BEN00001%'"));
    const after = await t.app.inject({ method: 'GET', url: '/api/employee', headers: admin.headers });
    const real = await t.db.tenant(acme, (tx) =>
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM employees'),
    );
    expect(real.rows[0]!.n).toBe(2050);
    expect(after.json().meta.totalCount).toBe(2050);
  });
});
