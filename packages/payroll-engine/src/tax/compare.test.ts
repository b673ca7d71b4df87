import { describe, expect, it } from 'vitest';
import { compareRegimes } from './compare';
import { FY_2026_27 } from './years';

// The three golden cases of REGIME-COMPARISON.md, worked by hand from the rules file before coding.
const rs = (rupees: number) => rupees * 100;
const stepOf = (steps: { key: string; amountPaise: number }[], key: string) =>
  steps.find((s) => s.key === key)?.amountPaise ?? 0;

describe('regime comparison: golden cases (REGIME-COMPARISON.md)', () => {
  it('A. ₹7,00,000: both regimes cost nothing after the 87A rebate', () => {
    const c = compareRegimes(
      {
        annual: {
          grossPaise: rs(7_00_000),
          basicDaPaise: rs(3_50_000),
          hraPaise: rs(1_40_000),
          employeePfPaise: rs(42_000),
          professionalTaxPaise: rs(2_500),
        },
        declarations: {
          section80CPaise: rs(50_000),
          section80DSelfPaise: rs(20_000),
          annualRentPaise: rs(1_20_000),
          rentCity: 'Pune',
        },
      },
      FY_2026_27,
    );
    expect(c.new.taxableIncomePaise).toBe(rs(6_25_000));
    expect(c.new.annualTax.slabTaxPaise).toBe(rs(11_250));
    expect(c.new.annualTax.totalTaxPaise).toBe(0);
    expect(stepOf(c.old.deductionSteps, 'hra-exemption')).toBe(rs(85_000));
    expect(stepOf(c.old.deductionSteps, 'section-80c')).toBe(rs(92_000));
    expect(c.old.deductionsPaise).toBe(rs(2_49_500));
    expect(c.old.taxableIncomePaise).toBe(rs(4_50_500));
    expect(c.old.annualTax.slabTaxPaise).toBe(rs(10_025));
    expect(c.old.annualTax.totalTaxPaise).toBe(0);
    expect(c.cheaper).toBeNull();
    expect(c.differencePaise).toBe(0);
    expect(c.summary).toBe('Both regimes cost you the same: ₹0 a year.');
  });

  it('B. ₹12,00,000: the new regime is cheaper by ₹28,080', () => {
    const c = compareRegimes(
      {
        annual: {
          grossPaise: rs(12_00_000),
          basicDaPaise: rs(6_00_000),
          hraPaise: rs(3_00_000),
          employeePfPaise: rs(21_600),
          professionalTaxPaise: rs(2_500),
        },
        declarations: {
          section80CPaise: rs(1_50_000),
          section80CCD1BPaise: rs(50_000),
          section80DSelfPaise: rs(25_000),
          section80DParentsPaise: rs(50_000),
          parentsSenior: true,
          annualRentPaise: rs(3_60_000),
          rentCity: 'Mumbai',
        },
      },
      FY_2026_27,
    );
    expect(c.new.taxableIncomePaise).toBe(rs(11_25_000));
    expect(c.new.annualTax.slabTaxPaise).toBe(rs(52_500));
    expect(c.new.annualTax.rebate87APaise).toBe(rs(52_500));
    expect(c.new.annualTax.totalTaxPaise).toBe(0);
    expect(stepOf(c.old.deductionSteps, 'hra-exemption')).toBe(rs(3_00_000));
    expect(stepOf(c.old.deductionSteps, 'section-80c')).toBe(rs(1_50_000));
    expect(stepOf(c.old.deductionSteps, 'section-80d')).toBe(rs(75_000));
    expect(c.old.deductionsPaise).toBe(rs(6_27_500));
    expect(c.old.taxableIncomePaise).toBe(rs(5_72_500));
    expect(c.old.annualTax.slabTaxPaise).toBe(rs(27_000));
    expect(c.old.annualTax.rebate87APaise).toBe(0);
    expect(c.old.annualTax.cessPaise).toBe(rs(1_080));
    expect(c.old.annualTax.totalTaxPaise).toBe(rs(28_080));
    expect(c.cheaper).toBe('new');
    expect(c.differencePaise).toBe(rs(28_080));
    expect(c.summary).toBe('The new regime costs you ₹28,080 less a year (₹0 against ₹28,080).');
  });

  it('C. ₹24,00,000: the old regime is cheaper by ₹53,040', () => {
    const c = compareRegimes(
      {
        annual: {
          grossPaise: rs(24_00_000),
          basicDaPaise: rs(12_00_000),
          hraPaise: rs(6_00_000),
          employeePfPaise: rs(21_600),
          professionalTaxPaise: rs(2_500),
        },
        declarations: {
          section80CPaise: rs(1_50_000),
          section80CCD1BPaise: rs(50_000),
          section80DSelfPaise: rs(25_000),
          section80DParentsPaise: rs(50_000),
          parentsSenior: true,
          annualRentPaise: rs(6_00_000),
          rentCity: 'Delhi',
          homeLoanInterestPaise: rs(2_00_000),
        },
      },
      FY_2026_27,
    );
    expect(c.new.taxableIncomePaise).toBe(rs(23_25_000));
    expect(c.new.annualTax.slabTaxPaise).toBe(rs(2_81_250));
    expect(c.new.annualTax.cessPaise).toBe(rs(11_250));
    expect(c.new.annualTax.totalTaxPaise).toBe(rs(2_92_500));
    expect(stepOf(c.old.deductionSteps, 'hra-exemption')).toBe(rs(4_80_000));
    expect(stepOf(c.old.deductionSteps, 'section-24b')).toBe(rs(2_00_000));
    expect(c.old.deductionsPaise).toBe(rs(10_07_500));
    expect(c.old.taxableIncomePaise).toBe(rs(13_92_500));
    expect(c.old.annualTax.slabTaxPaise).toBe(rs(2_30_250));
    expect(c.old.annualTax.cessPaise).toBe(rs(9_210));
    expect(c.old.annualTax.totalTaxPaise).toBe(rs(2_39_460));
    expect(c.cheaper).toBe('old');
    expect(c.differencePaise).toBe(rs(53_040));
  });
});

describe('regime comparison: other income, LTA and Form 12B', () => {
  const annual = { grossPaise: rs(10_00_000), basicDaPaise: rs(5_00_000) };

  it('other income is taxed in both regimes and the standard deduction stays limited by the salary', () => {
    const c = compareRegimes(
      { annual: { grossPaise: rs(50_000) }, declarations: { otherIncomePaise: rs(9_00_000) } },
      FY_2026_27,
    );
    // Salary 50,000 only: SD 50,000 (not 75,000) in the new regime; 9,50,000 − 50,000 = 9,00,000.
    expect(c.new.grossPaise).toBe(rs(9_50_000));
    expect(stepOf(c.new.deductionSteps, 'standard-deduction')).toBe(rs(50_000));
    expect(c.new.taxableIncomePaise).toBe(rs(9_00_000));
    expect(c.old.taxableIncomePaise).toBe(rs(9_00_000));
  });

  it('LTA is exempt in the old regime only', () => {
    const c = compareRegimes({ annual, declarations: { ltaExemptPaise: rs(40_000) } }, FY_2026_27);
    expect(stepOf(c.old.deductionSteps, 'lta-exemption')).toBe(rs(40_000));
    expect(c.old.taxableIncomePaise).toBe(rs(10_00_000 - 50_000 - 40_000));
    expect(stepOf(c.new.deductionSteps, 'lta-exemption')).toBe(0);
    expect(c.new.taxableIncomePaise).toBe(rs(10_00_000 - 75_000));
  });

  it("adds the previous employer's salary (Form 12B) before either regime", () => {
    const c = compareRegimes(
      { annual, previousEmployer: { grossPaise: rs(3_00_000), professionalTaxPaise: rs(1_000) } },
      FY_2026_27,
    );
    expect(c.new.taxableIncomePaise).toBe(rs(13_00_000 - 75_000));
    expect(stepOf(c.old.deductionSteps, 'professional-tax')).toBe(rs(1_000));
  });
});
