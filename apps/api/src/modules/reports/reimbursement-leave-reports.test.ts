import ExcelJS from 'exceljs';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

// The reimbursements-by-category-and-status and leave-balances reports (issue 13), over fixtures
// written straight into the tables of a division of their own.

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
let divisionId: string;
let travel: string;
let food: string;
let casual: string;
let sick: string;
const ids: Record<string, string> = {};

const EVIL = '=HYPERLINK("http://evil.test","x")';

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, manager, employee, globex } = await demoSessions(t));
  acme = await t.companyId('Acme Corp');
  const q = async <T>(sql: string, params: unknown[]) => (await t.db.query<T & object>(sql, params)).rows;
  divisionId = (
    await q<{ id: string }>(
      `INSERT INTO divisions (company_id, name) VALUES ($1, 'Claims Test') RETURNING id`,
      [acme],
    )
  )[0]!.id;
  const unit = (
    await q<{ id: string }>(
      `INSERT INTO division_units (company_id, division_id, name) VALUES ($1, $2, 'Claims Unit') RETURNING id`,
      [acme, divisionId],
    )
  )[0]!.id;
  for (const [code, first] of [
    ['CLM01', 'Ira'],
    ['CLM02', EVIL],
  ] as const) {
    ids[code] = (
      await q<{ id: string }>(
        `INSERT INTO employees (company_id, employee_code, first_name, last_name, email, date_of_joining, status, division_unit_id)
         VALUES ($1, $2, $3, 'Test', $4, '2025-01-01', 'active', $5) RETURNING id`,
        [acme, code, first, `${code.toLowerCase()}@acme.test`, unit],
      )
    )[0]!.id;
  }
  const category = async (code: string, name: string) =>
    (
      await q<{ id: string }>(
        `INSERT INTO expense_categories (company_id, code, name) VALUES ($1, $2, $3) RETURNING id`,
        [acme, code, name],
      )
    )[0]!.id;
  [travel, food] = [await category('rpt_travel', 'Rpt Travel'), await category('rpt_food', 'Rpt Food')];
  const claim = (emp: string, cat: string, date: string, paise: number, status: string, merchant: string) =>
    q(
      `INSERT INTO expenses (company_id, employee_id, category_id, expense_date, amount_paise, status, merchant)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [acme, ids[emp], cat, date, paise, status, merchant],
    );
  await claim('CLM01', travel, '2026-03-02', 150_000, 'approved', 'Rail');
  await claim('CLM01', travel, '2026-03-05', 50_050, 'pending', 'Cab');
  await claim('CLM02', travel, '2026-03-09', 20_000, 'paid', EVIL);
  await claim('CLM02', food, '2026-03-10', 30_000, 'rejected', '+cmd|calc');
  await claim('CLM02', food, '2026-04-01', 99_900, 'approved', 'Out of range');

  const type = async (code: string, name: string) =>
    (
      await q<{ id: string }>(
        `INSERT INTO leave_types (company_id, code, name) VALUES ($1, $2, $3) RETURNING id`,
        [acme, code, name],
      )
    )[0]!.id;
  [casual, sick] = [await type('RCL', 'Rpt Casual'), await type('RSL', 'Rpt Sick')];
  const entry = (emp: string, typeId: string, date: string, kind: string, amount: number) =>
    q(
      `INSERT INTO leave_ledger (company_id, employee_id, leave_type_id, entry_date, kind, amount, reason)
       VALUES ($1, $2, $3, $4, $5, $6, 'fixture')`,
      [acme, ids[emp], typeId, date, kind, amount],
    );
  await entry('CLM01', casual, '2026-01-01', 'opening', 12);
  await entry('CLM01', casual, '2026-02-10', 'used', -2);
  await entry('CLM01', casual, '2026-03-03', 'used', -1.5);
  await entry('CLM01', casual, '2026-03-20', 'cancelled', 0.5);
  await entry('CLM01', sick, '2026-01-01', 'opening', 6);
  await entry('CLM02', casual, '2026-01-01', 'opening', 10);
  await entry('CLM02', casual, '2026-03-15', 'used', -3);
  await entry('CLM02', casual, '2026-05-01', 'used', -1); // after as_of and the period
});
afterAll(() => t.close());

const get = (s: Session, url: string) => callAs(t, s, 'GET', url);
const claimsUrl = (extra = '') =>
  `/api/reports/reimbursements?from=2026-03-01&to=2026-03-31&division_id=${divisionId}${extra}`;
const leaveUrl = (extra = '') =>
  `/api/reports/leave-balances?as_of=2026-03-31&from=2026-03-01&to=2026-03-31&division_id=${divisionId}${extra}`;

describe('reimbursements by category and status', () => {
  it('groups the period’s claims by category and status', async () => {
    const res = await get(admin, claimsUrl());
    expect(res.statusCode).toBe(200);
    const groups = res
      .json()
      .data.groups.map(
        (g: { category_name: string; status: string; count: number; amount_paise: number }) =>
          `${g.category_name}/${g.status}/${g.count}/${g.amount_paise}`,
      );
    expect(groups).toEqual([
      'Rpt Food/rejected/1/30000',
      'Rpt Travel/approved/1/150000',
      'Rpt Travel/paid/1/20000',
      'Rpt Travel/pending/1/50050',
    ]);
  });

  it('filters by category and status, and refuses bad filters naming them', async () => {
    const byCat = await get(admin, claimsUrl(`&category_id=${food}`));
    expect(byCat.json().data.groups).toHaveLength(1);
    const byStatus = await get(admin, claimsUrl('&status=approved'));
    expect(byStatus.json().data.groups).toEqual([
      {
        category_id: travel,
        category_name: 'Rpt Travel',
        status: 'approved',
        count: 1,
        amount_paise: 150_000,
      },
    ]);
    for (const [bad, field] of [
      ['&status=lost', 'status'],
      ['&category_id=nope', 'category_id'],
    ] as const) {
      const res = await get(admin, claimsUrl(bad));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(field);
    }
    const backwards = await get(admin, '/api/reports/reimbursements?from=2026-03-31&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    const tooLong = await get(admin, '/api/reports/reimbursements?from=2024-01-01&to=2026-03-01');
    expect(tooLong.statusCode).toBe(400);
  });

  it('CSV: named reimbursements-{MM-YYYY}.csv, every claim of the filter, formulas escaped', async () => {
    const res = await get(
      admin,
      `/api/reports/reimbursements/export?format=csv&from=2026-03-01&to=2026-03-31&division_id=${divisionId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/filename="reimbursements-\d{2}-\d{4}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Expense date,Employee code,Employee name,Division,Category,Status,Amount (₹),Merchant,Bill number,Paid through,Payout reference,Paid on',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('2026-03-02,CLM01,Ira Test,Claims Test,Rpt Travel,Approved,1500,Rail,,,,');
    expect(lines[2]).toContain(',500.5,Cab,');
    // The employee's name and the merchant start with = and +: stored as text, not run.
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil.test"",""x"") Test"`);
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(lines[4]).toContain(`'+cmd|calc`);
    expect(res.body).not.toContain('Out of range');
  });

  it('.xlsx: opens with the same rows, the formulas stored as text', async () => {
    const res = await get(
      admin,
      `/api/reports/reimbursements/export?format=xlsx&from=2026-03-01&to=2026-03-31&division_id=${divisionId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/reimbursements-\d{2}-\d{4}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(7).value).toBe(1500);
    expect(sheet.getRow(4).getCell(3).value).toBe(`'${EVIL} Test`);
    expect(sheet.getRow(4).getCell(8).value).toBe(`'${EVIL}`);
    expect(sheet.getRow(4).getCell(3).formula).toBeUndefined();
  });
});

describe('leave balances and usage by type', () => {
  it('balance on the date and days used in the period, per employee and type, with totals by type', async () => {
    const res = await get(admin, leaveUrl());
    expect(res.statusCode).toBe(200);
    const { rows, by_type, total_rows } = res.json().data;
    expect(
      rows.map(
        (r: { employee_code: string; leave_type_name: string; balance: number; used: number }) =>
          `${r.employee_code}/${r.leave_type_name}/${r.balance}/${r.used}`,
      ),
    ).toEqual(['CLM01/Rpt Casual/9/1', 'CLM01/Rpt Sick/6/0', 'CLM02/Rpt Casual/7/3']);
    expect(total_rows).toBe(3);
    expect(by_type).toEqual([
      { leave_type_id: casual, leave_type_name: 'Rpt Casual', used: 4, balance: 16, employees: 2 },
      { leave_type_id: sick, leave_type_name: 'Rpt Sick', used: 0, balance: 6, employees: 1 },
    ]);
    const onlySick = (await get(admin, leaveUrl(`&leave_type_id=${sick}`))).json().data;
    expect(onlySick.rows).toHaveLength(1);
    // An earlier date: the balance before March's usage.
    const feb = (
      await get(
        admin,
        `/api/reports/leave-balances?as_of=2026-02-28&from=2026-02-01&to=2026-02-28&division_id=${divisionId}&leave_type_id=${casual}`,
      )
    ).json().data;
    expect(feb.rows.map((r: { balance: number; used: number }) => [r.balance, r.used])).toEqual([
      [10, 2],
      [10, 0],
    ]);
    expect((await get(admin, leaveUrl('&leave_type_id=x'))).statusCode).toBe(400);
  });

  it('exports CSV and .xlsx named leave-balances-{MM-YYYY}, formulas escaped', async () => {
    const base = `/api/reports/leave-balances/export?as_of=2026-03-31&from=2026-03-01&to=2026-03-31&division_id=${divisionId}`;
    const csv = await get(admin, `${base}&format=csv`);
    expect(csv.headers['content-disposition']).toMatch(/filename="leave-balances-\d{2}-\d{4}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Employee code,Employee name,Division,Leave type,Balance,Used in period',
      'CLM01,Ira Test,Claims Test,Rpt Casual,9,1',
      'CLM01,Ira Test,Claims Test,Rpt Sick,6,0',
      `CLM02,"'=HYPERLINK(""http://evil.test"",""x"") Test",Claims Test,Rpt Casual,7,3`,
    ]);
    const xlsx = await get(admin, `${base}&format=xlsx`);
    expect(xlsx.headers['content-disposition']).toMatch(/leave-balances-\d{2}-\d{4}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(4).getCell(2).value).toBe(`'${EVIL} Test`);
    expect(sheet.getRow(2).getCell(5).value).toBe(9);
  });
});

describe('who may run them', () => {
  it('needs admin_reports.view: the manager and the employee are refused', async () => {
    for (const s of [manager, employee]) {
      for (const url of [
        claimsUrl(),
        leaveUrl(),
        '/api/reports/reimbursements/export?format=csv&from=2026-03-01&to=2026-03-31',
        '/api/reports/leave-balances/export?format=csv&as_of=2026-03-31&from=2026-03-01&to=2026-03-31',
      ]) {
        expect((await get(s, url)).statusCode, url).toBe(403);
      }
    }
  });

  it('another company sees none of these claims or balances, even given the division id', async () => {
    expect((await get(globex, claimsUrl())).json().data.groups).toEqual([]);
    expect((await get(globex, leaveUrl())).json().data).toEqual({ by_type: [], rows: [], total_rows: 0 });
    const csv = await get(
      globex,
      '/api/reports/reimbursements/export?format=csv&from=2026-03-01&to=2026-03-31',
    );
    expect(csv.body).not.toContain('CLM0');
  });

  it('a custom role with the report but a team data scope sees only its team', async () => {
    // The manager's role given admin_reports.view: still team scope (no employee_list.view).
    const { rows } = await t.db.query<{ id: string; permissions: string[] }>(
      `SELECT r.id, r.permissions FROM roles r JOIN users u ON u.role_id = r.id WHERE u.email = 'manager@acme.test'`,
    );
    const role = rows[0]!;
    await t.db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [
      role.id,
      [...role.permissions, 'admin_reports.view'],
    ]);
    try {
      const s = await t.login('manager@acme.test');
      const res = await get(s, claimsUrl());
      expect(res.statusCode).toBe(200);
      expect(res.json().data.groups).toEqual([]);
      expect((await get(s, leaveUrl())).json().data.rows).toEqual([]);
    } finally {
      await t.db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [role.id, role.permissions]);
    }
  });

  it('the catalogue lists both as available', async () => {
    const list = (await get(admin, '/api/reports')).json().data;
    for (const key of ['reimbursements', 'leave-balances']) {
      const item = list.find((r: { key: string }) => r.key === key);
      expect(item).toMatchObject({ available: true, unavailable_reason: null });
    }
  });
});
