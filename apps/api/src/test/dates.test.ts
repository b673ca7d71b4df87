import { randomUUID } from 'node:crypto';
import { seedLeaveDemo } from '../db/seed/leave-demo';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from './helper';

/**
 * Dates on the routes the attack of issue 21 found: a date in year 9999 hung the server (the day
 * after 9999-12-31 sorted before it, so the day loop never ended), and impossible dates answered
 * 500. Each is now a quick 400 with a message next to the field. The company's today is fixed
 * (15 June 2026) so "within five years of today" holds whenever the test runs.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof demoSessions>>;
let employeeId: string;
let employeeCode: string;
let leaveTypeId: string;
let acme: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '86400' } });
  t.clock.set(new Date('2026-06-15T10:00:00+05:30'));
  // Leave types with monthly accrual and a base policy, as the served demo has them.
  await seedLeaveDemo(t.db, t.clock);
  s = await demoSessions(t);
  acme = await t.companyId('Acme Corp');
  const ids = await t.db.tenant(acme, async (tx) => {
    const e = await tx.query<{ id: string; employee_code: string }>(
      "SELECT id, employee_code FROM employees WHERE email = 'employee@acme.test'",
    );
    const l = await tx.query<{ id: string }>("SELECT id FROM leave_types WHERE code = 'CL'");
    return { employee: e.rows[0]!.id, code: e.rows[0]!.employee_code, casual: l.rows[0]!.id };
  });
  employeeId = ids.employee;
  employeeCode = ids.code;
  leaveTypeId = ids.casual;
});
afterAll(() => t.close());

/** One call, timed: every refusal here must come at once, not after a day loop has run. */
async function timed(who: Session, method: string, url: string, payload?: object) {
  const started = performance.now();
  const res = await callAs(t, who, method, url, payload);
  const ms = performance.now() - started;
  // The defect was a request that never answered: 10 s leaves room for a loaded CI machine.
  expect(ms, `${method} ${url} took ${Math.round(ms)} ms`).toBeLessThan(10_000);
  return { status: res.statusCode, body: res.json() as { errors?: { path: string; message: string }[] } };
}

const leave = (from: string, to = from) => ({ leave_type_id: leaveTypeId, from_date: from, to_date: to });
const OUT_OF_RANGE = { message: 'Must be between 1900 and 2199' };
const NOT_REAL = { message: 'Not a real date' };
const NEAR_TODAY = { message: 'Must be within 5 years of today (2021-06-15 to 2031-06-15)' };

describe('a date in year 9999 answers 400 at once (it used to hang the server)', () => {
  it('leave apply and preview for 9999-12-31', async () => {
    for (const url of ['/api/leave', '/api/leave/preview']) {
      const res = await timed(s.employee, 'POST', url, leave('9999-12-31'));
      expect(res.status, url).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'from_date', ...OUT_OF_RANGE },
        { path: 'to_date', ...OUT_OF_RANGE },
      ]);
    }
  });

  it('leave apply and preview in the accepted years but far from today: refused by the service', async () => {
    for (const url of ['/api/leave', '/api/leave/preview']) {
      const res = await timed(s.employee, 'POST', url, leave('2199-12-31'));
      expect(res.status, url).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'from_date', ...NEAR_TODAY }]);
    }
    // A request starting near today and ending far away is refused on its end date.
    const res = await timed(s.employee, 'POST', '/api/leave/preview', leave('2031-06-01', '2031-06-20'));
    expect(res.body.errors).toEqual([{ path: 'to_date', ...NEAR_TODAY }]);
  });

  it('a leave preview near today still counts its days (a Tuesday and a Wednesday)', async () => {
    const res = await timed(s.employee, 'POST', '/api/leave/preview', leave('2026-06-23', '2026-06-24'));
    expect(res.status).toBe(200);
    expect(
      (res.body as unknown as { data: { days: { date: string }[] } }).data.days.map((d) => d.date),
    ).toEqual(['2026-06-23', '2026-06-24']);
  });

  it("the admin's accrual run as of 9999-12-31, and as of 2199-12-31", async () => {
    const far = await timed(s.admin, 'POST', '/api/leave/accrual/run', { as_of: '9999-12-31' });
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual([{ path: 'as_of', ...OUT_OF_RANGE }]);
    const later = await timed(s.admin, 'POST', '/api/leave/accrual/run', { as_of: '2199-12-31' });
    expect(later.status).toBe(400);
    expect(later.body.errors).toEqual([{ path: 'as_of', ...NEAR_TODAY }]);
  });

  it("the policy inspector's date", async () => {
    const url = (date: string) => `/api/policies/explain?employee_id=${employeeId}&date=${date}`;
    const far = await timed(s.admin, 'GET', url('9999-12-31'));
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual([{ path: 'date', ...OUT_OF_RANGE }]);
    const later = await timed(s.admin, 'GET', url('2199-12-31'));
    expect(later.status).toBe(400);
    expect(later.body.errors).toEqual([{ path: 'date', ...NEAR_TODAY }]);
    expect((await timed(s.admin, 'GET', url('2026-06-15'))).status).toBe(200);
  });

  it('a regularisation long ago, and punches from a device in year 9999', async () => {
    const reg = await timed(s.employee, 'POST', '/api/attendance/regularization-record', {
      date: '2001-01-01',
      punch_in: '09:30',
      punch_out: '18:30',
      reason: 'forgot_card',
    });
    expect(reg.status).toBe(400);
    expect(reg.body.errors).toEqual([{ path: 'date', ...NEAR_TODAY }]);
    const punches = await timed(s.admin, 'POST', '/api/attendance/punches/import', {
      source: 'biometric',
      punches: [{ employee_code: employeeCode, at: '9999-12-31T04:00:00Z' }],
    });
    expect(punches.status).toBe(400);
    expect(punches.body.errors).toEqual([{ path: 'punches.0.at', ...NEAR_TODAY }]);
  });
});

describe('punches far apart within the years allowed', () => {
  it("a device's backlog a year and a quarter apart derives both days (one range of that span was refused)", async () => {
    const res = await timed(s.admin, 'POST', '/api/attendance/punches/import', {
      source: 'biometric',
      punches: [
        { employee_code: employeeCode, at: '2025-03-10T04:00:00Z' },
        { employee_code: employeeCode, at: '2025-03-10T13:00:00Z' },
        { employee_code: employeeCode, at: '2026-06-10T04:00:00Z' },
        { employee_code: employeeCode, at: '2026-06-10T13:00:00Z' },
      ],
    });
    expect(res.status).toBe(200);
    const days = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ date: string; worked_minutes: number }>(
        `SELECT date::text AS date, worked_minutes FROM attendance_days
          WHERE employee_id = $1 AND date IN ('2025-03-10', '2026-06-10') ORDER BY date`,
        [employeeId],
      );
      return rows;
    });
    expect(days.map((d) => d.date)).toEqual(['2025-03-10', '2026-06-10']);
    expect(days.every((d) => d.worked_minutes > 0)).toBe(true);
  });
});

describe('the accrual run as of a leap day', () => {
  it('2024-02-29 runs (it was a TypeError: the leave types were created after it); 2025-02-29 is refused', async () => {
    const leap = await timed(s.admin, 'POST', '/api/leave/accrual/run', { as_of: '2024-02-29' });
    expect(leap.status).toBe(200);
    expect((leap.body as unknown as { data: { as_of: string } }).data.as_of).toBe('2024-02-29');
    const none = await timed(s.admin, 'POST', '/api/leave/accrual/run', { as_of: '2025-02-29' });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ path: 'as_of', ...NOT_REAL }]);
  });
});

describe('impossible and out-of-range dates answer 400 naming the field, never 500', () => {
  const VALUES: [string, { message: string }][] = [
    ['0000-01-01', OUT_OF_RANGE],
    ['2025-02-30', NOT_REAL],
    ['2025-13-01', NOT_REAL],
    ['2025-02-29', NOT_REAL],
  ];
  // A sample across modules: bodies, nested bodies and query strings (the contract test holds
  // every other date field to the same type).
  const ROUTES: {
    method: string;
    url: (v: string) => string;
    body?: (v: string) => object;
    field: string;
  }[] = [
    {
      method: 'POST',
      url: () => '/api/approval-delegation',
      body: (v) => ({ delegate_id: randomUUID(), starts_on: v, ends_on: '2026-07-01' }),
      field: 'starts_on',
    },
    { method: 'POST', url: () => '/api/leave/accrual/run', body: (v) => ({ as_of: v }), field: 'as_of' },
    {
      method: 'POST',
      url: () => '/api/leave/preview',
      body: (v) => leave(v, '2026-07-01'),
      field: 'from_date',
    },
    {
      method: 'PUT',
      url: () => `/api/employee/${randomUUID()}/leave-balance`,
      body: (v) => ({
        leave_type_id: randomUUID(),
        kind: 'manual_credit',
        amount: 1,
        reason: 'test',
        date: v,
      }),
      field: 'date',
    },
    {
      method: 'POST',
      url: () => '/api/announcement',
      body: (v) => ({ title: 'x', body: 'x', starts_on: v, ends_on: '2026-07-01', audience: 'all' }),
      field: 'starts_on',
    },
    {
      method: 'POST',
      url: () => `/api/holiday-calendar/${randomUUID()}/holiday`,
      body: (v) => ({ date: v, name: 'x' }),
      field: 'date',
    },
    {
      method: 'POST',
      url: () => '/api/employee/profile/change-request',
      body: (v) => ({ changes: { date_of_birth: v } }),
      field: 'changes.date_of_birth',
    },
    {
      method: 'GET',
      url: (v) => `/api/policies/explain?employee_id=${randomUUID()}&date=${v}`,
      field: 'date',
    },
    { method: 'GET', url: (v) => `/api/reports/joiners-leavers?from=${v}&to=2026-07-01`, field: 'from' },
  ];

  it.each(VALUES)('%s', async (value, expected) => {
    for (const r of ROUTES) {
      const res = await timed(s.admin, r.method, r.url(value), r.body?.(value));
      const where = `${r.method} ${r.url(value)} ${r.field}=${value}`;
      expect(res.status, where).toBe(400);
      expect(res.body.errors, where).toContainEqual({ path: r.field, ...expected });
    }
  });

  it('months: 1-12 and years 1900-2199, as numbers in the query or as YYYY-MM', async () => {
    const month = async (q: string) =>
      (await timed(s.employee, 'GET', `/api/attendance/month?${q}`)).body.errors;
    expect(await month('month=13&year=2026')).toEqual([
      { path: 'month', message: 'Must be a month from 1 to 12' },
    ]);
    expect(await month('month=6&year=9999')).toEqual([{ path: 'year', ...OUT_OF_RANGE }]);
    const headcount = await timed(s.admin, 'GET', '/api/reports/headcount?from=2025-13&to=2026-01');
    expect(headcount.body.errors).toEqual([{ path: 'from', message: 'Not a real month: use 01 to 12' }]);
    const whatIf = await timed(s.admin, 'POST', '/api/payroll/what-if', { month: '9999-12' });
    expect(whatIf.status).toBe(400);
    expect(whatIf.body.errors).toContainEqual({ path: 'month', ...OUT_OF_RANGE });
  });
});
