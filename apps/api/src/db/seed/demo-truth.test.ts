import { buildTestApp, type TestApp } from '../../test/helper';
import { seedDemo, seedDemoActivity } from './index';

/**
 * The demo as `npm start` serves it (issue 24, "demo data that tells the truth"): seeded the way the
 * server seeds it, then walked for what would make a first-time user stop and doubt the product.
 */
let t: TestApp;
let acme: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  await seedDemo(t.db, { leave: true });
  await seedDemoActivity(t.db);
  acme = await t.companyId('Acme Corp');
});
afterAll(() => t.close());

it('no punch on a day of full-day leave', async () => {
  const { rows } = await t.db.tenant(acme, (tx) =>
    tx.query<{ employee_id: string; date: string }>(
      `SELECT DISTINCT l.employee_id, l.date::text AS date
         FROM attendance_leave_days l JOIN attendance_punches p ON p.employee_id = l.employee_id
          AND (p.punched_at AT TIME ZONE 'Asia/Kolkata')::date = l.date
        WHERE l.portion = 'full'`,
    ),
  );
  expect(rows).toEqual([]);
});

it("the employee's month summary counts as many late days as it shows late marks", async () => {
  const employee = await t.login('employee@acme.test');
  const now = new Date();
  const q = `month=${now.getUTCMonth() + 1}&year=${now.getUTCFullYear()}`;
  for (const url of [`/api/dashboard/attendance-summary?${q}`]) {
    const res = await t.app.inject({ method: 'GET', url, headers: employee.headers });
    expect(res.statusCode).toBe(200);
    const s = res.json().data as { counts: Record<string, number>; late_marks: number };
    expect(s.counts.late ?? 0).toBe(s.late_marks);
  }
});

it('offers no optional holiday already past to pick', async () => {
  const employee = await t.login('employee@acme.test');
  const today = new Date().toISOString().slice(0, 10);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/optional-holidays?year=${today.slice(0, 4)}`,
    headers: employee.headers,
  });
  expect(res.statusCode).toBe(200);
  const holidays = res.json().data.holidays as { id: string; date: string; picked: boolean; past: boolean }[];
  expect(holidays.length).toBeGreaterThan(0);
  for (const h of holidays) expect(h.past).toBe(h.date < today);
  const gone = holidays.find((h) => h.past && !h.picked);
  if (gone) {
    const pick = await t.app.inject({
      method: 'PUT',
      url: `/api/optional-holidays/${gone.id}`,
      headers: employee.headers,
    });
    expect(pick.statusCode).toBe(409);
    expect(pick.json().message).toMatch(/has passed: an optional holiday can be picked only before its day/);
  }
});
