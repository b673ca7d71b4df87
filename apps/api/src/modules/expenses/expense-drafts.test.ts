import { buildTestApp, type Session, type TestApp } from '../../test/helper';

// Issue 13: a claim saved as a draft (relaxed checks, seen and counted by nobody but its owner),
// then submitted with the full checks and routing of a new claim.

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let today: string;
let categories: Record<string, string>;
let misc: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  const res = await call('GET', '/api/expenses/dropdowns', employee);
  today = res.json().data.today;
  categories = Object.fromEntries(
    (res.json().data.categories as { code: string; id: string }[]).map((c) => [c.code, c.id]),
  );
  // ₹5,000 a claim, ₹10,000 a month, no receipt needed.
  const cat = await call('POST', '/api/expenses/categories', admin, {
    name: 'Misc',
    max_per_claim_paise: 500_000,
    max_per_month_paise: 1_000_000,
    receipt_required_over_paise: null,
  });
  expect(cat.statusCode).toBe(201);
  misc = cat.json().data.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });

const daysAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

const saveDraft = async (s: Session, body: Record<string, unknown>) => {
  const res = await call('POST', '/api/expenses/addexpense', s, { ...body, submit: false });
  expect(res.statusCode).toBe(201);
  expect(res.json().message).toBe('Draft saved');
  return res.json().data as { id: string; status: string; amount_paise: number | null };
};

const approvalRows = async (subjectId: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM approval_requests WHERE request_type = 'expense' AND subject_id = $1`,
      [subjectId],
    )
  ).rows[0]!.n;

const notificationCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications')).rows[0]!.n;

describe('saving a draft', () => {
  it('saves an incomplete claim with only its category, and raises nothing', async () => {
    const before = await notificationCount();
    const d = await saveDraft(employee, { category_id: misc, merchant: 'Pump' });
    expect(d).toMatchObject({ status: 'draft', amount_paise: null, expense_date: null, merchant: 'Pump' });
    expect(d).toMatchObject({ approval: null, abilities: { edit: true, delete: true, withdraw: false } });
    expect(await approvalRows(d.id)).toBe(0);
    expect(await notificationCount()).toBe(before);

    const got = await call('GET', `/api/expenses/getexpensedetails?expense_id=${d.id}`, employee);
    expect(got.statusCode).toBe(200);
    expect(got.json().data.status).toBe('draft');
  });

  it('is saved once when the same save is retried with its idempotency key, even at once', async () => {
    const body = { category_id: misc, merchant: 'Retried draft', submit: false };
    const headers = { ...employee.headers, 'idempotency-key': 'draft-retry-0001' };
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/expenses/addexpense', headers, payload: body });
    const [a, b] = await Promise.all([send(), send()]);
    const again = await send();
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(again.statusCode).toBe(200);
    const ids = new Set([a, b, again].map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const rows = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM expenses WHERE merchant = 'Retried draft'`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('still requires the category and names each wrong field that is given', async () => {
    const noCategory = await call('POST', '/api/expenses/addexpense', employee, {
      merchant: 'Pump',
      submit: false,
    });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().errors.map((e: { path: string }) => e.path)).toContain('category_id');

    const wrong = await call('POST', '/api/expenses/addexpense', employee, {
      category_id: misc,
      expense_date: '2026-02-30',
      amount_paise: -5,
      submit: false,
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      wrong
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['amount_paise', 'expense_date']);

    const future = await call('POST', '/api/expenses/addexpense', employee, {
      category_id: misc,
      expense_date: daysAgo(-3),
      amount_paise: 600_000,
      receipt_file_id: '00000000-0000-4000-8000-000000000001',
      submit: false,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([
      { path: 'receipt_file_id', message: 'Upload the receipt again: the file was not found' },
      { path: 'expense_date', message: 'The date cannot be in the future' },
      { path: 'amount_paise', message: 'Misc claims are limited to ₹5,000.00 each' },
    ]);
  });

  it('is edited and deleted by its owner and stays a draft', async () => {
    const d = await saveDraft(employee, { category_id: misc });
    const url = `/api/expenses/updateexpense?expense_id=${d.id}`;
    const edited = await call('PUT', url, employee, {
      category_id: misc,
      amount_paise: 12_345,
      submit: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Draft saved',
      data: { status: 'draft', amount_paise: 12_345 },
    });
    expect(await approvalRows(d.id)).toBe(0);

    const removed = await call('DELETE', `/api/expenses/removeexpense?expense_id=${d.id}`, employee);
    expect(removed.statusCode).toBe(200);
    const gone = await call('GET', `/api/expenses/getexpensedetails?expense_id=${d.id}`, employee);
    expect(gone.statusCode).toBe(404);
  });
});

describe('a draft counts nowhere', () => {
  it('is left out of queues, summaries, limits and duplicate checks', async () => {
    const date = daysAgo(3);
    // ₹5,000 draft in Misc (limit ₹10,000 a month): a ₹5,000 and another ₹5,000 claim still fit.
    const d = await saveDraft(employee, {
      category_id: misc,
      expense_date: date,
      amount_paise: 500_000,
      bill_number: 'DRAFT-DUP',
    });
    const list = await call('GET', '/api/expenses/getexpenseslists?records=100', employee);
    expect(list.json().data.map((c: { id: string }) => c.id)).toContain(d.id);

    const summary = (await call('GET', '/api/expenses/employee/summary', employee)).json().data;
    expect(summary.pending).toEqual({ count: 0, amount_paise: 0 });
    const year = Number(date.slice(0, 4));
    const months = (
      await call('GET', `/api/expenses/employee/summary/month-wise?year=${year}`, employee)
    ).json().data;
    expect(months.months.reduce((s: number, m: { pending_paise: number }) => s + m.pending_paise, 0)).toBe(0);
    expect(months.by_category).toEqual([]);

    const dup = await call('POST', '/api/expenses/duplicate-check', employee, {
      expense_date: date,
      amount_paise: 500_000,
      bill_number: 'DRAFT-DUP',
    });
    expect(dup.json().data).toEqual({ duplicates: [], blocking: false });

    for (const [s, url] of [
      [manager, '/api/requests/reimbursements?records=100'],
      [admin, '/api/admin/requests/reimbursements?records=100'],
    ] as const) {
      const q = await call('GET', url, s);
      expect(q.statusCode).toBe(200);
      expect(q.json().data.map((c: { id: string }) => c.id)).not.toContain(d.id);
    }

    // The same bill as the draft is claimed, then a second ₹5,000: the month's ₹10,000 is used
    // by the two claims only.
    const a = await call('POST', '/api/expenses/addexpense', employee, {
      category_id: misc,
      expense_date: date,
      amount_paise: 500_000,
      bill_number: 'DRAFT-DUP',
    });
    expect(a.statusCode).toBe(201);
    const b = await call('POST', '/api/expenses/addexpense', employee, {
      category_id: misc,
      expense_date: date,
      amount_paise: 500_000,
      bill_number: 'FUEL-2',
    });
    expect(b.statusCode).toBe(201);
    const after = (await call('GET', '/api/expenses/employee/summary', employee)).json().data;
    expect(after.pending).toEqual({ count: 2, amount_paise: 1_000_000 });

    // Submitting the draft now: the same bill is claimed and the month is full.
    const sub = await call('PUT', `/api/expenses/submit?expense_id=${d.id}`, employee);
    expect(sub.statusCode).toBe(400);
    expect(sub.json().errors).toEqual([
      {
        path: 'amount_paise',
        message: 'Misc claims are limited to ₹10,000.00 a month; ₹0.00 is left for that month',
      },
    ]);
    const edited = await call('PUT', `/api/expenses/updateexpense?expense_id=${d.id}`, employee, {
      category_id: misc,
      expense_date: daysAgo(40),
      amount_paise: 500_000,
      bill_number: 'DRAFT-DUP',
      submit: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(await approvalRows(d.id)).toBe(0);
  });
});

describe('submitting a draft', () => {
  it('runs the full checks, then routes it like a new claim', async () => {
    const d = await saveDraft(employee, { category_id: categories.travel, merchant: 'Cab' });
    const incomplete = await call('PUT', `/api/expenses/submit?expense_id=${d.id}`, employee);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors).toEqual([{ path: 'expense_date', message: 'Enter the date' }]);

    const viaUpdate = await call('PUT', `/api/expenses/updateexpense?expense_id=${d.id}`, employee, {
      category_id: categories.travel,
      expense_date: daysAgo(2),
      amount_paise: 40_000,
      merchant: 'Cab',
    });
    expect(viaUpdate.statusCode).toBe(400);
    expect(
      viaUpdate
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['travel_from', 'travel_to']);
    expect(await approvalRows(d.id)).toBe(0);

    const before = await notificationCount();
    const ok = await call('PUT', `/api/expenses/updateexpense?expense_id=${d.id}`, employee, {
      category_id: categories.travel,
      expense_date: daysAgo(2),
      amount_paise: 40_000,
      merchant: 'Cab',
      travel_from: 'Office',
      travel_to: 'Airport',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Expense updated',
      data: { status: 'pending', amount_paise: 40_000, abilities: { withdraw: true } },
    });
    expect(ok.json().data.approval.next_approvers.map((a: { id: string }) => a.id)).toEqual([
      manager.userResponse.employee_id,
    ]);
    expect(await approvalRows(d.id)).toBe(1);
    expect(await notificationCount()).toBeGreaterThan(before);

    const queue = await call('GET', '/api/requests/reimbursements?records=100', manager);
    expect(queue.json().data.map((c: { id: string }) => c.id)).toContain(d.id);

    // A submitted claim does not go back to a draft, nor is submitted again.
    const back = await call('PUT', `/api/expenses/updateexpense?expense_id=${d.id}`, employee, {
      category_id: categories.travel,
      submit: false,
    });
    expect(back.statusCode).toBe(409);
    const again = await call('PUT', `/api/expenses/submit?expense_id=${d.id}`, employee);
    expect(again.statusCode).toBe(409);
  });

  it('submitted twice at once raises one approval request', async () => {
    const d = await saveDraft(employee, {
      category_id: categories.food,
      expense_date: daysAgo(1),
      amount_paise: 20_000,
      bill_number: 'TWICE-DRAFT',
    });
    const [a, b] = await Promise.all([
      call('PUT', `/api/expenses/submit?expense_id=${d.id}`, employee),
      call('PUT', `/api/expenses/submit?expense_id=${d.id}`, employee),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await approvalRows(d.id)).toBe(1);
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM expenses WHERE id = $1', [
      d.id,
    ]);
    expect(rows[0]!.status).toBe('pending');
  });
});

describe('data scope', () => {
  it("another user's draft is 404 to everyone else, administrators included", async () => {
    const d = await saveDraft(employee, { category_id: categories.food, amount_paise: 10_000 });
    const reads = [
      call('GET', `/api/expenses/getexpensedetails?expense_id=${d.id}`, manager),
      call('GET', `/api/expenses/getexpensedetails?expense_id=${d.id}`, admin),
      call('GET', `/api/requests/reimbursements/${d.id}`, manager),
      call('GET', `/api/admin/requests/reimbursements/${d.id}`, admin),
      call('GET', `/api/admin/requests/reimbursements/${d.id}`, globex),
      call('PUT', `/api/admin/requests/reimbursements/${d.id}/approve`, admin, { comment: 'x' }),
      call('PUT', `/api/admin/requests/reimbursements/${d.id}/payout`, admin, {
        payout_mode: 'outside',
        payout_reference: 'X',
        paid_on: today,
      }),
      call('PUT', `/api/expenses/submit?expense_id=${d.id}`, manager),
      call('PUT', `/api/expenses/updateexpense?expense_id=${d.id}`, admin, {
        category_id: categories.food,
        submit: false,
      }),
      call('DELETE', `/api/expenses/removeexpense?expense_id=${d.id}`, manager),
      call('GET', `/api/expenses/getexpensedetails?expense_id=${d.id}`, globex),
    ];
    expect((await Promise.all(reads)).map((r) => r.statusCode)).toEqual(Array(reads.length).fill(404));
    const lists = await call('GET', '/api/expenses/getexpenseslists?records=100', manager);
    expect(lists.json().data.map((c: { id: string }) => c.id)).not.toContain(d.id);
    // Still there for its owner.
    const own = await call('GET', `/api/expenses/getexpensedetails?expense_id=${d.id}`, employee);
    expect(own.json().data.status).toBe('draft');
  });
});
