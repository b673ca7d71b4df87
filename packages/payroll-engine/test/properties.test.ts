/** Property tests: totals add up, LOP never raises net, no paisa lost in splits, every line names its rule. */
import { fc, test } from '@fast-check/vitest';
import {
  computePayslip,
  formatInr,
  type PayslipInput,
  type SalaryLine,
  STATUTORY_RULES,
  splitByWeights,
  splitEvenly,
} from '../src';
import { daysInMonth, parseMonth } from '../src/dates';

const months = [
  '2025-04',
  '2025-06',
  '2025-09',
  '2025-12',
  '2026-02',
  '2026-03',
  '2026-07',
  '2026-09',
  '2026-10',
  '2027-02',
];
const places: [string, string][] = [
  ['KA', 'Bengaluru'],
  ['MH', 'Pune'],
  ['WB', 'Kolkata'],
  ['TN', 'Chennai'],
  ['TG', 'Hyderabad'],
  ['GJ', 'Surat'],
  ['AP', 'Guntur'],
  ['DL', 'New Delhi'],
];

function salary(monthly: number, specialEpf: SalaryLine['flags']['epfWage']): SalaryLine[] {
  const basic = Math.round(monthly * 0.5);
  const hra = Math.round(monthly * 0.2);
  const f = (epf: SalaryLine['flags']['epfWage'], esi = true) => ({
    taxable: true,
    epfWage: epf,
    esiWage: esi,
    prorated: true,
    showOnPayslip: true,
  });
  return [
    { code: 'BASIC', label: 'Basic', monthly: basic, category: 'basic', flags: f('always') },
    { code: 'HRA', label: 'HRA', monthly: hra, category: 'hra', flags: f('never') },
    {
      code: 'SPECIAL',
      label: 'Special',
      monthly: monthly - basic - hra,
      category: 'special',
      flags: f(specialEpf),
    },
  ];
}

/**
 * Monthly pay ₹10,000–₹1,00,000 or ₹2,00,000–₹4,00,000: outside these, a statutory cliff can make one
 * more LOP day raise net pay (a PT slab step larger than a day's pay; the 87A and surcharge marginal
 * relief zones where tax + cess rises faster than income). See README, "Properties".
 */
const monthlyPay = fc.oneof(
  fc.integer({ min: 10_000, max: 1_00_000 }),
  fc.integer({ min: 2_00_000, max: 4_00_000 }),
);

const inputArb = fc
  .record({
    month: fc.constantFrom(...months),
    place: fc.constantFrom(...places),
    gender: fc.constantFrom('male' as const, 'female' as const, 'other' as const),
    monthly: monthlyPay,
    specialEpf: fc.constantFrom('never' as const, 'if-below-ceiling' as const),
    method: fc.constantFrom('calendar', 'fixed', 'working'),
    lopA: fc.integer({ min: 0, max: 40 }),
    lopB: fc.integer({ min: 0, max: 40 }),
    ee: fc.constantFrom('actual' as const, 'restricted' as const),
    er: fc.constantFrom('actual' as const, 'restricted' as const),
    prorate: fc.boolean(),
    onEarned: fc.boolean(),
    eps: fc.boolean(),
    disabled: fc.boolean(),
    lwf: fc.boolean(),
    esiLocked: fc.boolean(),
    regime: fc.constantFrom('new' as const, 'old' as const),
    monthsPaid: fc.integer({ min: 0, max: 11 }),
    bonus: fc.integer({ min: 0, max: 20_000 }),
  })
  .map((r) => {
    const { y, m } = parseMonth(r.month);
    const dim = daysInMonth(y, m);
    const method =
      r.method === 'calendar'
        ? { kind: 'calendar' as const }
        : r.method === 'fixed'
          ? { kind: 'fixed' as const, days: 30 }
          : { kind: 'working' as const, nonWorkingDays: [6, 7, 13, 14, 20, 21, 27, 28] };
    const basis = method.kind === 'calendar' ? dim : method.kind === 'fixed' ? 30 : dim - 8;
    const [lo, hi] = [Math.min(r.lopA, r.lopB) % (basis + 1), Math.max(r.lopA, r.lopB) % (basis + 1)].sort(
      (a, b) => a - b,
    );
    const monthly = r.monthly * 100;
    const paidMonths = Math.min(r.monthsPaid, m >= 4 ? m - 4 : m + 8);
    const input: PayslipInput = {
      employee: {
        state: r.place[0],
        city: r.place[1],
        gender: r.gender,
        dateOfBirth: '1985-03-20',
        disabled: r.disabled,
        epsEligible: r.eps,
        joiningDate: '2019-07-01',
        lwfApplicable: r.lwf,
      },
      month: r.month,
      attendance: { method, lopDays: lo! },
      salary: salary(monthly, r.specialEpf),
      oneTime: r.bonus
        ? [{ code: 'BONUS', label: 'Bonus', kind: 'earning', amount: r.bonus * 100, esiWage: true }]
        : [],
      epf: {
        applicable: true,
        employeeBase: r.ee,
        employerBase: r.er,
        employerInCtc: true,
        prorateRestrictedWage: r.prorate,
        includeConditionalOnEarnedWage: r.onEarned,
      },
      esi: { applicable: true },
      tax: { regime: r.regime },
      earlier: {
        monthsPaid: paidMonths,
        gross: monthly * paidMonths,
        paid: { grossPaise: monthly * paidMonths },
        tds: 0,
        grossThisHalfYear: 0,
        ptThisHalfYear: 0,
        esiCoveredThisPeriod: r.esiLocked,
      },
    };
    return { input, moreLop: hi! };
  });

/**
 * Where the payslip's TDS sits against the 87A and surcharge cliffs (as its explanation says):
 * 'full-rebate' (income within the 87A limit), 'relief' (87A or surcharge marginal relief capped
 * the tax) or 'none'.
 */
function taxCliff(p: ReturnType<typeof computePayslip>): 'full-rebate' | 'relief' | 'none' {
  const tds = p.lines.find((l) => l.code === 'TDS')?.explain ?? '';
  if (/with marginal relief: income|marginal relief on surcharge/.test(tds)) return 'relief';
  if (/rebate u\/s 87A: income .* is within/.test(tds)) return 'full-rebate';
  return 'none';
}

/** TDS was capped at the pay left after the other deductions (its explanation says so). */
const tdsCapped = (p: ReturnType<typeof computePayslip>) =>
  (p.lines.find((l) => l.code === 'TDS')?.explain ?? '').includes('could not be deducted this month');

describe('payslip properties', () => {
  test.prop([inputArb], { numRuns: 400 })(
    'net = gross − deductions, and each total is the sum of its lines',
    ({ input }) => {
      const p = computePayslip(input, STATUTORY_RULES);
      const sum = (k: string) => p.lines.filter((l) => l.kind === k).reduce((a, l) => a + l.amount, 0);
      expect(p.gross).toBe(sum('earning'));
      expect(p.deductions).toBe(sum('deduction'));
      expect(p.employerContributions).toBe(sum('employer'));
      expect(p.net).toBe(p.gross - p.deductions);
      for (const l of p.lines) expect(Number.isSafeInteger(l.amount)).toBe(true);
    },
  );

  test.prop([inputArb], { numRuns: 400 })('more LOP never raises net pay', ({ input, moreLop }) => {
    const less = computePayslip(input, STATUTORY_RULES);
    const more = computePayslip(
      { ...input, attendance: { ...input.attendance, lopDays: moreLop } },
      STATUTORY_RULES,
    );
    // The monthly pay ranges keep most cases off the tax cliffs, but the projection adds what was
    // paid earlier, so a joiner can still land on one, and in March the whole year's tax is in one
    // payslip. There the law itself lets one more LOP day raise net pay: just above the new
    // regime's 87A limit tax + cess falls by 104% of a fall in income (rules §5.2 S22, relief before
    // cess: ₹2,56,484 a month after four paid months, +₹1.32), and the old regime's 87A has no
    // marginal relief at all (₹69,295 a month after seven, +₹10,898 when income drops to ₹5 L).
    // The property holds on either side of a cliff, not across it or inside a relief band.
    // TDS is capped at the pay left after the other deductions, in whole rupees (ADR 0014): a
    // capped payslip keeps only the paise under a rupee of that pay, so where TDS is capped the
    // property is that net stays below ₹1 (it cannot rise by a rupee).
    const cliff = taxCliff(less);
    fc.pre(cliff !== 'relief' && cliff === taxCliff(more));
    expect(more.net).toBeLessThanOrEqual(
      tdsCapped(less) || tdsCapped(more) ? Math.max(less.net, 99) : less.net,
    );
    expect(more.gross).toBeLessThanOrEqual(less.gross);
  });

  test.prop([inputArb], { numRuns: 400 })(
    'net is never negative because of TDS: net ≥ 0 whenever the other deductions do not exceed gross',
    ({ input, moreLop }) => {
      for (const lopDays of [input.attendance.lopDays, moreLop]) {
        const p = computePayslip({ ...input, attendance: { ...input.attendance, lopDays } }, STATUTORY_RULES);
        const tds = p.lines.find((l) => l.code === 'TDS')!;
        const other = p.deductions - tds.amount;
        fc.pre(other <= p.gross);
        expect(p.net).toBeGreaterThanOrEqual(0);
        expect(tds.amount % 100).toBe(0);
        if (tdsCapped(p)) {
          // Capped: every whole rupee of the pay left went to TDS.
          expect(p.net).toBeLessThan(100);
          expect(tds.explain).toContain(`pay left after other deductions was ${formatInr(p.gross - other)}`);
        }
      }
    },
  );

  test.prop([inputArb], { numRuns: 300 })(
    'every line names its rule and source, and its explanation shows the amount',
    ({ input }) => {
      const p = computePayslip(input, STATUTORY_RULES);
      for (const l of p.lines) {
        expect(l.rule.section).toMatch(/^§\d/);
        expect(l.rule.source.length).toBeGreaterThan(3);
        expect(l.rounding).toBeTruthy();
        expect(l.explain.length).toBeGreaterThan(30);
        // The arithmetic in the words ends in the line's amount.
        if (l.amount > 0) expect(l.explain).toContain(formatInr(l.amount));
      }
    },
  );

  test.prop([inputArb], { numRuns: 300 })(
    'legal roundings: EPF, ESI and TDS are whole rupees',
    ({ input }) => {
      const p = computePayslip(input, STATUTORY_RULES);
      for (const l of p.lines) {
        if (/^(EPF|EPS|EDLI|VPF|ESI|TDS)/.test(l.code)) expect(l.amount % 100).toBe(0);
      }
    },
  );

  test.prop([inputArb], { numRuns: 100 })(
    'deterministic: the same input gives the same payslip',
    ({ input }) => {
      expect(computePayslip(input, STATUTORY_RULES)).toEqual(
        computePayslip(structuredClone(input), STATUTORY_RULES),
      );
    },
  );
});

describe('splits lose no paisa', () => {
  test.prop([fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 24 })])(
    'an annual amount split into months adds back up, parts within a paisa of each other',
    (total, months) => {
      const parts = splitEvenly(total, months);
      expect(parts).toHaveLength(months);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    },
  );

  test.prop([
    fc.integer({ min: 0, max: 1e12 }),
    fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 12 }),
  ])('a weighted split adds back up and each part is within a paisa of its exact share', (total, weights) => {
    fc.pre(weights.some((w) => w > 0));
    const parts = splitByWeights(total, weights);
    const sum = weights.reduce((a, b) => a + b, 0);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    parts.forEach((p, i) => {
      expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1);
    });
  });
});
