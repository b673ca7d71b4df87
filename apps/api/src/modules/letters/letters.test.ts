import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let dir: string;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let empId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-letters-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  empId = employee.userResponse.employee_id!;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'PUT', url: string, s: Session, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.headers, payload: payload as object | undefined });

function upload(s: Session, fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/letters',
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  });
}

async function storedCount(): Promise<number> {
  const dirs = await readdir(dir).catch(() => [] as string[]);
  let n = 0;
  for (const d of dirs) n += (await readdir(path.join(dir, d))).length;
  return n;
}

const fields = (over: Record<string, string> = {}) => ({
  employee_id: empId,
  letter_type: 'increment',
  title: 'Increment 2026',
  issue_date: '2026-04-01',
  ...over,
});

it('refuses a non-PDF letter before storing anything', async () => {
  const before = await storedCount();
  const res = await upload(admin, fields(), { name: 'letter.pdf', data: PNG });
  expect(res.statusCode).toBe(415);
  expect(res.json().message).toMatch(/PDF/);
  const big = await upload(admin, fields(), {
    name: 'big.pdf',
    data: Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]),
  });
  expect(big.statusCode).toBe(413);
  expect(await storedCount()).toBe(before);
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM letters');
  expect(rows[0]!.n).toBe(0);
});

it('refuses bad fields naming them, other roles and other companies', async () => {
  const bad = await upload(admin, fields({ letter_type: 'promotion', issue_date: '2026-02-30' }), {
    name: 'l.pdf',
    data: PDF,
  });
  expect(bad.statusCode).toBe(400);
  expect(JSON.stringify(bad.json().errors)).toContain('letter_type');
  expect(JSON.stringify(bad.json().errors)).toContain('issue_date');
  expect((await upload(employee, fields(), { name: 'l.pdf', data: PDF })).statusCode).toBe(403);
  expect((await upload(manager, fields(), { name: 'l.pdf', data: PDF })).statusCode).toBe(403);
  expect((await upload(globex, fields(), { name: 'l.pdf', data: PDF })).statusCode).toBe(404);
});

it('an admin issues a letter; the employee lists, downloads and accepts it once', async () => {
  const res = await upload(admin, fields(), { name: 'increment.pdf', data: PDF });
  expect(res.statusCode).toBe(201);
  const letter = res.json().data;
  expect(letter).toMatchObject({ status: 'pending', letter_type: 'increment', file_name: 'increment.pdf' });

  const mine = await call(
    'GET',
    '/api/employee/letters?year=2026&month=4&status=pending&search_term=increment',
    employee,
  );
  expect(mine.json().data.map((l: { id: string }) => l.id)).toEqual([letter.id]);
  expect(mine.json().data[0].abilities).toEqual({ accept: true, reject: true });
  expect((await call('GET', '/api/employee/letters?month=5', employee)).json().meta.totalCount).toBe(0);
  expect((await call('GET', '/api/employee/letters', manager)).json().data).toEqual([]);
  expect((await call('GET', '/api/employee/letters?month=13', employee)).statusCode).toBe(400);

  const file = await call('GET', letter.download_url, employee);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(file.rawPayload.equals(PDF)).toBe(true);
  expect((await call('GET', letter.download_url, admin)).statusCode).toBe(200);
  expect((await call('GET', letter.download_url, manager)).statusCode).toBe(404);
  expect((await call('GET', letter.download_url, globex)).statusCode).toBe(404);

  expect((await call('PUT', `/api/employee/letters/accept/${letter.id}`, manager)).statusCode).toBe(404);
  expect((await call('PUT', `/api/employee/letters/accept/${letter.id}`, globex)).statusCode).toBe(404);
  const [a, b] = await Promise.all([
    call('PUT', `/api/employee/letters/accept/${letter.id}`, employee),
    call('PUT', `/api/employee/letters/reject/${letter.id}`, employee, { reason: 'Wrong figure' }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);

  const list = await call('GET', '/api/admin/letters', admin);
  expect(list.json().data[0]).toMatchObject({ id: letter.id, employee_name: expect.any(String) });
  expect(['accepted', 'rejected']).toContain(list.json().data[0].status);
  expect((await call('GET', '/api/admin/letters', globex)).json().data).toEqual([]);
  expect((await call('GET', '/api/admin/letters', employee)).statusCode).toBe(403);

  const { rows } = await t.db.query<{ action: string }>(
    'SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
    [letter.id],
  );
  expect(rows.map((r) => r.action)).toHaveLength(2);
  expect(rows[0]!.action).toBe('letter.issued');
});

it("the employee cannot delete their letter's file nor anyone read another's; the admin deletes it, audited", async () => {
  const res = await upload(admin, fields({ title: 'Kept letter' }), { name: 'kept.pdf', data: PDF });
  expect(res.statusCode).toBe(201);
  const letter = res.json().data;
  const { rows } = await t.db.query<{ document_id: string }>(
    'SELECT document_id FROM letters WHERE id = $1',
    [letter.id],
  );
  const docId = rows[0]!.document_id;
  const del = (s: Session) =>
    t.app.inject({ method: 'DELETE', url: `/api/employee/document/${docId}`, headers: s.headers });
  const docUrl = `/api/employee/document/${docId}/download`;

  // The employee sees it among their documents and reads it, but cannot delete it: the listing
  // says so (kind letter, no delete ability), while the administrator's listing offers delete.
  const listed = async (s: Session) =>
    (await call('GET', `/api/employee/${empId}/documents`, s))
      .json()
      .data.find((d: { id: string }) => d.id === docId);
  expect(await listed(employee)).toMatchObject({ kind: 'letter', abilities: { delete: false } });
  expect(await listed(admin)).toMatchObject({ kind: 'letter', abilities: { delete: true } });
  expect((await call('GET', docUrl, employee)).statusCode).toBe(200);
  const refused = await del(employee);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toContain('only an administrator');
  expect((await call('GET', letter.download_url, employee)).statusCode).toBe(200);

  // Nobody else but an administrator reads it, by either route; others cannot delete it.
  for (const s of [manager, globex]) {
    expect((await call('GET', docUrl, s)).statusCode).toBe(404);
    expect((await call('GET', letter.download_url, s)).statusCode).toBe(404);
    expect([403, 404]).toContain((await del(s)).statusCode);
  }
  const still = await t.db.query('SELECT 1 FROM employee_documents WHERE id = $1', [docId]);
  expect(still.rows).toHaveLength(1);

  expect((await del(admin)).statusCode).toBe(200);
  const audit = await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1', [
    docId,
  ]);
  expect(audit.rows.map((r) => r.action)).toContain('file.document_deleted');
  expect((await call('GET', letter.download_url, employee)).statusCode).toBe(404);
});

it('a rejection needs a reason and is kept', async () => {
  const letter = (
    await upload(admin, fields({ letter_type: 'experience' }), { name: 'x.pdf', data: PDF })
  ).json().data;
  const none = await call('PUT', `/api/employee/letters/reject/${letter.id}`, employee, {});
  expect(none.statusCode).toBe(400);
  expect(JSON.stringify(none.json().errors)).toContain('reason');
  const res = await call('PUT', `/api/employee/letters/reject/${letter.id}`, employee, {
    reason: 'Dates are wrong',
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ status: 'rejected', reject_reason: 'Dates are wrong' });
  expect(res.json().data.responded_at).toMatch(/Z$/);
  expect((await call('PUT', `/api/employee/letters/accept/${letter.id}`, employee)).statusCode).toBe(409);
});
