import { seedPayrollPeople } from '../../db/seed/payroll-demo';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';
import { confirmReviewed, waitComputed } from '../../test/payrun-steps';
import { parseFile } from './form24q';

/**
 * Form 24Q through the API (issue 23): challans of a quarter, the check in words, the file made
 * from a confirmed November 2026 run of Acme (Q3 of 2026-27) and read back against its payslips.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let companyId = '';

const BASE = '/api/payroll/tds-returns';
const Q3 = 'financial_year=2026-27&quarter=3';
const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);
const body = (over: object = {}) => ({
  financial_year: '2026-27',
  quarter: 3,
  months: ['2026-11'],
  bsr_code: '0510002',
  deposited_on: '2026-11-25',
  serial_no: '12345',
  tds_paise: 50_00_000_00,
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await seedPayrollPeople(t.db, t.config.dataKey, 'Acme Corp', t.clock);
  ({ admin, manager, employee, globex } = await demoSessions(t));
  companyId = await t.companyId('Acme Corp');
  // November's run through the API as an administrator takes it: attendance, compute, confirm.
  const created = await call(admin, 'POST', '/api/payrun', { month: 11, year: 2026, pay_date: '2026-11-30' });
  expect(created.statusCode, created.body).toBe(201);
  const runId: string = created.json().data.id;
  expect((await call(admin, 'POST', `/api/payrun/confirm-attendance/${runId}`)).statusCode).toBe(200);
  expect((await call(admin, 'POST', `/api/payrun/${runId}/compute`)).statusCode).toBe(200);
  await waitComputed(t, admin, runId, 120_000);
  await confirmReviewed(t, admin, runId, 'Checked for the TDS return tests');
  // The return is made after the month is paid and the tax deposited.
  // (signed in again: the tokens of the 20th have expired by then).
  t.clock.set(new Date('2026-12-10T06:00:00Z'));
  ({ admin, manager, employee, globex } = await demoSessions(t));
}, 240_000);
afterAll(() => t.close());

/** Per employee code, the TDS line of each confirmed November payslip, as stored. */
async function novemberTds(): Promise<Map<string, number>> {
  const { rows } = await t.db.tenant(companyId, (tx) =>
    tx.query<{ code: string; tds: number }>(
      `SELECT p.employee->>'code' AS code,
              coalesce((SELECT sum((l->>'amount')::bigint) FROM jsonb_array_elements(p.lines) l
                         WHERE l->>'code' = 'TDS'), 0)::float8 AS tds
         FROM payslips p WHERE p.month = '2026-11-01' AND p.confirmed AND p.status = 'computed'`,
    ),
  );
  return new Map(rows.map((r) => [r.code, r.tds]));
}

describe('who may', () => {
  it('lets the payroll administrator in and keeps the manager, the employee and strangers out', async () => {
    expect((await call(admin, 'GET', `${BASE}?${Q3}`)).statusCode).toBe(200);
    for (const s of [manager, employee]) {
      expect((await call(s, 'GET', `${BASE}?${Q3}`)).statusCode).toBe(403);
      expect((await call(s, 'GET', `${BASE}/file?${Q3}`)).statusCode).toBe(403);
      expect((await call(s, 'POST', `${BASE}/challans`, body({ serial_no: '99999' }))).statusCode).toBe(403);
    }
    const anon = await t.app.inject({ method: 'GET', url: `${BASE}?${Q3}` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('checking the quarter and making the file', () => {
  it('lists every problem before the file is offered, and refuses the file until they are put right', async () => {
    const res = await call(admin, 'GET', `${BASE}?${Q3}`);
    const v = res.json().data;
    expect(v.ready).toBe(false);
    const messages = (v.errors as { message: string }[]).map((e) => e.message).join('\n');
    expect(messages).toMatch(/TAN is missing/);
    expect(messages).toMatch(/deducted in Nov 2026 and no challan covers it/);
    expect(v.months.map((m: { month: string; confirmed: boolean }) => [m.month, m.confirmed])).toEqual([
      ['2026-10', false],
      ['2026-11', true],
      ['2026-12', false],
    ]);
    const file = await call(admin, 'GET', `${BASE}/file?${Q3}`);
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toMatch(/problems? to put right/);
  });

  it('makes the file once the company details and a challan are in, agreeing with the payslips', async () => {
    const settings = await call(admin, 'PUT', '/api/payrun/settings', {
      legal_name: 'Acme Corp Private Limited',
      address_line1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postal_code: '560001',
      pan: 'AAACA1234Z',
      tan: 'BLRA12345B',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const tds = await novemberTds();
    const total = [...tds.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    const posted = await call(
      admin,
      'POST',
      `${BASE}/challans`,
      body({ tds_paise: total, interest_paise: 0 }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data.covers_paise).toBe(total);

    const v = (await call(admin, 'GET', `${BASE}?${Q3}`)).json().data;
    expect(v.errors, JSON.stringify(v.errors)).toEqual([]);
    expect(v.ready).toBe(true);
    expect(v.tds_paise).toBe(total);

    const file = await call(admin, 'GET', `${BASE}/file?${Q3}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('BLRA12345B_24Q_Q3_2026-27.txt');
    const recs = parseFile(file.body);
    expect(recs.map((r) => r.type).slice(0, 3)).toEqual(['FH', 'BH', 'CD']);
    const dd = recs.filter((r) => r.type === 'DD').map((r) => r.values);
    const paid = [...tds].filter(([, v]) => v > 0);
    expect(dd).toHaveLength(paid.length);
    for (const [code, amount] of paid) {
      const row = dd.find((d) => d.pan_ref === code);
      expect(row, code).toBeDefined();
      expect(Math.round(Number(row!.tds) * 100)).toBe(amount);
      expect(row!.paid_on).toBe('30112026');
      expect(row!.pan).toMatch(/^([A-Z]{5}[0-9]{4}[A-Z]|PANNOTAVBL)$/);
    }
    const cd = recs.find((r) => r.type === 'CD')!.values;
    expect(Math.round(Number(cd.deductees_total) * 100)).toBe(total);
    expect(cd).toMatchObject({ bsr_code: '0510002', serial_no: '12345', deposited_on: '25112026' });
    expect(recs[1]!.values).toMatchObject({ tan: 'BLRA12345B', period: 'Q3', form: '24Q' });
  });

  it('says when a challan is short of the TDS it covers', async () => {
    const list = (await call(admin, 'GET', `${BASE}?${Q3}`)).json().data.challans;
    const c = list[0];
    const put = await call(admin, 'PUT', `${BASE}/challans/${c.id}`, body({ tds_paise: 1_00 }));
    expect(put.statusCode, put.body).toBe(200);
    const v = (await call(admin, 'GET', `${BASE}?${Q3}`)).json().data;
    expect(v.ready).toBe(false);
    expect(v.errors.map((e: { message: string }) => e.message).join('\n')).toMatch(
      /Challan 0510002\/12345 of 25 Nov 2026 deposited ₹1.00 .* short of/,
    );
    expect((await call(admin, 'GET', `${BASE}/file?${Q3}`)).statusCode).toBe(409);
    await call(admin, 'PUT', `${BASE}/challans/${c.id}`, body({ tds_paise: c.tds_paise }));
  });
});

describe('challans, as an attacker would try them', () => {
  it('says a bad BSR code and serial number in words, next to the field', async () => {
    const res = await call(admin, 'POST', `${BASE}/challans`, body({ bsr_code: '12AB', serial_no: '1' }));
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'bsr_code', message: 'The BSR code is the 7 digits of the bank branch on the challan' },
        { path: 'serial_no', message: 'The challan serial number is 5 digits' },
      ]),
    );
  });

  it('refuses year 9999, a month outside the quarter and a date after today', async () => {
    expect((await call(admin, 'GET', `${BASE}?financial_year=9999-00&quarter=3`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', `${BASE}?financial_year=2026-27&quarter=9`)).statusCode).toBe(400);
    const y = await call(
      admin,
      'POST',
      `${BASE}/challans`,
      body({ deposited_on: '9999-01-01', serial_no: '11111' }),
    );
    expect(y.statusCode).toBe(400);
    expect(y.json().errors[0].path).toBe('deposited_on');
    const m = await call(
      admin,
      'POST',
      `${BASE}/challans`,
      body({ months: ['2027-01'], serial_no: '11112' }),
    );
    expect(m.statusCode).toBe(400);
    expect(m.json().errors).toEqual([{ path: 'months.0', message: 'Choose a month of this quarter' }]);
    const later = await call(
      admin,
      'POST',
      `${BASE}/challans`,
      body({ deposited_on: '2026-12-11', serial_no: '11113' }),
    );
    expect(later.statusCode).toBe(400);
    expect(later.json().errors).toEqual([
      {
        path: 'deposited_on',
        message: 'A challan is entered once it is paid: the date cannot be after today',
      },
    ]);
    const huge = await call(admin, 'POST', `${BASE}/challans`, body({ tds_paise: 1e20, serial_no: '11114' }));
    expect(huge.statusCode).toBe(400);
    const nested = await call(admin, 'POST', `${BASE}/challans`, {
      ...body({ serial_no: '11115' }),
      extra: { a: [1] },
    });
    expect(nested.statusCode).toBe(400);
  });

  it('keeps the same challan posted twice at once as one row, and refuses another with its CIN', async () => {
    const b = body({ serial_no: '22222', months: ['2026-10'], tds_paise: 1_000_00 });
    const [a, c] = await Promise.all([
      call(admin, 'POST', `${BASE}/challans`, b),
      call(admin, 'POST', `${BASE}/challans`, b),
    ]);
    expect([a.statusCode, c.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(c.json().data.id);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tds_challans WHERE serial_no = '22222'`,
    );
    expect(rows[0]!.n).toBe(1);
    const other = await call(admin, 'POST', `${BASE}/challans`, { ...b, tds_paise: 2_000_00 });
    expect(other.statusCode).toBe(409);
    expect(other.json().errors).toEqual([
      {
        path: 'serial_no',
        message: 'A challan with this BSR code, date and serial number is already entered',
      },
    ]);
    expect((await call(admin, 'DELETE', `${BASE}/challans/${a.json().data.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `${BASE}/challans/${a.json().data.id}`)).statusCode).toBe(404);
    // Entered once and deleted once in the audit log, whatever the retries.
    const { rows: logged } = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY action`,
      [a.json().data.id],
    );
    expect(logged.map((r) => r.action)).toEqual(['tds_challan.created', 'tds_challan.deleted']);
  });

  it('answers another company’s challan id with 404, for reading into, changing and deleting', async () => {
    const mine = await call(
      admin,
      'POST',
      `${BASE}/challans`,
      body({ serial_no: '33333', months: ['2026-12'] }),
    );
    expect(mine.statusCode).toBe(201);
    const id = mine.json().data.id;
    expect(
      (await call(globex, 'PUT', `${BASE}/challans/${id}`, body({ serial_no: '33334' }))).statusCode,
    ).toBe(404);
    expect((await call(globex, 'DELETE', `${BASE}/challans/${id}`)).statusCode).toBe(404);
    const theirs = (await call(globex, 'GET', `${BASE}?${Q3}`)).json().data;
    expect(theirs.challans).toEqual([]);
    expect(theirs.tds_paise).toBe(0);
    // Globex posting the same CIN makes its own row: the CIN is unique within a company.
    expect(
      (await call(globex, 'POST', `${BASE}/challans`, body({ serial_no: '33333', months: ['2026-12'] })))
        .statusCode,
    ).toBe(201);
    expect((await call(admin, 'DELETE', `${BASE}/challans/${id}`)).statusCode).toBe(200);
  });
});
