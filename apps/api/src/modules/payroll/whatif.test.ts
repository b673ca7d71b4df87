import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
let viewer: Session;
let employee: Session;
let globex: Session;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
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
  const res = await callAs(t, admin, 'GET', '/api/component/earnings?records=100');
  for (const e of res.json().data as { id: string; name: string }[]) ids[e.name] = e.id;
  ids.employee = employee.userResponse.employee_id as string;
});
afterAll(() => t.close());

const call = (s: Session, method: string, url: string, payload?: object) =>
  callAs(t, s, method, url, payload);
const LAKH = 100_000_00;
const lines = () => [
  { earning_id: ids.Basic, value_type: 'percentage_of_ctc', percent: 50 },
  { earning_id: ids['House rent allowance'], value_type: 'percentage_of_basic', percent: 40 },
  { earning_id: ids['Conveyance allowance'], value_type: 'fixed_amount', amount_paise: 1600_00 },
  { earning_id: ids['Special allowance'], value_type: 'balancing' },
];
const facts = { state: 'KA', gender: 'male', date_of_birth: '1990-06-15', joining_date: '2020-04-01' };
type Line = { code: string; kind: string; amount: number; explain: string };

describe('what-if', () => {
  it('computes a payslip from facts and lines, each line with the engine explanation, saving nothing', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employee_salaries');
    const res = await call(viewer, 'POST', '/api/payroll/what-if', {
      month: '2026-11',
      facts,
      annual_ctc_paise: 12 * LAKH,
      lines: lines(),
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.month).toBe('2026-11');
    expect(p.gross_paise).toBe(50_000_00 + 20_000_00 + 1_600_00 + 25_400_00);
    const byKind = (k: string) => p.lines.filter((l: Line) => l.kind === k);
    const epf = byKind('deduction').find((l: Line) => /EPF|PF/i.test(l.code));
    expect(epf.amount).toBe(3_000_00);
    expect(epf.explain).toMatch(/25,000/);
    const pt = p.lines.find((l: Line) => /^PT/.test(l.code));
    expect(pt.amount).toBe(200_00);
    expect(pt.explain.length).toBeGreaterThan(20);
    const tds = p.lines.find((l: Line) => /TDS/.test(l.code));
    expect(tds).toBeDefined();
    expect(tds.explain.length).toBeGreaterThan(20);
    expect(p.net_paise).toBe(p.gross_paise - p.deductions_paise);
    expect(p.notes.join(' ')).toContain('earlier month');
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employee_salaries');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("uses the employee's record and salary in force, and asks for the facts the record lacks", async () => {
    const tpl = await call(admin, 'POST', '/api/salary-templates', {
      name: 'What-if template',
      annual_ctc_paise: 12 * LAKH,
      lines: lines(),
    });
    await call(admin, 'POST', '/api/employee/salary', {
      employee_id: ids.employee,
      template_id: tpl.json().data.id,
      annual_ctc_paise: 12 * LAKH,
      effective_from: '2026-04-01',
    });
    const missing = await call(admin, 'POST', '/api/payroll/what-if', {
      employee_id: ids.employee,
      month: '2026-11',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toMatch(/^facts\./);
    const res = await call(admin, 'POST', '/api/payroll/what-if', {
      employee_id: ids.employee,
      month: '2026-11',
      facts: { state: 'KA', date_of_birth: '1992-01-01', gender: 'female' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.gross_paise).toBe(97_000_00);
    // The demo record has a work state (pt_state 'Karnataka'), so PT needs no state in the facts.
    const fromRecord = await call(admin, 'POST', '/api/payroll/what-if', {
      employee_id: ids.employee,
      month: '2026-11',
      facts: { date_of_birth: '1992-01-01', gender: 'female' },
    });
    expect(fromRecord.statusCode).toBe(200);
    const pt = fromRecord.json().data.lines.find((l: Line) => l.code === 'PT');
    expect(pt.amount).toBe(200_00);
    expect(pt.explain).toMatch(/Karnataka|KA/);
  });

  it("keeps EPS membership from the employee's first salary when the salary tried is over the ceiling (rules §1.3)", async () => {
    // The manager joined in 2018 (after 1 Sep 2014) on a Basic of ₹15,000: an EPS member from joining. A raise to a
    // Basic of ₹50,000 does not end membership; a new hire on ₹50,000 would never have joined EPS.
    const low = await call(admin, 'POST', '/api/salary-templates', {
      name: 'What-if first salary',
      annual_ctc_paise: 3_60_000_00,
      lines: lines(),
    });
    const manager = viewer.userResponse.employee_id as string;
    const first = await call(admin, 'POST', '/api/employee/salary', {
      employee_id: manager,
      template_id: low.json().data.id,
      annual_ctc_paise: 3_60_000_00,
      effective_from: '2025-04-01',
    });
    expect(first.statusCode, first.body).toBeLessThan(300);
    const tried = { month: '2026-11', annual_ctc_paise: 12 * LAKH, lines: lines() };
    const member = await call(admin, 'POST', '/api/payroll/what-if', {
      ...tried,
      employee_id: manager,
      facts: { date_of_birth: '1988-01-01', gender: 'male' },
    });
    expect(member.statusCode, member.body).toBe(200);
    const eps = member.json().data.lines.find((l: Line) => l.code === 'EPS_ER');
    // 8.33% of the PF wage ceiling in force in November 2026 (₹25,000).
    expect(eps?.amount).toBe(2_083_00);
    const newHire = await call(admin, 'POST', '/api/payroll/what-if', { ...tried, facts });
    expect(newHire.json().data.lines.find((l: Line) => l.code === 'EPS_ER')?.amount ?? 0).toBe(0);
  });

  it('is refused to weaker roles, validated, and scoped to the company', async () => {
    expect((await call(employee, 'POST', '/api/payroll/what-if', { facts, lines: lines() })).statusCode).toBe(
      403,
    );
    const bad = await call(admin, 'POST', '/api/payroll/what-if', { lines: lines(), month: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['annual_ctc_paise', 'facts', 'month']);
    const theirs = await call(globex, 'POST', '/api/payroll/what-if', { employee_id: ids.employee, facts });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('what-if on a month outside the statutory data', () => {
  it('is a 400 naming the month and the date, not a 503', async () => {
    const res = await call(viewer, 'POST', '/api/payroll/what-if', {
      month: '2019-06',
      facts: { ...facts, joining_date: '2015-04-01' },
      annual_ctc_paise: 12 * LAKH,
      lines: lines(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().errors).toHaveLength(1);
    expect(res.json().errors[0].path).toBe('month');
    expect(res.json().errors[0].message).toMatch(
      /^No statutory figures are in force on 30 Jun 2019: the payroll engine has no .+ for that day\. Choose a date the statutory data covers$/,
    );
  });

  it('a month without income-tax rules is a 400 naming the month, also when an earlier month of its year is refused (issue 21)', async () => {
    // 2199-06: the months from April 2199 are taken as paid first, and the engine refuses April.
    const res = await call(viewer, 'POST', '/api/payroll/what-if', {
      month: '2199-06',
      facts,
      annual_ctc_paise: 12 * LAKH,
      lines: lines(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'month', message: 'No income-tax rules for 2199-04' }]);
  });
});

describe('statutory figures', () => {
  it("lists what the engine uses on a date, PT and LWF of the employee's state, with sources", async () => {
    expect((await call(employee, 'GET', '/api/payroll/statutory-figures')).statusCode).toBe(403);
    const res = await call(viewer, 'GET', '/api/payroll/statutory-figures?date=2026-02-10&state=KA');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ date: '2026-02-10', state: 'KA' });
    const pt = d.figures.find((f: { group: string }) => f.group === 'Professional tax');
    expect(pt.value).toContain('300');
    expect(pt.source.length).toBeGreaterThan(10);
    const ceiling = d.figures.find((f: { key: string }) => f.key === 'epf.wageCeiling');
    expect(ceiling.value).toBe('₹15,000');
    expect(
      d.figures.every(
        (f: { label: string; key: string }) => !f.key.startsWith('pt.') || f.key.startsWith('pt.KA'),
      ),
    ).toBe(true);
    const bad = await call(admin, 'GET', '/api/payroll/statutory-figures?state=Karnataka');
    expect(bad.json().errors[0].path).toBe('state');
  });
});

describe('pre-tax benefits in the what-if', () => {
  it('pays flexible items in gross, employer NPS as an employer line, and TDS falls (old and new regime)', async () => {
    const list = await call(admin, 'GET', '/api/component/benefits?records=100');
    const nps = (list.json().data as { id: string; benefit_plan: string }[]).find(
      (b) => b.benefit_plan === 'nps_employer',
    )!.id;
    const created = await call(admin, 'POST', '/api/component/benefits', {
      name: 'Fuel reimbursement',
      benefit_plan: 'flexible_benefit',
      tax_exemption: '10(14)',
      value_type: 'fixed_amount',
      amount_paise: 3_000_00,
    });
    expect(created.statusCode).toBe(201);
    const withBenefits: unknown[] = [
      ...lines().slice(0, 3),
      { benefit_id: nps, value_type: 'percentage_of_basic', percent: 10 },
      { benefit_id: created.json().data.id, value_type: 'fixed_amount', amount_paise: 3_000_00 },
      lines()[3],
    ];
    const run = async (ls: readonly unknown[], regime: 'old' | 'new') => {
      const res = await call(viewer, 'POST', '/api/payroll/what-if', {
        month: '2026-11',
        facts: { ...facts, tax_regime: regime },
        annual_ctc_paise: 18 * LAKH,
        lines: ls,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        lines: Line[];
        gross_paise: number;
        cost_to_company_paise: number;
        notes: string[];
      };
    };
    const tds = (p: { lines: Line[] }) => p.lines.find((l) => l.code === 'TDS')!.amount;
    const [plainOld, benOld, plainNew, benNew] = await Promise.all([
      run(lines(), 'old'),
      run(withBenefits, 'old'),
      run(lines(), 'new'),
      run(withBenefits, 'new'),
    ]);
    // Basic ₹75,000 a month (50% of ₹18 L / 12): NPS 10% = ₹7,500, an employer line inside CTC.
    const npsLine = benOld.lines.find((l) => l.code === 'NPS_ER')!;
    expect(npsLine).toMatchObject({ kind: 'employer', amount: 7_500_00 });
    expect(npsLine.explain).toContain('80CCD(2)');
    const fuel = benOld.lines.find((l) => l.explain.startsWith('Fuel reimbursement'))!;
    expect(fuel).toMatchObject({ kind: 'earning', amount: 3_000_00 });
    expect(benOld.gross_paise).toBe(plainOld.gross_paise - 7_500_00);
    expect(benOld.cost_to_company_paise).toBe(plainOld.cost_to_company_paise);
    expect(benOld.notes.join(' ')).toContain('fully claimed');
    // Old regime, 30% slab: (₹7,500 + ₹3,000) × 12 = ₹1,26,000 less taxable a year × 30% × 1.04
    // = ₹39,312 a year; every month of the year is worked the same way, so ₹3,276 a month.
    expect(Math.abs(tds(plainOld) - tds(benOld) - 3_276_00)).toBeLessThanOrEqual(200);
    // New regime: only the NPS counts (₹90,000 a year, under the 14% cap). Taxable income (gross
    // ₹17.64 L, the employer EPF being inside CTC, less ₹75,000) goes ₹16,89,000 → ₹15,99,000:
    // ₹89,000 at 20% + ₹1,000 at 15% = ₹17,950 × 1.04 = ₹18,668 a year, ₹1,555.67 a month.
    expect(Math.abs(tds(plainNew) - tds(benNew) - 1_556_00)).toBeLessThanOrEqual(200);
  });

  it('takes a flexible item as claimed only up to benefit_claims (old regime), refusing claims on other lines', async () => {
    const created = await call(admin, 'POST', '/api/component/benefits', {
      name: 'Telephone reimbursement',
      benefit_plan: 'flexible_benefit',
      tax_exemption: '10(14)',
      value_type: 'fixed_amount',
      amount_paise: 3_000_00,
    });
    expect(created.statusCode).toBe(201);
    const phone = created.json().data.id as string;
    const ls = [
      ...lines().slice(0, 3),
      { benefit_id: phone, value_type: 'fixed_amount', amount_paise: 3_000_00 },
      lines()[3],
    ];
    const run = async (claims?: { benefit_id: string; claimed_monthly_paise: number }[]) =>
      call(viewer, 'POST', '/api/payroll/what-if', {
        month: '2026-11',
        facts: { ...facts, tax_regime: 'old' },
        annual_ctc_paise: 18 * LAKH,
        lines: ls,
        ...(claims ? { benefit_claims: claims } : {}),
      });
    const tdsOf = (r: Awaited<ReturnType<typeof run>>) =>
      (r.json().data.lines as Line[]).find((l) => l.code === 'TDS')!.amount;
    const [full, partly, above] = await Promise.all([
      run(),
      run([{ benefit_id: phone, claimed_monthly_paise: 1_000_00 }]),
      run([{ benefit_id: phone, claimed_monthly_paise: 5_000_00 }]),
    ]);
    expect(partly.statusCode).toBe(200);
    const item = (partly.json().data.lines as Line[]).find((l) =>
      l.explain.startsWith('Telephone reimbursement'),
    )!;
    expect(item.amount).toBe(3_000_00);
    expect(item.explain).toContain(
      'up to the ₹1,000 a month claimed of ₹3,000: the rest, ₹2,000 a month, is taxable',
    );
    expect(partly.json().data.notes.join(' ')).toContain('exempt up to the amounts claimed');
    expect(partly.json().data.gross_paise).toBe(full.json().data.gross_paise);
    // Old regime, 30% slab: ₹2,000 a month unclaimed = ₹24,000 a year taxable × 30% × 1.04 =
    // ₹7,488 a year; every month of the year is worked the same way, so ₹624 a month more TDS.
    expect(Math.abs(tdsOf(partly) - tdsOf(full) - 624_00)).toBeLessThanOrEqual(200);
    // A claim above the item is capped at it: the same as a full claim.
    expect(tdsOf(above)).toBe(tdsOf(full));
    const basicClaim = await run([{ benefit_id: ids.Basic!, claimed_monthly_paise: 1_000_00 }]);
    expect(basicClaim.statusCode).toBe(400);
    expect(basicClaim.json().errors[0].path).toBe('benefit_claims.0.benefit_id');
    const twice = await run([
      { benefit_id: phone, claimed_monthly_paise: 1_000_00 },
      { benefit_id: phone, claimed_monthly_paise: 2_000_00 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].path).toBe('benefit_claims.1.benefit_id');
  });
});
