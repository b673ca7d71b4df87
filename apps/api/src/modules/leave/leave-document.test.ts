import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type Session, type TestApp } from '../../test/helper';

// Issue 12: "document required over N days": the apply form uploads the document (the files
// module's guarded upload), the request keeps it, and only the requester, the request's approvers
// and leave administrators can open it.

let t: TestApp;
let dir: string;
let admin: Session;
let manager: Session;
let employee: Session;
let peer: Session;
let globex: Session;
let acme: string;
let typeId: string;

const day = (n: number) => new Date(Date.now() + 5.5 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, s: Session, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, payload });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

async function upload(s: Session, body: Buffer, filename: string, type = 'application/pdf') {
  const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="employee_id"\r\n\r\n${s.userResponse.employee_id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nLeave document\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-leave-doc-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  acme = await t.companyId('Acme Corp');
  // A second employee login: another direct report of the demo manager, same role as the employee.
  const peerEmployee = await t.db.tenant(acme, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      "SELECT id FROM employees WHERE employee_code = 'ACM0004'",
    );
    return rows[0]!.id;
  });
  await t.db.query(
    `INSERT INTO users (company_id, email, password_hash, role_id, employee_id)
     SELECT u.company_id, 'peer@acme.test', u.password_hash, u.role_id, $1
       FROM users u WHERE u.email = 'employee@acme.test'`,
    [peerEmployee],
  );
  [admin, manager, employee, peer, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('peer@acme.test'),
    t.login('admin@globex.test'),
  ]);
  // No weekly-offs, so the counted days are the calendar days.
  await t.db.tenant(acme, (tx) =>
    tx.query(
      `UPDATE weekly_off_policies SET days = $1::jsonb
        WHERE id = (SELECT weekly_off_policy_id FROM master_policies WHERE is_default)`,
      [JSON.stringify(Array.from({ length: 7 }, () => ['none', 'none', 'none', 'none', 'none']))],
    ),
  );
  const type = await call('POST', '/api/leave/types', admin, {
    name: 'Sick leave',
    code: 'SL',
    paid: true,
    notice_days: 0,
    document_over_days: 2,
  });
  typeId = type.json().data.id;
  await call('POST', '/api/leave/policies', admin, {
    name: 'Standard',
    is_base: true,
    leave_type_ids: [typeId],
  });
  for (const s of [employee, peer]) {
    const res = await call('PUT', `/api/employee/${s.userResponse.employee_id}/leave-balance`, admin, {
      leave_type_id: typeId,
      kind: 'opening',
      amount: 10,
      reason: 'Opening balance',
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const req = (from: number, to: number, document_id: string | null = null) => ({
  leave_type_id: typeId,
  from_date: day(from),
  to_date: day(to),
  reason: 'Fever',
  document_id,
});

describe('document required over N days', () => {
  let requestId: string;
  let shortId: string;

  it('refuses a request over N days without a document, naming the rule and the field', async () => {
    const res = await call('POST', '/api/leave', employee, req(5, 7));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/document rule/);
    expect(res.json().message).toMatch(/document_id/);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ path: 'document_id' }));
    // Up to N days needs none.
    const short = await call('POST', '/api/leave', employee, req(30, 31));
    expect(short.statusCode).toBe(201);
    expect(short.json().data.document_url).toBeNull();
    shortId = short.json().data.id;
  });

  it("refuses someone else's document and an id that is no document", async () => {
    const peerDoc = (await upload(peer, PDF, 'peer.pdf')).json().data.id;
    const res = await call('POST', '/api/leave', employee, req(5, 7, peerDoc));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ path: 'document_id' }));
    const made = await call('POST', '/api/leave', employee, req(5, 7, crypto.randomUUID()));
    expect(made.statusCode).toBe(400);
  });

  it('takes the uploaded document and lets only the requester, approvers and admins open it', async () => {
    const up = await upload(employee, PDF, 'certificate.pdf');
    expect(up.statusCode).toBe(201);
    const res = await call('POST', '/api/leave', employee, req(5, 7, up.json().data.id));
    expect(res.statusCode).toBe(201);
    requestId = res.json().data.id;
    const url = res.json().data.document_url;
    expect(url).toBe(`/api/leave/leave-record/${requestId}/document`);

    // The manager approves it, and finds the link in the team queue.
    const queue = await call('GET', '/api/requests/leaves', manager);
    const row = queue.json().data.find((r: { id: string }) => r.id === requestId);
    expect(row.document_url).toBe(url);

    const opened = await call('GET', url, manager);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toMatch(/certificate\.pdf/);
    expect(Buffer.compare(opened.rawPayload, PDF)).toBe(0);

    for (const s of [employee, admin]) expect((await call('GET', url, s)).statusCode).toBe(200);
    // Another employee and another company: not found (no hint the request exists).
    expect((await call('GET', url, peer)).statusCode).toBe(404);
    expect((await call('GET', url, globex)).statusCode).toBe(404);
    // Nor through the employee document route (the peer's scope is themselves).
    const direct = `/api/employee/document/${up.json().data.id}/download`;
    expect((await call('GET', direct, peer)).statusCode).toBe(404);
    expect((await call('GET', direct, globex)).statusCode).toBe(404);
  });

  it('a request without a document, or no request, answers 404', async () => {
    expect((await call('GET', `/api/leave/leave-record/${shortId}/document`, employee)).statusCode).toBe(404);
    const unknown = `/api/leave/leave-record/${crypto.randomUUID()}/document`;
    expect((await call('GET', unknown, admin)).statusCode).toBe(404);
  });
});

describe('leave document upload corpus', () => {
  const storedFiles = async () => (await readdir(dir, { recursive: true })).sort();
  const docCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employee_documents')).rows[0]!.n;
  const corpus: [string, Buffer, number[]][] = [
    [
      'an executable renamed .pdf',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(256, 0)]),
      [415],
    ],
    ['a zero-byte file', Buffer.alloc(0), [400, 415]],
  ];
  for (const [what, body, statuses] of corpus) {
    it(`refuses ${what} with nothing stored`, async () => {
      const [rows, files] = [await docCount(), await storedFiles()];
      const res = await upload(employee, body, 'certificate.pdf');
      expect(statuses).toContain(res.statusCode);
      expect(res.json().message).toBeTruthy();
      expect(await docCount()).toBe(rows);
      expect(await storedFiles()).toEqual(files);
    });
  }
});
