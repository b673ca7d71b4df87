import ExcelJS from 'exceljs';
import { bombXlsx } from '../../lib/xlsx-guard.fixtures';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

/**
 * The pay run's sheets on the sheet-import seam (issue 22): attendance, one-time payouts and TDS of
 * a run, and the opening year-to-date of a financial year. Each: the template opens and is
 * pre-filled; a preview names row errors in words and stores nothing in the run; an upload stores;
 * the same sheet twice (and two at once) makes one set of rows; one bad row stores nothing;
 * remove; a computed run goes back to draft; a confirmed run refuses; roles and tenancy; the guard.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
let run: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  ({ admin, manager, employee, globex } = await demoSessions(t));
  acme = await t.companyId('Acme Corp');
  // Priya Sharma (ACM0003) leaves on 20 November: employed 20 days of the month. ACM0060 left in
  // October (not in the November run); ACM0059 left in February (not in the financial year 2026-27).
  await t.db.query(
    `UPDATE employees SET exit_date = '2026-11-20', status = 'exited' WHERE employee_code = 'ACM0003'`,
  );
  await t.db.query(
    `UPDATE employees SET exit_date = '2026-10-15', status = 'exited' WHERE employee_code = 'ACM0060'`,
  );
  await t.db.query(
    `UPDATE employees SET exit_date = '2026-02-10', status = 'exited' WHERE employee_code = 'ACM0059'`,
  );
  const { rows } = await t.db.query<{ id: string; employee_code: string }>(
    'SELECT id, employee_code FROM employees WHERE company_id = $1',
    [acme],
  );
  for (const r of rows) ids[r.employee_code] = r.id;
  const res = await callAs(t, admin, 'POST', '/api/payrun', {
    month: 11,
    year: 2026,
    pay_date: '2026-11-30',
  });
  expect(res.statusCode).toBe(201);
  run = res.json().data.id;
});
afterAll(() => t.close());

function multipart(fileName: string, data: Buffer) {
  const boundary = `----sheet${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const send = (
  s: Session,
  method: 'POST' | 'GET' | 'DELETE' | 'PUT',
  url: string,
  fileName: string,
  data: Buffer,
) => {
  const body = multipart(fileName, data);
  return t.app.inject({
    method,
    url,
    headers: { ...s.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const csv = (header: string[], rows: (string | number)[][]) =>
  Buffer.from(
    `${[header, ...rows]
      .map((r) =>
        r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(','),
      )
      .join('\r\n')}\r\n`,
  );
async function xlsx(sheet: string, header: string[], rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function workbook(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}
const values = (ws: ExcelJS.Worksheet, row: number) => (ws.getRow(row).values as unknown[]).slice(1);
const count = async (sql: string, params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const runOf = async (id = run) => (await callAs(t, admin, 'GET', `/api/payrun/${id}`)).json().data;
/** A computed run as compute leaves it (compute is another slice): status, totals and a payslip. */
async function fakeComputed(id = run) {
  await t.db.query(
    `UPDATE pay_runs SET status = 'computed', computed_at = now(),
       totals = '{"employees":1,"gross_paise":1,"deductions_paise":0,"net_paise":1,"employer_paise":0,"ctc_paise":1}'
     WHERE id = $1`,
    [id],
  );
  await t.db.query(
    `INSERT INTO payslips (company_id, run_id, employee_id, month, employee, status)
     VALUES ($1, $2, $3, '2026-11-01', '{}', 'computed') ON CONFLICT DO NOTHING`,
    [acme, id, ids.ACM0001],
  );
}
const payslips = (id = run) => count('SELECT count(*)::int AS n FROM payslips WHERE run_id = $1', [id]);

const ATT = [
  'Employee code',
  'Employee name',
  'System LOP days',
  'LOP days',
  'LOP reversal days',
  'LOP reversal month',
];

describe('attendance sheet', () => {
  it('the template lists every employee of the month with the system’s LOP days, and notes', async () => {
    const res = await callAs(t, admin, 'GET', `/api/templates/attendance-sheet?payrun_id=${run}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const wb = await workbook(res);
    const ws = wb.getWorksheet('Attendance')!;
    expect(values(ws, 1)).toEqual(ATT);
    // 60 employees less ACM0059 and ACM0060 (left before November), in code order.
    expect(ws.actualRowCount).toBe(1 + 58);
    expect(values(ws, 4).slice(0, 4)).toEqual(['ACM0003', 'Priya Sharma', 0, 0]);
    const codes = Array.from({ length: 58 }, (_, i) => ws.getRow(i + 2).getCell(1).value);
    expect(codes).not.toContain('ACM0060');
    const notes = wb.getWorksheet('Notes')!;
    expect(String(notes.getRow(2).getCell(1).value)).toMatch(/^Attendance of Nov 2026: one row per employee/);
  });

  it('preview names each bad row and column in words and stores nothing in the run', async () => {
    const file = csv(ATT, [
      ['ACM0003', 'Priya Sharma', 0, 21, '', ''],
      ['ACM0060', '', '', 0, '', ''],
      ['NOPE1', '', '', 0, '', ''],
      ['ACM0005', '', '', 1, '', ''],
      ['acm0005', '', '', 2, '', ''],
      ['ACM0006', '', '', 1.25, '', ''],
      ['ACM0007', '', '', 0, 2, 'Dec 2026'],
      ['ACM0008', '', '', 0, 2, ''],
      ['ACM0009', '', '', '', '', ''],
      ['ACM0010', '', '', 'two', 1, 'Octember'],
    ]);
    const res = await send(
      admin,
      'POST',
      `/api/payrun/upload-attendance/preview?payrun_id=${run}`,
      'nov.csv',
      file,
    );
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ file_name: 'nov.csv', rows_total: 10, rows_valid: 1, already_uploaded: false });
    expect(d.errors.map((e: { message: string }) => e.message)).toEqual([
      'Row 2, LOP days: more than the 20 days Priya Sharma was employed in Nov 2026',
      expect.stringMatching(/^Row 3, Employee code: .+ \(ACM0060\) left on 15 Oct 2026, before Nov 2026$/),
      'Row 4, Employee code: no employee has the code NOPE1',
      expect.stringMatching(
        /^Row 6, Employee code: .+ \(ACM0005\) is already on row 5: one row per employee$/,
      ),
      'Row 7, LOP days: use whole or half days, such as 2 or 1.5',
      'Row 8, LOP reversal month: Dec 2026 is not before Nov 2026: a reversal pays back an earlier month’s loss of pay',
      'Row 9, LOP reversal month: give the earlier month whose loss of pay is paid back, such as Oct 2026',
      'Row 10, LOP days: give the LOP days (0 when none)',
      'Row 11, LOP days: "two" is not a number of days: write whole or half days, such as 2 or 1.5',
      'Row 11, LOP reversal month: "Octember" is not a month: write it as Oct 2026 or 2026-10',
    ]);
    expect(d.errors[0]).toMatchObject({ row: 2, column: 'LOP days' });
    expect(d.rows[0]).toMatchObject({
      employee_code: 'ACM0003',
      employee_name: 'Priya Sharma',
      system_lop_days: 0,
      sheet_lop_days: 21,
      difference_days: 21,
    });
    // Nothing in the run: no sheet, attendance pending and empty.
    expect((await runOf()).sheets.attendance).toBeNull();
    expect(await count('SELECT count(*)::int AS n FROM pay_run_attendance WHERE run_id = $1', [run])).toBe(0);

    // The same file uploaded: 400 with the same errors, nothing stored.
    const up = await send(admin, 'POST', `/api/payrun/upload-attendance/${run}`, 'nov.csv', file);
    expect(up.statusCode).toBe(400);
    expect(up.json().message).toBe('9 rows with errors: the attendance sheet was not stored');
    expect(up.json().errors[0]).toMatchObject({
      row: 2,
      column: 'LOP days',
      path: 'Row 2, LOP days',
      message: 'Row 2, LOP days: more than the 20 days Priya Sharma was employed in Nov 2026',
    });
    expect((await runOf()).sheets.attendance).toBeNull();
    expect(
      await count(`SELECT count(*)::int AS n FROM sheet_imports WHERE run_id = $1 AND status = 'committed'`, [
        run,
      ]),
    ).toBe(0);
  });

  it('a sheet with one bad row among good ones stores nothing', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [
      `ACM${String(i + 4).padStart(4, '0')}`,
      '',
      '',
      1,
      '',
      '',
    ]);
    rows[13]![3] = 31;
    const res = await send(
      admin,
      'POST',
      `/api/payrun/upload-attendance/${run}`,
      'one-bad.csv',
      csv(ATT, rows),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveLength(1);
    expect(res.json().errors[0].message).toMatch(
      /^Row 15, LOP days: more than the 30 days .* was employed in Nov 2026$/,
    );
    expect((await runOf()).sheets.attendance).toBeNull();
  });

  it('uploads a previewed sheet by its id; the same content again (even as CSV) changes nothing', async () => {
    const rows: (string | number | null)[][] = [
      ['ACM0003', 'Priya Sharma', 0, 1.5, null, null],
      ['ACM0005', null, null, 2, 1, 'Oct 2026'],
      ['ACM0006', null, null, 0, null, null],
    ];
    const book = await xlsx('Attendance', ATT, rows);
    const pre = await send(
      admin,
      'POST',
      `/api/payrun/upload-attendance/preview?payrun_id=${run}`,
      'good.xlsx',
      book,
    );
    expect(pre.statusCode).toBe(200);
    const p = pre.json().data;
    expect(p.errors).toEqual([]);
    expect(p.rows[1]).toMatchObject({
      employee_code: 'ACM0005',
      sheet_lop_days: 2,
      system_lop_days: 0,
      difference_days: 2,
      lop_reversal_days: 1,
      lop_reversal_month: '2026-10',
    });
    expect(p.notes).toContain(
      '55 employees of Nov 2026 are not in the sheet: confirming attendance takes the system’s figures for them.',
    );

    const up = await callAs(t, admin, 'POST', `/api/payrun/upload-attendance/${run}`, {
      import_id: p.import_id,
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().message).toBe('Attendance sheet uploaded: 3 rows');
    expect(up.json().data.sheets.attendance).toMatchObject({
      import_id: p.import_id,
      file_name: 'good.xlsx',
      rows: 3,
    });
    expect(up.json().data.attendance_status).toBe('pending');

    // The same cells as CSV are the same content: already uploaded, nothing changes.
    const asCsv = csv(
      ATT,
      rows.map((r) => r.map((c) => c ?? '')),
    );
    const again = await send(admin, 'POST', `/api/payrun/upload-attendance/${run}`, 'good-again.csv', asCsv);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Attendance sheet already uploaded: nothing changed');
    expect(again.json().data.sheets.attendance.file_name).toBe('good.xlsx');
    const pre2 = await send(
      admin,
      'POST',
      `/api/payrun/upload-attendance/preview?payrun_id=${run}`,
      'g.csv',
      asCsv,
    );
    expect(pre2.json().data).toMatchObject({ import_id: p.import_id, already_uploaded: true });
  });

  it('confirm checks the sheet again against the month as it is now', async () => {
    // ACM0005's joining date corrected to December since the upload: no longer in November.
    const joined = (
      await t.db.query<{ d: string }>(
        `SELECT to_char(date_of_joining, 'YYYY-MM-DD') AS d FROM employees WHERE employee_code = 'ACM0005'`,
      )
    ).rows[0]!.d;
    await t.db.query(`UPDATE employees SET date_of_joining = '2026-12-01' WHERE employee_code = 'ACM0005'`);
    const res = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${run}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The attendance sheet good.xlsx no longer fits Nov 2026 (1 row with errors): upload a corrected sheet or remove it, then confirm',
    );
    expect(res.json().errors[0].message).toMatch(
      /^Row 3, Employee code: .+ \(ACM0005\) joins on 1 Dec 2026, after Nov 2026$/,
    );
    expect((await runOf()).attendance_status).toBe('pending');
    expect(await count('SELECT count(*)::int AS n FROM pay_run_attendance WHERE run_id = $1', [run])).toBe(0);
    await t.db.query(`UPDATE employees SET date_of_joining = $1 WHERE employee_code = 'ACM0005'`, [joined]);
  });

  it('confirm takes one row per employee of the month: the sheet’s where it has them, the system’s otherwise', async () => {
    const res = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${run}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attendance_status).toBe('confirmed');
    const { rows } = await t.db.query<{
      employee_id: string;
      source: string;
      lop_days: string;
      system_lop_days: string;
      lop_reversal_days: string;
      lop_reversal_month: string | null;
      basis: number;
    }>(
      `SELECT employee_id, source, lop_days::text, system_lop_days::text, lop_reversal_days::text,
              to_char(lop_reversal_month, 'YYYY-MM-DD') AS lop_reversal_month, (detail->>'basis_days')::int AS basis
         FROM pay_run_attendance WHERE run_id = $1`,
      [run],
    );
    expect(rows).toHaveLength(58);
    expect(rows.filter((r) => r.source === 'sheet')).toHaveLength(3);
    const byId = new Map(rows.map((r) => [r.employee_id, r]));
    expect(byId.get(ids.ACM0003!)).toMatchObject({
      source: 'sheet',
      lop_days: '1.50',
      system_lop_days: '0.00',
      basis: 30,
    });
    expect(byId.get(ids.ACM0005!)).toMatchObject({
      source: 'sheet',
      lop_days: '2.00',
      lop_reversal_days: '1.00',
      lop_reversal_month: '2026-10-01',
    });
    expect(byId.get(ids.ACM0010!)).toMatchObject({
      source: 'system',
      lop_days: '0.00',
      lop_reversal_month: null,
    });
    // Confirming again changes nothing.
    const again = await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${run}`);
    expect(again.json().message).toBe('Attendance was already confirmed');
    expect(await count('SELECT count(*)::int AS n FROM pay_run_attendance WHERE run_id = $1', [run])).toBe(
      58,
    );
  });

  it('remove attendance (the sheet stays) and remove the sheet send a computed run back to draft', async () => {
    await fakeComputed();
    expect(await payslips()).toBe(1);
    const res = await callAs(t, admin, 'PUT', `/api/payrun/remove-attendance/${run}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'draft', attendance_status: 'pending', totals: null });
    expect(res.json().data.sheets.attendance).not.toBeNull();
    expect(await payslips()).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM pay_run_attendance WHERE run_id = $1', [run])).toBe(0);

    expect((await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${run}`)).statusCode).toBe(200);
    await fakeComputed();
    const del = await callAs(t, admin, 'DELETE', `/api/payrun/remove-attendance-sheet/${run}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toMatchObject({
      status: 'draft',
      attendance_status: 'pending',
      sheets: { attendance: null },
    });
    expect(await payslips()).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM pay_run_attendance WHERE run_id = $1', [run])).toBe(0);
    const none = await callAs(t, admin, 'DELETE', `/api/payrun/remove-attendance-sheet/${run}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('The Nov 2026 pay run has no attendance sheet');

    // Confirming without a sheet takes the system's figures for everyone.
    await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${run}`);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM pay_run_attendance WHERE run_id = $1 AND source = 'system'`,
        [run],
      ),
    ).toBe(58);
  });

  it('an upload to a computed run sends it back to draft; two different uploads at once leave one sheet', async () => {
    await fakeComputed();
    const a = csv(ATT, [['ACM0004', '', '', 1, '', '']]);
    const b = csv(ATT, [['ACM0004', '', '', 2, '', '']]);
    const first = await send(admin, 'POST', `/api/payrun/upload-attendance/${run}`, 'a.csv', a);
    expect(first.json().data).toMatchObject({ status: 'draft', attendance_status: 'pending' });
    expect(await payslips()).toBe(0);
    const [x, y] = await Promise.all([
      send(admin, 'POST', `/api/payrun/upload-attendance/${run}`, 'b.csv', b),
      send(admin, 'POST', `/api/payrun/upload-attendance/${run}`, 'b.csv', b),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect([x.json().message, y.json().message].sort()).toEqual([
      'Attendance sheet already uploaded: nothing changed',
      'Attendance sheet uploaded: 1 row',
    ]);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM sheet_imports WHERE run_id = $1 AND kind = 'payrun_attendance' AND status = 'committed'`,
        [run],
      ),
    ).toBe(1);
    expect((await runOf()).sheets.attendance.file_name).toBe('b.csv');
  });
});

const OT = ['Employee code', 'Employee name', 'Type', 'Description', 'Amount (₹)'];
const items = () =>
  t.db.query<{
    employee_id: string;
    kind: string;
    code: string;
    label: string;
    amount_paise: string;
    taxable: boolean;
    epf_wage: boolean;
    esi_wage: boolean;
    explain: string;
  }>(
    `SELECT employee_id, kind, code, label, amount_paise::text, taxable, epf_wage, esi_wage, explain
       FROM pay_run_items WHERE run_id = $1 AND source = 'sheet' ORDER BY code, label`,
    [run],
  );

describe('one-time payout sheet', () => {
  it('the template lists the month’s employees to fill in, with the types’ treatment and notes', async () => {
    const res = await callAs(t, admin, 'GET', `/api/templates/onetime-payout-sheet?payrun_id=${run}`);
    expect(res.statusCode).toBe(200);
    const wb = await workbook(res);
    const ws = wb.getWorksheet('One-time payouts')!;
    expect(values(ws, 1)).toEqual(OT);
    expect(ws.actualRowCount).toBe(59);
    expect(values(ws, 4)).toEqual(['ACM0003', 'Priya Sharma']);
    const types = wb.getWorksheet('Types')!;
    expect(values(types, 2)).toEqual([
      'Bonus',
      'earning',
      'taxable; not EPF wage (PF wage is Basic + DA); not ESI wage (annual bonus is excluded)',
    ]);
    expect(wb.getWorksheet('Notes')).toBeDefined();
  });

  it('preview names bad rows (type, amount ≤ 0, over ₹1 crore, paise, duplicates, unknown codes)', async () => {
    const file = csv(OT, [
      ['ACM0003', '', 'Bonus', 'Diwali bonus', '5,000'],
      ['ACM0004', '', 'Gift', 'Hamper', 100],
      ['ACM0005', '', 'Incentive', 'Sales', 0],
      ['ACM0006', '', 'Incentive', 'Sales', '2,00,00,000'],
      ['ACM0007', '', 'Arrears', 'Basic arrears', '12.345'],
      ['ACM0003', '', 'bonus', 'DIWALI BONUS', 10],
      ['GHOST', '', 'Bonus', 'x', 10],
      ['ACM0008', '', 'Deduction', '', 10],
    ]);
    const res = await send(
      admin,
      'POST',
      `/api/payrun/upload-onetimepayout/preview?payrun_id=${run}`,
      'ot.csv',
      file,
    );
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.errors.map((e: { message: string }) => e.message)).toEqual([
      'Row 3, Type: "Gift" is not a type: use Bonus, Incentive, Arrears, Other earning, Deduction',
      'Row 4, Amount (₹): the amount must be more than ₹0',
      'Row 5, Amount (₹): ₹2,00,00,000 is more than ₹1,00,00,000: check the figure',
      'Row 6, Amount (₹): use at most two decimals (paise)',
      'Row 7, Employee code: Priya Sharma (ACM0003) is already on row 2: one row per employee, type and description',
      'Row 8, Employee code: no employee has the code GHOST',
      'Row 9, Description: give the description shown on the payslip',
    ]);
    expect(d.rows[0]).toMatchObject({
      employee_name: 'Priya Sharma',
      payout_type: 'bonus',
      label: 'Diwali bonus',
      amount_paise: 500000,
      taxable: true,
      epf_wage: false,
      esi_wage: false,
    });
    expect((await items()).rows).toEqual([]);
    const up = await send(admin, 'POST', `/api/payrun/upload-onetimepayout/${run}`, 'ot.csv', file);
    expect(up.statusCode).toBe(400);
    expect((await items()).rows).toEqual([]);
    expect((await runOf()).sheets.onetime).toBeNull();
  });

  it('the filled-in template uploads its rows once; a second item of a type is numbered', async () => {
    const tpl = await callAs(t, admin, 'GET', `/api/templates/onetime-payout-sheet?payrun_id=${run}`);
    const wb = await workbook(tpl);
    const ws = wb.getWorksheet('One-time payouts')!;
    // Row 4 is Priya (ACM0003); row 5 is ACM0004. Everyone else's row stays empty (skipped).
    ws.getRow(4).getCell(3).value = 'Bonus';
    ws.getRow(4).getCell(4).value = 'Diwali bonus';
    ws.getRow(4).getCell(5).value = 5000;
    ws.addRow(['ACM0003', '', 'Bonus', 'Spot award', 1000.5]);
    ws.getRow(5).getCell(3).value = 'Deduction';
    ws.getRow(5).getCell(4).value = 'Laptop recovery';
    ws.getRow(5).getCell(5).value = 2000;
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    await fakeComputed();
    const up = await send(admin, 'POST', `/api/payrun/upload-onetimepayout/${run}`, 'diwali.xlsx', file);
    expect(up.statusCode).toBe(200);
    expect(up.json().message).toBe('One-time payout sheet uploaded: 3 rows');
    expect(up.json().data).toMatchObject({
      status: 'draft',
      sheets: { onetime: { file_name: 'diwali.xlsx', rows: 3 } },
    });
    expect(await payslips()).toBe(0);
    const { rows } = await items();
    expect(rows.map((r) => [r.code, r.label, r.kind, r.amount_paise])).toEqual([
      ['SHEET_BONUS', 'Diwali bonus', 'earning', '500000'],
      ['SHEET_BONUS_2', 'Spot award', 'earning', '100050'],
      ['SHEET_DEDUCTION', 'Laptop recovery', 'deduction', '200000'],
    ]);
    expect(rows[0]).toMatchObject({
      employee_id: ids.ACM0003,
      taxable: true,
      epf_wage: false,
      esi_wage: false,
    });
    expect(rows[0]!.explain).toBe('Bonus from the one-time payout sheet diwali.xlsx, row 4');

    const again = await send(admin, 'POST', `/api/payrun/upload-onetimepayout/${run}`, 'diwali.xlsx', file);
    expect(again.json().message).toBe('One-time payout sheet already uploaded: nothing changed');
    expect((await items()).rows).toHaveLength(3);

    // Two uploads of another sheet at once: one replaces, the other finds it current.
    const next = csv(OT, [['ACM0004', '', 'Incentive', 'Q3 incentive', 750]]);
    const both = await Promise.all([
      send(admin, 'POST', `/api/payrun/upload-onetimepayout/${run}`, 'q3.csv', next),
      send(admin, 'POST', `/api/payrun/upload-onetimepayout/${run}`, 'q3.csv', next),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const after = (await items()).rows;
    expect(after.map((r) => [r.code, r.amount_paise, r.esi_wage, r.epf_wage])).toEqual([
      ['SHEET_INCENTIVE', '75000', true, false],
    ]);
  });

  it('remove takes the sheet’s items away and sends a computed run back to draft', async () => {
    await fakeComputed();
    const res = await callAs(t, admin, 'DELETE', `/api/payrun/remove-onetimepayout/${run}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'draft', sheets: { onetime: null } });
    expect((await items()).rows).toEqual([]);
    expect(await payslips()).toBe(0);
    expect((await callAs(t, admin, 'DELETE', `/api/payrun/remove-onetimepayout/${run}`)).statusCode).toBe(
      404,
    );
  });
});

const TDS = ['Employee code', 'Employee name', 'TDS for the month (₹)', 'Reason'];
const overrides = () =>
  t.db.query<{ employee_id: string; tds_paise: string; reason: string }>(
    'SELECT employee_id, tds_paise::text, reason FROM pay_run_tds_overrides WHERE run_id = $1 ORDER BY tds_paise',
    [run],
  );

describe('TDS sheet', () => {
  it('template, preview with errors, upload, the same twice, remove; a computed run back to draft', async () => {
    const tpl = await callAs(t, admin, 'GET', `/api/templates/tds-sheet?payrun_id=${run}`);
    expect(tpl.statusCode).toBe(200);
    const ws = (await workbook(tpl)).getWorksheet('TDS')!;
    expect(values(ws, 1)).toEqual(TDS);
    expect(ws.actualRowCount).toBe(59);

    const bad = csv(TDS, [
      ['ACM0003', '', 0, 'Declarations cover the year'],
      ['ACM0004', '', 2500, ''],
      ['ACM0005', '', -10, 'Refund'],
      ['ACM0003', '', 100, 'Again'],
      ['ACM0060', '', 100, 'Left'],
    ]);
    const pre = await send(admin, 'POST', `/api/payrun/upload-tds/preview?payrun_id=${run}`, 'tds.csv', bad);
    expect(pre.json().data.errors.map((e: { message: string }) => e.message)).toEqual([
      'Row 3, Reason: say why the computed TDS is overridden',
      'Row 4, TDS for the month (₹): an amount cannot be negative',
      'Row 5, Employee code: Priya Sharma (ACM0003) is already on row 2: one row per employee',
      expect.stringMatching(/^Row 6, Employee code: .+ \(ACM0060\) left on 15 Oct 2026, before Nov 2026$/),
    ]);
    expect((await send(admin, 'POST', `/api/payrun/upload-tds/${run}`, 'tds.csv', bad)).statusCode).toBe(400);
    expect((await overrides()).rows).toEqual([]);

    // The template filled in for two employees; the other rows stay empty and are skipped.
    const good = csv(TDS, [
      ['ACM0003', 'Priya Sharma', 0, 'Declarations cover the year'],
      ['ACM0004', '', '', ''],
      ['ACM0005', '', '2,500.50', 'Arrears of last year'],
    ]);
    await fakeComputed();
    const up = await send(admin, 'POST', `/api/payrun/upload-tds/${run}`, 'tds.csv', good);
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ status: 'draft', sheets: { tds: { rows: 2 } } });
    expect((await overrides()).rows).toEqual([
      { employee_id: ids.ACM0003, tds_paise: '0', reason: 'Declarations cover the year' },
      { employee_id: ids.ACM0005, tds_paise: '250050', reason: 'Arrears of last year' },
    ]);
    const [a, b] = await Promise.all([
      send(admin, 'POST', `/api/payrun/upload-tds/${run}`, 'tds.csv', good),
      send(admin, 'POST', `/api/payrun/upload-tds/${run}`, 'tds.csv', good),
    ]);
    expect([a.json().message, b.json().message]).toEqual([
      'TDS sheet already uploaded: nothing changed',
      'TDS sheet already uploaded: nothing changed',
    ]);
    expect((await overrides()).rows).toHaveLength(2);

    // The template now carries the uploaded figures.
    const again = (
      await workbook(await callAs(t, admin, 'GET', `/api/templates/tds-sheet?payrun_id=${run}`))
    ).getWorksheet('TDS')!;
    expect(values(again, 6)).toEqual(['ACM0005', expect.any(String), 2500.5, 'Arrears of last year']);

    await fakeComputed();
    const del = await callAs(t, admin, 'DELETE', `/api/payrun/remove-tds/${run}`);
    expect(del.json().data).toMatchObject({ status: 'draft', sheets: { tds: null } });
    expect((await overrides()).rows).toEqual([]);
  });
});

const YTD_HEAD = [
  'Employee code',
  'Employee name',
  'Months paid',
  'Gross salary (₹)',
  'Taxable salary (₹)',
  'Basic + DA (₹)',
  'HRA (₹)',
  'PF wage (₹)',
  'Employee PF (₹)',
  'Employer PF (₹)',
  'Professional tax (₹)',
  'TDS (₹)',
  'Previous employer income (₹)',
  'Previous employer TDS (₹)',
];

describe('opening year-to-date', () => {
  const fy = '2026-27';
  it('template of the year’s employees; preview errors; upload; list; the same twice; remove', async () => {
    const tpl = await callAs(t, admin, 'GET', `/api/templates/opening-ytd-sheet?financial_year=${fy}`);
    expect(tpl.statusCode).toBe(200);
    const ws = (await workbook(tpl)).getWorksheet('Opening year-to-date')!;
    expect(values(ws, 1)).toEqual(YTD_HEAD);
    // ACM0060 left in October: in the year; ACM0059 left in February 2026: not.
    expect(ws.actualRowCount).toBe(1 + 59);
    expect(
      (await callAs(t, admin, 'GET', '/api/templates/opening-ytd-sheet?financial_year=2026-28')).statusCode,
    ).toBe(400);

    const bad = csv(YTD_HEAD, [
      ['ACM0003', '', 7, '4,20,000', '3,90,000', '', '', '', '', '', 1400, 21000, '', ''],
      ['ACM0004', '', 13, 1000, '', '', '', '', '', '', '', '', '', ''],
      ['ACM0005', '', 0, 1000, '', '', '', '', '', '', '', '', '', ''],
      ['ACM0059', '', 1, 1000, '', '', '', '', '', '', '', '', '', ''],
    ]);
    const pre = await send(
      admin,
      'POST',
      `/api/payrun/upload-opening-ytd/preview?financial_year=${fy}`,
      'ytd.csv',
      bad,
    );
    expect(pre.statusCode).toBe(200);
    expect(pre.json().data.errors.map((e: { message: string }) => e.message)).toEqual([
      'Row 3, Months paid: write the months paid, 0 to 12',
      'Row 4, Months paid: give the months these figures cover (1 to 12)',
      expect.stringMatching(
        /^Row 5, Employee code: .* \(ACM0059\) left on 10 Feb 2026, before the financial year 2026-27$/,
      ),
    ]);
    expect(pre.json().data.rows[0]).toMatchObject({
      months_paid: 7,
      gross_paise: 42_000_000,
      hra_paise: 0,
      tds_paise: 2_100_000,
    });
    expect(await count('SELECT count(*)::int AS n FROM payroll_opening_ytd')).toBe(0);
    expect(
      (await send(admin, 'POST', `/api/payrun/upload-opening-ytd?financial_year=${fy}`, 'ytd.csv', bad))
        .statusCode,
    ).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM payroll_opening_ytd')).toBe(0);

    const good = csv(YTD_HEAD, [
      [
        'ACM0003',
        '',
        7,
        '4,20,000',
        '3,90,000',
        '2,10,000',
        '84,000',
        '1,05,000',
        '12,600',
        '12,600',
        1400,
        21000,
        '',
        '',
      ],
      ['ACM0004', '', 7, 350000, 350000, '', '', '', '', '', '', 0, 600000, 45000.5],
    ]);
    await fakeComputed();
    const up = await send(
      admin,
      'POST',
      `/api/payrun/upload-opening-ytd?financial_year=${fy}`,
      'ytd.csv',
      good,
    );
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ financial_year: fy, employees: 2, changed: true });
    // The year's open run used the old figures: back to draft.
    expect((await runOf()).status).toBe('draft');
    expect(await payslips()).toBe(0);
    const list = await callAs(
      t,
      admin,
      'GET',
      `/api/payrun/opening-ytd?financial_year=${fy}&page=1&records=10`,
    );
    expect(list.json().meta.totalCount).toBe(2);
    expect(list.json().data[1]).toMatchObject({
      employee_code: 'ACM0004',
      months_paid: 7,
      gross_paise: 35_000_000,
      previous_employer_income_paise: 60_000_000,
      previous_employer_tds_paise: 4_500_050,
      basic_da_paise: 0,
    });
    const search = await callAs(t, admin, 'GET', `/api/payrun/opening-ytd?financial_year=${fy}&search=priya`);
    expect(search.json().data.map((r: { employee_code: string }) => r.employee_code)).toEqual(['ACM0003']);
    // Another company sees none of it.
    const g = await callAs(t, globex, 'GET', `/api/payrun/opening-ytd?financial_year=${fy}`);
    expect(g.json().meta.totalCount).toBe(0);

    const again = await Promise.all([
      send(admin, 'POST', `/api/payrun/upload-opening-ytd?financial_year=${fy}`, 'ytd.csv', good),
      send(admin, 'POST', `/api/payrun/upload-opening-ytd?financial_year=${fy}`, 'ytd.csv', good),
    ]);
    expect(again.map((r) => r.json().data.changed)).toEqual([false, false]);
    expect(await count('SELECT count(*)::int AS n FROM payroll_opening_ytd')).toBe(2);

    const del = await callAs(t, admin, 'DELETE', `/api/payrun/opening-ytd?financial_year=${fy}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Opening figures of 2026-27 removed (2 employees)');
    expect(await count('SELECT count(*)::int AS n FROM payroll_opening_ytd')).toBe(0);
    expect(
      (await callAs(t, admin, 'DELETE', `/api/payrun/opening-ytd?financial_year=${fy}`)).statusCode,
    ).toBe(404);
  });
});

describe('a confirmed run refuses every change (409), the year’s opening figures too', () => {
  it('uploads, removes and attendance of a confirmed run, and opening figures of its year', async () => {
    const oct = await callAs(t, admin, 'POST', '/api/payrun', {
      month: 10,
      year: 2026,
      pay_date: '2026-10-31',
    });
    expect(oct.statusCode).toBe(201);
    const id = oct.json().data.id as string;
    await t.db.query(`UPDATE pay_runs SET status = 'confirmed', confirmed_at = now() WHERE id = $1`, [id]);
    const file = csv(TDS, [['ACM0004', '', 100, 'A reason']]);
    const refusals = [
      await send(admin, 'POST', `/api/payrun/upload-tds/${id}`, 't.csv', file),
      await send(
        admin,
        'POST',
        `/api/payrun/upload-attendance/${id}`,
        'a.csv',
        csv(ATT, [['ACM0004', '', '', 1, '', '']]),
      ),
      await callAs(t, admin, 'DELETE', `/api/payrun/remove-onetimepayout/${id}`),
      await callAs(t, admin, 'POST', `/api/payrun/confirm-attendance/${id}`),
      await callAs(t, admin, 'PUT', `/api/payrun/remove-attendance/${id}`),
      await callAs(t, admin, 'DELETE', `/api/payrun/remove-attendance-sheet/${id}`),
    ];
    for (const r of refusals) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(
        'This pay run is confirmed and can no longer change: make corrections in the next month’s run',
      );
    }
    const ytd = await send(
      admin,
      'POST',
      '/api/payrun/upload-opening-ytd?financial_year=2026-27',
      'y.csv',
      csv(YTD_HEAD, [['ACM0004', '', 1, 1000]]),
    );
    expect(ytd.statusCode).toBe(409);
    expect(ytd.json().message).toBe(
      'The Oct 2026 pay run of 2026-27 is confirmed: its payslips already carry the year-to-date figures, so the opening figures of 2026-27 can no longer change',
    );
    expect(
      (await callAs(t, admin, 'DELETE', '/api/payrun/opening-ytd?financial_year=2026-27')).statusCode,
    ).toBe(409);
    // Reading still works: a preview of a confirmed run's sheet is allowed and stores nothing in it.
    const pre = await send(admin, 'POST', `/api/payrun/upload-tds/preview?payrun_id=${id}`, 't.csv', file);
    expect(pre.statusCode).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM pay_run_tds_overrides WHERE run_id = $1', [id])).toBe(
      0,
    );
  });
});

describe('roles, tenancy, file kinds and the upload guard', () => {
  const routes = (id: string) =>
    [
      ['GET', `/api/templates/attendance-sheet?payrun_id=${id}`],
      ['GET', `/api/templates/onetime-payout-sheet?payrun_id=${id}`],
      ['GET', `/api/templates/tds-sheet?payrun_id=${id}`],
      ['POST', `/api/payrun/upload-attendance/preview?payrun_id=${id}`],
      ['POST', `/api/payrun/upload-onetimepayout/preview?payrun_id=${id}`],
      ['POST', `/api/payrun/upload-tds/preview?payrun_id=${id}`],
      ['POST', `/api/payrun/upload-attendance/${id}`],
      ['POST', `/api/payrun/upload-onetimepayout/${id}`],
      ['POST', `/api/payrun/upload-tds/${id}`],
      ['POST', `/api/payrun/confirm-attendance/${id}`],
      ['PUT', `/api/payrun/remove-attendance/${id}`],
      ['DELETE', `/api/payrun/remove-attendance-sheet/${id}`],
      ['DELETE', `/api/payrun/remove-onetimepayout/${id}`],
      ['DELETE', `/api/payrun/remove-tds/${id}`],
    ] as const;
  // Each upload carries a file of its own sheet, so only the run or the role can refuse it.
  const fileFor = (url: string) =>
    url.includes('attendance')
      ? csv(ATT, [['ACM0004', '', '', 1, '', '']])
      : url.includes('onetime')
        ? csv(OT, [['ACM0004', '', 'Bonus', 'B', 1]])
        : url.includes('opening')
          ? csv(YTD_HEAD, [['ACM0004', '', 1, 1000]])
          : csv(TDS, [['ACM0004', '', 100, 'A reason']]);
  const call = (s: Session, method: string, url: string) =>
    method === 'POST' && url.includes('upload')
      ? send(s, 'POST', url, 'x.csv', fileFor(url))
      : callAs(t, s, method, url);

  it('employees and managers get 403 on every sheet route; another company’s run is 404', async () => {
    const all = [
      ...routes(run),
      ['GET', '/api/templates/opening-ytd-sheet?financial_year=2026-27'],
      ['POST', '/api/payrun/upload-opening-ytd/preview?financial_year=2026-27'],
      ['POST', '/api/payrun/upload-opening-ytd?financial_year=2026-27'],
      ['GET', '/api/payrun/opening-ytd?financial_year=2026-27'],
      ['DELETE', '/api/payrun/opening-ytd?financial_year=2026-27'],
    ] as const;
    for (const s of [employee, manager]) {
      for (const [method, url] of all) {
        const res = await call(s, method, url);
        expect(`${method} ${url}: ${res.statusCode}`).toBe(`${method} ${url}: 403`);
      }
    }
    for (const [method, url] of routes(run)) {
      const res = await call(globex, method, url);
      expect(`${method} ${url}: ${res.statusCode}`).toBe(`${method} ${url}: 404`);
    }
    expect(await count('SELECT count(*)::int AS n FROM sheet_imports WHERE company_id <> $1', [acme])).toBe(
      0,
    );
  });

  it('refuses a zip bomb .xlsx through the guard, a file that is not what it says, and a missing file', async () => {
    const bomb = bombXlsx(1_600_000);
    for (const url of [
      `/api/payrun/upload-attendance/preview?payrun_id=${run}`,
      `/api/payrun/upload-onetimepayout/${run}`,
      `/api/payrun/upload-tds/preview?payrun_id=${run}`,
      '/api/payrun/upload-opening-ytd?financial_year=2026-27',
    ]) {
      const res = await send(admin, 'POST', url, 'bomb.xlsx', bomb);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        /^bomb\.xlsx was refused: it would unpack to .* MB, more than the limit of 64 MB$/,
      );
    }
    const fake = await send(
      admin,
      'POST',
      `/api/payrun/upload-tds/${run}`,
      'fake.xlsx',
      Buffer.from('a,b\n'),
    );
    expect(fake.statusCode).toBe(415);
    const pdf = await send(admin, 'POST', `/api/payrun/upload-tds/${run}`, 'x.pdf', Buffer.from('%PDF-1.4'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe('Upload an .xlsx or .csv file');
    const header = await send(
      admin,
      'POST',
      `/api/payrun/upload-tds/${run}`,
      'h.csv',
      Buffer.from('code,amount\nA,1\n'),
    );
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(
      'The header row lacks required columns: Employee code, TDS for the month (₹), Reason',
    );
    const empty = await send(admin, 'POST', `/api/payrun/upload-tds/${run}`, 'e.csv', csv(TDS, []));
    expect(empty.json().message).toBe('The file has no TDS rows');
    const none = await callAs(t, admin, 'POST', `/api/payrun/upload-tds/${run}`);
    expect(none.statusCode).toBe(415);
    const wrongId = await callAs(t, admin, 'POST', `/api/payrun/upload-tds/${run}`, { import_id: 'nope' });
    expect(wrongId.statusCode).toBe(400);
    expect(wrongId.json().errors).toEqual([
      { path: 'import_id', message: 'Give the import_id of a preview of this sheet' },
    ]);
    // A preview of another sheet (or another run) is not this sheet's.
    const pre = await send(
      admin,
      'POST',
      `/api/payrun/upload-onetimepayout/preview?payrun_id=${run}`,
      'o.csv',
      csv(OT, [['ACM0004', '', 'Bonus', 'B', 1]]),
    );
    const cross = await callAs(t, admin, 'POST', `/api/payrun/upload-tds/${run}`, {
      import_id: pre.json().data.import_id,
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe(
      'That sheet preview was not found (for this sheet and this run or year): preview the file again',
    );
    const next = await callAs(t, admin, 'GET', `/api/payrun/${run}`);
    expect(next.statusCode).toBe(200);
  });

  it('deleting a run deletes its sheets', async () => {
    const oct = (await callAs(t, admin, 'GET', '/api/payrun?page=1&records=10')).json().data as {
      id: string;
      month: string;
    }[];
    const nov = oct.find((r) => r.month === '2026-11')!;
    await send(
      admin,
      'POST',
      `/api/payrun/upload-tds/${nov.id}`,
      'keep.csv',
      csv(TDS, [['ACM0004', '', 100, 'A reason']]),
    );
    expect(
      await count('SELECT count(*)::int AS n FROM sheet_imports WHERE run_id = $1', [nov.id]),
    ).toBeGreaterThan(0);
    expect((await callAs(t, admin, 'DELETE', `/api/payrun/${nov.id}`)).statusCode).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM sheet_imports WHERE run_id = $1', [nov.id])).toBe(0);
  });
});
