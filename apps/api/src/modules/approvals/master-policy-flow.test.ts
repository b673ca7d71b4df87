import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';
import { createApprovalEngine } from './approval-engine';

/**
 * The flow a request follows comes from the requester's master policy in force on the request's
 * date (set up here through the real policies and approvals API), else the company's default
 * flow for the type; it is fixed when the request is raised.
 */
let t: TestApp;
let s: Awaited<ReturnType<typeof demoSessions>>;
let acme: string;
/** Acme employees by code: ACM0001 admin, ACM0002 manager, ACM0003 employee, ACM0004-9 reports. */
const E: Record<string, string> = {};
const engine = createApprovalEngine({ clock: manualClock(new Date('2026-05-10T06:00:00Z')) });
const inAcme = <T>(fn: (tx: Queryable) => Promise<T>) => t.db.tenant(acme, fn);
const call = (who: Session, method: string, url: string, body?: object) => callAs(t, who, method, url, body);

const policyBody = {
  description: '',
  attendance_policy_id: null,
  shift_id: null,
  roster_id: null,
  weekly_off_policy_id: null,
  holiday_calendar_id: null,
};
let hrOnly: string;
let defaultFlow: string;
let policyX: string;

async function flow(who: Session, name: string, isDefault: boolean, approver: string) {
  const res = await call(who, 'POST', '/api/approval-flow', {
    name,
    request_type: 'leave',
    is_default: isDefault,
    levels: [{ approver_kind: 'employee', approver_employee_ids: [approver], rule: 'any' }],
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}
async function masterPolicy(name: string, flows: { request_type: string; approval_flow_id: string }[]) {
  const res = await call(s.admin, 'POST', '/api/master-policy', {
    ...policyBody,
    name,
    approval_flows: flows,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}
async function assign(policyId: string, employeeId: string, from: string) {
  const res = await call(s.admin, 'POST', `/api/master-policy/${policyId}/assignment`, {
    target_kind: 'employee',
    target_id: employeeId,
    effective_from: from,
  });
  expect(res.statusCode).toBe(201);
}
const raise = (requester: string, onDate: string, amountPaise: number | null = null) =>
  inAcme((tx) =>
    engine.raise(tx, { type: 'leave', subjectId: randomUUID(), requesterId: requester, onDate, amountPaise }),
  );
const approversOf = async (id: string) =>
  (await inAcme((tx) => engine.state(tx, id))).next_approvers.map((a) => a.id);

beforeAll(async () => {
  t = await buildTestApp();
  s = await demoSessions(t);
  acme = await t.companyId('Acme Corp');
  const { rows } = await inAcme((tx) =>
    tx.query<{ id: string; employee_code: string }>(
      "SELECT id, employee_code FROM employees WHERE employee_code < 'ACM0013'",
    ),
  );
  for (const r of rows) E[r.employee_code] = r.id;
  // The company's default leave flow: ACM0005 approves. "HR only": the admin (ACM0001) approves.
  defaultFlow = await flow(s.admin, 'Leave default (test)', true, E.ACM0005!);
  hrOnly = await flow(s.admin, 'HR only', false, E.ACM0001!);
  policyX = await masterPolicy('Policy X', [{ request_type: 'leave', approval_flow_id: hrOnly }]);
  await assign(policyX, E.ACM0003!, '2026-04-01');
  await assign(await masterPolicy('Policy Y', []), E.ACM0004!, '2026-04-01');
});
afterAll(() => t.close());

describe('approval flow from the master policy', () => {
  it("an employee under a master policy naming a flow gets that flow's approver, from its start date", async () => {
    const r = await raise(E.ACM0003!, '2026-04-10');
    expect(await approversOf(r.id)).toEqual([E.ACM0001]);
    const row = await inAcme((tx) => tx.query('SELECT flow_id FROM approval_requests WHERE id = $1', [r.id]));
    expect(row.rows[0]).toEqual({ flow_id: hrOnly });
    // Before the assignment starts the company default master policy applies: the default flow.
    const before = await raise(E.ACM0003!, '2026-03-20');
    expect(await approversOf(before.id)).toEqual([E.ACM0005]);
  });

  it('an employee under a master policy naming no flow gets the default flow', async () => {
    const r = await raise(E.ACM0004!, '2026-04-10');
    expect(await approversOf(r.id)).toEqual([E.ACM0005]);
    const row = await inAcme((tx) => tx.query('SELECT flow_id FROM approval_requests WHERE id = $1', [r.id]));
    expect(row.rows[0]).toEqual({ flow_id: defaultFlow });
  });

  it('changing the master policy after submit does not reroute the open request', async () => {
    const r = await raise(E.ACM0003!, '2026-04-15', 100_00);
    expect(await approversOf(r.id)).toEqual([E.ACM0001]);
    const res = await call(s.admin, 'PUT', `/api/master-policy/${policyX}`, {
      ...policyBody,
      name: 'Policy X',
      approval_flows: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.approval_flows).toEqual([]);
    expect(await approversOf(r.id)).toEqual([E.ACM0001]);
    // An amount change re-resolves the levels, on the flow the request was raised on.
    await inAcme((tx) => engine.reroute(tx, r.id, 200_00));
    expect(await approversOf(r.id)).toEqual([E.ACM0001]);
    // A new request follows the changed policy: the default flow.
    const next = await raise(E.ACM0003!, '2026-04-15');
    expect(await approversOf(next.id)).toEqual([E.ACM0005]);
    // Restore X's flow for the other tests.
    await call(s.admin, 'PUT', `/api/master-policy/${policyX}`, {
      ...policyBody,
      name: 'Policy X',
      approval_flows: [{ request_type: 'leave', approval_flow_id: hrOnly }],
    });
  });

  it('a flow moved to another request type is not used for leave: the default flow is', async () => {
    const other = await flow(s.admin, 'HR only, briefly', false, E.ACM0001!);
    const p = await masterPolicy('Policy Z', [{ request_type: 'leave', approval_flow_id: other }]);
    await assign(p, E.ACM0006!, '2026-04-01');
    expect(await approversOf((await raise(E.ACM0006!, '2026-04-10')).id)).toEqual([E.ACM0001]);
    await inAcme((tx) =>
      tx.query("UPDATE approval_flows SET request_type = 'expense' WHERE id = $1", [other]),
    );
    expect(await approversOf((await raise(E.ACM0006!, '2026-04-10')).id)).toEqual([E.ACM0005]);
  });

  it('a claim filed through the expenses API follows the master policy flow, amount levels included', async () => {
    const made = await call(s.admin, 'POST', '/api/approval-flow', {
      name: 'Finance only',
      request_type: 'expense',
      is_default: false,
      levels: [
        { approver_kind: 'employee', approver_employee_ids: [E.ACM0005!], rule: 'any' },
        {
          approver_kind: 'employee',
          approver_employee_ids: [E.ACM0001!],
          rule: 'any',
          min_amount_paise: 500_000,
        },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const put = await call(s.admin, 'PUT', `/api/master-policy/${policyX}`, {
      ...policyBody,
      name: 'Policy X',
      approval_flows: [
        { request_type: 'leave', approval_flow_id: hrOnly },
        { request_type: 'expense', approval_flow_id: made.json().data.id },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const today = (await call(s.employee, 'GET', '/api/expenses/dropdowns')).json().data.today as string;
    const cat = await call(s.admin, 'POST', '/api/expenses/categories', {
      name: 'Travel (flow test)',
      max_per_claim_paise: 10_000_000,
      receipt_required_over_paise: null,
    });
    expect(cat.statusCode, cat.body).toBe(201);
    expect(s.employee.userResponse.employee_id).toBe(E.ACM0003);
    const file = async (amount_paise: number, bill: string) => {
      const res = await call(s.employee, 'POST', '/api/expenses/addexpense', {
        category_id: cat.json().data.id,
        expense_date: today,
        amount_paise,
        merchant: 'Cab',
        bill_number: bill,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.approval as { level_count: number; next_approvers: { id: string }[] };
    };
    // Not above ₹5,000: only the first level; above it, the conditional second level too.
    const small = await file(100_00, 'MPF-1');
    expect(small.level_count).toBe(1);
    expect(small.next_approvers.map((a) => a.id)).toEqual([E.ACM0005]);
    const large = await file(600_000, 'MPF-2');
    expect(large.level_count).toBe(2);
    expect(large.next_approvers.map((a) => a.id)).toEqual([E.ACM0005]);
  });

  it("another company's flow cannot be attached to a master policy", async () => {
    const globexEmployee = (
      await t.db.tenant(await t.companyId('Globex Ltd'), (tx) =>
        tx.query<{ id: string }>(
          "SELECT id FROM employees WHERE status = 'active' ORDER BY employee_code LIMIT 1",
        ),
      )
    ).rows[0]!.id;
    const globexFlow = await flow(s.globex, 'Globex leave', false, globexEmployee);
    const res = await call(s.admin, 'POST', '/api/master-policy', {
      ...policyBody,
      name: 'Borrowed flow',
      approval_flows: [{ request_type: 'leave', approval_flow_id: globexFlow }],
    });
    expect(res.statusCode).toBe(400);
    expect((res.json().errors as { path: string }[]).map((e) => e.path)).toEqual([
      'approval_flows.0.approval_flow_id',
    ]);
    // Nor through an update of an existing policy.
    const upd = await call(s.admin, 'PUT', `/api/master-policy/${policyX}`, {
      ...policyBody,
      name: 'Policy X',
      approval_flows: [{ request_type: 'leave', approval_flow_id: globexFlow }],
    });
    expect(upd.statusCode).toBe(400);
    expect(await approversOf((await raise(E.ACM0003!, '2026-04-20')).id)).toEqual([E.ACM0001]);
  });
});
