import { monthWordsOf } from '../../lib/dates';
import { buildTestApp, type Session, type TestApp } from '../../test/helper';
import { lopDays } from './index';

// Issue 12, leave in hours: a type with unit 'hour' takes one date with a start and an end time,
// counts hours against a balance kept in hours, refuses overlaps by time, and leaves attendance and
// LOP to the worked day (an hour leave is not a day on leave).

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let acme: string;
let employeeId: string;
let hourId: string;
let unpaidHourId: string;
let dayTypeId: string;

const day = (n: number) => new Date(Date.now() + 5.5 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, payload });
const NO_OFF = Array.from({ length: 7 }, () => ['none', 'none', 'none', 'none', 'none']);

beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: process.env.TEST_LOG ?? 'silent' } });
  acme = await t.companyId('Acme Corp');
  [admin, manager, employee] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
  ]);
  employeeId = employee.userResponse.employee_id!;
  // Every day a working day, on a 09:30 to 18:30 shift with an hour's break (8 h at most).
  await t.db.tenant(acme, async (tx) => {
    await tx.query(
      `UPDATE weekly_off_policies SET days = $1::jsonb
        WHERE id = (SELECT weekly_off_policy_id FROM master_policies WHERE is_default)`,
      [JSON.stringify(NO_OFF)],
    );
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO shifts (company_id, name, start_time, end_time, break_minutes)
       VALUES (current_setting('app.company_id')::uuid, 'General', '09:30', '18:30', 60) RETURNING id`,
    );
    await tx.query('UPDATE master_policies SET shift_id = $1 WHERE is_default', [rows[0]!.id]);
  });
  const type = async (body: object) => {
    const r = await call('POST', '/api/leave/types', admin, body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data.id as string;
  };
  hourId = await type({ name: 'Short leave', code: 'SHL', unit: 'hour', max_per_month: 6 });
  unpaidHourId = await type({ name: 'Unpaid short leave', code: 'USL', unit: 'hour', paid: false });
  dayTypeId = await type({ name: 'Casual leave', code: 'CL' });
  await call('POST', '/api/leave/policies', admin, {
    name: 'Standard',
    is_base: true,
    leave_type_ids: [hourId, unpaidHourId, dayTypeId],
  });
  for (const id of [hourId, dayTypeId]) {
    const r = await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
      leave_type_id: id,
      kind: 'opening',
      amount: 12.5,
      reason: 'Opening balance',
    });
    expect(r.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const hours = (from: string, to: string, extra: object = {}) => ({
  leave_type_id: hourId,
  from_date: day(5),
  to_date: day(5),
  from_time: from,
  to_time: to,
  ...extra,
});
const errorsOf = (r: { json(): { errors: { path: string; message: string }[] } }) =>
  r.json().errors.map((e) => [e.path, e.message]);
const balanceOf = async (id: string) =>
  (await call('GET', '/api/leave/mobile/leave-balance', employee))
    .json()
    .data.find((b: { leave_type_id: string }) => b.leave_type_id === id);

describe('leave in hours', () => {
  it('previews 2.5 hours against a balance in hours', async () => {
    const r = await call('POST', '/api/leave/preview', employee, hours('10:00', '12:30'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({
      total: 2.5,
      balance: 12.5,
      available: 12.5,
      balance_after: 10,
      violations: [],
      days: [{ date: day(5), amount: 2.5, kind: 'working', reason: 'Leave 10:00 to 12:30 (2.5 h)' }],
    });
    expect((await balanceOf(hourId)).unit).toBe('hour');
  });

  it('refuses bad times with messages naming the field', async () => {
    const preview = (body: object) => call('POST', '/api/leave/preview', employee, body);
    const noEnd = await preview(hours('10:00', '12:00', { to_time: null }));
    expect(noEnd.statusCode).toBe(400);
    expect(errorsOf(noEnd)).toContainEqual(['to_time', 'Give the end time']);
    const backwards = await preview(hours('12:00', '10:00'));
    expect(errorsOf(backwards)).toContainEqual(['to_time', 'The end time must be after the start time']);
    const twoDays = await preview(hours('10:00', '12:00', { to_date: day(6) }));
    expect(errorsOf(twoDays)).toContainEqual([
      'to_date',
      'Leave in hours is for one date: make the start and end dates the same',
    ]);
    const quarter = await preview(hours('10:10', '12:00'));
    expect(errorsOf(quarter)).toEqual([['from_time', 'Use quarter hours (:00, :15, :30 or :45)']]);
    const early = await preview(hours('08:00', '10:00'));
    expect(errorsOf(early)).toEqual([['from_time', 'The start time is before your shift (09:30 to 18:30)']]);
    const late = await preview(hours('17:00', '19:00'));
    expect(errorsOf(late)).toEqual([['to_time', 'The end time is after your shift (09:30 to 18:30)']]);
    const long = await preview(hours('09:30', '18:30'));
    expect(errorsOf(long)).toEqual([
      ['to_time', 'At most 8 h of leave in a day (your shift less its break); this is 9 h'],
    ]);
    const noTimes = await preview({ leave_type_id: hourId, from_date: day(5), to_date: day(5) });
    expect(errorsOf(noTimes)).toEqual([['from_time', 'Short leave is taken in hours: give the start time']]);
    const dayType = await preview(hours('10:00', '12:00', { leave_type_id: dayTypeId }));
    expect(errorsOf(dayType)).toEqual([
      ['from_time', 'Casual leave is taken in days: leave the times empty'],
    ]);
  });

  it('apply 2 hours, approve: the balance falls by 2 h, attendance is not marked; overlaps by time are refused', async () => {
    const res = await call('POST', '/api/leave', employee, hours('10:00', '12:00'));
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r).toMatchObject({ total: 2, hours: 2, from_time: '10:00', to_time: '12:00' });
    expect(await balanceOf(hourId)).toMatchObject({ balance: 12.5, pending: 2, available: 10.5 });

    // Same hours, or a whole day on that date: overlap. Later hours the same day: fine.
    const again = await call('POST', '/api/leave', employee, hours('11:00', '13:00'));
    expect(again.json().message).toMatch(
      new RegExp(`pending leave on ${day(5)} from 10:00 to 12:00 \\(no overlapping requests\\)`),
    );
    const wholeDay = await call('POST', '/api/leave', employee, {
      leave_type_id: dayTypeId,
      from_date: day(5),
      to_date: day(5),
    });
    expect(wholeDay.json().message).toMatch(/no overlapping requests/);
    const later = await call('POST', '/api/leave', employee, hours('14:00', '15:30'));
    expect(later.statusCode, later.body).toBe(201);
    // The month's maximum is 6 h: 2 + 1.5 + 3 is 6.5.
    const over = await call(
      'POST',
      '/api/leave/preview',
      employee,
      hours('09:30', '12:30', { from_date: day(6), to_date: day(6) }),
    );
    expect(over.json().data.violations.map((v: { message: string }) => v.message)).toEqual(
      day(6).slice(0, 7) === day(5).slice(0, 7)
        ? [`At most 6 hours in ${monthWordsOf(day(6))}; this makes 6.5 (maximum per month rule)`]
        : [],
    );

    expect((await call('PUT', `/api/requests/leaves/${r.id}/approve`, manager, {})).statusCode).toBe(200);
    expect(await balanceOf(hourId)).toMatchObject({ balance: 10.5, pending: 1.5, available: 9 });
    const ledger = await t.db.tenant(acme, (tx) =>
      tx.query<{ amount: string; rule: string }>('SELECT amount, rule FROM leave_ledger WHERE ref = $1', [
        r.id,
      ]),
    );
    expect(ledger.rows.map((x) => [Number(x.amount), x.rule])).toEqual([
      [-2, '2 h counted (10:00 to 12:00)'],
    ]);
    const marked = await t.db.tenant(acme, (tx) =>
      tx.query('SELECT 1 FROM attendance_leave_days WHERE employee_id = $1 AND date = $2', [
        employeeId,
        day(5),
      ]),
    );
    expect(marked.rows).toHaveLength(0);
  });

  it('unpaid leave in hours is no LOP day', async () => {
    const res = await call('POST', '/api/leave', employee, {
      ...hours('10:00', '11:00'),
      leave_type_id: unpaidHourId,
      from_date: day(8),
      to_date: day(8),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      (await call('PUT', `/api/requests/leaves/${res.json().data.id}/approve`, manager, {})).statusCode,
    ).toBe(200);
    const lop = await t.db.tenant(acme, (tx) => lopDays(tx, acme, [employeeId], day(8).slice(0, 7)));
    expect(lop.has(employeeId)).toBe(false);
  });
});
