import { createMailer } from '../../lib/mail';
import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';
import { createApprovalEngine } from './approval-engine';
import { saveFlow } from './approvals.repo';
import { createRequestTypeRegistry } from './request-types';
import { createSlaCheck } from './sla';

/**
 * A request whose employee has no manager falls back to the type's administrators. For
 * reimbursements and regularisation the team queue's permission has the same name as the admin
 * queue's, and the Manager role holds it: the fallback (and the SLA escalation past the last
 * level) must still pick only company-wide administrators, never a manager.
 */
let t: TestApp;
let acme: string;
let admin: Session;
let manager: Session;
let employee: Session;
/** A second Acme administrator (a division head given the Admin role), who can decide the admin's requests. */
let admin2: Session;
const ids: Record<string, string> = {};

const ist = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+05:30`);
const idsOf = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((r) => r.id);

async function signIn() {
  [admin, manager, employee, admin2] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('head@acme.test'),
  ]);
}

beforeAll(async () => {
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '86400' } });
  acme = await t.companyId('Acme Corp');
  t.clock.set(ist('2026-03-11', '10:00'));
  const { rows } = await t.db.query<{ email: string; id: string; employee_code: string }>(
    `SELECT email, id, employee_code FROM employees
      WHERE company_id = $1 AND (email IN ('admin@acme.test', 'manager@acme.test', 'employee@acme.test')
         OR employee_code = 'ACM0009')`,
    [acme],
  );
  for (const r of rows) ids[r.employee_code === 'ACM0009' ? 'head' : r.email.split('@')[0]!] = r.id;
  // The head of engineering gets a sign-in with the Admin role (same password as the demo users).
  await t.db.query(
    `INSERT INTO users (company_id, email, password_hash, role_id, employee_id)
     SELECT $1, 'head@acme.test', u.password_hash, u.role_id, $2 FROM users u WHERE u.email = 'admin@acme.test'`,
    [acme, ids.head],
  );
  // The admin reports to nobody: their requests have no manager to go to.
  const { rows: mine } = await t.db.query<{ manager_id: string | null }>(
    'SELECT manager_id FROM employees WHERE id = $1',
    [ids.admin],
  );
  expect(mine[0]!.manager_id).toBeNull();
  await signIn();
});
afterAll(() => t.close());

describe("the admin's own requests go to administrators, not to a manager", () => {
  it('a reimbursement claim', async () => {
    const drop = await callAs(t, admin, 'GET', '/api/expenses/dropdowns');
    const { today, categories } = drop.json().data as {
      today: string;
      categories: { code: string; id: string }[];
    };
    const food = categories.find((c) => c.code === 'food')!.id;
    const filed = await callAs(t, admin, 'POST', '/api/expenses/addexpense', {
      category_id: food,
      expense_date: today,
      amount_paise: 20_000,
      merchant: 'Cafe',
      bill_number: 'ADM-1',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const claim = filed.json().data;
    expect(claim.approval.next_approvers.map((a: { id: string }) => a.id)).toEqual([ids.head]);

    // The manager holds reimbursements_requests.* for their team queue: not this claim.
    const team = await callAs(t, manager, 'GET', '/api/requests/reimbursements?records=100');
    expect(team.statusCode).toBe(200);
    expect(idsOf(team)).not.toContain(claim.id);
    expect((await callAs(t, manager, 'GET', `/api/requests/reimbursements/${claim.id}`)).statusCode).toBe(
      404,
    );
    const inbox = await callAs(t, manager, 'GET', '/api/approvals/inbox');
    expect(inbox.json().data.map((i: { subject_id: string }) => i.subject_id)).not.toContain(claim.id);
    const tried = await callAs(t, manager, 'PUT', `/api/requests/reimbursements/${claim.id}/approve`, {});
    expect(tried.statusCode).toBe(404);
    expect((await callAs(t, manager, 'GET', '/api/admin/requests/reimbursements')).statusCode).toBe(403);

    // The other administrator has it waiting and decides it.
    expect(idsOf(await callAs(t, admin2, 'GET', '/api/requests/reimbursements?records=100'))).toContain(
      claim.id,
    );
    const ok = await callAs(t, admin2, 'PUT', `/api/requests/reimbursements/${claim.id}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('approved');
  });

  it('a regularisation', async () => {
    const filed = await callAs(t, admin, 'POST', '/api/attendance/regularization-record', {
      date: '2026-03-09',
      punch_in: '09:30',
      punch_out: '18:30',
      reason: 'missed_punch',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const reg = filed.json().data;
    expect(reg.approval.next_approvers.map((a: { id: string }) => a.id)).toEqual([ids.head]);

    const team = await callAs(t, manager, 'GET', '/api/requests/regularization?records=100');
    expect(team.statusCode).toBe(200);
    expect(idsOf(team)).not.toContain(reg.id);
    expect((await callAs(t, manager, 'GET', `/api/requests/regularization/${reg.id}`)).statusCode).toBe(404);
    const tried = await callAs(t, manager, 'PUT', `/api/requests/regularization/${reg.id}/approve`, {});
    expect(tried.statusCode).toBe(404);
    expect((await callAs(t, manager, 'GET', '/api/admin/requests/regularization')).statusCode).toBe(403);

    // An administrator decides it from the admin queue.
    const listed = await callAs(t, admin2, 'GET', '/api/admin/requests/regularization?records=100');
    expect(idsOf(listed)).toContain(reg.id);
    const ok = await callAs(t, admin2, 'PUT', `/api/admin/requests/regularization/${reg.id}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('approved');
  });

  it('with no other administrator, the claim waits in the admin queue, not with the manager', async () => {
    await t.db.query("UPDATE users SET is_active = false WHERE email = 'head@acme.test'");
    try {
      const drop = await callAs(t, admin, 'GET', '/api/expenses/dropdowns');
      const { today, categories } = drop.json().data as {
        today: string;
        categories: { code: string; id: string }[];
      };
      const filed = await callAs(t, admin, 'POST', '/api/expenses/addexpense', {
        category_id: categories.find((c) => c.code === 'food')!.id,
        expense_date: today,
        amount_paise: 15_000,
        merchant: 'Cafe',
        bill_number: 'ADM-2',
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const claim = filed.json().data;
      expect(claim.approval).toMatchObject({ level_count: 0, next_approvers: [] });
      expect(
        idsOf(await callAs(t, manager, 'GET', '/api/requests/reimbursements?records=100')),
      ).not.toContain(claim.id);
      expect(
        (await callAs(t, manager, 'PUT', `/api/requests/reimbursements/${claim.id}/approve`, {})).statusCode,
      ).toBe(404);
    } finally {
      await t.db.query("UPDATE users SET is_active = true WHERE email = 'head@acme.test'");
    }
  });
});

describe('the SLA escalation past the last level', () => {
  it('goes to the administrators, not to every holder of the queue permission', async () => {
    // The engine as app.ts builds it for reimbursements: team and admin queues share one permission.
    const registry = createRequestTypeRegistry();
    registry.register({
      type: 'expense',
      teamPermissions: { view: 'reimbursements_requests.view', edit: 'reimbursements_requests.edit' },
      adminPermissions: { view: 'reimbursements_requests.view', edit: 'reimbursements_requests.edit' },
      summarise: async (_tx, subjectIds) =>
        new Map(subjectIds.map((id) => [id, { title: 'Reimbursement', summary: '' }])),
    });
    const engine = createApprovalEngine({ clock: t.clock, registry });
    await t.db.tenant(acme, async (tx) => {
      await tx.query("UPDATE approval_flows SET is_default = false WHERE request_type = 'expense'");
      await saveFlow(tx, null, {
        name: 'Claims with a deadline',
        request_type: 'expense',
        is_default: true,
        levels: [
          {
            approver_kind: 'employee',
            approver_employee_ids: [ids.manager!],
            rule: 'any',
            sla_hours: 24,
            escalate: true,
          },
        ],
      });
    });
    // Other pending requests must not take part.
    await t.db.tenant(acme, (tx) =>
      tx.query("UPDATE approval_requests SET status = 'cancelled' WHERE status = 'pending'"),
    );
    const drop = await callAs(t, employee, 'GET', '/api/expenses/dropdowns');
    const { today, categories } = drop.json().data as {
      today: string;
      categories: { code: string; id: string }[];
    };
    const filed = await callAs(t, employee, 'POST', '/api/expenses/addexpense', {
      category_id: categories.find((c) => c.code === 'food')!.id,
      expense_date: today,
      amount_paise: 10_000,
      merchant: 'Cafe',
      bill_number: 'EMP-SLA',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const claim = filed.json().data;
    expect(claim.approval.next_approvers.map((a: { id: string }) => a.id)).toEqual([ids.manager]);

    t.clock.advance(25 * 3600 * 1000);
    const mailer = createMailer({
      db: t.db,
      log: t.app.log,
      from: 'hr@test',
      isProduction: false,
      sink: () => {},
    });
    const run = await createSlaCheck({ db: t.db, engine, mailer, clock: t.clock })();
    expect(run).toMatchObject({ escalated: 1 });
    const state = await t.db.tenant(acme, (tx) => engine.state(tx, claim.approval.request_id));
    expect(state).toMatchObject({ current_level: 2, level_count: 2 });
    // Acme's two administrators; the manager (who holds reimbursements_requests.edit) is not one.
    expect(state.next_approvers.map((a) => a.id).sort()).toEqual([ids.admin, ids.head].sort());
  });
});
