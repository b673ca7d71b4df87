import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';
import { acknowledgeOpen, confirmReviewed, waitComputed } from '../../test/payrun-steps';
import { deriveRange } from '../attendance';

/**
 * LOP reversal from corrections (issue 22): October is confirmed with Priya absent on two days and
 * on one day of unpaid leave. In November a regularisation of one absent day is approved and the
 * leave cancelled: October's days and payslip stay as confirmed, November's run pays the two days
 * back as LOP reversal lines naming the dates and why, confirming November settles them, and
 * December pays nothing again.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let acme: string;
let priya: string;
let lwpType: string;
let leaveId: string;
const runs = { oct: '', nov: '', dec: '' };

const ist = (date: string, hhmm: string) => `${date}T${hhmm}:00+05:30`;
const dayOf = async (date: string) =>
  (
    await t.db.query<{ status: string; locked: boolean }>(
      'SELECT status, locked FROM attendance_days WHERE employee_id = $1 AND date = $2',
      [priya, date],
    )
  ).rows[0];
type Line = { code: string; kind: string; amount_paise: number; explain: string };
const slipOf = async (runId: string) => {
  const res = await callAs(t, admin, 'GET', `/api/payrun/${runId}/payslips/${priya}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { lines: Line[]; gross_paise: number; net_paise: number };
};
const corrections = async () =>
  (
    await t.db.query<{ date: string; lop_days: string; source: string; settled_run_id: string | null }>(
      `SELECT date::text AS date, lop_days, source, settled_run_id FROM attendance_corrections
        WHERE employee_id = $1 ORDER BY date`,
      [priya],
    )
  ).rows;

/** Moves the clock and signs in again (a session lasts less than the months moved). */
async function at(date: string) {
  t.clock.set(new Date(ist(date, '10:00')));
  ({ admin, manager, employee } = await demoSessions(t));
}

/** Creates the month's run, takes the system's attendance, computes, acknowledges and confirms. */
async function runMonth(month: number, year: number, confirm = true) {
  const created = await callAs(t, admin, 'POST', '/api/payrun', {
    month,
    year,
    pay_date: `${year}-${String(month).padStart(2, '0')}-28`,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  const att = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${id}`);
  expect(att.statusCode, att.body).toBe(200);
  await compute(id);
  if (confirm) await confirmRun(id);
  return id;
}
async function compute(id: string) {
  const start = await callAs(t, admin, 'POST', `/api/payrun/${id}/compute`);
  expect(start.statusCode, start.body).toBe(200);
  await waitComputed(t, admin, id);
}
const confirmRun = (id: string) => confirmReviewed(t, admin, id, 'Checked for the test');

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.companyId('Acme Corp');
  t.clock.set(new Date(ist('2026-10-21', '10:00')));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  ({ admin, manager, employee } = await demoSessions(t));
  // Three people keep the runs quick: the admin, the manager and Priya.
  await t.db.query(
    `UPDATE employees SET exit_date = '2026-09-30', status = 'exited'
      WHERE company_id = $1 AND employee_code NOT IN ('ACM0001', 'ACM0002', 'ACM0003')`,
    [acme],
  );
  priya = (await t.db.query<{ id: string }>("SELECT id FROM employees WHERE employee_code = 'ACM0003'"))
    .rows[0]!.id;
  const managerId = (
    await t.db.query<{ id: string }>("SELECT id FROM employees WHERE email = 'manager@acme.test'")
  ).rows[0]!.id;
  for (const type of ['regularisation', 'leave']) {
    const flow = await callAs(t, admin, 'POST', '/api/approval-flow', {
      name: `Manager approves ${type}`,
      request_type: type,
      is_default: true,
      levels: [{ approver_kind: 'employee', approver_employee_ids: [managerId], rule: 'any' }],
    });
    expect(flow.statusCode, flow.body).toBe(201);
  }
  // Priya punches in and out every day of October but the 13th and 14th (absent) and the 20th
  // (unpaid leave).
  const days = Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`).filter(
    (d) => !['2026-10-13', '2026-10-14', '2026-10-20'].includes(d),
  );
  const imported = await callAs(t, admin, 'POST', '/api/attendance/punches/import', {
    source: 'biometric',
    punches: days.flatMap((d) => [
      { employee_code: 'ACM0003', at: ist(d, '09:25'), direction: 'in' },
      { employee_code: 'ACM0003', at: ist(d, '18:35'), direction: 'out' },
    ]),
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const type = await callAs(t, admin, 'POST', '/api/leave/types', {
    name: 'Leave without pay',
    code: 'LWP',
    paid: false,
    back_dating_days: 30,
  });
  expect(type.statusCode, type.body).toBe(201);
  lwpType = type.json().data.id;
  const policy = await callAs(t, admin, 'POST', '/api/leave/policies', {
    name: 'Standard',
    is_base: true,
    leave_type_ids: [lwpType],
  });
  expect(policy.statusCode, policy.body).toBe(201);
  const leave = await callAs(t, employee, 'POST', '/api/leave', {
    leave_type_id: lwpType,
    from_date: '2026-10-20',
    to_date: '2026-10-20',
    reason: 'Family matter',
  });
  expect(leave.statusCode, leave.body).toBe(201);
  leaveId = leave.json().data.id;
  const approved = await callAs(t, manager, 'PUT', `/api/requests/leaves/${leaveId}/approve`, {
    comment: 'OK',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  await at('2026-11-02');
  await t.db.tenant(acme, (tx) => deriveRange(tx, acme, [priya], '2026-10-01', '2026-10-31', t.clock.now()));
}, 120_000);
afterAll(() => t.close());

let october: { lines: Line[]; gross_paise: number; net_paise: number };

describe('October confirmed with three days of loss of pay', () => {
  it('pays October less the two absences and the unpaid leave, and locks the month', async () => {
    runs.oct = await runMonth(10, 2026);
    const detail = (
      await t.db.query<{
        lop_days: string;
        detail: { absent_dates: string[]; leave_lop: { date: string }[] };
      }>('SELECT lop_days, detail FROM pay_run_attendance WHERE run_id = $1 AND employee_id = $2', [
        runs.oct,
        priya,
      ])
    ).rows[0]!;
    expect(Number(detail.lop_days)).toBe(3);
    expect(detail.detail.absent_dates).toEqual(['2026-10-13', '2026-10-14']);
    expect(detail.detail.leave_lop.map((l) => l.date)).toEqual(['2026-10-20']);
    october = await slipOf(runs.oct);
    expect(await dayOf('2026-10-13')).toEqual({ status: 'absent', locked: true });
  });
});

describe('November: corrections of October are paid back', () => {
  it('a regularisation of a confirmed day is accepted, saying it is paid back in the next run', async () => {
    await at('2026-11-05');
    const reg = await callAs(t, employee, 'POST', '/api/attendance/regularization-record', {
      date: '2026-10-13',
      punch_in: '09:30',
      punch_out: '18:30',
      reason: 'missed_punch',
    });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json().message).toBe(
      'Regularisation requested. 13 Oct 2026 is in a confirmed pay run: the approved correction is paid back as LOP reversal in the next pay run',
    );
    expect(await corrections()).toEqual([]);
    // The approver's inbox says the same before deciding.
    const inbox = await callAs(t, manager, 'GET', '/api/approvals/inbox');
    expect(inbox.statusCode, inbox.body).toBe(200);
    const waiting = (inbox.json().data as { subject_id: string; summary: string }[]).find(
      (r) => r.subject_id === reg.json().data.id,
    );
    expect(waiting?.summary).toBe(
      '13 Oct 2026: Missed punch. 13 Oct 2026 is in a confirmed pay run: the approved correction is paid back as LOP reversal in the next pay run',
    );
    const approved = await callAs(
      t,
      manager,
      'PUT',
      `/api/requests/regularization/${reg.json().data.id}/approve`,
      { comment: 'Seen on the camera' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    // The approver is told what the approval does to the confirmed month.
    expect(approved.json().message).toBe(
      'Request approved. 13 Oct 2026 is in a confirmed pay run: 1 day of loss of pay is paid back as LOP reversal in the next pay run',
    );
    // October's day is as the run paid it.
    expect(await dayOf('2026-10-13')).toEqual({ status: 'absent', locked: true });
    expect(await corrections()).toEqual([
      { date: '2026-10-13', lop_days: '1.00', source: 'regularisation', settled_run_id: null },
    ]);
  });

  it('a regularisation of a confirmed day that carried no loss of pay records nothing', async () => {
    const reg = await callAs(t, employee, 'POST', '/api/attendance/regularization-record', {
      date: '2026-10-15',
      punch_in: '09:00',
      punch_out: '18:30',
      reason: 'missed_punch',
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const approved = await callAs(
      t,
      manager,
      'PUT',
      `/api/requests/regularization/${reg.json().data.id}/approve`,
      { comment: 'OK' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(
      'Request approved. 15 Oct 2026 is in a confirmed pay run and carried no loss of pay: nothing is paid back',
    );
    expect((await corrections()).map((c) => c.date)).toEqual(['2026-10-13']);
  });

  it('cancelling the unpaid leave of a confirmed day is allowed and recorded; the day stays', async () => {
    const before = await dayOf('2026-10-20');
    const res = await callAs(t, admin, 'DELETE', `/api/leave/leave-record/${leaveId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect(res.json().message).toBe(
      'Leave cancelled and credited back. 20 Oct 2026 is in a confirmed pay run: the loss of pay of the cancelled leave is paid back as LOP reversal in the next pay run',
    );
    expect(await dayOf('2026-10-20')).toEqual(before);
    expect(await corrections()).toEqual([
      { date: '2026-10-13', lop_days: '1.00', source: 'regularisation', settled_run_id: null },
      { date: '2026-10-20', lop_days: '1.00', source: 'leave', settled_run_id: null },
    ]);
  });

  it('the attendance sheet template pre-fills the reversal', async () => {
    const created = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 11,
      year: 2026,
      pay_date: '2026-11-28',
    });
    expect(created.statusCode, created.body).toBe(201);
    runs.nov = created.json().data.id;
    const res = await callAs(t, admin, 'GET', `/api/templates/attendance-sheet?payrun_id=${runs.nov}`);
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Attendance')!;
    const row = Array.from({ length: ws.actualRowCount }, (_, i) => ws.getRow(i + 1)).find(
      (r) => r.getCell(1).value === 'ACM0003',
    )!;
    expect([row.getCell(5).value, row.getCell(6).value]).toEqual([2, 'Oct 2026']);
    const other = ws.getRow(2);
    expect(other.getCell(1).value).toBe('ACM0001');
    expect(other.getCell(5).value ?? null).toBeNull();
  });

  it('November pays back two days of October as LOP reversal lines naming the dates and why', async () => {
    const att = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${runs.nov}`);
    expect(att.statusCode, att.body).toBe(200);
    const taken = (
      await t.db.query<{ days: string; month: string; n: number }>(
        `SELECT lop_reversal_days AS days, lop_reversal_month::text AS month,
                cardinality(lop_reversal_corrections) AS n
           FROM pay_run_attendance WHERE run_id = $1 AND employee_id = $2`,
        [runs.nov, priya],
      )
    ).rows[0]!;
    expect(taken).toEqual({ days: '2.00', month: '2026-10-01', n: 2 });
    await compute(runs.nov);
    const nov = await slipOf(runs.nov);
    const reversal = nov.lines.filter((l) => l.code.startsWith('LOPREV_'));
    expect(reversal.length).toBeGreaterThan(0);
    for (const l of reversal) {
      expect(l.kind).toBe('earning');
      expect(l.explain).toContain(
        '2 day(s) of loss of pay in Oct 2026 paid back (3 LOP days were deducted then, 1 now)',
      );
      expect(l.explain).toContain('LOP of 13 Oct 2026 reversed: regularisation approved on 05 Nov 2026');
      expect(l.explain).toContain('LOP of 20 Oct 2026 reversed: unpaid leave cancelled on 05 Nov 2026');
    }
    // Each prorated line lost three equal days in October: two of them come back (to the paisa
    // of each line's rounding).
    const paidBack = reversal.reduce((n, l) => n + l.amount_paise, 0);
    const full = nov.lines
      .filter((l) => l.kind === 'earning' && !l.code.startsWith('LOPREV_'))
      .reduce((n, l) => n + l.amount_paise, 0);
    const octEarnings = october.lines
      .filter((l) => l.kind === 'earning')
      .reduce((n, l) => n + l.amount_paise, 0);
    const lost = full - octEarnings;
    expect(lost).toBeGreaterThan(0);
    expect(Math.abs(paidBack - (lost * 2) / 3)).toBeLessThanOrEqual(reversal.length * 2);
    // October's confirmed payslip did not change.
    expect(await slipOf(runs.oct)).toEqual(october);
  });

  it('deleting the computed run leaves the corrections unpaid; a sheet row naming October pays them', async () => {
    const del = await callAs(t, admin, 'DELETE', `/api/payrun/${runs.nov}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await corrections()).map((c) => c.settled_run_id)).toEqual([null, null]);
    const created = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 11,
      year: 2026,
      pay_date: '2026-11-28',
    });
    expect(created.statusCode, created.body).toBe(201);
    runs.nov = created.json().data.id;
    // Priya's row names October with the days the administrator gives: those corrections are
    // the ones it pays. The admin's row leaves the reversal empty (no corrections: none).
    const header = [
      'Employee code',
      'Employee name',
      'System LOP days',
      'LOP days',
      'LOP reversal days',
      'LOP reversal month',
    ];
    const rows = [
      ['ACM0003', '', '', 0, 2, 'Oct 2026'],
      ['ACM0001', '', '', 0, '', ''],
    ];
    const body = Buffer.from(`${[header, ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`);
    const boundary = '----lopfix';
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/payrun/upload-attendance/${runs.nov}`,
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nov.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(up.statusCode, up.body).toBe(200);
    const att = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${runs.nov}`);
    expect(att.statusCode, att.body).toBe(200);
    const taken = (
      await t.db.query<{ source: string; days: string; month: string; n: number }>(
        `SELECT source, lop_reversal_days AS days, lop_reversal_month::text AS month,
                cardinality(lop_reversal_corrections) AS n
           FROM pay_run_attendance WHERE run_id = $1 AND employee_id = $2`,
        [runs.nov, priya],
      )
    ).rows[0]!;
    expect(taken).toEqual({ source: 'sheet', days: '2.00', month: '2026-10-01', n: 2 });
    await compute(runs.nov);
    const again = (await slipOf(runs.nov)).lines.filter((l) => l.code.startsWith('LOPREV_'));
    expect(again.length).toBeGreaterThan(0);
    expect(again[0]!.explain).toContain('LOP of 13 Oct 2026 reversed');
  });

  it('taking attendance again or computing again leaves the corrections unsettled; confirm settles them', async () => {
    await compute(runs.nov);
    expect((await corrections()).every((c) => c.settled_run_id === null)).toBe(true);
    await confirmRun(runs.nov);
    expect((await corrections()).map((c) => c.settled_run_id)).toEqual([runs.nov, runs.nov]);
  });
});

describe('December', () => {
  it('pays nothing back again', async () => {
    await at('2026-12-03');
    runs.dec = await runMonth(12, 2026, false);
    const taken = (
      await t.db.query<{ days: string; month: string | null }>(
        `SELECT lop_reversal_days AS days, lop_reversal_month::text AS month
           FROM pay_run_attendance WHERE run_id = $1 AND employee_id = $2`,
        [runs.dec, priya],
      )
    ).rows[0]!;
    expect(taken).toEqual({ days: '0.00', month: null });
    const dec = await slipOf(runs.dec);
    expect(dec.lines.filter((l) => l.code.startsWith('LOPREV_'))).toEqual([]);
  });

  it('a correction settled by one run cannot be settled by another', async () => {
    const ids = (
      await t.db.query<{ id: string }>('SELECT id FROM attendance_corrections WHERE employee_id = $1', [
        priya,
      ])
    ).rows.map((r) => r.id);
    await t.db.query(
      'UPDATE pay_run_attendance SET lop_reversal_corrections = $2::uuid[] WHERE run_id = $1 AND employee_id = $3',
      [runs.dec, ids, priya],
    );
    await acknowledgeOpen(t, admin, runs.dec, 'Checked for the test');
    const res = await callAs(t, admin, 'PUT', `/api/payrun/${runs.dec}/confirm`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/paid by another pay run/);
    expect((await corrections()).map((c) => c.settled_run_id)).toEqual([runs.nov, runs.nov]);
  });
});
