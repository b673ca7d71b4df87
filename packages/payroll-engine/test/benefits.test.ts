import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computePayslip, type PayslipInput, type PreTaxBenefit, STATUTORY_RULES } from '../src';

/**
 * Pre-tax benefits (employer NPS, flexible benefit items) in the payslip and its TDS. The base is
 * the golden case tax-old-hra-non-metro-2026-27 (April 2026, Basic ₹50,000, HRA ₹25,000, Special
 * ₹25,000, old regime, annual taxable income about ₹7.1 L: the 20% slab). Figures worked by hand:
 * ₹5,000 a month less taxable pay = ₹60,000 a year × 20% × 1.04 cess = ₹12,480 a year, ₹1,040 a
 * month over the 12 months left in April.
 */
const base = (): PayslipInput =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL('../cases/tax-old-hra-non-metro-2026-27.json', import.meta.url)),
      'utf8',
    ),
  ).input;

/** The same CTC with `moved` paise a month of the special allowance paid as the benefit instead. */
function withBenefit(input: PayslipInput, moved: number, b: Omit<PreTaxBenefit, 'monthly'>): PayslipInput {
  const out = structuredClone(input);
  const special = out.salary.find((s) => s.code === 'SPECIAL')!;
  special.monthly -= moved;
  out.benefits = [{ ...b, monthly: moved }];
  return out;
}
const tds = (input: PayslipInput) =>
  computePayslip(input, STATUTORY_RULES).lines.find((l) => l.code === 'TDS')!.amount;
const newRegime = (input: PayslipInput, scale = 1): PayslipInput => {
  const out = structuredClone(input);
  out.tax = { regime: 'new' };
  for (const s of out.salary) s.monthly *= scale;
  return out;
};
const FLEXI = { code: 'FBP_FUEL', label: 'Fuel and travel', kind: 'flexible', exemption: '10(14)' } as const;
const NPS = { code: 'NPS', label: 'Employer NPS', kind: 'nps-employer', exemption: '80CCD(2)' } as const;

describe('flexible benefit items', () => {
  it('are paid with the salary (gross unchanged) and lower TDS in the old regime by the exempt amount', () => {
    const plain = computePayslip(base(), STATUTORY_RULES);
    const flexInput = withBenefit(base(), 5_000_00, FLEXI);
    const flex = computePayslip(flexInput, STATUTORY_RULES);
    expect(flex.gross).toBe(plain.gross);
    const line = flex.lines.find((l) => l.code === 'FBP_FUEL')!;
    expect(line).toMatchObject({ kind: 'earning', amount: 5_000_00 });
    expect(line.explain).toContain('exempt u/s s.10(14)');
    const fall = tds(base()) - tds(flexInput);
    expect(Math.abs(fall - 1_040_00)).toBeLessThanOrEqual(100);
    expect(flex.net).toBe(flex.gross - flex.deductions);
  });

  it('are taxable in the new regime: TDS as if paid as special allowance', () => {
    const plain = newRegime(base(), 2);
    const flex = withBenefit(plain, 5_000_00, FLEXI);
    expect(tds(plain)).toBeGreaterThan(0);
    expect(tds(flex)).toBe(tds(plain));
    expect(computePayslip(flex, STATUTORY_RULES).lines.find((l) => l.code === 'FBP_FUEL')!.explain).toContain(
      'not available in the new regime',
    );
  });
});

describe('flexible benefit items partly claimed (claimedMonthly)', () => {
  const claim = (claimedMonthly: number | undefined) => {
    const input = withBenefit(base(), 5_000_00, FLEXI);
    if (claimedMonthly !== undefined) input.benefits![0]!.claimedMonthly = claimedMonthly;
    return input;
  };

  it('exempts only the claimed part in the old regime (worked by hand)', () => {
    // ₹5,000 a month of fuel and travel (10(14)), ₹2,000 a month claimed: ₹3,000 a month taxable.
    // Taxable pay a month: Basic ₹50,000 + HRA ₹25,000 + Special ₹20,000 + ₹3,000 = ₹98,000;
    // April projection 12 × ₹98,000 = ₹11,76,000. Deductions: standard ₹50,000; HRA least of
    // ₹3,00,000 / ₹3,36,000 − ₹60,000 = ₹2,76,000 / 40% of ₹6,00,000 = ₹2,40,000 → ₹2,40,000; 80C
    // employee PF 12 × ₹1,800 = ₹21,600 + ₹1,00,000 declared = ₹1,21,600; 80D ₹25,000: total
    // ₹4,36,600. Taxable ₹7,39,400: 5% of ₹2,50,000 = ₹12,500 + 20% of ₹2,39,400 = ₹47,880 →
    // ₹60,380; cess 4% ₹2,415.20 → ₹62,795.20, ₹62,795; ÷ 12 = ₹5,232.92 → TDS ₹5,233.
    const p = computePayslip(claim(2_000_00), STATUTORY_RULES);
    const tdsLine = p.lines.find((l) => l.code === 'TDS')!;
    expect(tdsLine.amount).toBe(5_233_00);
    expect(tdsLine.explain).toContain('annual projected income ₹11,76,000');
    expect(tdsLine.explain).toContain('taxable income ₹7,39,400');
    expect(p.ytd.paid.grossPaise).toBe(98_000_00);
    const line = p.lines.find((l) => l.code === 'FBP_FUEL')!;
    expect(line).toMatchObject({ kind: 'earning', amount: 5_000_00 });
    expect(line.explain).toContain(
      'up to the ₹2,000 a month claimed of ₹5,000: the rest, ₹3,000 a month, is taxable',
    );
    expect(p.gross).toBe(1_00_000_00);
    // Against full and no claim: ₹36,000 a year more taxable than a full claim = ₹7,200 × 1.04 =
    // ₹7,488 a year (₹624 a month); ₹24,000 a year less than no claim = ₹4,992 a year (₹416 a month).
    expect(tds(claim(undefined)) - tdsLine.amount).toBe(-624_00);
    expect(tds(claim(0)) - tdsLine.amount).toBe(416_00);
    expect(tds(claim(0))).toBe(tds(base()));
  });

  it('absent or at/above the item: fully claimed, as before; capped at the amount paid in an LOP month', () => {
    expect(tds(claim(5_000_00))).toBe(tds(claim(undefined)));
    expect(tds(claim(9_000_00))).toBe(tds(claim(undefined)));
    expect(computePayslip(claim(undefined), STATUTORY_RULES).ytd.paid.grossPaise).toBe(95_000_00);
    // 15 LOP days of 30: the item pays ₹2,500; ₹2,000 of it exempt, ₹500 taxable. Taxable pay this
    // month ₹25,000 + ₹12,500 + ₹10,000 + ₹500 = ₹48,000.
    const lop = claim(2_000_00);
    lop.attendance.lopDays = 15;
    const p = computePayslip(lop, STATUTORY_RULES);
    expect(p.lines.find((l) => l.code === 'FBP_FUEL')!.amount).toBe(2_500_00);
    expect(p.ytd.paid.grossPaise).toBe(48_000_00);
    // A claim above what the month paid exempts only what was paid.
    const small = claim(4_000_00);
    small.attendance.lopDays = 15;
    expect(computePayslip(small, STATUTORY_RULES).ytd.paid.grossPaise).toBe(47_500_00);
  });

  it('changes nothing in the new regime (no exemption there)', () => {
    const plain = newRegime(base(), 2);
    const partly = withBenefit(plain, 5_000_00, FLEXI);
    partly.benefits![0]!.claimedMonthly = 1_000_00;
    expect(tds(partly)).toBe(tds(plain));
  });

  it('refuses a claim that is not whole paise ≥ 0', () => {
    expect(() => computePayslip(claim(-1), STATUTORY_RULES)).toThrow(RangeError);
    expect(() => computePayslip(claim(10.5), STATUTORY_RULES)).toThrow(RangeError);
  });
});

describe('employer NPS', () => {
  it('is an employer line inside CTC, not in gross, and lowers old-regime TDS up to 10% of Basic + DA', () => {
    const plain = computePayslip(base(), STATUTORY_RULES);
    const npsInput = withBenefit(base(), 5_000_00, NPS); // exactly the 10% cap of ₹50,000
    const p = computePayslip(npsInput, STATUTORY_RULES);
    const line = p.lines.find((l) => l.code === 'NPS_ER')!;
    expect(line).toMatchObject({ kind: 'employer', amount: 5_000_00 });
    expect(line.explain).toContain('80CCD(2)');
    expect(p.gross).toBe(plain.gross - 5_000_00);
    expect(p.costToCompany).toBe(plain.costToCompany);
    expect(p.ytd.paid.employerNpsPaise).toBe(5_000_00);
    const fall = tds(base()) - tds(npsInput);
    expect(Math.abs(fall - 1_040_00)).toBeLessThanOrEqual(100);
    // Above the cap the excess is taxed: ₹8,000 of NPS saves the same tax as ₹5,000.
    expect(tds(withBenefit(base(), 8_000_00, NPS))).toBe(tds(npsInput));
  });

  it('lowers new-regime TDS too (80CCD(2) up to 14% of Basic + DA, statutory-rules.md §5.1)', () => {
    // Basic ₹1,00,000: cap ₹14,000 a month. ₹10,000 a month out of taxable pay: ₹1.2 L a year in the
    // 25% slab (taxable about ₹23.25 L → ₹22.05 L) = ₹30,000 × 1.04 = ₹31,200 a year, ₹2,600 a month.
    const plain = newRegime(base(), 2);
    const nps = withBenefit(plain, 10_000_00, NPS);
    const fall = tds(plain) - tds(nps);
    expect(Math.abs(fall - 2_600_00)).toBeLessThanOrEqual(100);
  });

  it('is prorated for LOP like the salary lines', () => {
    const input = withBenefit(base(), 3_000_00, NPS);
    input.attendance.lopDays = 3; // April: 27/30 days
    const line = computePayslip(input, STATUTORY_RULES).lines.find((l) => l.code === 'NPS_ER')!;
    expect(line.amount).toBe(2_700_00);
  });
});
