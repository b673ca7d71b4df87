import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
/** Acme's manager, given admin_dashboard.view only: sees payroll settings, changes nothing. */
let viewer: Session;
let employee: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
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
});
afterAll(() => t.close());

const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);

type Row = { id: string; name: string; kind?: string; active: boolean };
async function earningNamed(s: Session, name: string): Promise<Row> {
  const res = await call(
    s,
    'GET',
    `/api/component/earnings?recordPerPage=100&search=${encodeURIComponent(name)}`,
  );
  return (res.json().data as Row[]).find((e) => e.name === name)!;
}

const conveyance = {
  name: 'Telephone allowance',
  value_type: 'fixed_amount',
  amount_paise: 1000_00,
  epf_wage: false,
  esi_wage: true,
};
const deduction = { name: 'Club fees', frequency: 'recurring' };
const benefit = {
  name: 'Meal vouchers',
  benefit_plan: 'flexible_benefit',
  tax_exemption: '17(2)',
  value_type: 'fixed_amount',
  amount_paise: 2200_00,
};

describe('permission matrix', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  // [method, url, needs, body]: 'view' = admin_dashboard.view, 'edit' = admin_dashboard.edit.
  const routes: [string, string, 'view' | 'edit', object | undefined][] = [
    ['GET', '/api/component/earnings', 'view', undefined],
    ['GET', '/api/component/earnings/fixed', 'view', undefined],
    ['GET', '/api/component/earnings/basic', 'view', undefined],
    ['GET', `/api/component/earnings/${id}`, 'view', undefined],
    ['POST', '/api/component/earnings', 'edit', conveyance],
    ['PUT', `/api/component/earnings/${id}`, 'edit', conveyance],
    ['PUT', `/api/component/earnings/status/${id}`, 'edit', { active: false }],
    ['DELETE', `/api/component/earnings/${id}`, 'edit', undefined],
    ['GET', '/api/component/deductions', 'view', undefined],
    ['GET', `/api/component/deductions/${id}`, 'view', undefined],
    ['POST', '/api/component/deductions', 'edit', deduction],
    ['PUT', `/api/component/deductions/${id}`, 'edit', deduction],
    ['PUT', `/api/component/deductions/status/${id}`, 'edit', { active: false }],
    ['DELETE', `/api/component/deductions/${id}`, 'edit', undefined],
    ['GET', '/api/component/benefits', 'edit', undefined],
    ['GET', '/api/component/benefits/benefit-plan', 'edit', undefined],
    ['GET', '/api/component/benefits/tax-exemption', 'edit', undefined],
    ['GET', '/api/component/benefits/options', 'edit', undefined],
    ['GET', `/api/component/benefits/${id}`, 'edit', undefined],
    ['POST', '/api/component/benefits', 'edit', benefit],
    ['PUT', `/api/component/benefits/${id}`, 'edit', benefit],
    ['PUT', `/api/component/benefits/status/${id}`, 'edit', { active: false }],
    ['DELETE', `/api/component/benefits/${id}`, 'edit', undefined],
  ];

  it.each(routes)('%s %s needs admin_dashboard.%s', async (method, url, needs, body) => {
    expect((await call(employee, method, url, body)).statusCode).toBe(403);
    const v = await call(viewer, method, url, body);
    if (needs === 'edit') expect(v.statusCode).toBe(403);
    else expect(v.statusCode).not.toBe(403);
    expect((await t.app.inject({ method: method as 'GET', url })).statusCode).toBe(401);
  });
});

describe('earnings', () => {
  it('lists the seeded defaults paged, basic first and the balancing line last, with the spec page size name', async () => {
    const res = await call(admin, 'GET', '/api/component/earnings?page=1&recordPerPage=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ totalCount: 5, page: 1, records: 2 });
    expect(res.json().data.map((e: Row) => e.name)).toEqual(['Basic', 'House rent allowance']);
    const all = await call(admin, 'GET', '/api/component/earnings?records=100');
    expect(all.json().data.at(-1)).toMatchObject({ name: 'Special allowance', value_type: 'balancing' });
    const basic = await call(admin, 'GET', '/api/component/earnings/basic');
    expect(basic.json().data).toMatchObject({
      name: 'Basic',
      value_type: 'percentage_of_ctc',
      percent: 50,
      epf_wage: true,
    });
    const hra = await earningNamed(admin, 'House rent allowance');
    expect(hra).toMatchObject({ value_type: 'percentage_of_basic', percent: 40 });
  });

  it('creates, reads, updates, toggles and deletes an earning', async () => {
    const res = await call(admin, 'POST', '/api/component/earnings', conveyance);
    expect(res.statusCode).toBe(201);
    const e = res.json().data;
    expect(e).toMatchObject({
      name: 'Telephone allowance',
      payslip_name: 'Telephone allowance',
      kind: 'allowance',
      earning_type: 'fixed',
      amount_paise: 1000_00,
      percent: null,
      taxable: true,
      active: true,
      template_count: 0,
    });
    expect((await call(admin, 'GET', `/api/component/earnings/${e.id}`)).json().data.id).toBe(e.id);
    const upd = await call(admin, 'PUT', `/api/component/earnings/${e.id}`, {
      ...conveyance,
      value_type: 'percentage_of_basic',
      percent: 12.5,
      amount_paise: null,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({
      value_type: 'percentage_of_basic',
      percent: 12.5,
      amount_paise: null,
    });
    const off = await call(admin, 'PUT', `/api/component/earnings/status/${e.id}`, { active: false });
    expect(off.json().data.active).toBe(false);
    // The same toggle twice leaves it as asked (no flip-flop).
    await call(admin, 'PUT', `/api/component/earnings/status/${e.id}`, { active: false });
    const inactive = await call(admin, 'GET', '/api/component/earnings?active=false');
    expect(inactive.json().data.map((x: Row) => x.id)).toEqual([e.id]);
    expect(
      (await call(admin, 'GET', '/api/component/earnings/fixed')).json().data.map((x: Row) => x.id),
    ).not.toContain(e.id);
    expect((await call(admin, 'DELETE', `/api/component/earnings/${e.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/component/earnings/${e.id}`)).statusCode).toBe(404);
  });

  it('names the field that is wrong', async () => {
    const bad = await call(admin, 'POST', '/api/component/earnings', {
      name: '',
      value_type: 'fixed_amount',
      extra: 1,
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'extra']));
    const noAmount = await call(admin, 'POST', '/api/component/earnings', {
      name: 'X',
      value_type: 'fixed_amount',
    });
    expect(noAmount.json().errors).toEqual([expect.objectContaining({ path: 'amount_paise' })]);
    const noPercent = await call(admin, 'POST', '/api/component/earnings', {
      name: 'X',
      value_type: 'percentage_of_ctc',
      percent: 12.345,
    });
    expect(noPercent.json().errors).toEqual([expect.objectContaining({ path: 'percent' })]);
    const balancing = await call(admin, 'POST', '/api/component/earnings', {
      name: 'X',
      value_type: 'balancing',
    });
    expect(balancing.json().errors).toEqual([expect.objectContaining({ path: 'value_type' })]);
    const huge = await call(admin, 'POST', '/api/component/earnings', {
      ...conveyance,
      name: 'x'.repeat(5000),
    });
    expect(huge.statusCode).toBe(400);
  });

  it('refuses a duplicate name (any case) and a second basic', async () => {
    const dup = await call(admin, 'POST', '/api/component/earnings', { ...conveyance, name: 'basic' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An earning with this name already exists');
    const second = await call(admin, 'POST', '/api/component/earnings', {
      name: 'Basic two',
      kind: 'basic',
      value_type: 'percentage_of_ctc',
      percent: 40,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors[0].path).toBe('kind');
  });

  it('creates once when the same request arrives twice at once', async () => {
    const body = { ...conveyance, name: 'Internet allowance' };
    const codes = (
      await Promise.all([
        call(admin, 'POST', '/api/component/earnings', body),
        call(admin, 'POST', '/api/component/earnings', body),
      ])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 409]);
  });

  it('refuses to delete an earning a salary template uses, naming the template', async () => {
    const hra = await earningNamed(admin, 'House rent allowance');
    const companyId = await t.companyId('Acme Corp');
    await t.db.tenant(companyId, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO salary_templates (company_id, name, annual_ctc_paise) VALUES ($1, 'Delete guard', 100000000) RETURNING id`,
        [companyId],
      );
      await tx.query(
        `INSERT INTO salary_template_lines (company_id, template_id, earning_id, value_type, percent_bp, position)
         VALUES ($1, $2, $3, 'percentage_of_basic', 4000, 0)`,
        [companyId, rows[0]!.id, hra.id],
      );
    });
    const res = await call(admin, 'DELETE', `/api/component/earnings/${hra.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Earning "House rent allowance" is used by salary template "Delete guard"; remove it from it first, or mark it inactive',
    );
    expect((await call(admin, 'GET', `/api/component/earnings/${hra.id}`)).json().data.template_count).toBe(
      1,
    );
  });

  it("keeps another company's earnings out of reach (404)", async () => {
    const basic = await earningNamed(admin, 'Basic');
    for (const [method, url, body] of [
      ['GET', `/api/component/earnings/${basic.id}`, undefined],
      ['PUT', `/api/component/earnings/${basic.id}`, { ...conveyance, name: 'Hijack' }],
      ['PUT', `/api/component/earnings/status/${basic.id}`, { active: false }],
      ['DELETE', `/api/component/earnings/${basic.id}`, undefined],
    ] as const) {
      expect((await call(globex, method, url, body)).statusCode).toBe(404);
    }
    const mine = await call(globex, 'GET', '/api/component/earnings?records=100');
    expect(mine.json().data.map((e: Row) => e.id)).not.toContain(basic.id);
    expect((await earningNamed(admin, 'Basic')).active).toBe(true);
  });
});

describe('deductions', () => {
  it('lists, creates, reads, updates, toggles and deletes; duplicates 409; other company 404', async () => {
    const list = await call(admin, 'GET', '/api/component/deductions?page=1&recordPerPage=10');
    expect(list.json().data.map((d: Row) => d.name)).toEqual([
      'Canteen',
      'Loan recovery',
      'Notice pay recovery',
    ]);
    const res = await call(admin, 'POST', '/api/component/deductions', deduction);
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect((await call(admin, 'POST', '/api/component/deductions', { name: 'CLUB FEES' })).statusCode).toBe(
      409,
    );
    expect((await call(admin, 'GET', `/api/component/deductions/${id}`)).json().data).toMatchObject(
      deduction,
    );
    const upd = await call(admin, 'PUT', `/api/component/deductions/${id}`, {
      name: 'Club fee',
      frequency: 'one_time',
    });
    expect(upd.json().data).toMatchObject({ name: 'Club fee', frequency: 'one_time' });
    expect(
      (await call(admin, 'PUT', `/api/component/deductions/status/${id}`, { active: false })).json().data
        .active,
    ).toBe(false);
    const bad = await call(admin, 'POST', '/api/component/deductions', { name: 'X', frequency: 'weekly' });
    expect(bad.json().errors[0].path).toBe('frequency');
    expect((await call(globex, 'GET', `/api/component/deductions/${id}`)).statusCode).toBe(404);
    expect((await call(globex, 'DELETE', `/api/component/deductions/${id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/component/deductions/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/component/deductions/${id}`)).statusCode).toBe(404);
  });
});

describe('benefits', () => {
  it('offers the plan, exemption and option lists', async () => {
    const plans = await call(admin, 'GET', '/api/component/benefits/benefit-plan');
    expect(plans.json().data.map((o: { value: string }) => o.value)).toEqual([
      'nps_employer',
      'flexible_benefit',
    ]);
    const ex = await call(admin, 'GET', '/api/component/benefits/tax-exemption');
    expect(ex.json().data.map((o: { value: string }) => o.value)).toContain('80CCD(2)');
    const opts = await call(admin, 'GET', '/api/component/benefits/options');
    expect(opts.json().data.map((o: { value: string }) => o.value)).toEqual([
      'fixed_amount',
      'percentage_of_basic',
      'percentage_of_ctc',
    ]);
  });

  it('lists, creates, reads, updates, toggles and deletes; validation and tenancy', async () => {
    const list = await call(admin, 'GET', '/api/component/benefits');
    expect(list.json().data).toEqual([
      expect.objectContaining({ name: 'Employer NPS contribution', tax_exemption: '80CCD(2)', percent: 10 }),
    ]);
    const res = await call(admin, 'POST', '/api/component/benefits', benefit);
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect((await call(admin, 'POST', '/api/component/benefits', benefit)).statusCode).toBe(409);
    const upd = await call(admin, 'PUT', `/api/component/benefits/${id}`, {
      ...benefit,
      amount_paise: 2600_00,
    });
    expect(upd.json().data.amount_paise).toBe(2600_00);
    expect(
      (await call(admin, 'PUT', `/api/component/benefits/status/${id}`, { active: false })).json().data
        .active,
    ).toBe(false);
    const bad = await call(admin, 'POST', '/api/component/benefits', {
      ...benefit,
      name: 'Y',
      tax_exemption: '99Z',
    });
    expect(bad.json().errors[0].path).toBe('tax_exemption');
    expect((await call(globex, 'GET', `/api/component/benefits/${id}`)).statusCode).toBe(404);
    expect((await call(globex, 'PUT', `/api/component/benefits/${id}`, benefit)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/component/benefits/${id}`)).statusCode).toBe(200);
  });
});
