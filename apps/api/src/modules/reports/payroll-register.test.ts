import ExcelJS from 'exceljs';
import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import {
  buildTestApp,
  callAs,
  demoSessions,
  eventually,
  type Session,
  type TestApp,
} from '../../test/helper';
import { confirmReviewed } from '../../test/payrun-steps';

/**
 * The payroll register and statutory summaries (issue 22) over a real month: November run,
 * computed, acknowledged and confirmed through the API as payrun-flow.test.ts does; December
 * computed and left unconfirmed. Every figure is checked against the payslips' stored lines.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let novId = '';
let decId = '';

type Line = { code: string; label: string; kind: string; base: number | null; amount: number };
type Slip = {
  id: string;
  employee_id: string;
  employee: {
    code: string;
    name: string;
    division: string | null;
    division_id: string | null;
    pt_state: string | null;
  };
  lines: Line[];
  gross_paise: number;
  deductions_paise: number;
  net_paise: number;
  employer_paise: number;
  payable_days: number;
  lop_days: number;
};

async function computedRun(month: number, year: number, payDate: string): Promise<string> {
  const res = await callAs(t, admin, 'POST', '/api/payrun', { month, year, pay_date: payDate });
  expect(res.statusCode).toBe(201);
  const id: string = res.json().data.id;
  expect((await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${id}`)).statusCode).toBe(200);
  expect((await callAs(t, admin, 'POST', `/api/payrun/${id}/compute`)).statusCode).toBe(200);
  const ok = await eventually(async () => {
    const r = await callAs(t, admin, 'GET', `/api/payrun/${id}`);
    return r.json().data.status === 'computed';
  }, 120_000);
  expect(ok).toBe(true);
  return id;
}

async function slipsOf(runId: string): Promise<Slip[]> {
  const { rows } = await t.db.query<Slip>(
    `SELECT id, employee_id, employee, lines, gross_paise::float8 AS gross_paise,
            deductions_paise::float8 AS deductions_paise, net_paise::float8 AS net_paise,
            employer_paise::float8 AS employer_paise, payable_days::float8 AS payable_days,
            lop_days::float8 AS lop_days
       FROM payslips WHERE run_id = $1 AND status = 'computed' ORDER BY employee->>'code'`,
    [runId],
  );
  return rows;
}

/** Sum of a line code's amounts (or bases) over payslips, information lines left out. */
const sumOf = (slips: Slip[], code: string, field: 'amount' | 'base' = 'amount') =>
  slips.reduce(
    (n, s) =>
      n +
      s.lines.filter((l) => l.code === code && l.kind !== 'info').reduce((m, l) => m + (l[field] ?? 0), 0),
    0,
  );
const amountsOf = (s: Slip) => {
  const out: Record<string, number> = {};
  for (const l of s.lines) if (l.kind !== 'info') out[l.code] = (out[l.code] ?? 0) + l.amount;
  return out;
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  ({ admin, manager, employee, globex } = await demoSessions(t));
  novId = await computedRun(11, 2026, '2026-11-30');
  await confirmReviewed(t, admin, novId, 'Checked for the register test');
  t.clock.set(new Date('2026-12-10T06:00:00Z'));
  // Sessions from 20 November have expired by 10 December.
  ({ admin, manager, employee, globex } = await demoSessions(t));
  decId = await computedRun(12, 2026, '2026-12-31');
}, 300_000);
afterAll(() => t.close());

const get = (s: Session, url: string) => callAs(t, s, 'GET', url);
const REGISTER = '/api/reports/payroll-register?from=2026-11&to=2026-12&records=100';

describe('payroll register', () => {
  it('has one row per payslip of the confirmed run, each figure as the payslip stores it', async () => {
    const slips = await slipsOf(novId);
    expect(slips.length).toBe(60);
    const res = await get(admin, REGISTER);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ totalCount: 60, page: 1, records: 100 });
    const { rows, columns, months_without_run } = body.data;
    // December's run is computed but not confirmed: none of its rows, and it is named as missing.
    expect(months_without_run).toEqual(['2026-12']);
    expect(rows).toHaveLength(60);
    expect(rows.every((r: { month: string }) => r.month === '2026-11')).toBe(true);
    for (const s of slips) {
      const row = rows.find((r: { payslip_id: string }) => r.payslip_id === s.id);
      expect(row, s.employee.code).toEqual({
        payslip_id: s.id,
        employee_id: s.employee_id,
        month: '2026-11',
        employee_code: s.employee.code,
        employee_name: s.employee.name,
        division_name: s.employee.division,
        payable_days: s.payable_days,
        lop_days: s.lop_days,
        amounts: amountsOf(s),
        gross_paise: s.gross_paise,
        deductions_paise: s.deductions_paise,
        net_paise: s.net_paise,
        employer_paise: s.employer_paise,
      });
    }
    // Earnings first, then deductions, then the employer's lines; every code paid has a column.
    const kinds = columns.map((c: { kind: string }) => c.kind);
    expect(kinds).toEqual(
      [...kinds].sort(
        (a: string, b: string) =>
          ['earning', 'deduction', 'employer'].indexOf(a) - ['earning', 'deduction', 'employer'].indexOf(b),
      ),
    );
    const codes = new Set(slips.flatMap((s) => s.lines.filter((l) => l.kind !== 'info').map((l) => l.code)));
    expect(new Set(columns.map((c: { code: string }) => c.code))).toEqual(codes);
    expect([...codes]).toEqual(
      expect.arrayContaining(['BASIC', 'HRA', 'EPF_EE', 'ESI_EE', 'PT', 'TDS', 'EPF_ER']),
    );
  });

  it('totals are the sums of every row of the filter', async () => {
    const slips = await slipsOf(novId);
    const { totals, columns } = (await get(admin, REGISTER)).json().data;
    const sum = (f: (s: Slip) => number) => slips.reduce((n, s) => n + f(s), 0);
    expect(totals).toMatchObject({
      payslips: 60,
      employees: 60,
      gross_paise: sum((s) => s.gross_paise),
      deductions_paise: sum((s) => s.deductions_paise),
      net_paise: sum((s) => s.net_paise),
      employer_paise: sum((s) => s.employer_paise),
    });
    for (const c of columns) expect(totals.amounts[c.code], c.code).toBe(sumOf(slips, c.code));
    expect(totals.net_paise).toBe(totals.gross_paise - totals.deductions_paise);
  });

  it('filters by division and search, pages, and keeps the totals to the filter', async () => {
    const slips = await slipsOf(novId);
    const sales = slips.filter((s) => s.employee.division === 'Sales');
    expect(sales.length).toBeGreaterThan(0);
    const divisionId = sales[0]!.employee.division_id;
    const res = await get(admin, `${REGISTER}&division_id=${divisionId}`);
    const data = res.json().data;
    expect(data.rows.map((r: { employee_code: string }) => r.employee_code)).toEqual(
      sales.map((s) => s.employee.code),
    );
    expect(data.totals.net_paise).toBe(sales.reduce((n, s) => n + s.net_paise, 0));

    const priya = await get(admin, `${REGISTER}&search=priya`);
    expect(priya.json().data.rows.map((r: { employee_name: string }) => r.employee_name)).toEqual([
      'Priya Sharma',
    ]);
    expect(priya.json().data.totals.payslips).toBe(1);
    // A percent sign is searched for, not used as a wildcard.
    expect((await get(admin, `${REGISTER}&search=%25`)).json().meta.totalCount).toBe(0);

    const page2 = (
      await get(admin, '/api/reports/payroll-register?from=2026-11&to=2026-11&records=25&page=2')
    ).json();
    expect(page2.meta).toEqual({ totalCount: 60, page: 2, records: 25 });
    expect(page2.data.rows.map((r: { employee_code: string }) => r.employee_code)).toEqual(
      slips.slice(25, 50).map((s) => s.employee.code),
    );
    const bad = await get(admin, '/api/reports/payroll-register?from=2026-12&to=2026-11&division_id=x');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toMatch(/must not be before from/);
  });

  it('exports CSV and .xlsx that parse back to the same figures, with a totals row', async () => {
    const slips = await slipsOf(novId);
    const csv = await get(admin, '/api/reports/payroll-register/export?format=csv&from=2026-11&to=2026-12');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="payroll-register-12-2026\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(62);
    const header = lines[0]!.split(',');
    const col = (h: string) => header.indexOf(h);
    expect(header.slice(0, 6)).toEqual([
      'Month',
      'Employee code',
      'Employee name',
      'Division',
      'Payable days',
      'LOP days',
    ]);
    const net = col('Net pay (₹)');
    const epf = col('EPF (employee) (₹)');
    expect(net).toBeGreaterThan(0);
    expect(epf).toBeGreaterThan(0);
    // Names here have no commas, so a plain split reads the fields.
    for (const s of slips) {
      const cells = lines.find((l) => l.split(',')[1] === s.employee.code)!.split(',');
      expect(Math.round(Number(cells[net]) * 100), s.employee.code).toBe(s.net_paise);
      expect(Math.round(Number(cells[epf] || 0) * 100)).toBe(amountsOf(s).EPF_EE ?? 0);
    }
    const total = lines.at(-1)!.split(',');
    expect(total[2]).toBe('Total (60 payslips)');
    expect(Math.round(Number(total[net]) * 100)).toBe(slips.reduce((n, s) => n + s.net_paise, 0));

    const xlsx = await get(admin, '/api/reports/payroll-register/export?format=xlsx&from=2026-11&to=2026-11');
    expect(xlsx.headers['content-disposition']).toMatch(/payroll-register-12-2026\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(62);
    const grossCol = (sheet.getRow(1).values as unknown[]).indexOf('Gross (₹)');
    let gross = 0;
    for (let i = 2; i <= 61; i++) gross += Math.round(Number(sheet.getRow(i).getCell(grossCol).value) * 100);
    expect(gross).toBe(slips.reduce((n, s) => n + s.gross_paise, 0));
    expect(Math.round(Number(sheet.getRow(62).getCell(grossCol).value) * 100)).toBe(gross);
  });
});

describe('statutory summaries', () => {
  it('EPF, ESI, PT and LWF by state and TDS are the sums of the confirmed lines', async () => {
    const slips = await slipsOf(novId);
    const res = await get(admin, '/api/reports/payroll-statutory?from=2026-11&to=2026-12');
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    const having = (code: string, paid = false) =>
      slips.filter((p) =>
        p.lines.some((l) => l.code === code && l.kind !== 'info' && (!paid || l.amount > 0)),
      ).length;
    expect(s.months_without_run).toEqual(['2026-12']);
    expect(s.epf).toEqual({
      members: having('EPF_EE'),
      wages_paise: sumOf(slips, 'EPF_EE', 'base'),
      employee_paise: sumOf(slips, 'EPF_EE'),
      vpf_paise: sumOf(slips, 'VPF_EE'),
      employer_epf_paise: sumOf(slips, 'EPF_ER'),
      eps_paise: sumOf(slips, 'EPS_ER'),
      edli_paise: sumOf(slips, 'EDLI_ER'),
      admin_paise: sumOf(slips, 'EPF_ADMIN'),
    });
    expect(s.epf.members).toBeGreaterThan(0);
    expect(s.esi).toEqual({
      ips: having('ESI_EE'),
      wages_paise: sumOf(slips, 'ESI_EE', 'base'),
      employee_paise: sumOf(slips, 'ESI_EE'),
      employer_paise: sumOf(slips, 'ESI_ER'),
    });
    expect(s.esi.ips).toBeGreaterThan(0);
    expect(s.tds).toEqual({ employees: having('TDS', true), amount_paise: sumOf(slips, 'TDS') });

    const byState = new Map<string, Slip[]>();
    for (const p of slips) {
      if (!p.lines.some((l) => l.code === 'PT' && l.kind !== 'info')) continue;
      const st = p.employee.pt_state || 'State not recorded';
      byState.set(st, [...(byState.get(st) ?? []), p]);
    }
    const ptExpected = [...byState.entries()]
      .map(([state, of]) => ({
        state,
        employees: of.filter((p) => p.lines.some((l) => l.code === 'PT' && l.amount > 0)).length,
        amount_paise: sumOf(of, 'PT'),
      }))
      .sort((a, b) => a.state.localeCompare(b.state));
    expect(s.pt).toEqual(ptExpected);
    expect(s.pt.reduce((n: number, r: { amount_paise: number }) => n + r.amount_paise, 0)).toBe(
      sumOf(slips, 'PT'),
    );
    // LWF is deducted in June and December only: nothing in November.
    expect(s.lwf.reduce((n: number, r: { employee_paise: number }) => n + r.employee_paise, 0)).toBe(
      sumOf(slips, 'LWF_EE'),
    );

    expect(s.months).toEqual([
      {
        month: '2026-11',
        employees: 60,
        gross_paise: slips.reduce((n, p) => n + p.gross_paise, 0),
        net_paise: slips.reduce((n, p) => n + p.net_paise, 0),
        epf_paise: ['EPF_EE', 'VPF_EE', 'EPF_ER', 'EPS_ER', 'EDLI_ER', 'EPF_ADMIN'].reduce(
          (n, c) => n + sumOf(slips, c),
          0,
        ),
        esi_paise: sumOf(slips, 'ESI_EE') + sumOf(slips, 'ESI_ER'),
        pt_paise: sumOf(slips, 'PT'),
        lwf_paise: sumOf(slips, 'LWF_EE') + sumOf(slips, 'LWF_ER'),
        tds_paise: sumOf(slips, 'TDS'),
      },
    ]);
  });

  it('leaves the unconfirmed December run out even though its payslips are computed', async () => {
    const dec = await slipsOf(decId);
    expect(dec.length).toBeGreaterThan(0);
    const s = (await get(admin, '/api/reports/payroll-statutory?from=2026-12&to=2026-12')).json().data;
    expect(s.months).toEqual([]);
    expect(s.epf.employee_paise).toBe(0);
    const reg = (await get(admin, '/api/reports/payroll-register?from=2026-12&to=2026-12')).json();
    expect(reg.meta.totalCount).toBe(0);
    expect(reg.data.rows).toEqual([]);
  });
});

describe('who may see the payroll reports', () => {
  const urls = [
    '/api/reports/payroll-register?from=2026-11&to=2026-11',
    '/api/reports/payroll-register/export?format=csv&from=2026-11&to=2026-11',
    '/api/reports/payroll-statutory?from=2026-11&to=2026-11',
  ];

  it('needs admin_reports.view: the manager and the employee are refused', async () => {
    for (const s of [manager, employee])
      for (const url of urls) expect((await get(s, url)).statusCode, url).toBe(403);
  });

  it('another company sees none of these payslips', async () => {
    const reg = await get(globex, urls[0]!);
    expect(reg.statusCode).toBe(200);
    expect(reg.json().meta.totalCount).toBe(0);
    expect(reg.json().data.months_without_run).toEqual(['2026-11']);
    const csv = await get(globex, urls[1]!);
    expect(csv.body).not.toContain('ACM0');
    const stat = (await get(globex, urls[2]!)).json().data;
    expect(stat.months).toEqual([]);
    expect(stat.epf.members).toBe(0);
  });

  it('a role with the report but a team data scope sees its team’s rows only', async () => {
    const { rows } = await t.db.query<{ id: string; permissions: string[]; employee_id: string }>(
      `SELECT r.id, r.permissions, u.employee_id FROM roles r JOIN users u ON u.role_id = r.id WHERE u.email = 'manager@acme.test'`,
    );
    const role = rows[0]!;
    const team = (
      await t.db.query<{ id: string }>('SELECT id FROM employees WHERE id = $1 OR manager_id = $1', [
        role.employee_id,
      ])
    ).rows.map((r) => r.id);
    const teamSlips = (await slipsOf(novId)).filter((s) => team.includes(s.employee_id));
    expect(teamSlips.length).toBeGreaterThan(0);
    await t.db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [
      role.id,
      [...role.permissions, 'admin_reports.view'],
    ]);
    try {
      const s = await t.login('manager@acme.test');
      const reg = (await get(s, '/api/reports/payroll-register?from=2026-11&to=2026-11&records=100')).json();
      expect(reg.data.rows.map((r: { employee_id: string }) => r.employee_id).sort()).toEqual(
        teamSlips.map((x) => x.employee_id).sort(),
      );
      expect(reg.data.totals.net_paise).toBe(teamSlips.reduce((n, x) => n + x.net_paise, 0));
      const stat = (await get(s, '/api/reports/payroll-statutory?from=2026-11&to=2026-11')).json().data;
      expect(stat.months[0].employees).toBe(teamSlips.length);
      expect(stat.epf.employee_paise).toBe(sumOf(teamSlips, 'EPF_EE'));
    } finally {
      await t.db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [role.id, role.permissions]);
    }
  });

  it('the catalogue lists the payroll register as available', async () => {
    const list = (await get(admin, '/api/reports')).json().data;
    expect(list.find((r: { key: string }) => r.key === 'payroll-register')).toMatchObject({
      available: true,
      unavailable_reason: null,
    });
  });
});
