import ExcelJS from 'exceljs';
import { bombXlsx } from '../../lib/xlsx-guard.fixtures';
import { buildTestApp, type TestApp } from '../../test/helper';
import { fixtureCsv, fixtureRows, fixtureXlsx, multipartBody } from './upload-fixtures';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@acme.test');
});
afterAll(() => t.close());

const upload = (s: Session, name: string, data: Buffer, query = '') => {
  const body = multipartBody(name, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/employee/upload${query}`,
    headers: { ...s.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const total = async (s: Session = admin) =>
  (await t.app.inject({ method: 'GET', url: '/api/employee', headers: s.headers })).json().meta
    .totalCount as number;

describe('GET templates/employee-bulk-upload', () => {
  it('is an .xlsx with headers, an example row and the allowed values', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/templates/employee-bulk-upload',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Employees')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('employee_code');
    expect(sheet.getRow(1).getCell(2).value).toBe('first_name');
    expect(sheet.getRow(2).getCell(2).value).toBe('Anita');
    expect(sheet.getRow(2).getCell(1).value).toBe('ACM0061');
    const allowed = wb.getWorksheet('Allowed values')!;
    const col = (n: number) => (allowed.getColumn(n).values as unknown[]).filter(Boolean).map(String);
    expect(col(1)).toContain('full_time');
    expect(col(2)).toContain('female');
    expect(col(3)).toEqual(['status', 'active', 'inactive', 'exited']);
    expect(col(4)).toContain('Engineering / Platform');
    expect(col(5)).toContain('ACM0001');
  });

  it('needs employee_list.add', async () => {
    const emp = await t.login('employee@acme.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/templates/employee-bulk-upload',
      headers: emp.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST employee/upload', () => {
  it('200 rows with 3 bad: 400 naming exactly those rows, nothing stored; fixed: 200 created; again: 200 skipped', async () => {
    const before = await total();
    const rows = fixtureRows(200, { prefix: 'BU', bad: [4, 77, 150], unit: 'Engineering / Platform' });
    const res = await upload(admin, 'people.xlsx', await fixtureXlsx(rows));
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { row: number; field: string; message: string }[];
    // Sheet rows: header is row 1, so index i is row i + 2.
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [6, 'email'],
      [79, 'first_name'],
      [152, 'date_of_joining'],
    ]);
    expect(res.json().message).toMatch(/3 rows/);
    expect(await total()).toBe(before);

    const fixed = fixtureRows(200, { prefix: 'BU', unit: 'Engineering / Platform' });
    const ok = await upload(admin, 'people.xlsx', await fixtureXlsx(fixed));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ created: 200, skipped: 0, errors: [] });
    expect(await total()).toBe(before + 200);

    // Managers from the file are linked; PAN is encrypted; sign-ins exist and are unusable.
    const companyId = await t.companyId('Acme Corp');
    const check = await t.db.tenant(companyId, (tx) =>
      tx.query<{ manager_code: string | null; pan_enc: string; unit: string }>(
        `SELECT m.employee_code AS manager_code, e.pan_enc, u.name AS unit FROM employees e
           LEFT JOIN employees m ON m.id = e.manager_id JOIN division_units u ON u.id = e.division_unit_id
          WHERE e.employee_code = 'BU00015'`,
      ),
    );
    expect(check.rows[0]).toMatchObject({ manager_code: 'BU00011', unit: 'Platform' });
    expect(check.rows[0]!.pan_enc).toMatch(/^v1\./);
    const users = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email LIKE 'bu%@upload.test' AND password_hash LIKE '!%'",
    );
    expect(users.rows[0]!.n).toBe(200);

    const again = await upload(admin, 'people.xlsx', await fixtureXlsx(fixed));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ created: 0, skipped: 200, errors: [] });
    expect(await total()).toBe(before + 200);
  });

  it('valid_only imports the good rows and reports the bad ones', async () => {
    const before = await total();
    // Row index 10 (VO00011) manages indexes 11-19: they fail with it.
    const rows = fixtureRows(20, { prefix: 'VO', bad: [3, 10] });
    const res = await upload(admin, 'some.csv', fixtureCsv(rows), '?mode=valid_only');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.created).toBe(9);
    expect(d.errors.map((e: { row: number }) => e.row)).toEqual([5, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(d.errors[2]).toMatchObject({ field: 'manager_code', message: "The manager's row 12 has errors" });
    expect(await total()).toBe(before + d.created);
  });

  it('validates against existing employees, the file itself, units and managers', async () => {
    const rows = fixtureRows(6, { prefix: 'VX' });
    rows[1]!.email = 'admin@acme.test'; // another employee's email
    rows[2]!.employee_code = 'ACM0002'; // another employee's code (different email)
    rows[3]!.email = rows[0]!.email; // duplicate inside the file
    rows[4]!.unit = 'Nowhere / Nothing';
    rows[5]!.manager_code = 'ZZZ999';
    const res = await upload(admin, 'x.xlsx', await fixtureXlsx(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:email',
      '4:employee_code',
      '5:email',
      '6:unit',
      '7:manager_code',
    ]);
    const other = fixtureRows(1, { prefix: 'GX' });
    other[0]!.email = 'admin@globex.test'; // a sign-in of another company
    const cross = await upload(admin, 'x.csv', fixtureCsv(other));
    expect(cross.json().errors[0]).toMatchObject({ row: 2, field: 'email' });
  });

  it('refuses other file types, wrong magic bytes, and non-admins', async () => {
    expect((await upload(admin, 'a.pdf', Buffer.from('%PDF-1.4'))).statusCode).toBe(415);
    expect((await upload(admin, 'fake.xlsx', Buffer.from('first_name,email\n'))).statusCode).toBe(415);
    expect((await upload(admin, 'zip.csv', Buffer.from('PK\x03\x04rest'))).statusCode).toBe(415);
    const missing = await upload(admin, 'h.csv', Buffer.from('foo,bar\n1,2\n'));
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json().errors)).toMatch(/first_name/);
    const mgr = await t.login('manager@acme.test');
    expect((await upload(mgr, 'people.csv', fixtureCsv(fixtureRows(1)))).statusCode).toBe(403);
    const globex = await t.login('admin@globex.test');
    const g = await upload(
      globex,
      'people.csv',
      fixtureCsv(fixtureRows(2, { prefix: 'GL', unit: 'Engineering / Platform' })),
    );
    expect(g.statusCode).toBe(400); // Acme's units do not exist for Globex
  });

  it('refuses a zip bomb with 400 before parsing it, and keeps serving', async () => {
    // Under 1 MB on the wire, ~120 MB inflated: the old code handed it to exceljs, which holds it
    // all in memory (a 1 GB one killed the server). A lying declared size is refused too.
    const bomb = bombXlsx(1_600_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(admin, 'bomb.xlsx', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^bomb\.xlsx was refused: it would unpack to .* MB, more than the limit of 64 MB$/,
    );
    expect(res.json().errors[0].path).toBe('file');
    const liar = await upload(admin, 'liar.xlsx', bombXlsx(1_600_000, { declaredSize: 1000 }));
    expect(liar.statusCode).toBe(400);
    expect(liar.json().message).toMatch(/^liar\.xlsx was refused: /);
    const next = await t.app.inject({ method: 'GET', url: '/api/employee', headers: admin.headers });
    expect(next.statusCode).toBe(200);
  });

  it('refuses a file over 5 MiB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
    const res = await upload(admin, 'big.csv', big);
    expect(res.statusCode).toBe(413);
  });
});
