import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import {
  buildTestApp,
  callAs,
  demoSessions,
  eventually,
  type Session,
  type TestApp,
} from '../../test/helper';
import { acknowledgeOpen } from '../../test/payrun-steps';
import { computeChunk, prepareRun } from './compute';
import { computeRun } from './jobs';

/**
 * Faults and races of the pay run (issue 22), on PGlite and (TEST_DB=pg) on PostgreSQL, where the
 * requests of a Promise.all really run at once: two confirms of one run, one sheet uploaded twice at
 * once, a salary revised while the run computes, and maker-checker.
 */
let t: TestApp;
let admin: Session;
let admin2: Session;
let acme: string;
let nov = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  ({ admin } = await demoSessions(t));
  acme = await t.companyId('Acme Corp');
  const { rows } = await t.db.query<{ id: string; employee_code: string }>(
    'SELECT id, employee_code FROM employees WHERE company_id = $1',
    [acme],
  );
  for (const r of rows) ids[r.employee_code] = r.id;
  // A second administrator of Acme (the admin's role, signed in on another employee).
  await t.db.query(
    `INSERT INTO users (company_id, email, password_hash, role_id, employee_id)
     SELECT u.company_id, 'admin2@acme.test', u.password_hash, u.role_id, $1
       FROM users u WHERE u.email = 'admin@acme.test'`,
    [ids.ACM0010],
  );
  admin2 = await t.login('admin2@acme.test');
});
afterAll(() => t.close());

const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const runOf = async (id: string) => (await callAs(t, admin, 'GET', `/api/payrun/${id}`)).json().data;

function multipart(fileName: string, data: Buffer) {
  const boundary = `----fault${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const upload = (url: string, fileName: string, data: Buffer) => {
  const body = multipart(fileName, data);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...admin.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const csv = (rows: (string | number)[][]) => Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);

async function computedRun(id: string) {
  const ok = await eventually(async () => (await runOf(id)).status === 'computed', 60_000);
  expect(ok).toBe(true);
  return runOf(id);
}

const acknowledgeAll = (id: string) => acknowledgeOpen(t, admin, id, 'Checked for the fault tests');

async function revise(employeeId: string, annualCtcPaise: number, effectiveFrom: string) {
  const comps = await t.db.query<{ id: string; kind: string }>(
    'SELECT id, kind FROM payroll_earnings WHERE company_id = $1',
    [acme],
  );
  const res = await callAs(t, admin, 'PUT', '/api/employee/salary', {
    employee_id: employeeId,
    annual_ctc_paise: annualCtcPaise,
    effective_from: effectiveFrom,
    lines: [
      {
        earning_id: comps.rows.find((c) => c.kind === 'basic')!.id,
        value_type: 'percentage_of_ctc',
        percent: 50,
      },
      { earning_id: comps.rows.find((c) => c.kind === 'special_allowance')!.id, value_type: 'balancing' },
    ],
  });
  expect(res.statusCode).toBe(200);
  const { rows } = await t.db.query<{ id: string }>(
    'SELECT id FROM employee_salaries WHERE employee_id = $1 AND effective_from = $2',
    [employeeId, effectiveFrom],
  );
  return rows[0]!.id;
}

describe('November', () => {
  it('creates the run', async () => {
    const res = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 11,
      year: 2026,
      pay_date: '2026-11-30',
    });
    expect(res.statusCode).toBe(201);
    nov = res.json().data.id;
  });

  it('the attendance and one-time payout sheets, each uploaded twice at once, are stored once', async () => {
    const att = csv([
      [
        'Employee code',
        'Employee name',
        'System LOP days',
        'LOP days',
        'LOP reversal days',
        'LOP reversal month',
      ],
      ['ACM0004', '', '', 2, '', ''],
    ]);
    const ot = csv([
      ['Employee code', 'Employee name', 'Type', 'Description', 'Amount (₹)'],
      ['ACM0005', '', 'Bonus', 'Diwali bonus', 1000],
      ['ACM0006', '', 'Incentive', 'Q3 incentive', 750],
    ]);
    const all = await Promise.all([
      upload(`/api/payrun/upload-attendance/${nov}`, 'att.csv', att),
      upload(`/api/payrun/upload-onetimepayout/${nov}`, 'ot.csv', ot),
      upload(`/api/payrun/upload-attendance/${nov}`, 'att.csv', att),
      upload(`/api/payrun/upload-onetimepayout/${nov}`, 'ot.csv', ot),
    ]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(all.map((r) => r.json().message).sort()).toEqual([
      'Attendance sheet already uploaded: nothing changed',
      'Attendance sheet uploaded: 1 row',
      'One-time payout sheet already uploaded: nothing changed',
      'One-time payout sheet uploaded: 2 rows',
    ]);
    for (const kind of ['payrun_attendance', 'payrun_onetime']) {
      expect(
        await count(
          `SELECT count(*)::int AS n FROM sheet_imports WHERE run_id = $1 AND kind = $2 AND status = 'committed'`,
          [nov, kind],
        ),
      ).toBe(1);
      expect(
        await count(`SELECT count(*)::int AS n FROM sheet_imports WHERE run_id = $1 AND kind = $2`, [
          nov,
          kind,
        ]),
      ).toBe(1);
    }
    const { rows: items } = await t.db.query<{ employee_id: string; code: string; amount: string }>(
      `SELECT employee_id, code, amount_paise::text AS amount FROM pay_run_items
        WHERE run_id = $1 AND source = 'sheet' ORDER BY code`,
      [nov],
    );
    expect(items).toEqual([
      { employee_id: ids.ACM0005, code: 'SHEET_BONUS', amount: '100000' },
      { employee_id: ids.ACM0006, code: 'SHEET_INCENTIVE', amount: '75000' },
    ]);

    // Confirming the attendance twice at once takes one row per employee, the sheet's where it has one.
    const confirms = await Promise.all([
      callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${nov}`),
      callAs(t, admin2, 'POST', `/api/payrun/confirm-attendance/${nov}`),
    ]);
    expect(confirms.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(confirms.map((r) => r.json().message).sort()).toEqual([
      'Attendance confirmed',
      'Attendance was already confirmed',
    ]);
    const { rows: att4 } = await t.db.query<{ lop: string; n: number }>(
      `SELECT max(lop_days)::text AS lop, count(*)::int AS n FROM pay_run_attendance WHERE run_id = $1 AND employee_id = $2`,
      [nov, ids.ACM0004],
    );
    expect(att4[0]).toEqual({ lop: '2.00', n: 1 });
    expect(
      await count(
        'SELECT count(*)::int AS n FROM (SELECT employee_id FROM pay_run_attendance WHERE run_id = $1 GROUP BY employee_id HAVING count(*) > 1) d',
        [nov],
      ),
    ).toBe(0);
  });

  it('a salary revised while the run computes: each payslip uses the version the run took, and names it', async () => {
    const vikram = ids.ACM0002!; // the manager
    const ravi = ids.ACM0007!;
    // Vikram's raise from 20 November was recorded before the run: the month is split 19 + 11 days.
    const raise = await revise(vikram, 30_00_000_00, '2026-11-20');
    const before = await t.db.query<{ id: string }>(
      `SELECT id FROM employee_salaries WHERE employee_id = $1 AND effective_from = '2025-04-01'`,
      [ravi],
    );
    const raviOld = before.rows[0]!.id;

    // Prepared as POST compute does, then computed chunk by chunk so that the revision lands in
    // between: the chunks before Vikram's and Ravi's payslips, the revisions, then the rest.
    const { rows: u } = await t.db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'admin@acme.test'",
    );
    const user = u[0]!.id;
    // Chunks of one, so that the payslips before theirs are computed before the revisions land.
    const n = await t.db.tenant(acme, (tx) => prepareRun(tx, acme, nov, '2026-11', user, undefined, 1));
    expect(n).toBeGreaterThan(50);
    const chunks = (
      await t.db.query<{ seq: number; ids: string[] }>(
        `SELECT seq, ARRAY(SELECT e->>'employee_id' FROM jsonb_array_elements(employees) e) AS ids
           FROM pay_run_chunks WHERE run_id = $1 ORDER BY seq`,
        [nov],
      )
    ).rows;
    expect(chunks.reduce((sum, c) => sum + c.ids.length, 0)).toBe(n);
    const first = chunks.findIndex((c) => c.ids.includes(vikram) || c.ids.includes(ravi));
    expect(first).toBeGreaterThan(0);
    for (let i = 0; i < first; i++) expect(await computeChunk(t.db, acme, nov)).toBe(chunks[i]!.ids.length);
    const slipOf = async (employeeId: string) =>
      (
        await t.db.query<{ status: string; salary_id: string; notes: string[] }>(
          'SELECT status, salary_id, notes FROM payslips WHERE run_id = $1 AND employee_id = $2',
          [nov, employeeId],
        )
      ).rows[0];
    // Not computed yet: no payslip, and the run counts them among its employees.
    expect(await slipOf(vikram)).toBeUndefined();
    expect(await slipOf(ravi)).toBeUndefined();
    const midway = (await callAs(t, admin, 'GET', `/api/payrun/${nov}`)).json().data;
    expect(midway.progress).toMatchObject({
      employees: n,
      computed: chunks.slice(0, first).reduce((s, c) => s + c.ids.length, 0),
    });

    // While computing: a revision of Vikram from 10 November (inside his split month) and one of
    // Ravi from 25 November. Neither is part of this computation.
    const between = await revise(vikram, 90_00_000_00, '2026-11-10');
    const raviNew = await revise(ravi, 40_00_000_00, '2026-11-25');
    await computeRun(t.db, acme, nov);
    const run = await computedRun(nov);
    expect(run.progress).toMatchObject({ computed: n, failed: 0 });

    const v = (await slipOf(vikram))!;
    expect(v.salary_id).toBe(raise);
    expect(v.notes.join(' ')).toContain(
      'Salary revised within the month: 19 day(s) at the salary effective 2025-04-01, 11 day(s) at the salary effective 2026-11-20',
    );
    expect(v.notes.join(' ')).not.toContain('2026-11-10');
    const r = (await slipOf(ravi))!;
    expect(r.salary_id).toBe(raviOld);
    expect(r.notes.join(' ')).not.toContain('Salary revised');
    // The payslip view names the version.
    const view = (await callAs(t, admin, 'GET', `/api/payrun/${nov}/payslips/${vikram}`)).json().data;
    expect(view.salary).toMatchObject({ id: raise, effective_from: '2026-11-20' });

    // Computed again (back to draft first): the new versions are taken.
    const again = await callAs(t, admin, 'POST', `/api/payrun/${nov}/compute`);
    expect(again.statusCode).toBe(200);
    await computedRun(nov);
    const v2 = (await slipOf(vikram))!;
    expect(v2.salary_id).toBe(raise);
    expect(v2.notes.join(' ')).toContain(
      '9 day(s) at the salary effective 2025-04-01, 10 day(s) at the salary effective 2026-11-10, 11 day(s) at the salary effective 2026-11-20',
    );
    expect(between).not.toBe(raise);
    const r2 = (await slipOf(ravi))!;
    expect(r2.salary_id).toBe(raviNew);
    const view2 = (await callAs(t, admin, 'GET', `/api/payrun/${nov}/payslips/${ravi}`)).json().data;
    expect(view2.salary).toMatchObject({ id: raviNew, effective_from: '2026-11-25' });
  });

  it('maker-checker on: the administrator who computed cannot confirm, another can (once, even at once)', async () => {
    // An approved reimbursement of November, paid with the run.
    const { rows: cat } = await t.db.query<{ id: string }>(
      `INSERT INTO expense_categories (company_id, code, name) VALUES ($1, 'fault_travel', 'Travel') RETURNING id`,
      [acme],
    );
    const { rows: claim } = await t.db.query<{ id: string }>(
      `INSERT INTO expenses (company_id, employee_id, category_id, expense_date, amount_paise, description, status, decided_at)
       VALUES ($1, $2, $3, '2026-11-05', 123400, 'Client visit', 'approved', now()) RETURNING id`,
      [acme, ids.ACM0008, cat[0]!.id],
    );
    const claimId = claim[0]!.id;
    expect((await callAs(t, admin, 'PUT', '/api/payrun/settings', { maker_checker: true })).statusCode).toBe(
      200,
    );
    // Computed by admin (the reimbursement is taken as an item of the run).
    expect((await callAs(t, admin, 'POST', `/api/payrun/${nov}/compute`)).statusCode).toBe(200);
    await computedRun(nov);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM pay_run_items WHERE run_id = $1 AND source = 'reimbursement' AND ref_id = $2`,
        [nov, claimId],
      ),
    ).toBe(1);
    await acknowledgeAll(nov);

    const mine = await callAs(t, admin, 'PUT', `/api/payrun/${nov}/confirm`);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toMatch(/administrator who computed the run cannot confirm it/);
    expect((await runOf(nov)).status).toBe('computed');

    const all = await Promise.all([
      callAs(t, admin2, 'PUT', `/api/payrun/${nov}/confirm`),
      callAs(t, admin, 'PUT', `/api/payrun/${nov}/confirm`),
      callAs(t, admin2, 'PUT', `/api/payrun/${nov}/confirm`),
    ]);
    const codes = all.map((r) => r.statusCode);
    // The maker is refused (403), or finds the run already confirmed by the checker (409).
    expect([403, 409]).toContain(codes[1]);
    expect([codes[0], codes[2]].sort()).toEqual([200, 409]);
    const lost = all[codes[0] === 409 ? 0 : 2]!;
    expect(lost.json().message).toBe('The Nov 2026 run is already confirmed');
    expect((await runOf(nov)).status).toBe('confirmed');

    // Attendance locked once, the reimbursement paid once, one confirmation in the audit log.
    expect(
      await count('SELECT count(*)::int AS n FROM attendance_lock WHERE ref = $1', [`payrun:${nov}`]),
    ).toBe(1);
    const { rows: paid } = await t.db.query<{
      status: string;
      payout_reference: string;
      payout_mode: string;
    }>('SELECT status, payout_reference, payout_mode FROM expenses WHERE id = $1', [claimId]);
    expect(paid[0]).toEqual({ status: 'paid', payout_reference: 'Pay run Nov 2026', payout_mode: 'payroll' });
    expect(
      await count(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payrun.confirmed' AND entity_id = $1`,
        [nov],
      ),
    ).toBe(1);
  });
});

describe('December', () => {
  it('maker-checker off: the administrator who computed confirms; twice at once confirms once, pays nothing twice', async () => {
    t.clock.set(new Date('2026-12-20T06:00:00Z'));
    admin = await t.login('admin@acme.test');
    expect((await callAs(t, admin, 'PUT', '/api/payrun/settings', { maker_checker: false })).statusCode).toBe(
      200,
    );
    const res = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 12,
      year: 2026,
      pay_date: '2026-12-31',
    });
    expect(res.statusCode).toBe(201);
    const dec = res.json().data.id;
    expect((await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${dec}`)).statusCode).toBe(200);
    expect((await callAs(t, admin, 'POST', `/api/payrun/${dec}/compute`)).statusCode).toBe(200);
    await computedRun(dec);
    // November's reimbursement was paid in November: not an item of December.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM pay_run_items WHERE run_id = $1 AND source = 'reimbursement'`,
        [dec],
      ),
    ).toBe(0);
    await acknowledgeAll(dec);

    const [a, b] = await Promise.all([
      callAs(t, admin, 'PUT', `/api/payrun/${dec}/confirm`),
      callAs(t, admin, 'PUT', `/api/payrun/${dec}/confirm`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(
      'The Dec 2026 run is already confirmed',
    );
    expect(await runOf(dec)).toMatchObject({ status: 'confirmed', confirmed_by: 'Asha Rao' });
    expect(
      await count('SELECT count(*)::int AS n FROM attendance_lock WHERE ref = $1', [`payrun:${dec}`]),
    ).toBe(1);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payrun.confirmed' AND entity_id = $1`,
        [dec],
      ),
    ).toBe(1);
    // Every payslip confirmed once; the year to date counts two months (nothing doubled).
    const { rows } = await t.db.query<{ months: number }>(
      `SELECT DISTINCT (ytd->>'monthsPaid')::int AS months FROM payslips WHERE run_id = $1 AND employee_id = $2`,
      [dec, ids.ACM0002],
    );
    expect(rows).toEqual([{ months: 2 }]);
  });
});
