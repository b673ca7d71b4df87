import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../test/helper';
import { detectType, sanitiseFileName } from './detect';

let t: TestApp;
let dir: string;
type Session = Awaited<ReturnType<TestApp['login']>>;
let admin: Session;
let mgr: Session;
let emp: Session;
let globex: Session;
let empId: string;
let mgrId: string;
let colleagueId: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-files-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  [admin, mgr, emp, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  empId = emp.userResponse.employee_id!;
  mgrId = mgr.userResponse.employee_id!;
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id FROM employees WHERE company_id = $1 AND id <> ALL($2::uuid[])
       AND manager_id IS DISTINCT FROM $3 ORDER BY employee_code LIMIT 1`,
    [await t.companyId('Acme Corp'), [empId, mgrId, admin.userResponse.employee_id], mgrId],
  );
  colleagueId = rows[0]!.id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A multipart body built by hand: text fields, then (optionally) the file in field `file`. */
function form(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const post = (url: string, s: Session, body: ReturnType<typeof form>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...s.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
const get = (url: string, s: Session) => t.app.inject({ method: 'GET', url, headers: s.headers });
const del = (url: string, s: Session) => t.app.inject({ method: 'DELETE', url, headers: s.headers });

/** Every stored file under FILES_DIR (company folders). */
async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const c of await readdir(dir).catch(() => [] as string[])) {
    for (const f of await readdir(path.join(dir, c))) out.push(`${c}/${f}`);
  }
  return out.sort();
}
const docCount = async () =>
  Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM employee_documents')).rows[0]!.n);
const upload = (s: Session, employeeId: string, title = 'Offer letter', data = PDF, name = 'offer.pdf') =>
  post('/api/upload/file', s, form({ employee_id: employeeId, title }, { name, data }));

describe('detection and names', () => {
  it('detects PNG, JPEG and PDF by their first bytes only', () => {
    expect(detectType(PNG)).toBe('image/png');
    expect(detectType(JPEG)).toBe('image/jpeg');
    expect(detectType(PDF)).toBe('application/pdf');
    expect(detectType(Buffer.from('hello, I am text'))).toBeNull();
  });
  it('sanitises names: no path, no quotes or controls, extension matching the type', () => {
    expect(sanitiseFileName('../../etc/pa"ss\nwd', 'application/pdf')).toBe('pa_ss_wd.pdf');
    expect(sanitiseFileName('C:\\docs\\Résumé 2024.PDF', 'application/pdf')).toBe('Résumé 2024.PDF');
    expect(sanitiseFileName('', 'image/jpeg')).toBe('document.jpg');
    expect(sanitiseFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
  });
});

describe('profile photo', () => {
  it('uploads the own photo and fetches it back; replacing removes the old file', async () => {
    const res = await post('/api/upload/image/profile', emp, form({}, { name: 'me.png', data: PNG }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      employee_id: empId,
      profile_image_url: `/api/employee/${empId}/photo`,
    });
    const first = await storedFiles();
    expect(first).toHaveLength(1);

    const photo = await get(`/api/employee/${empId}/photo`, emp);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    // The manager sees a report's photo; the admin any; a colleague and Globex do not.
    expect((await get(`/api/employee/${empId}/photo`, mgr)).statusCode).toBe(200);
    expect((await get(`/api/employee/${empId}/photo`, admin)).statusCode).toBe(200);
    expect((await get(`/api/employee/${empId}/photo`, globex)).statusCode).toBe(404);

    const again = await post('/api/upload/image/profile', emp, form({}, { name: 'me.jpg', data: JPEG }));
    expect(again.statusCode).toBe(200);
    const second = await storedFiles();
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    const fetched = await get(`/api/employee/${empId}/photo`, emp);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    expect(fetched.rawPayload.equals(JPEG)).toBe(true);
  });

  it('answers 404 for an employee without a photo', async () => {
    expect((await get(`/api/employee/${colleagueId}/photo`, admin)).statusCode).toBe(404);
  });

  it('lets an admin set another employee photo, not a manager or a Globex admin', async () => {
    const ok = await post(
      `/api/upload/image/profile?employee_id=${colleagueId}`,
      admin,
      form({}, { name: 'x.png', data: PNG }),
    );
    expect(ok.statusCode).toBe(200);
    const before = await storedFiles();
    const reportId = empId;
    const byMgr = await post(
      `/api/upload/image/profile?employee_id=${reportId}`,
      mgr,
      form({}, { name: 'x.png', data: PNG }),
    );
    expect(byMgr.statusCode).toBe(403);
    const byGlobex = await post(
      `/api/upload/image/profile?employee_id=${colleagueId}`,
      globex,
      form({}, { name: 'x.png', data: PNG }),
    );
    expect(byGlobex.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a text file named .png (415) and stores nothing', async () => {
    const before = await storedFiles();
    const res = await post(
      '/api/upload/image/profile',
      emp,
      form({}, { name: 'evil.png', data: Buffer.from('<script>alert(1)</script>'), type: 'image/png' }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a PDF as a photo (415) and a photo over 2 MiB (413)', async () => {
    const pdf = await post('/api/upload/image/profile', emp, form({}, { name: 'a.png', data: PDF }));
    expect(pdf.statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 0)]);
    const res = await post('/api/upload/image/profile', emp, form({}, { name: 'big.png', data: big }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 naming file when none is attached', async () => {
    const res = await post('/api/upload/image/profile', emp, form({ note: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'file', message: 'Required' }]);
  });
});

describe('employee documents', () => {
  it('uploads, lists, downloads and deletes (audited)', async () => {
    const up = await upload(admin, empId, 'Offer letter', PDF, '../offer <final>.pdf');
    expect(up.statusCode).toBe(201);
    const doc = up.json().data;
    expect(doc).toMatchObject({
      employee_id: empId,
      title: 'Offer letter',
      file_name: 'offer _final_.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      uploaded_by: admin.userResponse.id,
      download_url: `/api/employee/document/${doc.id}/download`,
      kind: 'upload',
      abilities: { delete: true },
    });
    expect(doc).not.toHaveProperty('storage_key');

    const list = await get(`/api/employee/${empId}/documents`, emp);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { id: string }) => d.id)).toContain(doc.id);
    expect(list.json().meta.totalCount).toBe(list.json().data.length);

    const dl = await get(doc.download_url, emp);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('attachment; filename="offer _final_.pdf"');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(PDF)).toBe(true);

    const filesBefore = (await storedFiles()).length;
    const gone = await del(`/api/employee/document/${doc.id}`, admin);
    expect(gone.statusCode).toBe(200);
    expect((await get(doc.download_url, admin)).statusCode).toBe(404);
    expect((await storedFiles()).length).toBe(filesBefore - 1);
    const { rows } = await t.db.tenant(await t.companyId('Acme Corp'), (tx) =>
      tx.query<{ entity_id: string; changes: Record<string, unknown> }>(
        "SELECT entity_id, changes FROM audit_log WHERE action = 'file.document_deleted'",
      ),
    );
    expect(rows).toEqual([
      {
        entity_id: doc.id,
        changes: { employee_id: empId, title: 'Offer letter', file_name: 'offer _final_.pdf' },
      },
    ]);
  });

  it('lets the employee add and delete their own documents (PNG and JPEG too)', async () => {
    const png = await upload(emp, empId, 'ID scan', PNG, 'scan.png');
    expect(png.statusCode).toBe(201);
    expect(png.json().data.content_type).toBe('image/png');
    const jpg = await upload(emp, empId, 'Photo ID', JPEG, 'id');
    expect(jpg.json().data.file_name).toBe('id.jpg');
    expect((await del(`/api/employee/document/${png.json().data.id}`, emp)).statusCode).toBe(200);
  });

  it('refuses a text file named .pdf (415) with no row and no file', async () => {
    const [rows, files] = [await docCount(), await storedFiles()];
    const res = await upload(admin, empId, 'Fake', Buffer.from('just text'), 'fake.pdf');
    expect(res.statusCode).toBe(415);
    expect(await docCount()).toBe(rows);
    expect(await storedFiles()).toEqual(files);
  });

  it('refuses a document over 5 MiB (413) with nothing stored', async () => {
    const [rows, files] = [await docCount(), await storedFiles()];
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const res = await upload(admin, empId, 'Big', big, 'big.pdf');
    expect(res.statusCode).toBe(413);
    expect(await docCount()).toBe(rows);
    expect(await storedFiles()).toEqual(files);
  });

  it('validates the fields (400 naming them) and the file', async () => {
    const res = await post(
      '/api/upload/file',
      admin,
      form({ employee_id: 'nope' }, { name: 'a.pdf', data: PDF }),
    );
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['employee_id', 'title']));
    const noFile = await post('/api/upload/file', admin, form({ employee_id: empId, title: 'x' }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0].path).toBe('file');
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file',
      headers: admin.headers,
      payload: { employee_id: empId, title: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('enforces the scope matrix', async () => {
    const onEmp = (await upload(admin, empId, 'Contract')).json().data;
    const onColleague = (await upload(admin, colleagueId, 'Contract')).json().data;

    // Employee: own yes; a colleague's list, download, upload and delete are 404.
    expect((await get(`/api/employee/${colleagueId}/documents`, emp)).statusCode).toBe(404);
    expect((await get(onColleague.download_url, emp)).statusCode).toBe(404);
    expect((await upload(emp, colleagueId)).statusCode).toBe(404);
    expect((await del(`/api/employee/document/${onColleague.id}`, emp)).statusCode).toBe(404);

    // Manager: reads a report's documents, cannot change them, does not see others.
    const list = await get(`/api/employee/${empId}/documents`, mgr);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { id: string }) => d.id)).toContain(onEmp.id);
    expect((await get(onEmp.download_url, mgr)).statusCode).toBe(200);
    expect((await del(`/api/employee/document/${onEmp.id}`, mgr)).statusCode).toBe(403);
    expect((await upload(mgr, empId)).statusCode).toBe(403);
    expect((await get(`/api/employee/${colleagueId}/documents`, mgr)).statusCode).toBe(404);

    // Admin: any employee of the company.
    expect((await get(`/api/employee/${colleagueId}/documents`, admin)).statusCode).toBe(200);
    expect((await get(onColleague.download_url, admin)).statusCode).toBe(200);

    // Globex admin: Acme's ids do not exist.
    expect((await get(`/api/employee/${empId}/documents`, globex)).statusCode).toBe(404);
    expect((await get(onEmp.download_url, globex)).statusCode).toBe(404);
    expect((await upload(globex, empId)).statusCode).toBe(404);
    expect((await del(`/api/employee/document/${onEmp.id}`, globex)).statusCode).toBe(404);
    expect((await get(onEmp.download_url, admin)).statusCode).toBe(200);
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/employee/${empId}/documents` });
    expect(res.statusCode).toBe(401);
  });
});
