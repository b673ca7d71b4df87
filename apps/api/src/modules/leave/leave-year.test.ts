import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createApprovalEngine } from '../approvals';
import { loadDayContexts } from '../policies';
import { createLeaveService } from './index';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let employee: Session;
let acme: string;
let employeeId: string;
let managerId: string;
let typeId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });
const idOf = (email: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM employees WHERE lower(email) = $1', [
      email,
    ]);
    return rows[0]!.id;
  });
/** Ledger entries of an employee for the test's leave type, in order. */
const ledger = (id: string) =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{
      date: string;
      kind: string;
      amount: string;
      reason: string;
      rule: string | null;
      source_key: string | null;
      expires_on: string | null;
    }>(
      `SELECT entry_date::text AS date, kind, amount, reason, rule, source_key, expires_on::text AS expires_on
         FROM leave_ledger WHERE employee_id = $1 AND leave_type_id = $2 ORDER BY entry_date, created_at, id`,
      [id, typeId],
    );
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  });
const sum = (rows: { amount: number }[]) => Math.round(rows.reduce((s, r) => s + r.amount, 0) * 100) / 100;

// The scheduled job's path: the service works out the company's today in Asia/Kolkata at the clock.
const clock = manualClock();
const service = () =>
  createLeaveService({
    db: t.db,
    engine: createApprovalEngine({ clock }),
    clock,
    dayContexts: loadDayContexts,
  });

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.companyId('Acme Corp');
  [admin, employee] = await Promise.all([t.login('admin@acme.test'), t.login('employee@acme.test')]);
  employeeId = await idOf('employee@acme.test');
  managerId = await idOf('manager@acme.test');
});
afterAll(() => t.close());

describe('a leave year from April to March', () => {
  it('the policy sets the first month of its leave year; out of range is refused', async () => {
    const type = await call('POST', '/api/leave/types', admin, {
      name: 'Privilege leave',
      code: 'PL',
      accrual_frequency: 'monthly',
      accrual_amount: 1.5,
      carry_forward: true,
      carry_forward_cap: 10,
      carry_forward_expiry_months: 3,
      encashment: true,
      encashment_cap: 5,
    });
    expect(type.statusCode).toBe(201);
    typeId = type.json().data.id;
    const bad = await call('POST', '/api/leave/policies', admin, {
      name: 'April year',
      is_base: true,
      year_start_month: 13,
      leave_type_ids: [typeId],
    });
    expect(bad.statusCode).toBe(400);
    const made = await call('POST', '/api/leave/policies', admin, {
      name: 'April year',
      is_base: true,
      year_start_month: 4,
      leave_type_ids: [typeId],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.year_start_month).toBe(4);
    const config = (await call('GET', '/api/employee/base-leave-configuration', employee)).json().data;
    expect(config.policy).toMatchObject({ name: 'April year', year_start_month: 4 });
    // No accrual has posted yet: the first month may still change (and back).
    const policyId = made.json().data.id;
    const edit = (month: number) =>
      call('PUT', `/api/leave/policies/${policyId}`, admin, {
        name: 'April year',
        is_base: true,
        year_start_month: month,
        leave_type_ids: [typeId],
      });
    const july = await edit(7);
    expect(july.statusCode).toBe(200);
    expect(july.json().data.year_start_month).toBe(7);
    expect((await edit(4)).json().data.year_start_month).toBe(4);
    // The type was made today: let it count from before the first run below.
    await t.db.tenant(acme, (tx) =>
      tx.query("UPDATE leave_types SET created_at = '2026-11-01' WHERE id = $1", [typeId]),
    );
    const opening = await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
      leave_type_id: typeId,
      kind: 'opening',
      amount: 6.5,
      reason: 'Opening balance',
      date: '2026-11-01',
    });
    expect(opening.statusCode).toBe(200);
  });

  it('year end at midnight of 31 March in Asia/Kolkata: the balance lapses, 10 come back on 1 April', async () => {
    // 23:59 on 31 March in India: accruals up to March, the year 2026-27 is still open.
    clock.set(new Date('2027-03-31T18:29:00Z'));
    const march = await service().runAccrual(acme);
    expect(march.as_of).toBe('2027-03-31');
    let rows = await ledger(employeeId);
    expect(rows.filter((r) => r.kind === 'accrual').map((r) => r.date)).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
    ]);
    expect(sum(rows)).toBe(14);
    expect(rows.some((r) => r.kind === 'expiry' || r.kind === 'carry_forward')).toBe(false);

    // A day taken on 1 April draws from the new leave year: it is not in the closing balance.
    const taken = await call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
      leave_type_id: typeId,
      kind: 'manual_debit',
      amount: 1,
      reason: 'Leave taken before the new system',
      date: '2027-04-01',
    });
    expect(taken.statusCode).toBe(200);

    // 00:01 on 1 April in India (still 31 March in UTC): the leave year 2026-27 closes.
    clock.set(new Date('2027-03-31T18:31:00Z'));
    const april = await service().runAccrual(acme);
    expect(april.as_of).toBe('2027-04-01');
    rows = await ledger(employeeId);
    expect(rows.find((r) => r.kind === 'expiry')).toMatchObject({
      date: '2027-03-31',
      amount: -14,
      reason: 'Leave year 2026-27 closes with 14',
      source_key: 'year_end:2026-27',
    });
    expect(rows.find((r) => r.kind === 'carry_forward')).toMatchObject({
      date: '2027-04-01',
      amount: 10,
      expires_on: '2027-06-30',
      rule: 'Carry-forward, usable until 2027-06-30',
      source_key: 'carry:2026-27',
    });
    expect(sum(rows)).toBe(10.5); // 10 carried + April's 1.5 - the day taken on 1 April
    // Running again credits nothing.
    expect((await service().runAccrual(acme)).entries).toBe(0);
    const balance = (await call('GET', '/api/leave/mobile/leave-balance', employee)).json().data;
    expect(balance.find((b: { code: string }) => b.code === 'PL').balance).toBe(10.5);
  });

  it('once accruals have posted under the policy, its first month cannot change; other edits can', async () => {
    const [policy] = (await call('GET', '/api/leave/policies', admin)).json().data as {
      id: string;
      year_start_month: number;
    }[];
    const body = (month: number) => ({
      name: 'April year',
      description: 'Financial year',
      is_base: true,
      year_start_month: month,
      leave_type_ids: [typeId],
    });
    const refused = await call('PUT', `/api/leave/policies/${policy!.id}`, admin, body(1));
    expect(refused.statusCode).toBe(409);
    // Every active employee of Acme is under this base policy and has accrued.
    const accrued = await t.db.tenant(acme, async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        "SELECT count(DISTINCT employee_id)::int AS n FROM leave_ledger WHERE kind = 'accrual'",
      );
      return rows[0]!.n;
    });
    expect(accrued).toBeGreaterThan(1);
    expect(refused.json().message).toBe(
      `The leave year's first month (year_start_month) cannot change: accruals have already been posted for ${accrued} employees under April year. Make a new leave policy with the other first month and move employees to it from their next leave year.`,
    );
    expect(refused.json().errors[0].path).toBe('year_start_month');
    const kept = await call('PUT', `/api/leave/policies/${policy!.id}`, admin, body(4));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ description: 'Financial year', year_start_month: 4 });
  });

  it('the carried days not used by 30 June lapse on 1 July (the day of 1 April used one of them)', async () => {
    clock.set(new Date('2027-06-30T18:31:00Z'));
    expect((await service().runAccrual(acme)).as_of).toBe('2027-07-01');
    const lapse = (await ledger(employeeId)).filter((r) => r.source_key?.startsWith('lapse:'));
    expect(lapse).toMatchObject([
      { date: '2027-07-01', kind: 'expiry', amount: -9, rule: 'Usable until 2027-06-30' },
    ]);
  });

  it('the yearly encashment cap counts the leave year, not the calendar year', async () => {
    const encash = (date: string, amount: number) =>
      call('PUT', `/api/employee/${employeeId}/leave-balance`, admin, {
        leave_type_id: typeId,
        kind: 'encashment',
        amount,
        reason: 'Encashed at the employee’s request',
        date,
      });
    const first = await encash('2027-12-10', 3);
    expect(first.statusCode).toBe(200);
    // February 2028 is in the same leave year 2027-28: 3 + 3 is over the cap of 5.
    const second = await encash('2028-02-10', 3);
    expect(second.statusCode).toBe(400);
    expect(second.json().errors[0].message).toBe(
      'At most 5 days a year can be encashed (encashment cap); 3 already this leave year (1 Apr 2027 – 31 Mar 2028), 2 left',
    );
    // April 2028 opens the leave year 2028-29.
    const third = await encash('2028-04-02', 3);
    expect(third.statusCode).toBe(200);
    const rules = (await ledger(employeeId)).filter((r) => r.kind === 'encashment').map((r) => r.rule);
    expect(rules).toEqual([
      'Encashment of 3 days (cap 5 a year; 3 encashed in 2027-28): paid in the pay run of Dec 2027',
      'Encashment of 3 days (cap 5 a year; 3 encashed in 2028-29): paid in the pay run of Apr 2028',
    ]);
  });

  it('a back-dated joining date corrects the posted accruals with new entries, once', async () => {
    const before = await ledger(managerId);
    expect(before.filter((r) => r.kind === 'accrual').length).toBe(9); // November to July
    await t.db.tenant(acme, (tx) =>
      tx.query("UPDATE employees SET date_of_joining = '2027-02-15' WHERE id = $1", [managerId]),
    );
    const run = await service().runAccrual(acme);
    expect(run.entries).toBeGreaterThan(0);
    const after = await ledger(managerId);
    const fixes = after.filter((r) => r.kind === 'accrual' && r.source_key?.endsWith('#1'));
    expect(after.length).toBe(before.length + 4);
    expect(fixes.map((r) => [r.date, r.amount, r.source_key])).toEqual([
      ['2026-11-01', -1.5, 'accrual:2026-11#1'],
      ['2026-12-01', -1.5, 'accrual:2026-12#1'],
      ['2027-01-01', -1.5, 'accrual:2027-01#1'],
      ['2027-02-01', -0.5, 'accrual:2027-02#1'],
    ]);
    expect(fixes[0]!.reason).toBe('Correction of the Nov 2026 accrual (was 1.5)');
    // From scratch: February pro-rata 14/28 of 1.5 = 0.75, rounded to the nearest half day (1); March
    // to July in full.
    expect(sum(after.filter((r) => r.kind === 'accrual'))).toBe(1 + 5 * 1.5);
    expect((await service().runAccrual(acme)).entries).toBe(0);
  });
});
