import { dateIn } from '../../lib/clock';
import { buildTestApp, demoSessions, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
const today = dateIn('Asia/Kolkata', new Date());
const shift = (offset: number, years = 0) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, manager, employee, globex } = await demoSessions(t));
});
afterAll(() => t.close());

const call = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.headers });

describe('admin dashboard', () => {
  it('answers the seed figures', async () => {
    const res = await call(admin, '/api/dashboard/admin');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM employees e JOIN companies c ON c.id = e.company_id WHERE c.name = 'Acme Corp' AND e.status = 'active'",
    );
    expect(d.today).toBe(today);
    expect(d.headcount).toBe(rows[0]!.n);
    expect(d.headcount_by_division.reduce((n: number, r: { headcount: number }) => n + r.headcount, 0)).toBe(
      d.headcount,
    );
    expect(d.headcount_by_division.map((r: { division_name: string }) => r.division_name).sort()).toEqual(
      expect.arrayContaining(['Engineering', 'Operations', 'Sales']),
    );
    expect(d.announcements.map((a: { title: string }) => a.title)).toContain('Welcome to the new HR portal');
  });

  it('counts joiners and exits this month; lists birthdays and anniversaries within 30 days', async () => {
    const before = (await call(admin, '/api/dashboard/admin')).json().data;
    const acme = await t.companyId('Acme Corp');
    await t.db.query(
      `UPDATE employees SET date_of_birth = $2, date_of_joining = $3 WHERE email = 'employee@acme.test' AND company_id = $1`,
      [acme, shift(3, 30), shift(10, 2)],
    );
    await t.db.query(
      `UPDATE employees SET date_of_birth = $2 WHERE email = 'manager@acme.test' AND company_id = $1`,
      [acme, shift(45, 40)],
    );
    // A joiner today and an exit today.
    await t.db.query(
      `UPDATE employees SET date_of_joining = $2 WHERE employee_code = 'ACM0050' AND company_id = $1`,
      [acme, today],
    );
    await t.db.query(
      `UPDATE employees SET status = 'exited', exit_date = $2 WHERE employee_code = 'ACM0051' AND company_id = $1`,
      [acme, today],
    );
    const d = (await call(admin, '/api/dashboard/admin')).json().data;
    expect(d.joiners_this_month).toBe(before.joiners_this_month + 1);
    expect(d.exits_this_month).toBe(before.exits_this_month + 1);
    expect(d.headcount).toBe(before.headcount - 1);
    expect(d.upcoming_birthdays).toContainEqual({
      employee_id: employee.userResponse.employee_id,
      employee_name: 'Priya Sharma',
      date: shift(3),
      days_until: 3,
    });
    expect(d.upcoming_birthdays.map((b: { employee_id: string }) => b.employee_id)).not.toContain(
      manager.userResponse.employee_id,
    );
    expect(d.upcoming_anniversaries).toContainEqual({
      employee_id: employee.userResponse.employee_id,
      employee_name: 'Priya Sharma',
      date: shift(10),
      days_until: 10,
      years: 2,
    });
  });

  it('permission: employee and manager 403; Globex sees only its own company', async () => {
    expect((await call(employee, '/api/dashboard/admin')).statusCode).toBe(403);
    expect((await call(manager, '/api/dashboard/admin')).statusCode).toBe(403);
    const g = (await call(globex, '/api/dashboard/admin')).json().data;
    expect(g.headcount).toBe(5);
    expect(g.announcements).toEqual([]);
  });
});

describe('team dashboard', () => {
  it("lists the manager's direct reports with status, and an empty queue when nothing waits", async () => {
    const res = await call(manager, '/api/dashboard/team');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.team.length).toBe(7);
    expect(d.team.map((m: { employee_name: string }) => m.employee_name)).toContain('Priya Sharma');
    expect(d.team.every((m: { status: string }) => m.status === 'active')).toBe(true);
    expect(Array.isArray(d.pending_requests)).toBe(true);
    expect((await call(employee, '/api/dashboard/team')).statusCode).toBe(403);
  });

  it('shows requests waiting on me at their current level (not other levels, not decided)', async () => {
    const acme = await t.companyId('Acme Corp');
    const mgr = manager.userResponse.employee_id!;
    const emp = employee.userResponse.employee_id!;
    const adm = admin.userResponse.employee_id!;
    const ins = async (level: number, approver: string, subject: string) => {
      const { rows } = await t.db.query<{ id: string }>(
        `INSERT INTO approval_requests (company_id, request_type, subject_id, requester_id, current_level)
         VALUES ($1, 'profile_change', $2, $3, $4) RETURNING id`,
        [acme, subject, emp, level],
      );
      await t.db.query(
        `INSERT INTO approval_request_approvers (company_id, request_id, level, rule, approver_id)
         VALUES ($1, $2, 1, 'any', $3), ($1, $2, 2, 'any', $4)`,
        [acme, rows[0]!.id, approver, adm],
      );
      return rows[0]!.id;
    };
    const mine = await ins(1, mgr, '00000000-0000-4000-8000-0000000000a1');
    const passed = await ins(2, mgr, '00000000-0000-4000-8000-0000000000a2');
    const before = (await call(manager, '/api/dashboard/team')).json().data.pending_requests as {
      request_id: string;
    }[];
    expect(before.map((r) => r.request_id)).toContain(mine);
    expect(before.map((r) => r.request_id)).not.toContain(passed);
    const item = before.find((r) => r.request_id === mine)!;
    expect(item).toMatchObject({
      request_type: 'profile_change',
      requester_name: 'Priya Sharma',
      level: 1,
      on_behalf_of: null,
    });
    // The admin approves at level 2 only.
    const adminQueue = (await call(admin, '/api/dashboard/team')).json().data.pending_requests as {
      request_id: string;
    }[];
    expect(adminQueue.map((r) => r.request_id)).toContain(passed);
    expect(adminQueue.map((r) => r.request_id)).not.toContain(mine);
    // The Globex admin sees none of it.
    expect((await call(globex, '/api/dashboard/team')).json().data.pending_requests).toEqual([]);
  });
});
