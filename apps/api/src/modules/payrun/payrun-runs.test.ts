import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

/** Pay runs (issue 22): settings, payable days, and the runs themselves, with permissions and tenancy. */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  ({ admin, manager, employee, globex } = await demoSessions(t));
});
afterAll(() => t.close());

const idOf = async (email: string) =>
  (await t.db.query<{ id: string }>('SELECT employee_id AS id FROM users WHERE email = $1', [email])).rows[0]!
    .id;

describe('pay run settings', () => {
  it('has defaults, saves what is given, refuses bad input in words, and is admin-only', async () => {
    const res = await callAs(t, admin, 'GET', '/api/payrun/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      proration: 'calendar',
      absent_as_lop: true,
      net_change_threshold_percent: 20,
    });

    const put = await callAs(t, admin, 'PUT', '/api/payrun/settings', {
      proration: 'fixed',
      proration_fixed_days: 30,
      pan: 'aacca1234f',
      city: 'Bengaluru',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      proration: 'fixed',
      proration_fixed_days: 30,
      pan: 'AACCA1234F',
      city: 'Bengaluru',
    });

    const bad = await callAs(t, admin, 'PUT', '/api/payrun/settings', {
      proration: 'fixed',
      proration_fixed_days: 40,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('At most 31 days');

    for (const s of [employee, manager]) {
      expect((await callAs(t, s, 'GET', '/api/payrun/settings')).statusCode).toBe(403);
    }
    // Another company's admin sees its own defaults, not Acme's.
    const g = await callAs(t, globex, 'GET', '/api/payrun/settings');
    expect(g.json().data.proration).toBe('calendar');
    await callAs(t, admin, 'PUT', '/api/payrun/settings', { proration: 'calendar' });
  });
});

describe('payable days', () => {
  it('lists the month for every employee with calendar days, joiners and leavers outside employment', async () => {
    const priya = await idOf('employee@acme.test');
    // Priya left on 20 November; a joiner on the 11th.
    await t.db.query(`UPDATE employees SET exit_date = '2026-11-20', status = 'exited' WHERE id = $1`, [
      priya,
    ]);
    const joiner = (
      await t.db.query<{ id: string }>(`UPDATE employees SET date_of_joining = '2026-11-11'
        WHERE employee_code = 'ACM0020' RETURNING id`)
    ).rows[0]!.id;
    const res = await callAs(
      t,
      admin,
      'GET',
      '/api/payrun/payable-days?month=11&year=2026&page=1&records=100',
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as {
      employee_id: string;
      calendar_days: number;
      outside_employment_days: number;
      payable_days: number;
      basis_days: number;
    }[];
    expect(res.json().meta.totalCount).toBe(60);
    const p = rows.find((r) => r.employee_id === priya)!;
    expect(p).toMatchObject({
      calendar_days: 30,
      basis_days: 30,
      outside_employment_days: 10,
      payable_days: 20,
    });
    const j = rows.find((r) => r.employee_id === joiner)!;
    expect(j).toMatchObject({ outside_employment_days: 10, payable_days: 20 });

    const detail = await callAs(t, admin, 'GET', `/api/payrun/payable-days/${priya}?month=11&year=2026`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.outside_employment_dates).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-11-${String(21 + i)}`),
    );
    // Not employed in December: not in the month at all.
    const dec = await callAs(t, admin, 'GET', `/api/payrun/payable-days/${priya}?month=12&year=2026`);
    expect(dec.statusCode).toBe(404);
    // Another company's employee: 404; the employee and manager: 403.
    expect(
      (await callAs(t, globex, 'GET', `/api/payrun/payable-days/${priya}?month=11&year=2026`)).statusCode,
    ).toBe(404);
    expect((await callAs(t, manager, 'GET', '/api/payrun/payable-days?month=11&year=2026')).statusCode).toBe(
      403,
    );
    // Search by code narrows the list.
    const one = await callAs(t, admin, 'GET', '/api/payrun/payable-days?month=11&year=2026&search=ACM0020');
    expect(one.json().meta.totalCount).toBe(1);
  });
});

describe('runs: create, list, view, delete', () => {
  it('creates one run per month in order, refuses bad pay dates, lists and deletes', async () => {
    const bad = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 11,
      year: 2026,
      pay_date: '2026-12-25',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'pay_date' });

    const far = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 6,
      year: 2027,
      pay_date: '2027-06-30',
    });
    expect(far.statusCode).toBe(400);

    const res = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 11,
      year: 2026,
      pay_date: '2026-11-30',
    });
    expect(res.statusCode).toBe(201);
    const run = res.json().data;
    expect(run).toMatchObject({
      month: '2026-11',
      status: 'draft',
      attendance_status: 'pending',
      payslips_status: 'none',
      abilities: { compute: false, confirm: false, delete: true },
    });
    expect(run.confirm_blockers).toContain('Compute the pay run first');

    const again = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 11,
      year: 2026,
      pay_date: '2026-11-28',
    });
    expect(again.statusCode).toBe(409);
    const next = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 12,
      year: 2026,
      pay_date: '2026-12-31',
    });
    expect(next.statusCode).toBe(409);
    expect(next.json().message).toMatch(/Nov 2026 run is not confirmed yet/);

    const list = await callAs(t, admin, 'GET', '/api/payrun?page=1&records=10');
    expect(list.json().meta.totalCount).toBe(1);
    const done = await callAs(t, admin, 'GET', '/api/payrun?page=1&records=10&status=completed');
    expect(done.json().meta.totalCount).toBe(0);

    // Another company cannot see or delete it; weaker roles cannot create or view.
    expect((await callAs(t, globex, 'GET', `/api/payrun/${run.id}`)).statusCode).toBe(404);
    expect((await callAs(t, globex, 'DELETE', `/api/payrun/${run.id}`)).statusCode).toBe(404);
    expect(
      (await callAs(t, manager, 'POST', '/api/payrun', { month: 11, year: 2026, pay_date: '2026-11-30' }))
        .statusCode,
    ).toBe(403);
    expect((await callAs(t, employee, 'GET', '/api/payrun')).statusCode).toBe(403);

    expect((await callAs(t, admin, 'DELETE', `/api/payrun/${run.id}`)).statusCode).toBe(200);
    expect((await callAs(t, admin, 'GET', `/api/payrun/${run.id}`)).statusCode).toBe(404);
  });

  it('two creations of the same month at once make one run', async () => {
    const body = { month: 10, year: 2026, pay_date: '2026-10-31' };
    const [a, b] = await Promise.all([
      callAs(t, admin, 'POST', '/api/payrun', body),
      callAs(t, admin, 'POST', '/api/payrun', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pay_runs WHERE month = '2026-10-01'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
