import { buildTestApp, type TestApp } from '../../test/helper';
import { createCompany } from './index';

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
