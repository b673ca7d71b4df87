import fc from 'fast-check';
import { type BreakupComponent, type BreakupStatutory, computeBreakup } from './breakup';

const L = 100_000_00; // one lakh rupees in paise

const earning = (
  id: string,
  kind: BreakupComponent['kind'],
  value_type: BreakupComponent['value_type'],
  v: { amount?: number; bp?: number; epf?: boolean; esi?: boolean } = {},
): BreakupComponent => ({
  id,
  group: 'earning',
  kind,
  name: id,
  value_type,
  amount_paise: v.amount ?? null,
  percent_bp: v.bp ?? null,
  epf_wage: v.epf ?? false,
  esi_wage: v.esi ?? true,
});

const standard = [
  earning('Basic', 'basic', 'percentage_of_ctc', { bp: 5000, epf: true }),
  earning('HRA', 'hra', 'percentage_of_basic', { bp: 4000 }),
  earning('Conveyance', 'allowance', 'fixed_amount', { amount: 1600_00, esi: false }),
  earning('Special allowance', 'special_allowance', 'balancing'),
];

// Test inputs: FY 2025-26 figures (statutory-rules.md §1.1, §2), given here as the caller would.
const statutory = (epfBase: 'actual' | 'restricted' = 'restricted'): BreakupStatutory => ({
  date: '2025-06-01',
  epf: { employerRateBp: 1200, ceilingPaise: 15_000_00, employerBase: epfBase },
  esi: { employerRateBp: 325, ceilingPaise: 21_000_00 },
  figures: [],
});

const line = (b: ReturnType<typeof computeBreakup>, code: string) => b.lines.find((l) => l.code === code)!;

describe('computeBreakup', () => {
  it('splits ₹12 L: basic 50% of CTC, HRA 40% of basic, EPF employer on the restricted wage, special balances', () => {
    const b = computeBreakup(12 * L, standard, statutory());
    expect(b.monthly_ctc_paise).toBe(1 * L);
    expect(line(b, 'basic').monthly_paise).toBe(50_000_00);
    expect(line(b, 'hra').monthly_paise).toBe(20_000_00);
    expect(line(b, 'allowance').monthly_paise).toBe(1_600_00);
    expect(line(b, 'epf_employer').monthly_paise).toBe(1_800_00);
    // Above the ESI ceiling: not covered, nothing from the employer.
    expect(line(b, 'esi_employer').monthly_paise).toBe(0);
    expect(line(b, 'esi_employer').basis).toMatch(/not covered/);
    expect(line(b, 'special_allowance').monthly_paise).toBe(26_600_00);
    expect(line(b, 'special_allowance').annual_paise).toBe(26_600_00 * 12);
    expect(b.monthly_gross_paise).toBe(50_000_00 + 20_000_00 + 1_600_00 + 26_600_00);
    expect(b.warnings).toEqual([]);
    // Earnings, the balancing line with them, then the employer's contributions.
    expect(b.lines.map((l) => l.code)).toEqual([
      'basic',
      'hra',
      'allowance',
      'special_allowance',
      'epf_employer',
      'esi_employer',
    ]);
  });

  it('takes EPF on the actual wage when the company says so', () => {
    const b = computeBreakup(12 * L, standard, statutory('actual'));
    expect(line(b, 'epf_employer').monthly_paise).toBe(6_000_00);
    expect(line(b, 'special_allowance').monthly_paise).toBe(22_400_00);
  });

  it('leaves out what the company does not count in CTC', () => {
    const b = computeBreakup(12 * L, standard, { ...statutory(), epf: null, esi: null });
    expect(b.lines.some((l) => l.group === 'employer_contribution')).toBe(false);
    expect(line(b, 'special_allowance').monthly_paise).toBe(28_400_00);
  });

  it('solves the ESI employer share, which depends on the balancing line it reduces', () => {
    const b = computeBreakup(2.4 * L, standard, statutory());
    const monthly = b.lines.reduce((n, l) => n + l.monthly_paise, 0);
    expect(monthly).toBe(20_000_00);
    const esiWage = b.lines
      .filter((l) => ['basic', 'hra', 'special_allowance'].includes(l.code))
      .reduce((n, l) => n + l.monthly_paise, 0);
    expect(line(b, 'esi_employer').monthly_paise).toBe(Math.ceil((esiWage * 0.0325) / 100) * 100);
    expect(line(b, 'esi_employer').monthly_paise).toBeGreaterThan(0);
  });

  it('warns when the balancing line goes negative', () => {
    const heavy = [
      ...standard.slice(0, 3),
      earning('Big', 'allowance', 'fixed_amount', { amount: 40_000_00 }),
    ];
    const b = computeBreakup(12 * L, [...heavy, standard[3]!], statutory());
    expect(line(b, 'special_allowance').monthly_paise).toBeLessThan(0);
    expect(b.warnings[0]).toMatchObject({ code: 'balancing_negative' });
    expect(b.warnings[0]!.message).toContain('Special allowance would be');
  });

  it('always adds up to the CTC, monthly and annually', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_00_000_00, max: 5_00_00_000_00 }),
        fc.integer({ min: 1000, max: 6000 }),
        fc.constantFrom<'actual' | 'restricted'>('actual', 'restricted'),
        (annual, basicBp, base) => {
          const comps = [{ ...standard[0]!, percent_bp: basicBp }, ...standard.slice(1)];
          const b = computeBreakup(annual, comps, statutory(base));
          expect(b.lines.reduce((n, l) => n + l.annual_paise, 0)).toBe(annual);
          expect(b.lines.reduce((n, l) => n + l.monthly_paise, 0)).toBe(b.monthly_ctc_paise);
        },
      ),
    );
  });
});

describe('pre-tax benefits in the breakup', () => {
  const benefit = (id: string, plan: string, exemption: string, v: { amount?: number; bp?: number }) =>
    ({
      id,
      group: 'benefit',
      kind: 'benefit',
      name: id,
      value_type: v.bp ? 'percentage_of_basic' : 'fixed_amount',
      amount_paise: v.amount ?? null,
      percent_bp: v.bp ?? null,
      epf_wage: false,
      esi_wage: false,
      benefit_plan: plan,
      tax_exemption: exemption,
    }) satisfies BreakupComponent;

  it('counts flexible items in gross, keeps employer NPS out of it, and says how each is taxed', () => {
    const plain = computeBreakup(12 * L, standard, statutory());
    const [basic, hra, conv, special] = standard;
    const b = computeBreakup(
      12 * L,
      [
        basic!,
        hra!,
        conv!,
        benefit('NPS', 'nps_employer', '80CCD(2)', { bp: 1000 }),
        benefit('Fuel', 'flexible_benefit', '10(14)', { amount: 3_000_00 }),
        special!,
      ],
      statutory(),
    );
    const nps = b.lines.find((l) => l.name === 'NPS')!;
    const fuel = b.lines.find((l) => l.name === 'Fuel')!;
    expect(nps.monthly_paise).toBe(5_000_00);
    expect(fuel.monthly_paise).toBe(3_000_00);
    expect(nps.basis).toContain('not in gross; deductible u/s 80CCD(2)');
    expect(fuel.basis).toContain('exempt u/s 10(14) in the old regime only');
    // Same CTC: the special allowance gives up both; gross loses only the NPS.
    expect(line(b, 'special_allowance').monthly_paise).toBe(
      line(plain, 'special_allowance').monthly_paise - 8_000_00,
    );
    expect(b.monthly_gross_paise).toBe(plain.monthly_gross_paise - 5_000_00);
  });
});
