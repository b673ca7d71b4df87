import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type Session, type TestApp } from '../../test/helper';
import { markReimbursementsPaidByPayroll, reimbursementPayoutLines } from './index';

// Issue 13: routing by amount, the duplicate check, payout lines for the pay run, receipt uploads.

let t: TestApp;
let dir: string;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let today: string;
let relocation: string;
let acmeId: string;
let globexId: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-expense-routing-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  today = (await call('GET', '/api/expenses/dropdowns', employee)).json().data.today;
  // No default category takes more than ₹10,000 a claim: the administrator adds one that does.
  const cat = await call('POST', '/api/expenses/categories', admin, {
    name: 'Relocation',
    max_per_claim_paise: 10_000_000,
    receipt_required_over_paise: null,
  });
  expect(cat.statusCode).toBe(201);
  relocation = cat.json().data.id;
  [acmeId, globexId] = [await t.companyId('Acme Corp'), await t.companyId('Globex Ltd')];
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });

const daysAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

let bill = 0;
const claim = (amount_paise: number, over: Record<string, unknown> = {}) => ({
  category_id: relocation,
  expense_date: daysAgo(2),
  amount_paise,
  merchant: 'Packers',
  bill_number: `R-${++bill}`,
  ...over,
});

const file = async (amount: number, over: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/expenses/addexpense', employee, claim(amount, over));
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
const approve = (id: string, s: Session) =>
  call('PUT', `/api/requests/reimbursements/${id}/approve`, s, { comment: 'ok' });
const nextIds = (c: { approval: { next_approvers: { id: string }[] } }) =>
  c.approval.next_approvers.map((a) => a.id);

describe('routing by amount', () => {
  it('a claim of ₹10,000 is finished by the manager', async () => {
    const c = await file(1_000_000);
    expect(c.approval).toMatchObject({ level_count: 1, current_level: 1 });
    expect(nextIds(c)).toEqual([manager.userResponse.employee_id]);
    const res = await approve(c.id, manager);
    expect(res.json().data.status).toBe('approved');
  });

  it('a claim above ₹10,000 waits for the administrator after the manager', async () => {
    const c = await file(1_000_001);
    expect(c.approval).toMatchObject({ level_count: 2, current_level: 1 });
    expect(nextIds(c)).toEqual([manager.userResponse.employee_id]);
    // The administrator is not yet an approver of level 1.
    expect((await approve(c.id, admin)).statusCode).toBe(404);

    const afterManager = (await approve(c.id, manager)).json().data;
    expect(afterManager.status).toBe('pending');
    expect(afterManager.approval.current_level).toBe(2);
    // "Who approves next" on the employee's own list and detail: the administrator, not the manager.
    const mine = (await call('GET', `/api/expenses/getexpensedetails?expense_id=${c.id}`, employee)).json()
      .data;
    expect(nextIds(mine)).toEqual([admin.userResponse.employee_id]);
    const list = (await call('GET', '/api/expenses/getexpenseslists?records=100', employee)).json().data;
    const row = list.find((x: { id: string }) => x.id === c.id);
    expect(nextIds(row)).toEqual([admin.userResponse.employee_id]);
    // The manager acted already: the claim is no longer in the manager's queue to decide.
    expect((await approve(c.id, manager)).statusCode).toBeGreaterThanOrEqual(400);

    const done = await approve(c.id, admin);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('approved');
  });

  it('the threshold is the company’s: a change applies to new claims, not to open ones', async () => {
    const open = await file(2_000_000);
    expect(open.approval.level_count).toBe(2);

    const flows = (await call('GET', '/api/approval-flow', admin)).json().data;
    const flow = flows.find(
      (f: { request_type: string; is_default: boolean }) => f.request_type === 'expense',
    );
    expect(flow.levels.map((l: { approver_kind: string }) => l.approver_kind)).toEqual([
      'reporting_role',
      'administrators',
    ]);
    expect(flow.levels[1].min_amount_paise).toBe(1_000_000);
    const body = {
      name: flow.name,
      request_type: 'expense',
      is_default: true,
      levels: [
        { approver_kind: 'reporting_role', reporting_role_id: flow.levels[0].reporting_role_id },
        { approver_kind: 'administrators', min_amount_paise: 5_000_000 },
      ],
    };
    // Only flow administrators configure it; another company cannot see the flow.
    expect((await call('PUT', `/api/approval-flow/${flow.id}`, manager, body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/approval-flow/${flow.id}`, globex, body)).statusCode).toBe(404);
    const bad = await call('PUT', `/api/approval-flow/${flow.id}`, admin, {
      ...body,
      levels: [body.levels[0], { approver_kind: 'administrators', min_amount_paise: -1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('min_amount_paise');
    expect((await call('PUT', `/api/approval-flow/${flow.id}`, admin, body)).statusCode).toBe(200);

    const later = await file(2_000_000);
    expect(later.approval.level_count).toBe(1);
    const still = (
      await call('GET', `/api/expenses/getexpensedetails?expense_id=${open.id}`, employee)
    ).json().data;
    expect(still.approval.level_count).toBe(2);

    // Back to ₹10,000 for the other tests.
    body.levels[1]!.min_amount_paise = 1_000_000;
    expect((await call('PUT', `/api/approval-flow/${flow.id}`, admin, body)).statusCode).toBe(200);
  });

  it('editing the amount re-routes a claim nobody acted on; after an approval it is refused', async () => {
    const c = await file(500_000);
    expect(c.approval.level_count).toBe(1);
    const url = `/api/expenses/updateexpense?expense_id=${c.id}`;
    const raised = await call('PUT', url, employee, claim(1_500_000, { bill_number: c.bill_number }));
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data.approval.level_count).toBe(2);

    await approve(c.id, manager);
    const again = await call('PUT', url, employee, claim(900_000, { bill_number: c.bill_number }));
    expect(again.statusCode).toBe(409);
    // The same amount (another field changed) is still an edit of a pending claim.
    const same = await call(
      'PUT',
      url,
      employee,
      claim(1_500_000, { bill_number: c.bill_number, description: 'Two rooms' }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().data.approval).toMatchObject({ level_count: 2, current_level: 2 });
  });
});

describe('duplicate check', () => {
  const check = (s: Session, body: Record<string, unknown>) =>
    call('POST', '/api/expenses/duplicate-check', s, body);

  it('finds the same bill (blocking) and the same date and amount without a bill (a warning)', async () => {
    const date = daysAgo(3);
    const first = await file(123_400, { expense_date: date, bill_number: 'INV-77' });
    const same = await check(employee, { expense_date: date, amount_paise: 123_400, bill_number: 'inv-77' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({
      blocking: true,
      duplicates: [{ id: first.id, reason: 'same_bill', bill_number: 'INV-77', status: 'pending' }],
    });
    // The server refuses what the check calls blocking.
    const refused = await call(
      'POST',
      '/api/expenses/addexpense',
      employee,
      claim(123_400, { expense_date: date, bill_number: 'INV-77' }),
    );
    expect(refused.statusCode).toBe(409);

    const noBill = await check(employee, { expense_date: date, amount_paise: 123_400 });
    expect(noBill.json().data).toMatchObject({
      blocking: false,
      duplicates: [{ id: first.id, reason: 'same_date_amount' }],
    });
    // Warned, the employee may still file it.
    await file(123_400, { expense_date: date, bill_number: null });

    const otherBill = await check(employee, {
      expense_date: date,
      amount_paise: 123_400,
      bill_number: 'INV-78',
    });
    expect(otherBill.json().data.duplicates.map((d: { reason: string }) => d.reason)).toEqual([
      'same_date_amount',
    ]);
    const otherAmount = await check(employee, {
      expense_date: date,
      amount_paise: 123_500,
      bill_number: 'INV-77',
    });
    expect(otherAmount.json().data).toEqual({ duplicates: [], blocking: false });
    // Editing the claim itself: it is not its own duplicate.
    const self = await check(employee, {
      expense_date: date,
      amount_paise: 123_400,
      bill_number: 'INV-77',
      expense_id: first.id,
    });
    expect(self.json().data.blocking).toBe(false);
  });

  it('is per employee and per company, needs the claim permission, and names bad fields', async () => {
    const date = daysAgo(4);
    await file(77_700, { expense_date: date, bill_number: 'M-1' });
    const body = { expense_date: date, amount_paise: 77_700, bill_number: 'M-1' };
    // The manager and the administrator have their own claims: the employee's are not theirs.
    expect((await check(manager, body)).json().data.duplicates).toEqual([]);
    expect((await check(admin, body)).json().data.duplicates).toEqual([]);
    expect((await check(globex, body)).json().data.duplicates).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/expenses/duplicate-check', payload: body }))
        .statusCode,
    ).toBe(401);

    const bad = await check(employee, { expense_date: '4 May', amount_paise: -5, extra: 1 });
    expect(bad.statusCode).toBe(400);
    const huge = await check(employee, { ...body, bill_number: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(400);
    expect(JSON.stringify(huge.json())).toContain('bill_number');
  });

  it('a role without the claim permission is refused (403)', async () => {
    const { rows } = await t.db.query<{ id: string; permissions: string[] }>(
      `SELECT r.id, r.permissions FROM roles r JOIN users u ON u.role_id = r.id WHERE u.email = 'employee@acme.test'`,
    );
    const role = rows[0]!;
    await t.db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [
      role.id,
      role.permissions.filter((p) => p !== 'employee_expense.edit'),
    ]);
    try {
      const s = await t.login('employee@acme.test');
      const res = await check(s, { expense_date: daysAgo(1), amount_paise: 100 });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [role.id, role.permissions]);
    }
  });
});

describe('payout lines for the pay run', () => {
  const month = () => today.slice(0, 7);

  it('lists approved, unpaid claims of the company as one-time lines and marks them paid once', async () => {
    const pending = await file(31_100);
    const approved = await file(42_200);
    await approve(approved.id, manager);
    const paidOutside = await file(53_300);
    await approve(paidOutside.id, manager);
    const pay = await call('PUT', `/api/admin/requests/reimbursements/${paidOutside.id}/payout`, admin, {
      payout_mode: 'outside',
      payout_reference: 'NEFT-9',
      paid_on: today,
    });
    expect(pay.statusCode).toBe(200);

    const lines = await t.db.tenant(acmeId, (tx) => reimbursementPayoutLines(tx, month()));
    const mine = lines.find((l) => l.claim_id === approved.id);
    expect(mine).toEqual({
      claim_id: approved.id,
      employee_id: employee.userResponse.employee_id,
      amount_paise: 42_200,
      category_code: expect.stringMatching(/^relocation/),
      category_name: 'Relocation',
      expense_date: approved.expense_date,
    });
    const ids = lines.map((l) => l.claim_id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(paidOutside.id);
    // Another company's pay run does not see Acme's claims.
    const other = await t.db.tenant(globexId, (tx) => reimbursementPayoutLines(tx, month()));
    expect(other.map((l) => l.claim_id)).not.toContain(approved.id);
    // A month before the expense: not yet.
    const [y, m] = approved.expense_date.split('-').map(Number);
    const before = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const early = await t.db.tenant(acmeId, (tx) => reimbursementPayoutLines(tx, before));
    expect(early.map((l) => l.claim_id)).not.toContain(approved.id);

    // Globex's pay run cannot mark Acme's claim (RLS hides it).
    const byGlobex = await t.db.tenant(globexId, (tx) =>
      markReimbursementsPaidByPayroll(tx, { claimIds: [approved.id], payRunReference: 'G-1', paidOn: today }),
    );
    expect(byGlobex).toEqual([]);

    const input = {
      claimIds: [approved.id, pending.id, paidOutside.id, approved.id],
      payRunReference: 'PAYRUN-2026-11',
      paidOn: today,
    };
    const marked = await t.db.tenant(acmeId, (tx) => markReimbursementsPaidByPayroll(tx, input));
    expect(marked).toEqual([approved.id]);
    expect(await t.db.tenant(acmeId, (tx) => markReimbursementsPaidByPayroll(tx, input))).toEqual([]);

    const shown = (
      await call('GET', `/api/expenses/getexpensedetails?expense_id=${approved.id}`, employee)
    ).json().data;
    expect(shown).toMatchObject({
      status: 'paid',
      payout_mode: 'payroll',
      payout_reference: 'PAYRUN-2026-11',
      paid_on: today,
    });
    const outside = (
      await call('GET', `/api/expenses/getexpensedetails?expense_id=${paidOutside.id}`, employee)
    ).json().data;
    expect(outside).toMatchObject({ payout_mode: 'outside', payout_reference: 'NEFT-9' });
    const after = await t.db.tenant(acmeId, (tx) => reimbursementPayoutLines(tx, month()));
    expect(after.map((l) => l.claim_id)).not.toContain(approved.id);
  });

  it('refuses a bad month and a missing reference', async () => {
    await expect(t.db.tenant(acmeId, (tx) => reimbursementPayoutLines(tx, '2026-13'))).rejects.toThrow(
      /Month/,
    );
    await expect(
      t.db.tenant(acmeId, (tx) =>
        markReimbursementsPaidByPayroll(tx, { claimIds: [], payRunReference: ' ', paidOn: today }),
      ),
    ).rejects.toThrow(/reference/);
  });
});

describe('receipt upload corpus', () => {
  const storedFiles = async () => (await readdir(dir, { recursive: true })).sort();
  const docCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employee_documents')).rows[0]!.n;

  async function upload(body: Buffer, filename: string, type: string) {
    const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="employee_id"\r\n\r\n${employee.userResponse.employee_id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nReceipt\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      headers: { ...employee.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const corpus: [string, Buffer, string, string, number[]][] = [
    [
      'an executable renamed .pdf',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(256, 0)]),
      'receipt.pdf',
      'application/pdf',
      [415],
    ],
    ['a zero-byte file', Buffer.alloc(0), 'empty.pdf', 'application/pdf', [400, 415]],
    [
      'an oversized file',
      Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 10, 0x20)]),
      'big.pdf',
      'application/pdf',
      [413],
    ],
    [
      'an SVG with script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'receipt.svg',
      'image/svg+xml',
      [415],
    ],
    [
      'an SVG with script named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'receipt.png',
      'image/png',
      [415],
    ],
  ];

  for (const [what, body, name, type, statuses] of corpus) {
    it(`refuses ${what} with nothing stored`, async () => {
      const [rows, files] = [await docCount(), await storedFiles()];
      const res = await upload(body, name, type);
      expect(statuses).toContain(res.statusCode);
      expect(res.json().message).toBeTruthy();
      expect(await docCount()).toBe(rows);
      expect(await storedFiles()).toEqual(files);
    });
  }

  it('accepts a real PDF receipt (the corpus is refused for its content, not for the route)', async () => {
    const rows = await docCount();
    const res = await upload(PDF, 'ok.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    expect(await docCount()).toBe(rows + 1);
  });
});

describe('who opens a receipt', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  async function receiptOf(s: Session): Promise<string> {
    const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="employee_id"\r\n\r\n${s.userResponse.employee_id}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nReceipt\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id;
  }

  it('an approver outside the claimant’s team opens it; others of the company or another company do not', async () => {
    // The expense flow's first level is a named employee (the demo employee), outside the scope of
    // the claimant (the manager); the administrators' level stays for large amounts.
    await file(10_000); // the company's default expense flow exists from the first claim on
    const flows = (await call('GET', '/api/approval-flow', admin)).json().data;
    const flow = flows.find(
      (f: { request_type: string; is_default: boolean }) => f.request_type === 'expense',
    );
    const put = await call('PUT', `/api/approval-flow/${flow.id}`, admin, {
      name: flow.name,
      request_type: 'expense',
      is_default: true,
      levels: [
        {
          approver_kind: 'employee',
          approver_employee_ids: [employee.userResponse.employee_id],
          rule: 'any',
        },
        { approver_kind: 'administrators', min_amount_paise: 1_000_000 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const receipt = await receiptOf(manager);
    const unrelated = await receiptOf(manager);
    const res = await call('POST', '/api/expenses/addexpense', manager, {
      ...claim(2_000_000),
      receipt_file_id: receipt,
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json().data;
    expect(nextIds(c)).toEqual([employee.userResponse.employee_id]);
    const open = (s: Session, id: string) => call('GET', `/api/employee/document/${id}/download`, s);

    expect((await open(employee, receipt)).statusCode).toBe(200); // level 1 approver
    expect((await open(admin, receipt)).statusCode).toBe(200); // level 2 (administrators)
    expect((await open(manager, receipt)).statusCode).toBe(200); // the claimant
    expect((await open(globex, receipt)).statusCode).toBe(404); // another company
    // The approver of one claim does not open the claimant's other files.
    expect((await open(employee, unrelated)).statusCode).toBe(404);
  });
});
