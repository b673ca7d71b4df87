import type { Actor } from '../../plugins/auth';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';
import type { CalendarChange } from './index';
import { createPoliciesService } from './policies.service';

let t: TestApp;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await demoSessions(t);
});
afterAll(() => t.close());

const call = (who: Session, method: string, url: string, body?: object) => callAs(t, who, method, url, body);
const paths = (res: { json(): { errors?: { path: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.path);

const shift = {
  name: 'Night',
  start_time: '22:00',
  end_time: '06:00',
  break_minutes: 30,
  grace_in_minutes: 10,
  grace_out_minutes: 10,
  flexi_minutes: 0,
};
const attendance = {
  name: 'Plant attendance',
  cycle_start_day: 26,
  punch_sources: ['biometric', 'manual'],
  half_day_min_minutes: 240,
  full_day_min_minutes: 480,
  late_marks_per_penalty: 3,
  late_penalty_days: 0.5,
  early_exit_marks_per_penalty: null,
  early_exit_penalty_days: 0,
  regularisation_per_month: 2,
  regularisation_lookback_days: 7,
  regularisation_auto_approve: false,
  location_lat: 12.97,
  location_lng: 77.59,
  location_radius_metres: 200,
};
const none = ['none', 'none', 'none', 'none', 'none'];
const weeklyOff = {
  name: 'Sun + 2nd/4th Sat',
  days: [
    ['full', 'full', 'full', 'full', 'full'],
    none,
    none,
    none,
    none,
    none,
    ['none', 'full', 'none', 'full', 'none'],
  ],
};

describe('permissions', () => {
  const routes: [string, string, string][] = [
    ['GET', '/api/attendance-policy', 'attendance_policies.view'],
    ['GET', '/api/shift', 'attendance_policies.view'],
    ['GET', '/api/roster', 'attendance_policies.view'],
    ['GET', '/api/weekly-off-policy', 'weekly_off_policies.view'],
    ['GET', '/api/holiday-calendar', 'holiday_calendar.view'],
    ['GET', '/api/master-policy', 'master_policies.view'],
    ['GET', '/api/policies/summary', 'policies_summary.view'],
  ];
  it.each(routes)(
    '%s %s needs %s: admin 200, manager and employee 403',
    async (method: string, url: string) => {
      expect((await call(s.admin, method, url)).statusCode).toBe(200);
      expect((await call(s.manager, method, url)).statusCode).toBe(403);
      expect((await call(s.employee, method, url)).statusCode).toBe(403);
    },
  );

  it('refuses writes to weaker roles and hides other companies', async () => {
    expect((await call(s.manager, 'POST', '/api/shift', shift)).statusCode).toBe(403);
    expect((await call(s.employee, 'POST', '/api/weekly-off-policy', weeklyOff)).statusCode).toBe(403);
    const mine = (await call(s.admin, 'POST', '/api/shift', { ...shift, name: 'Acme only' })).json().data;
    expect((await call(s.globex, 'PUT', `/api/shift/${mine.id}`, shift)).statusCode).toBe(404);
    expect((await call(s.globex, 'DELETE', `/api/shift/${mine.id}`)).statusCode).toBe(404);
    const list = (await call(s.globex, 'GET', '/api/shift?records=100')).json().data as { id: string }[];
    expect(list.some((x) => x.id === mine.id)).toBe(false);
    const emp = s.employee.userResponse.employee_id!;
    expect(
      (await call(s.globex, 'GET', `/api/policies/explain?employee_id=${emp}&date=2026-05-01`)).statusCode,
    ).toBe(404);
    expect(
      (await call(s.employee, 'GET', `/api/policies/explain?employee_id=${emp}&date=2026-05-01`)).statusCode,
    ).toBe(403);
    // The dropdown is for every signed-in user, and only their company's.
    const dd = (await call(s.employee, 'GET', '/api/master-policy/dropdown')).json().data as {
      name: string;
    }[];
    expect(dd.map((d) => d.name)).toContain('Company default');
  });
});

describe('validation names the field', () => {
  it('bad times, break longer than the shift', async () => {
    expect(paths(await call(s.admin, 'POST', '/api/shift', { ...shift, start_time: '25:00' }))).toEqual([
      'start_time',
    ]);
    expect(paths(await call(s.admin, 'POST', '/api/shift', { ...shift, end_time: '22:00' }))).toEqual([
      'end_time',
    ]);
    expect(paths(await call(s.admin, 'POST', '/api/shift', { ...shift, break_minutes: 600 }))).toEqual([
      'break_minutes',
    ]);
  });
  it('radius without point, half-day above full-day, unknown keys', async () => {
    const noPoint = { ...attendance, location_lat: null, location_lng: null };
    expect(paths(await call(s.admin, 'POST', '/api/attendance-policy', noPoint))).toEqual(['location_lat']);
    const upside = { ...attendance, half_day_min_minutes: 500 };
    expect(paths(await call(s.admin, 'POST', '/api/attendance-policy', upside))).toEqual([
      'full_day_min_minutes',
    ]);
    const res = await call(s.admin, 'POST', '/api/attendance-policy', { ...attendance, sneaky: 1 });
    expect(res.statusCode).toBe(400);
    expect(
      paths(await call(s.admin, 'POST', '/api/weekly-off-policy', { ...weeklyOff, days: [none] })),
    ).toEqual(['days']);
  });
  it('a huge name is refused', async () => {
    expect(paths(await call(s.admin, 'POST', '/api/shift', { ...shift, name: 'x'.repeat(5000) }))).toEqual([
      'name',
    ]);
  });
});

describe('set-up to inspector', () => {
  it('creates the pieces, assigns a master policy to a division and explains it', async () => {
    const sh = await call(s.admin, 'POST', '/api/shift', shift);
    expect(sh.statusCode).toBe(201);
    expect(sh.json().data).toMatchObject({ night: true, used_by: 0 });
    const att = await call(s.admin, 'POST', '/api/attendance-policy', attendance);
    expect(att.statusCode).toBe(201);
    expect(att.json().data).toMatchObject({ location_radius_metres: 200, late_penalty_days: 0.5 });
    const wo = await call(s.admin, 'POST', '/api/weekly-off-policy', weeklyOff);
    expect(wo.statusCode).toBe(201);
    const cal = await call(s.admin, 'POST', '/api/holiday-calendar', {
      name: 'India 2026',
      optional_limit: 1,
    });
    expect(cal.statusCode).toBe(201);
    const calId = cal.json().data.id as string;
    const hol = await call(s.admin, 'POST', `/api/holiday-calendar/${calId}/holiday`, {
      date: '2026-08-15',
      name: 'Independence Day',
      optional: false,
      location: null,
    });
    expect(hol.statusCode).toBe(201);
    const dupe = await call(s.admin, 'POST', `/api/holiday-calendar/${calId}/holiday`, {
      date: '2026-08-15',
      name: 'Again',
      optional: false,
      location: null,
    });
    expect(paths(dupe)).toEqual(['date']);

    const mp = await call(s.admin, 'POST', '/api/master-policy', {
      name: 'Plant policy',
      attendance_policy_id: att.json().data.id,
      shift_id: sh.json().data.id,
      roster_id: null,
      weekly_off_policy_id: wo.json().data.id,
      holiday_calendar_id: calId,
    });
    expect(mp.statusCode).toBe(201);
    const mpId = mp.json().data.id as string;
    expect(mp.json().data.holiday_calendar).toEqual({ id: calId, name: 'India 2026' });

    const divisions = (await call(s.admin, 'GET', '/api/division/dropdown')).json().data as {
      id: string;
      name: string;
    }[];
    const ops = divisions.find((d) => d.name === 'Operations')!;
    const assign = await call(s.admin, 'POST', `/api/master-policy/${mpId}/assignment`, {
      target_kind: 'division',
      target_id: ops.id,
      effective_from: '2026-04-01',
    });
    expect(assign.statusCode).toBe(201);
    // Overlapping effective dates for the same division: refused naming the field.
    const overlap = await call(s.admin, 'POST', `/api/master-policy/${mpId}/assignment`, {
      target_kind: 'division',
      target_id: ops.id,
      effective_from: '2027-01-01',
    });
    expect(overlap.statusCode).toBe(400);
    expect(paths(overlap)).toEqual(['effective_from']);
    // Ending the first makes room for the next.
    const ended = await call(s.admin, 'PUT', `/api/master-policy-assignment/${assign.json().data.id}/end`, {
      effective_to: '2026-12-31',
    });
    expect(ended.json().data.effective_to).toBe('2026-12-31');
    const next = await call(s.admin, 'POST', `/api/master-policy/${mpId}/assignment`, {
      target_kind: 'division',
      target_id: ops.id,
      effective_from: '2027-01-01',
    });
    expect(next.statusCode).toBe(201);

    // The People unit of Operations holds the demo employee (seed): find someone in Operations.
    const emps = (await call(s.admin, 'GET', '/api/employee?records=100')).json().data as {
      id: string;
      division_name: string | null;
    }[];
    const inOps = emps.find((e) => e.division_name === 'Operations')!;
    const answer = await call(
      s.admin,
      'GET',
      `/api/policies/explain?employee_id=${inOps.id}&date=2026-08-15`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      masterPolicy: { id: mpId, name: 'Plant policy' },
      via: { kind: 'division', name: 'Operations', effectiveFrom: '2026-04-01' },
      shift: { name: 'Night' },
      day: { weeklyOff: 'none', holiday: { name: 'Independence Day', optional: false } },
    });
    const before = await call(
      s.admin,
      'GET',
      `/api/policies/explain?employee_id=${inOps.id}&date=2026-03-14`,
    );
    expect(before.json().data).toMatchObject({
      via: { kind: 'company_default' },
      day: { weeklyOff: 'full' },
    });

    const summary = (await call(s.admin, 'GET', '/api/policies/summary')).json().data;
    expect(summary.counts.master_policies).toBe(2);
    // In use: no delete.
    expect((await call(s.admin, 'DELETE', `/api/shift/${sh.json().data.id}`)).statusCode).toBe(409);
    expect((await call(s.admin, 'DELETE', `/api/master-policy/${mpId}`)).statusCode).toBe(409);
  });

  it('the employee picks at most N optional holidays, once even when asked twice at once', async () => {
    const def = (await call(s.admin, 'GET', '/api/holiday-calendar?search=Company')).json().data[0];
    await call(s.admin, 'PUT', `/api/holiday-calendar/${def.id}`, { name: def.name, optional_limit: 1 });
    // The demo calendar's own optional holidays (seed) are not picked: the limit of 1 is ours.
    const add = async (date: string, name: string) =>
      (
        await call(s.admin, 'POST', `/api/holiday-calendar/${def.id}/holiday`, {
          date,
          name,
          optional: true,
          location: null,
        })
      ).json().data.id as string;
    // Picked before their day: an optional holiday already past can no longer be picked or removed.
    t.clock.set(new Date('2026-02-02T10:00:00+05:30'));
    const a = await add('2026-03-05', 'Extra A');
    const b = await add('2026-10-20', 'Extra B');
    const [r1, r2] = await Promise.all([
      call(s.employee, 'PUT', `/api/optional-holidays/${a}`),
      call(s.employee, 'PUT', `/api/optional-holidays/${a}`),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const second = await call(s.employee, 'PUT', `/api/optional-holidays/${b}`);
    expect(second.statusCode).toBe(409);
    const mine = (await call(s.employee, 'GET', '/api/optional-holidays?year=2026')).json().data;
    expect(mine.limit).toBe(1);
    expect(
      mine.holidays.filter((h: { picked: boolean }) => h.picked).map((h: { name: string }) => h.name),
    ).toEqual(['Extra A']);
    // Past its day, a pick can be neither made nor taken back, and the list says it has passed.
    t.clock.set(new Date('2026-03-06T10:00:00+05:30'));
    const late = await call(s.employee, 'DELETE', `/api/optional-holidays/${a}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Extra A (05 Mar 2026) has passed: an optional holiday can be removed only before its day',
    );
    const now = (await call(s.employee, 'GET', '/api/optional-holidays?year=2026')).json().data.holidays as {
      name: string;
      past: boolean;
    }[];
    expect(now.filter((h) => h.name.startsWith('Extra ')).map((h) => [h.name, h.past])).toEqual([
      ['Extra A', true],
      ['Extra B', false],
    ]);
    t.clock.set(new Date());
  });
});

describe('calendar changes', () => {
  it('tells the listener, in the same transaction, who and which dates', async () => {
    const seen: CalendarChange[] = [];
    const svc = createPoliciesService({
      db: t.db,
      clock: t.clock,
      onCalendarChange: async (tx, c) => {
        // Runs inside the changing transaction: it sees the uncommitted row.
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM master_policy_assignments',
        );
        expect(rows[0]!.n).toBeGreaterThan(0);
        seen.push(c);
      },
    });
    const companyId = await t.companyId('Acme Corp');
    const actor = {
      companyId,
      userId: s.admin.userResponse.id,
      employeeId: null,
      permissions: [],
    } as unknown as Actor;
    const mp = await svc.masters.create(actor, {
      name: 'Listener policy',
      description: '',
      attendance_policy_id: null,
      shift_id: null,
      roster_id: null,
      weekly_off_policy_id: null,
      holiday_calendar_id: null,
      approval_flows: [],
    });
    const emp = s.employee.userResponse.employee_id!;
    await svc.assign(actor, mp.id, {
      target_kind: 'employee',
      target_id: emp,
      effective_from: '2026-06-01',
      effective_to: null,
    });
    expect(seen).toEqual([
      { companyId, employeeIds: [emp], from: '2026-06-01', to: null, reason: 'master policy assigned' },
    ]);
    // A listener that fails rolls the change back.
    const failing = createPoliciesService({
      db: t.db,
      clock: t.clock,
      onCalendarChange: async () => {
        throw new Error('re-derivation failed');
      },
    });
    const cal = await svc.calendars.create(actor, { name: 'Rollback cal', optional_limit: 0 });
    await expect(
      failing.addHoliday(actor, cal.id, {
        date: '2026-01-26',
        name: 'Republic Day',
        optional: false,
        location: null,
      }),
    ).rejects.toThrow('re-derivation failed');
    expect((await svc.calendars.get(actor, cal.id)).holidays).toEqual([]);
  });
});

describe('audit and approval flows of policy changes', () => {
  it('records who created, changed and deleted a definition, in the same transaction', async () => {
    const created = await call(s.admin, 'POST', '/api/shift', { ...shift, name: 'Audited shift' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(
      (await call(s.admin, 'PUT', `/api/shift/${id}`, { ...shift, name: 'Audited shift 2' })).statusCode,
    ).toBe(200);
    expect((await call(s.admin, 'DELETE', `/api/shift/${id}`)).statusCode).toBe(200);
    const acme = await t.companyId('Acme Corp');
    const rows = await t.db.tenant(acme, async (tx) => {
      const r = await tx.query<{ action: string; actor_user_id: string; changes: Record<string, unknown> }>(
        'SELECT action, actor_user_id, changes FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
        [id],
      );
      return r.rows;
    });
    expect(rows.map((r) => r.action)).toEqual([
      'policies.shift_created',
      'policies.shift_updated',
      'policies.shift_deleted',
    ]);
    expect(rows.every((r) => r.actor_user_id === s.admin.userResponse.id)).toBe(true);
    expect((rows[1]!.changes.after as { name: string }).name).toBe('Audited shift 2');
    // A refused change leaves no entry: an employee cannot create a shift.
    expect((await call(s.employee, 'POST', '/api/shift', { ...shift, name: 'Nope' })).statusCode).toBe(403);
  });

  it('a master policy takes an approval flow per request type, only a flow of that type', async () => {
    const flow = await call(s.admin, 'POST', '/api/approval-flow', {
      name: 'Leave via HR',
      request_type: 'leave',
      is_default: false,
      levels: [
        { approver_kind: 'employee', approver_employee_ids: [s.admin.userResponse.employee_id], rule: 'any' },
      ],
    });
    expect(flow.statusCode).toBe(201);
    const flowId = flow.json().data.id as string;
    const body = {
      name: 'With flows',
      description: '',
      attendance_policy_id: null,
      shift_id: null,
      roster_id: null,
      weekly_off_policy_id: null,
      holiday_calendar_id: null,
    };
    const wrong = await call(s.admin, 'POST', '/api/master-policy', {
      ...body,
      approval_flows: [{ request_type: 'expense', approval_flow_id: flowId }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(paths(wrong)).toEqual(['approval_flows.0.approval_flow_id']);
    const right = await call(s.admin, 'POST', '/api/master-policy', {
      ...body,
      approval_flows: [{ request_type: 'leave', approval_flow_id: flowId }],
    });
    expect(right.statusCode).toBe(201);
    expect(right.json().data.approval_flows).toEqual([
      { request_type: 'leave', approval_flow_id: flowId, name: 'Leave via HR' },
    ]);
  });
});
