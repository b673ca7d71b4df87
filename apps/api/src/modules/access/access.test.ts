import { ALL_PERMISSIONS, BUILT_IN_ROLES } from '@hr/contract';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@acme.test');
});
afterAll(() => t.close());

const roleId = async (name: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/role', headers: admin.headers });
  return (res.json().data as { id: string; name: string }[]).find((r) => r.name === name)!.id;
};

describe('access', () => {
  it('lists roles, the dropdown and the permission catalogue', async () => {
    const roles = await t.app.inject({ method: 'GET', url: '/api/role', headers: admin.headers });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().data.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Employee', 'Manager']);
    const emp = await t.login('employee@acme.test');
    // The dropdown lists the roles the caller may give: all three for the admin, none for an employee.
    const dd = await t.app.inject({ method: 'GET', url: '/api/role/dropdown', headers: emp.headers });
    expect(dd.statusCode).toBe(200);
    expect(dd.json().data).toEqual([]);
    const all = await t.app.inject({ method: 'GET', url: '/api/role/dropdown', headers: admin.headers });
    expect(all.json().data.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Employee', 'Manager']);
    expect(roles.json().data[0].abilities).toEqual({ edit: true, delete: false });
    const cat = await t.app.inject({ method: 'GET', url: '/api/permissions', headers: admin.headers });
    expect([...cat.json().data.user, ...cat.json().data.team, ...cat.json().data.admin]).toEqual(
      ALL_PERMISSIONS,
    );
  });

  it('an employee gets 403 on role routes', async () => {
    const emp = await t.login('employee@acme.test');
    const list = await t.app.inject({ method: 'GET', url: '/api/role', headers: emp.headers });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('FORBIDDEN');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/role/${await roleId('Employee')}`,
      headers: emp.headers,
      payload: { permissions: [] },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit', headers: emp.headers })).statusCode).toBe(
      403,
    );
  });

  it('updates a role, rejects unknown permissions, and audits before/after', async () => {
    const id = await roleId('Employee');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/role/${id}`,
      headers: admin.headers,
      payload: { permissions: ['employee_profile.view', 'made_up.view'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('made_up.view');
    const perms = [...BUILT_IN_ROLES.Employee, 'admin_dashboard.view'];
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/role/${id}`,
      headers: admin.headers,
      payload: { permissions: perms, description: 'Staff' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.permissions).toContain('admin_dashboard.view');
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=access.role_changed',
      headers: admin.headers,
    });
    expect(audit.json().meta.totalCount).toBe(1);
    const entry = audit.json().data[0];
    expect(entry.actor_email).toBe('admin@acme.test');
    expect(entry.changes.before.permissions).not.toContain('admin_dashboard.view');
    expect(entry.changes.after.permissions).toContain('admin_dashboard.view');
  });

  it('an admin cannot remove role management from their own role', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/role/${await roleId('Admin')}`,
      headers: admin.headers,
      payload: { permissions: ['role_permissions.view'] },
    });
    expect(res.statusCode).toBe(409);
  });

  it('assigns a role to a user by employee id (audited; applies at next refresh)', async () => {
    const emp = await t.login('employee@acme.test');
    const managerRole = await roleId('Manager');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${emp.userResponse.employee_id}/role`,
      headers: admin.headers,
      payload: { role_id: managerRole },
    });
    expect(res.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: emp.refresh },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${refreshed.json().data.token}` },
    });
    expect(me.json().data.scope.name).toBe('Manager');
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=access.user_role_changed',
      headers: admin.headers,
    });
    expect(audit.json().data[0].changes.after.role).toBe('Manager');
    // A role of another company is not found.
    const globex = await t.login('admin@globex.test');
    const globexRoles = await t.app.inject({ method: 'GET', url: '/api/role', headers: globex.headers });
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${emp.userResponse.employee_id}/role`,
      headers: admin.headers,
      payload: { role_id: globexRoles.json().data[0].id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
