import ExcelJS from 'exceljs';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
const ids: Record<string, string> = {};

/** Kolkata wall time as an instant. */
const ist = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+05:30`);

/** Moves the clock and signs everyone in again (access tokens last a day at most). */
async function setClock(d: Date) {
  t.clock.set(d);
  ({ admin, manager, employee, globex } = await demoSessions(t));
}

beforeAll(async () => {
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '86400' } });
  acme = await t.companyId('Acme Corp');
  await setClock(ist('2026-03-10', '08:00'));
  const { rows } = await t.db.query<{ email: string; id: string; employee_code: string }>(
    `SELECT email, id, employee_code FROM employees WHERE email IN ('admin@acme.test', 'manager@acme.test', 'employee@acme.test')`,
  );
  for (const r of rows) {
    ids[r.email.split('@')[0]!] = r.id;
    ids[`${r.email.split('@')[0]}_code`] = r.employee_code;
  }
  // Regularisations go to the employee's manager.
  const flow = await callAs(t, admin, 'POST', '/api/approval-flow', {
    name: 'Regularisation',
    request_type: 'regularisation',
    is_default: true,
    levels: [{ approver_kind: 'employee', approver_employee_ids: [ids.manager], rule: 'any' }],
  });
  expect(flow.statusCode).toBe(201);
});
afterAll(() => t.close());

const punchesOf = (employeeId: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ punched_at: Date; source: string }>(
      'SELECT punched_at, source FROM attendance_punches WHERE employee_id = $1 ORDER BY punched_at',
      [employeeId],
    );
    return rows;
  });

describe('punches', () => {
  it('an employee punches in and out from the web; the same punch twice is stored once', async () => {
    await setClock(ist('2026-03-10', '09:35'));
    const first = await callAs(t, employee, 'PUT', '/api/attendance', {});
    expect(first.statusCode).toBe(200);
    expect(first.json().data.next).toBe('out');
    const [a, b] = await Promise.all([
      callAs(t, employee, 'PUT', '/api/attendance', {}),
      callAs(t, employee, 'PUT', '/api/attendance', {}),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await punchesOf(ids.employee!)).toHaveLength(1);

    await setClock(ist('2026-03-10', '18:40'));
    const out = await callAs(t, employee, 'PUT', '/api/attendance', {});
    expect(out.statusCode).toBe(200);
    const data = out.json().data;
    expect(data.punches).toHaveLength(2);
    expect(data.day).toMatchObject({
      date: '2026-03-10',
      status: 'present',
      worked_minutes: 485,
      late: false,
    });

    const pd = await callAs(t, employee, 'GET', '/api/employee/punch-data');
    expect(pd.json().data).toMatchObject({
      date: '2026-03-10',
      time_zone: 'Asia/Kolkata',
      next: 'in',
      punched_in_at: null,
    });
  });

  it('a device import is one ingest path: duplicates skipped, unknown codes named', async () => {
    const body = {
      source: 'biometric',
      device_id: 'gate-1',
      punches: [
        { employee_code: ids.manager_code, at: '2026-03-10T04:10:00Z' },
        { employee_code: ids.manager_code, at: '2026-03-10T04:10:00.400Z' },
        { employee_code: ids.manager_code, at: '2026-03-10T13:20:00Z' },
        { employee_code: 'NOPE999', at: '2026-03-10T13:20:00Z' },
      ],
    };
    const r1 = await callAs(t, admin, 'POST', '/api/attendance/punches/import', body);
    expect(r1.statusCode).toBe(200);
    expect(r1.json().data).toEqual({ received: 4, stored: 2, duplicates: 1, unknown_employees: ['NOPE999'] });
    const r2 = await callAs(t, admin, 'POST', '/api/attendance/punches/import', body);
    expect(r2.json().data).toMatchObject({ stored: 0, duplicates: 3 });
    expect(await punchesOf(ids.manager!)).toHaveLength(2);
    // Another company's import cannot reach Acme's people.
    const g = await callAs(t, globex, 'POST', '/api/attendance/punches/import', body);
    expect(g.json().data.unknown_employees).toContain(ids.manager_code);
    expect((await callAs(t, employee, 'POST', '/api/attendance/punches/import', body)).statusCode).toBe(403);
  });

  it('malformed bodies are refused naming the field', async () => {
    const r = await callAs(t, employee, 'PUT', '/api/attendance', { lat: 'north' });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain('lat');
    const big = await callAs(t, admin, 'POST', '/api/attendance/punches/import', {
      source: 'biometric',
      punches: Array.from({ length: 5001 }, () => ({ employee_code: 'X', at: '2026-03-10T04:10:00Z' })),
    });
    expect(big.statusCode).toBe(400);
  });

  it('outside the policy radius a web punch is refused', async () => {
    await t.db.tenant(acme, (tx) =>
      tx.query(
        `UPDATE attendance_policies SET location_lat = 12.9716, location_lng = 77.5946, location_radius_metres = 200`,
      ),
    );
    try {
      await setClock(ist('2026-03-10', '19:00'));
      const none = await callAs(t, manager, 'PUT', '/api/attendance', {});
      expect(none.statusCode).toBe(400);
      const far = await callAs(t, manager, 'PUT', '/api/attendance', { lat: 12.9806, lng: 77.5946 });
      expect(far.statusCode).toBe(403);
      expect(far.json().message).toMatch(/1001 m from the office; punches are accepted within 200 m/);
      const near = await callAs(t, manager, 'PUT', '/api/attendance', { lat: 12.9717, lng: 77.5946 });
      expect(near.statusCode).toBe(200);
    } finally {
      await t.db.tenant(acme, (tx) =>
        tx.query(
          'UPDATE attendance_policies SET location_lat = NULL, location_lng = NULL, location_radius_metres = NULL',
        ),
      );
    }
  });
});

describe('days, logs and summary', () => {
  it('the month: every day, two-digit day and weekday; past days without punches absent or weekly off', async () => {
    await setClock(ist('2026-03-11', '10:00'));
    const r = await callAs(t, employee, 'GET', '/api/attendance/month?month=3&year=2026');
    expect(r.statusCode).toBe(200);
    const days = r.json().data.days as {
      date: string;
      day: string;
      weekday: string;
      status: string | null;
    }[];
    expect(days).toHaveLength(31);
    expect(days[0]).toMatchObject({ day: '01', weekday: 'Sun', status: 'weekly_off' });
    expect(days[1]).toMatchObject({ day: '02', weekday: 'Mon', status: 'absent' });
    expect(days[9]).toMatchObject({ status: 'present' });
    expect(days[20]!.status).toBeNull(); // to come
  });

  it('logs: paged, date descending by default, status filter', async () => {
    const r = await callAs(t, employee, 'GET', '/api/attendance/logs?month=3&year=2026&records=5');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.data).toHaveLength(5);
    expect(body.meta.totalCount).toBe(10);
    const dates = body.data.map((d: { date: string }) => d.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2026-03-10');
    const present = await callAs(t, employee, 'GET', '/api/attendance/logs?month=3&year=2026&status=present');
    expect(present.json().data.map((d: { date: string }) => d.date)).toEqual(['2026-03-10']);
  });

  it('summary counts the month', async () => {
    const r = await callAs(t, employee, 'GET', '/api/dashboard/attendance-summary?month=3&year=2026');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ regularisations_allowed: 3, worked_minutes: 485 });
    expect(r.json().data.counts.present).toBe(1);
    expect(r.json().data.counts.weekly_off).toBe(2); // Sundays 1 and 8
  });

  it('data scope: own, team, company; another company sees nothing', async () => {
    const url = (id: string) => `/api/attendance/logs?month=3&year=2026&employee_id=${id}`;
    expect((await callAs(t, employee, 'GET', url(ids.manager!))).statusCode).toBe(404);
    expect((await callAs(t, manager, 'GET', url(ids.employee!))).statusCode).toBe(200);
    expect((await callAs(t, manager, 'GET', url(ids.admin!))).statusCode).toBe(404);
    expect((await callAs(t, admin, 'GET', url(ids.employee!))).statusCode).toBe(200);
    expect((await callAs(t, globex, 'GET', url(ids.employee!))).statusCode).toBe(404);
    expect(
      (await callAs(t, globex, 'GET', `/api/attendance/month?month=3&year=2026&employee_id=${ids.employee}`))
        .statusCode,
    ).toBe(404);
    expect((await callAs(t, employee, 'GET', '/api/attendance/logs?month=13&year=2026')).statusCode).toBe(
      400,
    );
  });

  it('team today and the admin muster, with their permissions', async () => {
    await setClock(ist('2026-03-10', '20:00'));
    const team = await callAs(t, manager, 'GET', '/api/attendance/team/today');
    expect(team.statusCode).toBe(200);
    const row = team.json().data.rows.find((r: { employee_id: string }) => r.employee_id === ids.employee);
    expect(row).toMatchObject({ status: 'present', late: false });
    expect((await callAs(t, employee, 'GET', '/api/attendance/team/today')).statusCode).toBe(403);

    const muster = await callAs(t, admin, 'GET', '/api/attendance/muster?month=3&year=2026&records=100');
    expect(muster.statusCode).toBe(200);
    const mine = muster.json().data.find((r: { employee_id: string }) => r.employee_id === ids.employee);
    expect(mine.days).toHaveLength(31);
    expect(mine.days[9]).toBe('present');
    expect((await callAs(t, manager, 'GET', '/api/attendance/muster?month=3&year=2026')).statusCode).toBe(
      403,
    );
    expect((await callAs(t, employee, 'GET', '/api/attendance/muster?month=3&year=2026')).statusCode).toBe(
      403,
    );
    const g = await callAs(t, globex, 'GET', '/api/attendance/muster?month=3&year=2026&records=100');
    expect(
      g.json().data.find((r: { employee_id: string }) => r.employee_id === ids.employee),
    ).toBeUndefined();
  });
});

describe('exports', () => {
  it('the month as CSV and .xlsx, named {prefix}-{MM-YYYY}', async () => {
    const csv = await callAs(t, employee, 'GET', '/api/attendance/export?month=3&year=2026&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="attendance-03-2026.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe('Date,Day,Status,In,Out,Worked (h:mm),Late (min),Early exit,Missed punch');
    expect(lines[10]).toBe('2026-03-10,Tue,Present,09:35,18:40,8:05,,,');

    const xlsx = await callAs(t, employee, 'GET', '/api/attendance/export?month=3&year=2026&format=xlsx');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="attendance-03-2026.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(32);
    expect((ws.getRow(11).values as unknown[]).slice(1, 7)).toEqual([
      '2026-03-10',
      'Tue',
      'Present',
      '09:35',
      '18:40',
      '8:05',
    ]);

    const m = await callAs(t, admin, 'GET', '/api/attendance/muster/export?month=3&year=2026&format=xlsx');
    expect(m.headers['content-disposition']).toBe('attachment; filename="attendance-muster-03-2026.xlsx"');
    expect(
      (await callAs(t, manager, 'GET', '/api/attendance/muster/export?month=3&year=2026&format=csv'))
        .statusCode,
    ).toBe(403);
  });
});

describe('regularisation', () => {
  const REC = '/api/attendance/regularization-record';
  let reqId: string;

  it('the reason list', async () => {
    const r = await callAs(t, employee, 'GET', '/api/attendance/regularization/dropdown');
    expect(r.json().data).toContainEqual({ value: 'missed_punch', label: 'Missed punch' });
  });

  it('an employee asks to correct a missed day; the manager approves; the day turns present', async () => {
    await setClock(ist('2026-03-11', '10:00'));
    const created = await callAs(t, employee, 'POST', REC, {
      date: '2026-03-09',
      punch_in: '09:30',
      punch_out: '18:35',
      reason: 'missed_punch',
      note: 'Card reader down',
    });
    expect(created.statusCode).toBe(201);
    reqId = created.json().data.id;
    expect(created.json().data).toMatchObject({ status: 'pending', reason_label: 'Missed punch' });
    expect(created.json().data.approval.next_approvers[0].id).toBe(ids.manager);

    const list = await callAs(t, employee, 'GET', `${REC}?month=3&year=2026`);
    expect(list.json().meta.totalCount).toBe(1);
    expect((await callAs(t, employee, 'GET', `${REC}/${reqId}`)).statusCode).toBe(200);
    expect((await callAs(t, manager, 'GET', `${REC}/${reqId}`)).statusCode).toBe(404);
    expect((await callAs(t, globex, 'GET', `${REC}/${reqId}`)).statusCode).toBe(404);

    const edited = await callAs(t, employee, 'PUT', `${REC}/${reqId}`, {
      date: '2026-03-09',
      punch_in: '09:30',
      punch_out: '18:45',
      reason: 'device_issue',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.reason).toBe('device_issue');

    const queue = await callAs(t, manager, 'GET', '/api/requests/regularization');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.map((r: { id: string }) => r.id)).toContain(reqId);
    expect((await callAs(t, employee, 'GET', '/api/requests/regularization')).statusCode).toBe(403);
    expect((await callAs(t, manager, 'GET', '/api/admin/requests/regularization')).statusCode).toBe(403);
    expect(
      (await callAs(t, globex, 'PUT', `/api/admin/requests/regularization/${reqId}/approve`, {})).statusCode,
    ).toBe(404);

    const ok = await callAs(t, manager, 'PUT', `/api/requests/regularization/${reqId}/approve`, {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('approved');
    const month = await callAs(t, employee, 'GET', '/api/attendance/month?month=3&year=2026');
    expect(month.json().data.days[8]).toMatchObject({
      date: '2026-03-09',
      status: 'present',
      worked_minutes: 495,
    });
    const sources = (await punchesOf(ids.employee!)).map((p) => p.source);
    expect(sources.filter((s) => s === 'regularisation')).toHaveLength(2);

    // Decided: no longer editable or removable.
    expect((await callAs(t, employee, 'DELETE', `${REC}/${reqId}`)).statusCode).toBe(409);
  });

  it('over the monthly limit is refused with a clear message; a withdrawn one frees its place', async () => {
    for (const date of ['2026-03-02', '2026-03-03']) {
      expect(
        (await callAs(t, employee, 'POST', REC, { date, punch_in: '09:30', reason: 'missed_punch' }))
          .statusCode,
      ).toBe(201);
    }
    const over = await callAs(t, employee, 'POST', REC, {
      date: '2026-03-04',
      punch_in: '09:30',
      reason: 'missed_punch',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You have used all 3 regularisations allowed for Mar 2026');

    const mine = await callAs(t, employee, 'GET', `${REC}?month=3&year=2026&status=pending`);
    const pendingId = mine.json().data[0].id;
    expect((await callAs(t, employee, 'DELETE', `${REC}/${pendingId}`)).statusCode).toBe(200);
    expect((await callAs(t, employee, 'GET', `${REC}/${pendingId}`)).json().data.status).toBe('cancelled');
    expect(
      (
        await callAs(t, employee, 'POST', REC, {
          date: '2026-03-04',
          punch_in: '09:30',
          reason: 'missed_punch',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('look-back, days to come and bad bodies are refused naming the field', async () => {
    const old = await callAs(t, manager, 'POST', REC, {
      date: '2026-01-05',
      punch_in: '09:30',
      reason: 'missed_punch',
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors[0]).toMatchObject({ path: 'date' });
    const future = await callAs(t, manager, 'POST', REC, {
      date: '2026-03-20',
      punch_in: '09:30',
      reason: 'missed_punch',
    });
    expect(future.statusCode).toBe(400);
    const none = await callAs(t, manager, 'POST', REC, { date: '2026-03-05', reason: 'missed_punch' });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('punch_in');
    const bad = await callAs(t, manager, 'POST', REC, {
      date: '2026-03-05',
      punch_in: '25:00',
      reason: 'nope',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('in and out times: equal refused, out before in refused for a day shift and taken as the next morning for a night shift; each next to its field in words', async () => {
    const body = { date: '2026-03-06', reason: 'missed_punch' };
    const same = await callAs(t, manager, 'POST', REC, { ...body, punch_in: '09:00', punch_out: '09:00' });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([
      { path: 'punch_out', message: 'The out time is the same as the in time' },
    ]);
    expect(same.json().message).toBe('Out time: The out time is the same as the in time');

    const backwards = await callAs(t, manager, 'POST', REC, {
      ...body,
      punch_in: '18:30',
      punch_out: '09:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      {
        path: 'punch_out',
        message:
          'The out time is before the in time. Only a shift that crosses midnight ends the next morning',
      },
    ]);
    expect(backwards.json().message).not.toMatch(/Validation failed|punch_out/);

    const future = await callAs(t, manager, 'POST', REC, { ...body, date: '2026-03-20', punch_in: '09:30' });
    expect(future.json().message).toBe('Date: A day to come cannot be regularised');

    // The same times for someone whose shift that day crosses midnight: in at 18:30, out the next morning.
    const shifts = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ id: string; start_time: string; end_time: string }>(
        'SELECT id, start_time::text, end_time::text FROM shifts',
      );
      await tx.query(`UPDATE shifts SET start_time = '18:00', end_time = '03:00'`);
      return rows;
    });
    try {
      const night = await callAs(t, manager, 'POST', REC, { ...body, punch_in: '18:30', punch_out: '02:30' });
      expect(night.statusCode).toBe(201);
      const { punch_in, punch_out } = night.json().data;
      expect(new Date(punch_out).getTime() - new Date(punch_in).getTime()).toBe(8 * 3_600_000);
      expect((await callAs(t, manager, 'DELETE', `${REC}/${night.json().data.id}`)).statusCode).toBe(200);
    } finally {
      await t.db.tenant(acme, async (tx) => {
        for (const s of shifts)
          await tx.query('UPDATE shifts SET start_time = $2, end_time = $3 WHERE id = $1', [
            s.id,
            s.start_time,
            s.end_time,
          ]);
      });
    }
  });

  it('a day already Present with punches is said so', async () => {
    await setClock(ist('2026-03-11', '09:05'));
    expect((await callAs(t, manager, 'PUT', '/api/attendance', {})).statusCode).toBe(200);
    await setClock(ist('2026-03-11', '18:10'));
    expect((await callAs(t, manager, 'PUT', '/api/attendance', {})).statusCode).toBe(200);
    const r = await callAs(t, manager, 'POST', REC, {
      date: '2026-03-11',
      punch_in: '09:00',
      reason: 'missed_punch',
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().message).toContain('This day is already Present with punches');
    expect((await callAs(t, manager, 'DELETE', `${REC}/${r.json().data.id}`)).statusCode).toBe(200);
    // A day without punches has no such note.
    const plain = await callAs(t, manager, 'POST', REC, {
      date: '2026-03-05',
      punch_in: '09:00',
      reason: 'missed_punch',
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().message).toBe('Regularisation requested');
    expect((await callAs(t, manager, 'DELETE', `${REC}/${plain.json().data.id}`)).statusCode).toBe(200);
  });

  it('two approvers deciding the same request at once record one decision', async () => {
    const mine = await callAs(t, employee, 'GET', `${REC}?month=3&year=2026&status=pending`);
    const id = mine.json().data[0].id as string;
    const [a, b] = await Promise.all([
      callAs(t, manager, 'PUT', `/api/requests/regularization/${id}/approve`, {}),
      callAs(t, admin, 'PUT', `/api/admin/requests/regularization/${id}/approve`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const decisions = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM approval_decisions d JOIN approval_requests r ON r.id = d.request_id
          WHERE r.subject_id = $1`,
        [id],
      );
      return rows[0]!.n;
    });
    expect(decisions).toBe(1);
  });
});

describe('re-derivation', () => {
  it('a holiday added re-derives the affected days through the listener; locked days stay', async () => {
    const { rederiveListener } = await import('./index');
    await t.db.tenant(acme, async (tx) => {
      await tx.query(
        `UPDATE attendance_days SET locked = true WHERE employee_id = $1 AND date = '2026-03-03'`,
        [ids.employee],
      );
      const cal = await tx.query<{ id: string }>(
        'SELECT holiday_calendar_id AS id FROM master_policies WHERE is_default',
      );
      await tx.query(
        `INSERT INTO holidays (company_id, calendar_id, holiday_date, name) VALUES (current_setting('app.company_id')::uuid, $1, '2026-03-02', 'Founders day'),
           (current_setting('app.company_id')::uuid, $1, '2026-03-03', 'Founders day 2')`,
        [cal.rows[0]!.id],
      );
      await rederiveListener(t.clock)(tx, {
        companyId: acme,
        employeeIds: 'all',
        from: '2026-03-01',
        to: '2026-03-31',
        reason: 'holiday',
      });
    });
    const days = (await callAs(t, employee, 'GET', '/api/attendance/month?month=3&year=2026')).json().data
      .days;
    expect(days[1].status).toBe('holiday');
    expect(days[2].status).toBe('absent'); // locked by a confirmed pay run
    expect(days[9].status).toBe('present');
  });
});

describe('several sessions a day', () => {
  it('after punching out the employee punches in again; the card says working since the last punch in', async () => {
    // A day of its own (May), so the March figures above are not touched.
    await setClock(ist('2026-05-05', '09:12'));
    const first = (await callAs(t, employee, 'PUT', '/api/attendance', {})).json().data;
    expect(first).toMatchObject({ next: 'out', punched_in_at: ist('2026-05-05', '09:12').toISOString() });

    await setClock(ist('2026-05-05', '13:00'));
    const out = (await callAs(t, employee, 'PUT', '/api/attendance', {})).json().data;
    expect(out).toMatchObject({ next: 'in', punched_in_at: null });

    await setClock(ist('2026-05-05', '13:40'));
    const again = await callAs(t, employee, 'PUT', '/api/attendance', {});
    expect(again.statusCode).toBe(200);
    const data = again.json().data;
    expect(data.punches).toHaveLength(3);
    expect(data).toMatchObject({ next: 'out', punched_in_at: ist('2026-05-05', '13:40').toISOString() });

    const dash = (await callAs(t, employee, 'GET', '/api/dashboard/employee')).json().data.today_punch;
    expect(dash).toMatchObject({
      punches: 3,
      next: 'out',
      punched_in_at: ist('2026-05-05', '13:40').toISOString(),
    });
    expect(dash.times).toEqual(data.punches.map((p: { at: string }) => p.at));
    // Under way today: not absent while the employee is at work.
    expect(data.day.status).not.toBe('absent');

    await setClock(ist('2026-05-05', '18:30'));
    const end = (await callAs(t, employee, 'PUT', '/api/attendance', {})).json().data;
    expect(end).toMatchObject({ next: 'in', punched_in_at: null });
    expect(end.punches).toHaveLength(4);
    const pd = (await callAs(t, employee, 'GET', '/api/employee/punch-data')).json().data;
    expect(pd).toMatchObject({ next: 'in', punched_in_at: null });
  });
});
