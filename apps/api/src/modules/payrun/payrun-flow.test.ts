import { formatInr } from '@hr/payroll-engine';
import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import {
  buildTestApp,
  callAs,
  demoSessions,
  eventually,
  type Session,
  type TestApp,
} from '../../test/helper';

/**
 * A month run end to end on the demo company (issue 22): compute on the runner, review with
 * anomalies and last month's difference, acknowledge, confirm (once, even when two confirm at once),
 * and the next month carrying the year to date, a revision's arrears and a net change flagged.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  ({ admin, manager, employee, globex } = await demoSessions(t));
});
afterAll(() => t.close());

/** Takes the system's attendance for a run: the attendance step's confirm call with no sheet. */
async function takeAttendance(runId: string) {
  const res = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${runId}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.attendance_status).toBe('confirmed');
}

async function computed(runId: string) {
  const ok = await eventually(async () => {
    const r = await callAs(t, admin, 'GET', `/api/payrun/${runId}`);
    return r.json().data.status === 'computed';
  }, 60_000);
  expect(ok).toBe(true);
  return (await callAs(t, admin, 'GET', `/api/payrun/${runId}`)).json().data;
}

const employeeId = async (email: string) =>
  (await t.db.query<{ id: string }>('SELECT employee_id AS id FROM users WHERE email = $1', [email])).rows[0]!
    .id;

let novId = '';

describe('November: compute, review, acknowledge, confirm', () => {
  it('refuses to compute before the attendance is confirmed', async () => {
    const res = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 11,
      year: 2026,
      pay_date: '2026-11-30',
    });
    expect(res.statusCode).toBe(201);
    novId = res.json().data.id;
    const early = await callAs(t, admin, 'POST', `/api/payrun/${novId}/compute`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Confirm the attendance/);
  });

  it('computes every employee with a salary, with totals by component and division', async () => {
    await takeAttendance(novId);
    expect((await callAs(t, manager, 'POST', `/api/payrun/${novId}/compute`)).statusCode).toBe(403);
    expect((await callAs(t, globex, 'POST', `/api/payrun/${novId}/compute`)).statusCode).toBe(404);
    const start = await callAs(t, admin, 'POST', `/api/payrun/${novId}/compute`);
    expect(start.statusCode).toBe(200);
    expect(['computing', 'computed']).toContain(start.json().data.status);
    const run = await computed(novId);
    expect(run.progress).toMatchObject({ employees: 60, computed: 60, failed: 0 });
    expect(run.totals.employees).toBe(60);
    expect(run.totals.net_paise).toBe(run.totals.gross_paise - run.totals.deductions_paise);

    const review = (await callAs(t, admin, 'GET', `/api/payrun/review/${novId}?page=1&records=100`)).json()
      .data;
    expect(review.previous_run).toBeNull();
    const earnings = review.by_component.filter((c: { kind: string }) => c.kind === 'earning');
    const sum = earnings.reduce((n: number, c: { amount_paise: number }) => n + c.amount_paise, 0);
    expect(sum).toBe(run.totals.gross_paise);
    expect(review.by_component.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['BASIC', 'HRA', 'SPECIAL_ALLOWANCE', 'EPF_EE', 'PT', 'TDS']),
    );
    expect(review.by_division.map((d: { division: string }) => d.division).sort()).toEqual([
      'Engineering',
      'Operations',
      'Sales',
    ]);
    expect(review.employees).toHaveLength(60);
    // ACM0008 has no UAN: flagged, and confirm is blocked until someone acknowledges it.
    const uan = review.anomalies.find((a: { kind: string }) => a.kind === 'missing_uan');
    expect(uan.employee_code).toBe('ACM0008');
    expect(run.confirm_blockers.join(' ')).toMatch(/not acknowledged/);
  });

  it("explains every line of an employee's payslip, in words", async () => {
    const priya = await employeeId('employee@acme.test');
    const res = await callAs(t, admin, 'GET', `/api/payrun/${novId}/payslips/${priya}`);
    expect(res.statusCode).toBe(200);
    const slip = res.json().data;
    expect(slip.explanation_warning).toBeNull();
    expect(slip.employee).toMatchObject({ code: 'ACM0003', name: 'Priya Sharma' });
    expect(slip.employee.pan_masked).toMatch(/^X{6}\w{4}$/);
    expect(slip.employee.bank_account_masked).toMatch(/^X{8}\d{4}$/);
    for (const l of slip.lines) expect(l.explain.length).toBeGreaterThan(20);
    const gross = slip.lines
      .filter((l: { kind: string }) => l.kind === 'earning')
      .reduce((n: number, l: { amount_paise: number }) => n + l.amount_paise, 0);
    expect(gross).toBe(slip.gross_paise);
    expect(slip.net_paise).toBe(slip.gross_paise - slip.deductions_paise);
    expect(slip.net_in_words).toMatch(/^Rupees .* Only$/);
    // ₹12 lakh a year: Basic is half of ₹1,00,000 a month, less any loss of pay.
    const basic = slip.lines.find((l: { code: string }) => l.code === 'BASIC');
    expect(basic.explain).toContain(formatInr(50_000_00));
    // Other company: 404; the employee cannot use the admin route.
    expect((await callAs(t, globex, 'GET', `/api/payrun/${novId}/payslips/${priya}`)).statusCode).toBe(404);
    expect((await callAs(t, employee, 'GET', `/api/payrun/${novId}/payslips/${priya}`)).statusCode).toBe(403);
  });

  it('acknowledges anomalies with a reason, then confirms once when two administrators confirm at once', async () => {
    const early = await callAs(t, admin, 'PUT', `/api/payrun/${novId}/confirm`);
    expect(early.statusCode).toBe(409);
    const review = (await callAs(t, admin, 'GET', `/api/payrun/review/${novId}?page=1&records=10`)).json()
      .data;
    const ids = review.anomalies.map((a: { id: string }) => a.id);
    const noReason = await callAs(t, admin, 'PUT', `/api/payrun/${novId}/anomalies/acknowledge`, {
      ids,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const ack = await callAs(t, admin, 'PUT', `/api/payrun/${novId}/anomalies/acknowledge`, {
      ids,
      reason: 'Checked with the employees; UAN to follow',
    });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().data.anomalies.open).toBe(0);
    const after = (await callAs(t, admin, 'GET', `/api/payrun/review/${novId}?page=1&records=10`)).json()
      .data;
    expect(after.anomalies[0]).toMatchObject({
      acknowledged_by: 'Asha Rao',
      reason: 'Checked with the employees; UAN to follow',
    });

    const [a, b] = await Promise.all([
      callAs(t, admin, 'PUT', `/api/payrun/${novId}/confirm`),
      callAs(t, admin, 'PUT', `/api/payrun/${novId}/confirm`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const run = (await callAs(t, admin, 'GET', `/api/payrun/${novId}`)).json().data;
    expect(run).toMatchObject({
      status: 'confirmed',
      confirmed_by: 'Asha Rao',
      abilities: { delete: false },
    });

    // Locked forever: the database refuses a change, the API refuses delete and inputs.
    await expect(t.db.query(`UPDATE payslips SET net_paise = 1 WHERE run_id = $1`, [novId])).rejects.toThrow(
      /confirmed pay run cannot be changed/,
    );
    expect((await callAs(t, admin, 'DELETE', `/api/payrun/${novId}`)).statusCode).toBe(409);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM attendance_lock WHERE ref = $1 AND period_from = '2026-11-01' AND period_to = '2026-11-30'`,
      [`payrun:${novId}`],
    );
    expect(rows[0]!.n).toBe(1);
    const history = (await callAs(t, admin, 'GET', '/api/payrun?status=completed')).json();
    expect(history.meta.totalCount).toBe(1);
  });

  it('makes the bank and statutory files from the confirmed run, naming who each leaves out', async () => {
    const list = await callAs(t, admin, 'GET', `/api/payrun/${novId}/files`);
    expect(list.statusCode).toBe(200);
    const ecrInfo = list.json().data.find((f: { kind: string }) => f.kind === 'epf-ecr');
    expect(ecrInfo.left_out.map((l: { employee_code: string }) => l.employee_code)).toEqual(['ACM0008']);

    const run = (await callAs(t, admin, 'GET', `/api/payrun/${novId}`)).json().data;
    const bank = await callAs(t, admin, 'GET', `/api/payrun/${novId}/files/bank-transfer-csv`);
    expect(bank.statusCode).toBe(200);
    expect(bank.headers['cache-control']).toBe('no-store');
    expect(bank.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const rows = bank.body.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(60);
    // The full account number is in the bank file (and only there), and the amounts add up to the net.
    expect(bank.body).toMatch(/5010\d{8}/);
    const header = bank.body.split(/\r?\n/)[0]!.split(',');
    const amountAt = header.findIndex((h: string) => /amount/i.test(h));
    const total = rows.reduce(
      (n: number, r: string) => n + Math.round(Number(r.split(',')[amountAt]) * 100),
      0,
    );
    expect(total).toBe(run.totals.net_paise);

    // ECR: one `#~#` line per member with a UAN; EPF wages and contributions equal the payslip's lines.
    const ecr = await callAs(t, admin, 'GET', `/api/payrun/${novId}/files/epf-ecr`);
    const lines = ecr.body.split('\n').filter(Boolean);
    expect(lines).toHaveLength(59);
    const priya = await employeeId('employee@acme.test');
    const slip = (await callAs(t, admin, 'GET', `/api/payrun/${novId}/payslips/${priya}`)).json().data;
    const row = lines.find((l: string) => l.includes('Priya'))!.split('#~#');
    expect(row[0]).toBe(slip.employee.uan);
    const epfEe = slip.lines.find((l: { code: string }) => l.code === 'EPF_EE');
    expect(Number(row[3])).toBe(Math.round(epfEe.base_paise / 100));
    expect(Number(row[6])).toBe(Math.round(epfEe.amount_paise / 100));

    // Not before confirm, not for another company, not for the employee.
    expect((await callAs(t, globex, 'GET', `/api/payrun/${novId}/files/epf-ecr`)).statusCode).toBe(404);
    expect((await callAs(t, employee, 'GET', `/api/payrun/${novId}/files/epf-ecr`)).statusCode).toBe(403);
  });
});

describe("the employee's own payslips", () => {
  it('lists her confirmed payslips and explains each line; nobody else may open them', async () => {
    const list = await callAs(t, employee, 'GET', '/api/payslips?page=1&records=10');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.totalCount).toBe(1);
    const mine = list.json().data[0];
    expect(mine).toMatchObject({ month: '2026-11', pay_date: '2026-11-30' });
    const one = await callAs(t, employee, 'GET', `/api/payslips/${mine.id}`);
    expect(one.statusCode).toBe(200);
    const slip = one.json().data;
    expect(slip.net_paise).toBe(mine.net_paise);
    const tds = slip.lines.find((l: { code: string }) => l.code === 'TDS');
    expect(tds.explain).toMatch(/Income tax \(TDS/);
    // The manager (her approver) and another company cannot open it through the employee's route.
    expect((await callAs(t, manager, 'GET', `/api/payslips/${mine.id}`)).statusCode).toBe(404);
    expect((await callAs(t, globex, 'GET', `/api/payslips/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await callAs(t, manager, 'GET', '/api/payslips'))
        .json()
        .data.every((p: { id: string }) => p.id !== mine.id),
    ).toBe(true);
  });
});

describe('December: year to date, arrears of a back-dated revision, the difference from November', () => {
  it('pays the arrears of a revision recorded in December back to November, and flags the net change', async () => {
    t.clock.set(new Date('2026-12-10T06:00:00Z'));
    admin = await t.login('admin@acme.test');
    const vikram = await employeeId('manager@acme.test');
    // A raise from 1 November recorded on 10 December: November was paid on the old salary.
    const comps = await t.db.query<{ id: string; kind: string }>(
      `SELECT id, kind FROM payroll_earnings WHERE company_id = $1`,
      [await t.companyId('Acme Corp')],
    );
    const basic = comps.rows.find((c) => c.kind === 'basic')!.id;
    const special = comps.rows.find((c) => c.kind === 'special_allowance')!.id;
    const rev = await callAs(t, admin, 'PUT', '/api/employee/salary', {
      employee_id: vikram,
      annual_ctc_paise: 45_00_000_00,
      effective_from: '2026-11-01',
      lines: [
        { earning_id: basic, value_type: 'percentage_of_ctc', percent: 50 },
        { earning_id: special, value_type: 'balancing' },
      ],
    });
    expect(rev.statusCode).toBe(200);

    const res = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 12,
      year: 2026,
      pay_date: '2026-12-31',
    });
    expect(res.statusCode).toBe(201);
    const decId = res.json().data.id;
    await takeAttendance(decId);
    expect((await callAs(t, admin, 'POST', `/api/payrun/${decId}/compute`)).statusCode).toBe(200);
    await computed(decId);

    const slip = (await callAs(t, admin, 'GET', `/api/payrun/${decId}/payslips/${vikram}`)).json().data;
    const arrears = slip.lines.filter((l: { code: string }) => l.code.startsWith('ARR_'));
    expect(arrears.map((l: { code: string }) => l.code)).toContain('ARR_BASIC');
    const arrBasic = arrears.find((l: { code: string }) => l.code === 'ARR_BASIC');
    expect(arrBasic.explain).toContain('Nov 2026');
    // Basic was 50% of ₹2,50,000 a month; now 50% of ₹3,75,000: ₹62,500 more for November,
    // less November's loss of pay in proportion.
    const nov = (await callAs(t, admin, 'GET', `/api/payrun/${novId}/payslips/${vikram}`)).json().data;
    const novBasic = nov.lines.find((l: { code: string }) => l.code === 'BASIC').amount_paise;
    expect(arrBasic.amount_paise).toBe(Math.round((novBasic * 3) / 2) - novBasic);
    // The previous figure shows beside each line; the year to date carries November.
    expect(slip.lines.find((l: { code: string }) => l.code === 'BASIC').previous_paise).toBe(novBasic);
    expect(slip.ytd.months).toBe(2);
    expect(slip.ytd.gross_paise).toBe(nov.ytd.gross_paise + slip.gross_paise);

    const review = (
      await callAs(t, admin, 'GET', `/api/payrun/review/${decId}?only=anomalies&page=1&records=50`)
    ).json().data;
    expect(review.previous_run).toMatchObject({ id: novId, month: '2026-11' });
    const change = review.anomalies.find(
      (a: { kind: string; employee_id: string }) => a.kind === 'net_change' && a.employee_id === vikram,
    );
    expect(change.message).toMatch(/rose by \d+% from ₹/);
    const basicTotal = review.by_component.find((c: { code: string }) => c.code === 'BASIC');
    expect(basicTotal.previous_paise).toBeGreaterThan(0);
    expect(basicTotal.difference_paise).toBe(basicTotal.amount_paise - basicTotal.previous_paise);
    expect(review.employees.some((e: { employee_id: string }) => e.employee_id === vikram)).toBe(true);
  });
});
