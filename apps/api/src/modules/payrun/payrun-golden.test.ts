import ExcelJS from 'exceljs';
import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';
import { confirmReviewed, waitComputed } from '../../test/payrun-steps';

/**
 * The golden pay run (issue 22): Globex Ltd's six people in November 2026, worked by hand first in
 * docs/payroll-golden-case.md, then run through the real API on the real database. A joiner, a
 * leaver with leave encashed, two days of unpaid leave, a penalty day of loss of pay, arrears of a
 * raise back-dated to October, a reimbursement, a bonus and a TDS override. Every payslip line in
 * paise, and every row of the bank CSV, the ECR, the ESI file and the PT summary.
 */
let t: TestApp;
let admin: Session;
let company: string;
const id: Record<string, string> = {};
let octId = '';
let novId = '';

/** The multipart body of one uploaded file (the sheets' routes take `file`). */
function multipart(fileName: string, data: Buffer) {
  const boundary = `----golden${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
function upload(url: string, rows: (string | number)[][]) {
  const body = multipart('sheet.csv', Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`));
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...admin.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function salary(code: string, method: 'POST' | 'PUT', ctcRupees: number, from: string) {
  const comps = await t.db.query<{ id: string; kind: string }>(
    'SELECT id, kind FROM payroll_earnings WHERE company_id = $1',
    [company],
  );
  const of = (k: string) => comps.rows.find((c) => c.kind === k)!.id;
  const res = await callAs(t, admin, method, '/api/employee/salary', {
    employee_id: id[code],
    annual_ctc_paise: ctcRupees * 100,
    effective_from: from,
    lines: [
      { earning_id: of('basic'), value_type: 'percentage_of_ctc', percent: 50 },
      { earning_id: of('hra'), value_type: 'percentage_of_basic', percent: 40 },
      { earning_id: of('special_allowance'), value_type: 'balancing' },
    ],
  });
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
}

/** Creates a run, takes the attendance (system figures, and the sheet's rows), computes it. */
async function runMonth(month: number, attendanceRows: (string | number)[][]) {
  const res = await callAs(t, admin, 'POST', '/api/payrun', {
    month,
    year: 2026,
    pay_date: `2026-${month}-${month === 10 ? 31 : 30}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const runId = res.json().data.id as string;
  if (attendanceRows.length > 0) {
    const up = await upload(`/api/payrun/upload-attendance/${runId}`, [
      [
        'Employee code',
        'Employee name',
        'System LOP days',
        'LOP days',
        'LOP reversal days',
        'LOP reversal month',
      ],
      ...attendanceRows,
    ]);
    expect(up.statusCode, up.body).toBe(200);
  }
  return runId;
}

async function compute(runId: string) {
  const conf = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${runId}`);
  expect(conf.statusCode, conf.body).toBe(200);
  const start = await callAs(t, admin, 'POST', `/api/payrun/${runId}/compute`);
  expect(start.statusCode, start.body).toBe(200);
  await waitComputed(t, admin, runId);
}

const confirm = (runId: string) => confirmReviewed(t, admin, runId, 'Checked by hand for the golden case');

type Line = { code: string; kind: string; base_paise: number | null; amount_paise: number };
type Slip = { gross_paise: number; deductions_paise: number; net_paise: number; lines: Line[] };
async function slipOf(runId: string, code: string): Promise<Slip> {
  const res = await callAs(t, admin, 'GET', `/api/payrun/${runId}/payslips/${id[code]}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** code → amount of every line that is not an information line, and bases where a test needs them. */
const amounts = (s: Slip) =>
  Object.fromEntries(s.lines.filter((l) => l.kind !== 'info').map((l) => [l.code, l.amount_paise]));
const baseOf = (s: Slip, code: string) => s.lines.find((l) => l.code === code)?.base_paise;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-10-05T06:00:00Z'));
  admin = await t.login('admin@globex.test');
  company = await t.companyId('Globex Ltd');

  // The joiner of 17 November (no API call makes an employee with every payroll fact in one go;
  // the facts come from the demo's payroll seed below, as for the other five).
  await t.db.query(
    `INSERT INTO employees (company_id, employee_code, first_name, last_name, email, designation, date_of_joining,
       gender, division_unit_id)
     VALUES ($1, 'GLX0006', 'Moe', 'Szyslak', 'moe.szyslak@globex.test', 'Associate', '2026-11-17', 'male',
       (SELECT id FROM division_units WHERE company_id = $1 ORDER BY name LIMIT 1))`,
    [company],
  );
  const { rows } = await t.db.query<{ id: string; employee_code: string }>(
    'SELECT id, employee_code FROM employees WHERE company_id = $1',
    [company],
  );
  for (const r of rows) id[r.employee_code] = r.id;

  // Employer PF and ESI outside the CTC: the special allowance is then CTC ÷ 12 − Basic − HRA.
  expect(
    (await callAs(t, admin, 'PUT', '/api/statutory-component/epf/update', { employer_in_ctc: false }))
      .statusCode,
  ).toBe(200);
  expect(
    (await callAs(t, admin, 'PUT', '/api/statutory-component/esi/update', { employer_in_ctc: false }))
      .statusCode,
  ).toBe(200);

  await salary('GLX0001', 'POST', 24_00_000, '2025-04-01');
  await salary('GLX0002', 'POST', 6_00_000, '2025-04-01');
  await salary('GLX0003', 'POST', 4_80_000, '2025-04-01');
  await salary('GLX0004', 'POST', 2_16_000, '2025-04-01');
  await salary('GLX0005', 'POST', 3_60_000, '2025-04-01');
  await salary('GLX0006', 'POST', 7_20_000, '2026-11-17');
  // Date of birth, PAN, UAN, bank account of each (the demo's payroll facts); then this case's own:
  // everyone works in Karnataka on the new regime; Lenny (under ESI's ceiling) has an IP number.
  await seedPayrollPeople(t.db, t.config.dataKey, 'Globex Ltd', t.clock);
  await t.db.query(
    `UPDATE employees SET pt_state = 'Karnataka', tax_regime = 'new', esi_number = NULL WHERE company_id = $1`,
    [company],
  );
  await t.db.query(`UPDATE employees SET esi_number = '3100001234' WHERE id = $1`, [id.GLX0004]);
});
afterAll(() => t.close());

describe('October 2026: the month before, confirmed', () => {
  it('pays the five on their salaries of April 2025', async () => {
    octId = await runMonth(10, []);
    await compute(octId);
    // Carl on his first salary: Basic ₹15,000, at the ceiling of his joining (2019), so in EPS.
    const carl = await slipOf(octId, 'GLX0005');
    expect(amounts(carl)).toMatchObject({
      BASIC: 15_000_00,
      HRA: 6_000_00,
      SPECIAL_ALLOWANCE: 9_000_00,
      EPF_EE: 1_800_00,
      EPS_ER: 1_250_00,
      EPF_ER: 550_00,
    });
    await confirm(octId);
  });
});

describe('November 2026: the golden month', () => {
  it("sets up the month through the modules and the run's sheets, and computes it", async () => {
    t.clock.set(new Date('2026-11-10T06:00:00Z'));
    admin = await t.login('admin@globex.test');
    // Carl's raise, back-dated to 1 October (paid on the old salary): arrears of October.
    await salary('GLX0005', 'PUT', 4_20_000, '2026-10-01');
    // Frank leaves on 20 November.
    await t.db.query(`UPDATE employees SET exit_date = '2026-11-20', status = 'exited' WHERE id = $1`, [
      id.GLX0002,
    ]);
    // Mindy's two days of approved unpaid leave (11 and 12 November), as the leave module keeps them.
    const lwp = await t.db.query<{ id: string }>(
      `INSERT INTO leave_types (company_id, name, code, paid) VALUES ($1, 'Leave without pay', 'LWP', false) RETURNING id`,
      [company],
    );
    await t.db.query(
      `INSERT INTO leave_requests (company_id, employee_id, leave_type_id, from_date, to_date, days, total, status)
       VALUES ($1, $2, $3, '2026-11-11', '2026-11-12', $4, 2, 'approved')`,
      [
        company,
        id.GLX0003,
        lwp.rows[0]!.id,
        JSON.stringify([
          { date: '2026-11-11', amount: 1 },
          { date: '2026-11-12', amount: 1 },
        ]),
      ],
    );
    // Frank encashes 5 days of earned leave on his way out (the ledger's encashment debit).
    const el = await t.db.query<{ id: string }>(
      `INSERT INTO leave_types (company_id, name, code, paid) VALUES ($1, 'Earned leave', 'EL', true) RETURNING id`,
      [company],
    );
    await t.db.query(
      `INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason)
       VALUES ($1, $2, $3, '2026-04-01', 'opening', 12, 'Opening balance'),
              ($1, $2, $3, '2026-11-20', 'encashment', -5, 'Encashed at exit')`,
      [company, id.GLX0002, el.rows[0]!.id],
    );
    // Mindy's approved claim of ₹2,345 for a client visit, paid with salary.
    const cat = await t.db.query<{ id: string }>(
      `INSERT INTO expense_categories (company_id, code, name) VALUES ($1, 'travel', 'Travel') RETURNING id`,
      [company],
    );
    await t.db.query(
      `INSERT INTO expenses (company_id, employee_id, category_id, expense_date, amount_paise, status)
       VALUES ($1, $2, $3, '2026-11-05', 234500, 'approved')`,
      [company, id.GLX0003, cat.rows[0]!.id],
    );
    // Lenny's penalty day: six late marks (in at 10:00 on a 09:30 shift with 15 minutes' grace) under
    // the default attendance policy, every 3 late marks = half a day, through the punch upload.
    const lateDays = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-09'];
    const punches = await upload('/api/attendance/punches/upload', [
      ['employee_code', 'timestamp', 'direction', 'source'],
      ...lateDays.flatMap((d) => [
        ['GLX0004', `${d} 10:00`, 'in', ''],
        ['GLX0004', `${d} 19:00`, 'out', ''],
      ]),
      // Saturday the 7th is a working day (2nd and 4th Saturdays are off): on time, not absent.
      ['GLX0004', '2026-11-07 09:30', 'in', ''],
      ['GLX0004', '2026-11-07 18:30', 'out', ''],
    ]);
    expect(punches.statusCode, punches.body).toBe(200);
    novId = await runMonth(11, []);
    const bonus = await upload(`/api/payrun/upload-onetimepayout/${novId}`, [
      ['Employee code', 'Employee name', 'Type', 'Description', 'Amount (₹)'],
      ['GLX0001', 'Hank Scorpio', 'Bonus', 'Diwali bonus', 50000],
    ]);
    expect(bonus.statusCode, bonus.body).toBe(200);
    const tds = await upload(`/api/payrun/upload-tds/${novId}`, [
      ['Employee code', 'Employee name', 'TDS for the month (₹)', 'Reason'],
      ['GLX0001', 'Hank Scorpio', 30000, 'Bonus month: tax on the bonus taken now'],
    ]);
    expect(tds.statusCode, tds.body).toBe(200);
    // Before compute the run lists what it will add by itself, each line named and explained
    // (the sheet's bonus is not among them); once computed, the same lines as taken.
    const automatic = async () => {
      const res = await callAs(t, admin, 'GET', `/api/payrun/${novId}/automatic-items`);
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data as {
        taken: boolean;
        items: { employee_code: string; source: string; amount_paise: number; explain: string }[];
      };
      for (const i of d.items) expect(i.explain.length, i.employee_code).toBeGreaterThan(10);
      return { taken: d.taken, items: d.items.map((i) => [i.employee_code, i.source, i.amount_paise]) };
    };
    const planned = [
      ['GLX0002', 'encashment', 4_166_67],
      ['GLX0003', 'reimbursement', 2_345_00],
      ['GLX0005', 'arrears', 2_500_00],
      ['GLX0005', 'arrears', 1_000_00],
      ['GLX0005', 'arrears', 1_500_00],
    ];
    const before = await automatic();
    expect(before.taken).toBe(false);
    expect([...before.items].sort()).toEqual([...planned].sort());
    await compute(novId);
    const after = await automatic();
    expect(after.taken).toBe(true);
    expect([...after.items].sort()).toEqual([...planned].sort());
    // The system's attendance of the run: Mindy's leave and Lenny's penalty, nothing else.
    const att = await t.db.query<{ employee_id: string; lop_days: string; detail: Record<string, number> }>(
      'SELECT employee_id, lop_days::text, detail FROM pay_run_attendance WHERE run_id = $1',
      [novId],
    );
    const lop = Object.fromEntries(
      att.rows.map((r) => [
        Object.keys(id).find((k) => id[k] === r.employee_id),
        [Number(r.lop_days), r.detail.leave_lop_days, r.detail.penalty_lop_days, r.detail.absent_lop_days],
      ]),
    );
    expect(lop).toEqual({
      GLX0001: [0, 0, 0, 0],
      GLX0002: [0, 0, 0, 0],
      GLX0003: [2, 2, 0, 0],
      GLX0004: [1, 0, 1, 0],
      GLX0005: [0, 0, 0, 0],
      GLX0006: [0, 0, 0, 0],
    });
  });

  // Every line of every payslip, in paise, as worked in docs/payroll-golden-case.md.
  const expected: Record<
    string,
    { lines: Record<string, number>; gross: number; deductions: number; net: number }
  > = {
    // Hank: full month, Diwali bonus, TDS overridden; not in EPS (joined 2019 on Basic ₹1,00,000).
    GLX0001: {
      lines: {
        BASIC: 1_00_000_00,
        HRA: 40_000_00,
        SPECIAL_ALLOWANCE: 60_000_00,
        SHEET_BONUS: 50_000_00,
        EPF_EE: 3_000_00,
        EPF_ER: 3_000_00,
        EPS_ER: 0,
        EDLI_ER: 125_00,
        EPF_ADMIN: 125_00,
        PT: 200_00,
        TDS: 30_000_00,
      },
      gross: 2_50_000_00,
      deductions: 33_200_00,
      net: 2_16_800_00,
    },
    // Frank: leaves on the 20th (20/30), encashes 5 days at Basic ÷ 30.
    GLX0002: {
      lines: {
        BASIC: 16_666_67,
        HRA: 6_666_67,
        SPECIAL_ALLOWANCE: 10_000_00,
        ENCASH_EL: 4_166_67,
        EPF_EE: 2_000_00,
        EPF_ER: 2_000_00,
        EPS_ER: 0,
        EDLI_ER: 83_00,
        EPF_ADMIN: 83_00,
        PT: 200_00,
        TDS: 0,
      },
      gross: 37_500_01,
      deductions: 2_200_00,
      net: 35_300_01,
    },
    // Mindy: two days of unpaid leave (28/30) and a reimbursement outside every wage.
    GLX0003: {
      lines: {
        BASIC: 18_666_67,
        HRA: 7_466_67,
        SPECIAL_ALLOWANCE: 11_200_00,
        REIMB: 2_345_00,
        EPF_EE: 2_240_00,
        EPF_ER: 2_240_00,
        EPS_ER: 0,
        EDLI_ER: 93_00,
        EPF_ADMIN: 93_00,
        PT: 200_00,
        TDS: 0,
      },
      gross: 39_678_34,
      deductions: 2_440_00,
      net: 37_238_34,
    },
    // Lenny: one penalty day (29/30); in EPS and under ESI; below Karnataka's PT slab.
    GLX0004: {
      lines: {
        BASIC: 8_700_00,
        HRA: 3_480_00,
        SPECIAL_ALLOWANCE: 5_220_00,
        EPF_EE: 1_044_00,
        EPF_ER: 319_00,
        EPS_ER: 725_00,
        EDLI_ER: 44_00,
        EPF_ADMIN: 44_00,
        ESI_EE: 131_00,
        ESI_ER: 566_00,
        PT: 0,
        TDS: 0,
      },
      gross: 17_400_00,
      deductions: 1_175_00,
      net: 16_225_00,
    },
    // Carl: the raise of 1 October paid from November, October's difference as arrears; in EPS
    // since joining (first salary Basic ₹15,000), so the raise does not take him out.
    GLX0005: {
      lines: {
        BASIC: 17_500_00,
        HRA: 7_000_00,
        SPECIAL_ALLOWANCE: 10_500_00,
        ARR_BASIC: 2_500_00,
        ARR_HRA: 1_000_00,
        ARR_SPECIAL_ALLOWANCE: 1_500_00,
        EPF_EE: 2_400_00,
        EPF_ER: 734_00,
        EPS_ER: 1_666_00,
        EDLI_ER: 100_00,
        EPF_ADMIN: 100_00,
        PT: 200_00,
        TDS: 0,
      },
      gross: 40_000_00,
      deductions: 2_600_00,
      net: 37_400_00,
    },
    // Moe: joins on the 17th (14/30) on Basic ₹30,000, above the ₹25,000 ceiling: not in EPS.
    GLX0006: {
      lines: {
        BASIC: 14_000_00,
        HRA: 5_600_00,
        SPECIAL_ALLOWANCE: 8_400_00,
        EPF_EE: 1_680_00,
        EPF_ER: 1_680_00,
        EPS_ER: 0,
        EDLI_ER: 70_00,
        EPF_ADMIN: 70_00,
        PT: 200_00,
        TDS: 0,
      },
      gross: 28_000_00,
      deductions: 1_880_00,
      net: 26_120_00,
    },
  };
  // The bases the files read: EPF wage, EPS wage, EDLI wage, ESI wage, the salary PT is read on.
  const bases: Record<string, Record<string, number>> = {
    GLX0001: { EPF_EE: 25_000_00, EPS_ER: 25_000_00, EDLI_ER: 25_000_00, PT: 2_50_000_00 },
    GLX0002: { EPF_EE: 16_666_67, EPS_ER: 16_666_67, EDLI_ER: 16_666_67, PT: 37_500_01 },
    GLX0003: { EPF_EE: 18_666_67, EPS_ER: 18_666_67, EDLI_ER: 18_666_67, PT: 37_333_34 },
    GLX0004: { EPF_EE: 8_700_00, EPS_ER: 8_700_00, EDLI_ER: 8_700_00, ESI_EE: 17_400_00, PT: 17_400_00 },
    GLX0005: { EPF_EE: 20_000_00, EPS_ER: 20_000_00, EDLI_ER: 20_000_00, PT: 40_000_00 },
    GLX0006: { EPF_EE: 14_000_00, EPS_ER: 14_000_00, EDLI_ER: 14_000_00, PT: 28_000_00 },
  };

  for (const code of Object.keys(expected)) {
    it(`${code}: every line, gross, deductions and net`, async () => {
      const s = await slipOf(novId, code);
      const got = Object.fromEntries(
        Object.entries(amounts(s)).map(([k, v]) => [k.startsWith('REIMB_') ? 'REIMB' : k, v]),
      );
      const e = expected[code]!;
      expect(got).toEqual(e.lines);
      expect({ gross: s.gross_paise, deductions: s.deductions_paise, net: s.net_paise }).toEqual({
        gross: e.gross,
        deductions: e.deductions,
        net: e.net,
      });
      for (const [line, base] of Object.entries(bases[code]!))
        expect([line, baseOf(s, line)]).toEqual([line, base]);
    });
  }

  it('confirms, and the run totals are the sum of the six', async () => {
    await confirm(novId);
    const run = (await callAs(t, admin, 'GET', `/api/payrun/${novId}`)).json().data;
    const all = Object.values(expected);
    expect(run.status).toBe('confirmed');
    expect(run.totals).toMatchObject({
      employees: 6,
      gross_paise: all.reduce((n, e) => n + e.gross, 0),
      deductions_paise: all.reduce((n, e) => n + e.deductions, 0),
      net_paise: all.reduce((n, e) => n + e.net, 0),
    });
  });
});

/** Cells of a CSV the files write (BOM, CRLF, RFC 4180 quotes; no cell here holds a comma). */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((r) => r.split(',').map((c) => c.replace(/^"|"$/g, '')));

describe('November 2026: every row of the files', () => {
  it('bank transfer CSV: one credit per employee, the net pay to the paisa', async () => {
    const res = await callAs(t, admin, 'GET', `/api/payrun/${novId}/files/bank-transfer-csv`);
    expect(res.statusCode, res.body).toBe(200);
    const [head, ...rows] = csvRows(res.body);
    expect(head).toEqual([
      'Employee code',
      'Employee name',
      'Beneficiary name',
      'Account number',
      'IFSC',
      'Bank',
      'Amount',
      'Payment date',
      'Narration',
      'Debit account',
    ]);
    expect(rows.map((r) => [r[0], r[3], r[4], r[6], r[7]])).toEqual([
      ['GLX0001', '501000000000', 'HDFC0001234', '216800.00', '2026-11-30'],
      ['GLX0002', '501000007919', 'ICIC0000456', '35300.01', '2026-11-30'],
      ['GLX0003', '501000015838', 'SBIN0004321', '37238.34', '2026-11-30'],
      ['GLX0004', '501000023757', 'UTIB0000789', '16225.00', '2026-11-30'],
      ['GLX0005', '501000031676', 'HDFC0001234', '37400.00', '2026-11-30'],
      ['GLX0006', '501000039595', 'ICIC0000456', '26120.00', '2026-11-30'],
    ]);
  });

  it('EPF ECR: one line per member, whole rupees, NCP days of loss of pay and outside employment', async () => {
    const res = await callAs(t, admin, 'GET', `/api/payrun/${novId}/files/epf-ecr`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.split('\r\n').map((l) => l.split('#~#'))).toEqual([
      ['100120000000', 'Hank Scorpio', '250000', '25000', '0', '25000', '3000', '0', '3000', '0', '0'],
      ['100120004111', 'Frank Grimes', '37500', '16667', '0', '16667', '2000', '0', '2000', '10', '0'],
      ['100120008222', 'Mindy Simmons', '37333', '18667', '0', '18667', '2240', '0', '2240', '2', '0'],
      ['100120012333', 'Lenny Leonard', '17400', '8700', '8700', '8700', '1044', '725', '319', '1', '0'],
      ['100120016444', 'Carl Carlson', '40000', '20000', '20000', '20000', '2400', '1666', '734', '0', '0'],
      ['100120020555', 'Moe Szyslak', '28000', '14000', '0', '14000', '1680', '0', '1680', '16', '0'],
    ]);
  });

  it('ESI contribution: the one covered employee, days and wages paid', async () => {
    const res = await callAs(t, admin, 'GET', `/api/payrun/${novId}/files/esi-contribution`);
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows = Array.from({ length: ws.actualRowCount - 1 }, (_, i) =>
      Array.from({ length: 6 }, (_, c) => ws.getRow(i + 2).getCell(c + 1).text),
    );
    expect(rows).toEqual([['3100001234', 'Lenny Leonard', '29', '17400.00', '', '']]);
  });

  it('PT summary: five at ₹200 and one nil in Karnataka', async () => {
    const res = await callAs(t, admin, 'GET', `/api/payrun/${novId}/files/pt-summary`);
    expect(res.statusCode, res.body).toBe(200);
    expect(csvRows(res.body)).toEqual([
      ['State', 'PT per employee', 'Employees', 'Salary', 'PT deducted'],
      ['Karnataka', '0.00', '1', '17400.00', '0.00'],
      ['Karnataka', '200.00', '5', '392833.35', '1000.00'],
      ['Karnataka', 'Total', '6', '410233.35', '1000.00'],
      ['All states', 'Total', '6', '410233.35', '1000.00'],
    ]);
  });
});
