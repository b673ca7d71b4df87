import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createMailer, type MailMessage } from '../../lib/mail';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createNotifier } from '../notifications';
import { createApprovalEngine } from './approval-engine';
import { saveFlow } from './approvals.repo';
import { createRequestTypeRegistry, type HookContext } from './request-types';
import { createSlaCheck } from './sla';

/**
 * A second request type, registered only here ("widget"): its rows live in a table this test
 * creates, and its hooks write to that table in the deciding transaction.
 */
const TYPE = 'test_widget';
let t: TestApp;
let acme: string;
const E: Record<string, string> = {};
const EMAIL: Record<string, string> = {};
const clock = manualClock(new Date('2025-03-10T06:00:00Z'));
const registry = createRequestTypeRegistry();
const engine = createApprovalEngine({ clock, registry });
const calls: { hook: string; subjectId: string; inTx: boolean }[] = [];
let failing: string | null = null;

const inAcme = <T>(fn: (tx: Queryable) => Promise<T>) => t.db.tenant(acme, fn);

async function hook(name: string, status: string, ctx: HookContext) {
  // The hook sees its own write of the request's decision: it runs in the deciding transaction.
  const { rows } = await ctx.tx.query<{ status: string }>(
    'SELECT status FROM approval_requests WHERE id = $1',
    [ctx.request.id],
  );
  calls.push({ hook: name, subjectId: ctx.request.subjectId, inTx: rows[0]?.status !== 'pending' });
  await ctx.tx.query('UPDATE test_widgets SET status = $2 WHERE id = $1', [ctx.request.subjectId, status]);
  if (failing === name) throw new Error(`${name} failed`);
}

registry.register({
  type: TYPE,
  teamPermissions: { view: 'leave_requests.view', edit: 'leave_requests.edit' },
  adminPermissions: { view: 'leave_policies.view', edit: 'leave_policies.edit' },
  async summarise(tx, ids) {
    const { rows } = await tx.query<{ id: string; label: string }>(
      'SELECT id, label FROM test_widgets WHERE id = ANY($1::uuid[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { title: `Widget ${r.label}`, summary: 'A test widget' }]));
  },
  onApproved: (ctx) => hook('onApproved', 'approved', ctx),
  onRejected: (ctx) => hook('onRejected', 'rejected', ctx),
  onWithdrawn: (ctx) => hook('onWithdrawn', 'withdrawn', ctx),
});

async function twoLevels(sla: { hours?: number; escalate?: boolean }[] = [{}, {}]) {
  await inAcme(async (tx) => {
    await tx.query('DELETE FROM approval_flows WHERE request_type = $1', [TYPE]);
    await saveFlow(tx, null, {
      name: `Widgets ${randomUUID()}`,
      request_type: TYPE,
      is_default: true,
      levels: [
        {
          approver_kind: 'employee',
          approver_employee_ids: [E.ACM0004!],
          sla_hours: sla[0]?.hours,
          escalate: sla[0]?.escalate,
        },
        {
          approver_kind: 'employee',
          approver_employee_ids: [E.ACM0005!],
          sla_hours: sla[1]?.hours,
          escalate: sla[1]?.escalate,
        },
      ],
    });
  });
}

/** Submits a widget: its row and its approval request in one transaction. */
const submit = (label = 'w') =>
  inAcme(async (tx) => {
    const id = randomUUID();
    await tx.query("INSERT INTO test_widgets (id, label, status) VALUES ($1, $2, 'new')", [id, label]);
    const r = await engine.raise(tx, { type: TYPE, subjectId: id, requesterId: E.ACM0003! });
    return { widget: id, request: r.id };
  });
const decide = (who: string, id: string, d: 'approved' | 'rejected') =>
  inAcme((tx) => engine.decide(tx, { employeeId: who }, id, d, null, { type: TYPE }));
const widgetStatus = async (id: string) =>
  (await t.db.query<{ status: string }>('SELECT status FROM test_widgets WHERE id = $1', [id])).rows[0]
    ?.status;
const state = (id: string) => inAcme((tx) => engine.state(tx, id));
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error & { status?: number }) => e.status ?? e.message,
  );
const abilities = (who: string, id: string, asAdmin = false, permissions: string[] = []) =>
  inAcme(async (tx) =>
    (await engine.abilities(tx, { employeeId: who, permissions }, [id], { asAdmin })).get(id),
  );

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.companyId('Acme Corp');
  // Not a tenant table: a stand-in for a module's own request table, for this test only.
  await t.db.query('CREATE TABLE test_widgets (id uuid PRIMARY KEY, label text, status text)');
  await t.db.query('GRANT SELECT, INSERT, UPDATE ON test_widgets TO hr_app');
  const { rows } = await inAcme((tx) =>
    tx.query<{ id: string; employee_code: string; email: string }>(
      "SELECT id, employee_code, email FROM employees WHERE employee_code < 'ACM0013'",
    ),
  );
  for (const r of rows) {
    E[r.employee_code] = r.id;
    EMAIL[r.employee_code] = r.email;
  }
});
afterAll(() => t.close());
beforeEach(() => {
  calls.length = 0;
  failing = null;
  clock.set(new Date('2025-03-10T06:00:00Z'));
});

describe('a request type registered beside profile changes', () => {
  it('refuses a second registration of a type and an unknown type', () => {
    expect(() => registry.register({ ...registry.get(TYPE) })).toThrow(/already registered/);
    expect(() => registry.get('nobody')).toThrow(/not registered/);
  });

  it('submit, level 1 approves, level 2 approves: the approval hook runs once, in the transaction', async () => {
    await twoLevels();
    const { widget, request } = await submit();
    expect(await abilities(E.ACM0004!, request)).toEqual({ approve: true, reject: true, withdraw: false });
    expect(await abilities(E.ACM0005!, request)).toEqual({ approve: false, reject: false, withdraw: false });
    expect(await abilities(E.ACM0003!, request)).toEqual({ approve: false, reject: false, withdraw: true });
    expect(await decide(E.ACM0004!, request, 'approved')).toMatchObject({
      status: 'pending',
      current_level: 2,
    });
    expect(calls).toEqual([]);
    expect(await widgetStatus(widget)).toBe('new');
    expect(await abilities(E.ACM0004!, request)).toEqual({ approve: false, reject: false, withdraw: false });
    expect(await abilities(E.ACM0005!, request)).toEqual({ approve: true, reject: true, withdraw: false });
    expect(await decide(E.ACM0005!, request, 'approved')).toMatchObject({
      status: 'approved',
      settled: true,
    });
    expect(calls).toEqual([{ hook: 'onApproved', subjectId: widget, inTx: true }]);
    expect(await widgetStatus(widget)).toBe('approved');
    expect(await abilities(E.ACM0003!, request)).toEqual({ approve: false, reject: false, withdraw: false });
  });

  it('a failing approval hook rolls the decision back', async () => {
    await twoLevels();
    const { widget, request } = await submit();
    await decide(E.ACM0004!, request, 'approved');
    failing = 'onApproved';
    expect(await errorOf(decide(E.ACM0005!, request, 'approved'))).toBe('onApproved failed');
    const s = await state(request);
    expect(s).toMatchObject({ status: 'pending', current_level: 2 });
    expect(s.history.map((h) => h.level)).toEqual([1]);
    expect(await widgetStatus(widget)).toBe('new');
    failing = null;
    expect(await decide(E.ACM0005!, request, 'approved')).toMatchObject({ status: 'approved' });
    expect(await widgetStatus(widget)).toBe('approved');
  });

  it('a rejection runs the rejection hook; a failing one rolls the rejection back', async () => {
    await twoLevels();
    const { widget, request } = await submit();
    failing = 'onRejected';
    expect(await errorOf(decide(E.ACM0004!, request, 'rejected'))).toBe('onRejected failed');
    expect((await state(request)).status).toBe('pending');
    expect(await widgetStatus(widget)).toBe('new');
    failing = null;
    expect(await decide(E.ACM0004!, request, 'rejected')).toMatchObject({
      status: 'rejected',
      settled: true,
    });
    expect(calls.at(-1)).toEqual({ hook: 'onRejected', subjectId: widget, inTx: true });
    expect(await widgetStatus(widget)).toBe('rejected');
  });

  it('the requester withdraws: the withdrawal hook runs; a failing one rolls the withdrawal back', async () => {
    await twoLevels();
    const { widget, request } = await submit();
    expect(await errorOf(inAcme((tx) => engine.withdraw(tx, { employeeId: E.ACM0004! }, request)))).toBe(404);
    failing = 'onWithdrawn';
    const withdraw = () => inAcme((tx) => engine.withdraw(tx, { employeeId: E.ACM0003! }, request));
    expect(await errorOf(withdraw())).toBe('onWithdrawn failed');
    expect((await state(request)).status).toBe('pending');
    failing = null;
    await withdraw();
    expect((await state(request)).status).toBe('cancelled');
    expect(await widgetStatus(widget)).toBe('withdrawn');
    expect(calls.at(-1)).toEqual({ hook: 'onWithdrawn', subjectId: widget, inTx: true });
    expect(await errorOf(withdraw())).toBe(409);
  });

  it("the admin queue's abilities follow the type's admin permission", async () => {
    await twoLevels();
    const { request } = await submit();
    expect(await abilities(E.ACM0001!, request, true, ['leave_policies.edit'])).toMatchObject({
      approve: true,
    });
    expect(await abilities(E.ACM0001!, request, true, ['profile_change_requests.edit'])).toMatchObject({
      approve: false,
    });
    // Nobody decides their own request, not even from the admin queue.
    expect(await abilities(E.ACM0003!, request, true, ['leave_policies.edit'])).toMatchObject({
      approve: false,
      withdraw: true,
    });
  });

  it("delegation dates are read in the company's time zone", async () => {
    await twoLevels();
    await inAcme((tx) =>
      tx.query(
        `INSERT INTO approval_delegations (company_id, approver_id, delegate_id, starts_on, ends_on)
         VALUES ($1, $2, $3, '2025-03-12', '2025-03-14')`,
        [acme, E.ACM0004, E.ACM0008],
      ),
    );
    const { request } = await submit();
    // 03:00 UTC on the 12th: already the 12th in India, still the 11th in California.
    clock.set(new Date('2025-03-12T03:00:00Z'));
    await t.db.query("UPDATE companies SET time_zone = 'America/Los_Angeles' WHERE id = $1", [acme]);
    try {
      expect(await errorOf(decide(E.ACM0008!, request, 'approved'))).toBe(404);
      await t.db.query("UPDATE companies SET time_zone = 'Asia/Kolkata' WHERE id = $1", [acme]);
      expect(await decide(E.ACM0008!, request, 'approved')).toMatchObject({ on_behalf_of: E.ACM0004 });
    } finally {
      await t.db.query("UPDATE companies SET time_zone = 'Asia/Kolkata' WHERE id = $1", [acme]);
      await inAcme((tx) => tx.query('DELETE FROM approval_delegations WHERE delegate_id = $1', [E.ACM0008]));
    }
  });
});

describe('SLA per flow level', () => {
  const mails: MailMessage[] = [];
  const slaCheck = () => {
    const mailer = createMailer({
      db: t.db,
      log: t.app.log,
      from: 'hr@test',
      isProduction: false,
      sink: (m) => mails.push(m),
    });
    return createSlaCheck({ db: t.db, engine, mailer, clock })();
  };
  const hours = (h: number) => h * 60 * 60 * 1000;
  beforeEach(async () => {
    mails.length = 0;
    // Requests of earlier tests must not take part.
    await inAcme((tx) =>
      tx.query("UPDATE approval_requests SET status = 'cancelled' WHERE status = 'pending'"),
    );
  });

  it('reminds once past the SLA, escalates to the next level and past the last to the administrators', async () => {
    await twoLevels([
      { hours: 24, escalate: true },
      { hours: 48, escalate: true },
    ]);
    const { request } = await submit('late');
    clock.advance(hours(23));
    expect(await slaCheck()).toEqual({ reminded: 0, escalated: 0, mailed: 0 });
    clock.advance(hours(2));
    expect(await slaCheck()).toEqual({ reminded: 1, escalated: 1, mailed: 1 });
    expect(mails.map((m) => m.to)).toEqual([EMAIL.ACM0004]);
    expect(mails[0]!.subject).toBe('Reminder: Widget late is waiting for you');
    let s = await state(request);
    expect(s).toMatchObject({ status: 'pending', current_level: 2, level_count: 2 });
    expect(s.next_approvers.map((a) => a.id)).toEqual([E.ACM0005]);
    expect(s.events.map((e) => [e.kind, e.level, e.to_level])).toEqual([
      ['reminded', 1, null],
      ['escalated', 1, 2],
    ]);
    // Level 1's approver no longer decides; a second run at the same time sends nothing.
    expect(await errorOf(decide(E.ACM0004!, request, 'approved'))).toBe(404);
    expect(await slaCheck()).toEqual({ reminded: 0, escalated: 0, mailed: 0 });
    // Level 2's SLA counts from when the request reached it.
    clock.advance(hours(47));
    expect(await slaCheck()).toMatchObject({ reminded: 0 });
    clock.advance(hours(2));
    expect(await slaCheck()).toEqual({ reminded: 1, escalated: 1, mailed: 1 });
    expect(mails.map((m) => m.to)).toEqual([EMAIL.ACM0004, EMAIL.ACM0005]);
    s = await state(request);
    // Past the last level: a level of the type's administrators (Acme's admin holds leave_policies.edit).
    expect(s).toMatchObject({ current_level: 3, level_count: 3 });
    expect(s.next_approvers.map((a) => a.id)).toEqual([E.ACM0001]);
    expect(s.events.at(-1)).toMatchObject({ kind: 'escalated', level: 2, to_level: 3 });
    clock.advance(hours(1000));
    expect(await slaCheck()).toEqual({ reminded: 0, escalated: 0, mailed: 0 });
    expect(await decide(E.ACM0001!, request, 'approved')).toMatchObject({ status: 'approved' });
  });

  it('a level without escalate only reminds, once; a decided request is left alone', async () => {
    await twoLevels([{ hours: 4 }, {}]);
    const waiting = await submit('slow');
    const decided = await submit('quick');
    await decide(E.ACM0004!, decided.request, 'rejected');
    clock.advance(hours(5));
    expect(await slaCheck()).toEqual({ reminded: 1, escalated: 0, mailed: 1 });
    clock.advance(hours(50));
    expect(await slaCheck()).toEqual({ reminded: 0, escalated: 0, mailed: 0 });
    const s = await state(waiting.request);
    expect(s).toMatchObject({ status: 'pending', current_level: 1 });
    expect(s.events.map((e) => e.kind)).toEqual(['reminded']);
    expect((await state(decided.request)).events).toEqual([]);
  });
});

describe('notifications for a type that gives no link of its own', () => {
  // The same registry and type, with a notifier: what the app's engine does for every type.
  const notifying = createApprovalEngine({
    clock,
    registry,
    notifier: createNotifier({ appUrl: 'http://hr.test' }),
  });
  const notificationsOf = (who: string) =>
    inAcme(async (tx) => {
      const { rows } = await tx.query<{ kind: string; title: string; link: string | null }>(
        'SELECT kind, title, link FROM notifications WHERE recipient_id = $1 ORDER BY created_at, id',
        [who],
      );
      return rows;
    });

  it('tells the approvers of each level and the requester, with the default links', async () => {
    await twoLevels();
    const widget = randomUUID();
    const request = await inAcme(async (tx) => {
      await tx.query("INSERT INTO test_widgets (id, label, status) VALUES ($1, 'n1', 'new')", [widget]);
      return (await notifying.raise(tx, { type: TYPE, subjectId: widget, requesterId: E.ACM0003! })).id;
    });
    expect(await notificationsOf(E.ACM0004!)).toContainEqual({
      kind: 'request_submitted',
      title: "Waiting for your approval: Priya Sharma's request “Widget n1”",
      link: '/team',
    });
    await inAcme((tx) => notifying.decide(tx, { employeeId: E.ACM0004! }, request, 'approved', null));
    expect((await notificationsOf(E.ACM0003!)).at(-1)).toEqual({
      kind: 'request_decided',
      title: expect.stringMatching(/^Your request “Widget n1” was approved by \S.* at level 1$/),
      link: '/user',
    });
    expect((await notificationsOf(E.ACM0005!)).at(-1)).toMatchObject({
      kind: 'request_submitted',
      link: '/team',
    });
    await inAcme((tx) => notifying.decide(tx, { employeeId: E.ACM0005! }, request, 'approved', null));
    expect((await notificationsOf(E.ACM0003!)).at(-1)?.title).toMatch(
      /^Your request “Widget n1” was approved by \S/,
    );
    const { rows } = await t.db.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE recipient = $1 ORDER BY created_at',
      [EMAIL.ACM0003],
    );
    expect(rows.map((r) => r.subject)).toEqual(
      expect.arrayContaining(['Your request moved to level 2', 'Your request was approved']),
    );
  });
});
