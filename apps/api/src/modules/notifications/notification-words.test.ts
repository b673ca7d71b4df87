import { seedLeaveDemo } from '../../db/seed/leave-demo';
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

/**
 * Every kind of request tells the requester, in words, what was decided about which item: whose
 * it is, its dates (as "3–4 Dec", the company's calendar in Asia/Kolkata) or amount (₹, en-IN),
 * who decided, and a link to the item's screen; the approver's notice names the person too.
 * Against the real app and the demo company, decided by the employee's manager (Vikram Mehta).
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;

type Item = { kind: string; title: string; body: string; link: string | null };
const notificationsOf = async (s: Session): Promise<Item[]> => {
  const res = await callAs(t, s, 'GET', '/api/notification?records=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** The newest notification of `s` whose title contains `text`. */
const latest = async (s: Session, text: string) =>
  (await notificationsOf(s)).find((n) => n.title.includes(text));

beforeAll(async () => {
  t = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '86400' } });
  // Tuesday 1 Dec 2026, 10:00 in Kolkata (04:30 UTC).
  t.clock.set(new Date('2026-12-01T04:30:00Z'));
  await seedLeaveDemo(t.db, t.clock);
  ({ admin, manager, employee } = await demoSessions(t));
  // One level, the employee's manager, for each type this test raises (whatever the demo set up).
  for (const type of ['leave', 'regularisation', 'expense', 'leave_encashment']) {
    const flow = await callAs(t, admin, 'POST', '/api/approval-flow', {
      name: `Manager decides ${type}`,
      request_type: type,
      is_default: true,
      levels: [
        { approver_kind: 'employee', approver_employee_ids: [manager.userResponse.employee_id], rule: 'any' },
      ],
    });
    expect(flow.statusCode, flow.body).toBe(201);
  }
});
afterAll(() => t.close());

async function leaveTypeId(code: string): Promise<string> {
  const res = await callAs(t, admin, 'GET', '/api/leave/types');
  return (res.json().data as { id: string; code: string }[]).find((x) => x.code === code)!.id;
}

describe('notification words', () => {
  it('leave: "Your Casual leave for 3–4 Dec (2 days) was approved by Vikram Mehta", linked to My leaves', async () => {
    const created = await callAs(t, employee, 'POST', '/api/leave', {
      leave_type_id: await leaveTypeId('CL'),
      from_date: '2026-12-03',
      to_date: '2026-12-04',
      reason: 'Family function',
    });
    expect(created.statusCode, created.body).toBe(201);
    const asked = await latest(manager, 'Casual leave');
    expect(asked).toMatchObject({
      title: "Waiting for your approval: Priya Sharma's Casual leave for 3–4 Dec (2 days)",
      link: '/team/requests/leaves',
    });
    const id = created.json().data.id;
    const ok = await callAs(t, manager, 'PUT', `/api/requests/leaves/${id}/approve`, { comment: 'Enjoy' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await latest(employee, 'Casual leave')).toMatchObject({
      kind: 'request_decided',
      title: 'Your Casual leave for 3–4 Dec (2 days) was approved by Vikram Mehta',
      body: 'Comment: Enjoy',
      link: '/user/leaves',
    });
  });

  it('attendance regularisation: the day and the decider, linked to My attendance', async () => {
    const created = await callAs(t, employee, 'POST', '/api/attendance/regularization-record', {
      date: '2026-11-30',
      punch_in: '09:30',
      punch_out: '18:30',
      reason: 'missed_punch',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const no = await callAs(t, manager, 'PUT', `/api/requests/regularization/${id}/reject`, {
      comment: 'You were on site',
    });
    expect(no.statusCode, no.body).toBe(200);
    expect(await latest(employee, 'regularisation')).toMatchObject({
      title: 'Your attendance regularisation for 30 Nov was rejected by Vikram Mehta',
      link: '/user/attendance',
    });
  });

  it('reimbursement: the amount in ₹ with en-IN grouping, the day and the decider', async () => {
    const list = (await callAs(t, admin, 'GET', '/api/expenses/categories')).json().data;
    const category = (list as { id: string; code: string; name: string }[]).find((c) => c.code === 'food');
    // No receipt below ₹5,000 keeps the claim to one request (receipts have tests of their own).
    const limits = await callAs(t, admin, 'PUT', `/api/expenses/categories/${category!.id}`, {
      name: category!.name,
      max_per_claim_paise: 1_000_000,
      max_per_month_paise: 1_000_000,
      receipt_required_over_paise: 500_000,
    });
    expect(limits.statusCode, limits.body).toBe(200);
    const created = await callAs(t, employee, 'POST', '/api/expenses/addexpense', {
      category_id: category!.id,
      expense_date: '2026-11-28',
      amount_paise: 125_050,
      merchant: 'Cafe',
      bill_number: 'B-1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await latest(manager, 'reimbursement'))?.title).toBe(
      `Waiting for your approval: Priya Sharma's reimbursement of ₹1,250.50 for ${category!.name} on 28 Nov`,
    );
    const ok = await callAs(t, manager, 'PUT', `/api/requests/reimbursements/${id}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await latest(employee, 'reimbursement')).toMatchObject({
      title: `Your reimbursement of ₹1,250.50 for ${category!.name} on 28 Nov was approved by Vikram Mehta`,
      link: '/user/salary/expenses',
    });
  });

  it('leave encashment and a withdrawal: the days, and the approver hears who withdrew what', async () => {
    const created = await callAs(t, employee, 'POST', '/api/leave/encashment', {
      leave_type_id: await leaveTypeId('EL'),
      days: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await latest(manager, 'encashment'))?.title).toBe(
      "Waiting for your approval: Priya Sharma's encashment of 1 day of Earned leave",
    );
    const id = created.json().data.id;
    const gone = await callAs(t, employee, 'DELETE', `/api/leave/encashment/${id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await latest(manager, 'withdrew')).toMatchObject({
      kind: 'request_withdrawn',
      title: 'Priya Sharma withdrew their encashment of 1 day of Earned leave',
      link: '/team/requests/leaves?tab=encashment',
    });
  });

  it('every notification names a person and carries a link', async () => {
    for (const s of [employee, manager]) {
      for (const n of await notificationsOf(s)) {
        expect(n.title, n.title).toMatch(/Priya Sharma|Vikram Mehta/);
        expect(n.link, n.title).toMatch(/^\/(user|team|admin)\//);
      }
    }
  });
});
