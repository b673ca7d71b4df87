import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
/** Acme's manager, given admin_dashboard.view only. */
let viewer: Session;
let employee: Session;
let globex: Session;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  // 20 Nov 2026 in India: the EPF wage ceiling is ₹25,000 (from 17 Sep 2026, the engine's data).
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  await t.db.query(
    `UPDATE roles SET permissions = array_append(permissions, 'admin_dashboard.view')
      WHERE name = 'Manager' AND company_id = (SELECT id FROM companies WHERE name = 'Acme Corp')`,
  );
  [admin, viewer, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  const res = await call(admin, 'GET', '/api/component/earnings?records=100');
  for (const e of res.json().data as { id: string; kind: string; name: string }[]) ids[e.name] = e.id;
  ids.employee = employee.userResponse.employee_id as string;
});
afterAll(() => t.close());

const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);

const standardLines = () => [
  { earning_id: ids.Basic, value_type: 'percentage_of_ctc', percent: 50 },
  { earning_id: ids['House rent allowance'], value_type: 'percentage_of_basic', percent: 40 },
  { earning_id: ids['Conveyance allowance'], value_type: 'fixed_amount', amount_paise: 1600_00 },
  { earning_id: ids['Special allowance'], value_type: 'balancing' },
];
const LAKH = 100_000_00;
const template = (name: string, annual = 12 * LAKH) => ({
  name,
  annual_ctc_paise: annual,
  lines: standardLines(),
});
type Line = { code: string; monthly_paise: number; annual_paise: number; basis: string };
const line = (lines: Line[], code: string) => lines.find((l) => l.code === code)!;

describe('permission matrix', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: [string, string, 'view' | 'edit', object | undefined][] = [
    ['GET', '/api/salary-templates', 'view', undefined],
    ['GET', `/api/salary-templates/${id}`, 'view', undefined],
    ['POST', '/api/salary-templates/preview', 'view', { annual_ctc_paise: 1, lines: [] }],
    ['POST', '/api/salary-templates', 'edit', { name: 'x' }],
    ['PUT', `/api/salary-templates/${id}`, 'edit', { name: 'x' }],
    ['PUT', `/api/salary-templates/${id}/toggle`, 'edit', { active: false }],
    ['DELETE', `/api/salary-templates/${id}`, 'edit', undefined],
    ['GET', '/api/statutory-component/epf', 'view', undefined],
    ['PUT', '/api/statutory-component/epf/update', 'edit', {}],
    ['PUT', '/api/statutory-component/epf/toggle', 'edit', { enabled: true }],
    ['GET', '/api/statutory-component/esi', 'view', undefined],
    ['PUT', '/api/statutory-component/esi/update', 'edit', {}],
    ['PUT', '/api/statutory-component/esi/toggle', 'edit', { enabled: true }],
    ['GET', `/api/employee/salary/${id}`, 'view', undefined],
    ['POST', '/api/employee/salary', 'edit', {}],
    ['PUT', '/api/employee/salary', 'edit', {}],
  ];
  it.each(routes)('%s %s needs admin_dashboard.%s', async (method, url, needs, body) => {
    expect((await call(employee, method, url, body)).statusCode).toBe(403);
    const v = await call(viewer, method, url, body);
    if (needs === 'edit') expect(v.statusCode).toBe(403);
    else expect(v.statusCode).not.toBe(403);
    expect((await t.app.inject({ method: method as 'GET', url })).statusCode).toBe(401);
  });
});

describe('salary templates', () => {
  it('previews the live breakup of a ₹12 L CTC with the EPF employer share from the engine', async () => {
    const res = await call(admin, 'POST', '/api/salary-templates/preview', {
      annual_ctc_paise: 12 * LAKH,
      lines: standardLines(),
    });
    expect(res.statusCode).toBe(200);
    const b = res.json().data;
    expect(b.monthly_ctc_paise).toBe(1 * LAKH);
    expect(b.figures_on).toBe('2026-11-20');
    expect(line(b.lines, 'basic').monthly_paise).toBe(50_000_00);
    expect(line(b.lines, 'hra').monthly_paise).toBe(20_000_00);
    // Restricted (the default) to the ₹25,000 ceiling in force: 12% = ₹3,000.
    expect(line(b.lines, 'epf_employer').monthly_paise).toBe(3_000_00);
    expect(line(b.lines, 'epf_employer').basis).toContain('₹25,000');
    expect(line(b.lines, 'esi_employer').monthly_paise).toBe(0);
    expect(line(b.lines, 'special_allowance').monthly_paise).toBe(
      1 * LAKH - 50_000_00 - 20_000_00 - 1_600_00 - 3_000_00,
    );
    expect(b.figures.map((f: { label: string }) => f.label)).toContain(
      'EPF/EPS/EDLI wage ceiling (per month)',
    );
    expect(b.warnings).toEqual([]);
    // Before 17 Sep 2026 the ceiling was ₹15,000.
    const before = await call(admin, 'POST', '/api/salary-templates/preview', {
      annual_ctc_paise: 12 * LAKH,
      lines: standardLines(),
      as_of: '2026-06-01',
    });
    expect(line(before.json().data.lines, 'epf_employer').monthly_paise).toBe(1_800_00);
  });

  it('warns in the preview and refuses to save when the balancing line goes negative', async () => {
    const lines = [...standardLines()];
    lines[2] = {
      earning_id: ids['Conveyance allowance'],
      value_type: 'fixed_amount',
      amount_paise: 40_000_00,
    };
    const res = await call(admin, 'POST', '/api/salary-templates/preview', {
      annual_ctc_paise: 12 * LAKH,
      lines,
    });
    expect(res.json().data.warnings[0].code).toBe('balancing_negative');
    const save = await call(admin, 'POST', '/api/salary-templates', {
      name: 'Too much',
      annual_ctc_paise: 12 * LAKH,
      lines,
    });
    expect(save.statusCode).toBe(400);
    expect(save.json().errors[0]).toMatchObject({ path: 'annual_ctc_paise' });
    expect(save.json().errors[0].message).toContain('Special allowance would be');
  });

  it('creates, lists, reads, updates, toggles and deletes a template', async () => {
    const res = await call(admin, 'POST', '/api/salary-templates', template('Engineer 12L'));
    expect(res.statusCode).toBe(201);
    const tpl = res.json().data;
    expect(tpl).toMatchObject({
      name: 'Engineer 12L',
      annual_ctc_paise: 12 * LAKH,
      active: true,
      employee_count: 0,
    });
    expect(tpl.lines.map((l: { component_name: string }) => l.component_name)).toEqual([
      'Basic',
      'House rent allowance',
      'Conveyance allowance',
      'Special allowance',
    ]);
    expect(line(tpl.breakup.lines, 'basic').annual_paise).toBe(6 * LAKH);
    const list = await call(admin, 'GET', '/api/salary-templates?page=1&recordsPerPage=5');
    expect(list.json().meta).toMatchObject({ page: 1, records: 5 });
    expect(list.json().data.map((x: { name: string }) => x.name)).toContain('Engineer 12L');
    const upd = await call(admin, 'PUT', `/api/salary-templates/${tpl.id}`, {
      ...template('Engineer 15L', 15 * LAKH),
      description: 'Senior',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({
      name: 'Engineer 15L',
      description: 'Senior',
      annual_ctc_paise: 15 * LAKH,
    });
    const off = await call(admin, 'PUT', `/api/salary-templates/${tpl.id}/toggle`, { active: false });
    expect(off.json().data.active).toBe(false);
    expect(
      (await call(admin, 'GET', '/api/salary-templates?active=false'))
        .json()
        .data.map((x: { id: string }) => x.id),
    ).toEqual([tpl.id]);
    expect((await call(admin, 'DELETE', `/api/salary-templates/${tpl.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/salary-templates/${tpl.id}`)).statusCode).toBe(404);
  });

  it('names the line that is wrong, refuses duplicates and a second balancing line', async () => {
    const noBalance = await call(admin, 'POST', '/api/salary-templates', {
      name: 'X',
      annual_ctc_paise: 12 * LAKH,
      lines: standardLines().slice(0, 3),
    });
    expect(noBalance.statusCode).toBe(400);
    expect(noBalance.json().errors[0]).toMatchObject({
      path: 'lines',
      message: 'Exactly one line must be the balancing line',
    });
    const dupLine = await call(admin, 'POST', '/api/salary-templates', {
      name: 'X',
      annual_ctc_paise: 12 * LAKH,
      lines: [...standardLines(), standardLines()[0]],
    });
    expect(dupLine.json().errors[0].path).toBe('lines.4.earning_id');
    const missingPercent = standardLines();
    missingPercent[1] = {
      earning_id: ids['House rent allowance'],
      value_type: 'percentage_of_basic',
    } as never;
    const mp = await call(admin, 'POST', '/api/salary-templates', {
      name: 'X',
      annual_ctc_paise: 12 * LAKH,
      lines: missingPercent,
    });
    expect(mp.json().errors[0].path).toBe('lines.1.percent');
    const first = await call(admin, 'POST', '/api/salary-templates', template('Dup'));
    expect(first.statusCode).toBe(201);
    const again = await call(admin, 'POST', '/api/salary-templates', template('DUP'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A salary template with this name already exists');
  });

  it("refuses another company's components in a line and hides its templates", async () => {
    const mine = await call(admin, 'POST', '/api/salary-templates', template('Acme only'));
    const tplId = mine.json().data.id;
    const theirs = await call(globex, 'POST', '/api/salary-templates', template('Borrowed lines'));
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors[0]).toMatchObject({
      path: 'lines.0.earning_id',
      message: 'No such component in this company',
    });
    for (const [method, url, body] of [
      ['GET', `/api/salary-templates/${tplId}`, undefined],
      ['PUT', `/api/salary-templates/${tplId}`, template('Hijack')],
      ['PUT', `/api/salary-templates/${tplId}/toggle`, { active: false }],
      ['DELETE', `/api/salary-templates/${tplId}`, undefined],
    ] as const) {
      expect((await call(globex, method, url, body)).statusCode).toBe(404);
    }
  });

  it('refuses to delete a component a template uses, through the API', async () => {
    const res = await call(admin, 'DELETE', `/api/component/earnings/${ids['Conveyance allowance']}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Earning "Conveyance allowance" is used by salary templates? /);
  });
});

describe('statutory settings', () => {
  it('shows EPF and ESI with the engine figures in force and their sources; updates and toggles', async () => {
    const epf = await call(admin, 'GET', '/api/statutory-component/epf');
    expect(epf.json().data).toMatchObject({
      enabled: true,
      employee_base: 'restricted',
      employer_base: 'restricted',
      employer_in_ctc: true,
      figures_on: '2026-11-20',
    });
    const ceiling = epf.json().data.figures.find((f: { label: string }) => f.label.includes('wage ceiling'));
    expect(ceiling.value).toBe('₹25,000');
    expect(ceiling.source).toContain('5109');
    const upd = await call(admin, 'PUT', '/api/statutory-component/epf/update', {
      establishment_code: 'KN/BNG/0012345',
      employer_base: 'actual',
    });
    expect(upd.json().data).toMatchObject({
      establishment_code: 'KN/BNG/0012345',
      employer_base: 'actual',
      employee_base: 'restricted',
    });
    const bad = await call(admin, 'PUT', '/api/statutory-component/epf/update', { employer_base: 'half' });
    expect(bad.json().errors[0].path).toBe('employer_base');
    // The template breakup follows the employer base: 12% of the actual ₹50,000 PF wage.
    const p = await call(admin, 'POST', '/api/salary-templates/preview', {
      annual_ctc_paise: 12 * LAKH,
      lines: standardLines(),
    });
    expect(line(p.json().data.lines, 'epf_employer').monthly_paise).toBe(6_000_00);
    const off = await call(admin, 'PUT', '/api/statutory-component/epf/toggle', { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    const p2 = await call(admin, 'POST', '/api/salary-templates/preview', {
      annual_ctc_paise: 12 * LAKH,
      lines: standardLines(),
    });
    expect(p2.json().data.lines.some((l: Line) => l.code === 'epf_employer')).toBe(false);
    await call(admin, 'PUT', '/api/statutory-component/epf/toggle', { enabled: true });
    await call(admin, 'PUT', '/api/statutory-component/epf/update', { employer_base: 'restricted' });

    const esi = await call(admin, 'PUT', '/api/statutory-component/esi/update', {
      esi_code: '31-00-123456-000-0001',
    });
    expect(esi.json().data).toMatchObject({ esi_code: '31-00-123456-000-0001', enabled: true });
    expect(esi.json().data.figures.map((f: { value: string }) => f.value)).toEqual(
      expect.arrayContaining(['0.75%', '3.25%']),
    );
    expect(
      (await call(admin, 'PUT', '/api/statutory-component/esi/toggle', { enabled: false })).json().data
        .enabled,
    ).toBe(false);
    await call(admin, 'PUT', '/api/statutory-component/esi/toggle', { enabled: true });
    // Another company's settings are its own.
    expect(
      (await call(globex, 'GET', '/api/statutory-component/epf')).json().data.establishment_code,
    ).toBeNull();
  });
});

describe('employee salary', () => {
  it('assigns from a template, then records revisions as new rows with history and the arrears marker', async () => {
    const tpl = (await call(admin, 'POST', '/api/salary-templates', template('Assignable'))).json().data;
    const empty = await call(admin, 'GET', `/api/employee/salary/${ids.employee}`);
    expect(empty.json().data).toMatchObject({ current: null, history: [] });
    const noRevision = await call(admin, 'PUT', '/api/employee/salary', {
      employee_id: ids.employee,
      template_id: tpl.id,
      annual_ctc_paise: 12 * LAKH,
      effective_from: '2026-11-01',
    });
    expect(noRevision.statusCode).toBe(409);
    const first = await call(admin, 'POST', '/api/employee/salary', {
      employee_id: ids.employee,
      template_id: tpl.id,
      annual_ctc_paise: 12 * LAKH,
      effective_from: '2026-04-01',
      note: null,
    });
    expect(first.statusCode).toBe(201);
    const s1 = first.json().data;
    expect(s1.current).toMatchObject({
      template_name: 'Assignable',
      annual_ctc_paise: 12 * LAKH,
      effective_from: '2026-04-01',
      arrears_from: null,
    });
    expect(s1.current.lines.find((l: Line) => l.code === 'basic').monthly_paise).toBe(50_000_00);
    const twice = await call(admin, 'POST', '/api/employee/salary', {
      employee_id: ids.employee,
      template_id: tpl.id,
      annual_ctc_paise: 12 * LAKH,
      effective_from: '2026-05-01',
    });
    expect(twice.statusCode).toBe(409);
    // A revision back-dated into August (months already paid): arrears from then.
    const rev = await call(admin, 'PUT', '/api/employee/salary', {
      employee_id: ids.employee,
      annual_ctc_paise: 15 * LAKH,
      effective_from: '2026-08-01',
      lines: standardLines(),
      note: 'Annual raise',
    });
    expect(rev.statusCode).toBe(200);
    const s2 = rev.json().data;
    expect(s2.history.map((h: { effective_from: string }) => h.effective_from)).toEqual([
      '2026-08-01',
      '2026-04-01',
    ]);
    expect(s2.current).toMatchObject({
      annual_ctc_paise: 15 * LAKH,
      arrears_from: '2026-08-01',
      template_id: null,
    });
    // The first row is as it was.
    expect(s2.history[1]).toEqual(s1.current);
    // A future revision is history, not yet current; the same date twice is refused.
    const future = await call(admin, 'PUT', '/api/employee/salary', {
      employee_id: ids.employee,
      template_id: tpl.id,
      annual_ctc_paise: 18 * LAKH,
      effective_from: '2027-01-01',
    });
    expect(future.json().data.current.effective_from).toBe('2026-08-01');
    expect(future.json().data.history[0]).toMatchObject({ effective_from: '2027-01-01', arrears_from: null });
    const sameDay = await call(admin, 'PUT', '/api/employee/salary', {
      employee_id: ids.employee,
      template_id: tpl.id,
      annual_ctc_paise: 18 * LAKH,
      effective_from: '2027-01-01',
    });
    expect(sameDay.statusCode).toBe(409);
    expect(sameDay.json().errors[0].path).toBe('effective_from');
    // The template now has a salary from it: it is not deleted.
    const del = await call(admin, 'DELETE', `/api/salary-templates/${tpl.id}`);
    expect(del.statusCode).toBe(409);
  });

  it('a date the statutory data does not cover is a 400 naming the field and the date, saving nothing', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employee_salaries');
    // A first salary or a revision (the test above assigns one): the date is checked either way.
    const has = (await call(admin, 'GET', `/api/employee/salary/${ids.employee}`)).json().data.history.length;
    const res = await call(admin, has ? 'PUT' : 'POST', '/api/employee/salary', {
      employee_id: ids.employee,
      annual_ctc_paise: 12 * LAKH,
      effective_from: '2019-04-01',
      lines: standardLines(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().errors).toEqual([
      {
        path: 'effective_from',
        message: expect.stringMatching(
          /^No statutory figures are in force on 1 Apr 2019: the payroll engine has no .+ for that day\. Choose a date the statutory data covers$/,
        ),
      },
    ]);
    expect(res.json().message).toMatch(/^Effective from: No statutory figures are in force on 1 Apr 2019/);
    const preview = await call(admin, 'POST', '/api/salary-templates/preview', {
      annual_ctc_paise: 12 * LAKH,
      lines: standardLines(),
      as_of: '2019-04-01',
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().errors[0].path).toBe('as_of');
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employee_salaries');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('validates naming the field, and keeps other companies out', async () => {
    const bad = await call(admin, 'POST', '/api/employee/salary', {
      employee_id: ids.employee,
      annual_ctc_paise: 0,
      effective_from: '20-11-2026',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['annual_ctc_paise', 'effective_from', 'template_id'].sort());
    expect((await call(globex, 'GET', `/api/employee/salary/${ids.employee}`)).statusCode).toBe(404);
    const theirs = await call(globex, 'POST', '/api/employee/salary', {
      employee_id: ids.employee,
      annual_ctc_paise: 12 * LAKH,
      effective_from: '2026-11-01',
      lines: standardLines(),
    });
    expect(theirs.statusCode).toBe(404);
  });
});
