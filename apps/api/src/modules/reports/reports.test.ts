import ExcelJS from 'exceljs';
import { systemClock } from '../../lib/clock';
import type { Actor } from '../../plugins/auth';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';
import { attritionPct } from './reports.repo';
import { createReportsService } from './reports.service';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
let divisionId: string;

/** Five people in a division of their own, with dates chosen so every month's figures are known. */
const PEOPLE = [
  { code: 'RPT01', first: 'Asha', joined: '2025-12-15', exit: null },
  { code: 'RPT02', first: 'Bala', joined: '2026-01-10', exit: '2026-02-20' },
  { code: 'RPT03', first: 'Chitra', joined: '2026-02-01', exit: '2026-02-28' },
  { code: 'RPT04', first: 'Dev', joined: '2024-06-01', exit: '2026-01-31' },
  // A name a spreadsheet would run as a formula.
  { code: 'RPT05', first: '=HYPERLINK("http://evil.test","x")', joined: '2026-03-31', exit: null },
];

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, manager, employee, globex } = await demoSessions(t));
  acme = await t.companyId('Acme Corp');
  const d = await t.db.query<{ id: string }>(
    `INSERT INTO divisions (company_id, name) VALUES ($1, 'Reports Test') RETURNING id`,
    [acme],
  );
  divisionId = d.rows[0]!.id;
  const u = await t.db.query<{ id: string }>(
    `INSERT INTO division_units (company_id, division_id, name) VALUES ($1, $2, 'Reports Unit') RETURNING id`,
    [acme, divisionId],
  );
  for (const p of PEOPLE) {
    await t.db.query(
      `INSERT INTO employees (company_id, employee_code, first_name, last_name, email, date_of_joining, status, exit_date, division_unit_id)
       VALUES ($1, $2, $3, 'Test', $4, $5, $6, $7, $8)`,
      [
        acme,
        p.code,
        p.first,
        `${p.code.toLowerCase()}@acme.test`,
        p.joined,
        p.exit ? 'exited' : 'active',
        p.exit,
        u.rows[0]!.id,
      ],
    );
  }
});
afterAll(() => t.close());

const get = (s: Session, url: string) => callAs(t, s, 'GET', url);

describe('headcount and attrition', () => {
  it('works out every month from the dates: closing = opening + joiners − leavers', async () => {
    const res = await get(admin, `/api/reports/headcount?from=2026-01&to=2026-03&division_id=${divisionId}`);
    expect(res.statusCode).toBe(200);
    const { months, by_division } = res.json().data;
    expect(months).toEqual([
      // Dev leaves on 31 Jan (his last day), Bala joins: 2 → 2.
      { month: '2026-01', opening: 2, joiners: 1, leavers: 1, closing: 2, attrition_pct: 50 },
      // Chitra joins and leaves within February; Bala leaves: 2 → 1; 2 ÷ 1.5 = 133.3 %.
      { month: '2026-02', opening: 2, joiners: 1, leavers: 2, closing: 1, attrition_pct: 133.3 },
      { month: '2026-03', opening: 1, joiners: 1, leavers: 0, closing: 2, attrition_pct: 0 },
    ]);
    expect(by_division).toEqual([{ division_id: divisionId, division_name: 'Reports Test', headcount: 2 }]);
  });

  it('attrition is null, not a division by zero, when nobody was employed', () => {
    expect(attritionPct(0, 0, 0)).toBeNull();
    expect(attritionPct(1, 0, 2)).toBe(100);
  });

  it('company-wide figures add up across divisions', async () => {
    const { months, by_division } = (
      await get(admin, '/api/reports/headcount?from=2026-03&to=2026-03')
    ).json().data;
    const total = by_division.reduce((n: number, r: { headcount: number }) => n + r.headcount, 0);
    expect(total).toBe(months[0].closing);
    expect(by_division.map((r: { division_name: string }) => r.division_name)).toContain('Reports Test');
  });

  it('refuses bad months naming the field', async () => {
    const swapped = await get(admin, '/api/reports/headcount?from=2026-03&to=2026-01');
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().errors[0].path).toBe('to');
    const bad = await get(admin, '/api/reports/headcount?from=2026-13&to=2026-12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('from');
    const long = await get(admin, '/api/reports/headcount?from=2000-01&to=2026-12');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].message).toMatch(/60 months/);
  });
});

describe('joiners and leavers', () => {
  const base = `/api/reports/joiners-leavers?from=2026-01-01&to=2026-02-28`;

  it('lists each joining and each exit in the period, newest first, paged', async () => {
    const res = await get(admin, `${base}&division_id=${divisionId}&records=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ totalCount: 5, page: 1, records: 2 });
    expect(
      body.data.map((r: { employee_code: string; event: string; date: string }) => [
        r.date,
        r.employee_code,
        r.event,
      ]),
    ).toEqual([
      ['2026-02-28', 'RPT03', 'left'],
      ['2026-02-20', 'RPT02', 'left'],
    ]);
    const leavers = (await get(admin, `${base}&division_id=${divisionId}&kind=leavers`)).json();
    expect(leavers.meta.totalCount).toBe(3);
    const byName = (
      await get(admin, `${base}&division_id=${divisionId}&sortBy=employee_name&sortOrder=asc`)
    ).json();
    expect(byName.data[0].employee_name).toBe('Bala Test');
  });

  it('refuses an unknown sort column and a bad division id', async () => {
    expect((await get(admin, `${base}&sortBy=salary`)).statusCode).toBe(400);
    const bad = await get(admin, `${base}&division_id=not-a-uuid`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('division_id');
  });

  it('walks every row by keyset in export batches, none twice', async () => {
    const reports = createReportsService({ db: t.db, clock: systemClock, exportBatch: 2 });
    const actor = { companyId: acme, scope: 'company', employeeId: null } as unknown as Actor;
    const rows = [];
    for await (const row of reports.joinersLeaversRows(actor, {
      from: '2024-01-01',
      to: '2026-12-31',
      kind: 'all',
      division_id: divisionId,
      sortBy: 'date',
      sortOrder: 'asc',
    }))
      rows.push(row);
    // 5 joinings and 3 exits, in date order.
    expect(rows.map((r) => `${r.date} ${r.employee_code} ${r.event}`)).toEqual([
      '2024-06-01 RPT04 joined',
      '2025-12-15 RPT01 joined',
      '2026-01-10 RPT02 joined',
      '2026-01-31 RPT04 left',
      '2026-02-01 RPT03 joined',
      '2026-02-20 RPT02 left',
      '2026-02-28 RPT03 left',
      '2026-03-31 RPT05 joined',
    ]);
  });
});

describe('exports', () => {
  it('CSV: named {prefix}-{MM-YYYY}.csv, UTF-8 with a BOM, formulas escaped', async () => {
    const res = await get(
      admin,
      `/api/reports/joiners-leavers/export?format=csv&from=2026-03-01&to=2026-03-31&division_id=${divisionId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="joiners-leavers-\d{2}-\d{4}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate,Event,Employee code,Employee name,Designation,Division,Unit');
    expect(lines[1]).toBe(
      `2026-03-31,Joined,RPT05,"'=HYPERLINK(""http://evil.test"",""x"") Test",,Reports Test,Reports Unit`,
    );
  });

  it('.xlsx: opens in exceljs with the same rows, the formula stored as text', async () => {
    const res = await get(
      admin,
      `/api/reports/joiners-leavers/export?format=xlsx&from=2024-01-01&to=2026-12-31&division_id=${divisionId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/joiners-leavers-\d{2}-\d{4}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(1).getCell(3).value).toBe('Employee code');
    const last = sheet.getRow(9);
    expect(last.getCell(3).value).toBe('RPT05');
    expect(last.getCell(4).value).toBe(`'=HYPERLINK("http://evil.test","x") Test`);
    expect(typeof last.getCell(4).formula).toBe('undefined');
  });

  it("the attendance muster export (CSV and .xlsx, also the late-marks report's file) escapes formulas too", async () => {
    const evil = `'=HYPERLINK("http://evil.test","x") Test`;
    const csv = await get(
      admin,
      `/api/attendance/muster/export?month=3&year=2026&format=csv&division_id=${divisionId}`,
    );
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split('\r\n').find((l) => l.startsWith('RPT05,'));
    expect(row).toBeDefined();
    expect(row!.split(',"')[1]!.startsWith(`'=HYPERLINK(""http://evil.test""`)).toBe(true);
    const xlsx = await get(
      admin,
      `/api/attendance/muster/export?month=3&year=2026&format=xlsx&division_id=${divisionId}`,
    );
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    let found = false;
    book.worksheets[0]!.eachRow((r) => {
      if (r.getCell(1).value !== 'RPT05') return;
      found = true;
      expect(r.getCell(2).value).toBe(evil);
      expect(r.getCell(2).formula).toBeUndefined();
    });
    expect(found).toBe(true);
  });

  it('headcount export has one row per month', async () => {
    const res = await get(
      admin,
      `/api/reports/headcount/export?format=csv&from=2026-01&to=2026-03&division_id=${divisionId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n').filter(Boolean)).toEqual([
      '\uFEFFMonth,Opening,Joiners,Leavers,Closing,Attrition %',
      '2026-01,2,1,1,2,50',
      '2026-02,2,1,2,1,133.3',
      '2026-03,1,1,0,2,0',
    ]);
    expect(
      (await get(admin, '/api/reports/headcount/export?format=pdf&from=2026-01&to=2026-03')).statusCode,
    ).toBe(400);
  });
});

describe('who may see reports', () => {
  it('needs admin_reports.view: the manager and the employee are refused', async () => {
    for (const s of [manager, employee]) {
      for (const url of [
        '/api/reports',
        '/api/reports/headcount?from=2026-01&to=2026-03',
        '/api/reports/joiners-leavers?from=2026-01-01&to=2026-03-31',
        '/api/reports/joiners-leavers/export?format=csv&from=2026-01-01&to=2026-03-31',
      ]) {
        expect((await get(s, url)).statusCode, url).toBe(403);
      }
    }
  });

  it('another company sees none of these people, even given the division id', async () => {
    const res = await get(
      globex,
      `/api/reports/joiners-leavers?from=2024-01-01&to=2026-12-31&division_id=${divisionId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.totalCount).toBe(0);
    const hc = (
      await get(globex, `/api/reports/headcount?from=2026-01&to=2026-03&division_id=${divisionId}`)
    ).json().data;
    expect(hc.months.every((m: { closing: number }) => m.closing === 0)).toBe(true);
    const csv = await get(
      globex,
      '/api/reports/joiners-leavers/export?format=csv&from=2024-01-01&to=2026-12-31',
    );
    expect(csv.body).not.toContain('RPT0');
  });

  it('the catalogue lists every report as available', async () => {
    const list = (await get(admin, '/api/reports')).json().data;
    expect(list.find((r: { key: string }) => r.key === 'headcount').available).toBe(true);
    // Every report has landed (the payroll register with pay runs, payroll-register.test.ts).
    expect(list.every((r: { available: boolean }) => r.available)).toBe(true);
  });

  it('lists the attendance muster and late marks as available, over the muster the attendance API serves', async () => {
    const list = (await get(admin, '/api/reports')).json().data;
    for (const key of ['attendance-muster', 'late-marks']) {
      const item = list.find((r: { key: string }) => r.key === key);
      expect(item.available, key).toBe(true);
      expect(item.unavailable_reason, key).toBeNull();
    }
    // The screen reads these two reports from the attendance muster: it must answer an admin...
    const muster = await get(admin, '/api/attendance/muster?month=3&year=2026&records=100');
    expect(muster.statusCode).toBe(200);
    const codes = muster.json().data.map((r: { employee_code: string }) => r.employee_code);
    expect(codes).toContain('RPT01');
    const xlsx = await get(admin, '/api/attendance/muster/export?month=3&year=2026&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    // ...and no one below the reports permission.
    expect((await get(manager, '/api/attendance/muster?month=3&year=2026')).statusCode).toBe(403);
    expect(
      (await get(employee, '/api/attendance/muster/export?month=3&year=2026&format=csv')).statusCode,
    ).toBe(403);
  });
});

describe('headcount in one pass (bench/README.md: no per-month cross join)', () => {
  it('gives, month by month, the figures of the per-day definition, odd records included', async () => {
    const d = await t.db.query<{ id: string }>(
      `INSERT INTO divisions (company_id, name) VALUES ($1, 'Headcount Edge') RETURNING id`,
      [acme],
    );
    const edge = d.rows[0]!.id;
    const u = await t.db.query<{ id: string }>(
      `INSERT INTO division_units (company_id, division_id, name) VALUES ($1, $2, 'Edge Unit') RETURNING id`,
      [acme, edge],
    );
    const people: [string, string | null][] = [
      ['2024-01-01', null], // employed throughout
      ['2024-05-10', '2025-06-01'], // leaves on the first day of a month
      ['2025-06-01', '2025-06-01'], // joins and leaves the same day: joiner and leaver, never counted
      ['2025-07-31', '2025-08-01'], // joins on a month's last day, leaves the next
      ['2025-09-15', '2025-03-01'], // exit before joining (a wrong record): never counted
      ['2025-12-31', null],
      ['2026-02-28', '2026-12-31'], // leaves after the range
      ['2023-03-03', '2025-04-30'], // leaves in the first month
    ];
    let i = 0;
    for (const [joined, exit] of people) {
      i++;
      await t.db.query(
        `INSERT INTO employees (company_id, employee_code, first_name, last_name, email, date_of_joining, status, exit_date, division_unit_id)
         VALUES ($1, $2, 'Edge', $3, $4, $5, $6, $7, $8)`,
        [
          acme,
          `HCE${i}`,
          `P${i}`,
          `hce${i}@acme.test`,
          joined,
          exit ? 'exited' : 'active',
          exit,
          u.rows[0]!.id,
        ],
      );
    }
    const res = await get(admin, `/api/reports/headcount?from=2025-04&to=2026-03&division_id=${edge}`);
    expect(res.statusCode).toBe(200);
    const months = res.json().data.months;
    // The definition, month by month: employed at the end of day d when joined ≤ d < exit.
    const employed = (d: string) => people.filter(([j, x]) => j <= d && (x === null || x > d)).length;
    const dayBefore = (m: string) =>
      new Date(Date.parse(`${m}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const lastDay = (m: string) => {
      const [y, mo] = m.split('-').map(Number) as [number, number];
      return new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10);
    };
    const expected = months.map((r: { month: string }) => {
      const within = (x: string | null) => x !== null && x.slice(0, 7) === r.month;
      return {
        month: r.month,
        opening: employed(dayBefore(r.month)),
        joiners: people.filter(([j]) => within(j)).length,
        leavers: people.filter(([, x]) => within(x)).length,
        closing: employed(lastDay(r.month)),
      };
    });
    expect(months.map(({ attrition_pct: _a, ...r }: { attrition_pct: unknown }) => r)).toEqual(expected);
    expect(months).toHaveLength(12);
    // Spot figures: April 2025 opens with three (the 2023 and 2024 joiners) and loses one.
    expect(expected[0]).toEqual({ month: '2025-04', opening: 3, joiners: 0, leavers: 1, closing: 2 });
    expect(expected[2]).toEqual({ month: '2025-06', opening: 2, joiners: 1, leavers: 2, closing: 1 });
    expect(expected.at(-1)).toEqual({ month: '2026-03', opening: 3, joiners: 0, leavers: 0, closing: 3 });
  });
});
