import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { buildTestApp, type Session, type TestApp } from '../../test/helper';
import { pdfActiveContent } from './pdf-active-content';

// Issue 21: a PDF carrying active content (JavaScript, an action on opening or on events, a
// launch, an embedded file, rich media, an XFA form) or HTML markup is refused at upload.

type Part = string | Buffer;
/** An indirect object; a Buffer part is written as is (compressed stream data). */
const obj = (n: number, ...body: Part[]) => ({ n, body });
const stream = (dict: string, data: Buffer): Part[] => [
  `<< ${dict} /Length ${data.length} >>\nstream\n`,
  data,
  '\nendstream',
];

/** A small PDF written by hand: the objects, a cross-reference table and the trailer. */
function pdf(objects: { n: number; body: Part[] }[], root = 1): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets = new Map<number, number>();
  let size = chunks[0]!.length;
  for (const o of objects) {
    offsets.set(o.n, size);
    const parts = [`${o.n} 0 obj\n`, ...o.body, '\nendobj\n'].map((p) =>
      typeof p === 'string' ? Buffer.from(p, 'latin1') : p,
    );
    for (const p of parts) size += p.length;
    chunks.push(...parts);
  }
  const max = Math.max(...objects.map((o) => o.n));
  let xref = `xref\n0 ${max + 1}\n0000000000 65535 f \n`;
  for (let n = 1; n <= max; n++) xref += `${String(offsets.get(n) ?? 0).padStart(10, '0')} 00000 n \n`;
  chunks.push(
    Buffer.from(`${xref}trailer\n<< /Size ${max + 1} /Root ${root} 0 R >>\nstartxref\n${size}\n%%EOF\n`),
  );
  return Buffer.concat(chunks);
}

const content = deflateSync(
  Buffer.from('BT /F1 12 Tf 72 720 Td (Salary slip: see /JS and <b> in text) Tj ET'),
);
/** A clean one-page document; `catalog` adds entries to its catalog. */
const page = (catalog = '', extra: { n: number; body: Part[] }[] = []) =>
  pdf([
    obj(1, `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`),
    obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    obj(
      3,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    obj(4, ...stream('/Filter /FlateDecode', content)),
    obj(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    obj(6, '<< /Title (Payslip \\(April\\) /JS /AA) /Author (HR) /constructor (x) >>'),
    ...extra,
  ]);

/** An object stream (PDF 1.5) holding `objects` (number, text), compressed unless `filter` says otherwise. */
function objectStream(n: number, objects: [number, string][], filter = '/FlateDecode') {
  let header = '';
  let body = '';
  for (const [num, text] of objects) {
    header += `${num} ${body.length} `;
    body += `${text}\n`;
  }
  const raw = Buffer.from(header + body, 'latin1');
  const data = filter === '/FlateDecode' ? deflateSync(raw) : raw;
  return obj(
    n,
    ...stream(`/Type /ObjStm /N ${objects.length} /First ${header.length} /Filter ${filter}`, data),
  );
}

describe('PDFs without active content are accepted', () => {
  it('a plain page (names like /JS inside strings and content streams are text, not names)', () => {
    expect(pdfActiveContent(page())).toBeNull();
  });

  it('an /OpenAction that is a destination, a GoTo action, or a reference to either', () => {
    expect(pdfActiveContent(page('/OpenAction [3 0 R /Fit]'))).toBeNull();
    expect(pdfActiveContent(page('/OpenAction << /S /GoTo /D [3 0 R /Fit] >>'))).toBeNull();
    expect(pdfActiveContent(page('/OpenAction 7 0 R', [obj(7, '[3 0 R /XYZ null null 0]')]))).toBeNull();
    const inStream = [objectStream(8, [[7, '<< /S /GoTo /D [3 0 R /Fit] >>']])];
    expect(pdfActiveContent(page('/OpenAction 7 0 R', inStream))).toBeNull();
  });

  it('objects in a compressed object stream that hold nothing active', () => {
    expect(
      pdfActiveContent(page('', [objectStream(7, [[9, '<< /Type /Metadata /Info (ok) >>']])])),
    ).toBeNull();
  });
});

describe('PDFs with active content are refused, each kind', () => {
  const cases: [string, Buffer, RegExp][] = [
    [
      '/JS',
      page('/Names << /JavaScript 7 0 R >>', [obj(7, '<< /S /JavaScript /JS (app.alert(1)) >>')]),
      /JavaScript/,
    ],
    ['/JS alone', page('', [obj(7, '<< /JS (app.alert(1)) >>')]), /JavaScript/],
    ['/OpenAction with a JavaScript action', page('/OpenAction << /S /JavaScript /JS (x) >>'), /JavaScript/],
    ['/OpenAction with another action', page('/OpenAction << /S /URI /URI (http://x.test) >>'), /opened/],
    [
      '/OpenAction by reference to an action',
      page('/OpenAction 7 0 R', [obj(7, '<< /S /Named /N /Print >>')]),
      /opened/,
    ],
    ['/OpenAction to an object that is not there', page('/OpenAction 9 0 R'), /opened/],
    ['/AA', page('', [obj(7, '<< /Type /Annot /AA << /E 8 0 R >> >>')]), /\/AA/],
    ['/Launch', page('/OpenAction 7 0 R', [obj(7, '<< /S /Launch /F (cmd.exe) >>')]), /Launch/],
    [
      '/EmbeddedFile',
      page('', [obj(7, ...stream('/Type /EmbeddedFile', Buffer.from('MZ')))]),
      /embedded file/,
    ],
    [
      '/EmbeddedFiles',
      page('/Names << /EmbeddedFiles 7 0 R >>', [obj(7, '<< /Names [] >>')]),
      /embedded file/,
    ],
    ['/RichMedia', page('', [obj(7, '<< /Type /Annot /Subtype /RichMedia >>')]), /rich media/],
    ['/XFA', page('/AcroForm << /Fields [] /XFA 7 0 R >>', [obj(7, '[]')]), /XFA/],
  ];
  for (const [name, file, reason] of cases) {
    it(name, () => expect(pdfActiveContent(file)).toMatch(reason));
  }

  it('names written with #xx escapes', () => {
    expect(pdfActiveContent(page('', [obj(7, '<< /S /J#61vaScript /J#53 (x) >>')]))).toMatch(/JavaScript/);
    expect(pdfActiveContent(page('/AcroForm << /X#46A 7 0 R >>', [obj(7, '[]')]))).toMatch(/XFA/);
    expect(pdfActiveContent(page('/#4fpenAction << /S /Named /N /Print >>'))).toMatch(/opened/);
    expect(pdfActiveContent(page('', [obj(7, '<< /#41#41 << >> >>')]))).toMatch(/\/AA/);
  });

  it('inside a compressed object stream, with escapes', () => {
    const hidden = objectStream(7, [[9, '<< /Type /Action /S /J#61vaScript /J#53 (app.alert(1)) >>']]);
    expect(pdfActiveContent(page('', [hidden]))).toMatch(/JavaScript/);
    const aa = objectStream(7, [[9, '<< /Type /Annot /#41A << >> >>']]);
    expect(pdfActiveContent(page('', [aa]))).toMatch(/\/AA/);
    // The object stream's own type escaped does not hide it.
    const escapedType = obj(
      7,
      ...stream(
        '/Type /Obj#53tm /N 1 /First 4 /Filter /FlateDecode',
        deflateSync(Buffer.from('9 0 << /AA << >> >>')),
      ),
    );
    expect(pdfActiveContent(page('', [escapedType]))).toMatch(/\/AA/);
    // An /OpenAction whose action object sits in an object stream.
    const action = objectStream(8, [[7, '<< /S /Launch /F (x) >>']]);
    expect(pdfActiveContent(page('/OpenAction 7 0 R', [action]))).toMatch(/Launch|opened/);
  });

  it('an object stream that cannot be read here (another filter, or not inflating) is refused as uncheckable', () => {
    const ascii85 = objectStream(7, [[9, '<< >>']], '/ASCII85Decode');
    expect(pdfActiveContent(page('', [ascii85]))).toMatch(/cannot be checked/);
    const garbage = obj(
      7,
      ...stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', Buffer.from('not zlib at all')),
    );
    expect(pdfActiveContent(page('', [garbage]))).toMatch(/cannot be checked/);
  });

  it('long names hidden from the object scan (in stream data, behind an unclosed string) are still found', () => {
    const inData = obj(7, ...stream('', Buffer.from('/S /JavaScript /JS (x)')));
    expect(pdfActiveContent(page('', [inData]))).toMatch(/JavaScript/);
    const afterParen = page('', [obj(7, '(unclosed'), obj(8, '<< /S /Launch /F (x) >>')]);
    expect(pdfActiveContent(afterParen)).toMatch(/Launch/);
  });

  it('a PDF/HTML polyglot: markup in a comment, a string or stream data', () => {
    const comment = Buffer.concat([page(), Buffer.from('%<html><body>hi</body></html>\n')]);
    expect(pdfActiveContent(comment)).toMatch(/HTML/);
    expect(pdfActiveContent(page('', [obj(7, '(<SCRIPT>alert(1)</SCRIPT>)')]))).toMatch(/HTML/);
    const inData = obj(7, ...stream('', Buffer.from('<!DOCTYPE html><svg onload=alert(1)>')));
    expect(pdfActiveContent(page('', [inData]))).toMatch(/HTML/);
  });
});

describe('stays linear on hostile input', () => {
  it('deep nesting after /OpenAction and many tokens are read in bounded time', () => {
    const nested = Buffer.from(`%PDF-1.7\n${'/OpenAction << /S /GoTo /X '.repeat(150_000)}`);
    const many = Buffer.from(`%PDF-1.7\n${'1 0 obj << /A [1 2] >> endobj '.repeat(150_000)}`);
    for (const file of [nested, many]) {
      const started = performance.now();
      pdfActiveContent(file);
      // Generous for a loaded CI machine; quadratic work on 4 MiB would take minutes.
      expect(performance.now() - started).toBeLessThan(10_000);
    }
  });
});

describe('uploads (documents and letters) refuse them with a clear message', () => {
  let t: TestApp;
  let dir: string;
  let admin: Session;
  let employee: Session;
  const withJs = page('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>');
  const polyglot = Buffer.concat([page(), Buffer.from('%<html><script>alert(1)</script></html>\n')]);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hr-pdf-active-'));
    t = await buildTestApp({ env: { FILES_DIR: dir } });
    [admin, employee] = await Promise.all([t.login('admin@acme.test'), t.login('employee@acme.test')]);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  function post(s: Session, url: string, fields: Record<string, string>, data: Buffer) {
    const boundary = `----hrtest${Math.random().toString(16).slice(2)}`;
    const head = Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const payload = Buffer.concat([
      Buffer.from(
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }
  const documentCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employee_documents')).rows[0]!.n;

  it('a document upload: JavaScript and a polyglot are 400 naming the file; a clean PDF is stored', async () => {
    const fields = { employee_id: employee.userResponse.employee_id!, title: 'Certificate' };
    const before = await documentCount();
    const js = await post(employee, '/api/upload/file', fields, withJs);
    expect(js.statusCode).toBe(400);
    expect(js.json().message).toBe(
      'This PDF contains JavaScript, which is not accepted: print or export it again as a plain PDF and upload that',
    );
    expect(js.json().errors).toEqual([{ path: 'file', message: 'Contains JavaScript' }]);
    const html = await post(employee, '/api/upload/file', fields, polyglot);
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toMatch(/HTML markup/);
    expect(await documentCount()).toBe(before);
    expect((await post(employee, '/api/upload/file', fields, page())).statusCode).toBe(201);
  });

  it('the admin letter upload refuses them too', async () => {
    const fields = {
      employee_id: employee.userResponse.employee_id!,
      letter_type: 'increment',
      title: 'Increment 2026',
      issue_date: '2026-04-01',
    };
    const js = await post(admin, '/api/admin/letters', fields, withJs);
    expect(js.statusCode).toBe(400);
    expect(js.json().message).toMatch(/^This PDF contains JavaScript/);
    expect((await post(admin, '/api/admin/letters', fields, polyglot)).statusCode).toBe(400);
    expect((await post(admin, '/api/admin/letters', fields, page())).statusCode).toBe(201);
  });
});
