// A role change applies to live sessions on their next request, not at the token's next refresh:
// the session check reads the user's current role (migration 0112). The old access token of a
// demoted manager, or of a role that lost a permission, is refused at once; in another process
// as soon as the notification arrives.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { buildTestApp, callAs, eventually, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let managerEmployeeId: string;
let today: string;
let food: string;
const roles: Record<string, { id: string; permissions: string[] }> = {};

beforeAll(async () => {
  t = await buildTestApp();
  [admin, manager, employee] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
  ]);
  managerEmployeeId = manager.userResponse.employee_id!;
  const list = await callAs(t, admin, 'GET', '/api/role');
  for (const r of list.json().data as { id: string; name: string; permissions: string[] }[]) {
    roles[r.name] = { id: r.id, permissions: r.permissions };
  }
  const drop = (await callAs(t, employee, 'GET', '/api/expenses/dropdowns')).json().data;
  today = drop.today;
  food = drop.categories.find((c: { code: string }) => c.code === 'food').id;
});
afterAll(() => t.close());

let bill = 0;
/** The employee files a claim; it waits on the manager. */
async function claim(): Promise<string> {
  const res = await callAs(t, employee, 'POST', '/api/expenses/addexpense', {
    category_id: food,
    expense_date: today,
    amount_paise: 12_000,
    merchant: 'Cafe',
    bill_number: `LP-${++bill}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
const approve = (s: Session, id: string, app?: FastifyInstance) =>
  (app ?? t.app).inject({
    method: 'PUT',
    url: `/api/requests/reimbursements/${id}/approve`,
    headers: s.headers,
    payload: {},
  });
const queue = (s: Session, app?: FastifyInstance) =>
  (app ?? t.app).inject({ method: 'GET', url: '/api/requests/reimbursements', headers: s.headers });
const setRole = (name: string) =>
  callAs(t, admin, 'PUT', `/api/user/${managerEmployeeId}/role`, { role_id: roles[name]!.id });
const setManagerPermissions = (permissions: string[]) =>
  callAs(t, admin, 'PUT', `/api/role/${roles.Manager!.id}`, { permissions });

describe('a role change reaches a live access token on its next request', () => {
  it('a manager demoted to Employee can no longer approve with the old token; promoted back, can', async () => {
    const id = await claim();
    // Twice: the second answer comes from what this process remembered of the session.
    expect((await queue(manager)).statusCode).toBe(200);
    expect((await queue(manager)).statusCode).toBe(200);

    expect((await setRole('Employee')).statusCode).toBe(200);
    const refused = await approve(manager, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to do this');
    expect((await queue(manager)).statusCode).toBe(403);
    // The session is still live: only what it may do changed.
    expect((await callAs(t, manager, 'GET', '/api/auth/me')).statusCode).toBe(200);

    expect((await setRole('Manager')).statusCode).toBe(200);
    const ok = await approve(manager, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('approved');
  });

  it('a demotion through the employee record applies at once too', async () => {
    const id = await claim();
    expect((await queue(manager)).statusCode).toBe(200);
    const demoted = await callAs(t, admin, 'PUT', `/api/employee/${managerEmployeeId}`, {
      role_id: roles.Employee!.id,
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await approve(manager, id)).statusCode).toBe(403);
    expect((await setRole('Manager')).statusCode).toBe(200);
    expect((await approve(manager, id)).statusCode).toBe(200);
  });

  it('a permission removed from the role is refused on the next request; granted back, it works', async () => {
    const id = await claim();
    expect((await queue(manager)).statusCode).toBe(200);
    const full = roles.Manager!.permissions;
    expect(full).toContain('reimbursements_requests.edit');

    const without = full.filter((p) => p !== 'reimbursements_requests.edit');
    expect((await setManagerPermissions(without)).statusCode).toBe(200);
    expect((await approve(manager, id)).statusCode).toBe(403);
    // What the role still grants still works.
    expect((await queue(manager)).statusCode).toBe(200);

    expect((await setManagerPermissions(full)).statusCode).toBe(200);
    const ok = await approve(manager, id);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a change made in the database reaches another process through its notification', async () => {
    // A second app on the same database: its own memory of sessions, its own listener.
    const other = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      mailSink: () => {},
      webDir: null,
    });
    await other.ready();
    try {
      const id = await claim();
      expect((await queue(manager, other)).statusCode).toBe(200);
      expect((await queue(manager, other)).statusCode).toBe(200);
      // Straight in the database, as a second API process (or an operator) would leave it. Polled
      // with a read: until the notification arrives the other process may still allow the old
      // permissions (the window ADR 0006 accepts), and an approval polled for would go through.
      await t.db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [
        roles.Manager!.id,
        roles.Manager!.permissions.filter((p) => !p.startsWith('reimbursements_requests.')),
      ]);
      expect(await eventually(async () => (await queue(manager, other)).statusCode === 403)).toBe(true);
      expect((await approve(manager, id, other)).statusCode).toBe(403);

      await t.db.query('UPDATE roles SET permissions = $2 WHERE id = $1', [
        roles.Manager!.id,
        roles.Manager!.permissions,
      ]);
      await t.db.query('UPDATE users SET role_id = $2 WHERE employee_id = $1', [
        managerEmployeeId,
        roles.Employee!.id,
      ]);
      expect(await eventually(async () => (await queue(manager, other)).statusCode === 403)).toBe(true);
      await t.db.query('UPDATE users SET role_id = $2 WHERE employee_id = $1', [
        managerEmployeeId,
        roles.Manager!.id,
      ]);
      expect(await eventually(async () => (await queue(manager, other)).statusCode === 200)).toBe(true);
      expect((await approve(manager, id, other)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
