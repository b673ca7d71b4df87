/** Unit tests: money and days helpers, the statutory figure listing, dated data as data, purity. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  computePayslip,
  divCeil,
  divHalfUp,
  formatInr,
  type PayslipInput,
  payDays,
  STATUTORY_RULES,
  type StatutoryRules,
  statutoryFiguresOn,
} from '../src';
import { monthsLeftInFy } from '../src/dates';

describe('money', () => {
  it('formats ₹ with Indian grouping, like Intl en-IN', () => {
    expect(formatInr(1_00_000_00)).toBe('₹1,00,000');
    expect(formatInr(1_23_45_678_90)).toBe('₹1,23,45,678.90');
    expect(formatInr(999_99)).toBe('₹999.99');
    expect(formatInr(5)).toBe('₹0.05');
    expect(formatInr(-1_500_50)).toBe('−₹1,500.50');
    for (const v of [0, 1, 99, 1_000_00, 12_345_67, 9_99_99_999_99, 25_00_00_00_000_00]) {
      const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: v % 100 ? 2 : 0 }).format(v / 100);
      expect(formatInr(v)).toBe(`₹${intl}`);
    }
  });

  it('rounds half up and up without floats', () => {
    expect(divHalfUp(124950, 100)).toBe(1250); // 8.33% × 15,000 = 1,249.50 → 1,250
    expect(divHalfUp(124949, 100)).toBe(1249);
    expect(divHalfUp(-5, 10)).toBe(-1);
    expect(divCeil(6750, 100)).toBe(68); // ESI 67.50 → 68
    expect(divCeil(6700, 100)).toBe(67);
  });
});

describe('days', () => {
  const emp = { joiningDate: '2020-01-01' } as PayslipInput['employee'];
  it('counts payable days by each method', () => {
    expect(payDays(2026, 2, emp, { method: { kind: 'calendar' }, lopDays: 1 })).toEqual({
      basis: 28,
      outsideEmployment: 0,
      lop: 1,
      payable: 27,
    });
    expect(payDays(2026, 2, emp, { method: { kind: 'fixed', days: 30 }, lopDays: 1 })).toEqual({
      basis: 30,
      outsideEmployment: 0,
      lop: 1,
      payable: 29,
    });
    expect(
      payDays(2026, 2, emp, {
        method: { kind: 'working', nonWorkingDays: [1, 7, 8, 14, 15, 21, 22, 28] },
        lopDays: 0.5,
      }),
    ).toEqual({
      basis: 20,
      outsideEmployment: 0,
      lop: 0.5,
      payable: 19.5,
    });
  });
  it('treats days outside employment as unpaid and refuses impossible LOP', () => {
    const joiner = { joiningDate: '2025-09-11' } as PayslipInput['employee'];
    expect(payDays(2025, 9, joiner, { method: { kind: 'calendar' }, lopDays: 0 }).payable).toBe(20);
    expect(payDays(2025, 8, joiner, { method: { kind: 'calendar' }, lopDays: 0 }).payable).toBe(0);
    expect(() => payDays(2025, 9, joiner, { method: { kind: 'calendar' }, lopDays: 21 })).toThrow(
      /lopDays 21/,
    );
    expect(() => payDays(2025, 9, joiner, { method: { kind: 'calendar' }, lopDays: 0.3 })).toThrow(
      /half day/,
    );
  });
  it('counts months left in the financial year', () => {
    expect([4, 9, 12, 1, 3].map(monthsLeftInFy)).toEqual([12, 7, 4, 3, 1]);
  });
});

describe('statutoryFiguresOn', () => {
  it('shows the EPF ceiling in force on each side of 17 Sep 2026, with its source', () => {
    const before = statutoryFiguresOn('2026-09-16').find((f) => f.key === 'epf.wageCeiling')!;
    const after = statutoryFiguresOn('2026-09-17').find((f) => f.key === 'epf.wageCeiling')!;
    expect(before).toMatchObject({ value: '₹15,000', raw: 15_000_00, to: '2026-09-16' });
    expect(after).toMatchObject({ value: '₹25,000', raw: 25_000_00, from: '2026-09-17' });
    expect(after.source).toContain('S.O. 5109(E)');
    const list = statutoryFiguresOn('2026-09-17');
    expect(list.find((f) => f.key === 'epf.epsMaximum')!.value).toBe('₹2,083');
    expect(list.find((f) => f.key === 'epf.edliMaximum')!.value).toBe('₹125');
    expect(statutoryFiguresOn('2026-09-16').find((f) => f.key === 'epf.epsMaximum')!.value).toBe('₹1,250');
  });
  it('lists one state’s PT and LWF, and income tax for the year', () => {
    const mh = statutoryFiguresOn('2025-06-30', 'MH');
    expect(mh.filter((f) => f.group === 'Professional tax').map((f) => f.key)).toEqual([
      'pt.MH',
      'pt.MH.female',
    ]);
    expect(mh.find((f) => f.key === 'pt.MH.female')!.value).toContain('up to ₹25,000: nil');
    expect(mh.find((f) => f.key === 'lwf.MH')!.value).toBe('₹25 / ₹75 in months 6, 12');
    expect(mh.some((f) => f.key.startsWith('pt.KA'))).toBe(false);
    expect(mh.find((f) => f.key === 'incomeTax.new.standardDeduction')!.value).toBe('₹75,000');
    for (const f of mh) expect(f.source.length).toBeGreaterThan(5);
  });
});

describe('figures are data', () => {
  it('a new dated figure changes the payslip without a code change', () => {
    // A fictional ESI ceiling of ₹30,000 from April 2027, added the way next year's figure would be.
    const rules: StatutoryRules = structuredClone(STATUTORY_RULES);
    rules.esi.wageCeiling[0]!.to = '2027-03-31';
    rules.esi.wageCeiling.push({
      value: 30_000_00,
      from: '2027-04-01',
      source: 'test figure',
      law: 'test figure',
      section: '§2',
    });
    const last = STATUTORY_RULES.incomeTax[STATUTORY_RULES.incomeTax.length - 1]!;
    rules.incomeTax = [
      ...STATUTORY_RULES.incomeTax,
      { ...last, financialYear: '2027-28', effectiveFrom: '2027-04-01', effectiveTo: '2028-03-31' },
    ];
    const input: PayslipInput = {
      employee: {
        state: 'DL',
        gender: 'female',
        dateOfBirth: '1990-01-01',
        disabled: false,
        epsEligible: true,
        joiningDate: '2020-01-01',
        lwfApplicable: false,
      },
      month: '2027-03',
      attendance: { method: { kind: 'calendar' }, lopDays: 0 },
      salary: [
        {
          code: 'BASIC',
          label: 'Basic',
          monthly: 24_000_00,
          flags: { taxable: true, epfWage: 'never', esiWage: true, prorated: true, showOnPayslip: true },
        },
      ],
      oneTime: [],
      epf: {
        applicable: false,
        employeeBase: 'restricted',
        employerBase: 'restricted',
        employerInCtc: true,
        prorateRestrictedWage: false,
        includeConditionalOnEarnedWage: false,
      },
      esi: { applicable: true },
      tax: { regime: 'new' },
      earlier: {
        monthsPaid: 0,
        gross: 0,
        paid: { grossPaise: 0 },
        tds: 0,
        grossThisHalfYear: 0,
        ptThisHalfYear: 0,
        esiCoveredThisPeriod: false,
      },
    };
    const march = computePayslip(input, rules);
    const april = computePayslip({ ...input, month: '2027-04' }, rules);
    expect(march.lines.find((l) => l.code === 'ESI_EE')).toBeUndefined();
    expect(april.lines.find((l) => l.code === 'ESI_EE')!.amount).toBe(180_00); // 0.75% × 24,000
    expect(april.lines.find((l) => l.code === 'ESI_EE')!.rule.source).toContain('test figure');
  });

  it('refuses a month the data does not cover, instead of guessing', () => {
    const rules: StatutoryRules = structuredClone(STATUTORY_RULES);
    rules.epf.wageCeiling = rules.epf.wageCeiling.slice(0, 1); // ends 16 Sep 2026
    expect(
      statutoryFiguresOn('2026-10-01', undefined, rules).find((f) => f.key === 'epf.wageCeiling'),
    ).toBeUndefined();
    const input = JSON.parse(
      readFileSync(fileURLToPath(new URL('../cases/epf-ceiling-october-2026.json', import.meta.url)), 'utf8'),
    ).input as PayslipInput;
    expect(() => computePayslip(input, rules)).toThrow(/epf.wageCeiling/);
  });
});

describe('purity', () => {
  it('the engine source reads no clock, environment, randomness or node modules', () => {
    const src = fileURLToPath(new URL('../src', import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(join(src, f), 'utf8');
      expect(text, f).not.toMatch(
        /from ['"]node:|Date\.now|new Date\(|process\.|Math\.random|performance\.now|from ['"]\.\.\/\.\.\/\.\.\/apps/,
      );
    }
  });
});

describe('input checks', () => {
  const input = JSON.parse(
    readFileSync(fileURLToPath(new URL('../cases/pt-delhi-none.json', import.meta.url)), 'utf8'),
  ).input as PayslipInput;
  it('refuses line codes that are repeated or belong to a statutory line, naming the code', () => {
    const dup = structuredClone(input);
    dup.salary.push({ ...dup.salary[0]! });
    expect(() => computePayslip(dup, STATUTORY_RULES)).toThrow('line code BASIC appears twice');
    const reserved = structuredClone(input);
    reserved.oneTime.push({ code: 'TDS', label: 'x', kind: 'deduction', amount: 100 });
    expect(() => computePayslip(reserved, STATUTORY_RULES)).toThrow('line code TDS is reserved');
  });
  it('refuses fractional or negative money', () => {
    const bad = structuredClone(input);
    bad.salary[0]!.monthly = 100.5;
    expect(() => computePayslip(bad, STATUTORY_RULES)).toThrow(/BASIC: monthly must be whole paise/);
  });
});
