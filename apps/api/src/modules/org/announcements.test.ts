import { dateIn } from '../../lib/clock';
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
const titles = async (s: Session) =>
  ((await call(s, 'GET', '/api/announcement/current')).json().data as { title: string }[]).map(
    (a) => a.title,
  );
// Dates relative to today in the company's zone (Asia/Kolkata by default).
const day = (offset: number, from = dateIn('Asia/Kolkata', new Date())) => {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const base = { body: 'Details inside.', starts_on: day(-5), ends_on: day(5) };

describe('announcements', () => {
  it('validates dates and audience (400 naming fields)', async () => {
    const res = await call(admin, 'POST', '/api/announcement', {
      ...base,
      title: 'X',
      starts_on: day(6),
      audience: 'units',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['audience_ids', 'ends_on']);
    const unknown = await call(admin, 'POST', '/api/announcement', {
      ...base,
      title: 'X',
      audience: 'units',
      audience_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('audience_ids');
  });

  it('targets by unit, division and employee; dates are inclusive in the company time zone', async () => {
    const { rows } = await t.db.query<{ unit: string; division: string }>(
      `SELECT e.division_unit_id AS unit, u.division_id AS division FROM employees e
         JOIN division_units u ON u.id = e.division_unit_id WHERE e.email = 'employee@acme.test'`,
    );
    const { unit, division } = rows[0]!;
    const { rows: adminRows } = await t.db.query<{ unit: string }>(
      "SELECT division_unit_id AS unit FROM employees WHERE email = 'admin@acme.test'",
    );
    const mk = (title: string, extra: Record<string, unknown>) =>
      call(admin, 'POST', '/api/announcement', { ...base, title, ...extra });
    expect((await mk('Platform only', { audience: 'units', audience_ids: [unit] })).statusCode).toBe(201);
    expect(
      (await mk('People unit', { audience: 'units', audience_ids: [adminRows[0]!.unit] })).statusCode,
    ).toBe(201);
    expect((await mk('Engineering', { audience: 'divisions', audience_ids: [division] })).statusCode).toBe(
      201,
    );
    expect(
      (await mk('For Priya', { audience: 'employees', audience_ids: [employee.userResponse.employee_id] }))
        .statusCode,
    ).toBe(201);
    expect((await mk('Past', { audience: 'all', starts_on: day(-20), ends_on: day(-1) })).statusCode).toBe(
      201,
    );
    expect(
      (await mk('Ends today', { audience: 'all', starts_on: day(-3), ends_on: day(0) })).statusCode,
    ).toBe(201);
    expect((await mk('Tomorrow', { audience: 'all', starts_on: day(1), ends_on: day(9) })).statusCode).toBe(
      201,
    );

    expect((await titles(employee)).sort()).toEqual(
      ['Engineering', 'Ends today', 'For Priya', 'Platform only', 'Welcome to the new HR portal'].sort(),
    );
    // The manager is in the same unit (Platform) but not named.
    expect((await titles(manager)).sort()).toEqual(
      ['Engineering', 'Ends today', 'Platform only', 'Welcome to the new HR portal'].sort(),
    );
    expect((await titles(admin)).sort()).toEqual(
      ['Ends today', 'People unit', 'Welcome to the new HR portal'].sort(),
    );
    expect(await titles(globex)).toEqual([]);
  });

  it("uses the company's time zone for today", async () => {
    const acme = await t.companyId('Acme Corp');
    // UTC+14 is always a calendar day ahead of UTC-11.
    const ahead = dateIn('Pacific/Kiritimati', new Date());
    const res = await call(admin, 'POST', '/api/announcement', {
      ...base,
      title: 'Line islands day',
      audience: 'all',
      starts_on: ahead,
      ends_on: ahead,
    });
    expect(res.statusCode).toBe(201);
    await t.db.query("UPDATE companies SET time_zone = 'Pacific/Kiritimati' WHERE id = $1", [acme]);
    expect(await titles(admin)).toContain('Line islands day');
    await t.db.query("UPDATE companies SET time_zone = 'Pacific/Pago_Pago' WHERE id = $1", [acme]);
    expect(await titles(admin)).not.toContain('Line islands day');
    await t.db.query("UPDATE companies SET time_zone = 'Asia/Kolkata' WHERE id = $1", [acme]);
    await call(admin, 'DELETE', `/api/announcement/${res.json().data.id}`);
  });

  it('lists paged, updates and deletes; permission matrix; Globex 404', async () => {
    const list = await call(admin, 'GET', '/api/announcement?records=3&search=only');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.totalCount).toBe(1);
    const id = list.json().data[0].id;
    const upd = await call(admin, 'PUT', `/api/announcement/${id}`, {
      ...base,
      title: 'Everyone',
      audience: 'all',
      audience_ids: [],
    });
    expect(upd.json().data).toMatchObject({ title: 'Everyone', audience: 'all', audience_ids: [] });
    expect(await titles(globex)).toEqual([]);
    for (const s of [employee, manager]) {
      expect((await call(s, 'GET', '/api/announcement')).statusCode).toBe(403);
      expect(
        (await call(s, 'POST', '/api/announcement', { ...base, title: 'Hi', audience: 'all' })).statusCode,
      ).toBe(403);
      expect((await call(s, 'DELETE', `/api/announcement/${id}`)).statusCode).toBe(403);
    }
    expect((await call(globex, 'GET', `/api/announcement/${id}`)).statusCode).toBe(404);
    expect(
      (await call(globex, 'PUT', `/api/announcement/${id}`, { ...base, title: 'Mine', audience: 'all' }))
        .statusCode,
    ).toBe(404);
    expect((await call(globex, 'DELETE', `/api/announcement/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/announcement/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/announcement/${id}`)).statusCode).toBe(404);
  });
});
