import { randomUUID } from 'node:crypto';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

/**
 * Issue 24: what a decision does (the queue's context of a request), many decisions at once (the
 * queue's bulk route), and the admin queues for company-wide callers only.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
let employeeId: string;
let colleagueId: string;
let outsiderId: string;
let cl: string;

const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);

const NO_OFF = Array.from({ length: 7 }, () => ['none', 'none', 'none', 'none', 'none']);

beforeAll(async () => {
  t = await buildTestApp();
  // A Monday morning in March 2026 (IST): every date below is fixed, whatever the hour of the run.
  t.clock.set(new Date('2026-03-02T11:00:00+05:30'));
  ({ admin, manager, employee, globex } = await demoSessions(t));
  acme = await t.companyId('Acme Corp');
  employeeId = employee.userResponse.employee_id!;
  const managerId = manager.userResponse.employee_id!;
  const adminId = admin.userResponse.employee_id!;
  await t.db.tenant(acme, async (tx) => {
    // Counting without weekly offs keeps the totals plain (the counting is leave's own test).
    await tx.query(
      `UPDATE weekly_off_policies SET days = $1::jsonb
        WHERE id = (SELECT weekly_off_policy_id FROM master_policies WHERE is_default)`,
      [JSON.stringify(NO_OFF)],
    );
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM employees WHERE manager_id = $1 AND id <> $2 ORDER BY employee_code LIMIT 1',
      [managerId, employeeId],
    );
    colleagueId = rows[0]!.id;
    // Someone reporting to a division head: neither the manager's report nor the employee's colleague.
    const out = await tx.query<{ id: string }>(
      `SELECT e.id FROM employees e JOIN employees h ON h.id = e.manager_id
        WHERE h.manager_id = $1 AND h.id <> $2 ORDER BY e.employee_code LIMIT 1`,
      [adminId, managerId],
    );
    outsiderId = out.rows[0]!.id;
  });

  const type = await call(admin, 'POST', '/api/leave/types', {
    name: 'Casual leave',
    code: 'CL',
    paid: true,
    unit: 'half_day',
    notice_days: 1,
    back_dating_days: 3,
    max_per_request: 5,
    accrual_frequency: 'monthly',
    accrual_amount: 1,
  });
  expect(type.statusCode).toBe(201);
  cl = type.json().data.id;
  const policy = await call(admin, 'POST', '/api/leave/policies', {
    name: 'Standard',
    is_base: true,
    leave_type_ids: [cl],
  });
  expect(policy.statusCode).toBe(201);
  const opening = await call(admin, 'PUT', `/api/employee/${employeeId}/leave-balance`, {
    leave_type_id: cl,
    kind: 'opening',
    amount: 20,
    reason: 'Opening balance',
  });
  expect(opening.statusCode).toBe(200);
});
afterAll(() => t.close());

async function applyLeave(from: string, to: string): Promise<string> {
  const res = await call(employee, 'POST', '/api/leave', {
    leave_type_id: cl,
    from_date: from,
    to_date: to,
    reason: 'Family function',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** Someone else's leave as it stands in the table (they have no sign-in to apply with). */
const leaveOf = (employee: string, from: string, to: string, status: string) =>
  t.db.tenant(acme, (tx) =>
    tx.query(
      `INSERT INTO leave_requests (company_id, employee_id, leave_type_id, from_date, to_date, days, total, status)
       VALUES ($1, $2, $3, $4, $5, '[]'::jsonb, 1, $6)`,
      [acme, employee, cl, from, to, status],
    ),
  );

const usedEntries = (id: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ amount: string }>(
      "SELECT amount FROM leave_ledger WHERE kind = 'used' AND ref = $1",
      [id],
    );
    return rows.map((r) => Number(r.amount));
  });

describe('the context of a leave decision', () => {
  it('the balance before and after approving, and who else of the team is away then', async () => {
    const id = await applyLeave('2026-03-10', '2026-03-11');
    await leaveOf(colleagueId, '2026-03-11', '2026-03-12', 'approved');
    await leaveOf(colleagueId, '2026-03-10', '2026-03-10', 'rejected');
    await leaveOf(colleagueId, '2026-03-13', '2026-03-13', 'approved');
    await leaveOf(outsiderId, '2026-03-10', '2026-03-11', 'approved');
    const colleague = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        "SELECT trim(first_name || ' ' || last_name) AS name FROM employees WHERE id = $1",
        [colleagueId],
      );
      return rows[0]!.name;
    });

    const res = await call(manager, 'GET', `/api/requests/leaves/${id}/context`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      balance: {
        leave_type_name: 'Casual leave',
        unit: 'half_day',
        paid: true,
        before: 20,
        after: 18,
        other_pending: 0,
      },
      away: [
        {
          employee_id: colleagueId,
          employee_name: colleague,
          from_date: '2026-03-11',
          to_date: '2026-03-12',
          status: 'approved',
        },
      ],
    });
    // The admin queue (company-wide): the same figures.
    const asAdmin = await call(admin, 'GET', `/api/admin/requests/leave/${id}/context`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.balance).toMatchObject({ before: 20, after: 18 });

    // Another company's admin: not found. The employee (no queue permission): refused. The
    // manager through the admin queue: refused. The requester through the team queue: not found.
    expect((await call(globex, 'GET', `/api/admin/requests/leave/${id}/context`)).statusCode).toBe(404);
    expect((await call(employee, 'GET', `/api/requests/leaves/${id}/context`)).statusCode).toBe(403);
    expect((await call(manager, 'GET', `/api/admin/requests/leave/${id}/context`)).statusCode).toBe(403);
    expect((await call(manager, 'GET', `/api/requests/leaves/${randomUUID()}/context`)).statusCode).toBe(404);

    await call(manager, 'PUT', `/api/requests/leaves/${id}/approve`, {});
  });
});

describe('the context of a reimbursement decision', () => {
  it("the category's limits and the employee's claims of that month", async () => {
    const claim = async (date: string, amount: number) => {
      const res = await call(employee, 'POST', '/api/expenses/addexpense', {
        category_id: food,
        expense_date: date,
        amount_paise: amount,
        merchant: 'Cafe',
        bill_number: `B-${date}-${amount}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const dropdowns = (await call(employee, 'GET', '/api/expenses/dropdowns')).json().data;
    const food = (dropdowns.categories as { code: string; id: string }[]).find((c) => c.code === 'food')!.id;
    await claim('2026-02-20', 10_000); // last month: not counted
    await claim('2026-03-01', 25_000);
    const id = await claim('2026-03-02', 15_000);

    const res = await call(manager, 'GET', `/api/requests/reimbursements/${id}/context`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      month: '2026-03',
      category: {
        name: expect.any(String),
        max_per_claim_paise: 200_000,
        max_per_month_paise: 600_000,
        month_total_paise: 40_000,
      },
      month_claims: { count: 2, total_paise: 40_000 },
    });
    expect((await call(globex, 'GET', `/api/admin/requests/reimbursements/${id}/context`)).statusCode).toBe(
      404,
    );
    expect((await call(manager, 'GET', `/api/admin/requests/reimbursements/${id}/context`)).statusCode).toBe(
      403,
    );
    expect((await call(employee, 'GET', `/api/requests/reimbursements/${id}/context`)).statusCode).toBe(403);
  });
});

describe('deciding many at once', () => {
  it('each decided on its own: a settled one and an unknown one are reported in words, the rest go on', async () => {
    const a = await applyLeave('2026-03-16', '2026-03-16');
    const b = await applyLeave('2026-03-18', '2026-03-18');
    const settled = await applyLeave('2026-03-20', '2026-03-20');
    expect((await call(manager, 'PUT', `/api/requests/leaves/${settled}/approve`, {})).statusCode).toBe(200);
    const unknown = randomUUID();

    const res = await call(manager, 'POST', '/api/requests/leaves/bulk', {
      ids: [a, b, settled, a, unknown],
      decision: 'approve',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      results: [
        { id: a, ok: true, status: 'approved', message: 'Leave approved' },
        { id: b, ok: true, status: 'approved', message: 'Leave approved' },
        { id: settled, ok: false, status: null, message: 'This request is already approved' },
        { id: unknown, ok: false, status: null, message: 'Leave request not found' },
      ],
      decided: 2,
      failed: 2,
    });
    // The rules of a single decision held: one debit each.
    expect(await usedEntries(a)).toEqual([-1]);
    expect(await usedEntries(b)).toEqual([-1]);
    expect(await usedEntries(settled)).toEqual([-1]);
  });

  it('the same bulk decision sent twice at once decides each request once', async () => {
    const ids = [await applyLeave('2026-03-23', '2026-03-23'), await applyLeave('2026-03-24', '2026-03-24')];
    const [one, two] = await Promise.all([
      call(manager, 'POST', '/api/requests/leaves/bulk', { ids, decision: 'approve' }),
      call(manager, 'POST', '/api/requests/leaves/bulk', { ids, decision: 'approve' }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    for (const id of ids) {
      const oks = [one, two].flatMap((r) =>
        (r.json().data.results as { id: string; ok: boolean }[]).filter((x) => x.id === id && x.ok),
      );
      expect(oks).toHaveLength(1);
      expect(await usedEntries(id)).toEqual([-1]);
    }
  });

  it('rejecting needs a reason; at most 100 ids; malformed ids are refused in words', async () => {
    const id = await applyLeave('2026-03-25', '2026-03-25');
    const noReason = await call(manager, 'POST', '/api/requests/leaves/bulk', {
      ids: [id],
      decision: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([
      expect.objectContaining({ message: 'Give a reason for the rejection' }),
    ]);
    const many = Array.from({ length: 101 }, () => randomUUID());
    const tooMany = await call(manager, 'POST', '/api/requests/leaves/bulk', {
      ids: many,
      decision: 'approve',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].message).toBe('Choose at most 100 requests at a time');
    const bad = await call(manager, 'POST', '/api/requests/leaves/bulk', {
      ids: ['1; drop'],
      decision: 'approve',
    });
    expect(bad.statusCode).toBe(400);
    const none = await call(manager, 'POST', '/api/requests/leaves/bulk', { ids: [], decision: 'approve' });
    expect(none.statusCode).toBe(400);

    const rejected = await call(manager, 'POST', '/api/requests/leaves/bulk', {
      ids: [id],
      decision: 'reject',
      comment: 'Release week',
    });
    expect(rejected.json().data.results).toEqual([
      { id, ok: true, status: 'rejected', message: 'Leave rejected' },
    ]);
  });

  it("another company's admin decides nothing; weaker roles and the manager's admin queue are refused", async () => {
    const id = await applyLeave('2026-03-27', '2026-03-27');
    const foreign = await call(globex, 'POST', '/api/admin/requests/leave/bulk', {
      ids: [id],
      decision: 'approve',
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data.results).toEqual([
      { id, ok: false, status: null, message: 'Leave request not found' },
    ]);
    expect(
      (await call(employee, 'POST', '/api/requests/leaves/bulk', { ids: [id], decision: 'approve' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(manager, 'POST', '/api/admin/requests/leave/bulk', { ids: [id], decision: 'approve' }))
        .statusCode,
    ).toBe(403);
    expect(await usedEntries(id)).toEqual([]);
    const still = await call(manager, 'GET', `/api/leave/leave-record/${id}`);
    expect(still.json().data.status).toBe('pending');
    // The company's admin decides it from the admin queue.
    const byAdmin = await call(admin, 'POST', '/api/admin/requests/leave/bulk', {
      ids: [id],
      decision: 'approve',
    });
    expect(byAdmin.json().data.results[0]).toMatchObject({ ok: true, status: 'approved' });
  });
});

describe('the admin request queues', () => {
  it('are refused to a team-scope caller, whatever queue permissions their role holds', async () => {
    // A team lead (team scope: the team dashboard, no company-wide employee list) given every
    // admin queue's permission: the queues hold the whole company, so they stay closed.
    const role = await call(admin, 'POST', '/api/role', {
      name: 'Team lead with queues',
      permissions: admin.scope.permissions
        .map((p) => p.name)
        .filter((p) => !p.startsWith('employee_list.') && !p.startsWith('admin_dashboard.')),
    });
    expect(role.statusCode, role.body).toBe(201);
    const assigned = await call(admin, 'PUT', `/api/user/${manager.userResponse.employee_id}/role`, {
      role_id: role.json().data.id,
    });
    expect(assigned.statusCode).toBe(200);
    const lead = await t.login('manager@acme.test');
    expect(lead.scope.name).toBe('Team lead with queues');
    for (const path of [
      '/api/admin/requests/leave',
      '/api/admin/requests/regularization',
      '/api/admin/requests/reimbursements',
      '/api/admin/requests/profile-change',
    ]) {
      const res = await call(lead, 'GET', path);
      expect(res.statusCode, path).toBe(403);
      expect((await call(admin, 'GET', path)).statusCode, path).toBe(200);
    }
    // Their team queue still works.
    expect((await call(lead, 'GET', '/api/requests/leaves')).statusCode).toBe(200);
  });
});
