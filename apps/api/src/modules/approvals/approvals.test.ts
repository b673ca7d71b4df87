import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
const E: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  const { rows } = await t.db.tenant(await t.companyId('Acme Corp'), (tx) =>
    tx.query<{ id: string; employee_code: string }>(
      "SELECT id, employee_code FROM employees WHERE employee_code < 'ACM0013'",
    ),
  );
  for (const r of rows) E[r.employee_code] = r.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });

const flowBody = (over: Record<string, unknown> = {}) => ({
  name: 'Leave two levels',
  request_type: 'leave',
  is_default: true,
  levels: [
    { approver_kind: 'employee', approver_employee_ids: [E.ACM0002, E.ACM0004], rule: 'all' },
    { approver_kind: 'employee', approver_employee_ids: [E.ACM0001], rule: 'any' },
  ],
  ...over,
});

async function auditActions(action: string) {
  const { rows } = await t.db.query<{ action: string; changes: unknown }>(
    'SELECT action, changes FROM audit_log WHERE action = $1',
    [action],
  );
  return rows;
}

describe('approval flows API', () => {
  it('seeds the default profile-change flow', async () => {
    const res = await call('GET', '/api/approval-flow?request_type=profile_change', admin);
    expect(res.statusCode).toBe(200);
    const flows = res.json().data;
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({ name: 'Profile changes', is_default: true });
    expect(flows[0].levels).toHaveLength(1);
  });

  it('admin creates, reads, replaces levels of, and deletes a flow; audited', async () => {
    const created = await call('POST', '/api/approval-flow', admin, flowBody());
    expect(created.statusCode).toBe(201);
    const flow = created.json().data;
    expect(flow.levels.map((l: { position: number; rule: string }) => [l.position, l.rule])).toEqual([
      [1, 'all'],
      [2, 'any'],
    ]);
    expect(flow.levels[0].approvers.map((a: { name: string }) => a.name)).toContain('Vikram Mehta');

    const got = await call('GET', `/api/approval-flow/${flow.id}`, admin);
    expect(got.json().data.id).toBe(flow.id);

    const updated = await call(
      'PUT',
      `/api/approval-flow/${flow.id}`,
      admin,
      flowBody({
        name: 'Leave one level',
        levels: [{ approver_kind: 'employee', approver_employee_ids: [E.ACM0010], rule: 'any' }],
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Leave one level' });
    expect(updated.json().data.levels).toHaveLength(1);

    // A second default for the same type takes over the default.
    const other = await call('POST', '/api/approval-flow', admin, flowBody({ name: 'Leave other' }));
    expect(other.statusCode).toBe(201);
    const list = (await call('GET', '/api/approval-flow?request_type=leave', admin)).json().data;
    expect(
      list.filter((f: { is_default: boolean }) => f.is_default).map((f: { name: string }) => f.name),
    ).toEqual(['Leave other']);

    expect((await call('DELETE', `/api/approval-flow/${flow.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/approval-flow/${flow.id}`, admin)).statusCode).toBe(404);
    expect(await auditActions('approval.flow_created')).toHaveLength(2);
    expect(await auditActions('approval.flow_updated')).toHaveLength(1);
    expect(await auditActions('approval.flow_deleted')).toHaveLength(1);
  });

  it("refuses to change a flow's request type (a master policy may point at it), naming request_type", async () => {
    const flow = (await call('POST', '/api/approval-flow', admin, flowBody({ name: 'Fixed type' }))).json()
      .data;
    const res = await call(
      'PUT',
      `/api/approval-flow/${flow.id}`,
      admin,
      flowBody({ name: 'Fixed type', request_type: 'regularisation' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('request type cannot be changed');
    expect(res.json().errors).toEqual([
      { path: 'request_type', message: 'The request type is fixed once the flow is created' },
    ]);
    const after = (await call('GET', `/api/approval-flow/${flow.id}`, admin)).json().data;
    expect(after.request_type).toBe('leave');
    // The same type with other levels still saves.
    const same = await call(
      'PUT',
      `/api/approval-flow/${flow.id}`,
      admin,
      flowBody({ name: 'Fixed type 2' }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ name: 'Fixed type 2', request_type: 'leave' });
    expect((await call('DELETE', `/api/approval-flow/${flow.id}`, admin)).statusCode).toBe(200);
  });

  it('validates the body, naming fields', async () => {
    const bad = await call('POST', '/api/approval-flow', admin, {
      name: '',
      request_type: 'holiday',
      levels: [
        { approver_kind: 'reporting_role', rule: 'most' },
        { approver_kind: 'employee' },
        { approver_kind: 'reporting_role' },
      ],
      extra: 1,
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'name',
        'request_type',
        'levels.0.rule',
        'levels.2.reporting_role_id',
        'levels.1.approver_employee_ids',
        'extra',
      ]),
    );
    const noLevels = await call('POST', '/api/approval-flow', admin, flowBody({ levels: [] }));
    expect(noLevels.statusCode).toBe(400);
    expect(noLevels.json().message).toBe('Levels: Add at least one level');
    const unknown = await call(
      'POST',
      '/api/approval-flow',
      admin,
      flowBody({
        name: 'Unknown people',
        levels: [
          { approver_kind: 'employee', approver_employee_ids: ['00000000-0000-4000-8000-000000000000'] },
          { approver_kind: 'reporting_role', reporting_role_id: '00000000-0000-4000-8000-000000000000' },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'levels.0.approver_employee_ids',
      'levels.1.reporting_role_id',
    ]);
    const dup = await call('POST', '/api/approval-flow', admin, flowBody({ name: 'profile CHANGES' }));
    expect(dup.statusCode).toBe(409);
  });

  it('a level keeps its SLA hours and escalate flag; escalate needs hours', async () => {
    const body = flowBody({
      name: 'Leave with SLA',
      levels: [
        { approver_kind: 'employee', approver_employee_ids: [E.ACM0002], sla_hours: 48, escalate: true },
        { approver_kind: 'employee', approver_employee_ids: [E.ACM0001] },
      ],
    });
    const res = await call('POST', '/api/approval-flow', admin, body);
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .data.levels.map((l: { sla_hours: number | null; escalate: boolean }) => [l.sla_hours, l.escalate]),
    ).toEqual([
      [48, true],
      [null, false],
    ]);
    const bad = await call('POST', '/api/approval-flow', admin, {
      ...body,
      name: 'Bad SLA',
      levels: [
        { approver_kind: 'employee', approver_employee_ids: [E.ACM0002], escalate: true, sla_hours: 0 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('levels.0.sla_hours');
    expect((await call('DELETE', `/api/approval-flow/${res.json().data.id}`, admin)).statusCode).toBe(200);
  });

  it("the inbox lists every registered type's requests waiting on me, summarised, with abilities", async () => {
    const raised = await call('POST', '/api/employee/profile/change-request', employee, {
      changes: { bank_name: 'Canara Bank' },
      reason: 'Bank merged',
    });
    expect(raised.statusCode).toBe(201);
    const res = await call('GET', '/api/approvals/inbox', manager);
    expect(res.statusCode).toBe(200);
    const item = res.json().data.find((r: { subject_id: string }) => r.subject_id === raised.json().data.id);
    expect(item).toMatchObject({
      request_type: 'profile_change',
      requester_name: 'Priya Sharma',
      title: 'Profile change: Priya Sharma',
      summary: 'Bank name (Bank merged)',
      level: 1,
      abilities: { approve: true, reject: true, withdraw: false },
    });
    // Not waiting on the admin; an employee has no team queue at all.
    const adminInbox = await call('GET', '/api/approvals/inbox', admin);
    expect(adminInbox.json().data.map((r: { subject_id: string }) => r.subject_id)).not.toContain(
      raised.json().data.id,
    );
    expect((await call('GET', '/api/approvals/inbox', employee)).statusCode).toBe(403);
    expect((await call('GET', '/api/approvals/inbox', globex)).json().data).toEqual([]);
  });

  it('permission matrix and company isolation', async () => {
    const flow = (await call('GET', '/api/approval-flow', admin)).json().data[0];
    for (const s of [manager, employee]) {
      expect((await call('GET', '/api/approval-flow', s)).statusCode).toBe(403);
      expect((await call('POST', '/api/approval-flow', s, flowBody({ name: 'x' }))).statusCode).toBe(403);
      expect((await call('PUT', `/api/approval-flow/${flow.id}`, s, flowBody())).statusCode).toBe(403);
      expect((await call('DELETE', `/api/approval-flow/${flow.id}`, s)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/approval-flow/${flow.id}`, globex)).statusCode).toBe(404);
    expect((await call('PUT', `/api/approval-flow/${flow.id}`, globex, flowBody())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/approval-flow/${flow.id}`, globex)).statusCode).toBe(404);
    expect((await call('GET', '/api/approval-flow', globex)).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/approval-flow' })).statusCode).toBe(401);
  });
});

describe('approval delegations API', () => {
  it('an approver delegates their own approvals, sees them in mine, removes them', async () => {
    const res = await call('POST', '/api/approval-delegation', manager, {
      delegate_id: E.ACM0004,
      starts_on: '2025-01-01',
      ends_on: '2099-12-31',
      reason: 'Leave',
    });
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ approver_id: E.ACM0002, delegate_id: E.ACM0004, active: true });
    const mine = (await call('GET', '/api/approval-delegation/mine', manager)).json().data;
    expect(mine.given.map((x: { id: string }) => x.id)).toEqual([d.id]);
    expect((await call('DELETE', `/api/approval-delegation/${d.id}`, globex)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/approval-delegation/${d.id}`, manager)).statusCode).toBe(200);
    expect((await call('GET', '/api/approval-delegation/mine', manager)).json().data.given).toEqual([]);
    expect(await auditActions('approval.delegation_created')).toHaveLength(1);
  });

  it('validates dates and people; only admins delegate for someone else', async () => {
    const bad = await call('POST', '/api/approval-delegation', manager, {
      delegate_id: E.ACM0002,
      starts_on: '2025-02-10',
      ends_on: '2025-02-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['ends_on']);
    const self = await call('POST', '/api/approval-delegation', manager, {
      delegate_id: E.ACM0002,
      starts_on: '2025-02-01',
      ends_on: '2025-02-10',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors[0].path).toBe('delegate_id');
    const forOther = {
      approver_id: E.ACM0010,
      delegate_id: E.ACM0011,
      starts_on: '2025-02-01',
      ends_on: '2025-02-10',
    };
    expect((await call('POST', '/api/approval-delegation', manager, forOther)).statusCode).toBe(403);
    expect((await call('POST', '/api/approval-delegation', employee, forOther)).statusCode).toBe(403);
    const byAdmin = await call('POST', '/api/approval-delegation', admin, forOther);
    expect(byAdmin.statusCode).toBe(201);
    expect(
      (await call('DELETE', `/api/approval-delegation/${byAdmin.json().data.id}`, manager)).statusCode,
    ).toBe(404);
    // Another company's employee is unknown here.
    const globexAsDelegate = await call('POST', '/api/approval-delegation', globex, {
      delegate_id: E.ACM0004,
      starts_on: '2025-02-01',
      ends_on: '2025-02-10',
    });
    expect(globexAsDelegate.statusCode).toBe(400);
    expect((await call('GET', '/api/approval-delegation/mine', employee)).statusCode).toBe(200);
  });
});
