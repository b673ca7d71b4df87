import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computePayslip, type EarlierInYear, type PayslipInput, STATUTORY_RULES } from '../src';

/**
 * TDS is capped at the pay left after every other deduction (s.192 / s.392 deduct tax from the
 * salary paid; ADR 0014). The shortfall is not lost: the projection subtracts only the TDS
 * actually deducted (earlier.tds), so the next month's TDS takes it up.
 *
 * Base: golden case epf-ceiling-2026-maximum-with-tds (Bengaluru, new regime, ₹1,20,000 a month:
 * Basic ₹60,000, HRA ₹30,000, Special ₹30,000; EPF restricted to the ₹25,000 ceiling).
 * Worked by hand (rules §5.1, §5.5): projected income 12 × ₹1,20,000 = ₹14,40,000; less standard
 * deduction ₹75,000 = ₹13,65,000; tax 4–8 L 5% ₹20,000 + 8–12 L 10% ₹40,000 + 12–13.65 L 15%
 * ₹24,750 = ₹84,750; no 87A (above ₹12 L); cess 4% ₹3,390; annual tax ₹88,140, ₹7,345 a month.
 * April to January deducted 10 × ₹7,345 = ₹73,450. February: (₹88,140 − ₹73,450) ÷ 2 = ₹7,345.
 * February's other deductions: EPF ₹3,000 (12% of ₹25,000), PT ₹300 (Karnataka, February) and a
 * loan recovery of ₹1,14,699.50, so the pay left is ₹1,20,000 − ₹1,17,999.50 = ₹2,000.50: TDS
 * ₹2,000 (whole rupees), shortfall ₹5,345, net ₹0.50. March: ₹88,140 − ₹75,450 = ₹12,690
 * (= ₹7,345 + the ₹5,345 shortfall); the year's TDS is ₹88,140 either way.
 */
const input = (): PayslipInput =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL('../cases/epf-ceiling-2026-maximum-with-tds.json', import.meta.url)),
      'utf8',
    ),
  ).input;

/** April 2026 to January 2027 paid at the regular salary: what the pay run stores as the ytd. */
const throughJanuary: EarlierInYear = {
  monthsPaid: 10,
  gross: 12_00_000_00,
  paid: {
    grossPaise: 12_00_000_00,
    hraPaise: 3_00_000_00,
    basicDaPaise: 6_00_000_00,
    employeePfPaise: 23_360_00,
    professionalTaxPaise: 2_000_00,
    employerNpsPaise: 0,
  },
  tds: 73_450_00,
  grossThisHalfYear: 4_80_000_00,
  ptThisHalfYear: 0,
  esiCoveredThisPeriod: false,
};

const LOAN = { code: 'LOAN', label: 'Loan recovery', kind: 'deduction' as const, amount: 1_14_699_50 };
const line = (p: ReturnType<typeof computePayslip>, code: string) => p.lines.find((l) => l.code === code)!;

describe('TDS capped at the pay left (s.192 / s.392), shortfall carried by the projection', () => {
  it('the ytd through January reproduces the engine (the earlier months as the pay run chains them)', () => {
    let earlier: EarlierInYear = {
      monthsPaid: 0,
      gross: 0,
      paid: { grossPaise: 0 },
      tds: 0,
      grossThisHalfYear: 0,
      ptThisHalfYear: 0,
      esiCoveredThisPeriod: false,
    };
    for (const month of ['04', '05', '06', '07', '08', '09', '10', '11', '12']
      .map((m) => `2026-${m}`)
      .concat('2027-01')) {
      const p = computePayslip({ ...input(), month, earlier }, STATUTORY_RULES);
      expect(line(p, 'TDS').amount).toBe(7_345_00);
      earlier = p.ytd;
    }
    expect(earlier).toEqual(throughJanuary);
  });

  it('February: only the whole rupees left are deducted and the line says what could not be', () => {
    const feb = computePayslip(
      { ...input(), month: '2027-02', earlier: throughJanuary, oneTime: [LOAN] },
      STATUTORY_RULES,
    );
    expect(line(feb, 'EPF_EE').amount).toBe(3_000_00);
    expect(line(feb, 'PT').amount).toBe(300_00);
    const tds = line(feb, 'TDS');
    expect(tds.amount).toBe(2_000_00);
    expect(tds.explain).toContain('₹14,690 ÷ 2 remaining months (February to March) = ₹7,345');
    expect(tds.explain).toContain(
      '₹5,345 could not be deducted this month: pay left after other deductions was ₹2,000.50; it is recovered in later months by the projection',
    );
    expect(tds.inputs).toContainEqual(
      expect.objectContaining({ name: 'pay left after other deductions', value: 2_000_50 }),
    );
    expect(feb.gross).toBe(1_20_000_00);
    expect(feb.deductions).toBe(1_19_999_50);
    expect(feb.net).toBe(50);
    expect(feb.ytd.tds).toBe(75_450_00);
    expect(feb.notes.join(' ')).toContain('₹5,345');
    expect(feb.notes.join(' ')).not.toContain('negative');
  });

  it('March recovers the shortfall: ₹7,345 + ₹5,345 = ₹12,690, and the year totals ₹88,140 as without the cap', () => {
    const feb = computePayslip(
      { ...input(), month: '2027-02', earlier: throughJanuary, oneTime: [LOAN] },
      STATUTORY_RULES,
    );
    const mar = computePayslip({ ...input(), month: '2027-03', earlier: feb.ytd }, STATUTORY_RULES);
    expect(line(mar, 'TDS').amount).toBe(12_690_00);
    expect(line(mar, 'TDS').explain).toContain('annual tax ₹88,140; less TDS so far ₹75,450');
    expect(mar.ytd.tds).toBe(88_140_00);

    // The same two months without the loan: ₹7,345 each, the same year total.
    const febFull = computePayslip(
      { ...input(), month: '2027-02', earlier: throughJanuary },
      STATUTORY_RULES,
    );
    expect(line(febFull, 'TDS').amount).toBe(7_345_00);
    expect(line(febFull, 'TDS').explain).not.toContain('could not be deducted');
    const marFull = computePayslip({ ...input(), month: '2027-03', earlier: febFull.ytd }, STATUTORY_RULES);
    expect(line(marFull, 'TDS').amount).toBe(7_345_00);
    expect(marFull.ytd.tds).toBe(88_140_00);
  });

  it('other deductions above gross: TDS nil (never below 0), the whole month carried', () => {
    const feb = computePayslip(
      {
        ...input(),
        month: '2027-02',
        earlier: throughJanuary,
        oneTime: [{ ...LOAN, amount: 1_20_000_00 }],
      },
      STATUTORY_RULES,
    );
    const tds = line(feb, 'TDS');
    expect(tds.amount).toBe(0);
    expect(tds.explain).toContain(
      '₹7,345 could not be deducted this month: pay left after other deductions was ₹0;',
    );
    // The negative net comes from the loan recovery and EPF/PT, not from TDS.
    expect(feb.net).toBe(-3_300_00);
    const mar = computePayslip({ ...input(), month: '2027-03', earlier: feb.ytd }, STATUTORY_RULES);
    expect(line(mar, 'TDS').amount).toBe(14_690_00);
  });
});
