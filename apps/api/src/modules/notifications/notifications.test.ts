import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { parseConfig } from '../../config';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/index';
import { manualClock } from '../../lib/clock';
import { createTestDb, eventually } from '../../test/helper';
import { type CapturedMail, createSmtpCapture } from '../../test/smtp-capture';
import type { JobRunner } from '../jobs';

/**
 * Notifications against the real app: the approval engine notifies for the profile-change type
 * (any registered type alike), mails leave through the outbox to a real SMTP server on a free
 * port, and the SLA reminder runs through the scheduled job's handler.
 */
type Session = { headers: Record<string, string> };
let app: FastifyInstance;
let db: Db;
let drop: () => Promise<void>;
const clock = manualClock(new Date('2026-03-10T06:00:00Z'));
const received: CapturedMail[] = [];
let smtp: ReturnType<typeof createSmtpCapture>;
const handlers = new Map<string, () => Promise<unknown>>();
let acme: string;
let globexAdmin: Session;
let admin: Session;
let manager: Session;
let employee: Session;
const ID: Record<'admin' | 'manager' | 'employee', string> = { admin: '', manager: '', employee: '' };

/** Jobs are not started: the test calls the SLA job's handler itself. */
const jobRunner: JobRunner = {
  define: (def) => {
    handlers.set(def.name, () => def.handler({} as never) as Promise<unknown>);
  },
  start: async () => undefined,
  send: async () => null,
  status: async () => [],
  stop: async () => undefined,
  started: false,
};

async function login(email: string): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return { headers: { authorization: `Bearer ${res.json().data.token}` } };
}

const call = (s: Session, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: s.headers, payload });

beforeAll(async () => {
  smtp = createSmtpCapture((m) => received.push(m));
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  ({ db, drop } = await createTestDb());
  await migrate(db);
  await seedDemo(db);
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://hr.test',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
  });
  app = await buildApp({ config, db, clock, webDir: null, jobRunner, jobs: false });
  await app.ready();
  acme = (await db.query<{ id: string }>("SELECT id FROM companies WHERE name = 'Acme Corp'")).rows[0]!.id;
  const { rows } = await db.tenant(acme, (tx) =>
    tx.query<{ id: string; email: string }>(
      `SELECT id, lower(email) AS email FROM employees
        WHERE lower(email) IN ('admin@acme.test', 'manager@acme.test', 'employee@acme.test')`,
    ),
  );
  for (const r of rows) ID[r.email.split('@')[0] as keyof typeof ID] = r.id;
  [admin, manager, employee, globexAdmin] = await Promise.all([
    login('admin@acme.test'),
    login('manager@acme.test'),
    login('employee@acme.test'),
    login('admin@globex.test'),
  ]);
});
afterAll(async () => {
  await app.close();
  await drop();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const emailOf = (who: keyof typeof ID) => `${who}@acme.test`;
/** Mails the SMTP server received for `to` whose raw text contains `text`. */
const mailsTo = (to: string, text: string) =>
  received.filter((m) => m.to.includes(to) && m.raw.replace(/=\r?\n/g, '').includes(text));
const waitForMail = (to: string, text: string) =>
  eventually(async () => mailsTo(to, text).length > 0, 10_000);

type Item = { id: string; kind: string; title: string; body: string; link: string | null; read: boolean };
async function listOf(s: Session, query = ''): Promise<{ data: Item[]; meta: Record<string, number> }> {
  const res = await call(s, 'GET', `/api/notification${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Makes the default profile-change flow: manager at level 1, then the admin (SLA on level 1). */
async function twoLevelFlow(slaHours: number | null = null) {
  const flows = (await call(admin, 'GET', '/api/approval-flow')).json().data as {
    id: string;
    request_type: string;
  }[];
  for (const f of flows.filter((f) => f.request_type === 'profile_change')) {
    await call(admin, 'PUT', `/api/approval-flow/${f.id}`, {
      name: `Old ${f.id.slice(0, 8)}`,
      request_type: 'profile_change',
      is_default: false,
      levels: [{ approver_kind: 'employee', approver_employee_ids: [ID.manager] }],
    });
  }
  const res = await call(admin, 'POST', '/api/approval-flow', {
    name: `Two levels ${Date.now()}`,
    request_type: 'profile_change',
    is_default: true,
    levels: [
      { approver_kind: 'employee', approver_employee_ids: [ID.manager], sla_hours: slaHours },
      { approver_kind: 'employee', approver_employee_ids: [ID.admin] },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Signs everyone in again (after the clock moved past the access tokens' life). */
async function signInAll() {
  [admin, manager, employee, globexAdmin] = await Promise.all([
    login('admin@acme.test'),
    login('manager@acme.test'),
    login('employee@acme.test'),
    login('admin@globex.test'),
  ]);
}

async function requestChange(firstName: string): Promise<{ id: string; approvalId: string }> {
  const res = await call(employee, 'POST', '/api/employee/profile/change-request', {
    changes: { first_name: firstName },
    reason: 'Spelling',
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return { id: data.id, approvalId: data.approval.request_id };
}

describe('request notifications (profile change, through the approval engine)', () => {
  let request: { id: string; approvalId: string };

  it('submitted: the level 1 approver gets a notification with a link to the queue, and a mail', async () => {
    await twoLevelFlow();
    request = await requestChange('Priyaa');
    const { data, meta } = await listOf(manager);
    expect(data[0]).toMatchObject({
      kind: 'request_submitted',
      title: "Waiting for your approval: Priya Sharma's profile change (First name)",
      link: '/team/requests/profile-update',
      read: false,
    });
    expect(data[0]!.body).toContain('Level 1 of 2');
    expect(meta.unreadCount).toBeGreaterThanOrEqual(1);
    // Level 2's approver is not told yet; the requester is not told of their own step.
    expect((await listOf(admin)).data.filter((n) => n.kind === 'request_submitted')).toEqual([]);
    expect((await listOf(employee)).data).toEqual([]);
    expect(await waitForMail(emailOf('manager'), "Waiting for your approval: Priya Sharma's profile")).toBe(
      true,
    );
    const mail = mailsTo(emailOf('manager'), 'Waiting for your approval')[0]!;
    expect(mail.raw).toContain('Subject: A request is waiting for your approval');
    expect(mail.raw).toContain('http://hr.test/team/requests/profile-update');
  });

  it('level 1 approved of 2: the requester hears "moved to level 2", not approved; level 2 is told', async () => {
    const res = await call(manager, 'PUT', `/api/requests/profile-update/${request.id}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await listOf(employee)).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'request_decided',
      title: 'Your profile change (First name) was approved by Vikram Mehta at level 1',
      link: '/user/profile',
    });
    expect(mine[0]!.body).toBe('It now waits for level 2 of 2.');
    expect((await listOf(admin)).data[0]).toMatchObject({
      kind: 'request_submitted',
      link: '/team/requests/profile-update',
    });
    expect(await waitForMail(emailOf('employee'), 'Subject: Your request moved to level 2')).toBe(true);
  });

  it('final approval: the requester hears "approved"', async () => {
    const res = await call(admin, 'PUT', `/api/requests/profile-update/${request.id}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await listOf(employee)).data;
    expect(mine[0]).toMatchObject({
      kind: 'request_decided',
    });
    // The approved change renamed her: the title is the request's as its type shows it now.
    expect(mine[0]!.title).toBe('Your profile change (First name) was approved by Asha Rao');
    expect(mine[0]!.link).toBe('/user/profile');
    expect(await waitForMail(emailOf('employee'), 'Subject: Your request was approved')).toBe(true);
  });

  it('withdrawn: the approver still waiting is told', async () => {
    const r = await requestChange('Priyanka');
    const res = await call(employee, 'PUT', `/api/employee/profile/change-request/${r.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOf(manager)).data[0]).toMatchObject({
      kind: 'request_withdrawn',
      title: 'Priyaa Sharma withdrew their profile change (First name)',
    });
    expect(
      await waitForMail(emailOf('manager'), 'Subject: A request you were to approve was withdrawn'),
    ).toBe(true);
  });

  it('SLA reminder: the waiting approver is reminded in-app and by mail, once', async () => {
    await twoLevelFlow(4);
    const r = await requestChange('Priyam');
    clock.advance(5 * 60 * 60 * 1000);
    await signInAll();
    await handlers.get('approvals-sla-check')!();
    const reminders = (await listOf(manager)).data.filter((n) => n.kind === 'request_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.title).toBe(
      "Reminder: Priyaa Sharma's profile change (First name) is waiting for you",
    );
    expect(await waitForMail(emailOf('manager'), 'Subject: Reminder: a request is waiting')).toBe(true);
    await handlers.get('approvals-sla-check')!();
    expect((await listOf(manager)).data.filter((n) => n.kind === 'request_reminder')).toHaveLength(1);
    await call(employee, 'PUT', `/api/employee/profile/change-request/${r.id}/cancel`);
  });

  it('with mail turned off for a kind: the in-app notification still comes, the mail does not', async () => {
    const prefs = await call(manager, 'PUT', '/api/notification/preferences', {
      preferences: [{ kind: 'request_submitted', mail: false }],
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    expect(prefs.json().data).toContainEqual(
      expect.objectContaining({ kind: 'request_submitted', mail: false }),
    );
    expect((await call(manager, 'GET', '/api/notification/preferences')).json().data).toContainEqual(
      expect.objectContaining({ kind: 'request_withdrawn', mail: true }),
    );
    await twoLevelFlow();
    const before = mailsTo(emailOf('manager'), 'Waiting for your approval').length;
    const r = await requestChange('Priyal');
    const n = (await listOf(manager)).data[0]!;
    expect(n.kind).toBe('request_submitted');
    // The withdrawal's mail (still on) is queued after the submission's would have been, so once
    // it arrives a submission mail would have too.
    await call(employee, 'PUT', `/api/employee/profile/change-request/${r.id}/cancel`);
    const withdrawn = mailsTo(emailOf('manager'), 'was withdrawn').length;
    expect(
      await eventually(async () => mailsTo(emailOf('manager'), 'was withdrawn').length > withdrawn, 10_000),
    ).toBe(true);
    expect(mailsTo(emailOf('manager'), 'Waiting for your approval')).toHaveLength(before);
    const stored = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1 AND text_body LIKE '%Waiting for your approval%'`,
      [emailOf('manager')],
    );
    expect(stored.rows[0]!.n).toBe(before);
    await call(manager, 'PUT', '/api/notification/preferences', {
      preferences: [{ kind: 'request_submitted', mail: true }],
    });
  });

  it("submitted: today's delegate of the approver is told too, naming whom they stand in for", async () => {
    await twoLevelFlow();
    const del = await call(manager, 'POST', '/api/approval-delegation', {
      delegate_id: ID.admin,
      starts_on: '2026-03-01',
      ends_on: '2026-03-31',
      reason: 'On leave',
    });
    expect(del.statusCode, del.body).toBe(201);
    const before = (await listOf(admin)).data.length;
    const r = await requestChange('Priyanshi');
    const told = (await listOf(admin)).data;
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toMatchObject({ kind: 'request_submitted', link: '/team/requests/profile-update' });
    expect(told[0]!.title).toMatch(
      /^Waiting for your approval \(as delegate of .+\): Priyaa? Sharma's profile change/,
    );
    expect(told[0]!.body).toContain('Level 1 of 2');
    // The approver is told as before, once.
    expect(
      (await listOf(manager)).data.filter((n) => n.title.startsWith('Waiting for your approval:'))[0],
    ).toBeTruthy();
    expect(
      await waitForMail(emailOf('admin'), 'Subject: A request is waiting for your approval (as a delegate)'),
    ).toBe(true);
    // A delegation that has ended tells nobody.
    await call(employee, 'PUT', `/api/employee/profile/change-request/${r.id}/cancel`);
    expect((await call(manager, 'DELETE', `/api/approval-delegation/${del.json().data.id}`)).statusCode).toBe(
      200,
    );
    const after = (await listOf(admin)).data.length;
    const r2 = await requestChange('Priyanshu');
    expect((await listOf(admin)).data).toHaveLength(after);
    await call(employee, 'PUT', `/api/employee/profile/change-request/${r2.id}/cancel`);
  });
});

describe('GET /api/notification and PUT /api/notification/read', () => {
  async function seedNotifications(recipient: string, n: number) {
    await db.tenant(acme, (tx) =>
      tx.query(
        `INSERT INTO notifications (company_id, recipient_id, kind, title, body, created_at)
         SELECT $1, $2, 'request_submitted', 'Seeded ' || i, '', timestamptz '2026-01-01' + make_interval(mins => i)
           FROM generate_series(1, $3::int) AS i`,
        [acme, recipient, n],
      ),
    );
  }

  it('pages newest first, 10 by default, with the total and the unread count', async () => {
    // The app never deletes notifications (hr_app may not): the owner clears them for this test.
    await db.query('DELETE FROM notifications WHERE recipient_id = $1', [ID.admin]);
    await seedNotifications(ID.admin, 23);
    const first = await listOf(admin);
    expect(first.data).toHaveLength(10);
    expect(first.meta).toEqual({ totalCount: 23, page: 1, records: 10, unreadCount: 23 });
    expect(first.data.map((n) => n.title).slice(0, 3)).toEqual(['Seeded 23', 'Seeded 22', 'Seeded 21']);
    const third = await listOf(admin, '?page=3');
    expect(third.data.map((n) => n.title)).toEqual(['Seeded 3', 'Seeded 2', 'Seeded 1']);
    const asc = await listOf(admin, '?sortOrder=asc&records=2');
    expect(asc.data.map((n) => n.title)).toEqual(['Seeded 1', 'Seeded 2']);
    expect((await call(admin, 'GET', '/api/notification?sortBy=title')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/notification?records=1000')).statusCode).toBe(400);
  });

  it('marks one read, then all; the unread count follows', async () => {
    const [n] = (await listOf(admin)).data;
    const one = await call(admin, 'PUT', '/api/notification/read', { id: n!.id });
    expect(one.statusCode, one.body).toBe(200);
    expect((await listOf(admin)).data[0]).toMatchObject({ id: n!.id, read: true });
    expect((await call(admin, 'GET', '/api/notification/unread-count')).json().data).toEqual({ unread: 22 });
    expect((await listOf(admin, '?unread=true')).meta.totalCount).toBe(22);
    // Marking it again changes nothing and is not an error.
    expect((await call(admin, 'PUT', '/api/notification/read', { id: n!.id })).statusCode).toBe(200);
    const all = await call(admin, 'PUT', '/api/notification/read', { all: true });
    expect(all.json().data).toEqual({ updated: 22 });
    expect((await call(admin, 'GET', '/api/notification/unread-count')).json().data).toEqual({ unread: 0 });
  });

  it("another user's notification, or another company's, cannot be read or marked (404)", async () => {
    await seedNotifications(ID.employee, 1);
    const theirs = (await listOf(employee)).data[0]!;
    expect((await listOf(manager)).data.map((n) => n.id)).not.toContain(theirs.id);
    const byManager = await call(manager, 'PUT', '/api/notification/read', { id: theirs.id });
    expect(byManager.statusCode).toBe(404);
    const byGlobex = await call(globexAdmin, 'PUT', '/api/notification/read', { id: theirs.id });
    expect(byGlobex.statusCode).toBe(404);
    expect((await listOf(globexAdmin)).data).toEqual([]);
    // Mark all of someone else touches only their own.
    await call(manager, 'PUT', '/api/notification/read', { all: true });
    expect((await listOf(employee)).data.find((n) => n.id === theirs.id)).toMatchObject({ read: false });
    const unknown = await call(admin, 'PUT', '/api/notification/read', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses malformed bodies, naming the field', async () => {
    for (const body of [{}, { id: 'x' }, { all: false }, { id: ID.admin, all: true }, { all: true, x: 1 }]) {
      const res = await call(admin, 'PUT', '/api/notification/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(admin, 'PUT', '/api/notification/read', { id: 'x' })).json().message).toMatch(/id/);
    const badPref = await call(admin, 'PUT', '/api/notification/preferences', {
      preferences: [{ kind: 'payroll', mail: false }],
    });
    expect(badPref.statusCode).toBe(400);
    expect(badPref.json().errors[0].path).toBe('preferences.0.kind');
  });

  it('permission matrix: a role without employee_notifications is refused (403); signed out 401', async () => {
    const roleRes = await call(admin, 'POST', '/api/role', {
      name: `No notifications ${Date.now()}`,
      permissions: ['employee_dashboard.view'],
    });
    expect([200, 201]).toContain(roleRes.statusCode);
    const roleId = roleRes.json().data.id as string;
    await db.query("UPDATE users SET role_id = $1 WHERE lower(email) = 'employee@acme.test'", [roleId]);
    try {
      const weak = await login('employee@acme.test');
      expect((await call(weak, 'GET', '/api/notification')).statusCode).toBe(403);
      expect((await call(weak, 'GET', '/api/notification/unread-count')).statusCode).toBe(403);
      expect((await call(weak, 'PUT', '/api/notification/read', { all: true })).statusCode).toBe(403);
      expect((await call(weak, 'PUT', '/api/notification/preferences', { preferences: [] })).statusCode).toBe(
        403,
      );
    } finally {
      await db.query(
        `UPDATE users SET role_id = (SELECT id FROM roles r WHERE r.company_id = users.company_id AND r.name = 'Employee')
          WHERE lower(email) = 'employee@acme.test'`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/notification' })).statusCode).toBe(401);
    for (const s of [admin, manager, employee]) {
      expect((await call(s, 'GET', '/api/notification')).statusCode).toBe(200);
    }
  });

  it('two concurrent mark-all calls mark each notification once', async () => {
    await seedNotifications(ID.manager, 5);
    const unread = (await call(manager, 'GET', '/api/notification/unread-count')).json().data.unread;
    const [a, b] = await Promise.all([
      call(manager, 'PUT', '/api/notification/read', { all: true }),
      call(manager, 'PUT', '/api/notification/read', { all: true }),
    ]);
    expect(a.json().data.updated + b.json().data.updated).toBe(unread);
  });
});
