import { buildTestApp, type TestApp } from '../../test/helper';
import { loadDayContexts } from '../policies';
import { encashments, lopDays } from './index';
import { recountRequests } from './leave.recount';
import { addDays } from './leave.rules';
import { sandwichOf } from './leave.service';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;
let employeeId: string;
let managerId: string;

const idOf = (email: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM employees WHERE lower(email) = $1', [
      email,
    ]);
    return rows[0]!.id;
  });

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
  managerId = await idOf('manager@acme.test');
  // No weekly-offs while the rules are tested on dates relative to today; the sandwich test sets them.
  await setWeeklyOffs(NO_OFF);
});

const NO_OFF = Array.from({ length: 7 }, () => ['none', 'none', 'none', 'none', 'none']);
const SAT_SUN = NO_OFF.map((w, i) => (i === 0 || i === 6 ? w.map(() => 'full') : w));
const setWeeklyOffs = (days: string[][]) =>
  t.db.tenant(acme, (tx) =>
    tx.query(
      `UPDATE weekly_off_policies SET days = $1::jsonb
        WHERE id = (SELECT weekly_off_policy_id FROM master_policies WHERE is_default)`,
      [JSON.stringify(days)],
    ),
  );
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });

/** A date `n` days from the company's today (the test clock is real time). */
const day = (n: number) => {
  const d = new Date(Date.now() + 5.5 * 3600_000 + n * 86_400_000);
  return d.toISOString().slice(0, 10);
};

const casual = {
  name: 'Casual leave',
  code: 'CL',
  paid: true,
  unit: 'half_day',
  notice_days: 1,
  back_dating_days: 3,
  max_per_request: 5,
  document_over_days: 4,
  accrual_frequency: 'monthly',
  accrual_amount: 1.5,
};
let cl: { id: string };
let lwp: { id: string };

describe('leave set-up', () => {
  it('admins add leave types and a base policy; others are refused; companies are apart', async () => {
    expect((await call('POST', '/api/leave/types', manager, casual)).statusCode).toBe(403);
    const bad = await call('POST', '/api/leave/types', admin, {
      ...casual,
      code: 'no spaces!',
      accrual_amount: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['code']));
    const res = await call('POST', '/api/leave/types', admin, casual);
    expect(res.statusCode).toBe(201);
    cl = res.json().data;
    expect(res.json().data.sandwich.weekly_off_between).toBe(false);
    expect((await call('POST', '/api/leave/types', admin, casual)).statusCode).toBe(400);
    lwp = (
      await call('POST', '/api/leave/types', admin, { name: 'Leave without pay', code: 'LWP', paid: false })
    ).json().data;

    const policy = await call('POST', '/api/leave/policies', admin, {
      name: 'Standard',
      is_base: true,
      leave_type_ids: [cl.id, lwp.id],
    });
    expect(policy.statusCode).toBe(201);
    expect(policy.json().data.leave_types.map((x: { code: string }) => x.code)).toEqual(['CL', 'LWP']);

    // Globex sees none of it, and cannot touch it.
    expect((await call('GET', '/api/leave/types', globex)).json().data).toEqual([]);
    expect((await call('PUT', `/api/leave/types/${cl.id}`, globex, casual)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/leave/policies/${policy.json().data.id}`, globex)).statusCode).toBe(
      404,
    );
    // In use: refused.
    expect((await call('DELETE', `/api/leave/types/${cl.id}`, admin)).statusCode).toBe(409);

    const options = await call('GET', '/api/dropdown/type/leave-type', employee);
    expect(options.json().data).toEqual([
      { value: cl.id, label: 'Casual leave' },
      { value: lwp.id, label: 'Leave without pay' },
    ]);
    const config = (await call('GET', '/api/employee/base-leave-configuration', employee)).json().data;
    expect(config.source).toBe('base');
    expect(config.leave_types).toHaveLength(2);
  });

  it('manual balance entries: admin only, with a reason, in the caller company, audited', async () => {
    const body = { leave_type_id: cl.id, kind: 'opening', amount: 6, reason: 'Opening balance' };
    expect((await call('PUT', `/api/employee/${employeeId}/leave-balance`, manager, body)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/employee/${employeeId}/leave-balance`, globex, body)).statusCode).toBe(
      404,
    );
    const noReason = await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
      ...body,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].path).toBe('reason');
    const res = await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.balance).toBe(6);
    const audit = await t.db.tenant(acme, (tx) =>
      tx.query("SELECT 1 FROM audit_log WHERE action = 'leave.balance_adjusted'"),
    );
    expect(audit.rows).toHaveLength(1);
  });
});

describe('leave requests', () => {
  let requestId: string;
  const req = (from: number, to: number, extra: object = {}) => ({
    leave_type_id: cl.id,
    from_date: day(from),
    to_date: day(to),
    reason: 'Family function',
    ...extra,
  });

  it('previews the counted days and refuses rules by name', async () => {
    const preview = await call('POST', '/api/leave/preview', employee, req(10, 11));
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      total: 2,
      balance: 6,
      available: 6,
      balance_after: 4,
      violations: [],
    });
    const notice = await call('POST', '/api/leave', employee, req(0, 0));
    expect(notice.statusCode).toBe(400);
    expect(notice.json().message).toMatch(/notice rule/);
    const tooMany = await call('POST', '/api/leave', employee, req(10, 16));
    expect(tooMany.json().message).toMatch(/maximum per request rule/);
    const half = await call(
      'POST',
      '/api/leave',
      employee,
      req(10, 11, { day_type: 'half_day', half_day_type: 'first_half' }),
    );
    expect(half.statusCode).toBe(400);
    expect(half.json().errors[0].path).toBe('day_type');
  });

  it('apply, edit while pending, overlap refused, the manager sees who approves next', async () => {
    const res = await call('POST', '/api/leave', employee, req(10, 11));
    expect(res.statusCode).toBe(201);
    requestId = res.json().data.id;
    expect(res.json().data.approval.next_approvers.map((a: { name: string }) => a.name)).toHaveLength(1);
    const overlap = await call('POST', '/api/leave', employee, req(11, 12));
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toMatch(/no overlapping requests/);
    const edit = await call('PUT', `/api/leave/leave-record/${requestId}`, employee, req(10, 12));
    expect(edit.json().data.total).toBe(3);
    // Pending requests hold the balance: 6 - 3 leaves 3 available, so 4 more days are refused.
    const over = await call('POST', '/api/leave', employee, req(20, 23, { document_id: null }));
    expect(over.json().message).toMatch(/balance rule/);

    const queue = await call('GET', '/api/requests/leaves', manager);
    expect(queue.json().meta.totalCount).toBe(1);
    expect(queue.json().data[0].abilities.approve).toBe(true);
    expect((await call('GET', '/api/requests/leaves', employee)).statusCode).toBe(403);
    expect((await call('GET', `/api/leave/leave-record/${requestId}`, globex)).statusCode).toBe(404);
    expect((await call('GET', `/api/leave/leave-record/${requestId}`, manager)).statusCode).toBe(200);
    // The manager's own view of the admin queue: refused (no company-wide access).
    expect((await call('GET', '/api/admin/requests/leave', manager)).statusCode).toBe(403);
    // Someone else's request is not found for editing.
    expect((await call('PUT', `/api/leave/leave-record/${requestId}`, manager, req(10, 12))).statusCode).toBe(
      404,
    );
  });

  it('two approvers deciding at once: one decision, one ledger debit', async () => {
    const [a, b] = await Promise.all([
      call('PUT', `/api/requests/leaves/${requestId}/approve`, manager, {}),
      call('PUT', `/api/admin/requests/leave/${requestId}/approve`, admin, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const used = await t.db.tenant(acme, (tx) =>
      tx.query("SELECT amount FROM leave_ledger WHERE kind = 'used' AND ref = $1", [requestId]),
    );
    expect(used.rows.map((r) => Number((r as { amount: string }).amount))).toEqual([-3]);
    const balances = (await call('GET', '/api/leave/mobile/leave-balance', employee)).json().data;
    expect(balances.find((x: { code: string }) => x.code === 'CL')).toMatchObject({
      balance: 3,
      pending: 0,
      available: 3,
    });
  });

  it('the explainer lists the entries behind the balance; scope is enforced', async () => {
    const url = `/api/leave/leave-balance/${employeeId}/entries?leave_type_id=${cl.id}`;
    const res = await call('GET', url, employee);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.entries.map((e: { kind: string; amount: number; running: number }) => [
          e.kind,
          e.amount,
          e.running,
        ]),
    ).toEqual([
      ['opening', 6, 6],
      ['used', -3, 3],
    ]);
    expect((await call('GET', url, manager)).statusCode).toBe(200); // a direct report
    const managerUrl = `/api/leave/leave-balance/${managerId}/entries?leave_type_id=${cl.id}`;
    expect((await call('GET', managerUrl, employee)).statusCode).toBe(404);
    expect((await call('GET', url, globex)).statusCode).toBe(404);
    expect((await call('GET', `/api/leave/leave-balance/${managerId}`, employee)).statusCode).toBe(404);
  });

  it('cancelling approved leave credits it back once', async () => {
    const [a, b] = await Promise.all([
      call('DELETE', `/api/leave/leave-record/${requestId}`, employee),
      call('DELETE', `/api/leave/leave-record/${requestId}`, employee),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const balances = (await call('GET', '/api/leave/mobile/leave-balance', employee)).json().data;
    expect(balances.find((x: { code: string }) => x.code === 'CL').balance).toBe(6);
    const mine = await call('GET', '/api/employee/leave-request?status=cancelled', employee);
    expect(mine.json().meta.totalCount).toBe(1);
  });

  it('withdrawing a pending request; approved unpaid leave becomes LOP days', async () => {
    const pending = (await call('POST', '/api/leave', employee, req(30, 30))).json().data;
    const w = await call('DELETE', `/api/leave/leave-record/${pending.id}`, employee);
    expect(w.json().data.status).toBe('withdrawn');

    const unpaid = await call('POST', '/api/leave', employee, { ...req(40, 41), leave_type_id: lwp.id });
    expect(unpaid.statusCode).toBe(201);
    await call('PUT', `/api/requests/leaves/${unpaid.json().data.id}/approve`, manager, {});
    const month = day(40).slice(0, 7);
    const lop = await t.db.tenant(acme, (tx) => lopDays(tx, acme, [employeeId, managerId], month));
    const inMonth = [day(40), day(41)].filter((d) => d.startsWith(month));
    expect(lop.get(employeeId)?.dates.map((d) => d.date)).toEqual(inMonth);
    expect(lop.has(managerId)).toBe(false);
    const counts = (await call('GET', '/api/leave/requested-status', employee)).json().data;
    expect(counts.length).toBeGreaterThan(0);
  });
});

describe('sandwich days and master policies', () => {
  it('Friday to Monday counts four days under a sandwich policy, each day with its reason', async () => {
    await setWeeklyOffs(SAT_SUN);
    try {
      const sandwich = (
        await call('POST', '/api/leave/types', admin, {
          name: 'Sandwich leave',
          code: 'SL',
          sandwich: { weekly_off_between: true },
        })
      ).json().data;
      const policies = (await call('GET', '/api/leave/policies', admin)).json().data;
      const base = policies.find((p: { is_base: boolean }) => p.is_base);
      await call('PUT', `/api/leave/policies/${base.id}`, admin, {
        name: base.name,
        is_base: true,
        leave_type_ids: [...base.leave_types.map((x: { id: string }) => x.id), sandwich.id],
      });
      await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
        leave_type_id: sandwich.id,
        kind: 'opening',
        amount: 10,
        reason: 'Opening balance',
      });
      let friday = 14;
      while (new Date(`${day(friday)}T00:00:00Z`).getUTCDay() !== 5) friday += 1;
      const preview = await call('POST', '/api/leave/preview', employee, {
        leave_type_id: sandwich.id,
        from_date: day(friday),
        to_date: day(friday + 3),
      });
      const data = preview.json().data;
      expect(data.total).toBe(4);
      expect(data.days.map((d: { kind: string; amount: number }) => [d.kind, d.amount])).toEqual([
        ['working', 1],
        ['weekly_off', 1],
        ['weekly_off', 1],
        ['working', 1],
      ]);
      expect(data.days[1].reason).toMatch(/between leave days: counted/);
      // Casual leave has no sandwich rule: the weekend is not counted.
      const plain = await call('POST', '/api/leave/preview', employee, {
        leave_type_id: cl.id,
        from_date: day(friday),
        to_date: day(friday + 3),
      });
      expect(plain.json().data.total).toBe(2);
    } finally {
      await setWeeklyOffs(NO_OFF);
    }
  });

  it('a master policy names the leave policy of its employees; an attached policy cannot be deleted', async () => {
    const unpaidOnly = (
      await call('POST', '/api/leave/policies', admin, { name: 'Unpaid only', leave_type_ids: [lwp.id] })
    ).json().data;
    const masters = (await call('GET', '/api/leave/master-policies', admin)).json().data;
    const def = masters.find((m: { is_default: boolean }) => m.is_default);
    expect(
      (await call('PUT', `/api/leave/master-policies/${def.id}`, manager, { leave_policy_id: unpaidOnly.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/leave/master-policies/${def.id}`, globex, { leave_policy_id: unpaidOnly.id }))
        .statusCode,
    ).toBe(400);
    const res = await call('PUT', `/api/leave/master-policies/${def.id}`, admin, {
      leave_policy_id: unpaidOnly.id,
    });
    expect(res.json().data.leave_policy_id).toBe(unpaidOnly.id);
    const config = (await call('GET', '/api/employee/base-leave-configuration', employee)).json().data;
    expect(config.source).toBe('master_policy');
    expect(config.leave_types.map((x: { code: string }) => x.code)).toEqual(['LWP']);
    expect((await call('DELETE', `/api/leave/policies/${unpaidOnly.id}`, admin)).statusCode).toBe(409);
    await call('PUT', `/api/leave/master-policies/${def.id}`, admin, { leave_policy_id: null });
    expect((await call('GET', '/api/employee/base-leave-configuration', employee)).json().data.source).toBe(
      'base',
    );
  });
});

describe('back-dated calendar changes', () => {
  it('a holiday added inside approved leave is credited back as a correcting entry; run again: nothing', async () => {
    const res = await call('POST', '/api/leave', employee, {
      leave_type_id: cl.id,
      from_date: day(50),
      to_date: day(51),
      reason: 'Trip',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    await call('PUT', `/api/requests/leaves/${id}/approve`, manager, {});
    const before = (await call('GET', '/api/leave/mobile/leave-balance', employee)).json().data;
    const clBefore = before.find((x: { code: string }) => x.code === 'CL').balance as number;
    const change = {
      companyId: acme,
      employeeIds: 'all' as const,
      from: day(50),
      to: day(50),
      reason: 'Holiday added',
    };
    const recount = () =>
      t.db.tenant(acme, async (tx) => {
        await tx.query(
          `INSERT INTO holidays (company_id, calendar_id, holiday_date, name)
           SELECT company_id, holiday_calendar_id, $1, 'Founders day' FROM master_policies WHERE is_default
           ON CONFLICT DO NOTHING`,
          [day(50)],
        );
        return recountRequests(tx, change, loadDayContexts, sandwichOf);
      });
    expect(await recount()).toBe(1);
    expect(await recount()).toBe(0);
    const after = (await call('GET', '/api/leave/mobile/leave-balance', employee)).json().data;
    expect(after.find((x: { code: string }) => x.code === 'CL').balance).toBe(clBefore + 1);
    const entries = (
      await call('GET', `/api/leave/leave-balance/${employeeId}/entries?leave_type_id=${cl.id}`, employee)
    ).json().data.entries as { kind: string; amount: number; rule: string }[];
    expect(entries.at(-1)).toMatchObject({ kind: 'used', amount: 1, rule: 'Counted again: 2 days became 1' });
    // From scratch: the request now counts one day, and the ledger holds -1 for it in all.
    const item = (await call('GET', `/api/leave/leave-record/${id}`, employee)).json().data;
    expect(item.total).toBe(1);
    const net = await t.db.tenant(acme, (tx) =>
      tx.query<{ n: string }>("SELECT sum(amount) AS n FROM leave_ledger WHERE kind = 'used' AND ref = $1", [
        id,
      ]),
    );
    expect(Number(net.rows[0]!.n)).toBe(-1);
    await call('DELETE', `/api/leave/leave-record/${id}`, employee);
  });
});

describe('accrual', () => {
  it('running a month twice credits once; a missed month is caught up; only admins run it', async () => {
    expect((await call('POST', '/api/leave/accrual/run', manager, {})).statusCode).toBe(403);
    const asOf = day(0);
    const first = await call('POST', '/api/leave/accrual/run', admin, { as_of: asOf });
    expect(first.statusCode).toBe(200);
    const again = await call('POST', '/api/leave/accrual/run', admin, { as_of: asOf });
    expect(again.json().data.entries).toBe(0);
    const accruals = () =>
      t.db.tenant(acme, async (tx) => {
        const { rows } = await tx.query<{ ref: string; n: string }>(
          "SELECT ref, sum(amount) AS n FROM leave_ledger WHERE kind = 'accrual' AND employee_id = $1 GROUP BY ref ORDER BY ref",
          [employeeId],
        );
        return rows.map((r) => [r.ref, Number(r.n)]);
      });
    expect(await accruals()).toEqual([[asOf.slice(0, 7), 1.5]]);
    // Two months later without a run in between: both months are credited, each once.
    const later = day(62);
    await Promise.all([
      call('POST', '/api/leave/accrual/run', admin, { as_of: later }),
      call('POST', '/api/leave/accrual/run', admin, { as_of: later }),
    ]);
    const keys = (await accruals()).map((r) => r[1]);
    expect(keys.every((n) => n === 1.5)).toBe(true);
    expect(keys.length).toBeGreaterThanOrEqual(3);
  });
});

describe('approved leave on attendance', () => {
  const statusOn = async (date: string) => {
    const [y, m] = date.split('-').map(Number);
    const res = await call('GET', `/api/attendance/month?month=${m}&year=${y}`, employee);
    expect(res.statusCode).toBe(200);
    return res.json().data.days.find((d: { date: string }) => d.date === date)?.status ?? null;
  };
  const apply = async (from: number, to: number, extra: object = {}) => {
    const res = await call('POST', '/api/leave', employee, {
      leave_type_id: cl.id,
      from_date: day(from),
      to_date: day(to),
      reason: 'Travel',
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; days: { date: string; amount: number }[] };
  };

  it('approving marks the counted days on leave; cancelling returns them to their derived status', async () => {
    await setWeeklyOffs(NO_OFF);
    await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
      leave_type_id: cl.id,
      kind: 'manual_credit',
      amount: 4,
      reason: 'For the attendance test',
    });
    const full = await apply(70, 71);
    const dates = full.days.filter((d) => d.amount > 0).map((d) => d.date);
    expect(dates).toEqual([day(70), day(71)]);
    // Pending leave is not leave yet.
    expect(await statusOn(day(70))).toBe(null);
    await call('PUT', `/api/requests/leaves/${full.id}/approve`, manager, {});
    for (const d of dates) expect(await statusOn(d)).toBe('on_leave');
    const marks = await t.db.tenant(acme, (tx) =>
      tx.query<{ portion: string; source_id: string }>(
        'SELECT portion, source_id FROM attendance_leave_days WHERE employee_id = $1 AND date = ANY($2::date[])',
        [employeeId, dates],
      ),
    );
    expect(marks.rows.map((r) => [r.portion, r.source_id])).toEqual([
      ['full', full.id],
      ['full', full.id],
    ]);

    const cancel = await call('DELETE', `/api/leave/leave-record/${full.id}`, employee);
    expect(cancel.json().data.status).toBe('cancelled');
    // Days to come with no punches derive to nothing: no status, no leave mark.
    for (const d of dates) expect(await statusOn(d)).toBe(null);
    const left = await t.db.tenant(acme, (tx) =>
      tx.query('SELECT 1 FROM attendance_leave_days WHERE employee_id = $1 AND date = ANY($2::date[])', [
        employeeId,
        dates,
      ]),
    );
    expect(left.rows).toHaveLength(0);
  });

  it('half days: each half is marked as that half; both halves approved make a full day', async () => {
    const first = await apply(75, 75, { day_type: 'half_day', half_day_type: 'first_half' });
    const second = await apply(75, 75, { day_type: 'half_day', half_day_type: 'second_half' });
    const portion = async () =>
      (
        await t.db.tenant(acme, (tx) =>
          tx.query<{ portion: string }>(
            'SELECT portion FROM attendance_leave_days WHERE employee_id = $1 AND date = $2',
            [employeeId, day(75)],
          ),
        )
      ).rows[0]?.portion ?? null;
    await call('PUT', `/api/requests/leaves/${first.id}/approve`, manager, {});
    expect(await portion()).toBe('first_half');
    expect(await statusOn(day(75))).toBe('on_leave');
    await call('PUT', `/api/requests/leaves/${second.id}/approve`, manager, {});
    expect(await portion()).toBe('full');
    // The first half cancelled: the second half stays on leave as the second half.
    await call('DELETE', `/api/leave/leave-record/${first.id}`, employee);
    expect(await portion()).toBe('second_half');
    await call('DELETE', `/api/leave/leave-record/${second.id}`, employee);
    expect(await portion()).toBe(null);
    expect(await statusOn(day(75))).toBe(null);
  });
});

describe('comp-off for work on days off', () => {
  it('credits a full and a half day automatically, once; a corrected day is debited; unused comp-off lapses', async () => {
    await setWeeklyOffs(SAT_SUN);
    const comp = await call('POST', '/api/leave/types', admin, {
      name: 'Comp-off',
      code: 'CO',
      paid: true,
      unit: 'half_day',
      comp_off: true,
      comp_off_expiry_days: 30,
    });
    expect(comp.statusCode).toBe(201);
    const co = comp.json().data as { id: string };
    const config = (await call('GET', '/api/employee/base-leave-configuration', employee)).json().data;
    const policy = (await call('GET', '/api/leave/policies', admin))
      .json()
      .data.find((p: { id: string }) => p.id === config.policy.id);
    const put = await call('PUT', `/api/leave/policies/${policy.id}`, admin, {
      name: policy.name,
      description: policy.description,
      is_base: policy.is_base,
      leave_type_ids: [...policy.leave_types.map((x: { id: string }) => x.id), co.id],
    });
    expect(put.statusCode).toBe(200);

    // The last Sunday at least three days ago, and the Saturday before it.
    let sunday = day(-3);
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, -1);
    const saturday = addDays(sunday, -1);
    const { rows } = await t.db.tenant(acme, (tx) =>
      tx.query<{ employee_code: string }>('SELECT employee_code FROM employees WHERE id = $1', [employeeId]),
    );
    const code = rows[0]!.employee_code;
    // 09:00 to 18:15 IST on Sunday (555 minutes less the shift break), 09:00 to 14:00 on Saturday (240 after the break).
    const imported = await call('POST', '/api/attendance/punches/import', admin, {
      source: 'biometric',
      device_id: 'gate-1',
      punches: [
        { employee_code: code, at: `${sunday}T03:30:00Z` },
        { employee_code: code, at: `${sunday}T12:45:00Z` },
        { employee_code: code, at: `${saturday}T03:30:00Z` },
        { employee_code: code, at: `${saturday}T08:30:00Z` },
      ],
    });
    expect(imported.json().data.stored).toBe(4);

    const run = (asOf: string) => call('POST', '/api/leave/accrual/run', admin, { as_of: asOf });
    const first = await run(day(0));
    expect(first.statusCode).toBe(200);
    expect(first.json().data.comp_off).toBe(2);
    const again = await Promise.all([run(day(0)), run(day(0))]);
    expect(again.map((r) => r.json().data.comp_off)).toEqual([0, 0]);

    const explain = async () =>
      (
        await call('GET', `/api/leave/leave-balance/${employeeId}/entries?leave_type_id=${co.id}`, employee)
      ).json().data;
    let ex = await explain();
    expect(ex.entries.map((e: { date: string; amount: number }) => [e.date, e.amount])).toEqual([
      [saturday, 0.5],
      [sunday, 1],
    ]);
    expect(ex.balance).toBe(1.5);
    const sun = ex.entries.find((e: { date: string }) => e.date === sunday);
    expect(sun.kind).toBe('comp_off');
    expect(sun.expires_on).toBe(addDays(sunday, 30));
    expect(sun.rule).toMatch(/495 minutes worked on a weekly-off .*earns a full day; usable until/);

    // Saturdays turn out to be working days (the weekly-off policy corrected): Saturday's work
    // earns nothing any more, and its credit is debited once.
    await setWeeklyOffs(NO_OFF.map((w, i) => (i === 0 ? w.map(() => 'full') : w)));
    expect((await run(day(0))).json().data.comp_off).toBe(1);
    expect((await run(day(0))).json().data.comp_off).toBe(0);
    ex = await explain();
    expect(ex.balance).toBe(1);
    const fix = ex.entries.find((e: { amount: number }) => e.amount === -0.5);
    expect(fix).toMatchObject({ kind: 'comp_off', date: day(0) });
    expect(fix.reason).toMatch(new RegExp(`Correction of the comp-off for ${saturday}`));

    // Unused past its last day, the Sunday credit lapses the day after, once.
    const later = addDays(sunday, 32);
    await run(later);
    await run(later);
    ex = await explain();
    const lapsed = ex.entries.filter((e: { kind: string }) => e.kind === 'expiry');
    expect(lapsed.map((e: { date: string; amount: number }) => [e.date, e.amount])).toEqual([
      [addDays(sunday, 31), -1],
    ]);
    expect(ex.balance).toBe(0);
    // Another company sees none of it.
    expect(
      (await call('GET', `/api/leave/leave-balance/${employeeId}/entries?leave_type_id=${co.id}`, globex))
        .statusCode,
    ).toBe(404);
  });
});

describe('encashment', () => {
  it('administrators encash within the balance and the yearly cap, one at a time; the pay run reads the month', async () => {
    const earned = (
      await call('POST', '/api/leave/types', admin, {
        name: 'Earned leave',
        code: 'EL',
        paid: true,
        unit: 'half_day',
        encashment: true,
        encashment_cap: 3,
      })
    ).json().data as { id: string };
    const body = (amount: number) => ({
      leave_type_id: earned.id,
      kind: 'encashment',
      amount,
      reason: 'Encashment at year end',
    });
    const url = `/api/employee/${employeeId}/leave-balance`;
    await call('PUT', url, admin, {
      leave_type_id: earned.id,
      kind: 'opening',
      amount: 10,
      reason: 'Opening',
    });
    // Only administrators; another company cannot reach the employee.
    expect((await call('PUT', url, employee, body(1))).statusCode).toBe(403);
    expect((await call('PUT', url, manager, body(1))).statusCode).toBe(403);
    expect((await call('PUT', url, globex, body(1))).statusCode).toBe(404);
    expect((await call('PUT', url, admin, { ...body(1), amount: -1 })).statusCode).toBe(400);
    // A type without encashment is refused by name.
    const notEncashable = await call('PUT', url, admin, { ...body(1), leave_type_id: cl.id });
    expect(notEncashable.json().errors[0]).toEqual({
      path: 'kind',
      message: 'Casual leave cannot be encashed',
    });

    // Two encashments of 2 at once under a cap of 3: one goes through, the other is refused.
    const both = await Promise.all([call('PUT', url, admin, body(2)), call('PUT', url, admin, body(2))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = both.find((r) => r.statusCode === 400)!.json();
    // The cap counts the leave year of the employee's policy (January to December here), named in full.
    const y = day(0).slice(0, 4);
    expect(refused.errors[0].message).toBe(
      `At most 3 days a year can be encashed (encashment cap); 2 already this leave year (1 Jan ${y} – 31 Dec ${y}), 1 left`,
    );
    const one = await call('PUT', url, admin, body(1));
    expect(one.json().data.balance).toBe(7);
    expect((await call('PUT', url, admin, body(0.5))).statusCode).toBe(400);

    const ex = (
      await call('GET', `/api/leave/leave-balance/${employeeId}/entries?leave_type_id=${earned.id}`, employee)
    ).json().data;
    const debits = ex.entries.filter((e: { kind: string }) => e.kind === 'encashment');
    expect(debits.map((e: { amount: number }) => e.amount)).toEqual([-2, -1]);
    expect(debits[1].rule).toMatch(/cap 3 a year; 3 encashed in/);

    const month = day(0).slice(0, 7);
    const paid = await t.db.tenant(acme, (tx) => encashments(tx, acme, month));
    expect(paid).toEqual([
      { employeeId, leaveTypeId: earned.id, leaveTypeName: 'Earned leave', leaveTypeCode: 'EL', days: 3 },
    ]);
    // Another company's pay run sees none of Acme's.
    const globexId = await t.companyId('Globex Ltd');
    expect(await t.db.tenant(globexId, (tx) => encashments(tx, globexId, month))).toEqual([]);
  });
});

describe('applicability after probation', () => {
  it('a type for after probation is refused during probation and offered after it', async () => {
    const privilege = (
      await call('POST', '/api/leave/types', admin, {
        name: 'Privilege leave',
        code: 'PL',
        paid: true,
        unit: 'day',
        after_probation: true,
        accrual_frequency: 'monthly',
        accrual_amount: 1,
      })
    ).json().data as { id: string };
    const config = (await call('GET', '/api/employee/base-leave-configuration', employee)).json().data;
    const policy = (await call('GET', '/api/leave/policies', admin))
      .json()
      .data.find((p: { id: string }) => p.id === config.policy.id);
    await call('PUT', `/api/leave/policies/${policy.id}`, admin, {
      name: policy.name,
      description: policy.description,
      is_base: policy.is_base,
      leave_type_ids: [...policy.leave_types.map((x: { id: string }) => x.id), privilege.id],
    });
    const setProbation = (end: string) =>
      t.db.tenant(acme, (tx) =>
        tx.query('UPDATE employees SET probation_end = $2 WHERE id = $1', [employeeId, end]),
      );
    const offered = async () =>
      (await call('GET', '/api/employee/base-leave-configuration', employee))
        .json()
        .data.leave_types.some((x: { id: string }) => x.id === privilege.id);
    const body = { leave_type_id: privilege.id, from_date: day(90), to_date: day(90), reason: 'Rest' };

    await setProbation(day(120));
    expect(await offered()).toBe(false);
    const during = await call('POST', '/api/leave/preview', employee, body);
    expect(during.statusCode).toBe(400);
    expect(during.json().errors[0]).toMatchObject({ path: 'leave_type_id' });
    // Accrual waits for the end of probation too.
    await call('POST', '/api/leave/accrual/run', admin, { as_of: day(0) });
    const credited = () =>
      t.db.tenant(acme, async (tx) => {
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM leave_ledger WHERE employee_id = $1 AND leave_type_id = $2',
          [employeeId, privilege.id],
        );
        return rows[0]!.n;
      });
    expect(await credited()).toBe(0);

    await setProbation(day(-40));
    expect(await offered()).toBe(true);
    await call('POST', '/api/leave/accrual/run', admin, { as_of: day(0) });
    expect(await credited()).toBeGreaterThan(0);
    expect((await call('POST', '/api/leave/preview', employee, body)).statusCode).toBe(200);
  });
});
