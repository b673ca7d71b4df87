import ExcelJS from 'exceljs';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';
import { checkPunchRows, parsePunchCsv, parseTimestamp, punchFileKind } from './punch-file';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
const codes: Record<string, string> = {};
const ids: Record<string, string> = {};

function multipart(fileName: string, data: Buffer) {
  const boundary = `----punch${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const upload = (s: Session, name: string, data: Buffer) => {
  const body = multipart(name, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/attendance/punches/upload',
    headers: { ...s.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const csv = (lines: string[]) =>
  Buffer.from(`employee_code,timestamp,direction,source\n${lines.join('\n')}\n`);
const punchCount = (employeeId: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM attendance_punches WHERE employee_id = $1',
      [employeeId],
    );
    return rows[0]!.n;
  });

beforeAll(async () => {
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '86400' } });
  acme = await t.companyId('Acme Corp');
  t.clock.set(new Date('2026-03-31T20:00:00+05:30'));
  ({ admin, manager, employee, globex } = await demoSessions(t));
  const { rows } = await t.db.query<{ email: string; id: string; employee_code: string }>(
    `SELECT email, id, employee_code FROM employees WHERE email IN ('manager@acme.test', 'employee@acme.test')`,
  );
  for (const r of rows) {
    codes[r.email.split('@')[0]!] = r.employee_code;
    ids[r.email.split('@')[0]!] = r.id;
  }
});
afterAll(() => t.close());

describe('punch file parsing (unit)', () => {
  it('tells the kind by content, not by the name alone', () => {
    expect(punchFileKind('p.csv', Buffer.from('employee_code,timestamp\n'))).toBe('csv');
    expect(() => punchFileKind('p.xlsx', Buffer.from('not a zip'))).toThrow(/not a valid .xlsx/);
    expect(() => punchFileKind('p.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toThrow(/not a CSV/);
    expect(() => punchFileKind('p.txt', Buffer.from('x'))).toThrow(/\.csv or \.xlsx/);
  });

  it('reads wall times in the company time zone and refuses impossible ones', () => {
    expect(parseTimestamp('2026-03-02 09:30', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-03-02T04:00:00.000Z',
    );
    expect(parseTimestamp('2026-03-02T09:30:15', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-03-02T04:00:15.000Z',
    );
    expect(parseTimestamp('2026-03-02T09:30:00Z', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-03-02T09:30:00.000Z',
    );
    expect(parseTimestamp('2026-02-30 09:30', 'Asia/Kolkata')).toBeNull();
    expect(parseTimestamp('02/03/2026 09:30', 'Asia/Kolkata')).toBeNull();
    expect(parseTimestamp('2026-03-02 24:00', 'Asia/Kolkata')).toBeNull();
  });

  it('an impossible month is a bad row, not a 500; a punch years ago is refused (issue 21)', () => {
    // '2025-13-01' made the old check call toISOString on an Invalid Date (a RangeError, a 500).
    expect(parseTimestamp('2025-13-01 09:30', 'Asia/Kolkata')).toBeNull();
    expect(parseTimestamp('2025-13-01T09:30:00Z', 'Asia/Kolkata')).toBeNull();
    const rows = parsePunchCsv(
      csv(['E1,2025-13-01 09:30,,', 'E1,2001-01-02 09:30,,', 'E1,2021-04-01 09:30,,']),
    );
    const { punches, errors } = checkPunchRows(
      rows,
      new Set(['E1']),
      'Asia/Kolkata',
      new Date('2026-03-31T00:00:00Z'),
    );
    expect(errors).toEqual([
      { row: 2, field: 'timestamp', message: 'Use YYYY-MM-DD HH:MM (24-hour, company time zone)' },
      { row: 3, field: 'timestamp', message: 'Must be within 5 years of today (2021-03-31 to 2031-03-31)' },
    ]);
    expect(punches.map((p) => p.row)).toEqual([4]);
  });

  it('reports every bad row with its number and field', () => {
    const rows = parsePunchCsv(
      csv([
        'E1,2026-03-02 09:30,in,biometric',
        ',2026-03-02 09:30,,',
        'NOPE,yesterday,sideways,fax',
        'E1,2027-01-01 09:00,,',
        '"E1",2026-03-02 18:30,OUT,device',
      ]),
    );
    const { punches, errors } = checkPunchRows(
      rows,
      new Set(['E1']),
      'Asia/Kolkata',
      new Date('2026-03-31T00:00:00Z'),
    );
    expect(punches.map((p) => [p.row, p.direction, p.source])).toEqual([
      [2, 'in', 'biometric'],
      [6, 'out', 'import'],
    ]);
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'employee_code'],
      [4, 'employee_code'],
      [4, 'timestamp'],
      [4, 'direction'],
      [4, 'source'],
      [5, 'timestamp'],
    ]);
    expect(errors[1]!.message).toBe('No employee with code NOPE');
    expect(errors[5]!.message).toBe('Is in the future');
  });

  it('names missing header columns', () => {
    expect(() => parsePunchCsv(Buffer.from('code,time\nE1,2026-03-02 09:30\n'))).toThrow(
      /lacks required columns: employee_code, timestamp/,
    );
  });
});

describe('POST attendance/punches/upload', () => {
  it('stores a file of punches once, however often it is uploaded, and the muster shows the days', async () => {
    const file = csv([
      `${codes.employee},2026-03-02 09:31,in,biometric`,
      `${codes.employee},2026-03-02 18:40,out,biometric`,
      `${codes.manager},2026-03-02 10:05,,device`,
      `${codes.manager},2026-03-02 19:10,,device`,
    ]);
    const first = await upload(admin, 'march.csv', file);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: 4, added: 4, duplicates: 0 });
    const again = await upload(admin, 'march-again.csv', file);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ received: 4, added: 0, duplicates: 4 });
    expect(await punchCount(ids.employee!)).toBe(2);

    const muster = await callAs(
      t,
      admin,
      'GET',
      '/api/attendance/muster?year=2026&month=3&page=1&records=50',
    );
    expect(muster.statusCode).toBe(200);
    const byCode = new Map(
      (muster.json().data as { employee_code: string; days: (string | null)[] }[]).map((r) => [
        r.employee_code,
        r,
      ]),
    );
    expect(byCode.get(codes.employee!)!.days[1]).toBe('present');
    expect(byCode.get(codes.manager!)!.days[1]).toBe('late');
  });

  it('accepts an .xlsx with date-time cells read as company wall time', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Punches');
    ws.addRow(['Employee code', 'Timestamp', 'Direction']);
    ws.addRow([codes.employee, new Date('2026-03-03T09:25:00Z'), 'in']);
    ws.addRow([codes.employee, '2026-03-03 18:35', 'out']);
    const res = await upload(admin, 'march.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: 2, added: 2, duplicates: 0 });
    const month = await callAs(t, employee, 'GET', '/api/attendance/month?year=2026&month=3');
    const day = month.json().data.days.find((d: { date: string }) => d.date === '2026-03-03');
    expect(day).toMatchObject({ status: 'present', first_in: '2026-03-03T03:55:00.000Z', late: false });
  });

  it('stores nothing when any row is bad, naming each row and field', async () => {
    const before = await punchCount(ids.employee!);
    const res = await upload(
      admin,
      'bad.csv',
      csv([
        `${codes.employee},2026-03-04 09:30,,`,
        'GHOST,2026-03-04 09:30,,',
        `${codes.employee},4 March,,`,
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('2 rows with errors: no punches were stored');
    expect(res.json().errors).toEqual([
      { row: 3, field: 'employee_code', path: 'row 3.employee_code', message: 'No employee with code GHOST' },
      {
        row: 4,
        field: 'timestamp',
        path: 'row 4.timestamp',
        message: 'Use YYYY-MM-DD HH:MM (24-hour, company time zone)',
      },
    ]);
    expect(await punchCount(ids.employee!)).toBe(before);
  });

  it('refuses a file that is not what its name says, an empty one, and a JSON body', async () => {
    expect((await upload(admin, 'p.xlsx', Buffer.from('employee_code,timestamp\n'))).statusCode).toBe(415);
    expect((await upload(admin, 'p.csv', Buffer.from('employee_code,timestamp\n'))).json().message).toBe(
      'The file has no punch rows',
    );
    const json = await callAs(t, admin, 'POST', '/api/attendance/punches/upload', { punches: [] });
    expect(json.statusCode).toBe(415);
  });

  it('is for admins: employees and managers are refused; another company cannot reach our employees', async () => {
    const file = csv([`${codes.employee},2026-03-05 09:30,,`]);
    expect((await upload(employee, 'p.csv', file)).statusCode).toBe(403);
    expect((await upload(manager, 'p.csv', file)).statusCode).toBe(403);
    const other = await upload(globex, 'p.csv', file);
    // Acme's codes mean nothing in Globex: the row is refused, and nothing reaches Acme's ledger.
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ row: 2, field: 'employee_code' });
    const stored = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM attendance_punches WHERE employee_id = $1 AND punched_at::date = '2026-03-05'`,
        [ids.employee],
      );
      return rows[0]!.n;
    });
    expect(stored).toBe(0);
  });
});

describe('late-mark penalties through the API', () => {
  it('three late days in the cycle cost half a day, shown with their dates in the summary and muster', async () => {
    // The default policy: 09:30 shift, 15 minutes' grace, every 3 late marks = 0.5 day.
    const lateDays = ['2026-03-09', '2026-03-10', '2026-03-11'];
    const file = csv(
      lateDays.flatMap((d) => [`${codes.employee},${d} 10:00,in,`, `${codes.employee},${d} 19:00,out,`]),
    );
    expect((await upload(admin, 'late.csv', file)).statusCode).toBe(200);
    const summary = await callAs(t, employee, 'GET', '/api/dashboard/attendance-summary?year=2026&month=3');
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data.penalty).toEqual({
      cycle_from: '2026-03-01',
      cycle_to: '2026-03-31',
      lop_days: 0.5,
      penalties: [{ kind: 'late', days: 0.5, dates: lateDays }],
    });
    const muster = await callAs(
      t,
      admin,
      'GET',
      '/api/attendance/muster?year=2026&month=3&page=1&records=50',
    );
    const row = muster.json().data.find((r: { employee_code: string }) => r.employee_code === codes.employee);
    expect(row.penalty_lop_days).toBe(0.5);
    // The manager sees a report's figures; another company does not see the employee at all.
    const asManager = await callAs(
      t,
      manager,
      'GET',
      `/api/dashboard/attendance-summary?year=2026&month=3&employee_id=${ids.employee}`,
    );
    expect(asManager.json().data.penalty.lop_days).toBe(0.5);
    const asGlobex = await callAs(
      t,
      globex,
      'GET',
      `/api/dashboard/attendance-summary?year=2026&month=3&employee_id=${ids.employee}`,
    );
    expect(asGlobex.statusCode).toBe(404);
  });

  it('penaltyLopDays gives every employee of the company with the dates behind it', async () => {
    const { penaltyLopDays } = await import('./index');
    const all = await t.db.tenant(acme, (tx) => penaltyLopDays(tx, acme, 2026, 3));
    const mine = all.find((p) => p.employeeId === ids.employee)!;
    expect(mine.lopDays).toBe(0.5);
    expect(mine.lateDates).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(all.find((p) => p.employeeId === ids.manager)!.lateDates).toEqual(['2026-03-02']);
    expect(all.find((p) => p.employeeId === ids.manager)!.lopDays).toBe(0);
  });
});

describe('optional holidays in derivation', () => {
  it('a picked optional holiday is a holiday for that employee only; the limit is kept server-side', async () => {
    const cals = await callAs(t, admin, 'GET', '/api/holiday-calendar?page=1&records=10');
    const cal = cals.json().data.find((c: { name: string }) => c.name === 'Company holidays');
    expect(
      (
        await callAs(t, admin, 'PUT', `/api/holiday-calendar/${cal.id}`, {
          name: cal.name,
          optional_limit: 1,
        })
      ).statusCode,
    ).toBe(200);
    const add = (date: string, name: string) =>
      callAs(t, admin, 'POST', `/api/holiday-calendar/${cal.id}/holiday`, {
        date,
        name,
        optional: true,
        location: null,
      });
    // Picked before their day (an optional holiday already past can no longer be picked).
    t.clock.set(new Date('2026-03-02T10:00:00+05:30'));
    const added = await add('2026-03-13', 'Optional one');
    expect(added.statusCode).toBe(201);
    const holi = added.json().data.id as string;
    const other = (await add('2026-03-17', 'Optional two')).json().data.id as string;
    expect((await callAs(t, employee, 'PUT', `/api/optional-holidays/${holi}`)).statusCode).toBe(200);
    const over = await callAs(t, employee, 'PUT', `/api/optional-holidays/${other}`);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/You can pick 1 optional holiday/);
    const list = await callAs(t, employee, 'GET', '/api/optional-holidays?year=2026');
    expect(list.json().data).toMatchObject({ limit: 1 });
    const mine = (list.json().data.holidays as { name: string; picked: boolean }[])
      .filter((h) => h.name.startsWith('Optional '))
      .map((h) => [h.name, h.picked]);
    expect(mine).toEqual([
      ['Optional one', true],
      ['Optional two', false],
    ]);
    t.clock.set(new Date('2026-03-31T20:00:00+05:30'));
    const dayOf = async (s: Session, employeeId?: string) => {
      const q = employeeId ? `&employee_id=${employeeId}` : '';
      const res = await callAs(t, s, 'GET', `/api/attendance/month?year=2026&month=3${q}`);
      return res.json().data.days.find((d: { date: string }) => d.date === '2026-03-13').status;
    };
    expect(await dayOf(employee)).toBe('holiday');
    // The manager did not pick it: an ordinary day they did not punch on.
    expect(await dayOf(manager)).toBe('absent');
    // Past its day the pick stays (the day was taken); before it, removing the pick makes the day an
    // ordinary one again.
    expect((await callAs(t, employee, 'DELETE', `/api/optional-holidays/${holi}`)).statusCode).toBe(409);
    t.clock.set(new Date('2026-03-12T10:00:00+05:30'));
    expect((await callAs(t, employee, 'DELETE', `/api/optional-holidays/${holi}`)).statusCode).toBe(200);
    t.clock.set(new Date('2026-03-31T20:00:00+05:30'));
    expect(await dayOf(employee)).toBe('absent');
  });
});
