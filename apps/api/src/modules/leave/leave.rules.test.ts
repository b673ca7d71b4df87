import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachDay } from '../../lib/dates';
import { accrualStart } from './leave.accrual';
import {
  accrualFor,
  addDays,
  appliesTo,
  balanceOf,
  checkRequest,
  compOffCredit,
  corrections,
  countLeaveDays,
  encashmentRefusal,
  type LeaveDay,
  type LeaveTypeRules,
  lapses,
  NO_SANDWICH,
  periodOf,
  periodsBetween,
  type SandwichRules,
  yearEnd,
} from './leave.rules';

/** Mon 2026-03-02 .. ; Saturdays and Sundays are weekly-offs. */
const week = (from: string, to: string, holidays: Record<string, string> = {}): LeaveDay[] =>
  eachDay(from, to).map((date) => {
    const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
    return {
      date,
      weeklyOff: dow === 0 || dow === 6 ? 'full' : 'none',
      holiday: holidays[date] ? { id: date, name: holidays[date]!, optional: false } : null,
    };
  });
const ALL: SandwichRules = {
  weeklyOffBefore: true,
  weeklyOffBetween: true,
  weeklyOffAfter: true,
  holidayBefore: true,
  holidayBetween: true,
  holidayAfter: true,
};

describe('counting leave days with sandwich rules', () => {
  it('Friday to Monday: four days when weekly-offs between leave days count, two when not', () => {
    const days = week('2026-03-06', '2026-03-09');
    expect(countLeaveDays(days, { ...NO_SANDWICH, weeklyOffBetween: true }).total).toBe(4);
    const none = countLeaveDays(days, NO_SANDWICH);
    expect(none.total).toBe(2);
    expect(none.days[1]!.reason).toMatch(/Weekly-off between leave days: not counted/);
  });

  it('each rule acts on its own place and kind', () => {
    // Sat (before) .. Mon, Tue holiday (between), Wed .. Sun (after).
    const days = week('2026-03-07', '2026-03-15', { '2026-03-10': 'Holi' });
    const count = (r: Partial<SandwichRules>) => countLeaveDays(days, { ...NO_SANDWICH, ...r }).total;
    const base = count({}); // Mon, Wed, Thu, Fri
    expect(base).toBe(4);
    expect(count({ weeklyOffBefore: true })).toBe(base + 2);
    expect(count({ holidayBetween: true })).toBe(base + 1);
    expect(count({ weeklyOffAfter: true })).toBe(base + 2);
    expect(count({ weeklyOffBetween: true })).toBe(base);
    expect(count({ holidayBefore: true, holidayAfter: true })).toBe(base);
  });

  it('property: the total is the working days plus exactly the off days whose rule is on', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 4 }),
        fc.record({
          weeklyOffBefore: fc.boolean(),
          weeklyOffBetween: fc.boolean(),
          weeklyOffAfter: fc.boolean(),
          holidayBefore: fc.boolean(),
          holidayBetween: fc.boolean(),
          holidayAfter: fc.boolean(),
        }),
        (start, len, hol, rules) => {
          const from = addDays('2026-01-01', start);
          const to = addDays(from, len);
          const holidays = Object.fromEntries(hol.map((h) => [addDays(from, h), 'H']));
          const days = week(from, to, holidays);
          const r = countLeaveDays(days, rules);
          const working = days.filter((d) => !d.holiday && d.weeklyOff === 'none').length;
          const offCounted = r.days.filter((d) => d.kind !== 'working' && d.amount === 1).length;
          expect(r.total).toBe(working + offCounted);
          // Everything on: every date counts; everything off: only working days.
          expect(countLeaveDays(days, ALL).total).toBe(working > 0 ? days.length : days.length);
          expect(countLeaveDays(days, NO_SANDWICH).total).toBe(working);
          // Turning one more rule on never lowers the count.
          for (const k of Object.keys(rules) as (keyof SandwichRules)[]) {
            expect(countLeaveDays(days, { ...rules, [k]: true }).total).toBeGreaterThanOrEqual(r.total);
          }
        },
      ),
    );
  });

  it('half days and half weekly-offs', () => {
    const sat: LeaveDay = { date: '2026-03-07', weeklyOff: 'second_half', holiday: null };
    expect(countLeaveDays([sat], NO_SANDWICH).total).toBe(0.5);
    expect(countLeaveDays([sat], NO_SANDWICH, 'first_half').total).toBe(0.5);
    expect(countLeaveDays([sat], NO_SANDWICH, 'second_half').total).toBe(0);
    expect(countLeaveDays(week('2026-03-09', '2026-03-09'), NO_SANDWICH, 'first_half').total).toBe(0.5);
  });
});

describe('accrual', () => {
  const monthly = {
    frequency: 'monthly' as const,
    amount: 1.5,
    proRata: true,
    rounding: 'half_day' as const,
  };

  it('periods', () => {
    expect(periodOf('quarterly', '2026-05-09')).toEqual({
      key: '2026-Q2',
      start: '2026-04-01',
      end: '2026-06-30',
    });
    expect(periodOf('monthly', '2024-02-10').end).toBe('2024-02-29');
    expect(periodsBetween('monthly', '2025-11-15', '2026-02-01').map((p) => p.key)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('pro-rata for joiners and leavers, rounded to half days', () => {
    const june = periodOf('monthly', '2026-06-01');
    expect(accrualFor(monthly, june, '2020-01-01', null).amount).toBe(1.5);
    expect(accrualFor(monthly, june, '2026-06-21', null).amount).toBe(0.5); // 10/30 of 1.5
    expect(accrualFor(monthly, june, '2026-06-16', null).amount).toBe(1); // 0.75: a tie rounds up
    expect(accrualFor(monthly, june, '2026-06-11', null).amount).toBe(1); // 20/30 → 1.0
    expect(accrualFor(monthly, june, '2020-01-01', '2026-06-10').amount).toBe(0.5);
    expect(accrualFor(monthly, june, '2026-07-01', null).amount).toBe(0);
    expect(accrualFor({ ...monthly, proRata: false }, june, '2026-06-29', null).amount).toBe(1.5);
    expect(accrualFor({ ...monthly, rounding: 'none' }, june, '2026-06-16', null).amount).toBe(0.75);
  });

  it('property: pro-rata stays within 0..amount, is a multiple of a half, and a full year adds up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 1, max: 6 }), (offset, amount) => {
        const joined = addDays('2025-06-01', offset);
        const rule = { ...monthly, amount };
        let total = 0;
        for (const p of periodsBetween('monthly', '2026-01-01', '2026-12-31')) {
          const a = accrualFor(rule, p, joined, null).amount;
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(amount);
          expect(a * 2).toBe(Math.round(a * 2));
          total += a;
        }
        if (joined <= '2026-01-01') expect(total).toBe(12 * amount);
      }),
    );
  });
});

describe('ledger', () => {
  it('carry-forward caps and the carried leave expiring across a year end', () => {
    const entries = [
      { id: 'o', date: '2025-01-01', kind: 'opening' as const, amount: 20 },
      { id: 'u', date: '2025-05-05', kind: 'used' as const, amount: -6 },
    ];
    const close = balanceOf(entries, '2025-12-31');
    expect(close).toBe(14);
    const ye = yearEnd(close, 10, 2025);
    expect(ye.map((e) => [e.kind, e.amount, e.date])).toEqual([
      ['expiry', -14, '2025-12-31'],
      ['carry_forward', 10, '2026-01-01'],
    ]);
    expect(yearEnd(-2, 10, 2025)).toEqual([]);
    // Carried leave usable until 31 March; 4 used in February, 2 accrued: 6 of the carried lapse.
    const all = [
      ...entries,
      { id: 'x', ...ye[0]! },
      { id: 'cf', ...ye[1]!, expiresOn: '2026-03-31' },
      { id: 'a', date: '2026-02-01', kind: 'accrual' as const, amount: 2 },
      { id: 'u2', date: '2026-02-10', kind: 'used' as const, amount: -4 },
    ];
    expect(lapses(all, '2026-03-31')).toEqual([]);
    expect(lapses(all, '2026-04-01')).toEqual([
      { creditId: 'cf', date: '2026-04-01', expiresOn: '2026-03-31', amount: 6 },
    ]);
  });

  it('comp-off expiry: used comp-off does not lapse, the rest does, never below the balance', () => {
    const e = [
      { id: 'c1', date: '2026-01-10', kind: 'comp_off' as const, amount: 1, expiresOn: '2026-02-09' },
      { id: 'c2', date: '2026-01-17', kind: 'comp_off' as const, amount: 1, expiresOn: '2026-02-16' },
      { id: 'u', date: '2026-01-20', kind: 'used' as const, amount: -1 },
    ];
    expect(lapses(e, '2026-03-01')).toEqual([
      { creditId: 'c2', date: '2026-02-17', expiresOn: '2026-02-16', amount: 1 },
    ]);
    // A debt (negative balance) is paid by the next credit before anything can lapse.
    const debt = [
      { id: 'u', date: '2026-01-05', kind: 'used' as const, amount: -1 },
      { id: 'c1', date: '2026-01-10', kind: 'comp_off' as const, amount: 1, expiresOn: '2026-02-09' },
    ];
    expect(lapses(debt, '2026-03-01')).toEqual([]);
  });

  it('property: lapses never take the balance below zero and never exceed the expiring credits', () => {
    const entry = fc.record({
      day: fc.integer({ min: 0, max: 120 }),
      amount: fc.integer({ min: -3, max: 3 }).filter((n) => n !== 0),
      life: fc.option(fc.integer({ min: 0, max: 40 })),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 25 }), (raw) => {
        const entries = raw.map((r, i) => ({
          id: String(i),
          date: addDays('2026-01-01', r.day),
          kind: (r.amount > 0 ? 'comp_off' : 'used') as 'comp_off' | 'used',
          amount: r.amount,
          expiresOn: r.amount > 0 && r.life !== null ? addDays('2026-01-01', r.day + r.life) : null,
        }));
        const asOf = '2026-07-01';
        const out = lapses(entries, asOf);
        const lapsed = out.reduce((s, l) => s + l.amount, 0);
        const expiring = entries.filter((e) => e.expiresOn).reduce((s, e) => s + e.amount, 0);
        expect(lapsed).toBeLessThanOrEqual(expiring);
        // What lapses on a date is never more than the balance the day before (with earlier lapses).
        const lapseEntries = out.map((l) => ({ date: l.date, amount: -l.amount }));
        for (const d of new Set(out.map((l) => l.date))) {
          const before = balanceOf([...entries, ...lapseEntries], addDays(d, -1));
          const today = out.filter((l) => l.date === d).reduce((s, l) => s + l.amount, 0);
          expect(today).toBeLessThanOrEqual(before + 1e-9);
        }
      }),
    );
  });

  it('property: a back-dated change recomputed as correcting entries equals computing from scratch', () => {
    const months = periodsBetween('monthly', '2025-01-01', '2026-12-31');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        (j1, j2, a1, a2) => {
          const rule = (amount: number) => ({
            frequency: 'monthly' as const,
            amount,
            proRata: true,
            rounding: 'half_day' as const,
          });
          const run = (joined: string, amount: number) =>
            new Map(months.map((p) => [p.key, accrualFor(rule(amount), p, joined, null).amount]));
          const before = run(addDays('2025-01-01', j1), a1);
          const after = run(addDays('2025-01-01', j2), a2);
          const posted = [...before.values()];
          const fixes = corrections(after, before);
          const total = posted.reduce((s, n) => s + n, 0) + fixes.reduce((s, f) => s + f.amount, 0);
          const scratch = [...after.values()].reduce((s, n) => s + n, 0);
          expect(Math.abs(total - scratch)).toBeLessThan(1e-9);
          // Running the correction again changes nothing.
          const merged = new Map(before);
          for (const f of fixes) merged.set(f.key, (merged.get(f.key) ?? 0) + f.amount);
          expect(corrections(after, merged)).toEqual([]);
        },
      ),
    );
  });
});

describe('request rules', () => {
  const casual: LeaveTypeRules = {
    name: 'Casual leave',
    paid: true,
    unit: 'half_day',
    allowNegative: true,
    negativeCap: 2,
    maxPerRequest: 5,
    maxPerMonth: 6,
    noticeDays: 2,
    backDatingDays: 7,
    documentOverDays: 3,
  };
  const base = {
    type: casual,
    from: '2026-03-10',
    to: '2026-03-10',
    session: 'full_day' as const,
    counted: 1,
    countedByMonth: new Map([['2026-03', 1]]),
    takenByMonth: new Map<string, number>(),
    available: 5,
    today: '2026-03-01',
    hasDocument: false,
  };
  const rules = (o: Partial<typeof base>) => checkRequest({ ...base, ...o }).map((v) => v.rule);

  it('names the rule each request breaks', () => {
    expect(rules({})).toEqual([]);
    expect(rules({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['notice']);
    expect(rules({ from: '2026-02-20', to: '2026-02-20' })).toEqual(['back_dating']);
    expect(rules({ from: '2026-02-25', to: '2026-02-25' })).toEqual([]);
    expect(rules({ counted: 6, countedByMonth: new Map([['2026-03', 6]]), hasDocument: true })).toEqual([
      'max_per_request',
    ]);
    expect(rules({ takenByMonth: new Map([['2026-03', 6]]) })).toEqual(['max_per_month']);
    expect(rules({ counted: 4, countedByMonth: new Map([['2026-03', 4]]) })).toEqual(['document']);
    expect(
      checkRequest({ ...base, type: { ...casual, unit: 'day' }, session: 'first_half' })[0]!.message,
    ).toMatch(/full days only/);
  });

  it('property: the negative-balance cap holds exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -4, max: 10 }), fc.integer({ min: 1, max: 5 }), (available, counted) => {
        const r = rules({
          available,
          counted,
          countedByMonth: new Map([['2026-03', counted]]),
          hasDocument: true,
        });
        const after = available - counted;
        expect(r.includes('negative_cap')).toBe(after < -2);
        expect(
          rules({
            available,
            counted,
            type: { ...casual, allowNegative: false },
            hasDocument: true,
          }).includes('balance'),
        ).toBe(after < 0);
        expect(
          rules({ available, counted, type: { ...casual, paid: false }, hasDocument: true }),
        ).not.toContain('balance');
      }),
    );
  });
});

describe('comp-off credits', () => {
  const day = (weeklyOff: LeaveDay['weeklyOff'], holiday: LeaveDay['holiday'] = null): LeaveDay => ({
    date: '2026-03-08',
    weeklyOff,
    holiday,
  });
  const rules = { halfDayMinMinutes: 240, fullDayMinMinutes: 480 };
  it('a full day off worked earns a day, half the minimum half a day, less nothing', () => {
    expect(compOffCredit(day('full'), 480, rules)).toBe(1);
    expect(compOffCredit(day('full'), 479, rules)).toBe(0.5);
    expect(compOffCredit(day('full'), 240, rules)).toBe(0.5);
    expect(compOffCredit(day('full'), 239, rules)).toBe(0);
    // The policy's own minimums; the attendance defaults without a policy.
    expect(compOffCredit(day('full'), 300, { halfDayMinMinutes: 120, fullDayMinMinutes: 300 })).toBe(1);
    expect(compOffCredit(day('full'), 480, null)).toBe(1);
  });
  it('only days off earn it: working days, half weekly-offs and optional holidays do not', () => {
    expect(compOffCredit(day('none'), 600, rules)).toBe(0);
    expect(compOffCredit(day('first_half'), 600, rules)).toBe(0);
    expect(compOffCredit(day('none', { id: 'h', name: 'Holi', optional: false }), 600, rules)).toBe(1);
    expect(compOffCredit(day('none', { id: 'h', name: 'Onam', optional: true }), 600, rules)).toBe(0);
  });
  it('a comp-off credit unused lapses the day after its last day; used first, nothing lapses', () => {
    const credit = {
      id: 'c1',
      date: '2026-03-08',
      kind: 'comp_off' as const,
      amount: 1,
      expiresOn: '2026-04-07',
    };
    expect(lapses([credit], '2026-04-07')).toEqual([]);
    expect(lapses([credit], '2026-04-08')).toEqual([
      { creditId: 'c1', date: '2026-04-08', expiresOn: '2026-04-07', amount: 1 },
    ]);
    const used = { id: 'u1', date: '2026-03-20', kind: 'used' as const, amount: -0.5 };
    expect(lapses([credit, used], '2026-05-01')).toEqual([
      { creditId: 'c1', date: '2026-04-08', expiresOn: '2026-04-07', amount: 0.5 },
    ]);
    // A correcting debit of the whole day leaves nothing to lapse.
    const fix = { id: 'f1', date: '2026-03-10', kind: 'comp_off' as const, amount: -1 };
    expect(lapses([credit, fix], '2026-05-01')).toEqual([]);
  });
});

describe('applicability after probation', () => {
  const type = { genders: null, employmentTypes: null, afterProbation: true };
  const emp = { gender: 'female', employmentType: 'full_time', probationEnd: '2026-06-30' };
  it('a type for after probation applies from the day after probation ends', () => {
    expect(appliesTo(type, emp, '2026-06-30')).toBe(false);
    expect(appliesTo(type, emp, '2026-07-01')).toBe(true);
    expect(appliesTo({ ...type, afterProbation: false }, emp, '2026-06-30')).toBe(true);
    // No probation recorded: nothing to wait for.
    expect(appliesTo(type, { ...emp, probationEnd: null }, '2026-01-01')).toBe(true);
  });
  it('accrual starts the day after probation: earlier periods nothing, the month it ends pro-rated', () => {
    const t = { after_probation: true };
    const p = { date_of_joining: '2026-01-05', probation_end: '2026-06-15' };
    expect(accrualStart(t, p)).toBe('2026-06-16');
    expect(accrualStart({ after_probation: false }, p)).toBe('2026-01-05');
    expect(accrualStart(t, { ...p, probation_end: null })).toBe('2026-01-05');
    const rule = { frequency: 'monthly' as const, amount: 1.5, proRata: true, rounding: 'half_day' as const };
    const start = accrualStart(t, p);
    expect(accrualFor(rule, periodOf('monthly', '2026-05-01'), start, null).amount).toBe(0);
    // 15 of 30 days of June: 0.75, rounded to the nearest half day.
    const june = accrualFor(rule, periodOf('monthly', '2026-06-01'), start, null);
    expect(june.amount).toBe(1);
    expect(accrualFor(rule, periodOf('monthly', '2026-07-01'), start, null).amount).toBe(1.5);
  });
});

describe('encashment cap', () => {
  const base = { amount: 2, balance: 10, pending: 0, cap: 5, encashedThisYear: 0 };
  it('within the balance less pending and the yearly cap', () => {
    expect(encashmentRefusal(base)).toBe(null);
    expect(encashmentRefusal({ ...base, amount: 5 })).toBe(null);
    expect(encashmentRefusal({ ...base, amount: 5.5 })).toMatch(/encashment cap.*5 left/);
    expect(encashmentRefusal({ ...base, encashedThisYear: 4 })).toMatch(/4 already this year, 1 left/);
    expect(encashmentRefusal({ ...base, cap: null, amount: 10 })).toBe(null);
    expect(encashmentRefusal({ ...base, cap: null, amount: 10.5 })).toMatch(/Only 10 days/);
    // Pending requests hold their days.
    expect(encashmentRefusal({ ...base, cap: null, amount: 9, pending: 2 })).toMatch(/Only 8 days/);
    expect(encashmentRefusal({ ...base, balance: -1 })).toMatch(/Only 0 days/);
  });
  it('property: an accepted amount never exceeds the available balance or the cap left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).map((n) => n / 2),
        fc.integer({ min: -10, max: 60 }).map((n) => n / 2),
        fc.integer({ min: 0, max: 10 }).map((n) => n / 2),
        fc.option(fc.integer({ min: 0, max: 20 }).map((n) => n / 2)),
        fc.integer({ min: 0, max: 20 }).map((n) => n / 2),
        (amount, balance, pending, cap, encashedThisYear) => {
          const ok = encashmentRefusal({ amount, balance, pending, cap, encashedThisYear }) === null;
          if (ok) {
            expect(amount).toBeLessThanOrEqual(balance - pending);
            if (cap !== null) expect(encashedThisYear + amount).toBeLessThanOrEqual(cap);
          }
        },
      ),
    );
  });
});
