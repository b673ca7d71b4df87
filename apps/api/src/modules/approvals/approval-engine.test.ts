import { randomUUID } from 'node:crypto';
import type { ApprovalFlowInputData, ApprovalRequestType } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createApprovalEngine, todayIn } from './approval-engine';
import { saveFlow } from './approvals.repo';

let t: TestApp;
let acme: string;
/** Acme employees by code: ACM0001 admin, ACM0002 manager, ACM0003 employee, ACM0004-9 reports. */
const E: Record<string, string> = {};
const clock = manualClock(new Date('2025-03-10T06:00:00Z'));
const engine = createApprovalEngine({ clock });

const inAcme = <T>(fn: (tx: Queryable) => Promise<T>) => t.db.tenant(acme, fn);

async function flowFor(type: ApprovalRequestType, levels: ApprovalFlowInputData['levels']) {
  await inAcme(async (tx) => {
    await tx.query('DELETE FROM approval_flows WHERE request_type = $1', [type]);
    await saveFlow(tx, null, {
      name: `Test ${type} ${randomUUID()}`,
      request_type: type,
      is_default: true,
      levels,
    });
  });
}

const raise = (type: ApprovalRequestType, requester = E.ACM0003!) =>
  inAcme((tx) => engine.raise(tx, { type, subjectId: randomUUID(), requesterId: requester }));
const decide = (who: string, id: string, d: 'approved' | 'rejected', comment: string | null = null) =>
  inAcme((tx) => engine.decide(tx, { employeeId: who }, id, d, comment));
const state = (id: string) => inAcme((tx) => engine.state(tx, id));
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { status?: number }) => e.status ?? 500,
  );

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.companyId('Acme Corp');
  const { rows } = await inAcme((tx) =>
    tx.query<{ id: string; employee_code: string }>(
      "SELECT id, employee_code FROM employees WHERE employee_code < 'ACM0013'",
    ),
  );
  for (const r of rows) E[r.employee_code] = r.id;
});
afterAll(() => t.close());

describe('approval engine', () => {
  it('without a flow falls back to the primary manager; next approvers name them', async () => {
    await inAcme((tx) => tx.query("DELETE FROM approval_flows WHERE request_type = 'leave'"));
    const r = await raise('leave');
    expect(r.levelCount).toBe(1);
    const s = await state(r.id);
    expect(s).toMatchObject({ status: 'pending', current_level: 1, level_count: 1 });
    expect(s.next_approvers).toEqual([{ level: 1, id: E.ACM0002, name: 'Vikram Mehta', delegates: [] }]);
    // Without a manager (the admin), the fallback is the company admins other than the requester.
    const noManager = await raise('leave', E.ACM0001);
    expect((await state(noManager.id)).level_count).toBe(0);
    const res = await decide(E.ACM0002!, r.id, 'approved', 'ok');
    expect(res).toMatchObject({ status: 'approved', settled: true });
  });

  it("'all' needs every approver, 'any' one; multi-level; history records each decision", async () => {
    await flowFor('expense', [
      { approver_kind: 'employee', approver_employee_ids: [E.ACM0004!, E.ACM0005!], rule: 'all' },
      { approver_kind: 'employee', approver_employee_ids: [E.ACM0006!, E.ACM0007!], rule: 'any' },
    ]);
    const r = await raise('expense');
    expect((await state(r.id)).next_approvers.map((a) => a.id).sort()).toEqual([E.ACM0004, E.ACM0005].sort());
    expect(await decide(E.ACM0004!, r.id, 'approved')).toMatchObject({ status: 'pending', current_level: 1 });
    // Already decided: no longer an open approver of the level.
    expect(await statusOf(decide(E.ACM0004!, r.id, 'approved'))).toBe(404);
    expect((await state(r.id)).next_approvers.map((a) => a.id)).toEqual([E.ACM0005]);
    // A level-2 approver cannot decide yet.
    expect(await statusOf(decide(E.ACM0006!, r.id, 'approved'))).toBe(404);
    expect(await decide(E.ACM0005!, r.id, 'approved')).toMatchObject({ status: 'pending', current_level: 2 });
    expect((await state(r.id)).next_approvers.map((a) => a.id).sort()).toEqual([E.ACM0006, E.ACM0007].sort());
    expect(await decide(E.ACM0007!, r.id, 'approved', 'fine')).toMatchObject({
      status: 'approved',
      current_level: 2,
      settled: true,
    });
    const s = await state(r.id);
    expect(s.next_approvers).toEqual([]);
    expect(s.history.map((h) => [h.level, h.actor_id, h.decision])).toEqual([
      [1, E.ACM0004, 'approved'],
      [1, E.ACM0005, 'approved'],
      [2, E.ACM0007, 'approved'],
    ]);
    expect(s.history[2]).toMatchObject({ comment: 'fine', on_behalf_of: null, as_admin: false });
    expect(await statusOf(decide(E.ACM0006!, r.id, 'approved'))).toBe(409);
  });

  it('a rejection stops the request; a non-approver gets 404', async () => {
    await flowFor('expense', [
      { approver_kind: 'employee', approver_employee_ids: [E.ACM0004!, E.ACM0005!], rule: 'all' },
      { approver_kind: 'employee', approver_employee_ids: [E.ACM0006!], rule: 'any' },
    ]);
    const r = await raise('expense');
    expect(await statusOf(decide(E.ACM0008!, r.id, 'approved'))).toBe(404);
    expect(await decide(E.ACM0004!, r.id, 'rejected', 'no')).toMatchObject({
      status: 'rejected',
      settled: true,
    });
    expect(await statusOf(decide(E.ACM0005!, r.id, 'approved'))).toBe(409);
    expect(await statusOf(decide(E.ACM0008!, r.id, 'approved'))).toBe(404);
    const s = await state(r.id);
    expect(s.status).toBe('rejected');
    expect(s.history).toHaveLength(1);
  });

  it('a delegate acts on behalf of an approver only within the dates (Asia/Kolkata)', async () => {
    await flowFor('expense', [
      { approver_kind: 'employee', approver_employee_ids: [E.ACM0004!, E.ACM0005!], rule: 'all' },
    ]);
    await inAcme((tx) =>
      tx.query(
        `INSERT INTO approval_delegations (company_id, approver_id, delegate_id, starts_on, ends_on)
         VALUES ($1, $2, $3, '2025-03-12', '2025-03-14')`,
        [acme, E.ACM0004, E.ACM0008],
      ),
    );
    const r = await raise('expense');
    clock.set(new Date('2025-03-11T18:00:00Z')); // 23:30 on the 11th in India: not yet
    expect(todayIn(clock)).toBe('2025-03-11');
    expect(await statusOf(decide(E.ACM0008!, r.id, 'approved'))).toBe(404);
    expect((await state(r.id)).next_approvers[0]!.delegates).toEqual([]);
    clock.set(new Date('2025-03-11T18:31:00Z')); // 00:01 on the 12th in India
    const s0 = await state(r.id);
    expect(s0.next_approvers[0]!.delegates.map((d) => d.id)).toEqual([E.ACM0008]);
    expect(await decide(E.ACM0008!, r.id, 'approved', 'for Kabir')).toMatchObject({
      status: 'pending',
      on_behalf_of: E.ACM0004,
    });
    // The approver they stood in for has decided: the delegate cannot decide again.
    expect(await statusOf(decide(E.ACM0008!, r.id, 'approved'))).toBe(404);
    expect(await statusOf(decide(E.ACM0004!, r.id, 'approved'))).toBe(404);
    clock.set(new Date('2025-03-15T06:00:00Z')); // after the range
    const r2 = await raise('expense');
    expect(await statusOf(decide(E.ACM0008!, r2.id, 'approved'))).toBe(404);
    expect(await decide(E.ACM0005!, r.id, 'approved')).toMatchObject({ status: 'approved' });
    const h = (await state(r.id)).history;
    expect(h[0]).toMatchObject({ actor_id: E.ACM0008, on_behalf_of: E.ACM0004, comment: 'for Kabir' });
    expect(h[0]!.on_behalf_of_name).toBeTruthy();
  });

  it('resolves reporting-role levels now, skipping (with reason) those that resolve to nobody', async () => {
    const roles = await inAcme(async (tx) => {
      const a = await tx.query<{ id: string }>(
        `INSERT INTO reporting_roles (company_id, name, priority) VALUES ($1, 'Engine first', 0 + 1)
         ON CONFLICT DO NOTHING RETURNING id`,
        [acme],
      );
      const first = (
        await tx.query<{ id: string }>('SELECT id FROM reporting_roles ORDER BY priority, name, id LIMIT 1')
      ).rows[0]!.id;
      const b = await tx.query<{ id: string }>(
        "INSERT INTO reporting_roles (company_id, name, priority) VALUES ($1, 'Engine partner', 99) RETURNING id",
        [acme],
      );
      return { first: a.rows[0]?.id ?? first, partner: b.rows[0]!.id, lowest: first };
    });
    await flowFor('regularisation', [
      { approver_kind: 'reporting_role', reporting_role_id: roles.partner, rule: 'any' },
      { approver_kind: 'reporting_role', reporting_role_id: roles.lowest, rule: 'any' },
    ]);
    // Partner role: no row for the requester → skipped; first-line role → primary manager.
    const r = await raise('regularisation', E.ACM0004!);
    const s = await state(r.id);
    expect(s.level_count).toBe(1);
    expect(s.skipped_levels).toEqual([{ position: 1, reason: expect.stringContaining('Engine partner') }]);
    expect(s.next_approvers.map((a) => a.id)).toEqual([E.ACM0002]);
    // With a reporting_managers row, that manager approves the level.
    await inAcme((tx) =>
      tx.query(
        'INSERT INTO reporting_managers (company_id, employee_id, reporting_role_id, manager_id) VALUES ($1, $2, $3, $4)',
        [acme, E.ACM0004, roles.partner, E.ACM0010],
      ),
    );
    const r2 = await raise('regularisation', E.ACM0004!);
    const s2 = await state(r2.id);
    expect(s2.level_count).toBe(2);
    expect(s2.next_approvers.map((a) => a.id)).toEqual([E.ACM0010]);
    await decide(E.ACM0010!, r2.id, 'approved');
    expect((await state(r2.id)).next_approvers.map((a) => a.id)).toEqual([E.ACM0002]);
  });

  it('the requester cancels while pending; nobody else can', async () => {
    await inAcme((tx) => tx.query("DELETE FROM approval_flows WHERE request_type = 'leave'"));
    const r = await raise('leave');
    expect(await statusOf(inAcme((tx) => engine.cancel(tx, E.ACM0002!, r.id)))).toBe(404);
    await inAcme((tx) => engine.cancel(tx, E.ACM0003!, r.id));
    expect((await state(r.id)).status).toBe('cancelled');
    expect(await statusOf(inAcme((tx) => engine.cancel(tx, E.ACM0003!, r.id)))).toBe(409);
    expect(await statusOf(decide(E.ACM0002!, r.id, 'approved'))).toBe(409);
  });

  it('an admin decision settles the request at any level', async () => {
    await flowFor('expense', [
      { approver_kind: 'employee', approver_employee_ids: [E.ACM0004!], rule: 'any' },
      { approver_kind: 'employee', approver_employee_ids: [E.ACM0005!], rule: 'any' },
    ]);
    const r = await raise('expense');
    const res = await inAcme((tx) =>
      engine.decide(tx, { employeeId: E.ACM0001! }, r.id, 'approved', 'admin ok', { asAdmin: true }),
    );
    expect(res).toMatchObject({ status: 'approved', settled: true });
    expect((await state(r.id)).history[0]).toMatchObject({ as_admin: true, actor_id: E.ACM0001 });
  });
});
