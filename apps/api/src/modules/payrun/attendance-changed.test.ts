import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';
import { acknowledgeOpen, waitComputed } from '../../test/payrun-steps';
import { deriveRange, holdMonths } from '../attendance';

/**
 * A run's attendance changes after it was taken (money): Priya is absent on 13 Oct 2026, the
 * October run takes her 1 day of loss of pay and is computed. A regularisation of that day is then
 * approved before the run is confirmed: the day was not locked, so no correction is recorded, and
 * confirming would charge the day for good. Confirm refuses in words until the attendance is taken
 * again and the run computed; then it confirms with no loss of pay. A change committing while the
 * confirm waits for the month is seen by it too.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let acme: string;
let priya: string;
let priyaName: string;
let run: string;

const ist = (date: string, hhmm: string) => `${date}T${hhmm}:00+05:30`;
const dayOf = async (date: string) =>
  (
    await t.db.query<{ status: string; locked: boolean }>(
      'SELECT status, locked FROM attendance_days WHERE employee_id = $1 AND date = $2',
      [priya, date],
    )
  ).rows[0];
const taken = async () =>
  (
    await t.db.query<{ system_lop_days: string; lop_days: string; absent_dates: string[] }>(
      `SELECT system_lop_days, lop_days, detail->'absent_dates' AS absent_dates
         FROM pay_run_attendance WHERE run_id = $1 AND employee_id = $2`,
      [run, priya],
    )
  ).rows[0];
const runOf = async () => (await callAs(t, admin, 'GET', `/api/payrun/${run}`)).json().data;

async function takeAttendance() {
  const att = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${run}`);
  expect(att.statusCode, att.body).toBe(200);
}
async function computeAndAcknowledge() {
  const start = await callAs(t, admin, 'POST', `/api/payrun/${run}/compute`);
  expect(start.statusCode, start.body).toBe(200);
  await waitComputed(t, admin, run);
  await acknowledgeOpen(t, admin, run, 'Checked for the test');
}
const confirm = () => callAs(t, admin, 'PUT', `/api/payrun/${run}/confirm`);

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.companyId('Acme Corp');
  t.clock.set(new Date(ist('2026-10-21', '10:00')));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  // Three people keep the run quick: the admin, the manager and Priya.
  await t.db.query(
    `UPDATE employees SET exit_date = '2026-09-30', status = 'exited'
      WHERE company_id = $1 AND employee_code NOT IN ('ACM0001', 'ACM0002', 'ACM0003')`,
    [acme],
  );
  const p = (
    await t.db.query<{ id: string; name: string }>(
      "SELECT id, trim(first_name || ' ' || last_name) AS name FROM employees WHERE employee_code = 'ACM0003'",
    )
  ).rows[0]!;
  priya = p.id;
  priyaName = p.name;
  t.clock.set(new Date(ist('2026-11-02', '10:00')));
  ({ admin, manager, employee } = await demoSessions(t));
  const managerId = (
    await t.db.query<{ id: string }>("SELECT id FROM employees WHERE email = 'manager@acme.test'")
  ).rows[0]!.id;
  const flow = await callAs(t, admin, 'POST', '/api/approval-flow', {
    name: 'Manager approves regularisation',
    request_type: 'regularisation',
    is_default: true,
    levels: [{ approver_kind: 'employee', approver_employee_ids: [managerId], rule: 'any' }],
  });
  expect(flow.statusCode, flow.body).toBe(201);
  // Priya punches in and out every day of October but the 13th (absent).
  const days = Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`).filter(
    (d) => d !== '2026-10-13',
  );
  const imported = await callAs(t, admin, 'POST', '/api/attendance/punches/import', {
    source: 'biometric',
    punches: days.flatMap((d) => [
      { employee_code: 'ACM0003', at: ist(d, '09:25'), direction: 'in' },
      { employee_code: 'ACM0003', at: ist(d, '18:35'), direction: 'out' },
    ]),
  });
  expect(imported.statusCode, imported.body).toBe(200);
  await t.db.tenant(acme, (tx) => deriveRange(tx, acme, [priya], '2026-10-01', '2026-10-31', t.clock.now()));
}, 120_000);
afterAll(() => t.close());

describe('a regularisation approved after the attendance was taken', () => {
  it('the run takes Priya’s absence as 1 day of loss of pay', async () => {
    const created = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 10,
      year: 2026,
      pay_date: '2026-10-28',
    });
    expect(created.statusCode, created.body).toBe(201);
    run = created.json().data.id;
    await takeAttendance();
    await computeAndAcknowledge();
    expect(await taken()).toEqual({
      system_lop_days: '1.00',
      lop_days: '1.00',
      absent_dates: ['2026-10-13'],
    });
  });

  it('confirm refuses, naming the employee and her loss of pay then and now; nothing is locked', async () => {
    const reg = await callAs(t, employee, 'POST', '/api/attendance/regularization-record', {
      date: '2026-10-13',
      punch_in: '09:30',
      punch_out: '18:30',
      reason: 'missed_punch',
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const approved = await callAs(
      t,
      manager,
      'PUT',
      `/api/requests/regularization/${reg.json().data.id}/approve`,
      { comment: 'Seen on the camera' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await dayOf('2026-10-13'))?.status).not.toBe('absent');

    const res = await confirm();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `The attendance of 1 employee changed since it was taken: ${priyaName} (ACM0003) LOP 1 → 0 days. Take the attendance again (remove it, then confirm attendance) and compute before confirming`,
    );
    expect((await runOf()).status).toBe('computed');
    expect((await dayOf('2026-10-13'))?.locked).toBe(false);
    const locks = await t.db.query('SELECT 1 FROM attendance_lock WHERE ref = $1', [`payrun:${run}`]);
    expect(locks.rows).toEqual([]);
  });

  it('taken again and computed, the run confirms with no loss of pay for the day', async () => {
    const removed = await callAs(t, admin, 'PUT', `/api/payrun/remove-attendance/${run}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await takeAttendance();
    expect(await taken()).toEqual({ system_lop_days: '0.00', lop_days: '0.00', absent_dates: [] });
    await computeAndAcknowledge();
    // A change that commits while the confirm waits for the month (a decision being made on a day
    // of it holds the month shared) is read by the confirm: here Priya's 15th turns absent.
    const before = await dayOf('2026-10-15');
    let answered = false;
    let pending: ReturnType<typeof confirm> | undefined;
    await t.db.tenant(acme, async (tx) => {
      await holdMonths(tx, ['2026-10-15'], 'shared');
      pending = confirm();
      pending.then(() => {
        answered = true;
      });
      await new Promise((r) => setTimeout(r, 500));
      await tx.query(`UPDATE attendance_days SET status = 'absent' WHERE employee_id = $1 AND date = $2`, [
        priya,
        '2026-10-15',
      ]);
    });
    expect(answered).toBe(false);
    const waited = await pending!;
    expect(waited.statusCode, waited.body).toBe(409);
    expect(waited.json().message).toContain(`${priyaName} (ACM0003) LOP 0 → 1 day.`);
    await t.db.query('UPDATE attendance_days SET status = $3 WHERE employee_id = $1 AND date = $2', [
      priya,
      '2026-10-15',
      before!.status,
    ]);

    const res = await confirm();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('confirmed');
    const slip = (await callAs(t, admin, 'GET', `/api/payrun/${run}/payslips/${priya}`)).json().data;
    expect(slip.days.lop).toBe(0);
    expect(await dayOf('2026-10-13')).toMatchObject({ locked: true });
    expect((await dayOf('2026-10-13'))?.status).not.toBe('absent');
  });
});

describe('changes that are not requests', () => {
  it('a re-derive of a month (punches, holidays, the nightly job) waits while a confirm holds it', async () => {
    // The confirm's hold on November (taken alone) is open; the derive of a November day must wait
    // for it, as a request's decision does, and run once it ends.
    let derived = false;
    let pending: Promise<void> | undefined;
    await t.db.tenant(acme, async (tx) => {
      await holdMonths(tx, ['2026-11-01'], 'alone');
      pending = t.db
        .tenant(acme, (other) => deriveRange(other, acme, [priya], '2026-10-31', '2026-11-01', t.clock.now()))
        .then(() => {
          derived = true;
        });
      await new Promise((r) => setTimeout(r, 500));
      expect(derived).toBe(false);
    });
    await pending;
    expect(derived).toBe(true);
  });
});
