import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  computePayslip,
  type PayslipInput,
  STATUTORY_RULES,
  type StatutoryRules,
  statutoryFiguresOn,
} from '../src';
import { contributionPeriod } from '../src/esi';

/**
 * The ESI contribution-period lock reads its periods from the dated statutory data
 * (`esi.contributionPeriodStarts`, rules §2), not from code.
 */
const caseInput = (name: string): PayslipInput =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../cases/${name}.json`, import.meta.url)), 'utf8')).input;

/** The engine's data with other contribution periods (a hypothetical notification). */
function withStarts(starts: number[], from = '2025-04-01'): StatutoryRules {
  return {
    ...STATUTORY_RULES,
    esi: {
      ...STATUTORY_RULES.esi,
      contributionPeriodStarts: [
        {
          value: starts,
          from,
          source: 'test data: periods starting in other months',
          law: 'test data: periods starting in other months',
          section: '§2',
        },
      ],
    },
  };
}
const line = (p: ReturnType<typeof computePayslip>, code: string) => p.lines.find((l) => l.code === code);

describe('ESI contribution periods from the dated data', () => {
  it('names the period of a month from the start months', () => {
    expect(contributionPeriod([4, 10], 2026, 4)).toEqual({ starts: true, name: 'April–September 2026' });
    expect(contributionPeriod([4, 10], 2026, 9)).toEqual({ starts: false, name: 'April–September 2026' });
    expect(contributionPeriod([4, 10], 2026, 11)).toEqual({ starts: false, name: 'October 2026–March 2027' });
    expect(contributionPeriod([10, 4], 2027, 2)).toEqual({ starts: false, name: 'October 2026–March 2027' });
    expect(contributionPeriod([1, 7], 2025, 8)).toEqual({ starts: false, name: 'July–December 2025' });
    expect(contributionPeriod([1, 4, 7, 10], 2026, 12)).toEqual({
      starts: false,
      name: 'October–December 2026',
    });
    expect(contributionPeriod([5], 2026, 3)).toEqual({ starts: false, name: 'May 2025–April 2026' });
    expect(() => contributionPeriod([], 2026, 3)).toThrow(RangeError);
    expect(() => contributionPeriod([13], 2026, 3)).toThrow(RangeError);
  });

  it("the engine's own data (April, October): the golden case keeps ESI in August after a raise", () => {
    // Wage rate ₹24,000 > ₹21,000, covered earlier in April–September 2025: ESI continues.
    const p = computePayslip(caseInput('esi-period-lock-after-raise'), STATUTORY_RULES);
    expect(line(p, 'ESI_EE')?.amount).toBe(180_00); // 0.75% of ₹24,000
    expect(line(p, 'ESI_EE')?.explain).toContain(
      'covered earlier in the contribution period April–September 2025',
    );
  });

  it('periods starting in August and February: August re-tests coverage, so the raise ends ESI', () => {
    const p = computePayslip(caseInput('esi-period-lock-after-raise'), withStarts([2, 8]));
    expect(line(p, 'ESI_EE')).toBeUndefined();
    expect(line(p, 'ESI_ER')).toBeUndefined();
    expect(line(p, 'ESI_INFO')?.explain).toContain(
      'wage rate ₹24,000 is above the ₹21,000 ceiling, and the employee was not covered earlier in the contribution period August 2025–January 2026',
    );
    expect(p.ytd.esiCoveredThisPeriod).toBe(false);
  });

  it('periods starting in January and July: October is inside July–December, so the lock holds', () => {
    // With April/October data the golden case ends ESI in October (a new period).
    const own = computePayslip(caseInput('esi-period-lock-ends-october'), STATUTORY_RULES);
    expect(line(own, 'ESI_EE')).toBeUndefined();
    const p = computePayslip(caseInput('esi-period-lock-ends-october'), withStarts([1, 7]));
    expect(line(p, 'ESI_EE')?.amount).toBe(180_00);
    expect(line(p, 'ESI_ER')?.amount).toBe(780_00); // 3.25% of ₹24,000
    expect(line(p, 'ESI_EE')?.explain).toContain('contribution period July–December 2025');
    expect(p.ytd.esiCoveredThisPeriod).toBe(true);
  });

  it('the figures screen lists the same periods, and a month outside the data is refused', () => {
    const row = statutoryFiguresOn('2025-10-15', undefined, withStarts([1, 7])).find(
      (f) => f.key === 'esi.contributionPeriod',
    );
    expect(row?.value).toBe('July–December 2025 (periods start in months 1 and 7)');
    expect(row?.source).toBe('test data: periods starting in other months');
    expect(() =>
      computePayslip(caseInput('esi-period-lock-after-raise'), withStarts([4, 10], '2025-09-01')),
    ).toThrow('no statutory figure esi.contributionPeriodStarts in force on 2025-08-31');
  });
});
