// The list's unit, division and manager names are kept on the employee row by triggers
// (migration 0013). They must follow every assignment, rename and removal.
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, manager, employee } = await demoSessions(t));
});
afterAll(() => t.close());

const call = (method: string, url: string, payload?: object) => callAs(t, admin, method, url, payload);

async function names(id: string) {
  const one = (await call('GET', `/api/employee/${id}`)).json().data;
  const listed = (await call('GET', `/api/employee?key=employee_code&value=${one.employee_code}`)).json()
    .data[0];
  // The list and the single record read the same columns.
  expect(listed).toMatchObject({
    unit_name: one.unit_name,
    division_name: one.division_name,
    manager_name: one.manager_name,
  });
  return { unit: one.unit_name, division: one.division_name, manager: one.manager_name };
}

/** Rows whose kept names differ from what the joins say now (as the owner, every company). */
async function stale(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM employees e
       LEFT JOIN division_units u ON u.id = e.division_unit_id
       LEFT JOIN divisions d ON d.id = u.division_id
       LEFT JOIN employees m ON m.id = e.manager_id
      WHERE e.unit_name IS DISTINCT FROM u.name OR e.division_name IS DISTINCT FROM d.name
         OR e.manager_name IS DISTINCT FROM trim(m.first_name || ' ' || m.last_name)`,
  );
  return rows[0]!.n;
}

describe('unit, division and manager names on the employee list', () => {
  it('are filled for the seeded company', async () => {
    expect(await stale()).toBe(0);
    expect(await names(employee.userResponse.employee_id!)).toEqual({
      unit: 'Platform',
      division: 'Engineering',
      manager: 'Vikram Mehta',
    });
  });

  it('follow moves, renames and removals', async () => {
    const empId = employee.userResponse.employee_id!;
    const mgrId = manager.userResponse.employee_id!;
    const div = (await call('POST', '/api/division', { name: 'Names Division' })).json().data;
    const unit = (await call('POST', `/api/division/${div.id}/division-unit`, { name: 'Names Unit' })).json()
      .data;
    const members = `/api/division/${div.id}/division-unit/${unit.id}/employee`;
    expect((await call('POST', members, { employee_ids: [empId] })).statusCode).toBe(200);
    expect(await names(empId)).toMatchObject({ unit: 'Names Unit', division: 'Names Division' });

    expect(
      (await call('PUT', `/api/division/${div.id}/division-unit/${unit.id}`, { name: 'Renamed Unit' }))
        .statusCode,
    ).toBe(200);
    expect((await call('PUT', `/api/division/${div.id}`, { name: 'Renamed Division' })).statusCode).toBe(200);
    expect(await names(empId)).toMatchObject({ unit: 'Renamed Unit', division: 'Renamed Division' });

    // The manager's own rename reaches every report.
    expect((await call('PUT', `/api/employee/${mgrId}`, { first_name: 'Vik' })).statusCode).toBe(200);
    expect((await names(empId)).manager).toBe('Vik Mehta');
    const adminId = admin.userResponse.employee_id!;
    expect((await call('PUT', `/api/employee/${empId}`, { manager_id: adminId })).statusCode).toBe(200);
    expect((await names(empId)).manager).toBe('Asha Rao');
    expect(await stale()).toBe(0);

    // Out of the unit; then back as it was for anything that follows.
    expect((await call('DELETE', `${members}/${empId}`)).statusCode).toBe(200);
    expect(await names(empId)).toMatchObject({ unit: null, division: null });
    expect((await call('PUT', `/api/employee/${empId}`, { manager_id: null })).statusCode).toBe(200);
    expect((await names(empId)).manager).toBe(null);
    expect(await stale()).toBe(0);
  });

  it('follow a manager removed from the database (foreign key SET NULL)', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM employees WHERE manager_id IS NOT NULL AND NOT EXISTS
         (SELECT 1 FROM users u WHERE u.employee_id = employees.manager_id) LIMIT 1`,
    );
    const reportOf = rows[0];
    expect(reportOf).toBeDefined();
    const { rows: m } = await t.db.query<{ manager_id: string }>(
      'SELECT manager_id FROM employees WHERE id = $1',
      [reportOf!.id],
    );
    await t.db.query('DELETE FROM employees WHERE id = $1', [m[0]!.manager_id]);
    expect((await names(reportOf!.id)).manager).toBe(null);
    expect(await stale()).toBe(0);
  });
});
