import { buildTestApp, type Session, type TestApp } from '../../test/helper';
import { addDays } from './leave.rules';

// Issue 12, sandwich rules "before" and "after": weekly-offs between a request and the employee's
// other pending or approved leave count by the type's rules, listed with the reason in the preview,
// and are counted again when the leave next to them ends.

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let acme: string;
let employeeId: string;
let sandwichId: string;
let plainId: string;

const day = (n: number) => new Date(Date.now() + 5.5 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, payload });
const SAT_SUN = Array.from({ length: 7 }, (_, i) =>
  Array.from({ length: 5 }, () => (i === 0 || i === 6 ? 'full' : 'none')),
);
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const label = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
};
let friday: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' } });
  acme = await t.companyId('Acme Corp');
  [admin, manager, employee] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
  ]);
  employeeId = employee.userResponse.employee_id!;
  await t.db.tenant(acme, (tx) =>
    tx.query(
      `UPDATE weekly_off_policies SET days = $1::jsonb
        WHERE id = (SELECT weekly_off_policy_id FROM master_policies WHERE is_default)`,
      [JSON.stringify(SAT_SUN)],
    ),
  );
  const type = (body: object) => call('POST', '/api/leave/types', admin, body);
  sandwichId = (
    await type({
      name: 'Sandwich leave',
      code: 'SW',
      sandwich: { weekly_off_before: true, weekly_off_after: true },
    })
  ).json().data.id;
  plainId = (await type({ name: 'Plain leave', code: 'PL' })).json().data.id;
  const policy = await call('POST', '/api/leave/policies', admin, {
    name: 'Standard',
    is_base: true,
    leave_type_ids: [sandwichId, plainId],
  });
  expect(policy.statusCode).toBe(201);
  for (const id of [sandwichId, plainId]) {
    const r = await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
      leave_type_id: id,
      kind: 'opening',
      amount: 10,
      reason: 'Opening balance',
    });
    expect(r.statusCode).toBe(200);
  }
  let n = 14;
  while (new Date(`${day(n)}T00:00:00Z`).getUTCDay() !== 5) n += 1;
  friday = day(n);
});
afterAll(() => t.close());

const balance = async (id: string) =>
  (await call('GET', '/api/leave/mobile/leave-balance', employee))
    .json()
    .data.find((b: { leave_type_id: string }) => b.leave_type_id === id).balance;
const apply = (typeId: string, from: string, to = from) =>
  call('POST', '/api/leave', employee, { leave_type_id: typeId, from_date: from, to_date: to });
const approve = (id: string) => call('PUT', `/api/requests/leaves/${id}/approve`, manager, {});

describe('sandwich before and after, next to other leave', () => {
  it('Friday approved, applying for Monday: Sat and Sun count before it; cancelling Friday gives them back', async () => {
    const monday = addDays(friday, 3);
    const fri = await apply(sandwichId, friday);
    expect(fri.statusCode, fri.body).toBe(201);
    expect(fri.json().data.total).toBe(1);
    expect((await approve(fri.json().data.id)).statusCode).toBe(200);

    const preview = await call('POST', '/api/leave/preview', employee, {
      leave_type_id: sandwichId,
      from_date: monday,
      to_date: monday,
    });
    expect(preview.statusCode).toBe(200);
    const p = preview.json().data;
    expect(
      p.days.map((d: { date: string; amount: number; kind: string }) => [d.date, d.kind, d.amount]),
    ).toEqual([
      [addDays(friday, 1), 'weekly_off', 1],
      [addDays(friday, 2), 'weekly_off', 1],
      [monday, 'working', 1],
    ]);
    expect(p.days[0].reason).toBe(
      `${label(addDays(friday, 1))}: weekly-off between your approved leave on ${label(friday)} and this request: counted (sandwich rule "weekly-off before")`,
    );
    expect(p).toMatchObject({ total: 3, balance: 9, available: 9, balance_after: 6, violations: [] });

    // A type without the rule lists the same days, not counted.
    const plain = (
      await call('POST', '/api/leave/preview', employee, {
        leave_type_id: plainId,
        from_date: monday,
        to_date: monday,
      })
    ).json().data;
    expect(plain.total).toBe(1);
    expect(plain.days[1].reason).toMatch(/between your approved leave on .* not counted/);

    const mon = await apply(sandwichId, monday);
    expect(mon.statusCode).toBe(201);
    expect(mon.json().data.total).toBe(3);
    expect((await approve(mon.json().data.id)).statusCode).toBe(200);
    expect(await balance(sandwichId)).toBe(6); // 10 - 1 - 3

    // Friday cancelled: the weekend is no longer sandwiched; Monday is corrected to one day.
    const cancel = await call('DELETE', `/api/leave/leave-record/${fri.json().data.id}`, employee);
    expect(cancel.statusCode).toBe(200);
    const after = (await call('GET', `/api/leave/leave-record/${mon.json().data.id}`, employee)).json().data;
    expect(after.total).toBe(1);
    expect(after.days.map((d: { date: string }) => d.date)).toEqual([monday]);
    expect(await balance(sandwichId)).toBe(9); // 10 - 1 (Monday); Friday credited back
    const ledger = await t.db.tenant(acme, (tx) =>
      tx.query<{ kind: string; amount: string }>(
        'SELECT kind, amount FROM leave_ledger WHERE ref = $1 ORDER BY created_at, amount',
        [mon.json().data.id],
      ),
    );
    expect(ledger.rows.map((r) => [r.kind, Number(r.amount)])).toEqual([
      ['used', -3],
      ['used', 2],
    ]);
    // Clean up for the next test.
    await call('DELETE', `/api/leave/leave-record/${mon.json().data.id}`, employee);
  });

  it('Monday pending, applying for Thursday and Friday: Sat and Sun count after it; withdrawing Monday recounts', async () => {
    const nextMonday = addDays(friday, 10);
    const thu = addDays(friday, 6);
    const fri = addDays(friday, 7);
    const mon = await apply(sandwichId, nextMonday);
    expect(mon.json().data.total).toBe(1);
    const res = await apply(sandwichId, thu, fri);
    expect(res.statusCode).toBe(201);
    const r = res.json().data;
    expect(r.total).toBe(4);
    expect(r.days.map((d: { date: string; amount: number }) => [d.date, d.amount])).toEqual([
      [thu, 1],
      [fri, 1],
      [addDays(fri, 1), 1],
      [addDays(fri, 2), 1],
    ]);
    expect(r.days[2].reason).toBe(
      `${label(addDays(fri, 1))}: weekly-off between this request and your pending leave on ${label(nextMonday)}: counted (sandwich rule "weekly-off after")`,
    );
    // Applying for Monday again is an overlap; the weekend is not counted twice by a third request.
    expect((await apply(sandwichId, nextMonday)).json().message).toMatch(/no overlapping requests/);
    const withdraw = await call('DELETE', `/api/leave/leave-record/${mon.json().data.id}`, employee);
    expect(withdraw.json().data.status).toBe('withdrawn');
    const after = (await call('GET', `/api/leave/leave-record/${r.id}`, employee)).json().data;
    expect(after.total).toBe(2);
  });
});
