import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

/**
 * The two ingest paths' rules: a punch's direction is kept in the ledger as sent; unknown employee
 * codes are reported by the device feed (known codes stored) and refuse the whole file upload.
 */
let t: TestApp;
let admin: Session;
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
const ledger = (employeeId: string, date: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ at: string; direction: string | null; source: string }>(
      `SELECT to_char(punched_at AT TIME ZONE 'Asia/Kolkata', 'HH24:MI') AS at, direction, source
         FROM attendance_punches
        WHERE employee_id = $1 AND (punched_at AT TIME ZONE 'Asia/Kolkata')::date = $2::date
        ORDER BY punched_at`,
      [employeeId, date],
    );
    return rows.map((r) => [r.at, r.direction, r.source]);
  });

beforeAll(async () => {
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '86400' } });
  acme = await t.companyId('Acme Corp');
  t.clock.set(new Date('2026-03-31T20:00:00+05:30'));
  ({ admin } = await demoSessions(t));
  const { rows } = await t.db.query<{ email: string; id: string; employee_code: string }>(
    `SELECT email, id, employee_code FROM employees WHERE email IN ('manager@acme.test', 'employee@acme.test')`,
  );
  for (const r of rows) {
    codes[r.email.split('@')[0]!] = r.employee_code;
    ids[r.email.split('@')[0]!] = r.id;
  }
});
afterAll(() => t.close());

describe('punch direction', () => {
  it('a file keeps each row’s direction (empty stays null); the day is still first in, last out', async () => {
    const res = await upload(
      admin,
      'dir.csv',
      csv([
        `${codes.employee},2026-03-20 09:20,in,biometric`,
        `${codes.employee},2026-03-20 13:00,,biometric`,
        // A device mislabelling the evening punch "in": derivation still takes it as the last out.
        `${codes.employee},2026-03-20 18:30,IN,biometric`,
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: 3, added: 3, duplicates: 0 });
    expect(await ledger(ids.employee!, '2026-03-20')).toEqual([
      ['09:20', 'in', 'biometric'],
      ['13:00', null, 'biometric'],
      ['18:30', 'in', 'biometric'],
    ]);
    const { rows } = await t.db.tenant(acme, (tx) =>
      tx.query<{ status: string; worked_minutes: number; last_out: Date }>(
        `SELECT status, worked_minutes, last_out FROM attendance_days WHERE employee_id = $1 AND date = '2026-03-20'`,
        [ids.employee],
      ),
    );
    expect(rows[0]!.status).toBe('present');
    expect(new Date(rows[0]!.last_out).toISOString()).toBe('2026-03-20T13:00:00.000Z');
  });

  it('a device import keeps the direction it sends; a direction other than in/out is refused by name', async () => {
    const res = await callAs(t, admin, 'POST', '/api/attendance/punches/import', {
      source: 'biometric',
      device_id: 'gate-2',
      punches: [
        { employee_code: codes.manager, at: '2026-03-23T09:25:00+05:30', direction: 'in' },
        { employee_code: codes.manager, at: '2026-03-23T18:40:00+05:30', direction: 'out' },
        { employee_code: codes.manager, at: '2026-03-23T12:00:00+05:30' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: 3, stored: 3, duplicates: 0, unknown_employees: [] });
    expect(await ledger(ids.manager!, '2026-03-23')).toEqual([
      ['09:25', 'in', 'biometric'],
      ['12:00', null, 'biometric'],
      ['18:40', 'out', 'biometric'],
    ]);
    const bad = await callAs(t, admin, 'POST', '/api/attendance/punches/import', {
      source: 'biometric',
      punches: [{ employee_code: codes.manager, at: '2026-03-24T09:25:00+05:30', direction: 'sideways' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['punches.0.direction']);
  });
});

describe('unknown employee codes: one rule per path', () => {
  it('the device feed stores the known codes’ punches and reports the unknown codes', async () => {
    const res = await callAs(t, admin, 'POST', '/api/attendance/punches/import', {
      source: 'biometric',
      punches: [
        { employee_code: codes.employee, at: '2026-03-24T09:10:00+05:30', direction: 'in' },
        { employee_code: 'BADGE-404', at: '2026-03-24T09:11:00+05:30' },
        { employee_code: 'BADGE-405', at: '2026-03-24T09:12:00+05:30' },
        { employee_code: 'BADGE-404', at: '2026-03-24T18:11:00+05:30' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      received: 4,
      stored: 1,
      duplicates: 0,
      unknown_employees: ['BADGE-404', 'BADGE-405'],
    });
    expect(await ledger(ids.employee!, '2026-03-24')).toEqual([['09:10', 'in', 'biometric']]);
  });

  it('the file upload stores nothing when one code is unknown, naming every such row', async () => {
    const res = await upload(
      admin,
      'mixed.csv',
      csv([
        `${codes.employee},2026-03-25 09:10,in,`,
        'BADGE-404,2026-03-25 09:11,in,',
        `${codes.manager},2026-03-25 09:12,in,`,
        'BADGE-405,2026-03-25 09:13,,',
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('2 rows with errors: no punches were stored');
    expect(res.json().errors).toEqual([
      {
        row: 3,
        field: 'employee_code',
        path: 'row 3.employee_code',
        message: 'No employee with code BADGE-404',
      },
      {
        row: 5,
        field: 'employee_code',
        path: 'row 5.employee_code',
        message: 'No employee with code BADGE-405',
      },
    ]);
    expect(await ledger(ids.employee!, '2026-03-25')).toEqual([]);
    expect(await ledger(ids.manager!, '2026-03-25')).toEqual([]);
  });
});
