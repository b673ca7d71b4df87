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
  // Noon in India on the test's day: a real clock just after midnight IST gave a punch at 00:04 that
  // the attendance day attributes to the day before, and the team's "today" row showed no punch.
  t = await buildTestApp();
  t.clock.set(new Date(`${today}T06:30:00Z`));
  ({ admin, manager, employee, globex } = await demoSessions(t));
});
afterAll(() => t.close());

const call = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.headers });
const send = (s: Session, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: s.headers, payload });
const nameOf = async (email: string) =>
  (
    await t.db.query<{ name: string }>(
      `SELECT trim(first_name || ' ' || last_name) AS name FROM employees WHERE email = $1`,
      [email],
    )
  ).rows[0]!.name;

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

describe('employee dashboard, team calendar and admin queues from requests the test raises', () => {
  let leaveTypeId: string;
  let pendingId: string;

  it('set-up: a leave type in the base policy with an opening balance, and a holiday ahead', async () => {
    const type = await send(admin, 'POST', '/api/leave/types', {
      name: 'Casual leave',
      code: 'CL',
      paid: true,
      unit: 'day',
      notice_days: 0,
      back_dating_days: 31,
      max_per_request: 5,
      accrual_frequency: 'monthly',
      accrual_amount: 1,
    });
    expect(type.statusCode).toBe(201);
    leaveTypeId = type.json().data.id;
    const policy = await send(admin, 'POST', '/api/leave/policies', {
      name: 'Standard',
      is_base: true,
      leave_type_ids: [leaveTypeId],
    });
    expect(policy.statusCode).toBe(201);
    const opening = await send(
      admin,
      'PUT',
      `/api/employee/${employee.userResponse.employee_id}/leave-balance`,
      {
        leave_type_id: leaveTypeId,
        kind: 'opening',
        amount: 8,
        reason: 'Opening balance',
      },
    );
    expect(opening.statusCode).toBe(200);
    const cal = (await call(admin, '/api/holiday-calendar?search=Company')).json().data[0];
    const hol = await send(admin, 'POST', `/api/holiday-calendar/${cal.id}/holiday`, {
      date: shift(20),
      name: 'Dashboard Day',
      optional: false,
      location: null,
    });
    expect(hol.statusCode).toBe(201);
  });

  it('the employee sees their name, punch today, balances, pending request with its next approver, holidays', async () => {
    const before = (await call(admin, '/api/dashboard/admin')).json().data;
    const punch = await send(employee, 'PUT', '/api/attendance', {});
    expect(punch.statusCode).toBe(200);
    const leave = await send(employee, 'POST', '/api/leave', {
      leave_type_id: leaveTypeId,
      // Three days: at least one is a working day whatever the weekly-offs.
      from_date: shift(40),
      to_date: shift(42),
      reason: 'Family function',
    });
    expect(leave.statusCode).toBe(201);
    pendingId = leave.json().data.id;

    const res = await call(employee, '/api/dashboard/employee');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.today).toBe(today);
    expect(d.employee_name).toBe('Priya Sharma');
    expect(d.today_punch.punches).toBe(1);
    expect(d.today_punch.first_in).toBe(punch.json().data.punches[0].at);
    expect(d.today_punch.last_out).toBeNull();
    const punchData = (await call(employee, '/api/employee/punch-data')).json().data;
    expect(d.today_punch.location_required).toBe(punchData.location_required);
    expect(d.today_punch.status).toBe(punchData.day?.status ?? null);
    // The request counts working days only (a weekly-off may fall in it): pending holds its total.
    const held = leave.json().data.total as number;
    expect(held).toBeGreaterThan(0);
    expect(d.leave_balances).toEqual([
      expect.objectContaining({
        leave_type_id: leaveTypeId,
        name: 'Casual leave',
        balance: 8,
        pending: held,
        available: 8 - held,
      }),
    ]);
    const mine = d.my_pending.find((r: { request_type: string }) => r.request_type === 'leave');
    expect(mine).toMatchObject({
      level: 1,
      days_waiting: 0,
      next_approvers: [await nameOf('manager@acme.test')],
    });
    expect(d.upcoming_holidays).toContainEqual({ date: shift(20), name: 'Dashboard Day', optional: false });
    expect(d.upcoming_holidays.every((h: { date: string }) => h.date >= today && h.date <= shift(90))).toBe(
      true,
    );
    expect(d.latest_payslip).toBeNull();

    // The admin sees one more pending leave, and the counts per type match the company's queues.
    const after = (await call(admin, '/api/dashboard/admin')).json().data;
    const leaveCount = (x: { pending_by_type: { request_type: string; count: number }[] }) =>
      x.pending_by_type.find((r) => r.request_type === 'leave')?.count ?? 0;
    expect(leaveCount(after)).toBe(leaveCount(before) + 1);
    const acme = await t.companyId('Acme Corp');
    const { rows } = await t.db.query<{ request_type: string; count: number }>(
      `SELECT request_type, count(*)::int AS count FROM approval_requests
        WHERE company_id = $1 AND status = 'pending' GROUP BY 1 ORDER BY 1`,
      [acme],
    );
    expect(
      after.pending_by_type.map((r: { request_type: string; count: number }) => [r.request_type, r.count]),
    ).toEqual(rows.map((r) => [r.request_type, r.count]));
    expect(after.pending_by_type.map((r: { request_type: string }) => r.request_type)).toContain(
      'profile_change',
    );
    // No pay run yet: the payroll card has neither an open nor a confirmed run (payrun-flow.test shows both).
    expect(after.payroll).toEqual({ open_run: null, last_confirmed: null });

    // The manager sees it waiting on them, raised today.
    const team = (await call(manager, '/api/dashboard/team')).json().data;
    const waiting = team.pending_requests.find(
      (r: { request_id: string }) => r.request_id === mine.request_id,
    );
    expect(waiting).toMatchObject({ request_type: 'leave', requester_name: 'Priya Sharma', days_waiting: 0 });
  });

  it("names today's delegates of the next approver beside them, and not once the delegation is gone", async () => {
    const acme = await t.companyId('Acme Corp');
    const peer = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ id: string; name: string }>(
        `SELECT id, trim(first_name || ' ' || last_name) AS name FROM employees WHERE employee_code = 'ACM0004'`,
      );
      return rows[0]!;
    });
    const mine = () =>
      call(employee, '/api/dashboard/employee').then((r) =>
        r.json().data.my_pending.find((x: { request_type: string }) => x.request_type === 'leave'),
      );
    expect(await mine()).toMatchObject({ level: 1, level_count: 1, standing_in: [] });
    const given = await send(manager, 'POST', '/api/approval-delegation', {
      delegate_id: peer.id,
      starts_on: today,
      ends_on: shift(2),
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(await mine()).toMatchObject({
      next_approvers: [await nameOf('manager@acme.test')],
      standing_in: [peer.name],
    });
    // One that starts tomorrow does not stand in today.
    await t.db.query('UPDATE approval_delegations SET starts_on = $2 WHERE id = $1', [
      given.json().data.id,
      shift(1),
    ]);
    expect((await mine()).standing_in).toEqual([]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/approval-delegation/${given.json().data.id}`,
      headers: manager.headers,
    });
  });

  it('the team dashboard carries team attendance today in its one call, with figures of the days the test writes', async () => {
    const before = (await call(manager, '/api/dashboard/team')).json().data.team_today;
    expect(before.date).toBe(today);
    // The same figures as the attendance module's own call.
    expect(before).toEqual((await call(manager, '/api/attendance/team/today')).json().data);
    // Priya punched in today (the test above): she is in, at her punch's time.
    const priya = before.rows.find((r: { employee_name: string }) => r.employee_name === 'Priya Sharma');
    const punched = (await call(employee, '/api/dashboard/employee')).json().data.today_punch.first_in;
    expect(punched).not.toBeNull();
    expect(priya.first_in).toBe(punched);
    const count = (f: (r: { first_in: string | null; status: string | null; late: boolean }) => boolean) =>
      before.rows.filter(f).length;
    expect(before.counts).toEqual({
      in: count((r) => !!r.first_in),
      late: count((r) => r.late),
      absent: count((r) => r.status === 'absent'),
      on_leave: count((r) => r.status === 'on_leave'),
      not_in: count((r) => !r.first_in && r.status !== 'on_leave'),
    });
    // Two more of the team with no day yet: one absent, one in late at 10:05 IST.
    const blank = before.rows.filter(
      (r: { first_in: string | null; status: string | null }) => !r.first_in && r.status === null,
    );
    expect(blank.length).toBeGreaterThanOrEqual(2);
    const [absent, late] = blank as { employee_id: string }[];
    const acme = await t.companyId('Acme Corp');
    const lateAt = `${today}T04:35:00.000Z`;
    await t.db.query(
      `INSERT INTO attendance_days (company_id, employee_id, date, status, worked_minutes, late, punch_count, first_in)
       VALUES ($1, $2, $4, 'absent', 0, false, 0, NULL), ($1, $3, $4, 'late', 0, true, 1, $5)`,
      [acme, absent!.employee_id, late!.employee_id, today, lateAt],
    );
    const after = (await call(manager, '/api/dashboard/team')).json().data.team_today;
    expect(after.rows).toHaveLength(before.rows.length);
    expect(after.counts).toEqual({
      in: before.counts.in + 1,
      late: before.counts.late + 1,
      absent: before.counts.absent + 1,
      on_leave: before.counts.on_leave,
      // The absent one is still not in; the late one now is.
      not_in: before.counts.not_in - 1,
    });
    expect(
      after.rows.find((r: { employee_id: string }) => r.employee_id === late!.employee_id),
    ).toMatchObject({
      status: 'late',
      late: true,
      first_in: lateAt,
    });
    // Nobody outside the manager's team; an admin with no reports has an empty today.
    const ids = new Set(after.rows.map((r: { employee_id: string }) => r.employee_id));
    expect(ids.has(manager.userResponse.employee_id)).toBe(false);
    const g = (await call(globex, '/api/dashboard/team')).json().data.team_today;
    expect(g.rows.map((r: { employee_id: string }) => r.employee_id)).not.toContain(priya.employee_id);
  });

  it("approved leave of a report shows on the manager's team calendar; nobody else's", async () => {
    // A working day of this month other than today (today has the punch): the first that the
    // leave rules take (weekends and the seed's holidays count no days and are refused).
    const month = today.slice(0, 7);
    let id = '';
    let date = '';
    for (let n = 1; n <= 28 && !id; n++) {
      date = `${month}-${String(n).padStart(2, '0')}`;
      if (date === today) continue;
      const res = await send(employee, 'POST', '/api/leave', {
        leave_type_id: leaveTypeId,
        from_date: date,
        to_date: date,
        reason: 'Unwell',
      });
      if (res.statusCode === 201) id = res.json().data.id;
    }
    expect(id).not.toBe('');
    expect((await send(manager, 'PUT', `/api/requests/leaves/${id}/approve`, {})).statusCode).toBe(200);
    const cal = (await call(manager, '/api/dashboard/team')).json().data.leave_calendar;
    expect([cal.year, cal.month]).toEqual([Number(today.slice(0, 4)), Number(today.slice(5, 7))]);
    expect(cal.leaves).toContainEqual({
      request_id: id,
      employee_id: employee.userResponse.employee_id,
      employee_name: 'Priya Sharma',
      leave_type: 'Casual leave',
      date,
      amount: 1,
      status: 'approved',
    });
    expect(cal.leaves.every((l: { date: string }) => l.date.slice(0, 7) === today.slice(0, 7))).toBe(true);
    expect(cal.leaves.map((l: { request_id: string }) => l.request_id)).not.toContain(pendingId);
    // The admin manages nobody here; Globex sees nothing of Acme.
    const g = (await call(globex, '/api/dashboard/team')).json().data.leave_calendar;
    expect(g.leaves).toEqual([]);
    expect(
      (await call(admin, '/api/dashboard/team'))
        .json()
        .data.leave_calendar.leaves.map((l: { request_id: string }) => l.request_id),
    ).not.toContain(id);
  });

  it('permission matrix and data scope', async () => {
    expect((await call(employee, '/api/dashboard/team')).statusCode).toBe(403);
    expect((await call(employee, '/api/dashboard/admin')).statusCode).toBe(403);
    expect((await call(manager, '/api/dashboard/admin')).statusCode).toBe(403);
    expect((await call(manager, '/api/dashboard/employee')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/employee' })).statusCode).toBe(401);
    // The manager's own dashboard shows the manager's requests, not the report's.
    const m = (await call(manager, '/api/dashboard/employee')).json().data;
    expect(m.employee_name).toBe(await nameOf('manager@acme.test'));
    expect(m.my_pending.map((r: { request_id: string }) => r.request_id)).not.toContain(pendingId);
    // Globex: its own people, no Acme request anywhere.
    const g = (await call(globex, '/api/dashboard/admin')).json().data;
    expect(g.pending_by_type).toEqual([]);
    const ge = await call(globex, '/api/dashboard/employee');
    expect(ge.statusCode).toBe(200);
    expect(ge.json().data.my_pending).toEqual([]);
    expect(ge.json().data.leave_balances).toEqual([]);
    expect(ge.json().data.upcoming_holidays.map((h: { name: string }) => h.name)).not.toContain(
      'Dashboard Day',
    );
  });
});
