import { createFieldCrypto } from '../../lib/field-crypto';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let acme: string;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await t.companyId('Acme Corp');
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });

const MINE = '/api/employee/profile/change-request';
const TEAM = '/api/requests/profile-update';
const ADMIN = '/api/admin/requests/profile-change';

type Item = {
  id: string;
  status: string;
  employee_name: string;
  changes: { field: string; before: string | null; after: string | null }[];
  approval: {
    next_approvers: { name: string }[];
    history: { decision: string; actor_name: string; comment: string | null; as_admin: boolean }[];
  };
};

const employeeRow = () =>
  t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      first_name: string;
      date_of_birth: string | null;
      bank_account_enc: string | null;
      bank_account_last4: string | null;
      bank_ifsc: string | null;
      pan_enc: string | null;
      pan_last4: string | null;
    }>(
      `SELECT id, first_name, date_of_birth::text AS date_of_birth, bank_account_enc, bank_account_last4,
              bank_ifsc, pan_enc, pan_last4
         FROM employees WHERE lower(email) = 'employee@acme.test'`,
    );
    return rows[0]!;
  });

describe('profile change requests', () => {
  let bankRequest: Item;

  it('validates formats, naming the fields', async () => {
    const bad = await call('POST', MINE, employee, {
      changes: {
        pan: 'abcde12345',
        aadhaar: '1234',
        bank_ifsc: 'SBIN1234567',
        bank_account_number: '12ab',
        date_of_birth: '31-01-1990',
        salary: 1,
      },
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'changes.pan',
        'changes.aadhaar',
        'changes.bank_ifsc',
        'changes.bank_account_number',
        'changes.date_of_birth',
        'changes.salary',
        'reason',
      ]),
    );
    const empty = await call('POST', MINE, employee, { changes: {}, reason: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Changes: Change at least one field');
  });

  it('the employee requests a bank account change; it is masked and waits on the manager', async () => {
    const res = await call('POST', MINE, employee, {
      changes: { bank_account_number: '123456789012', bank_ifsc: 'hdfc0001234' },
      reason: 'Moved my salary account',
    });
    expect(res.statusCode).toBe(201);
    bankRequest = res.json().data;
    expect(bankRequest.status).toBe('pending');
    expect(bankRequest.changes).toEqual([
      { field: 'bank_ifsc', label: 'IFSC', before: null, after: 'HDFC0001234' },
      { field: 'bank_account_number', label: 'Bank account number', before: null, after: 'XXXXXX9012' },
    ]);
    expect(res.body).not.toContain('123456789012');
    expect(bankRequest.approval.next_approvers.map((a) => a.name)).toEqual(['Vikram Mehta']);
    // The stored request holds the new number encrypted, never in clear.
    const stored = await t.db.tenant(acme, (tx) =>
      tx.query<{ changes: string }>(
        'SELECT changes::text AS changes FROM profile_change_requests WHERE id = $1',
        [bankRequest.id],
      ),
    );
    expect(stored.rows[0]!.changes).not.toContain('123456789012');
    // One pending request at a time.
    const again = await call('POST', MINE, employee, { changes: { first_name: 'Priyanka' }, reason: 'x' });
    expect(again.statusCode).toBe(409);
    const mine = await call('GET', MINE, employee);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data[0]).toMatchObject({ id: bankRequest.id, status: 'pending' });
  });

  it('the queues: manager sees it, the admin queue is enforced, an employee has no team queue', async () => {
    const team = await call('GET', TEAM, manager);
    expect(team.statusCode).toBe(200);
    expect(team.json().data.map((r: Item) => r.id)).toContain(bankRequest.id);
    expect(team.json().meta).toMatchObject({ page: 1, records: 10 });
    expect((await call('GET', `${TEAM}/${bankRequest.id}`, manager)).statusCode).toBe(200);
    // Not waiting on the admin as an approver.
    expect((await call('GET', TEAM, admin)).json().data.map((r: Item) => r.id)).not.toContain(bankRequest.id);
    expect((await call('GET', TEAM, employee)).statusCode).toBe(403);
    expect((await call('GET', ADMIN, manager)).statusCode).toBe(403);
    expect((await call('GET', ADMIN, employee)).statusCode).toBe(403);
    expect((await call('PUT', `${ADMIN}/${bankRequest.id}/approve`, manager, {})).statusCode).toBe(403);
    const adminQueue = await call('GET', `${ADMIN}?status=pending&value=priya`, admin);
    expect(adminQueue.statusCode).toBe(200);
    expect(adminQueue.json().data.map((r: Item) => r.id)).toEqual([bankRequest.id]);
    expect((await call('GET', `${ADMIN}?value=nobody-like-this`, admin)).json().meta.totalCount).toBe(0);
    expect((await call('GET', `${ADMIN}?status=odd`, admin)).statusCode).toBe(400);
    // Another company: the id is unknown.
    expect((await call('GET', `${ADMIN}/${bankRequest.id}`, globex)).statusCode).toBe(404);
    expect((await call('PUT', `${ADMIN}/${bankRequest.id}/approve`, globex, {})).statusCode).toBe(404);
    expect((await call('GET', ADMIN, globex)).json().data).toEqual([]);
  });

  it('reject needs a comment; the manager approves and the change applies (encrypted, audited masked)', async () => {
    const noComment = await call('PUT', `${TEAM}/${bankRequest.id}/reject`, manager, {});
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors[0].path).toBe('comment');
    const approved = await call('PUT', `${TEAM}/${bankRequest.id}/approve`, manager, { comment: 'Verified' });
    expect(approved.statusCode).toBe(200);
    const item = approved.json().data as Item & { applied_at: string | null };
    expect(item.status).toBe('approved');
    expect(item.applied_at).toBeTruthy();
    expect(item.approval.history).toEqual([
      expect.objectContaining({ decision: 'approved', actor_name: 'Vikram Mehta', comment: 'Verified' }),
    ]);

    const row = await employeeRow();
    expect(row.bank_account_last4).toBe('9012');
    expect(row.bank_ifsc).toBe('HDFC0001234');
    expect(createFieldCrypto(t.config.dataKey).decrypt(row.bank_account_enc!)).toBe('123456789012');
    // Scope still holds: the manager reaches the report, the employee themselves.
    expect((await call('GET', `/api/employee/${row.id}`, manager)).statusCode).toBe(200);
    expect((await call('GET', `/api/employee/${row.id}`, employee)).statusCode).toBe(200);

    const { rows: audit } = await t.db.query<{ changes: string; entity_id: string }>(
      "SELECT changes::text AS changes, entity_id FROM audit_log WHERE action = 'profile.change_applied'",
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entity_id).toBe(row.id);
    expect(audit[0]!.changes).toContain('XXXXXX9012');
    expect(audit[0]!.changes).not.toContain('123456789012');

    expect((await call('GET', TEAM, manager)).json().data.map((r: Item) => r.id)).not.toContain(
      bankRequest.id,
    );
    const adminList = await call('GET', `${ADMIN}?status=approved`, admin);
    expect(adminList.json().data.map((r: Item) => r.id)).toContain(bankRequest.id);
    // Settled: no second decision.
    expect((await call('PUT', `${TEAM}/${bankRequest.id}/approve`, manager, {})).statusCode).toBe(409);
  });

  it('a rejection leaves the employee row untouched', async () => {
    const before = await employeeRow();
    const res = await call('POST', MINE, employee, { changes: { pan: 'abcde1234f' }, reason: 'New PAN' });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data.changes[0]).toMatchObject({ field: 'pan', after: 'XXXXXX234F' });
    const rejected = await call('PUT', `${TEAM}/${id}/reject`, manager, { comment: 'Attach the PAN card' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.status).toBe('rejected');
    const after = await employeeRow();
    expect(after.pan_enc).toBe(before.pan_enc);
    expect(after.pan_last4).toBe(before.pan_last4);
    const mine = (await call('GET', MINE, employee)).json().data as Item[];
    expect(mine.find((r) => r.id === id)!.approval.history[0]).toMatchObject({
      decision: 'rejected',
      comment: 'Attach the PAN card',
    });
  });

  it('the employee cancels a pending request with confirmation-free API; nobody decides it after', async () => {
    const res = await call('POST', MINE, employee, {
      changes: { first_name: 'Priyanka' },
      reason: 'Spelling',
    });
    const id = res.json().data.id;
    expect((await call('PUT', `${MINE}/${id}/cancel`, manager)).statusCode).toBe(404);
    const cancelled = await call('PUT', `${MINE}/${id}/cancel`, employee);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await call('PUT', `${MINE}/${id}/cancel`, employee)).statusCode).toBe(409);
    expect((await call('PUT', `${TEAM}/${id}/approve`, manager, {})).statusCode).toBe(409);
    expect((await employeeRow()).first_name).toBe('Priya');
  });

  it('an admin decides from the admin queue (recorded as an admin decision); not their own', async () => {
    const res = await call('POST', MINE, employee, {
      changes: { date_of_birth: '1994-05-17' },
      reason: 'Birth certificate',
    });
    const id = res.json().data.id;
    const approved = await call('PUT', `${ADMIN}/${id}/approve`, admin, { comment: 'HR verified' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.approval.history[0]).toMatchObject({
      as_admin: true,
      actor_name: 'Asha Rao',
    });
    expect((await employeeRow()).date_of_birth).toBe('1994-05-17');
    // The admin's own request (no manager: goes to other admins; there are none, so it waits).
    const own = await call('POST', MINE, admin, { changes: { last_name: 'Rao-Iyer' }, reason: 'Marriage' });
    expect(own.statusCode).toBe(201);
    expect((await call('PUT', `${ADMIN}/${own.json().data.id}/approve`, admin, {})).statusCode).toBe(403);
  });

  it('each request carries what the caller may do with it, per queue', async () => {
    const res = await call('POST', MINE, employee, { changes: { last_name: 'Sharma-Rao' }, reason: 'Name' });
    const id = res.json().data.id;
    const none = { approve: false, reject: false, withdraw: false };
    expect(res.json().data.abilities).toEqual({ ...none, withdraw: true });
    const inList = (body: { data: (Item & { abilities: unknown })[] }) =>
      body.data.find((r) => r.id === id)?.abilities;
    expect(inList((await call('GET', MINE, employee)).json())).toEqual({ ...none, withdraw: true });
    // The manager approves it from the team queue; the admin, from the admin queue.
    expect(inList((await call('GET', TEAM, manager)).json())).toEqual({
      approve: true,
      reject: true,
      withdraw: false,
    });
    expect(inList((await call('GET', ADMIN, admin)).json())).toEqual({
      approve: true,
      reject: true,
      withdraw: false,
    });
    expect((await call('GET', `${TEAM}/${id}`, manager)).json().data.abilities).toMatchObject({
      approve: true,
    });
    const approved = await call('PUT', `${TEAM}/${id}/approve`, manager, {});
    expect(approved.json().data.abilities).toEqual(none);
    expect(inList((await call('GET', ADMIN, admin)).json())).toEqual(none);
    expect(inList((await call('GET', MINE, employee)).json())).toEqual(none);
  });

  it('an unauthenticated call is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: MINE })).statusCode).toBe(401);
  });
});
