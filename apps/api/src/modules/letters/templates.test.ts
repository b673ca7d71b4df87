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
  // Real salaries through the payroll API: {{ctc}} comes from them. acmeIds[3] has none.
  const earnings = await call('GET', '/api/component/earnings?records=100', admin);
  const earning: Record<string, string> = {};
  for (const e of earnings.json().data as { id: string; name: string }[]) earning[e.name] = e.id;
  const lines = [
    { earning_id: earning.Basic, value_type: 'percentage_of_ctc', percent: 50 },
    { earning_id: earning['Special allowance'], value_type: 'balancing' },
  ];
  const salary = async (method: 'POST' | 'PUT', employee_id: string, ctc: number, from: string) => {
    const res = await call(method, '/api/employee/salary', admin, {
      employee_id,
      annual_ctc_paise: ctc,
      effective_from: from,
      lines,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  await salary('POST', acmeIds[0]!, 12_00_000_00, '2026-01-01');
  // Revised after the letters' issue date: the letter shows the CTC in force on that date.
  await salary('POST', acmeIds[1]!, 15_50_000_00, '2026-01-01');
  await salary('PUT', acmeIds[1]!, 18_00_000_00, '2026-06-01');
  await salary('POST', acmeIds[2]!, 9_75_000_50, '2026-03-15');
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
    const gen = { template_id: id, employee_ids: [acmeIds[0]] };
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

it('previews the text for one employee of the company only, with the CTC of their own salary', async () => {
  const body = {
    title: 'For {{employee_name}}',
    body: 'CTC {{ctc}} on {{issue_date}}',
    employee_id: acmeIds[1],
  };
  const res = await call('POST', '/api/admin/letter-templates/preview', admin, {
    ...body,
    issue_date: '2026-04-01',
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.body).toBe('CTC ₹15,50,000.00 on 1 April 2026');
  expect(res.json().data.title).not.toContain('{{');
  const revised = await call('POST', '/api/admin/letter-templates/preview', admin, {
    ...body,
    issue_date: '2026-06-01',
  });
  expect(revised.json().data.body).toBe('CTC ₹18,00,000.00 on 1 June 2026');
  // No salary yet on that date: the field stays as it is in the preview.
  const before = await call('POST', '/api/admin/letter-templates/preview', admin, {
    ...body,
    issue_date: '2025-12-31',
  });
  expect(before.json().data.body).toBe('CTC {{ctc}} on 31 December 2025');
  const typed = await call('POST', '/api/admin/letter-templates/preview', admin, { ...body, ctc_paise: 1 });
  expect(typed.statusCode).toBe(400);
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
  const gen = { template_id: template.id, employee_ids: three, issue_date: '2026-04-01' };
  const key = { 'idempotency-key': 'bulk-three-0001' };

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
  const gen = { template_id: template.id, employee_ids: acmeIds.slice(0, 2) };
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
  expect(JSON.stringify(big.json().errors)).toContain('employee_ids');
  const twice = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: template.id,
    employee_ids: [acmeIds[0], acmeIds[0]],
  });
  expect(twice.statusCode).toBe(400);
});

it("puts each employee's own CTC on the issue date into the letter", async () => {
  const template = (
    await call(
      'POST',
      '/api/admin/letter-templates',
      admin,
      tpl({ name: 'CTC in title', title: 'CTC {{ctc}} for {{employee_name}}' }),
    )
  ).json().data;
  const res = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: template.id,
    employee_ids: acmeIds.slice(0, 3),
    issue_date: '2026-04-01',
  });
  expect(res.statusCode).toBe(201);
  const titles = res.json().data.letters.map((l: { title: string }) => l.title.replace(/ for .*/, ''));
  expect(titles).toEqual(['CTC ₹12,00,000.00', 'CTC ₹15,50,000.00', 'CTC ₹9,75,000.50']);
  const file = await call('GET', res.json().data.letters[1].download_url, admin);
  expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
});

it('refuses the whole batch, naming them, when an employee has no salary on the issue date', async () => {
  const template = (
    await call('POST', '/api/admin/letter-templates', admin, tpl({ name: 'No salary' }))
  ).json().data;
  const names = await t.db.query<{ id: string; name: string }>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name FROM employees WHERE id = ANY($1::uuid[])`,
    [acmeIds.slice(0, 4)],
  );
  const nameOf = (id: string) => names.rows.find((r) => r.id === id)!.name;
  const before = await countLetters();
  const docs = await countDocs();
  // acmeIds[2]'s salary starts on 15 March 2026; acmeIds[3] has none at all.
  const res = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: template.id,
    employee_ids: [acmeIds[0], acmeIds[2], acmeIds[3]],
    issue_date: '2026-03-01',
  });
  expect(res.statusCode).toBe(400);
  const msg = res.json().message as string;
  expect(msg).toContain('{{ctc}}');
  expect(msg).toContain('1 March 2026');
  expect(msg).toContain(nameOf(acmeIds[2]!));
  expect(msg).toContain(nameOf(acmeIds[3]!));
  expect(msg).not.toContain(nameOf(acmeIds[0]!));
  expect(res.json().errors[0].path).toBe('employee_ids');
  expect(await countLetters()).toBe(before);
  expect(await countDocs()).toBe(docs);
  // A template without {{ctc}} needs no salary.
  const plain = (
    await call(
      'POST',
      '/api/admin/letter-templates',
      admin,
      tpl({ name: 'Plain', body: 'Dear {{employee_name}}' }),
    )
  ).json().data;
  const ok = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: plain.id,
    employee_ids: [acmeIds[3]],
  });
  expect(ok.statusCode).toBe(201);
  const typed = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: plain.id,
    employee_ids: [acmeIds[3]],
    ctc_paise: 100,
  });
  expect(typed.statusCode).toBe(400);
});

it("generates a letter whose title and body look like markup or PDF names: the upload check (issue 21) passes the app's own PDF", async () => {
  const template = (
    await call(
      'POST',
      '/api/admin/letter-templates',
      admin,
      tpl({
        name: 'Markup-like',
        title: 'Offer <html> /JavaScript 2026/27 for {{employee_name}}',
        body: 'Dear {{employee_name}},\n\nWelcome to the <script> team (/OpenAction, /AA).',
      }),
    )
  ).json().data;
  const res = await call('POST', '/api/admin/letters/generate', admin, {
    template_id: template.id,
    employee_ids: [acmeIds[0]],
    issue_date: '2026-04-01',
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().data.letters[0].title).toMatch(/^Offer <html> \/JavaScript 2026\/27 for /);
});
