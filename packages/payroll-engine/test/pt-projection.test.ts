import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  computePayslip,
  type EarlierInYear,
  type Payslip,
  type PayslipInput,
  STATUTORY_RULES,
  type StatutoryRules,
} from '../src';

/**
 * The year's professional tax in the old regime's TDS projection (rules §3, §5.2 s.16(iii), §5.5):
 * PT paid so far + this month + each month ahead at its own slab amount (February's ₹300 in KA and
 * MH, Tamil Nadu by half-years, the ₹2,500 cap), stopping at the exit month.
 *
 * Base: golden case tds-old-pt-karnataka-april (Bengaluru, old regime, ₹1,20,000 a month: Basic
 * ₹60,000, HRA ₹30,000, Special ₹30,000; EPF ₹1,800; 80C declared ₹1,00,000). Worked by hand there:
 * projected 14,40,000 − 50,000 − PT 2,500 − 80C 1,21,600 = 12,65,900; tax 1,92,270 + cess
 * 7,690.80 → annual tax ₹1,99,961.
 */
const base = (): PayslipInput =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../cases/tds-old-pt-karnataka-april.json', import.meta.url)), 'utf8'),
  ).input;

const ZERO: EarlierInYear = {
  monthsPaid: 0,
  gross: 0,
  paid: { grossPaise: 0 },
  tds: 0,
  grossThisHalfYear: 0,
  ptThisHalfYear: 0,
  esiCoveredThisPeriod: false,
};
const FY_2025_26 = ['04', '05', '06', '07', '08', '09', '10', '11', '12']
  .map((m) => `2025-${m}`)
  .concat(['2026-01', '2026-02', '2026-03']);

const line = (p: Payslip, code: string) => p.lines.find((l) => l.code === code);
const ptForYear = (p: Payslip) => line(p, 'TDS')!.inputs.find((i) => i.name === 'PT for the year')?.value;

/** Runs months in order, each month's ytd becoming the next month's earlier. */
function chain(input: PayslipInput, months: string[], earlier: EarlierInYear = ZERO): Payslip[] {
  const out: Payslip[] = [];
  for (const month of months) {
    const p = computePayslip({ ...input, month, earlier }, STATUTORY_RULES);
    out.push(p);
    earlier = p.ytd;
  }
  return out;
}

describe('PT for the year in the TDS projection (old regime)', () => {
  it('May in Karnataka: ₹200 paid so far + ₹200 this month + 9 × ₹200 + ₹300 in February = ₹2,500', () => {
    const [, may] = chain(base(), ['2025-04', '2025-05']);
    const tds = line(may!, 'TDS')!;
    expect(tds.explain).toContain(
      'PT for the year ₹2,500: ₹200 paid so far + ₹200 this month + 9 × ₹200 + ₹300 in February;',
    );
    // (1,99,961 − 16,663) ÷ 11 = 16,663.45 → ₹16,663
    expect(tds.explain).toContain('= ₹1,99,961; less TDS so far ₹16,663');
    expect(tds.amount).toBe(16_663_00);
    expect(ptForYear(may!)).toBe(2_500_00);
  });

  it('a whole Karnataka year: every month projects ₹2,500 and the TDS stays level, adding up to the annual tax', () => {
    const year = chain(base(), FY_2025_26);
    expect(year.map((p) => line(p, 'PT')!.amount)).toEqual([...Array(10).fill(200_00), 300_00, 200_00]);
    for (const p of year) expect(ptForYear(p)).toBe(2_500_00);
    // Hand working: the balance of ₹1,99,961 divided by the months left, each rounded half up:
    // 16,663.42, 16,663.45, 16,663.50, 16,663.44, 16,663.50, 16,663.43, 16,663.50, 16,663.40,
    // 16,663.50, 16,663.33, 16,663.50, 16,663. (Before the correction April–January took ₹16,666,
    // and February and March the catch-up of the ₹100 the projection had missed.)
    expect(year.map((p) => line(p, 'TDS')!.amount / 100)).toEqual([
      16_663, 16_663, 16_664, 16_663, 16_664, 16_663, 16_664, 16_663, 16_664, 16_663, 16_664, 16_663,
    ]);
    expect(year[11]!.ytd.tds).toBe(1_99_961_00);
    expect(year[11]!.ytd.paid.professionalTaxPaise).toBe(2_500_00);
  });

  it('the annual cap limits this month and the months ahead when the opening PT is already ₹2,400', () => {
    const nov = computePayslip(
      {
        ...base(),
        month: '2025-11',
        earlier: {
          ...ZERO,
          monthsPaid: 7,
          paid: { grossPaise: 8_40_000_00, professionalTaxPaise: 2_400_00 },
        },
      },
      STATUTORY_RULES,
    );
    expect(line(nov, 'PT')!.amount).toBe(100_00);
    expect(ptForYear(nov)).toBe(2_500_00);
    expect(line(nov, 'TDS')!.explain).toContain(
      'PT for the year ₹2,500: ₹2,400 paid so far + ₹100 this month + 3 × ₹0 + ₹0 in February (limited by the ₹2,500 annual cap, Art. 276(2));',
    );
  });

  it('a slab table that changes inside the year is read month by month from the dated data', () => {
    // A fictional Karnataka table from 1 Jan 2026: ₹250, February ₹350. April 2025: this month 200;
    // May–December 8 × 200 = 1,600 (1,800 so far); January 250 (2,050); February 350 (2,400);
    // March only 100 is left under the ₹2,500 cap.
    const rules: StatutoryRules = structuredClone(STATUTORY_RULES);
    const ka = rules.pt.find((t) => t.state === 'KA')!;
    ka.to = '2025-12-31';
    rules.pt.push({
      ...ka,
      to: undefined,
      from: '2026-01-01',
      slabs: [
        { upTo: 24_999_99, amount: 0 },
        { amount: 250_00, february: 350_00 },
      ],
      source: 'test figure',
    });
    const p = computePayslip(base(), rules);
    expect(line(p, 'TDS')!.explain).toContain(
      'PT for the year ₹2,500: ₹0 paid so far + ₹200 this month + 8 × ₹200 + 1 × ₹250 + 1 × ₹100 + ₹350 in February (limited by the ₹2,500 annual cap, Art. 276(2));',
    );
  });

  it('in the exit month itself nothing is projected ahead', () => {
    const input = base();
    input.employee.exitDate = '2025-12-20';
    const [, dec] = chain(input, ['2025-11', '2025-12'], {
      ...ZERO,
      monthsPaid: 7,
      paid: { grossPaise: 8_40_000_00, professionalTaxPaise: 1_400_00 },
    });
    expect(line(dec!, 'TDS')!.explain).toContain(
      'PT for the year ₹1,800: ₹1,600 paid so far + ₹200 this month;',
    );
  });

  it('a leaver two months out: the counted months name the exit month', () => {
    const input = base();
    input.employee.exitDate = '2026-01-10';
    const nov = computePayslip(
      {
        ...input,
        month: '2025-11',
        earlier: {
          ...ZERO,
          monthsPaid: 7,
          paid: { grossPaise: 8_40_000_00, professionalTaxPaise: 1_400_00 },
        },
      },
      STATUTORY_RULES,
    );
    expect(line(nov, 'TDS')!.explain).toContain(
      'PT for the year ₹2,000: ₹1,400 paid so far + ₹200 this month + 2 × ₹200 (to the exit month, January);',
    );
  });

  it('Tamil Nadu leaver in November: the half-year is charged in the exit month on the half-year gross', () => {
    // October: a new half-year, not a deduction month. November (exit): half-year gross
    // 1,20,000 + 1,20,000 = 2,40,000 > 75,000 → ₹1,250. Year: 1,250 (September) + 0 + 1,250.
    const input = base();
    input.employee = { ...input.employee, state: 'TN', city: 'Chennai', exitDate: '2025-11-15' };
    const oct = computePayslip(
      {
        ...input,
        month: '2025-10',
        earlier: {
          ...ZERO,
          monthsPaid: 6,
          paid: { grossPaise: 7_20_000_00, professionalTaxPaise: 1_250_00 },
          grossThisHalfYear: 7_20_000_00,
          ptThisHalfYear: 1_250_00,
        },
      },
      STATUTORY_RULES,
    );
    expect(line(oct, 'PT')).toBeUndefined();
    expect(line(oct, 'PT_INFO')!.explain).toContain('half-yearly');
    expect(line(oct, 'TDS')!.explain).toContain(
      'PT for the year ₹2,500: ₹1,250 paid so far + ₹0 this month + ₹1,250 in November;',
    );
  });

  it('Maharashtra at ₹24,000: a woman’s own slabs give ₹0 for the year, a man’s ₹2,500', () => {
    const input = base();
    input.employee = { ...input.employee, state: 'MH', city: 'Pune' };
    input.salary = input.salary.map((s) => ({ ...s, monthly: s.monthly / 5 })); // 12,000 + 6,000 + 6,000
    const man = computePayslip(input, STATUTORY_RULES);
    const woman = computePayslip(
      { ...input, employee: { ...input.employee, gender: 'female' } },
      STATUTORY_RULES,
    );
    expect(ptForYear(man)).toBe(2_500_00);
    expect(line(man, 'TDS')!.explain).toContain(
      '₹0 paid so far + ₹200 this month + 10 × ₹200 + ₹300 in February',
    );
    expect(ptForYear(woman)).toBe(0);
    expect(line(woman, 'PT')!.amount).toBe(0);
    // Nothing to deduct, so no PT step in the computation; the input list still shows ₹0.
    expect(line(woman, 'TDS')!.explain).not.toContain('PT for the year ₹0:');
    expect(line(woman, 'TDS')!.explain).toContain(
      'PT for the year ₹0 (professional tax already paid this year',
    );
  });

  it('no PT where the employee is exempt, and none in the new regime’s TDS', () => {
    const exempt = base();
    exempt.employee.ptExempt = true;
    const p = computePayslip(exempt, STATUTORY_RULES);
    expect(ptForYear(p)).toBe(0);
    expect(line(p, 'TDS')!.explain).not.toContain('PT for the year ₹0:');

    // The new regime allows no PT deduction (s.16(iii) is old regime only): the TDS is the same
    // with or without PT, and the explanation does not mention it.
    const newRegime = { ...base(), tax: { regime: 'new' as const } };
    const withPt = computePayslip(newRegime, STATUTORY_RULES);
    const withoutPt = computePayslip(
      { ...newRegime, employee: { ...newRegime.employee, ptExempt: true } },
      STATUTORY_RULES,
    );
    expect(line(withPt, 'TDS')!.amount).toBe(line(withoutPt, 'TDS')!.amount);
    expect(line(withPt, 'TDS')!.explain).not.toContain('PT for the year');
  });
});
