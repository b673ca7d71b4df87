import { buildTestApp, callAs, demoSessions, type TestApp } from '../../test/helper';

let t: TestApp;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await demoSessions(t);
});
afterAll(() => t.close());

describe('optional holidays by work location', () => {
  it('the picker lists only holidays for every location or the employee’s own; another location’s pick is refused', async () => {
    // Before the year's holidays: one already past can no longer be picked.
    t.clock.set(new Date('2026-01-05T10:00:00+05:30'));
    const acme = await t.companyId('Acme Corp');
    const employeeId = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "UPDATE employees SET work_location = 'Pune' WHERE email = 'employee@acme.test' RETURNING id",
      );
      return rows[0]!.id;
    });
    const def = (await callAs(t, s.admin, 'GET', '/api/holiday-calendar?search=Company')).json().data[0];
    expect(
      (
        await callAs(t, s.admin, 'PUT', `/api/holiday-calendar/${def.id}`, {
          name: def.name,
          optional_limit: 3,
        })
      ).statusCode,
    ).toBe(200);
    const add = async (date: string, name: string, location: string | null) => {
      const res = await callAs(t, s.admin, 'POST', `/api/holiday-calendar/${def.id}/holiday`, {
        date,
        name,
        optional: true,
        location,
      });
      expect([res.statusCode, res.json().message]).toEqual([201, 'Holiday added']);
      return res.json().data.id as string;
    };
    const everywhere = await add('2026-06-02', 'Loc everywhere', null);
    // Written the way an administrator might type it: still the employee's Pune.
    const pune = await add('2026-06-03', 'Loc Pune', ' pune ');
    const mumbai = await add('2026-06-04', 'Loc Mumbai', 'Mumbai');

    const listed = async () =>
      (
        (await callAs(t, s.employee, 'GET', '/api/optional-holidays?year=2026')).json().data.holidays as {
          name: string;
          picked: boolean;
        }[]
      )
        .filter((h) => h.name.startsWith('Loc '))
        .map((h) => [h.name, h.picked]);
    expect(await listed()).toEqual([
      ['Loc everywhere', false],
      ['Loc Pune', false],
    ]);

    const refused = await callAs(t, s.employee, 'PUT', `/api/optional-holidays/${mumbai}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Loc Mumbai is an optional holiday for Mumbai only; it does not apply to your work location',
    );
    expect((await callAs(t, s.employee, 'PUT', `/api/optional-holidays/${pune}`)).statusCode).toBe(200);
    expect((await callAs(t, s.employee, 'PUT', `/api/optional-holidays/${everywhere}`)).statusCode).toBe(200);
    expect(await listed()).toEqual([
      ['Loc everywhere', true],
      ['Loc Pune', true],
    ]);
    const picks = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        `SELECT h.name FROM employee_optional_holidays p JOIN holidays h ON h.id = p.holiday_id
          WHERE p.employee_id = $1 AND h.name LIKE 'Loc %' ORDER BY h.holiday_date`,
        [employeeId],
      );
      return rows.map((r) => r.name);
    });
    expect(picks).toEqual(['Loc everywhere', 'Loc Pune']);

    // A Mumbai colleague sees the Mumbai holiday and not Pune's (the manager works in Mumbai now).
    await t.db.tenant(acme, (tx) =>
      tx.query("UPDATE employees SET work_location = 'Mumbai' WHERE email = 'manager@acme.test'"),
    );
    const theirs = (await callAs(t, s.manager, 'GET', '/api/optional-holidays?year=2026')).json().data
      .holidays as { name: string }[];
    expect(theirs.filter((h) => h.name.startsWith('Loc ')).map((h) => h.name)).toEqual([
      'Loc everywhere',
      'Loc Mumbai',
    ]);
  });
});
