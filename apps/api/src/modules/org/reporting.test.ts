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
type Role = { id: string; name: string; priority: number };
const roles = async (): Promise<Role[]> => (await call(admin, 'GET', '/api/reporting-role')).json().data;
const roleId = async (name: string) => (await roles()).find((r) => r.name === name)!.id;
const primaryOf = async (employeeId: string) => {
  const { rows } = await t.db.query<{ manager_id: string | null }>(
    'SELECT manager_id FROM employees WHERE id = $1',
    [employeeId],
  );
  return rows[0]!.manager_id;
};

describe('reporting roles', () => {
  it('lists the seeded roles by priority; dropdown for everyone', async () => {
    expect((await roles()).map((r) => [r.name, r.priority])).toEqual([
      ['L1 Manager', 1],
      ['L2 Manager', 2],
      ['HR Partner', 3],
    ]);
    const dd = await call(employee, 'GET', '/api/reporting-role/dropdown');
    expect(dd.statusCode).toBe(200);
    expect(dd.json().data.map((r: Role) => r.name)).toEqual(['L1 Manager', 'L2 Manager', 'HR Partner']);
  });

  it('creates, updates and deletes a role; priority and name unique (409); validation (400)', async () => {
    expect((await call(admin, 'POST', '/api/reporting-role', { name: 'Skip', priority: 0 })).statusCode).toBe(
      400,
    );
    const dupPriority = await call(admin, 'POST', '/api/reporting-role', { name: 'Mentor', priority: 2 });
    expect(dupPriority.statusCode).toBe(409);
    expect(dupPriority.json().message).toMatch(/priority/);
    expect(
      (await call(admin, 'POST', '/api/reporting-role', { name: 'l1 manager', priority: 9 })).statusCode,
    ).toBe(409);
    const res = await call(admin, 'POST', '/api/reporting-role', { name: 'Mentor', priority: 4 });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const upd = await call(admin, 'PUT', `/api/reporting-role/${id}`, { name: 'Buddy', priority: 5 });
    expect(upd.json().data).toMatchObject({ name: 'Buddy', priority: 5 });
    expect((await call(admin, 'DELETE', `/api/reporting-role/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/reporting-role/${id}`)).statusCode).toBe(404);
  });

  it('permission matrix: employee/manager 403; Globex 404 on Acme role', async () => {
    const id = await roleId('HR Partner');
    for (const s of [employee, manager]) {
      expect((await call(s, 'GET', '/api/reporting-role')).statusCode).toBe(403);
      expect((await call(s, 'PUT', `/api/reporting-role/${id}`, { name: 'X', priority: 7 })).statusCode).toBe(
        403,
      );
      expect(
        (await call(s, 'GET', `/api/reporting-manager?employee_id=${s.userResponse.employee_id}`)).statusCode,
      ).toBe(403);
    }
    expect(
      (await call(globex, 'PUT', `/api/reporting-role/${id}`, { name: 'X', priority: 7 })).statusCode,
    ).toBe(404);
    expect((await call(globex, 'GET', '/api/reporting-role')).json().data).toEqual([]);
  });
});

describe('reporting managers', () => {
  it('a manager set on the employee form becomes the first-role (L1) reporting manager, and follows changes', async () => {
    const created = await call(admin, 'POST', '/api/employee', {
      first_name: 'Kiran',
      last_name: 'Sync',
      email: 'kiran.sync@acme.test',
      date_of_joining: '2025-02-03',
      manager_id: manager.userResponse.employee_id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const l1 = async () =>
      (await call(admin, 'GET', `/api/reporting-manager?employee_id=${id}`))
        .json()
        .data.managers.find((m: { reporting_role_name: string }) => m.reporting_role_name === 'L1 Manager');
    expect((await l1())?.manager_id).toBe(manager.userResponse.employee_id);
    const moved = await call(admin, 'PUT', `/api/employee/${id}`, {
      manager_id: admin.userResponse.employee_id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await l1())?.manager_id).toBe(admin.userResponse.employee_id);
  });

  it('shows the seeded L1 (mirrors manager_id) and L2 of the demo employee', async () => {
    const res = await call(
      admin,
      'GET',
      `/api/reporting-manager?employee_id=${employee.userResponse.employee_id}`,
    );
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.primary_manager_id).toBe(manager.userResponse.employee_id);
    expect(
      d.managers.map((m: { reporting_role_name: string; manager_id: string }) => [
        m.reporting_role_name,
        m.manager_id,
      ]),
    ).toEqual([
      ['L1 Manager', manager.userResponse.employee_id],
      ['L2 Manager', admin.userResponse.employee_id],
    ]);
    expect((await call(admin, 'GET', '/api/reporting-manager?employee_id=nope')).statusCode).toBe(400);
    expect(
      (await call(globex, 'GET', `/api/reporting-manager?employee_id=${employee.userResponse.employee_id}`))
        .statusCode,
    ).toBe(404);
  });

  it('replaces managers, keeps manager_id on the lowest-priority role, audits', async () => {
    const emp = employee.userResponse.employee_id!;
    const [l1, l2, hr] = [await roleId('L1 Manager'), await roleId('L2 Manager'), await roleId('HR Partner')];
    const res = await call(admin, 'PUT', `/api/reporting-manager/${emp}`, {
      managers: [
        { reporting_role_id: l2, manager_id: manager.userResponse.employee_id },
        { reporting_role_id: hr, manager_id: admin.userResponse.employee_id },
      ],
    });
    expect(res.statusCode).toBe(200);
    // No L1 now: the L2 manager is first in line.
    expect(res.json().data.primary_manager_id).toBe(manager.userResponse.employee_id);
    const res2 = await call(admin, 'PUT', `/api/reporting-manager/${emp}`, {
      managers: [
        { reporting_role_id: hr, manager_id: admin.userResponse.employee_id },
        { reporting_role_id: l1, manager_id: manager.userResponse.employee_id },
      ],
    });
    expect(
      res2.json().data.managers.map((m: { reporting_role_name: string }) => m.reporting_role_name),
    ).toEqual(['L1 Manager', 'HR Partner']);
    expect(await primaryOf(emp)).toBe(manager.userResponse.employee_id);
    const audit = await call(
      admin,
      'GET',
      `/api/audit?action=org.reporting_managers_changed&entity_id=${emp}`,
    );
    expect(audit.json().meta.totalCount).toBe(2);
    expect(audit.json().data[0].changes.after).toEqual([
      { role: 'L1 Manager', manager_id: manager.userResponse.employee_id },
      { role: 'HR Partner', manager_id: admin.userResponse.employee_id },
    ]);
    // Swapping priorities re-derives the primary manager: HR Partner becomes first.
    await call(admin, 'PUT', `/api/reporting-role/${l1}`, { name: 'L1 Manager', priority: 10 });
    expect(await primaryOf(emp)).toBe(admin.userResponse.employee_id);
    await call(admin, 'PUT', `/api/reporting-role/${l1}`, { name: 'L1 Manager', priority: 1 });
    expect(await primaryOf(emp)).toBe(manager.userResponse.employee_id);
  });

  it('rejects cycles (400 naming the field) and leaves data unchanged', async () => {
    const l1 = await roleId('L1 Manager');
    const mgr = manager.userResponse.employee_id!;
    const emp = employee.userResponse.employee_id!;
    // The employee reports to the manager; making the manager report to the employee is a cycle.
    const res = await call(admin, 'PUT', `/api/reporting-manager/${mgr}`, {
      managers: [{ reporting_role_id: l1, manager_id: emp }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('managers.0.manager_id');
    expect(JSON.stringify(res.json().errors)).toContain('managers.0.manager_id');
    expect(await primaryOf(mgr)).toBe(admin.userResponse.employee_id);
    // A longer chain: admin -> (reports to) employee would close admin > manager > employee.
    const res2 = await call(admin, 'PUT', `/api/reporting-manager/${admin.userResponse.employee_id}`, {
      managers: [{ reporting_role_id: l1, manager_id: emp }],
    });
    expect(res2.statusCode).toBe(400);
    // Self as manager.
    const self = await call(admin, 'PUT', `/api/reporting-manager/${emp}`, {
      managers: [{ reporting_role_id: l1, manager_id: emp }],
    });
    expect(self.statusCode).toBe(400);
    // The same role twice.
    const twice = await call(admin, 'PUT', `/api/reporting-manager/${emp}`, {
      managers: [
        { reporting_role_id: l1, manager_id: mgr },
        { reporting_role_id: l1, manager_id: admin.userResponse.employee_id },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });

  it('another company: Globex cannot set Acme managers; Acme cannot use Globex people', async () => {
    const globexRoleRes = await call(globex, 'POST', '/api/reporting-role', { name: 'L1', priority: 1 });
    expect(globexRoleRes.statusCode).toBe(201);
    const res = await call(globex, 'PUT', `/api/reporting-manager/${employee.userResponse.employee_id}`, {
      managers: [
        { reporting_role_id: globexRoleRes.json().data.id, manager_id: globex.userResponse.employee_id },
      ],
    });
    expect(res.statusCode).toBe(404);
    const l1 = await roleId('L1 Manager');
    const res2 = await call(admin, 'PUT', `/api/reporting-manager/${employee.userResponse.employee_id}`, {
      managers: [{ reporting_role_id: l1, manager_id: globex.userResponse.employee_id }],
    });
    expect(res2.statusCode).toBe(404);
  });
});
