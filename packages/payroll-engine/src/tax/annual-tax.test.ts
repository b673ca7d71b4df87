import { describe, expect, it } from 'vitest';
import { annualTax } from './annual-tax';
import type { IncomeTaxYearRules, TaxRegime } from './types';
import { FY_2025_26, FY_2026_27 } from './years';

/** ₹ to paise. */
const rs = (rupees: number) => Math.round(rupees * 100);
const total = (rupees: number, regime: TaxRegime, rules: IncomeTaxYearRules = FY_2025_26) =>
  annualTax(rs(rupees), regime, rules).totalTaxPaise / 100;

describe.each([FY_2025_26, FY_2026_27])('new regime $financialYear', (rules) => {
  it('slab edges: nil to ₹4 L, then 5/10/15/20/25/30% (cess 4% from ₹12 L up)', () => {
    expect(total(4_00_000, 'new', rules)).toBe(0);
    expect(annualTax(rs(8_00_000), 'new', rules).slabTaxPaise).toBe(rs(20_000));
    expect(annualTax(rs(12_00_000), 'new', rules).slabTaxPaise).toBe(rs(60_000));
    // 16 L: 20,000 + 40,000 + 60,000 = 1,20,000 + cess 4,800
    expect(total(16_00_000, 'new', rules)).toBe(1_24_800);
    // 20 L: 1,20,000 + 80,000 = 2,00,000 + 8,000
    expect(total(20_00_000, 'new', rules)).toBe(2_08_000);
    // 24 L: 2,00,000 + 1,00,000 = 3,00,000 + 12,000
    expect(total(24_00_000, 'new', rules)).toBe(3_12_000);
    // 24,00,100: 3,00,000 + 30% of 100 = 3,00,030; cess 12,001.20 → 3,12,031.20 → ₹3,12,031
    expect(total(24_00_100, 'new', rules)).toBe(3_12_031);
  });

  it('87A: nil tax at exactly ₹12 L; ₹1 above pays ₹1 plus cess (marginal relief), rounded to ₹1', () => {
    const at = annualTax(rs(12_00_000), 'new', rules);
    expect(at.rebate87APaise).toBe(rs(60_000));
    expect(at.totalTaxPaise).toBe(0);
    // 12,00,001: slabs 60,000.15; tax may not exceed the ₹1 excess → relief 59,999.15;
    // cess 4 paise → ₹1.04 → ₹1
    const above = annualTax(rs(12_00_001), 'new', rules);
    expect(above.slabTaxPaise).toBe(6_000_015);
    expect(above.rebate87APaise).toBe(5_999_915);
    expect(above.taxBeforeCessPaise).toBe(100);
    expect(above.cessPaise).toBe(4);
    expect(above.totalTaxPaise).toBe(100);
    expect(above.steps.map((s) => s.key)).toContain('rebate-87a-marginal-relief');
  });

  it('87A marginal relief ends at ₹12,70,588 (rules file 5.1 break-even)', () => {
    // 12,70,588: slabs 60,000 + 15% × 70,588 = 70,588.20 > excess 70,588 → tax 70,588, cess 2,823.52
    const last = annualTax(rs(12_70_588), 'new', rules);
    expect(last.rebate87APaise).toBe(20);
    expect(last.totalTaxPaise).toBe(rs(73_412));
    // 12,70,589: slabs 70,588.35 < excess 70,589 → no relief; cess 2,823.53 → 73,411.88 → ₹73,412
    const past = annualTax(rs(12_70_589), 'new', rules);
    expect(past.rebate87APaise).toBe(0);
    expect(past.totalTaxPaise).toBe(rs(73_412));
  });

  it('surcharge at ₹50 L: none at the edge, ₹1 above is capped by marginal relief', () => {
    // 50 L: 3,00,000 + 30% × 26 L = 10,80,000 + cess 43,200
    expect(total(50_00_000, 'new', rules)).toBe(11_23_200);
    // 50,00,001: 10,80,000.30 + 10% 1,08,000.03; cap 10,80,000 + 1 → before cess 10,80,001, cess 43,200.04
    const above = annualTax(rs(50_00_001), 'new', rules);
    expect(above.surchargePaise).toBe(10_800_003);
    expect(above.taxBeforeCessPaise).toBe(rs(10_80_001));
    expect(above.totalTaxPaise).toBe(rs(11_23_201));
    // the rules file's worked example (5.3): 51 L → 12,27,200 (relief 41,000)
    const ex = annualTax(rs(51_00_000), 'new', rules);
    expect(ex.surchargeReliefPaise).toBe(rs(41_000));
    expect(ex.totalTaxPaise).toBe(rs(12_27_200));
  });

  it('surcharge at ₹1 Cr: 10% at the edge, 15% above with relief against tax + 10% at ₹1 Cr', () => {
    // 1 Cr: 3,00,000 + 30% × 76 L = 25,80,000; + 10% = 28,38,000; cess 1,13,520
    expect(total(1_00_00_000, 'new', rules)).toBe(29_51_520);
    // 1,00,00,001: 25,80,000.30 + 15% 3,87,000.05 (half-up) → cap 28,38,001; cess 1,13,520.04
    const above = annualTax(rs(1_00_00_001), 'new', rules);
    expect(above.surchargePaise).toBe(38_700_005);
    expect(above.taxBeforeCessPaise).toBe(rs(28_38_001));
    expect(above.totalTaxPaise).toBe(rs(29_51_521));
    // 1.01 Cr: 26,10,000 + 3,91,500 = 30,01,500; cap 28,38,000 + 1,00,000 = 29,38,000; cess 1,17,520
    expect(total(1_01_00_000, 'new', rules)).toBe(30_55_520);
    // well above the edge no relief: 1.5 Cr: 3,00,000 + 30% × 1.26 Cr = 40,80,000 × 1.15 = 46,92,000 × 1.04
    const far = annualTax(rs(1_50_00_000), 'new', rules);
    expect(far.surchargeReliefPaise).toBe(0);
    expect(far.totalTaxPaise).toBe(rs(48_79_680));
  });

  it('new regime surcharge stops at 25% above ₹5 Cr (no 37% tier)', () => {
    // 6 Cr: 3,00,000 + 30% × 5.76 Cr = 1,75,80,000; 25% = 43,95,000; 2,19,75,000 × 1.04 = 2,28,54,000
    const t = annualTax(rs(6_00_00_000), 'new', rules);
    expect(t.surchargePaise).toBe(rs(43_95_000));
    expect(t.totalTaxPaise).toBe(rs(2_28_54_000));
  });
});

describe.each([FY_2025_26, FY_2026_27])('old regime $financialYear', (rules) => {
  it('slabs and 87A up to ₹5 L with no marginal relief', () => {
    expect(total(2_50_000, 'old', rules)).toBe(0);
    const at = annualTax(rs(5_00_000), 'old', rules);
    expect(at.slabTaxPaise).toBe(rs(12_500));
    expect(at.rebate87APaise).toBe(rs(12_500));
    expect(at.totalTaxPaise).toBe(0);
    // 5,00,001: 12,500.20 + cess 500.01 = 13,000.21 → ₹13,000 — a ₹1 rise costs ₹13,000
    const above = annualTax(rs(5_00_001), 'old', rules);
    expect(above.rebate87APaise).toBe(0);
    expect(above.totalTaxPaise).toBe(rs(13_000));
    // 10 L: 12,500 + 1,00,000 = 1,12,500 + 4,500
    expect(total(10_00_000, 'old', rules)).toBe(1_17_000);
  });

  it('senior slabs: nil to ₹3 L (60–80) and ₹5 L (80+)', () => {
    expect(annualTax(rs(3_00_000), 'old', rules, '60to80').slabTaxPaise).toBe(0);
    expect(annualTax(rs(5_00_000), 'old', rules, '60to80').slabTaxPaise).toBe(rs(10_000));
    expect(annualTax(rs(5_00_000), 'old', rules, '80plus').slabTaxPaise).toBe(0);
    expect(annualTax(rs(10_00_000), 'old', rules, '80plus').totalTaxPaise).toBe(rs(1_04_000));
  });

  it('37% above ₹5 Cr with marginal relief against tax + 25% at ₹5 Cr', () => {
    // 5 Cr: 1,12,500 + 30% × 4.9 Cr = 1,48,12,500; + 25% 37,03,125 = 1,85,15,625
    // 5.01 Cr: 1,48,42,500 + 37% 54,91,725 = 2,03,34,225; cap 1,86,15,625 → relief 17,18,600
    const t = annualTax(rs(5_01_00_000), 'old', rules);
    expect(t.surchargeReliefPaise).toBe(rs(17_18_600));
    expect(t.taxBeforeCessPaise).toBe(rs(1_86_15_625));
    expect(t.totalTaxPaise).toBe(rs(1_93_60_250));
  });
});

describe('steps and rounding', () => {
  it('explains each slab, the rebate, surcharge relief and cess with sources', () => {
    const t = annualTax(rs(51_00_000), 'new', FY_2025_26);
    expect(t.steps.map((s) => s.key)).toEqual([
      'slab-0',
      `slab-${rs(4_00_000)}`,
      `slab-${rs(8_00_000)}`,
      `slab-${rs(12_00_000)}`,
      `slab-${rs(16_00_000)}`,
      `slab-${rs(20_00_000)}`,
      `slab-${rs(24_00_000)}`,
      'slab-tax',
      'rebate-87a',
      'surcharge',
      'surcharge-marginal-relief',
      'cess',
      'annual-tax',
    ]);
    const last = t.steps.find((s) => s.key === `slab-${rs(24_00_000)}`)!;
    expect(last.detail).toBe('30% of ₹27,00,000 (income from ₹24,00,000 to ₹51,00,000) = ₹8,10,000');
    expect(t.steps.find((s) => s.key === 'cess')!.detail).toBe('cess 4% of ₹11,80,000 = ₹47,200');
    for (const s of t.steps) expect(s.source).toMatch(/statutory-rules\.md/);
  });

  it('the s.288A/288B reading rounds income and tax to ₹10 when the year rules say so', () => {
    const tenRupee: IncomeTaxYearRules = {
      ...FY_2025_26,
      rounding: { ...FY_2025_26.rounding, totalIncome: 'nearest-10-rupees', annualTax: 'nearest-10-rupees' },
    };
    // 12,70,588 → income 12,70,590; slabs 70,588.50 < excess 70,590; + cess 2,823.54 = 73,412.04 → 73,410
    const t = annualTax(rs(12_70_588), 'new', tenRupee);
    expect(t.taxableIncomePaise).toBe(rs(12_70_590));
    expect(t.totalTaxPaise).toBe(rs(73_410));
  });

  it('rejects fractional or negative paise', () => {
    expect(() => annualTax(1.5, 'new', FY_2025_26)).toThrow(RangeError);
    expect(() => annualTax(-100, 'new', FY_2025_26)).toThrow(RangeError);
  });
});
