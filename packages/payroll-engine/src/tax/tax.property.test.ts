import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualTax } from './annual-tax';
import { computeMonthlyTds } from './tds';
import type { AgeBand, SalaryFigures, TaxRegime } from './types';
import { FY_2025_26, FY_2026_27 } from './years';

const years = fc.constantFrom(FY_2025_26, FY_2026_27);
const regime = fc.constantFrom<TaxRegime>('new', 'old');
const age = fc.constantFrom<AgeBand>('below60', '60to80', '80plus');
/** Whole rupees up to ₹10 Cr, biased towards the edges (₹5 L, ₹12 L, ₹50 L, ₹1 Cr, ₹2 Cr, ₹5 Cr). */
const edges = [5_00_000, 12_00_000, 12_70_588, 50_00_000, 1_00_00_000, 2_00_00_000, 5_00_00_000];
const rupees = fc.oneof(
  fc.integer({ min: 0, max: 10_00_00_000 }),
  fc.tuple(fc.constantFrom(...edges), fc.integer({ min: -2_00_000, max: 2_00_000 })).map(([e, d]) => e + d),
);
const pair = fc.tuple(rupees, rupees).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));

describe('annual tax properties', () => {
  it('tax is non-decreasing in income', () => {
    fc.assert(
      fc.property(years, regime, age, pair, (rules, reg, band, [a, b]) => {
        expect(annualTax(b * 100, reg, rules, band).totalTaxPaise).toBeGreaterThanOrEqual(
          annualTax(a * 100, reg, rules, band).totalTaxPaise,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('income after tax and surcharge is non-decreasing (87A and surcharge marginal relief work)', () => {
    // Before cess: the reliefs cap tax + surcharge at the income above the threshold, so a rupee
    // more income never leaves less. (Old-regime 87A has no marginal relief: the law's own cliff at ₹5 L.)
    fc.assert(
      fc.property(years, age, pair, (rules, band, [a, b]) => {
        const net = (x: number) => x * 100 - annualTax(x * 100, 'new', rules, band).taxBeforeCessPaise;
        expect(net(b)).toBeGreaterThanOrEqual(net(a));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(years, age, pair, (rules, band, [a, b]) => {
        fc.pre(a > 5_00_000);
        const net = (x: number) => x * 100 - annualTax(x * 100, 'old', rules, band).taxBeforeCessPaise;
        expect(net(b)).toBeGreaterThanOrEqual(net(a));
      }),
      { numRuns: 2000 },
    );
  });

  it('after cess, income after tax falls by at most the 4% cess on the extra income (plus ₹1 rounding)', () => {
    // Cess is charged on the relieved tax (rules file 5.3), so inside a relief band each extra rupee
    // costs 1.04: the statute's arithmetic, not a bug.
    fc.assert(
      fc.property(years, regime, pair, (rules, reg, [a, b]) => {
        fc.pre(reg === 'new' || a > 5_00_000);
        const net = (x: number) => x * 100 - annualTax(x * 100, reg, rules).totalTaxPaise;
        expect(net(b)).toBeGreaterThanOrEqual(net(a) - Math.ceil((b - a) * 4) - 100);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('TDS properties', () => {
  it('with a constant salary, 12 monthly deductions add up to the annual tax, each never negative', () => {
    const monthly = fc.record({
      basic: fc.integer({ min: 10_000, max: 10_00_000 }),
      hraShare: fc.integer({ min: 0, max: 50 }),
      other: fc.integer({ min: 0, max: 10_00_000 }),
      paise: fc.integer({ min: 0, max: 99 }),
    });
    fc.assert(
      fc.property(years, regime, monthly, fc.integer({ min: 0, max: 1_00_000 }), (rules, reg, m, rent) => {
        const hra = Math.floor((m.basic * m.hraShare) / 100);
        const month: SalaryFigures = {
          grossPaise: (m.basic + hra + m.other) * 100 + m.paise,
          basicDaPaise: m.basic * 100,
          hraPaise: hra * 100,
          employeePfPaise: Math.min(m.basic, 15_000) * 12,
          professionalTaxPaise: 20_000,
        };
        const start = Number(rules.effectiveFrom.slice(0, 4));
        const months = Array.from({ length: 12 }, (_, i) => {
          const mon = ((i + 3) % 12) + 1;
          return `${mon <= 3 ? start + 1 : start}-${String(mon).padStart(2, '0')}`;
        });
        let deducted = 0;
        let annual = 0;
        for (const [i, ym] of months.entries()) {
          const paidSoFar = Object.fromEntries(
            Object.entries(month).map(([k, v]) => [k, (v as number) * i]),
          ) as unknown as SalaryFigures;
          const r = computeMonthlyTds(
            {
              month: ym,
              regime: reg,
              paidSoFar,
              thisMonth: month,
              regularMonthly: month,
              tdsDeductedSoFarPaise: deducted,
              declarations: { annualRentPaise: rent * 1200, rentCity: 'Mumbai' },
            },
            rules,
          );
          expect(r.tdsPaise).toBeGreaterThanOrEqual(0);
          expect(r.tdsPaise % 100).toBe(0);
          if (i === 0) annual = r.annualTax.totalTaxPaise;
          expect(r.annualTax.totalTaxPaise).toBe(annual);
          deducted += r.tdsPaise;
        }
        expect(deducted).toBe(annual);
      }),
      { numRuns: 300 },
    );
  });
});
