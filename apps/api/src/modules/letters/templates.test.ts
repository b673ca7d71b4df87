import { mkdtemp, rm } from 'node:fs/promises';
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
let acmeIds: string[];
let globexEmp: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-letter-tpl-'));
  t = await buildTestApp({ env: { FILES_DIR: dir } });
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  const acme = await t.db.query<{ id: string }>(
    `SELECT e.id FROM employees e JOIN companies c ON c.id = e.company_id
      WHERE c.id = (SELECT company_id FROM employees WHERE id = $1) ORDER BY e.id`,
    [employee.userResponse.employee_id],
  );
  acmeIds = acme.rows.map((r) => r.id);
  globexEmp = globex.userResponse.employee_id!;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  s: Session,
  payload?: unknown,
  headers = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...s.headers, ...headers },
    payload: payload as object | undefined,
  });

const tpl = (over: Record<string, string> = {}) => ({
  name: 'Increment',
  letter_type: 'increment',
  title: 'Increment letter for {{employee_name}}',
  body: 'Dear {{employee_name}} ({{employee_code}}),\n\n{{company_name}} revises your annual CTC to {{ctc}} from {{issue_date}}.\n\nYou joined on {{date_of_joining}} as {{designation}}.',
  ...over,
});

const countLetters = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM letters')).rows[0]!.n;
const countDocs = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employee_documents')).rows[0]!.n;

it('refuses an unknown merge field at save, naming it', async () => {
  const res = await call(
    'POST',
    '/api/admin/letter-templates',
    admin,
    tpl({ body: 'Hi {{first_name}} {{ctc}}' }),
  );
  expect(res.statusCode).toBe(400);
  expect(JSON.stringify(res.json())).toContain('{{first_name}}');
  expect(res.json().message).toContain('body');
});

it('checks roles and companies on every template route', async () => {
  const created = await call('POST', '/api/admin/letter-templates', admin, tpl({ name: 'Matrix' }));
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id;
  expect(created.json().data.fields).toEqual([
    'employee_name',
    'employee_code',
    'company_name',
    'ctc',
    'issue_date',
    'date_of_joining',
    'designation',
  ]);
  for (const s of [manager, employee]) {
    expect((await call('GET', '/api/admin/letter-templates', s)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/letter-templates', s, tpl({ name: 'x' }))).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/letter-templates/${id}`, s, tpl())).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/letter-templates/${id}`, s)).statusCode).toBe(403);
    const gen = { template_id: id, employee_ids: [acmeIds[0]], ctc_paise: 100 };
    expect((await call('POST', '/api/admin/letters/generate', s, gen)).statusCode).toBe(403);
  }
  expect((await call('GET', `/api/admin/letter-templates/${id}`, globex)).statusCode).toBe(404);
  expect((await call('PUT', `/api/admin/letter-templates/${id}`, globex, tpl())).statusCode).toBe(404);
  expect((await call('DELETE', `/api/admin/letter-templates/${id}`, globex)).statusCode).toBe(404);
  expect((await call('GET', '/api/admin/letter-templates', globex)).json().meta.totalCount).toBe(0);

  const dup = await call('POST', '/api/admin/letter-templates', admin, tpl({ name: 'matrix' }));
  expect(dup.statusCode).toBe(409);
  const upd = await call(
    'PUT',
    `/api/admin/letter-templates/${id}`,
    admin,
    tpl({ name: 'Matrix 2', body: 'Hi' }),
  );
  expect(upd.json().data).toMatchObject({ name: 'Matrix 2', body: 'Hi' });
  const list = await call('GET', '/api/admin/letter-templates?search_term=matrix', admin);
  expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([id]);
  expect((await call('DELETE', `/api/admin/letter-templates/${id}`, admin)).statusCode).toBe(200);
  expect((await call('GET', `/api/admin/letter-templates/${id}`, admin)).statusCode).toBe(404);
});

it('previews the text for one employee of the company only', async () => {
  const empId = employee.userResponse.employee_id!;
  const body = { title: 'For {{employee_name}}', body: 'CTC {{ctc}} on {{issue_date}}', employee_id: empId };
  const res = await call('POST', '/api/admin/letter-templates/preview', admin, {
    ...body,
    issue_date: '2026-04-01',
    ctc_paise: 120000000,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.body).toBe('CTC ₹12,00,000.00 on 1 April 2026');
  expect(res.json().data.title).not.toContain('{{');
  const noCtc = await call('POST', '/api/admin/letter-templates/preview', admin, body);
  expect(noCtc.json().data.body).toMatch(/^CTC \{\{ctc\}\} on \d{1,2} [A-Z][a-z]+ \d{4}$/);
  expect((await call('POST', '/api/admin/letter-templates/preview', globex, body)).statusCode).toBe(404);
  expect((await call('POST', '/api/admin/letter-templates/preview', manager, body)).statusCode).toBe(403);
  const bad = await call('POST', '/api/admin/letter-templates/preview', admin, { ...body, body: '{{nope}}' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toContain('body');
});

it('generates three letters at once; a retry with the same key does not duplicate', async () => {
  const template = (await call('POST', '/api/admin/letter-templates', admin, tpl({ name: 'Bulk' }))).json()
    .data;
  const three = acmeIds.slice(0, 3);
  expect(three).toHaveLength(3);
  const before = await countLetters();
  const gen = {
    template_id: template.id,
    employee_ids: three,
    issue_date: '2026-04-01',
    ctc_paise: 120000000,
  };
  const key = { 'idempotency-key': 'bulk-three-0001' };

  const noCtc = await call('POST', '/api/admin/letters/generate', admin, { ...gen, ctc_paise: undefined });
  expect(noCtc.statusCode).toBe(400);
  expect(noCtc.json().message).toContain('CTC');

  const res = await call('POST', '/api/admin/letters/generate', admin, gen, key);
  expect(res.statusCode).toBe(201);
  expect(res.json().data.created).toBe(3);
  const letters = res.json().data.letters;
  expect(letters.map((l: { employee_id: string }) => l.employee_id)).toEqual(three);
  expect(letters.every((l: { status: string }) => l.status === 'pending')).toBe(true);
  expect(await countLetters()).toBe(before + 3);

  const again = await call('POST', '/api/admin/letters/generate', admin, gen, key);
  expect(again.statusCode).toBe(200);
  const ids = (list: { id: string }[]) => list.map((l) => l.id).sort();
  expect(ids(again.json().data.letters)).toEqual(ids(letters));
  expect(await countLetters()).toBe(before + 3);

  const mine = letters.find(
    (l: { employee_id: string }) => l.employee_id === employee.userResponse.employee_id,
  );
  if (mine) {
    const file = await call('GET', mine.download_url, employee);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mine.title).toContain('Increment letter for');
  }
  const file = await call('GET', letters[0].download_url, admin);
  expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
});

it('the same key twice at once creates one batch', async () => {
  const template = (await call('POST', '/api/admin/letter-templates', admin, tpl({ name: 'Race' }))).json()
    .data;
  const before = await countLetters();
  const docs = await countDocs();
  const gen = { template_id: template.id, employee_ids: acmeIds.slice(0, 2), ctc_paise: 5000000 };
  const key = { 'idempotency-key': 'race-key-0001' };
  const [a, b] = await Promise.all([
    call('POST', '/api/admin/letters/generate', admin, gen, key),
    call('POST', '/api/admin/letters/generate', admin, gen, key),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
  expect(await countLetters()).toBe(before + 2);
  expect(await countDocs()).toBe(docs + 2);
});

it("refuses another company's employee with nothing created", async () => {
  const template = (await call('POST', '/api/admin/letter-templates', admin, tpl({ name: 'Mixed' }))).json()
    .data;
  const before = await countLetters();
  const docs = await countDocs();
  const res = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: template.id,
    employee_ids: [acmeIds[0], globexEmp],
    ctc_paise: 100,
  });
  expect(res.statusCode).toBe(404);
  expect(res.json().message).toContain(globexEmp);
  expect(await countLetters()).toBe(before);
  expect(await countDocs()).toBe(docs);
  // Another company's template.
  const other = await call('POST', '/api/admin/letters/generate', globex, {
    template_id: template.id,
    employee_ids: [globexEmp],
  });
  expect(other.statusCode).toBe(404);
  const big = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: template.id,
    employee_ids: Array.from({ length: 201 }, () => crypto.randomUUID()),
  });
  expect(big.statusCode).toBe(400);
  expect(big.json().message).toContain('employee_ids');
  const twice = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: template.id,
    employee_ids: [acmeIds[0], acmeIds[0]],
  });
  expect(twice.statusCode).toBe(400);
});
