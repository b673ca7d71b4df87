import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';
import { declarationsForPayRun } from './index';

let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;
let employeeId: string;

const LAKH = 100_000_00;
const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);
const WINDOW = {
  opens_on: '2026-04-01',
  closes_on: '2027-01-15',
  proof_opens_on: '2027-01-01',
  proof_closes_on: '2027-03-15',
};
/** An old-regime declaration with every kind of item. */
const declaration = (over: object = {}) => ({
  financial_year: '2026-27',
  regime: 'old',
  section_80c: [
    { label: 'PPF', amount_paise: 1_00_000_00 },
    { label: 'ELSS', amount_paise: 30_000_00 },
  ],
  nps_80ccd1b_paise: 50_000_00,
  health_self_paise: 25_000_00,
  health_parents_paise: 40_000_00,
  parents_senior: true,
  rent: {
    monthly_rent_paise: 25_000_00,
    months: 12,
    city: 'Bengaluru',
    landlord_name: 'R Rao',
    landlord_pan: 'abcde1234f',
  },
  home_loan_interest_paise: 0,
  lta_paise: 20_000_00,
  other_income_paise: 10_000_00,
  previous_employer: null,
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T06:00:00Z'));
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
  employeeId = employee.userResponse.employee_id as string;
  // The comparison projects the employee's own salary: a date of birth (age band) and a salary.
  await t.db.query(`UPDATE employees SET date_of_birth = '1992-01-01' WHERE id = $1`, [employeeId]);
  const earnings = await call(admin, 'GET', '/api/component/earnings?records=100');
  const ids: Record<string, string> = {};
  for (const e of earnings.json().data as { id: string; name: string }[]) ids[e.name] = e.id;
  const tpl = await call(admin, 'POST', '/api/salary-templates', {
    name: 'Tax declaration template',
    annual_ctc_paise: 12 * LAKH,
    lines: [
      { earning_id: ids.Basic, value_type: 'percentage_of_ctc', percent: 50 },
      { earning_id: ids['House rent allowance'], value_type: 'percentage_of_basic', percent: 40 },
      { earning_id: ids['Special allowance'], value_type: 'balancing' },
    ],
  });
  expect(tpl.statusCode, tpl.body).toBe(201);
  const sal = await call(admin, 'POST', '/api/employee/salary', {
    employee_id: employeeId,
    template_id: tpl.json().data.id,
    annual_ctc_paise: 12 * LAKH,
    effective_from: '2026-04-01',
  });
  expect(sal.statusCode, sal.body).toBeLessThan(300);
});
afterAll(() => t.close());

describe('tax declarations', () => {
  it('refuses declarations until the administrator sets the window, in words', async () => {
    const mine = await call(employee, 'GET', '/api/tax/my/declaration');
    expect(mine.statusCode, mine.body).toBe(200);
    const d = mine.json().data;
    expect(d.financial_year).toBe('2026-27');
    expect(d.status).toBe('not_started');
    expect(d.regime).toBe('new');
    expect(d.window_open).toBe(false);
    expect(d.window_message).toBe('Declarations for 2026-27 are not open: the dates have not been set yet');
    const save = await call(employee, 'PUT', '/api/tax/my/declaration', declaration());
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe(
      'Declarations for 2026-27 are not open: the dates have not been set yet',
    );
  });

  it('lets an administrator set the window, checking the dates; weaker roles are refused', async () => {
    expect((await call(manager, 'PUT', '/api/tax/windows/2026-27', WINDOW)).statusCode).toBe(403);
    expect((await call(employee, 'PUT', '/api/tax/windows/2026-27', WINDOW)).statusCode).toBe(403);
    expect((await call(employee, 'GET', '/api/tax/windows/2026-27')).statusCode).toBe(403);

    const backwards = await call(admin, 'PUT', '/api/tax/windows/2026-27', {
      ...WINDOW,
      closes_on: '2026-03-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({
      path: 'closes_on',
      message: expect.stringMatching(/on or after/),
    });
    const half = await call(admin, 'PUT', '/api/tax/windows/2026-27', { ...WINDOW, proof_closes_on: null });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors[0].message).toBe('Give both proof dates, or neither');
    const outside = await call(admin, 'PUT', '/api/tax/windows/2026-27', {
      ...WINDOW,
      closes_on: '2027-06-30',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(
      'The closing date must be between 1 Jan 2026 and 31 Mar 2027 for 2026-27',
    );
    const year9999 = await call(admin, 'PUT', '/api/tax/windows/9999-00', WINDOW);
    expect(year9999.statusCode).toBe(400);
    expect(year9999.json().message).not.toMatch(/financial_year/);
    const date9999 = await call(admin, 'PUT', '/api/tax/windows/2026-27', {
      ...WINDOW,
      closes_on: '9999-12-31',
    });
    expect(date9999.statusCode).toBe(400);

    const set = await call(admin, 'PUT', '/api/tax/windows/2026-27', WINDOW);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ financial_year: '2026-27', ...WINDOW });
    // Setting it again changes the one row.
    const again = await call(admin, 'PUT', '/api/tax/windows/2026-27', WINDOW);
    expect(again.statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/tax/windows/2026-27')).json().data).toEqual({
      financial_year: '2026-27',
      ...WINDOW,
    });
    // Another company's window for the same year is its own.
    expect((await call(globex, 'GET', '/api/tax/windows/2026-27')).json().data).toBeNull();
  });

  it('asks for the landlord PAN when the rent is over ₹1 lakh a year, and refuses bad and huge bodies in words', async () => {
    const noPan = await call(
      employee,
      'PUT',
      '/api/tax/my/declaration',
      declaration({
        rent: { monthly_rent_paise: 9_000_00, months: 12, city: 'Pune', landlord_name: 'R Rao' },
      }),
    );
    expect(noPan.statusCode).toBe(400);
    expect(noPan.json().errors).toContainEqual({
      path: 'rent.landlord_pan',
      message: "The landlord's PAN is needed when the rent is more than ₹1,00,000 a year",
    });
    // ₹8,000 × 12 = ₹96,000: no PAN needed.
    const small = await call(
      employee,
      'PUT',
      '/api/tax/my/declaration',
      declaration({
        rent: { monthly_rent_paise: 8_000_00, months: 12, city: 'Pune', landlord_name: 'R Rao' },
      }),
    );
    expect(small.statusCode, small.body).toBe(200);

    const many = await call(
      employee,
      'PUT',
      '/api/tax/my/declaration',
      declaration({
        section_80c: Array.from({ length: 21 }, (_, i) => ({ label: `Item ${i}`, amount_paise: 100 })),
      }),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().errors[0].message).toBe('At most 20 items');
    const negative = await call(employee, 'PUT', '/api/tax/my/declaration', declaration({ lta_paise: -1 }));
    expect(negative.statusCode).toBe(400);
    const badYear = await call(
      employee,
      'PUT',
      '/api/tax/my/declaration',
      declaration({ financial_year: '9999-00' }),
    );
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json().message).not.toMatch(/financial_year/);
    const extra = await call(
      employee,
      'PUT',
      '/api/tax/my/declaration',
      declaration({ status: 'submitted' }),
    );
    expect(extra.statusCode).toBe(400);
    const huge = await call(
      employee,
      'PUT',
      '/api/tax/my/declaration',
      declaration({ section_80c: [{ label: 'x'.repeat(2 * 1024 * 1024), amount_paise: 1 }] }),
    );
    expect(huge.statusCode).toBe(413);
  });

  it('saves the declaration as item rows; saving again replaces them (no duplicates)', async () => {
    const save = await call(employee, 'PUT', '/api/tax/my/declaration', declaration());
    expect(save.statusCode, save.body).toBe(200);
    const d = save.json().data;
    expect(d.status).toBe('draft');
    expect(d.regime).toBe('old');
    expect(d.rent.landlord_pan).toBe('ABCDE1234F');
    expect(d.section_80c).toEqual([
      { label: 'PPF', amount_paise: 1_00_000_00 },
      { label: 'ELSS', amount_paise: 30_000_00 },
    ]);
    expect(d.abilities).toEqual({ edit: true, submit: true, send_proofs: false });
    expect(d.window_message).toBe('Declarations for 2026-27 are open until 15 Jan 2027');
    const again = await call(employee, 'PUT', '/api/tax/my/declaration', declaration());
    expect(again.statusCode).toBe(200);
    const { rows } = await t.db.query<{ n: number; kinds: string[] }>(
      `SELECT count(*)::int AS n, array_agg(kind ORDER BY position) AS kinds FROM tax_declaration_items`,
    );
    expect(rows[0]!.n).toBe(8);
    expect(rows[0]!.kinds).toEqual([
      '80c',
      '80c',
      '80ccd1b',
      '80d_self',
      '80d_parents',
      'hra',
      'lta',
      'other_income',
    ]);
    const decls = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tax_declarations');
    expect(decls.rows[0]!.n).toBe(1);
  });

  it('compares both regimes on the projected salary and the declaration', async () => {
    const res = await call(employee, 'GET', '/api/tax/my/comparison?financial_year=2026-27');
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c.chosen_regime).toBe('old');
    const used = Object.fromEntries(
      c.figures_used.map((f: { label: string; amount_paise: number }) => [f.label, f.amount_paise]),
    );
    // 12 months of Basic ₹50,000 and HRA ₹20,000 (the rest special allowance) from April 2026.
    expect(used['Basic + DA']).toBe(12 * 50_000_00);
    expect(used['HRA received']).toBe(12 * 20_000_00);
    expect(used['Other income']).toBe(10_000_00);
    const salary = used['Salary for the year'] as number;
    // New regime: salary + other income − ₹75,000.
    expect(c.new.taxable_income_paise).toBe(salary + 10_000_00 - 75_000_00);
    // Old regime: HRA least of ₹2,40,000 / ₹3,00,000 − ₹60,000 = ₹2,40,000 / 40% × ₹6,00,000 = ₹2,40,000.
    const hra = c.old.deductions.find((s: { key: string }) => s.key === 'hra-exemption');
    expect(hra.amount_paise).toBe(2_40_000_00);
    // 80C capped at ₹1,50,000; 80D ₹25,000 + parents (senior) ₹40,000; 80CCD(1B) ₹50,000; LTA ₹20,000.
    expect(c.old.deductions.find((s: { key: string }) => s.key === 'section-80c').amount_paise).toBe(
      1_50_000_00,
    );
    expect(c.old.deductions.find((s: { key: string }) => s.key === 'section-80d').amount_paise).toBe(
      65_000_00,
    );
    expect(c.old.deductions.find((s: { key: string }) => s.key === 'lta-exemption').amount_paise).toBe(
      20_000_00,
    );
    expect(c.difference_paise).toBe(Math.abs(c.new.tax_paise - c.old.tax_paise));
    expect(c.cheaper).toBe(
      c.new.tax_paise < c.old.tax_paise ? 'new' : c.new.tax_paise > c.old.tax_paise ? 'old' : null,
    );
    expect(c.summary).toMatch(/regime/);
  });

  it('submits; the administrator lists, filters and pages the declarations and views one', async () => {
    const sub = await call(employee, 'POST', '/api/tax/my/declaration/submit', { financial_year: '2026-27' });
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().data.status).toBe('submitted');
    expect(sub.json().data.submitted_at).toMatch(/Z$/);

    expect((await call(employee, 'GET', '/api/tax/declarations')).statusCode).toBe(403);
    expect((await call(manager, 'GET', '/api/tax/declarations')).statusCode).toBe(403);
    const list = await call(admin, 'GET', '/api/tax/declarations?financial_year=2026-27&status=submitted');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.totalCount).toBe(1);
    const row = list.json().data[0];
    expect(row.employee_id).toBe(employeeId);
    expect(row.regime).toBe('old');
    // PPF + ELSS + NPS + 80D self + parents + rent + LTA (other income is not a deduction).
    expect(row.declared_paise).toBe((1_00_000 + 30_000 + 50_000 + 25_000 + 40_000 + 3_00_000 + 20_000) * 100);
    const searched = await call(admin, 'GET', '/api/tax/declarations?search=priya');
    expect(searched.json().data.map((r: { employee_id: string }) => r.employee_id)).toEqual([employeeId]);
    const notStarted = await call(admin, 'GET', '/api/tax/declarations?status=not_started&records=1&page=2');
    expect(notStarted.statusCode).toBe(200);
    expect(notStarted.json().meta).toMatchObject({ page: 2, records: 1 });
    expect(notStarted.json().meta.totalCount).toBeGreaterThan(1);
    expect(notStarted.json().data).toHaveLength(1);
    expect(notStarted.json().data[0].status).toBe('not_started');
    expect((await call(admin, 'GET', '/api/tax/declarations?records=1000')).statusCode).toBe(400);

    const one = await call(
      admin,
      'GET',
      `/api/tax/employees/${employeeId}/declaration?financial_year=2026-27`,
    );
    expect(one.statusCode).toBe(200);
    expect(one.json().data.status).toBe('submitted');
    expect(one.json().data.employee_name).toBe('Priya Sharma');
    // Tenancy: another company's administrator sees neither the employee nor the declaration.
    expect((await call(globex, 'GET', `/api/tax/employees/${employeeId}/declaration`)).statusCode).toBe(404);
    expect((await call(globex, 'GET', '/api/tax/declarations?search=priya')).json().data).toEqual([]);
    expect((await call(manager, 'GET', `/api/tax/employees/${employeeId}/declaration`)).statusCode).toBe(403);
  });

  it('the pay run reads the submitted declaration: regime, claims and other income', async () => {
    const companyId = await t.companyId('Acme Corp');
    const read = await t.db.tenant(companyId, (tx) =>
      declarationsForPayRun(tx, '2026-27', '2026-11', [employeeId]),
    );
    expect(read.get(employeeId)).toEqual({
      regime: 'old',
      declarations: {
        section80CPaise: 1_30_000_00,
        section80CCD1BPaise: 50_000_00,
        section80DSelfPaise: 25_000_00,
        selfSenior: false,
        section80DParentsPaise: 40_000_00,
        parentsSenior: true,
        homeLoanInterestPaise: 0,
        ltaExemptPaise: 20_000_00,
        otherIncomePaise: 10_000_00,
        annualRentPaise: 3_00_000_00,
        rentCity: 'Bengaluru',
        claimsFrom: 'declared',
      },
      previousEmployer: undefined,
      figures: 'declared',
    });
  });

  it('refuses declarations after the window closes, with the date in words', async () => {
    t.clock.set(new Date('2027-01-16T06:00:00Z'));
    // The earlier sign-in's access token has long expired on that day.
    const late = await t.login('employee@acme.test');
    try {
      const save = await call(late, 'PUT', '/api/tax/my/declaration', declaration());
      expect(save.statusCode).toBe(409);
      expect(save.json().message).toBe('Declarations for 2026-27 closed on 15 Jan 2027');
      const sub = await call(late, 'POST', '/api/tax/my/declaration/submit', {
        financial_year: '2026-27',
      });
      expect(sub.statusCode).toBe(409);
      expect(sub.json().message).toBe('Declarations for 2026-27 closed on 15 Jan 2027');
      const mine = await call(late, 'GET', '/api/tax/my/declaration');
      expect(mine.json().data.abilities).toEqual({ edit: false, submit: false, send_proofs: true });
      expect(mine.json().data.status).toBe('submitted');
    } finally {
      t.clock.set(new Date('2026-11-20T06:00:00Z'));
    }
  });

  it('answers in words for a year without income-tax figures, and refuses year 9999', async () => {
    const far = await call(employee, 'GET', '/api/tax/my/comparison?financial_year=2040-41');
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe('The payroll engine has no income-tax figures for 2040-41 yet');
    expect((await call(employee, 'GET', '/api/tax/my/comparison?financial_year=9999-00')).statusCode).toBe(
      400,
    );
  });
});
