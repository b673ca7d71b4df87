import { STATUTORY_RULES } from '@hr/payroll-engine';
import { buildTestApp, callAs, type Session, type TestApp } from '../../test/helper';

/** GET /api/payroll/statutory-figures: what the engine uses on a date and where it comes from. */
let t: TestApp;
let admin: Session;
let manager: Session;
let employee: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T20:00:00Z')); // 21 Nov 2026 01:30 in Asia/Kolkata
  [admin, manager, employee, globex] = await Promise.all([
    t.login('admin@acme.test'),
    t.login('manager@acme.test'),
    t.login('employee@acme.test'),
    t.login('admin@globex.test'),
  ]);
});
afterAll(() => t.close());

type Figure = {
  group: string;
  key: string;
  label: string;
  value: string;
  source: string;
  effective_from: string;
  effective_to: string | null;
  section: string;
  note: string | null;
};
const get = async (s: Session, query: string) => {
  const res = await callAs(t, s, 'GET', `/api/payroll/statutory-figures${query}`);
  return { status: res.statusCode, body: res.json() };
};
const figures = async (query: string) => {
  const r = await get(admin, query);
  expect(r.status).toBe(200);
  return r.body.data.figures as Figure[];
};
const byKey = (list: Figure[], key: string) => {
  const f = list.find((x) => x.key === key);
  if (!f) throw new Error(`no figure ${key} in ${list.map((x) => x.key).join(', ')}`);
  return f;
};

describe('statutory figures: permissions', () => {
  it('needs admin_dashboard.view, a session, and answers every company from the same engine data', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payroll/statutory-figures' })).statusCode).toBe(
      401,
    );
    expect((await get(employee, '')).status).toBe(403);
    expect((await get(manager, '')).status).toBe(403);
    await t.db.query(
      `UPDATE roles SET permissions = array_append(permissions, 'admin_dashboard.view')
        WHERE name = 'Manager' AND company_id = (SELECT id FROM companies WHERE name = 'Acme Corp')`,
    );
    const asManager = await get(await t.login('manager@acme.test'), '?date=2026-11-20');
    expect(asManager.status).toBe(200);
    const asGlobex = await get(globex, '?date=2026-11-20');
    expect(asGlobex.status).toBe(200);
    expect(asGlobex.body.data.figures).toEqual(asManager.body.data.figures);
  });

  it('defaults to today in the company time zone, and names the field of a bad query', async () => {
    const today = await get(admin, '');
    expect(today.body.data).toMatchObject({ date: '2026-11-21', state: null });
    for (const [query, path] of [
      ['?date=2026-02-30', 'date'],
      ['?date=21-11-2026', 'date'],
      ['?state=Karnataka', 'state'],
      [`?state=${'K'.repeat(5000)}`, 'state'],
    ] as const) {
      const r = await get(admin, query);
      expect(r.status, query).toBe(400);
      expect(r.body.errors[0].path, query).toBe(path);
    }
  });
});

describe('statutory figures: the engine figures with their dates and sources', () => {
  it('EPF: ₹15,000 ceiling on 16 Sep 2026, ₹25,000 from 17 Sep 2026, September split by days', async () => {
    const [before, after, october] = await Promise.all([
      figures('?date=2026-09-16'),
      figures('?date=2026-09-17'),
      figures('?date=2026-10-01'),
    ]);
    expect(byKey(before, 'epf.wageCeiling')).toMatchObject({
      value: '₹15,000',
      effective_from: '2014-09-01',
      effective_to: '2026-09-16',
      // The law in words; the rules file's references apart, for the expert view.
      source:
        'EPF Scheme para 2(f) (₹15,000 from 1 Sep 2014); re-notified under the SS Code by S.O. 2702(E), 29 May 2026',
      references: 'S1, S2, S3, S13',
      section: '§1.1',
    });
    expect(byKey(after, 'epf.wageCeiling')).toMatchObject({
      value: '₹25,000',
      effective_from: '2026-09-17',
      effective_to: null,
      source: 'S.O. 5109(E), 17 Sep 2026 (Gazette CG-DL-E-17092026-276299)',
      references: 'S10, S11, S12',
      section: '§1.6',
    });
    expect(byKey(after, 'epf.wageCeiling').note).toContain('split by days');
    expect(byKey(before, 'epf.wageCeilingMonth')).toMatchObject({
      label: 'EPF wage ceilings of September 2026 (month split by days)',
      value: '₹15,000 for days 1–16; ₹25,000 for days 17–30',
      effective_from: '2026-09-01',
      effective_to: '2026-09-30',
    });
    expect(october.some((f) => f.key === 'epf.wageCeilingMonth')).toBe(false);
    // Caps follow from the ceiling: EPS 8.33% and EDLI 0.5%, nearest rupee.
    expect(byKey(before, 'epf.epsMaximum').value).toBe('₹1,250');
    expect(byKey(after, 'epf.epsMaximum').value).toBe('₹2,083');
    expect(byKey(after, 'epf.edliMaximum').value).toBe('₹125');
    expect(byKey(after, 'epf.employeeRate').value).toBe('12%');
    expect(byKey(after, 'epf.adminRate').value).toBe('0.5%');
  });

  it('ESI: rates, thresholds and the contribution period of the date', async () => {
    const [sep, oct] = await Promise.all([figures('?date=2026-09-30'), figures('?date=2026-10-01')]);
    expect(byKey(sep, 'esi.employeeRate').value).toBe('0.75%');
    expect(byKey(sep, 'esi.employerRate').value).toBe('3.25%');
    expect(byKey(sep, 'esi.wageCeiling').value).toBe('₹21,000');
    expect(byKey(sep, 'esi.wageCeilingDisabled').value).toBe('₹25,000');
    expect(byKey(sep, 'esi.contributionPeriod').value).toContain('April–September 2026');
    expect(byKey(oct, 'esi.contributionPeriod').value).toContain('October 2026–March 2027');
    expect(byKey(oct, 'esi.contributionPeriod')).toMatchObject({
      source: 'Contribution periods 1 Apr–30 Sep and 1 Oct–31 Mar; coverage re-tested only at their start',
      references: 'S52, S56, S60',
    });
    expect(STATUTORY_RULES.esi.contributionPeriodStarts?.[0]?.source).toBe(
      'Contribution periods 1 Apr–30 Sep and 1 Oct–31 Mar; coverage re-tested only at their start — statutory-rules.md S52, S56, S60',
    );
  });

  it("PT and LWF of the chosen state only: Maharashtra's February ₹300 and women's exemption", async () => {
    const mh = await figures('?date=2027-02-10&state=MH');
    const pt = mh.filter((f) => f.group === 'Professional tax');
    expect(pt.map((f) => f.key).sort()).toEqual(['pt.MH', 'pt.MH.female']);
    expect(byKey(mh, 'pt.MH').value).toContain('₹10,000.01 and above: ₹200 (February ₹300)');
    expect(byKey(mh, 'pt.MH.female').value).toContain('up to ₹25,000: nil');
    expect(byKey(mh, 'pt.MH')).toMatchObject({ effective_from: '2023-04-01', section: '§3 Maharashtra' });
    expect(byKey(mh, 'lwf.MH').value).toBe('₹25 / ₹75 in months 6, 12');
    expect(mh.every((f) => !/^(pt|lwf)\./.test(f.key) || /^(pt|lwf)\.MH/.test(f.key))).toBe(true);
    const delhi = await figures('?date=2027-02-10&state=DL');
    expect(byKey(delhi, 'pt.DL').value).toBe('no professional tax');
    const all = await figures('?date=2027-02-10');
    expect(new Set(all.filter((f) => f.group === 'Professional tax').map((f) => f.key.slice(3, 5)))).toEqual(
      new Set(['KA', 'MH', 'WB', 'TN', 'TG', 'GJ', 'AP', 'DL']),
    );
  });

  it('income tax of the financial year for both regimes: slabs, standard deduction, 87A, surcharge, cess', async () => {
    const [fy26, fy27] = await Promise.all([figures('?date=2026-03-31'), figures('?date=2026-04-01')]);
    expect(byKey(fy26, 'incomeTax.new.slabs').label).toContain('FY 2025-26');
    expect(byKey(fy27, 'incomeTax.new.slabs')).toMatchObject({
      effective_from: '2026-04-01',
      effective_to: '2027-03-31',
    });
    expect(byKey(fy27, 'incomeTax.new.slabs').value).toContain('above ₹24,00,000: 30%');
    expect(byKey(fy27, 'incomeTax.new.standardDeduction').value).toBe('₹75,000');
    expect(byKey(fy27, 'incomeTax.old.standardDeduction').value).toBe('₹50,000');
    expect(byKey(fy27, 'incomeTax.new.rebate87A').value).toBe(
      'up to ₹60,000 for income up to ₹12,00,000, marginal relief above',
    );
    expect(byKey(fy27, 'incomeTax.old.rebate87A').value).toContain('no marginal relief');
    expect(byKey(fy27, 'incomeTax.new.surcharge').value).not.toContain('37%');
    expect(byKey(fy27, 'incomeTax.old.surcharge').value).toContain('37% above ₹5,00,00,000');
    expect(byKey(fy27, 'incomeTax.old.slabs.80plus').value).toContain('₹0–₹5,00,000: 0%');
    expect(fy27.some((f) => f.key === 'incomeTax.new.slabs.60to80')).toBe(false);
    expect(byKey(fy27, 'incomeTax.cess').value).toBe('4%');
    expect(byKey(fy27, 'incomeTax.new.employerNps').value).toBe('up to 14% of Basic + DA');
    // Every figure names its source and its section of the rules file.
    for (const f of fy27) {
      expect(f.source.length, f.key).toBeGreaterThan(10);
      expect(f.source, f.key).not.toContain('statutory-rules');
      expect(f.section, f.key).toMatch(/^§\d/);
    }
  });
});
