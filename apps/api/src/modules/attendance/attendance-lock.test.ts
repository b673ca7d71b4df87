import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';
import { deriveRange, lockAttendancePeriod, unlockAttendancePeriod } from './index';

/**
 * Attendance locked by a confirmed pay run (the seam pay runs call): re-derivation leaves the
 * period's days alone, punches still reach the ledger, regularisation there is accepted and leaves
 * the day as locked, leave there is refused naming the date, the screens show the days locked; a
 * reversed run unlocks and the days re-derive.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
const ids: Record<string, string> = {};
let pendingReg: string;

const ist = (date: string, hhmm: string) => `${date}T${hhmm}:00+05:30`;
type DayRow = { date: string; status: string; derived_at: string; locked: boolean };
const daysOf = (from: string, to: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<DayRow>(
      `SELECT date::text AS date, status, derived_at::text AS derived_at, locked FROM attendance_days
        WHERE employee_id = $1 AND date BETWEEN $2 AND $3 ORDER BY date`,
      [ids.employee, from, to],
    );
    return rows;
  });
const statusOn = async (date: string) => (await daysOf(date, date))[0]?.status;

beforeAll(async () => {
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '86400' } });
  acme = await t.companyId('Acme Corp');
  t.clock.set(new Date(ist('2026-04-10', '10:00')));
  ({ admin, manager, employee, globex } = await demoSessions(t));
  const { rows } = await t.db.query<{ email: string; id: string; employee_code: string }>(
    `SELECT email, id, employee_code FROM employees WHERE email IN ('manager@acme.test', 'employee@acme.test')`,
  );
  for (const r of rows) {
    ids[r.email.split('@')[0]!] = r.id;
    ids[`${r.email.split('@')[0]}_code`] = r.employee_code;
  }
  const flow = await callAs(t, admin, 'POST', '/api/approval-flow', {
    name: 'Regularisation',
    request_type: 'regularisation',
    is_default: true,
    levels: [{ approver_kind: 'employee', approver_employee_ids: [ids.manager], rule: 'any' }],
  });
  expect(flow.statusCode).toBe(201);
  // Punches on a Friday of each month: both days present.
  const imported = await callAs(t, admin, 'POST', '/api/attendance/punches/import', {
    source: 'biometric',
    punches: ['2026-03-27', '2026-04-03'].flatMap((d) => [
      { employee_code: ids.employee_code, at: ist(d, '09:20'), direction: 'in' },
      { employee_code: ids.employee_code, at: ist(d, '18:35'), direction: 'out' },
    ]),
  });
  expect(imported.json().data).toMatchObject({ stored: 4, unknown_employees: [] });
  // Asked for before the run is confirmed; decided after.
  const reg = await callAs(t, employee, 'POST', '/api/attendance/regularization-record', {
    date: '2026-03-30',
    punch_in: '09:30',
    punch_out: '18:30',
    reason: 'missed_punch',
  });
  expect(reg.statusCode).toBe(201);
  pendingReg = reg.json().data.id;
});
afterAll(() => t.close());

describe('locking a period', () => {
  let before: DayRow[];

  it('lockAttendancePeriod derives the whole month for everyone, then locks it; the same ref again is a no-op', async () => {
    const lock = await t.db.tenant(acme, (tx) =>
      lockAttendancePeriod(
        tx,
        acme,
        '2026-03-01',
        '2026-03-31',
        { ref: 'PR-2026-03', reason: 'March payroll confirmed' },
        t.clock.now(),
      ),
    );
    expect(lock).toMatchObject({ from: '2026-03-01', to: '2026-03-31', ref: 'PR-2026-03' });
    before = await daysOf('2026-03-01', '2026-03-31');
    expect(before).toHaveLength(31);
    expect(before.every((d) => d.locked)).toBe(true);
    expect(before.find((d) => d.date === '2026-03-27')!.status).toBe('present');
    expect(before.find((d) => d.date === '2026-03-30')!.status).toBe('absent');
    // Every active employee's month exists and is locked, not only those with punches.
    const counts = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ employees: number; unlocked: number }>(
        `SELECT count(DISTINCT employee_id)::int AS employees, count(*) FILTER (WHERE NOT locked)::int AS unlocked
           FROM attendance_days WHERE date BETWEEN '2026-03-01' AND '2026-03-31'`,
      );
      const active = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM employees WHERE status = 'active'",
      );
      return { ...rows[0]!, active: active.rows[0]!.n };
    });
    expect(counts.unlocked).toBe(0);
    expect(counts.employees).toBe(counts.active);

    const again = await t.db.tenant(acme, (tx) =>
      lockAttendancePeriod(tx, acme, '2026-03-01', '2026-03-31', 'PR-2026-03', t.clock.now()),
    );
    expect(again.id).toBe(lock.id);
    await expect(
      t.db.tenant(acme, (tx) =>
        lockAttendancePeriod(tx, acme, '2026-03-01', '2026-03-15', 'PR-2026-03', t.clock.now()),
      ),
    ).rejects.toThrow('PR-2026-03 already locks attendance from 2026-03-01 to 2026-03-31');
    // Another company sees no lock of Acme's.
    const globexId = await t.companyId('Globex Ltd');
    const theirs = await t.db.tenant(globexId, (tx) => tx.query('SELECT 1 FROM attendance_lock'));
    expect(theirs.rows).toHaveLength(0);
  });

  it('a holiday added in March and in April: March stays as locked, April re-derives', async () => {
    const cal = (await callAs(t, admin, 'GET', '/api/holiday-calendar?search=Company')).json().data[0];
    for (const [date, name] of [
      ['2026-03-26', 'Locked month holiday'],
      ['2026-04-02', 'Open month holiday'],
    ]) {
      const res = await callAs(t, admin, 'POST', `/api/holiday-calendar/${cal.id}/holiday`, {
        date,
        name,
        optional: false,
        location: null,
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await daysOf('2026-03-01', '2026-03-31')).toEqual(before);
    expect(await statusOn('2026-03-26')).toBe('absent');
    expect(await statusOn('2026-04-02')).toBe('holiday');
  });

  it('the nightly derivation over the month writes nothing in it', async () => {
    const written = await t.db.tenant(acme, (tx) =>
      deriveRange(tx, acme, 'all', '2026-03-01', '2026-04-09', t.clock.now()),
    );
    // Only April's days are written (9 per active employee at most); March's 31 are not.
    const active = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM employees WHERE status = 'active'",
      );
      return rows[0]!.n;
    });
    expect(written).toBe(active * 9);
    expect(await daysOf('2026-03-01', '2026-03-31')).toEqual(before);
  });

  it('a punch on a locked day lands in the ledger; the day row is not rewritten', async () => {
    const res = await callAs(t, admin, 'POST', '/api/attendance/punches/import', {
      source: 'biometric',
      punches: [
        { employee_code: ids.employee_code, at: ist('2026-03-30', '09:25'), direction: 'in' },
        { employee_code: ids.employee_code, at: ist('2026-03-30', '18:40'), direction: 'out' },
      ],
    });
    expect(res.json().data).toMatchObject({ stored: 2, duplicates: 0 });
    const ledger = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM attendance_punches
          WHERE employee_id = $1 AND punched_at BETWEEN '2026-03-30T00:00:00+05:30' AND '2026-03-30T23:59:59+05:30'`,
        [ids.employee],
      );
      return rows[0]!.n;
    });
    expect(ledger).toBe(2);
    expect(await daysOf('2026-03-01', '2026-03-31')).toEqual(before);
    expect(await statusOn('2026-03-30')).toBe('absent');
  });

  it('regularisation on a locked day is accepted and approved, leaving the locked day as it is', async () => {
    const res = await callAs(t, employee, 'POST', '/api/attendance/regularization-record', {
      date: '2026-03-31',
      punch_in: '09:30',
      punch_out: '18:30',
      reason: 'missed_punch',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Regularisation requested. 31 Mar 2026 is in a confirmed pay run: the approved correction is paid back as LOP reversal in the next pay run',
    );
    // Asked for before the lock: approved now, the day stays as locked (the pay run's corrections
    // pay it back: payrun/lop-corrections.test.ts; this lock is no pay run's, so nothing is owed).
    const decided = await callAs(t, manager, 'PUT', `/api/requests/regularization/${pendingReg}/approve`, {
      comment: 'OK',
    });
    expect(decided.statusCode).toBe(200);
    const mine = await callAs(t, employee, 'GET', `/api/attendance/regularization-record/${pendingReg}`);
    expect(mine.json().data.status).toBe('approved');
    expect(await statusOn('2026-03-30')).toBe('absent');
    expect(await daysOf('2026-03-01', '2026-03-31')).toEqual(before);
    const owed = await t.db.tenant(acme, (tx) => tx.query('SELECT 1 FROM attendance_corrections'));
    expect(owed.rows).toHaveLength(0);
    // April is open: a correction there is accepted as before.
    const open = await callAs(t, employee, 'POST', '/api/attendance/regularization-record', {
      date: '2026-04-01',
      punch_in: '09:30',
      punch_out: '18:30',
      reason: 'missed_punch',
    });
    expect(open.statusCode).toBe(201);
    expect(open.json().message).toBe('Regularisation requested');
  });

  it('leave on a locked day is refused naming the date', async () => {
    const type = await callAs(t, admin, 'POST', '/api/leave/types', {
      name: 'Leave without pay',
      code: 'LWP',
      paid: false,
      back_dating_days: 30,
    });
    expect(type.statusCode).toBe(201);
    const policy = await callAs(t, admin, 'POST', '/api/leave/policies', {
      name: 'Standard',
      is_base: true,
      leave_type_ids: [type.json().data.id],
    });
    expect(policy.statusCode).toBe(201);
    const res = await callAs(t, employee, 'POST', '/api/leave', {
      leave_type_id: type.json().data.id,
      from_date: '2026-03-30',
      to_date: '2026-04-01',
      reason: 'Unwell',
    });
    expect([res.statusCode, res.json().message]).toEqual([409, expect.any(String)]);
    expect(res.json().message).toBe(
      '30 Mar 2026, 31 Mar 2026 are in a confirmed pay run; their attendance can no longer change',
    );
  });

  it('the month grid and the muster show the locked days', async () => {
    const march = (await callAs(t, employee, 'GET', '/api/attendance/month?year=2026&month=3')).json().data
      .days as { date: string; locked: boolean }[];
    expect(march.filter((d) => d.locked)).toHaveLength(31);
    const april = (await callAs(t, employee, 'GET', '/api/attendance/month?year=2026&month=4')).json().data
      .days as { locked: boolean }[];
    expect(april.filter((d) => d.locked)).toHaveLength(0);
    const muster = (
      await callAs(t, admin, 'GET', '/api/attendance/muster?year=2026&month=3&page=1&records=5')
    ).json().data as { locked_days: boolean[] }[];
    expect(muster[0]!.locked_days).toEqual(Array(31).fill(true));
    const aprilMuster = (
      await callAs(t, admin, 'GET', '/api/attendance/muster?year=2026&month=4&page=1&records=5')
    ).json().data as { locked_days: boolean[] }[];
    expect(aprilMuster[0]!.locked_days).toEqual(Array(30).fill(false));
    const other = await callAs(
      t,
      globex,
      'GET',
      `/api/attendance/month?year=2026&month=3&employee_id=${ids.employee}`,
    );
    expect(other.statusCode).toBe(404);
  });
});

describe('unlocking (a reversed pay run)', () => {
  it('removes the lock and re-derives the month from what is known now', async () => {
    const period = await t.db.tenant(acme, (tx) =>
      unlockAttendancePeriod(tx, acme, 'PR-2026-03', t.clock.now()),
    );
    expect(period).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(await statusOn('2026-03-26')).toBe('holiday');
    // The punches that arrived while locked now count.
    expect(await statusOn('2026-03-30')).toBe('present');
    expect((await daysOf('2026-03-01', '2026-03-31')).some((d) => d.locked)).toBe(false);
    expect(await t.db.tenant(acme, (tx) => unlockAttendancePeriod(tx, acme, 'PR-2026-03'))).toBeNull();
  });
});
