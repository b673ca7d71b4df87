import { monthWordsOf } from '../../lib/dates';
import { buildTestApp, type Session, type TestApp } from '../../test/helper';
import { encashments } from './index';

/**
 * Leave encashment requests through the approval engine: who may do what, company apart, the
 * rules (encashable type, unit, balance less pending, yearly cap), one debit on final approval
 * even with two approvers at once, nothing on rejection, and the pay run's seam.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
let employeeId: string;
let el: { id: string };
let cl: { id: string };
let half: { id: string };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });

const idOf = (email: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM employees WHERE lower(email) = $1', [
      email,
    ]);
    return rows[0]!.id;
  });

const ledger = (leaveTypeId: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ kind: string; amount: string; ref: string | null; entry_date: string }>(
      `SELECT kind, amount, ref, entry_date::text FROM leave_ledger
        WHERE employee_id = $1 AND leave_type_id = $2 ORDER BY created_at, id`,
      [employeeId, leaveTypeId],
    );
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  });
const balance = async (leaveTypeId: string) => (await ledger(leaveTypeId)).reduce((s, r) => s + r.amount, 0);

const today = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
/** The leave year without a leave policy: the calendar year of today, as refusals name it. */
const calendarYear = () => `1 Jan ${today().slice(0, 4)} – 31 Dec ${today().slice(0, 4)}`;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.companyId('Acme Corp');
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  employeeId = await idOf('employee@acme.test');
  const type = async (body: object) => {
    const res = await call('POST', '/api/leave/types', admin, body);
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string };
  };
  el = await type({ name: 'Earned leave', code: 'EL', unit: 'day', encashment: true, encashment_cap: 5 });
  half = await type({ name: 'Privilege leave', code: 'PL', unit: 'half_day', encashment: true });
  cl = await type({ name: 'Casual leave', code: 'CL', unit: 'half_day' });
  for (const id of [el.id, half.id, cl.id]) {
    const res = await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
      leave_type_id: id,
      kind: 'opening',
      amount: 12,
      reason: 'Opening balance',
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const ask = (s: Session, body: object) => call('POST', '/api/leave/encashment', s, body);

describe('leave encashment requests', () => {
  it('shows what can be encashed: balance, pending, cap and the step of the unit', async () => {
    const res = await call('GET', '/api/leave/encashment/options', employee);
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries(
      (res.json().data as { code: string }[]).map((o) => [o.code, o]),
    ) as Record<string, object>;
    expect(Object.keys(byCode).sort()).toEqual(['EL', 'PL']); // CL does not allow encashment
    expect(byCode.EL).toMatchObject({
      balance: 12,
      pending: 0,
      cap: 5,
      encashed_this_year: 0,
      encashable: 5,
      step: 1,
    });
    expect(byCode.PL).toMatchObject({ balance: 12, cap: null, encashable: 12, step: 0.5 });
    // Globex's administrator sees nothing of Acme's.
    expect((await call('GET', '/api/leave/encashment/options', globex)).json().data).toEqual([]);
  });

  it('refuses what breaks a rule, naming the rule and the field', async () => {
    const notEncashable = await ask(employee, { leave_type_id: cl.id, days: 1 });
    expect(notEncashable.statusCode).toBe(400);
    expect(notEncashable.json().errors[0]).toEqual({
      path: 'leave_type_id',
      message: 'Casual leave cannot be encashed: its leave type does not allow encashment (leave_type_id)',
    });
    const zero = await ask(employee, { leave_type_id: el.id, days: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].path).toBe('days');
    const unit = await ask(employee, { leave_type_id: el.id, days: 1.5 });
    expect(unit.statusCode).toBe(400);
    expect(unit.json().errors[0]).toEqual({
      path: 'days',
      message: 'Earned leave is counted in whole days: ask for a multiple of 1 (days)',
    });
    const overCap = await ask(employee, { leave_type_id: el.id, days: 6 });
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json().errors[0].message).toBe(
      `At most 5 days a year can be encashed (encashment cap); 0 already this leave year (${calendarYear()}), 5 left (days)`,
    );
    const overBalance = await ask(employee, { leave_type_id: half.id, days: 12.5 });
    expect(overBalance.statusCode).toBe(400);
    expect(overBalance.json().errors[0].message).toBe(
      'Only 12 days are available to encash (balance 12, pending requests 0) (days)',
    );
    // Malformed and oversized bodies, and another company's leave type.
    expect((await ask(employee, { leave_type_id: el.id, days: 'two' })).statusCode).toBe(400);
    expect((await ask(employee, { leave_type_id: el.id, days: 1, extra: true })).statusCode).toBe(400);
    expect((await ask(employee, { leave_type_id: 'not-a-uuid', days: 1 })).statusCode).toBe(400);
    expect((await ask(employee, { leave_type_id: el.id, days: 1, reason: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    const huge = await ask(employee, { leave_type_id: el.id, days: 1, reason: 'x'.repeat(2_000_000) });
    expect([400, 413]).toContain(huge.statusCode);
    const foreign = await ask(globex, { leave_type_id: el.id, days: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('leave_type_id');
    // Nothing was stored by any of them.
    const count = await t.db.tenant(acme, (tx) =>
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM leave_encashment_requests'),
    );
    expect(count.rows[0]!.n).toBe(0);
  });

  let first: string;
  it('the same request sent twice at once makes one request', async () => {
    const [a, b] = await Promise.all([
      ask(employee, { leave_type_id: el.id, days: 3, reason: 'Festival' }),
      ask(employee, { leave_type_id: el.id, days: 3, reason: 'Festival' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const created = (a.statusCode === 201 ? a : b).json().data;
    first = created.id;
    expect(created).toMatchObject({ days: 3, status: 'pending', leave_type: { code: 'EL' } });
    expect(created.approval.next_approvers.map((x: { name: string }) => x.name)).toHaveLength(1);
    expect(created.abilities).toEqual({ approve: false, reject: false, withdraw: true });
    const options = (await call('GET', '/api/leave/encashment/options', employee)).json().data;
    expect(options.find((o: { code: string }) => o.code === 'EL')).toMatchObject({
      pending: 3,
      encashable: 5, // the cap counts debits; 12 − 3 pending leaves 9, within the cap of 5
    });
  });

  it('queues: the manager over the employee sees it; others do not; tenancy holds', async () => {
    const team = await call('GET', '/api/requests/leave-encashments', manager);
    expect(team.statusCode).toBe(200);
    expect(team.json().data.map((r: { id: string }) => r.id)).toEqual([first]);
    expect(team.json().data[0].abilities).toMatchObject({ approve: true, reject: true, withdraw: false });
    expect(team.json().meta.totalCount).toBe(1);
    // The admin is not the employee's approver: nothing in their team queue, and a 404 to decide there.
    expect((await call('GET', '/api/requests/leave-encashments', admin)).json().data).toEqual([]);
    expect(
      (await call('PUT', `/api/requests/leave-encashments/${first}/approve`, admin, {})).statusCode,
    ).toBe(404);
    // The employee has no queue; the manager is not an administrator of the company.
    expect((await call('GET', '/api/requests/leave-encashments', employee)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/requests/leave-encashment', manager)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/admin/requests/leave-encashment/${first}/approve`, manager, {})).statusCode,
    ).toBe(403);
    // The employee cannot approve their own.
    expect(
      (await call('PUT', `/api/requests/leave-encashments/${first}/approve`, employee, {})).statusCode,
    ).toBe(403);
    // Globex: empty queues, and Acme's request is not found.
    expect((await call('GET', '/api/admin/requests/leave-encashment', globex)).json().data).toEqual([]);
    expect(
      (await call('PUT', `/api/admin/requests/leave-encashment/${first}/approve`, globex, {})).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/leave/encashment/${first}`, globex)).statusCode).toBe(404);
    // The admin queue lists every request with its filter.
    const all = await call(
      'GET',
      `/api/admin/requests/leave-encashment?status=pending&value=${team.json().data[0].employee_code}`,
      admin,
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((r: { id: string }) => r.id)).toEqual([first]);
    // The manager was told, with a link to the encashment tab.
    const note = await t.db.tenant(acme, (tx) =>
      tx.query<{ link: string; title: string }>(
        "SELECT link, title FROM notifications WHERE kind = 'request_submitted' AND title LIKE '%encashment%'",
      ),
    );
    expect(note.rows[0]).toMatchObject({ link: '/team/requests/leaves?tab=encashment' });
  });

  it('two approvers at once: one decision, one ledger debit, read by the pay run of the month', async () => {
    const before = await balance(el.id);
    const [m, a] = await Promise.all([
      call('PUT', `/api/requests/leave-encashments/${first}/approve`, manager, { comment: 'ok' }),
      call('PUT', `/api/admin/requests/leave-encashment/${first}/approve`, admin, {}),
    ]);
    expect([m.statusCode, a.statusCode].sort()).toEqual([200, 409]);
    const won = m.statusCode === 200 ? m : a;
    expect(won.json().data).toMatchObject({ status: 'approved', encashed_on: today() });
    const entries = (await ledger(el.id)).filter((e) => e.kind === 'encashment');
    expect(entries).toEqual([{ kind: 'encashment', amount: -3, ref: first, entry_date: today() }]);
    expect(await balance(el.id)).toBe(before - 3);
    const decisions = await t.db.tenant(acme, (tx) =>
      tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM approval_decisions d JOIN approval_requests r ON r.id = d.request_id
          WHERE r.subject_id = $1`,
        [first],
      ),
    );
    expect(decisions.rows[0]!.n).toBe(1);
    // The pay run of this month reads it.
    const paid = await t.db.tenant(acme, (tx) => encashments(tx, acme, today().slice(0, 7)));
    expect(paid).toEqual([
      { employeeId, leaveTypeId: el.id, leaveTypeName: 'Earned leave', leaveTypeCode: 'EL', days: 3 },
    ]);
    // The explainer shows the entry with its rule.
    const explain = await call(
      'GET',
      `/api/leave/leave-balance/${employeeId}/entries?leave_type_id=${el.id}`,
      employee,
    );
    const last = explain.json().data.entries.at(-1);
    expect(last).toMatchObject({ kind: 'encashment', amount: -3, running: 9 });
    expect(last.rule).toBe(
      `Encashment of 3 days (cap 5 a year; 3 encashed in ${today().slice(0, 4)}): paid in the pay run of ${monthWordsOf(today())}`,
    );
    // Settled: withdrawing now is refused.
    expect((await call('DELETE', `/api/leave/encashment/${first}`, employee)).statusCode).toBe(409);
  });

  it('the cap counts what was encashed this year', async () => {
    const res = await ask(employee, { leave_type_id: el.id, days: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(
      `At most 5 days a year can be encashed (encashment cap); 3 already this leave year (${calendarYear()}), 2 left (days)`,
    );
    const options = (await call('GET', '/api/leave/encashment/options', employee)).json().data;
    expect(options.find((o: { code: string }) => o.code === 'EL')).toMatchObject({
      balance: 9,
      encashed_this_year: 3,
      encashable: 2,
    });
  });

  it('rejection debits nothing; withdrawal only by the requester while pending', async () => {
    const before = await ledger(half.id);
    const r1 = (await ask(employee, { leave_type_id: half.id, days: 2.5 })).json().data;
    const rej = await call('PUT', `/api/requests/leave-encashments/${r1.id}/reject`, manager, {
      comment: 'Not now',
    });
    expect(rej.statusCode).toBe(200);
    expect(rej.json().data.status).toBe('rejected');
    expect(await ledger(half.id)).toEqual(before);

    const r2 = (await ask(employee, { leave_type_id: half.id, days: 1 })).json().data;
    expect((await call('DELETE', `/api/leave/encashment/${r2.id}`, manager)).statusCode).toBe(404);
    const w = await call('DELETE', `/api/leave/encashment/${r2.id}`, employee);
    expect(w.statusCode).toBe(200);
    expect(w.json().data.status).toBe('withdrawn');
    expect((await call('DELETE', `/api/leave/encashment/${r2.id}`, employee)).statusCode).toBe(409);
    expect(
      (await call('PUT', `/api/requests/leave-encashments/${r2.id}/approve`, manager, {})).statusCode,
    ).toBe(409);
    expect(await ledger(half.id)).toEqual(before);

    const mine = await call('GET', '/api/leave/encashment?sortOrder=asc', employee);
    expect(mine.json().data.map((r: { status: string; days: number }) => [r.status, r.days])).toEqual([
      ['approved', 3],
      ['rejected', 2.5],
      ['withdrawn', 1],
    ]);
    expect(mine.json().meta.totalCount).toBe(3);
  });

  it('approval checks the balance again: spent meanwhile, the decision is refused and nothing posts', async () => {
    const r = (await ask(employee, { leave_type_id: half.id, days: 10 })).json().data;
    // An administrator debits 5 days meanwhile (12 − 5 = 7 left, below the 10 asked).
    expect(
      (
        await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
          leave_type_id: half.id,
          kind: 'manual_debit',
          amount: 5,
          reason: 'Correction',
        })
      ).statusCode,
    ).toBe(200);
    const res = await call('PUT', `/api/requests/leave-encashments/${r.id}/approve`, manager, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(
      'Cannot approve: Only 7 days are available to encash (balance 7, pending requests 0)',
    );
    const mine = (await call('GET', '/api/leave/encashment?status=pending', employee)).json().data;
    expect(mine.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect((await ledger(half.id)).filter((e) => e.kind === 'encashment')).toEqual([]);
  });
});

describe('leave encashment flow from the master policy', () => {
  it("the employee's master policy names the flow for leave_encashment: its approver decides", async () => {
    const adminId = await idOf('admin@acme.test');
    const flow = await call('POST', '/api/approval-flow', admin, {
      name: 'Encashment: HR decides',
      request_type: 'leave_encashment',
      levels: [{ approver_kind: 'employee', approver_employee_ids: [adminId], rule: 'any' }],
    });
    expect(flow.statusCode).toBe(201);
    const policy = await call('POST', '/api/master-policy', admin, {
      name: 'Encashment via HR',
      description: '',
      attendance_policy_id: null,
      shift_id: null,
      roster_id: null,
      weekly_off_policy_id: null,
      holiday_calendar_id: null,
      approval_flows: [{ request_type: 'leave_encashment', approval_flow_id: flow.json().data.id }],
    });
    expect(policy.statusCode).toBe(201);
    const assigned = await call('POST', `/api/master-policy/${policy.json().data.id}/assignment`, admin, {
      target_kind: 'employee',
      target_id: employeeId,
      effective_from: today(),
    });
    expect(assigned.statusCode).toBe(201);

    const r = (await ask(employee, { leave_type_id: el.id, days: 1 })).json().data;
    expect(r.approval.next_approvers.map((a: { id: string }) => a.id)).toEqual([adminId]);
    // The manager is not on this flow: nothing waits on them, and deciding is not found.
    const managerQueue = (await call('GET', '/api/requests/leave-encashments', manager)).json().data;
    expect(managerQueue.map((x: { id: string }) => x.id)).not.toContain(r.id);
    expect(
      (await call('PUT', `/api/requests/leave-encashments/${r.id}/approve`, manager, {})).statusCode,
    ).toBe(404);
    const ok = await call('PUT', `/api/requests/leave-encashments/${r.id}/approve`, admin, {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('approved');
    expect((await ledger(el.id)).filter((e) => e.kind === 'encashment').map((e) => e.amount)).toEqual([
      -3, -1,
    ]);
    const paid = await t.db.tenant(acme, (tx) => encashments(tx, acme, today().slice(0, 7)));
    expect(paid.find((p) => p.leaveTypeCode === 'EL')?.days).toBe(4);
  });
});

describe('pending encashment holds the balance everywhere', () => {
  it('10 days with 6 pending to encash: 4 available on the card, 5 days of leave and an encashment of 5 refused', async () => {
    const al = (
      await call('POST', '/api/leave/types', admin, {
        name: 'Annual leave',
        code: 'AL',
        unit: 'day',
        encashment: true,
        encashment_cap: 8,
        notice_days: 0,
      })
    ).json().data as { id: string };
    // A base policy with a leave year from April: the employee may apply for the type.
    const policy = await call('POST', '/api/leave/policies', admin, {
      name: 'April base',
      is_base: true,
      year_start_month: 4,
      leave_type_ids: [al.id],
    });
    expect(policy.statusCode).toBe(201);
    const url = `/api/employee/${employeeId}/leave-balance`;
    const opening = await call('PUT', url, admin, {
      leave_type_id: al.id,
      kind: 'opening',
      amount: 10,
      reason: 'Opening balance',
    });
    expect(opening.statusCode).toBe(200);
    const asked = await ask(employee, { leave_type_id: al.id, days: 6 });
    expect(asked.statusCode).toBe(201);

    const card = (await call('GET', '/api/leave/mobile/leave-balance', employee)).json().data;
    expect(card.find((b: { code: string }) => b.code === 'AL')).toMatchObject({
      balance: 10,
      pending: 6,
      available: 4,
    });

    const from = new Date(Date.now() + 5.5 * 3600_000 + 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 5.5 * 3600_000 + 34 * 86_400_000).toISOString().slice(0, 10);
    const preview = await call('POST', '/api/leave/preview', employee, {
      leave_type_id: al.id,
      from_date: from,
      to_date: to,
      reason: 'Trip',
    });
    expect(preview.json().data).toMatchObject({ balance: 10, available: 4 });
    const leave = await call('POST', '/api/leave', employee, {
      leave_type_id: al.id,
      from_date: from,
      to_date: to,
      reason: 'Trip',
    });
    expect(leave.statusCode).toBe(400);
    expect(leave.json().message).toContain('Not enough balance: 4 available, 5 requested (balance rule)');

    const direct = await call('PUT', url, admin, {
      leave_type_id: al.id,
      kind: 'encashment',
      amount: 5,
      reason: 'Encash',
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().errors[0]).toEqual({
      path: 'amount',
      message: 'Only 4 days are available to encash (balance 10, pending requests 6)',
    });
    // Within what is left, the cap names the leave year of the April policy.
    const overCap = await call('PUT', url, admin, {
      leave_type_id: al.id,
      kind: 'encashment',
      amount: 3,
      reason: 'Encash',
    });
    expect(overCap.statusCode).toBe(200);
    const d = today();
    const y = Number(d.slice(0, 4)) - (Number(d.slice(5, 7)) < 4 ? 1 : 0);
    const again = await ask(employee, { leave_type_id: al.id, days: 1 });
    expect(again.statusCode).toBe(409); // one pending request per type
    expect((await call('DELETE', `/api/leave/encashment/${asked.json().data.id}`, employee)).statusCode).toBe(
      200,
    );
    const capped = await ask(employee, { leave_type_id: al.id, days: 6 });
    expect(capped.json().errors[0].message).toBe(
      `At most 8 days a year can be encashed (encashment cap); 3 already this leave year (1 Apr ${y} – 31 Mar ${y + 1}), 5 left (days)`,
    );
  });
});
