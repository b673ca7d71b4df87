import { computePayslip, type OneTimeItem, type Payslip, type PayslipInput, STATUTORY_RULES } from '../src';

/**
 * One-time items the pay run passes (arrears, LOP reversal, reimbursements, leave encashment, bonus,
 * incentive): the caller's words lead the line's explanation, and each flag decides where the
 * amount counts. Base: Bengaluru, June 2025, ₹20,000 a month (Basic ₹10,000, HRA ₹5,000, Special
 * ₹5,000, all ESI wages), new regime. Worked by hand: EPF 12% × Basic 10,000 = ₹1,200 (below the
 * ₹15,000 ceiling); ESI covered (wage rate 20,000 ≤ 21,000, §2): employee 0.75% × 20,000 = ₹150,
 * employer 3.25% = ₹650; PT Karnataka nil (20,000 < 25,000, §3); TDS nil.
 */
const flags = { taxable: true, esiWage: true, prorated: true, showOnPayslip: true } as const;
const base = (): PayslipInput => ({
  employee: {
    state: 'KA',
    city: 'Bengaluru',
    gender: 'male',
    dateOfBirth: '1995-02-01',
    disabled: false,
    epsEligible: true,
    joiningDate: '2022-01-10',
    lwfApplicable: false,
  },
  month: '2025-06',
  attendance: { method: { kind: 'calendar' }, lopDays: 0 },
  salary: [
    {
      code: 'BASIC',
      label: 'Basic',
      monthly: 10_000_00,
      category: 'basic',
      flags: { ...flags, epfWage: 'always' },
    },
    { code: 'HRA', label: 'HRA', monthly: 5_000_00, category: 'hra', flags: { ...flags, epfWage: 'never' } },
    {
      code: 'SPECIAL',
      label: 'Special',
      monthly: 5_000_00,
      category: 'special',
      flags: { ...flags, epfWage: 'never' },
    },
  ],
  oneTime: [],
  epf: {
    applicable: true,
    employeeBase: 'restricted',
    employerBase: 'restricted',
    employerInCtc: true,
    prorateRestrictedWage: false,
    includeConditionalOnEarnedWage: false,
  },
  esi: { applicable: true },
  tax: { regime: 'new' },
  earlier: {
    monthsPaid: 2,
    gross: 40_000_00,
    paid: { grossPaise: 40_000_00 },
    tds: 0,
    grossThisHalfYear: 40_000_00,
    ptThisHalfYear: 0,
    esiCoveredThisPeriod: true,
  },
});
const withItem = (item: OneTimeItem, input = base()): Payslip =>
  computePayslip({ ...input, oneTime: [item] }, STATUTORY_RULES);
const amount = (p: Payslip, code: string) => p.lines.find((l) => l.code === code)?.amount;
const taxablePay = (p: Payslip) =>
  p.lines.find((l) => l.code === 'TDS')!.inputs.find((i) => i.name === 'taxable pay this month')!.value;

describe('one-time items', () => {
  const plain = computePayslip(base(), STATUTORY_RULES);

  it('the base month is as worked by hand', () => {
    expect(amount(plain, 'EPF_EE')).toBe(1_200_00);
    expect(amount(plain, 'ESI_EE')).toBe(150_00);
    expect(amount(plain, 'ESI_ER')).toBe(650_00);
    expect(amount(plain, 'PT')).toBe(0);
    expect(taxablePay(plain)).toBe(20_000_00);
  });

  it('arrears: the caller’s words lead the explanation, and the flags put them in EPF and ESI wages', () => {
    const p = withItem({
      code: 'ARR_BASIC',
      label: 'Arrears of Basic',
      kind: 'earning',
      amount: 4_000_00,
      epfWage: true,
      esiWage: true,
      explain:
        'Arrears of Basic for Sep 2026 and Oct 2026: revision effective 1 Sep 2026 recorded 20 Nov 2026',
    });
    const line = p.lines.find((l) => l.code === 'ARR_BASIC')!;
    expect(
      line.explain.startsWith(
        'Arrears of Basic for Sep 2026 and Oct 2026: revision effective 1 Sep 2026 recorded 20 Nov 2026. Arrears of Basic: one-time earning for this month, ₹4,000, paid as entered',
      ),
    ).toBe(true);
    expect(line.explain).toContain('Counted as taxable pay, EPF wage, ESI wage.');
    // EPF 12% × (10,000 + 4,000) = 1,680; ESI 0.75% × 24,000 = 180; taxable 24,000.
    expect(amount(p, 'EPF_EE')).toBe(1_680_00);
    expect(amount(p, 'ESI_EE')).toBe(180_00);
    expect(taxablePay(p)).toBe(24_000_00);
  });

  it('a reimbursement is paid in full and counts nowhere: not taxable, not EPF, ESI or PT wage', () => {
    const item: OneTimeItem = {
      code: 'REIMB_FUEL',
      label: 'Fuel reimbursement',
      kind: 'earning',
      amount: 6_000_00,
      taxable: false,
      epfWage: false,
      esiWage: false,
      ptWage: false,
      explain: 'Claim RC-0412 (fuel, May 2025) approved 12 Jun 2025.',
    };
    const p = withItem(item);
    expect(p.gross).toBe(26_000_00);
    expect(p.net).toBe(plain.net + 6_000_00);
    expect(amount(p, 'EPF_EE')).toBe(1_200_00);
    expect(amount(p, 'ESI_EE')).toBe(150_00);
    expect(amount(p, 'ESI_ER')).toBe(650_00);
    // 26,000 would be ≥ 25,000 in Karnataka; the reimbursement is kept out of the PT gross.
    expect(amount(p, 'PT')).toBe(0);
    expect(p.lines.find((l) => l.code === 'PT')!.inputs[0]).toMatchObject({
      name: 'gross this month',
      value: 20_000_00,
      from: 'earnings on this payslip, less one-time items outside the professional tax gross',
    });
    expect(taxablePay(p)).toBe(20_000_00);
    const line = p.lines.find((l) => l.code === 'REIMB_FUEL')!;
    expect(
      line.explain.startsWith('Claim RC-0412 (fuel, May 2025) approved 12 Jun 2025. Fuel reimbursement:'),
    ).toBe(true);
    expect(line.explain).toContain(
      'Counted as not taxable pay, not EPF wage, not ESI wage, outside the gross PT is read on.',
    );
    // Without ptWage: false the engine reads PT on every earning (rules §3, "the month's gross").
    expect(amount(withItem({ ...item, ptWage: undefined }), 'PT')).toBe(200_00);
  });

  it('a reimbursement stays out of the half-year gross Tamil Nadu PT is read on', () => {
    const input = base();
    input.employee = { ...input.employee, state: 'TN', city: 'Chennai' };
    const p = withItem(
      {
        code: 'REIMB',
        label: 'Reimbursement',
        kind: 'earning',
        amount: 6_000_00,
        taxable: false,
        ptWage: false,
      },
      input,
    );
    expect(p.ytd.grossThisHalfYear).toBe(60_000_00);
    expect(p.ytd.gross).toBe(66_000_00);
  });

  it('leave encashment is taxable and not an EPF or ESI wage', () => {
    const p = withItem({
      code: 'LEAVE_ENC',
      label: 'Leave encashment',
      kind: 'earning',
      amount: 10_000_00,
      taxable: true,
      epfWage: false,
      esiWage: false,
      explain: 'Encashment of 15 days of earned leave (request LE-88, approved 5 Jun 2025) at Basic ÷ 30',
    });
    expect(amount(p, 'EPF_EE')).toBe(1_200_00);
    expect(amount(p, 'ESI_EE')).toBe(150_00);
    expect(taxablePay(p)).toBe(30_000_00);
    // The engine reads PT on the month's gross (rules §3): 30,000 ≥ 25,000 → ₹200.
    expect(amount(p, 'PT')).toBe(200_00);
    expect(p.lines.find((l) => l.code === 'LEAVE_ENC')!.explain).toContain(
      'Counted as taxable pay, not EPF wage, not ESI wage.',
    );
    // ESI and EPF flags default to false: the same item without them counts the same.
    const defaults = withItem({
      code: 'LEAVE_ENC',
      label: 'Leave encashment',
      kind: 'earning',
      amount: 10_000_00,
    });
    expect(amount(defaults, 'ESI_EE')).toBe(150_00);
    expect(amount(defaults, 'EPF_EE')).toBe(1_200_00);
    expect(taxablePay(defaults)).toBe(30_000_00);
  });

  it('a one-time deduction says it is deducted, after the caller’s words', () => {
    const p = withItem({
      code: 'ADV',
      label: 'Salary advance recovery',
      kind: 'deduction',
      amount: 2_000_00,
      explain: 'Instalment 2 of 5 of the advance of 1 Apr 2025',
    });
    const line = p.lines.find((l) => l.code === 'ADV')!;
    expect(
      line.explain.startsWith(
        'Instalment 2 of 5 of the advance of 1 Apr 2025. Salary advance recovery: one-time deduction for this month, ₹2,000, deducted as entered',
      ),
    ).toBe(true);
    expect(line.explain).not.toContain('Counted as');
    expect(p.net).toBe(plain.net - 2_000_00);
  });
});
