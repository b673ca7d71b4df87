import { buildTestApp, type Session, type TestApp } from '../../test/helper';

/**
 * Exits through the API: a resignation through the approval engine with the notice of the master
 * policy; a termination by the admin; the F&F preview computed from the employee's records (golden
 * case G6 of docs/full-and-final.md: salary structure, joining date, leave ledger, an approved
 * claim not yet paid, an asset not returned); the employee's own view; company apart (404), weaker
 * roles (403), bad dates refused in words.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
let employeeId: string;
let managerId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });
const sql = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.tenant(acme, async (tx) => (await tx.query<R>(text, params)).rows);
const idOf = async (email: string) =>
  (await sql<{ id: string }>('SELECT id FROM employees WHERE lower(email) = $1', [email]))[0]!.id;

beforeAll(async () => {
  t = await buildTestApp();
  // 1 Jul 2026, 10:00 in India: the day the resignation is given (G6).
  t.clock.set(new Date('2026-07-01T04:30:00Z'));
  acme = await t.companyId('Acme Corp');
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  employeeId = await idOf('employee@acme.test');
  managerId = await idOf('manager@acme.test');
  // G6's records: joined 1 Jan 2019; basic 40,000 + DA 5,000, gross 90,000; notice 45 days.
  await sql("UPDATE employees SET date_of_joining = '2019-01-01' WHERE id = $1", [employeeId]);
  await sql('UPDATE master_policies SET notice_days = 45 WHERE is_default');
  const lines = [
    { component_id: null, group: 'earning', code: 'basic', name: 'Basic', monthly_paise: 40_000_00 },
    { component_id: null, group: 'earning', code: 'da', name: 'Dearness allowance', monthly_paise: 5_000_00 },
    { component_id: null, group: 'earning', code: 'hra', name: 'HRA', monthly_paise: 20_000_00 },
    {
      component_id: null,
      group: 'earning',
      code: 'special_allowance',
      name: 'Special',
      monthly_paise: 25_000_00,
    },
  ];
  await sql(
    `INSERT INTO employee_salaries (company_id, employee_id, annual_ctc_paise, effective_from, lines, monthly_gross_paise)
     VALUES (current_setting('app.company_id')::uuid, $1, 1080000000, '2026-04-01', $2::jsonb, 9000000)`,
    [employeeId, JSON.stringify(lines)],
  );
  const type = await call('POST', '/api/leave/types', admin, {
    name: 'Earned leave',
    code: 'EL',
    unit: 'day',
    encashment: true,
  });
  expect(type.statusCode).toBe(201);
  const bal = await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
    leave_type_id: type.json().data.id,
    kind: 'opening',
    amount: 12,
    reason: 'Opening balance',
    date: '2026-04-01',
  });
  expect(bal.statusCode).toBe(200);
  // An approved claim not yet paid (₹2,450); the seeded laptop returned, another (₹12,000) kept.
  const [cat] = await sql<{ id: string }>(
    `INSERT INTO expense_categories (company_id, code, name) VALUES (current_setting('app.company_id')::uuid, 'fnf_test', 'Travel')
     RETURNING id`,
  );
  await sql(
    `INSERT INTO expenses (company_id, employee_id, category_id, expense_date, amount_paise, status, decided_at)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, '2026-06-20', 245000, 'approved', now())`,
    [employeeId, cat!.id],
  );
  await sql(
    "UPDATE asset_assignments SET returned_on = '2026-06-30', return_condition = 'good' WHERE employee_id = $1",
    [employeeId],
  );
  const [asset] = await sql<{ id: string }>(
    `INSERT INTO assets (company_id, code, name, category, cost_paise) VALUES (current_setting('app.company_id')::uuid, 'LAP-900', 'Laptop', 'Laptop', 1200000)
     RETURNING id`,
  );
  await sql(
    `INSERT INTO asset_assignments (company_id, asset_id, employee_id, issued_on, issue_condition)
     VALUES (current_setting('app.company_id')::uuid, $1, $2, '2025-01-10', 'good')`,
    [asset!.id, employeeId],
  );
});
afterAll(() => t.close());

describe('exits', () => {
  let exitId: string;

  it('refuses bad last days in words', async () => {
    for (const [day, words] of [
      ['2026-06-30', 'cannot be before today (1 Jul 2026)'],
      ['2027-07-03', 'within a year from today'],
      ['9999-01-01', 'Must be between 1900 and 2199'],
    ] as const) {
      const res = await call('POST', '/api/exits/resignation', employee, {
        reason: 'Moving city',
        requested_last_day: day,
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(words);
    }
    const empty = await call('POST', '/api/exits/resignation', employee, {
      reason: ' ',
      requested_last_day: '2026-08-07',
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Give the reason');
  });

  it('a resignation goes through the approvals with the policy notice; one open at a time', async () => {
    const res = await call('POST', '/api/exits/resignation', employee, {
      reason: 'Moving city',
      requested_last_day: '2026-08-07',
    });
    expect(res.statusCode).toBe(201);
    const exit = res.json().data;
    exitId = exit.id;
    expect(exit).toMatchObject({
      kind: 'resignation',
      status: 'pending',
      notice_given_on: '2026-07-01',
      requested_last_day: '2026-08-07',
      agreed_last_day: null,
      notice_days: 45,
    });
    expect(exit.approval).not.toBeNull();
    const again = await call('POST', '/api/exits/resignation', employee, {
      reason: 'Again',
      requested_last_day: '2026-08-10',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already have a resignation');
    // Not agreed yet: no settlement for the employee.
    expect((await call('GET', '/api/exits/mine/settlement', employee)).statusCode).toBe(404);
    expect((await call('GET', '/api/exits/mine', employee)).json().data.id).toBe(exitId);
  });

  it('the admin approves from the admin queue: the requested day is agreed', async () => {
    const list = await call('GET', '/api/admin/requests/resignation', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((e: { id: string }) => e.id)).toContain(exitId);
    const res = await call('PUT', `/api/admin/requests/resignation/${exitId}/approve`, admin, {
      comment: 'Agreed',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await sql<{ status: string; agreed: string }>(
      "SELECT status, to_char(agreed_last_day, 'YYYY-MM-DD') AS agreed FROM employee_exits WHERE id = $1",
      [exitId],
    );
    expect(row).toEqual({ status: 'approved', agreed: '2026-08-07' });
  });

  it('G6: the F&F preview from the records, each line explained', async () => {
    const res = await call('GET', `/api/admin/exits/${exitId}/settlement`, admin);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.last_working_day).toBe('2026-08-07');
    expect(s.service).toBe('7 years 7 months 7 days');
    const byCode = Object.fromEntries(
      s.lines.map((l: { code: string; amount_paise: number }) => [l.code, l]),
    );
    expect(byCode.GRATUITY.amount_paise).toBe(2_07_692_31);
    expect(byCode.LEAVE_ENCASHMENT).toMatchObject({ amount_paise: 18_000_00, exempt_paise: 18_000_00 });
    expect(byCode.NOTICE_RECOVERY).toMatchObject({ kind: 'deduction', amount_paise: 21_000_00 });
    expect(byCode.NOTICE_RECOVERY.explanation).toContain('38 days served of the 45 days');
    expect(byCode.REIMBURSEMENT).toMatchObject({ kind: 'earning', amount_paise: 2_450_00 });
    expect(byCode.ASSET_RECOVERY).toMatchObject({ kind: 'deduction', amount_paise: 12_000_00 });
    expect(byCode.FINAL_SALARY).toMatchObject({ kind: 'info', amount_paise: 20_322_58 });
    expect([s.payable_paise, s.recoverable_paise, s.net_paise]).toEqual([
      2_28_142_31, 33_000_00, 1_95_142_31,
    ]);
    for (const l of s.lines) expect(l.explanation).toMatch(/₹/);
    // The employee sees the same statement of their own exit.
    const mine = await call('GET', '/api/exits/mine/settlement', employee);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.net_paise).toBe(1_95_142_31);
  });

  it('the admin changes the agreed day and waives days; bad days refused', async () => {
    const bad = await call('PUT', `/api/admin/exits/${exitId}`, admin, { agreed_last_day: '2026-06-15' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('cannot be before the notice');
    const res = await call('PUT', `/api/admin/exits/${exitId}`, admin, {
      agreed_last_day: '2026-08-07',
      waived_days: 3,
    });
    expect(res.statusCode).toBe(200);
    const s = (await call('GET', `/api/admin/exits/${exitId}/settlement`, admin)).json().data;
    expect(s.recoverable_paise).toBe(12_000_00 + 12_000_00);
  });

  it('a termination by the admin, agreed when recorded; dates checked against joining', async () => {
    const before = await call('POST', '/api/admin/exits', admin, {
      employee_id: managerId,
      reason: 'Role closed',
      notice_given_on: '1990-01-01',
      last_working_day: '2026-07-31',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toContain('before joining');
    const far = await call('POST', '/api/admin/exits', admin, {
      employee_id: managerId,
      reason: 'Role closed',
      notice_given_on: '2026-07-01',
      last_working_day: '2199-12-31',
    });
    expect(far.statusCode).toBe(400);
    const res = await call('POST', '/api/admin/exits', admin, {
      employee_id: managerId,
      reason: 'Role closed',
      notice_given_on: '2026-07-01',
      last_working_day: '2026-07-31',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'termination',
      status: 'approved',
      agreed_last_day: '2026-07-31',
    });
    const list = await call('GET', '/api/admin/exits?records=50', admin);
    expect(list.json().meta.totalCount).toBe(2);
  });

  it('another company: 404; weaker roles: 403', async () => {
    expect((await call('GET', `/api/admin/exits/${exitId}`, globex)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/exits/${exitId}/settlement`, globex)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/admin/exits/${exitId}`, globex, { agreed_last_day: '2026-08-07' })).statusCode,
    ).toBe(404);
    const other = await call('POST', '/api/admin/exits', globex, {
      employee_id: employeeId,
      reason: 'x',
      notice_given_on: '2026-07-01',
      last_working_day: '2026-07-31',
    });
    expect(other.statusCode).toBe(404);
    expect((await call('GET', '/api/admin/exits', globex)).json().meta.totalCount).toBe(0);
    for (const s of [employee, manager]) {
      expect((await call('GET', '/api/admin/exits', s)).statusCode).toBe(403);
      expect((await call('GET', `/api/admin/exits/${exitId}/settlement`, s)).statusCode).toBe(403);
      expect(
        (
          await call('POST', '/api/admin/exits', s, {
            employee_id: employeeId,
            reason: 'x',
            notice_given_on: '2026-07-01',
            last_working_day: '2026-07-31',
          })
        ).statusCode,
      ).toBe(403);
      expect((await call('GET', '/api/admin/requests/resignation', s)).statusCode).toBe(403);
    }
    // The manager's own exit (the termination) is theirs; the employee's is not the manager's.
    expect((await call('DELETE', `/api/exits/mine/${exitId}`, manager)).statusCode).toBe(404);
  });

  it('refuses a malformed body', async () => {
    const res = await call('POST', '/api/exits/resignation', employee, {
      reason: 'x'.repeat(5000),
      requested_last_day: '2026-08-07',
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
  });
});
