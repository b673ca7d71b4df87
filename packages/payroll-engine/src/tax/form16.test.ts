import { describe, expect, it } from 'vitest';
import { computeForm16, type Form16Month, financialYearMonths } from './form16';

const rs = (rupees: number) => Math.round(rupees * 100);
const FY = financialYearMonths('2026-27');

describe('financialYearMonths', () => {
  it('runs April to March', () => {
    expect(FY).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
  });
});

describe('computeForm16', () => {
  /**
   * Old regime, a full year (FY 2026-27, born 1990: below 60). Each month pays Basic 50,000 +
   * HRA 20,000 + Special 30,000 + a meal-card perquisite 2,000 (17(2), exempt in the old regime), so
   * the payslip gross is 1,02,000 and the taxable pay 1,00,000. PF 1,800 a month, PT 200 (300 in
   * February). TDS 4,900 a month, 5,047 in March.
   *
   * By hand:
   *   payslip gross 12 × 1,02,000 = 12,24,000; taxable 12,00,000; HRA 2,40,000; Basic 6,00,000;
   *   PF 21,600; PT 11 × 200 + 300 = 2,500.
   *   Perquisites paid 12 × 2,000 = 24,000, all exempt (chargeable 0): 17(2) = 0 and the 24,000 is
   *   left out of gross salary: 17(1) = gross salary = 12,24,000 − 24,000 = 12,00,000.
   *   HRA 10(13A): least of 2,40,000; rent 3,00,000 − 10% of 6,00,000 = 2,40,000; 50% (Mumbai) of
   *   6,00,000 = 3,00,000 → 2,40,000. No other exempt pay. Exemptions 2,40,000.
   *   After exemptions 12,00,000 − 2,40,000 = 9,60,000; − standard deduction 50,000 − PT 2,500
   *   = 9,07,500 from salary; + other income 10,000 = 9,17,500 gross total income.
   *   VI-A: 80C 21,600 + 1,00,000 = 1,21,600; 80CCD(1B) 50,000; 80D 30,000 capped at 25,000;
   *   total 1,96,600. Total income 9,17,500 − 1,96,600 = 7,20,900.
   *   Tax: 5% of 2,50,000 = 12,500 + 20% of 2,20,900 = 44,180 → 56,680; no 87A (above 5 L), no
   *   surcharge; cess 4% = 2,267.20; 58,947.20 → 58,947 (nearest rupee).
   *   TDS: Q1, Q2, Q3 3 × 4,900 = 14,700 each; Q4 4,900 + 4,900 + 5,047 = 14,847; total 58,947,
   *   balance 0.
   */
  const months: Form16Month[] = FY.map((month) => ({
    month,
    grossPaise: rs(102_000),
    taxable: {
      grossPaise: rs(100_000),
      hraPaise: rs(20_000),
      basicDaPaise: rs(50_000),
      employeePfPaise: rs(1_800),
      professionalTaxPaise: month.endsWith('-02') ? rs(300) : rs(200),
    },
    tdsPaise: month === '2027-03' ? rs(5_047) : rs(4_900),
    perquisites: [{ code: 'MEAL', label: 'Meal card', amountPaise: rs(2_000), taxablePaise: 0 }],
  }));

  it('works the old regime year from the payslips as worked by hand', () => {
    const f = computeForm16({
      financialYear: '2026-27',
      regime: 'old',
      dateOfBirth: '1990-06-15',
      months,
      declarations: {
        annualRentPaise: rs(300_000),
        rentCity: 'Mumbai',
        section80CPaise: rs(100_000),
        section80CCD1BPaise: rs(50_000),
        section80DSelfPaise: rs(30_000),
        otherIncomePaise: rs(10_000),
      },
    });
    expect(f.assessmentYear).toBe('2027-28');
    expect(f.payslipGrossPaise).toBe(rs(1_224_000));
    expect(f.salary17_1Paise).toBe(rs(1_200_000));
    expect(f.perquisites17_2Paise).toBe(0);
    expect(f.exemptPerquisitesPaise).toBe(rs(24_000));
    expect(f.grossSalaryPaise).toBe(rs(1_200_000));
    expect(f.exemptions).toEqual({
      hraPaise: rs(240_000),
      ltaPaise: 0,
      otherPaise: 0,
      totalPaise: rs(240_000),
    });
    expect(f.salaryAfterExemptionsPaise).toBe(rs(960_000));
    expect(f.standardDeductionPaise).toBe(rs(50_000));
    expect(f.professionalTaxPaise).toBe(rs(2_500));
    expect(f.incomeFromSalaryPaise).toBe(rs(907_500));
    expect(f.grossTotalIncomePaise).toBe(rs(917_500));
    expect(f.chapterVIA.map((d) => [d.section, d.amountPaise])).toEqual([
      ['80C', rs(121_600)],
      ['80CCD(1B)', rs(50_000)],
      ['80D', rs(25_000)],
    ]);
    expect(f.totalIncomePaise).toBe(rs(720_900));
    expect(f.taxOnIncomePaise).toBe(rs(56_680));
    expect(f.rebate87APaise).toBe(0);
    expect(f.surchargePaise).toBe(0);
    expect(f.cessPaise).toBe(rs(2_267.2));
    expect(f.taxPayablePaise).toBe(rs(58_947));
    expect(f.netTaxPayablePaise).toBe(rs(58_947));
    expect(f.quarters.map((q) => q.tdsPaise)).toEqual([rs(14_700), rs(14_700), rs(14_700), rs(14_847)]);
    expect(f.tdsThisEmployerPaise).toBe(rs(58_947));
    expect(f.balancePaise).toBe(0);
    expect(f.notes.join(' ')).toMatch(/Perquisites of ₹24,000(\.00)? paid with the payslips are exempt/);
    expect(f.perquisites).toEqual([
      { code: 'MEAL', label: 'Meal card', valuePaise: rs(24_000), recoveredPaise: 0, taxablePaise: 0 },
    ]);
  });

  it('adds up to the payslips: gross and TDS per quarter', () => {
    const f = computeForm16({ financialYear: '2026-27', regime: 'old', dateOfBirth: null, months });
    const sum = (ms: Form16Month[], k: 'grossPaise' | 'tdsPaise') => ms.reduce((a, m) => a + m[k], 0);
    expect(f.payslipGrossPaise).toBe(sum(months, 'grossPaise'));
    expect(f.grossSalaryPaise + f.exemptPerquisitesPaise).toBe(f.payslipGrossPaise);
    expect(f.salary17_1Paise + f.perquisites17_2Paise + f.profitsInLieu17_3Paise).toBe(f.grossSalaryPaise);
    for (const q of f.quarters) {
      const inQ = months.filter((m) => q.months.includes(m.month));
      expect(q.tdsPaise).toBe(sum(inQ, 'tdsPaise'));
      expect(q.grossPaise).toBe(sum(inQ, 'grossPaise'));
    }
    expect(f.quarters.reduce((a, q) => a + q.grossPaise, 0)).toBe(f.payslipGrossPaise);
  });

  /**
   * New regime, a joiner in October: six months of 2,00,000 taxable each, no TDS (the projection
   * saw income within the rebate). By hand: 12,00,000 − standard deduction 75,000 = 11,25,000;
   * 5% of 4,00,000 = 20,000 + 10% of 3,25,000 = 32,500 → 52,500; within ₹12 L, so 87A takes it
   * all: tax 0. Q1 and Q2 have no payslip; Q3 and Q4 have 6,00,000 each. HRA and the old regime's
   * claims are not read.
   */
  it('gives the new regime its rebate and leaves empty quarters at zero', () => {
    const f = computeForm16({
      financialYear: '2026-27',
      regime: 'new',
      dateOfBirth: '1995-01-01',
      months: FY.slice(6).map((month) => ({
        month,
        grossPaise: rs(200_000),
        taxable: { grossPaise: rs(200_000), hraPaise: rs(50_000), basicDaPaise: rs(100_000) },
        tdsPaise: 0,
      })),
      declarations: { annualRentPaise: rs(600_000), section80CPaise: rs(150_000) },
    });
    expect(f.exemptions.totalPaise).toBe(0);
    expect(f.chapterVIA).toEqual([]);
    expect(f.standardDeductionPaise).toBe(rs(75_000));
    expect(f.totalIncomePaise).toBe(rs(1_125_000));
    expect(f.taxOnIncomePaise).toBe(rs(52_500));
    expect(f.rebate87APaise).toBe(rs(52_500));
    expect(f.netTaxPayablePaise).toBe(0);
    expect(f.quarters.map((q) => q.grossPaise)).toEqual([0, 0, rs(600_000), rs(600_000)]);
    expect(f.perquisites).toEqual([]);
    expect(f.notes.join(' ')).toMatch(/Form 12BA is not attached/);
  });

  it('refuses a month outside the year', () => {
    expect(() =>
      computeForm16({
        financialYear: '2026-27',
        regime: 'new',
        dateOfBirth: null,
        months: [{ month: '2027-04', grossPaise: 1, taxable: { grossPaise: 1 }, tdsPaise: 0 }],
      }),
    ).toThrow(/not in financial year 2026-27/);
  });
});

describe('computeForm16 perquisites', () => {
  /**
   * New regime: a 17(2) telephone perquisite of 1,000 a month for 3 months (Jan–Mar) is taxable in
   * full (no exemption in the new regime). Taxable pay 50,000 a month including it. By hand:
   * payslip gross 3 × 50,000 = 1,50,000; 17(2) = 3,000; 17(1) = 1,47,000; gross salary 1,50,000;
   * exempt perquisites 0. Income 1,50,000 − 75,000 = 75,000: no tax.
   */
  it('counts a taxable perquisite under 17(2) and lists it for Form 12BA', () => {
    const f = computeForm16({
      financialYear: '2026-27',
      regime: 'new',
      dateOfBirth: null,
      months: FY.slice(9).map((month) => ({
        month,
        grossPaise: rs(50_000),
        taxable: { grossPaise: rs(50_000) },
        tdsPaise: 0,
        perquisites: [{ code: 'TEL', label: 'Telephone', amountPaise: rs(1_000), taxablePaise: rs(1_000) }],
      })),
    });
    expect(f.perquisites17_2Paise).toBe(rs(3_000));
    expect(f.salary17_1Paise).toBe(rs(147_000));
    expect(f.grossSalaryPaise).toBe(rs(150_000));
    expect(f.exemptPerquisitesPaise).toBe(0);
    expect(f.exemptions.totalPaise).toBe(0);
    expect(f.totalIncomePaise).toBe(rs(75_000));
    expect(f.perquisites).toEqual([
      { code: 'TEL', label: 'Telephone', valuePaise: rs(3_000), recoveredPaise: 0, taxablePaise: rs(3_000) },
    ]);
  });
});
