import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestApp, type Session, type TestApp } from '../test/helper';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) out.push(full);
  }
  return out;
}

it('every multipart route reads its form through plugins/multipart.ts (no route reads parts itself)', async () => {
  const READS_PARTS = /from '@fastify\/multipart'|\brequest\.(parts|file|files|saveRequestFiles)\(/;
  const offenders: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    if (file === path.join(SRC, 'plugins', 'multipart.ts')) continue;
    if (READS_PARTS.test(await readFile(file, 'utf8'))) offenders.push(path.relative(SRC, file));
  }
  expect(offenders).toEqual([]);
});

describe('text fields of a form follow the text rule (NUL, lone surrogate: 400 naming the field)', () => {
  let t: TestApp;
  let dir: string;
  let admin: Session;
  let empId: string;
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hr-multipart-'));
    t = await buildTestApp({ env: { FILES_DIR: dir } });
    admin = await t.login('admin@acme.test');
    empId = (await t.login('employee@acme.test')).userResponse.employee_id!;
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A multipart body written by hand, so a field may carry any bytes. */
  function post(url: string, fields: [string, string][], file = { name: 'a.pdf', data: PDF }) {
    const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
    const chunks: Buffer[] = [];
    for (const [k, v] of fields) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      );
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(chunks),
    });
  }
  const stored = async () => {
    let n = 0;
    for (const d of await readdir(dir).catch(() => [] as string[]))
      n += (await readdir(path.join(dir, d))).length;
    return n;
  };

  it('a NUL in the title of a document upload is a 400 naming "title", and nothing is stored', async () => {
    const before = await stored();
    const res = await post('/api/upload/file', [
      ['employee_id', empId],
      ['title', 'Offer\u0000letter'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Title: Must not contain a NUL character',
      errors: [{ path: 'title', message: 'Must not contain a NUL character' }],
    });
    expect(await stored()).toBe(before);
    // The same form without the NUL is accepted: the refusal was the NUL's.
    const ok = await post('/api/upload/file', [
      ['employee_id', empId],
      ['title', 'Offer letter'],
    ]);
    expect(ok.statusCode).toBe(201);
  });

  it('a NUL in the title of the admin letter upload is a 400 naming "title"', async () => {
    const res = await post('/api/admin/letters', [
      ['employee_id', empId],
      ['letter_type', 'increment'],
      ['title', 'Increment\u00002026'],
      ['issue_date', '2026-04-01'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'title', message: 'Must not contain a NUL character' }]);
  });

  it('a NUL in a field name, or in a field of an upload that reads no fields, is refused too', async () => {
    const name = await post('/api/upload/file', [
      ['employee_id', empId],
      ['ti\u0000tle', 'x'],
    ]);
    expect(name.statusCode).toBe(400);
    expect(name.json().errors).toEqual([
      { path: 'ti\\0tle', message: 'Field name: Must not contain a NUL character' },
    ]);
    const punches = await post('/api/attendance/punches/upload', [['note', 'a\u0000b']], {
      name: 'p.csv',
      data: Buffer.from('employee_code,punched_at\n'),
    });
    expect(punches.statusCode).toBe(400);
    expect(punches.json().errors).toEqual([{ path: 'note', message: 'Must not contain a NUL character' }]);
  });
});
