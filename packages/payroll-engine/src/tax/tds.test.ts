import { describe, expect, it } from 'vitest';
import { incomeTaxRulesFor } from './rules';
import { computeMonthlyTds } from './tds';
import type { IncomeTaxYearRules, SalaryFigures, TdsInput } from './types';
import { FY_2025_26, FY_2026_27, INCOME_TAX_YEARS } from './years';

const rs = (rupees: number) => rupees * 100;
const MONTHS_2025 = [
  '2025-04',
  '2025-05',
  '2025-06',
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
];

/** Runs a year month by month, each month recomputed from what was actually paid and deducted. */
function runYear(
  months: string[],
  monthly: (i: number) => SalaryFigures,
  base: Omit<TdsInput, 'month' | 'paidSoFar' | 'thisMonth' | 'regularMonthly' | 'tdsDeductedSoFarPaise'>,
  rules: IncomeTaxYearRules,
) {
  const paid: SalaryFigures[] = [];
  const tds: number[] = [];
  const results = [];
  for (const [i, month] of months.entries()) {
    const paidSoFar = paid.reduce(
      (a, f) => ({
        grossPaise: a.grossPaise + f.grossPaise,
        hraPaise: (a.hraPaise ?? 0) + (f.hraPaise ?? 0),
        basicDaPaise: (a.basicDaPaise ?? 0) + (f.basicDaPaise ?? 0),
        employeePfPaise: (a.employeePfPaise ?? 0) + (f.employeePfPaise ?? 0),
        professionalTaxPaise: (a.professionalTaxPaise ?? 0) + (f.professionalTaxPaise ?? 0),
      }),
      { grossPaise: 0 } as SalaryFigures,
    );
    const r = computeMonthlyTds(
      {
        ...base,
        month,
        paidSoFar,
        thisMonth: monthly(i),
        regularMonthly: monthly(i),
        tdsDeductedSoFarPaise: tds.reduce((a, b) => a + b, 0),
      },
      rules,
    );
    paid.push(monthly(i));
    tds.push(r.tdsPaise);
    results.push(r);
  }
  return { tds, results };
}

describe('computeMonthlyTds by projection', () => {
  it('constant ₹1,50,000 a month (new regime): 12 deductions add up to the annual tax ₹1,50,800', () => {
    // 18,00,000 − 75,000 = 17,25,000; 60,000 + 60,000 + 20% × 1,25,000 = 1,45,000; cess 5,800
    const { tds, results } = runYear(
      MONTHS_2025,
      () => ({ grossPaise: rs(1_50_000) }),
      { regime: 'new' },
      FY_2025_26,
    );
    expect(results[0]!.annualTax.totalTaxPaise).toBe(rs(1_50_800));
    // April: 1,50,800 ÷ 12 = 12,566.67 → 12,567
    expect(tds[0]).toBe(rs(12_567));
    expect(tds.reduce((a, b) => a + b, 0)).toBe(rs(1_50_800));
    for (const t of tds) expect(Math.abs(t - 1_256_667)).toBeLessThanOrEqual(rs(1));
    expect(results[0]!.explanation).toBe(
      'annual projected income ₹18,00,000 = paid so far ₹0 + this month ₹1,50,000 + 11 × ₹1,50,000; ' +
        'standard deduction ₹75,000; taxable income ₹17,25,000 = ₹18,00,000 − deductions ₹75,000 (new regime); ' +
        'tax on ₹17,25,000 by the 2025-26 new regime slabs = ₹1,45,000; no rebate u/s 87A: income ₹17,25,000 is above ₹12,00,000; ' +
        'cess 4% of ₹1,45,000 = ₹5,800; annual tax ₹1,50,800; less TDS so far ₹0; ' +
        '₹1,50,800 ÷ 12 remaining months (April to March) = ₹12,567, rounded to the rupee.',
    );
  });

  it('mid-year raise: ₹1 L a month to September (no tax), ₹1.5 L from October → ₹16,250 a month', () => {
    const monthly = (i: number) => ({ grossPaise: rs(i < 6 ? 1_00_000 : 1_50_000) });
    const { tds, results } = runYear(MONTHS_2025, monthly, { regime: 'new' }, FY_2025_26);
    // April to September: 12 × 1 L − 75,000 = 11,25,000 → rebate 87A, nil
    expect(tds.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    // October: 6,00,000 + 1,50,000 + 5 × 1,50,000 = 15,00,000; taxable 14,25,000;
    // 60,000 + 15% × 2,25,000 = 93,750; cess 3,750 → 97,500 ÷ 6 = 16,250
    expect(results[6]!.projectedGrossPaise).toBe(rs(15_00_000));
    expect(results[6]!.annualTax.totalTaxPaise).toBe(rs(97_500));
    expect(tds.slice(6)).toEqual([16_250, 16_250, 16_250, 16_250, 16_250, 16_250].map(rs));
    expect(results[6]!.explanation).toContain(
      'annual projected income ₹15,00,000 = paid so far ₹6,00,000 + this month ₹1,50,000 + 5 × ₹1,50,000',
    );
    expect(results[6]!.explanation).toContain('₹97,500 ÷ 6 remaining months (October to March) = ₹16,250');
  });

  it('one-time bonus declared for the year joins the projection', () => {
    // 12 × 1 L + 2 L = 14 L − 75,000 = 13,25,000: 60,000 + 18,750 = 78,750 + 3,150 = 81,900 ÷ 12 = 6,825
    const r = computeMonthlyTds(
      {
        month: '2025-04',
        regime: 'new',
        paidSoFar: { grossPaise: 0 },
        thisMonth: { grossPaise: rs(1_00_000) },
        regularMonthly: { grossPaise: rs(1_00_000) },
        oneTimeItems: [{ label: 'annual bonus', amountPaise: rs(2_00_000) }],
        tdsDeductedSoFarPaise: 0,
      },
      FY_2025_26,
    );
    expect(r.annualTax.totalTaxPaise).toBe(rs(81_900));
    expect(r.tdsPaise).toBe(rs(6_825));
    expect(r.explanation).toContain('+ 11 × ₹1,00,000 + annual bonus ₹2,00,000');
  });

  it('too much deducted (pay cut): TDS 0, never negative, the excess reported', () => {
    // Paid 6 × 1.5 L with 6 × 16,000 deducted, then cut to 50,000: 9 L + 6 × 50,000 = 12 L → nil tax
    const r = computeMonthlyTds(
      {
        month: '2025-10',
        regime: 'new',
        paidSoFar: { grossPaise: rs(9_00_000) },
        thisMonth: { grossPaise: rs(50_000) },
        regularMonthly: { grossPaise: rs(50_000) },
        tdsDeductedSoFarPaise: rs(96_000),
      },
      FY_2025_26,
    );
    expect(r.annualTax.totalTaxPaise).toBe(0);
    expect(r.tdsPaise).toBe(0);
    expect(r.excessDeductedPaise).toBe(rs(96_000));
    expect(r.explanation).toContain(
      'TDS so far exceeds the projected annual tax by ₹96,000: no TDS this month',
    );
  });

  it('no payment this month (full LOP): no TDS', () => {
    const r = computeMonthlyTds(
      {
        month: '2025-06',
        regime: 'new',
        paidSoFar: { grossPaise: rs(4_00_000) },
        thisMonth: { grossPaise: 0 },
        regularMonthly: { grossPaise: rs(2_00_000) },
        tdsDeductedSoFarPaise: rs(40_000),
      },
      FY_2025_26,
    );
    expect(r.annualTax.totalTaxPaise).toBeGreaterThan(0);
    expect(r.tdsPaise).toBe(0);
    expect(r.explanation).toContain('no salary paid in June, so no TDS');
  });

  it('exit month shortens the projection and the divisor', () => {
    // Leaving in June: 3 × 5 L = 15 L − 75,000 = 14,25,000 → 97,500 ÷ 3 = 32,500
    const r = computeMonthlyTds(
      {
        month: '2025-04',
        regime: 'new',
        paidSoFar: { grossPaise: 0 },
        thisMonth: { grossPaise: rs(5_00_000) },
        regularMonthly: { grossPaise: rs(5_00_000) },
        tdsDeductedSoFarPaise: 0,
        exitMonth: '2025-06',
      },
      FY_2025_26,
    );
    expect(r.remainingMonths).toBe(3);
    expect(r.tdsPaise).toBe(rs(32_500));
  });

  it('previous employer salary and TDS (Form 12B) count in the year', () => {
    // Joined in October: previous 6 L with 10,000 TDS; here 6 × 1.5 L = 9 L → 15 L → 97,500
    // less 10,000 → 87,500 ÷ 6 = 14,583.33 → 14,583
    const r = computeMonthlyTds(
      {
        month: '2025-10',
        regime: 'new',
        previousEmployer: { grossPaise: rs(6_00_000), tdsPaise: rs(10_000) },
        paidSoFar: { grossPaise: 0 },
        thisMonth: { grossPaise: rs(1_50_000) },
        regularMonthly: { grossPaise: rs(1_50_000) },
        tdsDeductedSoFarPaise: 0,
      },
      FY_2025_26,
    );
    expect(r.tdsPaise).toBe(rs(14_583));
    expect(r.explanation).toContain('previous employer ₹6,00,000 + paid so far ₹0');
  });

  it('old regime with HRA, PF and PT (FY 2026-27, s.392)', () => {
    // Monthly gross 1,00,000 (basic 50,000, HRA 20,000), PF 6,000, PT 200; rent 25,000 a month in Delhi.
    // Year: gross 12 L; SD 50,000; HRA least of 2,40,000 / 3,00,000 − 60,000 = 2,40,000 / 3,00,000 = 2,40,000;
    // PT 2,400; 80C PF 72,000. Taxable 12,00,000 − 3,64,400 = 8,35,600.
    // Tax 12,500 + 20% × 3,35,600 = 79,620; cess 3,184.80 → 82,804.80 → 82,805 ÷ 12 = 6,900.42 → 6,900
    const month: SalaryFigures = {
      grossPaise: rs(1_00_000),
      basicDaPaise: rs(50_000),
      hraPaise: rs(20_000),
      employeePfPaise: rs(6_000),
      professionalTaxPaise: rs(200),
    };
    const r = computeMonthlyTds(
      {
        month: '2026-04',
        regime: 'old',
        paidSoFar: { grossPaise: 0 },
        thisMonth: month,
        regularMonthly: month,
        tdsDeductedSoFarPaise: 0,
        declarations: { annualRentPaise: rs(3_00_000), rentCity: 'Delhi' },
      },
      FY_2026_27,
    );
    expect(r.deductionsPaise).toBe(rs(3_64_400));
    expect(r.annualTax.totalTaxPaise).toBe(rs(82_805));
    expect(r.tdsPaise).toBe(rs(6_900));
    expect(r.steps.find((s) => s.key === 'tds')!.source).toContain('s.392 of the Income-tax Act, 2025');
    // the same twelve months add up
    const { tds } = runYear(
      MONTHS_2025.map((m) => m.replace('2025-', '2026-').replace(/^2026-(0[1-3])$/, '2027-$1')),
      () => month,
      { regime: 'old', declarations: { annualRentPaise: rs(3_00_000), rentCity: 'Delhi' } },
      FY_2026_27,
    );
    expect(tds.reduce((a, b) => a + b, 0)).toBe(rs(82_805));
  });

  it('PT of the months ahead, worked by the caller from the slabs, replaces regular PT × months and is explained', () => {
    // The month above, with the caller's PT ahead for April: 10 × 200 + 300 in February = 2,300.
    // PT for the year 0 + 200 + 2,300 = 2,500 (not 12 × 200 = 2,400). Deductions 3,64,500;
    // taxable 8,35,500; tax 12,500 + 20% × 3,35,500 = 79,600; cess 3,184 → 82,784 ÷ 12 = 6,898.67 → 6,899.
    const month: SalaryFigures = {
      grossPaise: rs(1_00_000),
      basicDaPaise: rs(50_000),
      hraPaise: rs(20_000),
      employeePfPaise: rs(6_000),
      professionalTaxPaise: rs(200),
    };
    const input: TdsInput = {
      month: '2026-04',
      regime: 'old',
      paidSoFar: { grossPaise: 0 },
      thisMonth: month,
      regularMonthly: month,
      tdsDeductedSoFarPaise: 0,
      declarations: { annualRentPaise: rs(3_00_000), rentCity: 'Delhi' },
      professionalTaxAhead: { amountPaise: rs(2_300), words: '10 × ₹200 + ₹300 in February' },
    };
    const r = computeMonthlyTds(input, FY_2026_27);
    expect(r.deductionsPaise).toBe(rs(3_64_500));
    expect(r.annualTax.totalTaxPaise).toBe(rs(82_784));
    expect(r.tdsPaise).toBe(rs(6_899));
    expect(r.explanation).toContain(
      'PT for the year ₹2,500: ₹0 paid so far + ₹200 this month + 10 × ₹200 + ₹300 in February;',
    );
    // A previous employer's PT counts in the year; the deduction stops at ₹2,500 (Art. 276(2)).
    const joined = computeMonthlyTds(
      {
        ...input,
        previousEmployer: { grossPaise: 0, professionalTaxPaise: rs(1_200), tdsPaise: 0 },
      },
      FY_2026_27,
    );
    expect(joined.explanation).toContain(
      'PT for the year ₹3,700: previous employer ₹1,200 + ₹0 paid so far + ₹200 this month + 10 × ₹200 + ₹300 in February; deductible ₹2,500 (capped at ₹2,500)',
    );
    expect(joined.deductionsPaise).toBe(rs(3_64_500));
    // The new regime allows no PT deduction, so its explanation does not mention it.
    const newRegime = computeMonthlyTds({ ...input, regime: 'new' }, FY_2026_27);
    expect(newRegime.explanation).not.toContain('PT for the year');
    expect(() =>
      computeMonthlyTds({ ...input, professionalTaxAhead: { amountPaise: -1, words: '' } }, FY_2026_27),
    ).toThrow(/professionalTaxAhead.amountPaise/);
  });

  it('refuses a month outside the year rules', () => {
    const input: TdsInput = {
      month: '2026-04',
      regime: 'new',
      paidSoFar: { grossPaise: 0 },
      thisMonth: { grossPaise: rs(1_00_000) },
      regularMonthly: { grossPaise: rs(1_00_000) },
      tdsDeductedSoFarPaise: 0,
    };
    expect(() => computeMonthlyTds(input, FY_2025_26)).toThrow(/outside financial year 2025-26/);
  });
});

describe('year rules lookup', () => {
  it('finds the year by pay month or date', () => {
    expect(incomeTaxRulesFor('2025-04').financialYear).toBe('2025-26');
    expect(incomeTaxRulesFor('2026-03-31').financialYear).toBe('2025-26');
    expect(incomeTaxRulesFor('2026-04').financialYear).toBe('2026-27');
    expect(incomeTaxRulesFor('2026-04').tdsSection).toBe('s.392 of the Income-tax Act, 2025');
    expect(() => incomeTaxRulesFor('2027-04')).toThrow(/No income-tax rules/);
  });

  it('years are contiguous and every figure in them names its source', () => {
    for (const [i, y] of INCOME_TAX_YEARS.entries()) {
      if (i > 0) {
        const prevEnd = new Date(`${INCOME_TAX_YEARS[i - 1]!.effectiveTo}T00:00:00Z`);
        expect(new Date(`${y.effectiveFrom}T00:00:00Z`).getTime() - prevEnd.getTime()).toBe(86_400_000);
      }
      const walk = (v: unknown, path: string) => {
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          const o = v as Record<string, unknown>;
          if ('value' in o || Array.isArray(o.slabs) || 'bands' in o)
            expect(o.source, path).toMatch(/statutory-rules\.md/);
          for (const [k, c] of Object.entries(o)) walk(c, `${path}.${k}`);
        }
      };
      walk(y, y.financialYear);
    }
  });

  it('FY 2026-27 keeps FY 2025-26 figures and says so in each source', () => {
    expect(FY_2026_27.regimes.new.rebate87A.incomeLimitPaise).toBe(
      FY_2025_26.regimes.new.rebate87A.incomeLimitPaise,
    );
    expect(FY_2026_27.regimes.new.standardDeductionPaise.source).toContain('unchanged for tax year 2026-27');
  });

  it('a new year is data: a FY 2027-28 entry is found and used', () => {
    const fy2728: IncomeTaxYearRules = {
      ...FY_2026_27,
      financialYear: '2027-28',
      effectiveFrom: '2027-04-01',
      effectiveTo: '2028-03-31',
    };
    const years = [...INCOME_TAX_YEARS, fy2728];
    const rules = incomeTaxRulesFor('2027-05', years);
    expect(rules.financialYear).toBe('2027-28');
    const r = computeMonthlyTds(
      {
        month: '2027-05',
        regime: 'new',
        paidSoFar: { grossPaise: rs(1_50_000) },
        thisMonth: { grossPaise: rs(1_50_000) },
        regularMonthly: { grossPaise: rs(1_50_000) },
        tdsDeductedSoFarPaise: rs(12_567),
      },
      rules,
    );
    // 1,50,800 − 12,567 = 1,38,233 ÷ 11 = 12,566.6 → 12,567
    expect(r.tdsPaise).toBe(rs(12_567));
  });
});
