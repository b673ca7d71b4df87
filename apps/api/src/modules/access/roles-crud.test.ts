import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, manager, employee, globex } = await demoSessions(t));
});
afterAll(() => t.close());

const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);
const roleId = async (name: string) =>
  ((await call(admin, 'GET', '/api/role')).json().data as { id: string; name: string }[]).find(
    (r) => r.name === name,
  )!.id;

describe('roles: create and delete', () => {
  it('creates a role (audited), rejects unknown permissions and duplicates', async () => {
    const bad = await call(admin, 'POST', '/api/role', { name: 'Auditor', permissions: ['nope.view'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('permissions');
    expect((await call(admin, 'POST', '/api/role', { name: '' })).statusCode).toBe(400);
    const res = await call(admin, 'POST', '/api/role', {
      name: 'Auditor',
      description: 'Reads the books',
      permissions: ['employee_list.view', 'admin_dashboard.view', 'employee_list.view'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Auditor',
      is_system: false,
      user_count: 0,
      permissions: ['admin_dashboard.view', 'employee_list.view'],
    });
    expect((await call(admin, 'POST', '/api/role', { name: 'auditor' })).statusCode).toBe(409);
    const audit = await call(admin, 'GET', '/api/audit?action=access.role_created');
    expect(audit.json().data[0]).toMatchObject({
      entity_id: res.json().data.id,
      actor_email: 'admin@acme.test',
    });
    expect(audit.json().data[0].changes.after.permissions).toEqual([
      'admin_dashboard.view',
      'employee_list.view',
    ]);
  });

  it('deletes a custom role (audited); built-in roles and roles in use answer 409', async () => {
    const created = await call(admin, 'POST', '/api/role', { name: 'Temp', permissions: [] });
    const id = created.json().data.id;
    // Held by someone: 409.
    await call(admin, 'PUT', `/api/user/${employee.userResponse.employee_id}/role`, { role_id: id });
    const held = await call(admin, 'DELETE', `/api/role/${id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toMatch(/still held by 1 user/);
    await call(admin, 'PUT', `/api/user/${employee.userResponse.employee_id}/role`, {
      role_id: await roleId('Employee'),
    });
    const del = await call(admin, 'DELETE', `/api/role/${id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/role/${id}`)).statusCode).toBe(404);
    const audit = await call(admin, 'GET', '/api/audit?action=access.role_deleted');
    expect(audit.json().data[0]).toMatchObject({ entity_id: id });
    expect(audit.json().data[0].changes.before.name).toBe('Temp');
    for (const name of ['Admin', 'Manager', 'Employee']) {
      const res = await call(admin, 'DELETE', `/api/role/${await roleId(name)}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/built-in/);
    }
  });

  it('permission matrix: employee/manager 403; Globex 404 on Acme roles', async () => {
    const id = await roleId('Auditor');
    for (const s of [employee, manager]) {
      expect((await call(s, 'POST', '/api/role', { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await call(s, 'DELETE', `/api/role/${id}`)).statusCode).toBe(403);
    }
    expect((await call(globex, 'DELETE', `/api/role/${id}`)).statusCode).toBe(404);
    expect((await call(globex, 'PUT', `/api/role/${id}`, { permissions: [] })).statusCode).toBe(404);
    // The same name in another company is fine.
    expect((await call(globex, 'POST', '/api/role', { name: 'Auditor' })).statusCode).toBe(201);
  });

  it('keeps the existing rule: nobody removes their own last role-management permission', async () => {
    const res = await call(admin, 'PUT', `/api/role/${await roleId('Admin')}`, {
      permissions: ['admin_dashboard.view'],
    });
    expect(res.statusCode).toBe(409);
  });
});
