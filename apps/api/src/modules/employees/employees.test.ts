import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('employees', () => {
  it('admin lists the whole company, paged and sorted by code', async () => {
    const admin = await t.login('admin@acme.test');
    const res = await get('/api/employee', admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ totalCount: 60, page: 1, records: 10 });
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toMatchObject({
      employee_code: 'ACM0001',
      employee_name: 'Asha Rao',
      manager_id: null,
    });
    expect(body.data[1]).toMatchObject({
      employee_code: 'ACM0002',
      manager_name: 'Asha Rao',
      division_name: 'Engineering',
    });
    const last = await get('/api/employee?page=6&records=10&sortOrder=desc', admin.headers);
    expect(last.json().data.at(-1).employee_code).toBe('ACM0001');
    const empty = await get('/api/employee?page=99', admin.headers);
    expect(empty.json()).toMatchObject({ data: [], meta: { totalCount: 60 } });
  });

  it('searches by key and value and filters by unit', async () => {
    const admin = await t.login('admin@acme.test');
    const byName = await get('/api/employee?key=name&value=priya%20sha', admin.headers);
    expect(byName.json().data.map((e: { employee_code: string }) => e.employee_code)).toContain('ACM0003');
    const byCode = await get('/api/employee?key=employee_code&value=acm000', admin.headers);
    expect(byCode.json().meta.totalCount).toBe(9);
    const unitId = (
      await t.db.tenant(await t.companyId('Acme Corp'), (tx) =>
        tx.query<{ id: string }>("SELECT id FROM division_units WHERE name = 'Platform'"),
      )
    ).rows[0]!.id;
    const byUnit = await get(`/api/employee?unit_id=${unitId}&records=100`, admin.headers);
    expect(byUnit.json().data.every((e: { unit_name: string }) => e.unit_name === 'Platform')).toBe(true);
    expect(byUnit.json().meta.totalCount).toBeGreaterThan(2);
    const sorted = await get('/api/employee?sortBy=first_name&records=100', admin.headers);
    const names = sorted.json().data.map((e: { first_name: string }) => e.first_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('a manager sees self and direct reports, 404 for anyone else', async () => {
    const mgr = await t.login('manager@acme.test');
    const res = await get('/api/employee?records=100', mgr.headers);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: string; manager_id: string | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(
      rows.every(
        (e) => e.id === mgr.userResponse.employee_id || e.manager_id === mgr.userResponse.employee_id,
      ),
    ).toBe(true);
    const report = rows.find((e) => e.id !== mgr.userResponse.employee_id)!;
    expect((await get(`/api/employee/${report.id}`, mgr.headers)).statusCode).toBe(200);
    const admin = await t.login('admin@acme.test');
    const adminId = admin.userResponse.employee_id!;
    expect((await get(`/api/employee/${adminId}`, mgr.headers)).statusCode).toBe(404);
  });

  it('an employee may not list, sees their own record, and 404 for a colleague', async () => {
    const emp = await t.login('employee@acme.test');
    expect((await get('/api/employee', emp.headers)).statusCode).toBe(403);
    const own = await get(`/api/employee/${emp.userResponse.employee_id}`, emp.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.employee_name).toBe('Priya Sharma');
    const mgr = await t.login('manager@acme.test');
    expect((await get(`/api/employee/${mgr.userResponse.employee_id}`, emp.headers)).statusCode).toBe(404);
  });

  it('admin sees anyone in the company', async () => {
    const admin = await t.login('admin@acme.test');
    const emp = await t.login('employee@acme.test');
    expect((await get(`/api/employee/${emp.userResponse.employee_id}`, admin.headers)).statusCode).toBe(200);
  });

  it('rejects a bad query naming the field', async () => {
    const admin = await t.login('admin@acme.test');
    const res = await get('/api/employee?records=abc&sortBy=salary', admin.headers);
    expect(res.statusCode).toBe(400);
    // The message names the fields in words; the errors name them by key for the form to place.
    expect(res.json().message).toBe('Check these: Records, Sort by');
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['records', 'sortBy']);
    expect((await get('/api/employee/not-a-uuid', admin.headers)).statusCode).toBe(400);
  });
});
