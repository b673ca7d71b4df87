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

type Div = {
  id: string;
  name: string;
  employee_count: number;
  units: { id: string; name: string; employee_count: number }[];
};

async function division(name: string): Promise<Div> {
  const res = await call(admin, 'GET', `/api/division?search=${encodeURIComponent(name)}&records=100`);
  return (res.json().data as Div[]).find((d) => d.name === name)!;
}

describe('divisions and units', () => {
  it('lists divisions paged with units and counts, and searches by name', async () => {
    const res = await call(admin, 'GET', '/api/division?records=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ totalCount: 3, page: 1, records: 2 });
    expect(res.json().data.map((d: Div) => d.name)).toEqual(['Engineering', 'Operations']);
    const eng = await division('Engineering');
    expect(eng.units.map((u) => u.name)).toEqual(['Platform', 'Product', 'Quality']);
    expect(eng.employee_count).toBe(eng.units.reduce((n, u) => n + u.employee_count, 0));
    expect(eng.employee_count).toBeGreaterThan(0);
    const search = await call(admin, 'GET', '/api/division?search=sal');
    expect(search.json().data.map((d: Div) => d.name)).toEqual(['Sales']);
  });

  it('gives every signed-in user the division dropdown with units', async () => {
    const res = await call(employee, 'GET', '/api/division/dropdown');
    expect(res.statusCode).toBe(200);
    const eng = res.json().data.find((d: { name: string }) => d.name === 'Engineering');
    expect(eng.units).toHaveLength(3);
    expect(Object.keys(eng.units[0]).sort()).toEqual(['id', 'name']);
  });

  it('creates, renames and deletes a division and unit; duplicates 409; validation 400', async () => {
    const bad = await call(admin, 'POST', '/api/division', { name: '', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['extra', 'name']);
    const created = await call(admin, 'POST', '/api/division', { name: 'Research', description: 'R&D' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await call(admin, 'POST', '/api/division', { name: 'research' })).statusCode).toBe(409);
    const renamed = await call(admin, 'PUT', `/api/division/${id}`, { name: 'Research Labs' });
    expect(renamed.json().data).toMatchObject({ name: 'Research Labs', description: 'R&D' });
    const unit = await call(admin, 'POST', `/api/division/${id}/division-unit`, { name: 'AI' });
    expect(unit.statusCode).toBe(201);
    const unitId = unit.json().data.id;
    expect((await call(admin, 'POST', `/api/division/${id}/division-unit`, { name: 'ai' })).statusCode).toBe(
      409,
    );
    const ren = await call(admin, 'PUT', `/api/division/${id}/division-unit/${unitId}`, {
      name: 'Applied AI',
    });
    expect(ren.json().data.name).toBe('Applied AI');
    // A unit of another division is not found under this one.
    const eng = await division('Engineering');
    expect(
      (await call(admin, 'PUT', `/api/division/${id}/division-unit/${eng.units[0]!.id}`, { name: 'X' }))
        .statusCode,
    ).toBe(404);
    // An empty division goes, with its empty units.
    expect((await call(admin, 'DELETE', `/api/division/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/division/${id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a division or unit that still has employees (409)', async () => {
    const eng = await division('Engineering');
    const res = await call(admin, 'DELETE', `/api/division/${eng.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/still has \d+ employee\(s\)/);
    const unit = await call(admin, 'DELETE', `/api/division/${eng.id}/division-unit/${eng.units[0]!.id}`);
    expect(unit.statusCode).toBe(409);
    expect(unit.json().message).toContain('Platform');
  });

  it('moves employees into a unit in one go (audited) and removes one from it', async () => {
    const ops = await division('Operations');
    const target = ops.units.find((u) => u.name === 'Facilities')!;
    const before = target.employee_count;
    const ids = [employee.userResponse.employee_id!, manager.userResponse.employee_id!];
    const url = `/api/division/${ops.id}/division-unit/${target.id}/employee`;
    // One unknown id: nothing moves.
    const unknown = await call(admin, 'POST', url, {
      employee_ids: [...ids, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await division('Operations')).units.find((u) => u.id === target.id)!.employee_count).toBe(before);
    expect((await call(admin, 'POST', url, { employee_ids: [] })).statusCode).toBe(400);
    const res = await call(admin, 'POST', url, { employee_ids: ids });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.moved).toBe(2);
    expect((await division('Operations')).units.find((u) => u.id === target.id)!.employee_count).toBe(
      before + 2,
    );
    const audit = await call(admin, 'GET', '/api/audit?action=org.unit_employees_moved');
    expect(audit.json().data[0].entity_id).toBe(target.id);
    expect(audit.json().data[0].changes.moved).toHaveLength(2);
    // Remove one.
    const del = await call(admin, 'DELETE', `${url}/${ids[0]}`);
    expect(del.statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `${url}/${ids[0]}`)).statusCode).toBe(404);
    const removed = await call(admin, 'GET', '/api/audit?action=org.unit_employee_removed');
    expect(removed.json().data[0].changes.employee_id).toBe(ids[0]);
    // Put them back where the other tests expect them.
    const eng = await division('Engineering');
    const platform = eng.units.find((u) => u.name === 'Platform')!;
    await call(admin, 'POST', `/api/division/${eng.id}/division-unit/${platform.id}/employee`, {
      employee_ids: ids,
    });
  });

  it('permission matrix: employee and manager get 403; Globex admin gets 404 on Acme ids', async () => {
    const eng = await division('Engineering');
    for (const s of [employee, manager]) {
      expect((await call(s, 'GET', '/api/division')).statusCode).toBe(403);
      expect((await call(s, 'POST', '/api/division', { name: 'Nope' })).statusCode).toBe(403);
      expect((await call(s, 'DELETE', `/api/division/${eng.id}`)).statusCode).toBe(403);
    }
    expect((await call(globex, 'PUT', `/api/division/${eng.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(globex, 'DELETE', `/api/division/${eng.id}`)).statusCode).toBe(404);
    const globexDivs = (await call(globex, 'GET', '/api/division')).json().data as Div[];
    expect(globexDivs.map((d) => d.name)).toEqual(['General']);
    const gUnit = globexDivs[0]!.units[0]!;
    // Moving an Acme employee into a Globex unit: the employee is not found.
    const move = await call(
      globex,
      'POST',
      `/api/division/${globexDivs[0]!.id}/division-unit/${gUnit.id}/employee`,
      {
        employee_ids: [employee.userResponse.employee_id],
      },
    );
    expect(move.statusCode).toBe(404);
    expect(
      (
        await call(globex, 'POST', `/api/division/${eng.id}/division-unit/${eng.units[0]!.id}/employee`, {
          employee_ids: [employee.userResponse.employee_id],
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('fixed dropdowns', () => {
  it('answers every type and status as value/label for any signed-in user', async () => {
    const g = await call(employee, 'GET', '/api/dropdown/type/gender');
    expect(g.statusCode).toBe(200);
    expect(g.json().data).toContainEqual({ value: 'female', label: 'Female' });
    for (const type of [
      'employment-type',
      'education-type',
      'relation',
      'day-type',
      'half-day-type',
      'earning-type',
      'value-type',
    ]) {
      const res = await call(employee, 'GET', `/api/dropdown/type/${type}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
    }
    // Leave types are the company's own (none in the demo seed); leave.test.ts lists created ones.
    const leave = await call(employee, 'GET', '/api/dropdown/type/leave-type');
    expect(leave.statusCode).toBe(200);
    expect(leave.json().data).toEqual([]);
    expect((await call(employee, 'GET', '/api/dropdown/type/colour')).statusCode).toBe(400);
    const approval = await call(employee, 'GET', '/api/dropdown/status/approval');
    expect(approval.json().data.map((o: { value: string }) => o.value)).toEqual([
      'pending',
      'approved',
      'rejected',
      'cancelled',
    ]);
    expect((await call(employee, 'GET', '/api/dropdown/status/attendance')).json().data).toContainEqual({
      value: 'present',
      label: 'Present',
    });
    expect((await call(employee, 'GET', '/api/dropdown/status/attendance')).json().data).toContainEqual({
      value: 'late',
      label: 'Late',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/dropdown/type/gender' })).statusCode).toBe(401);
  });
});
