import { buildTestApp, type TestApp } from '../../test/helper';
import { createCompany, seedDemo } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('Acme has 50+ employees in several divisions and units, and a manager with 5+ reports', async () => {
    const acme = await t.companyId('Acme Corp');
    const shape = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ employees: number; divisions: number; units: number }>(
        `SELECT (SELECT count(*)::int FROM employees) AS employees,
                (SELECT count(*)::int FROM divisions) AS divisions,
                (SELECT count(*)::int FROM division_units) AS units`,
      );
      return rows[0]!;
    });
    expect(shape.employees).toBeGreaterThanOrEqual(50);
    expect(shape.divisions).toBeGreaterThanOrEqual(3);
    expect(shape.units).toBeGreaterThanOrEqual(6);

    const manager = await t.login('manager@acme.test');
    const team = await t.app.inject({
      method: 'GET',
      url: '/api/employee?records=100',
      headers: manager.headers,
    });
    const reports = team
      .json()
      .data.filter((e: { manager_id: string | null }) => e.manager_id === manager.userResponse.employee_id);
    expect(reports.length).toBeGreaterThanOrEqual(5);
    expect(manager.scope.name).toBe('Manager');
  });

  it('Globex has a handful of employees and its own admin', async () => {
    const admin = await t.login('admin@globex.test');
    expect(admin.userResponse.company_name).toBe('Globex Ltd');
    expect(admin.scope.name).toBe('Admin');
  });
});

describe('company:create', () => {
  it('creates a company with built-in roles and a first administrator who can sign in', async () => {
    const created = await createCompany(t.db, {
      name: 'Initech Pvt Ltd',
      adminEmail: 'owner@initech.test',
      adminPassword: 'Str0ng-pass',
      adminName: 'Bill Lumbergh',
    });
    const session = await t.login('owner@initech.test', 'Str0ng-pass');
    expect(session.userResponse.company_id).toBe(created.companyId);
    expect(session.userResponse.employee_name).toBe('Bill Lumbergh');
    expect(session.scope.name).toBe('Admin');
    const roles = await t.app.inject({ method: 'GET', url: '/api/role', headers: session.headers });
    expect(
      roles
        .json()
        .data.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['Admin', 'Employee', 'Manager']);
    const list = await t.app.inject({ method: 'GET', url: '/api/employee', headers: session.headers });
    expect(list.json().meta.totalCount).toBe(1);
  });
});

describe('demo seed: leave (the served demo only)', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await buildTestApp({ seed: false });
    expect(await seedDemo(d.db, { leave: true })).toBe(true);
  });
  afterAll(() => d.close());

  it('the employee has balances that moved, an approved and a pending request; the manager has one to decide', async () => {
    const employee = await d.login('employee@acme.test');
    const manager = await d.login('manager@acme.test');
    const admin = await d.login('admin@acme.test');
    const get = (s: typeof employee, url: string) => d.app.inject({ method: 'GET', url, headers: s.headers });
    const balances = (await get(employee, '/api/leave/mobile/leave-balance')).json().data as {
      code: string;
      balance: number;
      pending: number;
      leave_type_id: string;
    }[];
    const by = new Map(balances.map((b) => [b.code, b]));
    expect([...by.keys()].sort()).toEqual(expect.arrayContaining(['CL', 'EL', 'SL']));
    // Sick leave: the opening 3 and this month's accrual, less the approved day.
    expect(by.get('SL')!.balance).toBeLessThan(3.5);
    expect(by.get('CL')!.pending).toBe(1);
    // Earned leave: 12 opening, 2 encashed.
    const el = (
      await get(
        employee,
        `/api/leave/leave-balance/${employee.userResponse.employee_id}/entries?leave_type_id=${by.get('EL')!.leave_type_id}`,
      )
    ).json().data;
    expect(el.entries.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['opening', 'encashment']),
    );
    const mine = (await get(employee, '/api/employee/leave-request?records=10')).json().data as {
      status: string;
    }[];
    expect(mine.map((r) => r.status).sort()).toEqual(['approved', 'pending']);
    const queues = [
      (await get(manager, '/api/requests/leaves')).json().meta.totalCount,
      (await get(admin, '/api/admin/requests/leave?status=pending')).json().meta.totalCount,
    ];
    expect(queues[1]).toBeGreaterThanOrEqual(1);
    expect(queues[0] + queues[1]).toBeGreaterThanOrEqual(1);
  });
});
