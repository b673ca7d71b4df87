/**
 * Full and final settlement: the golden cases of docs/full-and-final.md, worked by hand from the
 * rules file §6, and the edges of each reading (service count, eligibility, dated rules, caps).
 */
import {
  computeExitLeaveEncashment,
  computeGratuity,
  computeNotice,
  computeSettlement,
  EXIT_FIGURES,
  type GratuityInput,
  type SettlementLine,
  serviceLength,
} from '../src';

const F = EXIT_FIGURES;
const g = (over: Partial<GratuityInput>) =>
  computeGratuity(
    {
      joinedOn: '2018-04-01',
      lastWorkingDay: '2025-10-31',
      fixedTerm: false,
      basic: 40_000_00,
      da: 10_000_00,
      ...over,
    },
    F,
  );

describe('service length', () => {
  it('counts by anniversaries, both days counted', () => {
    expect(serviceLength('2018-04-01', '2025-09-30')).toEqual({ years: 7, months: 6, days: 0 });
    expect(serviceLength('2018-04-01', '2025-10-01')).toEqual({ years: 7, months: 6, days: 1 });
    expect(serviceLength('2022-01-10', '2026-09-30')).toEqual({ years: 4, months: 8, days: 21 });
    expect(serviceLength('2026-03-05', '2026-03-05')).toEqual({ years: 0, months: 0, days: 1 });
    // 31 Jan + 1 month is 29 Feb 2024 (the month's last day): the day after 28 Feb.
    expect(serviceLength('2024-01-31', '2024-02-27')).toEqual({ years: 0, months: 0, days: 28 });
    expect(serviceLength('2024-01-31', '2024-02-28')).toEqual({ years: 0, months: 1, days: 0 });
    expect(serviceLength('2020-02-29', '2025-02-27')).toEqual({ years: 5, months: 0, days: 0 });
  });
  it('refuses a last day before joining, in words', () => {
    expect(() => serviceLength('2020-01-01', '2019-12-31')).toThrow(/before joining/);
  });
});

describe('gratuity (G1–G4b)', () => {
  it('G1: below five years is nil, though the part year would round up to five', () => {
    const r = g({ joinedOn: '2022-01-10', lastWorkingDay: '2026-09-30', basic: 40_000_00, da: 0 });
    expect(r.eligible).toBe(false);
    expect(r.line.amount).toBe(0);
    expect(r.line.explain).toContain('after 5 years of continuous service');
    expect(r.line.explain).toContain('4 years 8 months 21 days');
  });
  it('G2: 7 y 7 m counts as 8 years: ₹2,30,769.23', () => {
    const r = g({});
    expect(r.yearsCounted).toBe(8);
    expect(r.line.amount).toBe(2_30_769_23);
    expect(r.line.explain).toBe(
      'Gratuity: 15 × wages ₹50,000 (last drawn basic ₹40,000 + DA ₹10,000) × 8 years (7 years 7 months 0 days: the part year of more than six months counts as a full year) ÷ 26 = ₹2,30,769.23, rounded to the paisa. ' +
        "Payment of Gratuity Act 1972, s.4(1) (Code on Social Security 2020, s.53(1) from 21 Nov 2025): five years' continuous service.",
    );
  });
  it('G2b: exactly six months does not count, one day more does', () => {
    expect(g({ lastWorkingDay: '2025-09-30' }).line.amount).toBe(2_01_923_08);
    expect(g({ lastWorkingDay: '2025-10-01' }).line.amount).toBe(2_30_769_23);
  });
  it('G3: capped at ₹20,00,000', () => {
    const r = g({
      joinedOn: '2000-07-01',
      lastWorkingDay: '2026-06-30',
      basic: 2_00_000_00,
      da: 0,
      totalRemuneration: 3_50_000_00,
    });
    expect(r.yearsCounted).toBe(26);
    expect(r.wages).toBe(2_00_000_00);
    expect(r.line.amount).toBe(20_00_000_00);
    expect(r.line.explain).toContain(
      '= ₹30,00,000, more than the ceiling of ₹20,00,000, so ₹20,00,000 is paid.',
    );
  });
  it('G3b: after 21 Nov 2025 allowances above half the pay are wages', () => {
    const r = g({
      joinedOn: '2019-03-01',
      lastWorkingDay: '2026-03-31',
      basic: 30_000_00,
      da: 0,
      totalRemuneration: 80_000_00,
    });
    expect(r.wages).toBe(40_000_00);
    expect(r.line.amount).toBe(1_61_538_46);
    expect(r.line.explain).toContain('plus ₹10,000 because allowances above 50% of the total pay of ₹80,000');
    // The same pay before the Codes: basic alone.
    const before = g({
      joinedOn: '2018-08-01',
      lastWorkingDay: '2025-08-31',
      basic: 30_000_00,
      da: 0,
      totalRemuneration: 80_000_00,
    });
    expect(before.wages).toBe(30_000_00);
    // Not given the total: basic + DA as they are.
    expect(
      g({ joinedOn: '2019-03-01', lastWorkingDay: '2026-03-31', basic: 30_000_00, da: 0 }).line.amount,
    ).toBe(1_21_153_85);
  });
  it('G4: a fixed-term employee after one year, from 21 Nov 2025', () => {
    const r = g({
      joinedOn: '2025-06-01',
      lastWorkingDay: '2026-08-31',
      fixedTerm: true,
      basic: 60_000_00,
      da: 0,
    });
    expect(r.eligible).toBe(true);
    expect(r.yearsCounted).toBe(1);
    expect(r.line.amount).toBe(34_615_38);
    expect(r.line.explain).toContain('Code on Social Security 2020, s.53(1) proviso');
    // A permanent employee with the same service gets nothing.
    expect(
      g({ joinedOn: '2025-06-01', lastWorkingDay: '2026-08-31', basic: 60_000_00, da: 0 }).line.amount,
    ).toBe(0);
  });
  it('G4b: a fixed-term employee who left before 21 Nov 2025 needed five years', () => {
    const before = g({
      joinedOn: '2024-01-01',
      lastWorkingDay: '2025-10-31',
      fixedTerm: true,
      basic: 60_000_00,
      da: 0,
    });
    expect(before.eligible).toBe(false);
    expect(before.line.amount).toBe(0);
    expect(before.line.explain).toContain('after 5 years');
    const on = g({
      joinedOn: '2024-01-01',
      lastWorkingDay: '2025-11-21',
      fixedTerm: true,
      basic: 60_000_00,
      da: 0,
    });
    expect(on.yearsCounted).toBe(2);
    expect(on.line.amount).toBe(69_230_77);
  });
  it('refuses bad money and dates outside the data', () => {
    expect(() => g({ basic: -1 })).toThrow(/basic pay/);
    expect(() => g({ da: 1.5 })).toThrow(/dearness allowance/);
    expect(() => g({ lastWorkingDay: '2025-02-30' })).toThrow(/not a calendar date/);
    expect(() => g({ joinedOn: '2010-01-01', lastWorkingDay: '2024-03-31' })).toThrow(/no statutory figure/);
  });
});

describe('leave encashment at exit (G5, G5b)', () => {
  const base = {
    joinedOn: '2019-07-15',
    lastWorkingDay: '2026-07-31',
    days: 42.5,
    monthlyWage: 45_000_00,
    perDayDivisor: 30 as const,
    averageSalaryTenMonths: 43_000_00,
  };
  it('G5: amount, the four limbs and the exempt part', () => {
    const r = computeExitLeaveEncashment(base, F);
    expect(r.line.amount).toBe(63_750_00);
    expect(r.limbs).toEqual({
      limitLeft: 25_00_000_00,
      actual: 63_750_00,
      tenMonths: 4_30_000_00,
      leaveValue: 60_916_67,
    });
    expect(r.exempt).toBe(60_916_67);
    expect(r.taxable).toBe(2_833_33);
    expect(r.line.exempt).toBe(60_916_67);
    expect(r.line.explain).toContain(
      '42.5 days left on the last working day × ₹45,000 (last drawn basic + DA) ÷ 30',
    );
    expect(r.line.explain).toContain('taxable ₹2,833.33.');
  });
  it('G5: the policy per-day rate ÷ 26', () => {
    expect(computeExitLeaveEncashment({ ...base, perDayDivisor: 26 }, F).line.amount).toBe(73_557_69);
  });
  it('G5b: at most 30 days per completed year, and the lifetime limit less what was used', () => {
    const b = {
      joinedOn: '2024-05-01',
      lastWorkingDay: '2026-04-30',
      days: 75,
      monthlyWage: 30_000_00,
      perDayDivisor: 30 as const,
      averageSalaryTenMonths: 30_000_00,
    };
    const fresh = computeExitLeaveEncashment(b, F);
    expect(fresh.line.amount).toBe(75_000_00);
    expect(fresh.limbs.leaveValue).toBe(60_000_00);
    expect(fresh.exempt).toBe(60_000_00);
    expect(fresh.line.explain).toContain('at most 30 days for each of 2 completed years');
    const used = computeExitLeaveEncashment({ ...b, exemptionUsedEarlier: 24_80_000_00 }, F);
    expect(used.exempt).toBe(20_000_00);
    expect(used.taxable).toBe(55_000_00);
    expect(used.line.explain).toContain('less ₹24,80,000 used before');
  });
  it('refuses days with more than two decimals or negative, and another divisor', () => {
    expect(() => computeExitLeaveEncashment({ ...base, days: 1.234 }, F)).toThrow(/two decimals/);
    expect(() => computeExitLeaveEncashment({ ...base, days: -1 }, F)).toThrow(/0 or more/);
    expect(() => computeExitLeaveEncashment({ ...base, perDayDivisor: 31 as 30 }, F)).toThrow(/26 or 30/);
  });
});

describe('notice', () => {
  const n = {
    kind: 'resignation' as const,
    noticeDays: 45,
    noticeGivenOn: '2026-07-01',
    lastWorkingDay: '2026-08-07',
    monthlyBasis: 90_000_00,
    basisName: 'monthly gross',
  };
  it('a resignation short of notice is recovered; a termination is paid in lieu', () => {
    const r = computeNotice(n);
    expect([r.served, r.shortfall, r.line.amount, r.line.kind]).toEqual([38, 7, 21_000_00, 'deduction']);
    expect(r.line.explain).toBe(
      "Notice recovery: notice given on 1 Jul 2026, last working day 7 Aug 2026: 38 days served of the 45 days in the employee's policy, 7 days short; 7 × ₹90,000 (monthly gross) ÷ 30 = ₹21,000 recovered from the employee.",
    );
    const t = computeNotice({ ...n, kind: 'termination' });
    expect([t.line.code, t.line.kind, t.line.amount]).toEqual(['NOTICE_PAY', 'earning', 21_000_00]);
  });
  it('waived days and full notice', () => {
    expect(computeNotice({ ...n, waivedDays: 3 }).line.amount).toBe(12_000_00);
    expect(computeNotice({ ...n, waivedDays: 30 }).line.amount).toBe(0);
    const full = computeNotice({ ...n, lastWorkingDay: '2026-08-14' });
    expect([full.served, full.line.kind, full.line.amount]).toEqual([45, 'info', 0]);
  });
  it('refuses a last day before the notice', () => {
    expect(() => computeNotice({ ...n, lastWorkingDay: '2026-06-30' })).toThrow(/before the notice/);
  });
});

describe('settlement (G6)', () => {
  const other: SettlementLine[] = [
    {
      code: 'REIMBURSEMENT',
      label: 'Reimbursements',
      kind: 'earning',
      amount: 2_450_00,
      rule: null,
      inputs: [],
      explain: 'Approved claim not yet paid.',
    },
    {
      code: 'ASSET_RECOVERY',
      label: 'Laptop not returned',
      kind: 'deduction',
      amount: 12_000_00,
      rule: null,
      inputs: [],
      explain: 'Laptop.',
    },
    {
      code: 'FINAL_SALARY',
      label: 'Salary 1–7 Aug 2026',
      kind: 'info',
      amount: 20_322_58,
      rule: null,
      inputs: [],
      explain: 'Paid by the August pay run.',
    },
  ];
  const input = {
    gratuity: {
      joinedOn: '2019-01-01',
      lastWorkingDay: '2026-08-07',
      fixedTerm: false,
      basic: 40_000_00,
      da: 5_000_00,
      totalRemuneration: 90_000_00,
    },
    leave: {
      joinedOn: '2019-01-01',
      lastWorkingDay: '2026-08-07',
      days: 12,
      monthlyWage: 45_000_00,
      perDayDivisor: 30 as const,
      averageSalaryTenMonths: 45_000_00,
    },
    notice: {
      kind: 'resignation' as const,
      noticeDays: 45,
      noticeGivenOn: '2026-07-01',
      lastWorkingDay: '2026-08-07',
      monthlyBasis: 90_000_00,
      basisName: 'monthly gross',
    },
    other,
  };
  it('G6: gratuity, leave, notice recovery, reimbursement and asset; salary as information', () => {
    const s = computeSettlement(input);
    expect(s.service).toEqual({ years: 7, months: 7, days: 7 });
    expect(s.lines.map((l) => [l.code, l.amount])).toEqual([
      ['GRATUITY', 2_07_692_31],
      ['LEAVE_ENCASHMENT', 18_000_00],
      ['NOTICE_RECOVERY', 21_000_00],
      ['REIMBURSEMENT', 2_450_00],
      ['ASSET_RECOVERY', 12_000_00],
      ['FINAL_SALARY', 20_322_58],
    ]);
    expect(s.lines[1]!.exempt).toBe(18_000_00);
    expect([s.payable, s.recoverable, s.net]).toEqual([2_28_142_31, 33_000_00, 1_95_142_31]);
    for (const l of s.lines.slice(0, 3)) expect(l.explain).toMatch(/₹/);
  });
  it('G6 as a termination: notice paid in lieu', () => {
    const s = computeSettlement({ ...input, notice: { ...input.notice, kind: 'termination' } });
    expect([s.payable, s.recoverable, s.net]).toEqual([2_49_142_31, 12_000_00, 2_37_142_31]);
  });
  it('no leave: a note, and a negative line is refused', () => {
    const s = computeSettlement({ ...input, leave: null });
    expect(s.notes[0]).toMatch(/No leave to encash/);
    expect(() => computeSettlement({ ...input, other: [{ ...other[0]!, amount: -5 }] })).toThrow(
      /whole paise/,
    );
  });
});
