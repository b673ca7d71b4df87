import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let dir: string;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let today: string;
let categories: Record<string, string>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-expenses-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  const res = await call('GET', '/api/expenses/dropdowns', employee);
  expect(res.statusCode).toBe(200);
  today = res.json().data.today;
  categories = Object.fromEntries(
    (res.json().data.categories as { code: string; id: string }[]).map((c) => [c.code, c.id]),
  );
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  s: Session,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...s.headers, ...headers },
    payload: payload as object | undefined,
  });

const daysAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

let bill = 0;
const food = (over: Record<string, unknown> = {}) => ({
  category_id: categories.food,
  expense_date: daysAgo(1),
  amount_paise: 25_000,
  merchant: 'Cafe',
  bill_number: `B-${++bill}`,
  ...over,
});

async function uploadReceipt(s: Session): Promise<string> {
  const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="employee_id"\r\n\r\n${s.userResponse.employee_id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nReceipt\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe('categories', () => {
  it('a company starts with travel, food, lodging, internet, fuel and relocation', () => {
    expect(Object.keys(categories).sort()).toEqual([
      'food',
      'fuel',
      'internet',
      'lodging',
      'relocation',
      'travel',
    ]);
  });

  it('relocation allows a claim above ₹10,000, which goes on to the administrators', async () => {
    const list = await call('GET', '/api/expenses/categories', admin);
    const relocation = list.json().data.find((c: { code: string }) => c.code === 'relocation');
    expect(relocation.max_per_claim_paise).toBeGreaterThan(1_000_000);
    const res = await call('POST', '/api/expenses/addexpense', employee, {
      category_id: categories.relocation,
      expense_date: today,
      amount_paise: 2_500_000,
      merchant: 'Movers',
      bill_number: 'REL-1',
      receipt_file_id: await uploadReceipt(employee),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.approval.level_count).toBe(2);
  });

  it('an administrator changes a limit; others may not', async () => {
    const list = await call('GET', '/api/expenses/categories', admin);
    const internet = list.json().data.find((c: { code: string }) => c.code === 'internet');
    const body = {
      name: 'Internet',
      max_per_claim_paise: 200_000,
      max_per_month_paise: 200_000,
      receipt_required_over_paise: 0,
    };
    expect((await call('PUT', `/api/expenses/categories/${internet.id}`, employee, body)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/expenses/categories/${internet.id}`, globex, body)).statusCode).toBe(404);
    const res = await call('PUT', `/api/expenses/categories/${internet.id}`, admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.max_per_claim_paise).toBe(200_000);
  });
});

describe('claims', () => {
  it('files a claim, lists it, shows it, and raises an approval to the manager', async () => {
    const res = await call('POST', '/api/expenses/addexpense', employee, food({ description: '' }));
    expect(res.statusCode).toBe(201);
    const claim = res.json().data;
    expect(claim).toMatchObject({ status: 'pending', amount_paise: 25_000, description: null });
    expect(claim.approval.next_approvers.map((a: { name: string }) => a.name).length).toBe(1);
    expect(claim.abilities).toMatchObject({ edit: true, delete: true });

    const list = await call('GET', `/api/expenses/getexpenseslists?category_id=${categories.food}`, employee);
    expect(list.json().data.map((c: { id: string }) => c.id)).toContain(claim.id);
    expect(list.json().meta.totalCount).toBeGreaterThanOrEqual(1);
    const other = await call(
      'GET',
      `/api/expenses/getexpenseslists?category_id=${categories.travel}`,
      employee,
    );
    expect(other.json().data.map((c: { id: string }) => c.id)).not.toContain(claim.id);

    const detail = await call('GET', `/api/expenses/getexpensedetails?expense_id=${claim.id}`, employee);
    expect(detail.statusCode).toBe(200);
    // Nobody else reads it through the self-service call, another company not at all.
    expect(
      (await call('GET', `/api/expenses/getexpensedetails?expense_id=${claim.id}`, manager)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/expenses/getexpensedetails?expense_id=${claim.id}`, globex)).statusCode,
    ).toBe(404);

    const queue = await call('GET', '/api/requests/reimbursements', manager);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.map((c: { id: string }) => c.id)).toContain(claim.id);
    expect((await call('GET', '/api/requests/reimbursements', employee)).statusCode).toBe(403);
    const globexQueue = await call('GET', '/api/admin/requests/reimbursements', globex);
    expect(globexQueue.json().data.map((c: { id: string }) => c.id)).not.toContain(claim.id);
    expect((await call('GET', `/api/admin/requests/reimbursements/${claim.id}`, globex)).statusCode).toBe(
      404,
    );
    // The cross-type inbox summarises it through the registered type.
    const inbox = await call('GET', '/api/approvals/inbox', manager);
    const entry = inbox.json().data.find((i: { subject_id: string }) => i.subject_id === claim.id);
    expect(entry).toMatchObject({
      request_type: 'expense',
      title: expect.stringMatching(/^Reimbursement: /),
    });
    expect(entry.summary).toMatch(/Food ₹250.00 on /);
    // The manager holds the permission but not company scope: the admin queue is not theirs.
    expect((await call('GET', '/api/admin/requests/reimbursements', manager)).statusCode).toBe(403);
  });

  it('turns empty fields into null and refuses bad input naming the field', async () => {
    const res = await call('POST', '/api/expenses/addexpense', employee, { ...food(), merchant: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.merchant).toBeNull();

    const bad = await call('POST', '/api/expenses/addexpense', employee, { ...food(), amount_paise: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('amount_paise');
    const huge = await call('POST', '/api/expenses/addexpense', employee, {
      ...food(),
      description: 'x'.repeat(5000),
    });
    expect(huge.statusCode).toBe(400);
    expect(JSON.stringify(huge.json().errors)).toContain('description');
    const extra = await call('POST', '/api/expenses/addexpense', employee, { ...food(), employee_id: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a claim over the per-claim and per-month limits, naming the field', async () => {
    const over = await call('POST', '/api/expenses/addexpense', employee, food({ amount_paise: 250_000 }));
    expect(over.statusCode).toBe(400);
    expect(JSON.stringify(over.json().errors)).toContain('amount_paise');
    expect(over.json().errors[0].message).toMatch(/limited to ₹2,000/);

    // Lodging: ₹8,000 a claim, ₹40,000 a month, a receipt always.
    const receipt = await uploadReceipt(employee);
    const lodging = (amount: number, n: number) => ({
      category_id: categories.lodging,
      expense_date: daysAgo(0),
      amount_paise: amount,
      bill_number: `L-${n}`,
      receipt_file_id: receipt,
    });
    for (let n = 1; n <= 5; n++) {
      expect((await call('POST', '/api/expenses/addexpense', employee, lodging(800_000, n))).statusCode).toBe(
        201,
      );
    }
    const month = await call('POST', '/api/expenses/addexpense', employee, lodging(100, 6));
    expect(month.statusCode).toBe(400);
    expect(month.json().errors[0]).toMatchObject({ path: 'amount_paise' });
    expect(month.json().errors[0].message).toMatch(/a month/);
  });

  it('asks for a receipt over the category threshold, and only the employee’s own file', async () => {
    const none = await call('POST', '/api/expenses/addexpense', employee, food({ amount_paise: 50_000 }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([expect.objectContaining({ path: 'receipt_file_id' })]);

    const others = await uploadReceipt(manager);
    const notMine = await call(
      'POST',
      '/api/expenses/addexpense',
      employee,
      food({ amount_paise: 50_000, receipt_file_id: others }),
    );
    expect(notMine.statusCode).toBe(400);
    expect(JSON.stringify(notMine.json().errors)).toContain('receipt_file_id');

    const mine = await uploadReceipt(employee);
    const ok = await call(
      'POST',
      '/api/expenses/addexpense',
      employee,
      food({ amount_paise: 50_000, receipt_file_id: mine }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.receipt_url).toBe(`/api/employee/document/${mine}/download`);
  });

  it('refuses a future date and one outside the claim window', async () => {
    const future = await call(
      'POST',
      '/api/expenses/addexpense',
      employee,
      food({ expense_date: daysAgo(-1) }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0]).toMatchObject({ path: 'expense_date' });
    const old = await call('POST', '/api/expenses/addexpense', employee, food({ expense_date: daysAgo(61) }));
    expect(old.statusCode).toBe(400);
    expect(old.json().errors[0].message).toMatch(/within 60 days/);
  });

  it('computes fuel from distance × rate and asks for from / to', async () => {
    const missing = await call('POST', '/api/expenses/addexpense', employee, {
      category_id: categories.fuel,
      expense_date: daysAgo(2),
      distance_km: 12.5,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(['travel_from', 'travel_to']);
    const res = await call('POST', '/api/expenses/addexpense', employee, {
      category_id: categories.fuel,
      expense_date: daysAgo(2),
      travel_from: 'Office',
      travel_to: 'Client site',
      distance_km: 12.5,
      amount_paise: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      amount_paise: 11_250,
      distance_km: 12.5,
      travel_to: 'Client site',
    });
  });

  it('stores the same claim submitted twice at once once', async () => {
    const body = food({ bill_number: 'TWICE-1' });
    const key = 'f1b5b7c0-twice-key';
    const [a, b] = await Promise.all([
      call('POST', '/api/expenses/addexpense', employee, body, { 'idempotency-key': key }),
      call('POST', '/api/expenses/addexpense', employee, body, { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);

    // Without a key, the same bill (number, amount, date) is refused as a duplicate.
    const twin = food({ bill_number: 'TWICE-2' });
    const [c, d] = await Promise.all([
      call('POST', '/api/expenses/addexpense', employee, twin),
      call('POST', '/api/expenses/addexpense', employee, twin),
    ]);
    expect([c.statusCode, d.statusCode].sort()).toEqual([201, 409]);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM expenses WHERE bill_number IN ('TWICE-1', 'TWICE-2')`,
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('lets the owner edit and delete only while pending', async () => {
    const id = (await call('POST', '/api/expenses/addexpense', employee, food())).json().data.id;
    const url = `/api/expenses/updateexpense?expense_id=${id}`;
    expect((await call('PUT', url, manager, food({ amount_paise: 10_000 }))).statusCode).toBe(404);
    expect((await call('PUT', url, globex, food({ amount_paise: 10_000 }))).statusCode).toBe(404);
    const edited = await call('PUT', url, employee, {
      ...food({ amount_paise: 10_000 }),
      merchant: undefined,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ amount_paise: 10_000, merchant: null });

    expect((await call('DELETE', `/api/expenses/removeexpense?expense_id=${id}`, manager)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/expenses/removeexpense?expense_id=${id}`, employee)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/expenses/getexpensedetails?expense_id=${id}`, employee)).statusCode).toBe(
      404,
    );
    const queue = await call('GET', '/api/requests/reimbursements', manager);
    expect(queue.json().data.map((c: { id: string }) => c.id)).not.toContain(id);

    const decided = (await call('POST', '/api/expenses/addexpense', employee, food())).json().data.id;
    expect(
      (await call('PUT', `/api/requests/reimbursements/${decided}/approve`, manager, {})).statusCode,
    ).toBe(200);
    const late = await call('PUT', `/api/expenses/updateexpense?expense_id=${decided}`, employee, food());
    expect(late.statusCode).toBe(409);
    expect(
      (await call('DELETE', `/api/expenses/removeexpense?expense_id=${decided}`, employee)).statusCode,
    ).toBe(409);
  });
});

describe('decisions, payout and summary', () => {
  it('two approvers at once make one decision', async () => {
    const id = (await call('POST', '/api/expenses/addexpense', employee, food())).json().data.id;
    const [m, a] = await Promise.all([
      call('PUT', `/api/requests/reimbursements/${id}/approve`, manager, {}),
      call('PUT', `/api/admin/requests/reimbursements/${id}/reject`, admin, {
        comment: 'Not a business expense',
      }),
    ]);
    expect([m.statusCode, a.statusCode].sort()).toEqual([200, 409]);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM approval_decisions d JOIN approval_requests r ON r.id = d.request_id
        WHERE r.subject_id = $1`,
      [id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('the employee cannot decide; a rejection needs a reason', async () => {
    const id = (await call('POST', '/api/expenses/addexpense', employee, food())).json().data.id;
    expect((await call('PUT', `/api/requests/reimbursements/${id}/approve`, employee, {})).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/requests/reimbursements/${id}/approve`, globex, {})).statusCode).toBe(
      404,
    );
    const noReason = await call('PUT', `/api/requests/reimbursements/${id}/reject`, manager, {});
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json().errors)).toContain('comment');
    const res = await call('PUT', `/api/requests/reimbursements/${id}/reject`, manager, {
      comment: 'Duplicate',
    });
    expect(res.json().data.status).toBe('rejected');
  });

  it('summary and month-wise follow approvals; an admin records the payout', async () => {
    const before = (await call('GET', '/api/expenses/employee/summary', employee)).json().data;
    const claim = (
      await call('POST', '/api/expenses/addexpense', employee, food({ amount_paise: 12_300 }))
    ).json().data;
    const pending = (await call('GET', '/api/expenses/employee/summary', employee)).json().data;
    expect(pending.pending.amount_paise - before.pending.amount_paise).toBe(12_300);

    await call('PUT', `/api/requests/reimbursements/${claim.id}/approve`, manager, { comment: 'ok' });
    const after = (await call('GET', '/api/expenses/employee/summary', employee)).json().data;
    expect(after.approved.amount_paise - before.approved.amount_paise).toBe(12_300);
    expect(after.approved.count - before.approved.count).toBe(1);

    const year = Number(claim.expense_date.slice(0, 4));
    const month = Number(claim.expense_date.slice(5, 7));
    const mw = (await call('GET', `/api/expenses/employee/summary/month-wise?year=${year}`, employee)).json()
      .data;
    expect(mw.months).toHaveLength(12);
    expect(mw.months[month - 1].approved_paise).toBeGreaterThanOrEqual(12_300);
    // By category: each category's claims of the year, the same sums as the claims themselves.
    const { rows: byCat } = await t.db.query<{ category_id: string; pending: number; approved: number }>(
      `SELECT category_id,
              coalesce(sum(amount_paise) FILTER (WHERE status = 'pending'), 0)::int AS pending,
              coalesce(sum(amount_paise) FILTER (WHERE status IN ('approved', 'paid')), 0)::int AS approved
         FROM expenses WHERE employee_id = $1 AND deleted_at IS NULL
          AND extract(year FROM expense_date) = $2 AND status IN ('pending', 'approved', 'paid')
        GROUP BY 1`,
      [employee.userResponse.employee_id, year],
    );
    expect(
      mw.by_category
        .map((c: { category_id: string; pending_paise: number; approved_paise: number }) => ({
          category_id: c.category_id,
          pending: c.pending_paise,
          approved: c.approved_paise,
        }))
        .sort((a: { category_id: string }, b: { category_id: string }) =>
          a.category_id.localeCompare(b.category_id),
        ),
    ).toEqual(byCat.sort((a, b) => a.category_id.localeCompare(b.category_id)));
    const foodTotal = mw.by_category.find((c: { category_id: string }) => c.category_id === categories.food);
    expect(foodTotal.category_name).toBe('Food');
    expect(foodTotal.approved_paise).toBeGreaterThanOrEqual(12_300);
    // The months and the categories add up to the same year.
    const sum = (xs: { pending_paise: number; approved_paise: number }[]) =>
      xs.reduce((n, x) => n + x.pending_paise + x.approved_paise, 0);
    expect(sum(mw.by_category)).toBe(sum(mw.months));
    expect(
      (await call('GET', '/api/expenses/employee/summary/month-wise?year=abc', employee)).statusCode,
    ).toBe(400);

    const payout = { payout_mode: 'outside', payout_reference: 'NEFT-123', paid_on: today };
    const url = `/api/admin/requests/reimbursements/${claim.id}/payout`;
    expect((await call('PUT', url, manager, payout)).statusCode).toBe(403);
    expect((await call('PUT', url, globex, payout)).statusCode).toBe(404);
    const paid = await call('PUT', url, admin, payout);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({
      status: 'paid',
      payout_reference: 'NEFT-123',
      payout_mode: 'outside',
    });
    expect((await call('PUT', url, admin, payout)).statusCode).toBe(409);
    const final = (await call('GET', '/api/expenses/employee/summary', employee)).json().data;
    expect(final.paid.amount_paise - before.paid.amount_paise).toBe(12_300);

    const { rows } = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id`,
      [claim.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['expense.claimed', 'expense.approved', 'expense.paid']);
  });
});

describe('receipts and delegates', () => {
  it("today's delegate of a claim's approver opens its receipt; before and after the delegation, not", async () => {
    // A second employee login (ACM0004, the employee role: own records only), outside the claimant's scope.
    const acme = await t.companyId('Acme Corp');
    const peerId = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "SELECT id FROM employees WHERE employee_code = 'ACM0004'",
      );
      return rows[0]!.id;
    });
    await t.db.query(
      `INSERT INTO users (company_id, email, password_hash, role_id, employee_id)
       SELECT u.company_id, 'delegate@acme.test', u.password_hash, u.role_id, $1
         FROM users u WHERE u.email = 'employee@acme.test'`,
      [peerId],
    );
    const peer = await t.login('delegate@acme.test');
    const receipt = await uploadReceipt(employee);
    const filed = await call(
      'POST',
      '/api/expenses/addexpense',
      employee,
      food({ receipt_file_id: receipt }),
    );
    expect(filed.statusCode, filed.body).toBe(201);
    const claim = filed.json().data;
    expect(claim.approval.next_approvers.map((a: { id: string }) => a.id)).toEqual([
      manager.userResponse.employee_id,
    ]);
    const open = (s: Session) => call('GET', `/api/employee/document/${receipt}/download`, s);

    expect((await open(manager)).statusCode).toBe(200); // the approver
    expect((await open(peer)).statusCode).toBe(404); // not yet anyone's delegate

    // The manager hands their approvals to the peer for today.
    const given = await call('POST', '/api/approval-delegation', manager, {
      delegate_id: peerId,
      starts_on: today,
      ends_on: today,
      reason: 'Away today',
    });
    expect(given.statusCode, given.body).toBe(201);
    const delegationId = given.json().data.id;
    const res = await open(peer);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    // The claim names the delegate beside the approver (who approves next).
    const shown = (
      await call('GET', `/api/expenses/getexpensedetails?expense_id=${claim.id}`, employee)
    ).json().data;
    expect(shown.approval.next_approvers).toEqual([
      expect.objectContaining({
        id: manager.userResponse.employee_id,
        delegates: [{ id: peerId, name: expect.any(String) }],
      }),
    ]);
    // The delegate's reach is the claim's receipt, not the claimant's other files.
    const other = await uploadReceipt(employee);
    expect((await call('GET', `/api/employee/document/${other}/download`, peer)).statusCode).toBe(404);

    // The delegation ended yesterday: the peer no longer opens it.
    await t.db.query('UPDATE approval_delegations SET starts_on = $2, ends_on = $3 WHERE id = $1', [
      delegationId,
      daysAgo(3),
      daysAgo(1),
    ]);
    expect((await open(peer)).statusCode).toBe(404);
    const later = (
      await call('GET', `/api/expenses/getexpensedetails?expense_id=${claim.id}`, employee)
    ).json().data;
    expect(later.approval.next_approvers[0].delegates).toEqual([]);
    // Nor one that starts tomorrow.
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const next = tomorrow.toISOString().slice(0, 10);
    await t.db.query('UPDATE approval_delegations SET starts_on = $2, ends_on = $2 WHERE id = $1', [
      delegationId,
      next,
    ]);
    expect((await open(peer)).statusCode).toBe(404);
    expect((await open(manager)).statusCode).toBe(200);
  });
});
