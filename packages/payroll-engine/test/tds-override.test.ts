import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computePayslip, type Payslip, type PayslipInput, STATUTORY_RULES } from '../src';

/**
 * A TDS figure uploaded by an administrator for one month (`tax.override`). Base: golden case
 * tds-old-pt-karnataka-april (₹1,20,000 a month, old regime), whose projection computes an annual
 * tax of ₹1,99,961 and ₹16,663 for April (worked by hand in the case). The override is deducted
 * instead, capped at the pay left (ADR 0014); the year-to-date TDS carries what was deducted, so
 * May's projection, (₹1,99,961 − TDS so far) ÷ 11, takes up or gives back the difference.
 */
const april = (): PayslipInput =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../cases/tds-old-pt-karnataka-april.json', import.meta.url)), 'utf8'),
  ).input;
const REASON = 'Rent receipts handed in after the April cut-off';
const withOverride = (amountPaise: number, reason = REASON): PayslipInput => ({
  ...april(),
  tax: { ...april().tax, override: { amountPaise, reason } },
});
const tds = (p: Payslip) => p.lines.find((l) => l.code === 'TDS')!;
const may = (p: Payslip) => computePayslip({ ...april(), month: '2025-05', earlier: p.ytd }, STATUTORY_RULES);

describe('TDS override (tax.override)', () => {
  it('deducts the uploaded figure, says the computed one and the reason, and May recovers the difference', () => {
    const p = computePayslip(withOverride(12_000_00), STATUTORY_RULES);
    const line = tds(p);
    expect(line.amount).toBe(12_000_00);
    expect(line.explain).toContain(
      `override ₹12,000 uploaded by an administrator (reason: ${REASON}) instead of the ₹16,663 the engine computed`,
    );
    expect(line.explain).toContain('₹1,99,961 ÷ 12 remaining months (April to March) = ₹16,663');
    expect(line.inputs).toContainEqual(
      expect.objectContaining({ name: 'TDS computed by the engine', value: 16_663_00 }),
    );
    expect(line.inputs).toContainEqual(expect.objectContaining({ name: 'TDS override', value: 12_000_00 }));
    expect(p.notes.join(' ')).toContain(
      `TDS overridden: ₹12,000 instead of the computed ₹16,663 (${REASON})`,
    );
    expect(p.ytd.tds).toBe(12_000_00);
    expect(p.net).toBe(1_20_000_00 - 1_800_00 - 200_00 - 12_000_00);
    // May: (1,99,961 − 12,000) ÷ 11 = 17,087.36 → ₹17,087 (the ₹4,663 under-deducted spread over 11 months).
    const next = may(p);
    expect(tds(next).amount).toBe(17_087_00);
    expect(tds(next).explain).not.toContain('override');
  });

  it('an override above the computed figure is given back by the later months', () => {
    const p = computePayslip(withOverride(20_000_00), STATUTORY_RULES);
    expect(tds(p).amount).toBe(20_000_00);
    // May: (1,99,961 − 20,000) ÷ 11 = 16,360.09 → ₹16,360.
    expect(tds(may(p)).amount).toBe(16_360_00);
  });

  it('is still capped at the pay left after the other deductions (ADR 0014)', () => {
    // Loan ₹1,13,000.50: pay left 1,20,000 − 1,800 − 200 − 1,13,000.50 = 4,999.50 → ₹4,999 deducted.
    const input = withOverride(12_000_00);
    input.oneTime = [{ code: 'LOAN', label: 'Loan recovery', kind: 'deduction', amount: 1_13_000_50 }];
    const p = computePayslip(input, STATUTORY_RULES);
    expect(tds(p).amount).toBe(4_999_00);
    expect(tds(p).explain).toContain(
      '₹7,001 could not be deducted this month: pay left after other deductions was ₹4,999.50',
    );
    expect(tds(p).explain).toContain('TDS deducted: ₹4,999 of the ₹12,000 overridden');
    expect(p.ytd.tds).toBe(4_999_00);
    expect(p.net).toBe(50);
  });

  it('an override of ₹0 deducts nothing and still shows what the engine computed', () => {
    const p = computePayslip(withOverride(0), STATUTORY_RULES);
    expect(tds(p).amount).toBe(0);
    expect(tds(p).explain).toContain('override ₹0 uploaded by an administrator');
    expect(tds(p).explain).toContain('instead of the ₹16,663 the engine computed');
    // May: 1,99,961 ÷ 11 = 18,178.27 → ₹18,178.
    expect(tds(may(p)).amount).toBe(18_178_00);
  });

  it('refuses paise, negative figures and a missing reason, naming the field', () => {
    expect(() => computePayslip(withOverride(12_000_50), STATUTORY_RULES)).toThrow(
      /tax\.override\.amountPaise must be whole rupees/,
    );
    expect(() => computePayslip(withOverride(-100), STATUTORY_RULES)).toThrow(/tax\.override\.amountPaise/);
    expect(() => computePayslip(withOverride(12_000_00, '  '), STATUTORY_RULES)).toThrow(
      /tax\.override\.reason must say why/,
    );
  });
});
