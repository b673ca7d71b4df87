import { describe, expect, it } from 'vitest';
import { hraExemption, taxableIncome } from './deductions';
import { FY_2025_26, FY_2026_27 } from './years';

const rs = (rupees: number) => rupees * 100;

describe('HRA exemption (least of three)', () => {
  // Basic + DA 6,00,000 a year; HRA 3,00,000; 10% of salary = 60,000
  it('metro (Mumbai): 50% of salary', () => {
    // rent 4,20,000: limbs 3,00,000 / 3,60,000 / 3,00,000 → 3,00,000
    const h = hraExemption(rs(3_00_000), rs(6_00_000), rs(4_20_000), 'mumbai', FY_2025_26);
    expect(h.metro).toBe(true);
    expect(h.percentOfSalaryPaise).toBe(rs(3_00_000));
    expect(h.exemptPaise).toBe(rs(3_00_000));
  });

  it('non-metro (Bengaluru, FY 2025-26 and 2026-27 while Rule 279 is a draft): 40% of salary', () => {
    for (const rules of [FY_2025_26, FY_2026_27]) {
      // rent 4,20,000: limbs 3,00,000 / 3,60,000 / 2,40,000 → 2,40,000
      const h = hraExemption(rs(3_00_000), rs(6_00_000), rs(4_20_000), 'Bengaluru', rules);
      expect(h.metro).toBe(false);
      expect(h.exemptPaise).toBe(rs(2_40_000));
    }
  });

  it('rent less 10% of salary is the least', () => {
    // rent 2,00,000 − 60,000 = 1,40,000
    expect(hraExemption(rs(3_00_000), rs(6_00_000), rs(2_00_000), 'Chennai', FY_2025_26).exemptPaise).toBe(
      rs(1_40_000),
    );
  });

  it('actual HRA is the least', () => {
    expect(hraExemption(rs(1_00_000), rs(6_00_000), rs(4_20_000), 'Delhi', FY_2025_26).exemptPaise).toBe(
      rs(1_00_000),
    );
  });

  it('no rent or rent below 10% of salary: nothing exempt', () => {
    expect(hraExemption(rs(3_00_000), rs(6_00_000), 0, 'Delhi', FY_2025_26).exemptPaise).toBe(0);
    expect(hraExemption(rs(3_00_000), rs(6_00_000), rs(50_000), 'Delhi', FY_2025_26).exemptPaise).toBe(0);
  });
});

describe('taxable income by regime', () => {
  const annual = {
    grossPaise: rs(20_00_000),
    basicDaPaise: rs(8_00_000),
    hraPaise: rs(3_20_000),
    employeePfPaise: rs(96_000),
    professionalTaxPaise: rs(2_500),
  };
  const declarations = {
    section80CPaise: rs(1_00_000),
    section80CCD1BPaise: rs(60_000),
    section80DSelfPaise: rs(30_000),
    section80DParentsPaise: rs(60_000),
    parentsSenior: true,
    homeLoanInterestPaise: rs(2_50_000),
    annualRentPaise: rs(3_00_000),
    rentCity: 'Pune',
  };

  it('old regime: SD ₹50,000, HRA, PT, 80C with PF (cap), 80CCD(1B), 80D, 24(b)', () => {
    const t = taxableIncome(annual, 'old', FY_2025_26, declarations);
    const by = Object.fromEntries(t.steps.map((s) => [s.key, s.amountPaise / 100]));
    expect(by).toEqual({
      'standard-deduction': 50_000,
      // least of 3,20,000 / 3,00,000 − 80,000 = 2,20,000 / 40% × 8,00,000 = 3,20,000
      'hra-exemption': 2_20_000,
      'professional-tax': 2_500,
      // PF 96,000 + 1,00,000 → cap 1,50,000
      'section-80c': 1_50_000,
      'section-80ccd1b': 50_000,
      // self 30,000 → 25,000; senior parents 60,000 → 50,000
      'section-80d': 75_000,
      'section-24b': 2_00_000,
    });
    // 20,00,000 − 7,47,500
    expect(t.taxableIncomePaise).toBe(rs(12_52_500));
  });

  it('new regime: only the ₹75,000 standard deduction; declarations ignored', () => {
    const t = taxableIncome(annual, 'new', FY_2025_26, declarations);
    expect(t.steps.map((s) => s.key)).toEqual(['standard-deduction']);
    expect(t.taxableIncomePaise).toBe(rs(19_25_000));
  });

  it('employer NPS is salary, deductible up to 14% (new) / 10% (old) of Basic + DA', () => {
    const withNps = { ...annual, employerNpsPaise: rs(1_20_000) };
    // new: 20,00,000 + 1,20,000 − 75,000 − min(1,20,000, 1,12,000)
    expect(taxableIncome(withNps, 'new', FY_2025_26).taxableIncomePaise).toBe(rs(19_33_000));
    // old, no declarations: 21,20,000 − 50,000 − PT 2,500 − 80C 96,000 − min(1,20,000, 80,000)
    expect(taxableIncome(withNps, 'old', FY_2025_26).taxableIncomePaise).toBe(rs(18_91_500));
  });

  it('standard deduction is limited to the salary and income never goes below zero', () => {
    const t = taxableIncome({ grossPaise: rs(40_000) }, 'new', FY_2025_26);
    expect(t.steps[0]!.amountPaise).toBe(rs(40_000));
    expect(t.taxableIncomePaise).toBe(0);
    const old = taxableIncome({ grossPaise: rs(1_00_000) }, 'old', FY_2025_26, {
      homeLoanInterestPaise: rs(2_00_000),
    });
    expect(old.taxableIncomePaise).toBe(0);
  });

  it('PT above the ₹2,500 yearly cap is capped', () => {
    const t = taxableIncome({ grossPaise: rs(6_00_000), professionalTaxPaise: rs(3_000) }, 'old', FY_2025_26);
    expect(t.steps.find((s) => s.key === 'professional-tax')!.amountPaise).toBe(rs(2_500));
  });
});
