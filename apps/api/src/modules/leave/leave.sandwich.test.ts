import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachDay } from '../../lib/dates';
import {
  type CountedDay,
  countHours,
  countLeaveDays,
  dayLabel,
  type HourShift,
  type LeaveDay,
  NO_SANDWICH,
  type OtherLeave,
  type SandwichRules,
  type Session,
  sandwichGaps,
} from './leave.rules';

/** Saturdays and Sundays are weekly-offs; `holidays` by date. */
const calendarOf = (from: string, to: string, holidays: Record<string, string> = {}) =>
  new Map<string, LeaveDay>(
    eachDay(from, to).map((date) => {
      const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
      return [
        date,
        {
          date,
          weeklyOff: dow === 0 || dow === 6 ? 'full' : 'none',
          holiday: holidays[date] ? { id: date, name: holidays[date]!, optional: false } : null,
        },
      ];
    }),
  );
const approved = (...dates: string[]) =>
  new Map<string, OtherLeave>(dates.map((d) => [d, { portion: 'full', status: 'approved' }]));
const amounts = (days: CountedDay[]) => days.map((d) => `${d.date}:${d.amount}`);
const RULE_KEYS: (keyof SandwichRules)[] = [
  'weeklyOffBefore',
  'weeklyOffBetween',
  'weeklyOffAfter',
  'holidayBefore',
  'holidayBetween',
  'holidayAfter',
];

// 2026-11-13 is a Friday; 14 and 15 Nov the weekend.
const NOV = calendarOf('2026-10-20', '2026-12-10', { '2026-11-18': 'Founders day' });

describe('sandwich rules before and after a request (next to other leave)', () => {
  it('leave approved on Friday, applying for Monday: Sat and Sun are before this request', () => {
    const on = sandwichGaps({
      from: '2026-11-16',
      to: '2026-11-16',
      session: 'full_day',
      calendar: NOV,
      others: approved('2026-11-13'),
      rules: { ...NO_SANDWICH, weeklyOffBefore: true },
    });
    expect(amounts(on.before)).toEqual(['2026-11-14:1', '2026-11-15:1']);
    expect(on.after).toEqual([]);
    expect(on.before[0]!.reason).toBe(
      'Sat 14 Nov: weekly-off between your approved leave on Fri 13 Nov and this request: counted (sandwich rule "weekly-off before")',
    );
    // The other rules do not reach these days.
    const off = sandwichGaps({
      from: '2026-11-16',
      to: '2026-11-16',
      session: 'full_day',
      calendar: NOV,
      others: approved('2026-11-13'),
      rules: { ...NO_SANDWICH, weeklyOffAfter: true, weeklyOffBetween: true, holidayBefore: true },
    });
    expect(amounts(off.before)).toEqual(['2026-11-14:0', '2026-11-15:0']);
    expect(off.before[1]!.reason).toMatch(/: not counted \(sandwich rule "weekly-off before"\)$/);
  });

  it('applying for Friday with leave pending on Monday: Sat and Sun are after this request', () => {
    const pending = new Map<string, OtherLeave>([['2026-11-16', { portion: 'full', status: 'pending' }]]);
    const g = sandwichGaps({
      from: '2026-11-12',
      to: '2026-11-13',
      session: 'full_day',
      calendar: NOV,
      others: pending,
      rules: { ...NO_SANDWICH, weeklyOffAfter: true },
    });
    expect(amounts(g.after)).toEqual(['2026-11-14:1', '2026-11-15:1']);
    expect(g.after[0]!.reason).toBe(
      'Sat 14 Nov: weekly-off between this request and your pending leave on Mon 16 Nov: counted (sandwich rule "weekly-off after")',
    );
    expect(g.before).toEqual([]);
  });

  it('a holiday between other leave and this request follows the holiday rules', () => {
    // Tue 17 leave approved, Wed 18 a holiday, applying for Thu 19.
    const before = sandwichGaps({
      from: '2026-11-19',
      to: '2026-11-19',
      session: 'full_day',
      calendar: NOV,
      others: approved('2026-11-17'),
      rules: { ...NO_SANDWICH, holidayBefore: true, weeklyOffBefore: false },
    });
    expect(amounts(before.before)).toEqual(['2026-11-18:1']);
    expect(before.before[0]!.kind).toBe('holiday');
    expect(before.before[0]!.reason).toMatch(/^Wed 18 Nov: holiday \(Founders day\) between your approved/);
    // Applying for Tue 17 with Thu 19 approved: the holiday is after.
    const after = sandwichGaps({
      from: '2026-11-17',
      to: '2026-11-17',
      session: 'full_day',
      calendar: NOV,
      others: approved('2026-11-19'),
      rules: { ...NO_SANDWICH, holidayAfter: true },
    });
    expect(amounts(after.after)).toEqual(['2026-11-18:1']);
    const notCounted = sandwichGaps({
      from: '2026-11-17',
      to: '2026-11-17',
      session: 'full_day',
      calendar: NOV,
      others: approved('2026-11-19'),
      rules: { ...NO_SANDWICH, holidayBefore: true, weeklyOffAfter: true },
    });
    expect(amounts(notCounted.after)).toEqual(['2026-11-18:0']);
  });

  it('no sandwich when a working day is in between, no other leave is near, or the leave touches', () => {
    const rules = { ...NO_SANDWICH, weeklyOffBefore: true, weeklyOffAfter: true };
    const base = { session: 'full_day' as Session, calendar: NOV, rules };
    // Thu 12 approved, applying for Mon 16: Fri 13 is a working day not on leave.
    expect(
      sandwichGaps({ ...base, from: '2026-11-16', to: '2026-11-16', others: approved('2026-11-12') }),
    ).toEqual({ before: [], after: [] });
    expect(sandwichGaps({ ...base, from: '2026-11-16', to: '2026-11-16', others: new Map() })).toEqual({
      before: [],
      after: [],
    });
    // Leave on Fri 13 and applying for Thu 12: adjacent, nothing in between.
    expect(
      sandwichGaps({ ...base, from: '2026-11-12', to: '2026-11-12', others: approved('2026-11-13') }),
    ).toEqual({ before: [], after: [] });
  });

  it('half days: only the half facing the days off makes a sandwich', () => {
    const rules = { ...NO_SANDWICH, weeklyOffBefore: true, weeklyOffAfter: true };
    const friday = (portion: OtherLeave['portion']) =>
      new Map<string, OtherLeave>([['2026-11-13', { portion, status: 'approved' }]]);
    const monday = (session: Session, portion: OtherLeave['portion']) =>
      sandwichGaps({
        from: '2026-11-16',
        to: '2026-11-16',
        session,
        calendar: NOV,
        others: friday(portion),
        rules,
      }).before.length;
    expect(monday('full_day', 'second_half')).toBe(2);
    expect(monday('first_half', 'full')).toBe(2);
    expect(monday('full_day', 'first_half')).toBe(0);
    expect(monday('second_half', 'full')).toBe(0);
  });

  it('dayLabel names the weekday, date and month', () => {
    expect(dayLabel('2026-11-13')).toBe('Fri 13 Nov');
    expect(dayLabel('2027-01-03')).toBe('Sun 3 Jan');
  });
});

/**
 * Every combination: a request of working days with days off inside it (between), before its first
 * working day in range (before) and around it next to other leave (before/after), with weekly-offs
 * and holidays. Each listed day off counts exactly when its own rule (kind x place) is on.
 */
describe('property: each of the six rules decides only its own days', () => {
  const dayArb = fc.constantFrom<'work' | 'weekly_off' | 'holiday'>('work', 'weekly_off', 'holiday');
  it('before, between and after, for weekly-offs and holidays', () => {
    fc.assert(
      fc.property(
        fc.array(dayArb, { minLength: 1, maxLength: 6 }), // run before the request, leave first
        fc.array(dayArb, { minLength: 1, maxLength: 8 }), // the request's own dates
        fc.array(dayArb, { minLength: 1, maxLength: 6 }), // run after the request, leave last
        fc.record(
          Object.fromEntries(RULE_KEYS.map((k) => [k, fc.boolean()])) as Record<
            keyof SandwichRules,
            fc.Arbitrary<boolean>
          >,
        ),
        (pre, own, post, rules) => {
          const start = '2027-03-01';
          const layout = ['work', ...pre, ...own, ...post, 'work'] as const;
          const dates = eachDay(start, addDaysPlain(start, layout.length - 1));
          const calendar = new Map<string, LeaveDay>(
            layout.map((k, i) => [
              dates[i]!,
              {
                date: dates[i]!,
                weeklyOff: k === 'weekly_off' ? 'full' : 'none',
                holiday: k === 'holiday' ? { id: `h${i}`, name: 'Holi', optional: false } : null,
              },
            ]),
          );
          const from = dates[1 + pre.length]!;
          const to = dates[pre.length + own.length]!;
          const others = approved(dates[0]!, dates[dates.length - 1]!);
          const inRange = countLeaveDays(
            eachDay(from, to).map((d) => calendar.get(d)!),
            rules,
          );
          const gaps = sandwichGaps({ from, to, session: 'full_day', calendar, others, rules });
          // The run before counts only when it is all days off (likewise after).
          const allOff = (xs: readonly string[]) => xs.every((x) => x !== 'work');
          expect(gaps.before.length).toBe(allOff(pre) ? pre.length : 0);
          expect(gaps.after.length).toBe(allOff(post) ? post.length : 0);
          for (const d of gaps.before) {
            expect(d.amount).toBe(rules[d.kind === 'holiday' ? 'holidayBefore' : 'weeklyOffBefore'] ? 1 : 0);
          }
          for (const d of gaps.after) {
            expect(d.amount).toBe(rules[d.kind === 'holiday' ? 'holidayAfter' : 'weeklyOffAfter'] ? 1 : 0);
          }
          // Inside the range: days off between working days follow the "between" rules.
          const work = own.flatMap((k, i) => (k === 'work' ? [i] : []));
          inRange.days.forEach((d, i) => {
            if (d.kind === 'working') {
              expect(d.amount).toBe(1);
              return;
            }
            const place =
              work.length === 0 || i < work[0]! ? 'Before' : i > work[work.length - 1]! ? 'After' : 'Between';
            const key = `${d.kind === 'holiday' ? 'holiday' : 'weeklyOff'}${place}` as keyof SandwichRules;
            expect(d.amount).toBe(rules[key] ? 1 : 0);
          });
          // Turning every rule off counts the working days only, wherever they are.
          const none = sandwichGaps({ from, to, session: 'full_day', calendar, others, rules: NO_SANDWICH });
          expect([...none.before, ...none.after].every((d) => d.amount === 0)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

const addDaysPlain = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('leave in hours (countHours)', () => {
  const wed: LeaveDay = { date: '2026-11-18', weeklyOff: 'none', holiday: null };
  const shift = { start: '09:30', end: '18:30', breakMinutes: 60 };

  it('counts 2.5 h from 10:00 to 12:30; a weekly-off or holiday takes nothing', () => {
    const h = countHours(wed, '10:00', '12:30', shift);
    expect(h).toMatchObject({ total: 2.5, hours: 2.5, errors: [] });
    expect(h.days[0]!.reason).toBe('Leave 10:00 to 12:30 (2.5 h)');
    const off = countHours({ ...wed, weeklyOff: 'full' }, '10:00', '12:30', null);
    expect(off.total).toBe(0);
    expect(off.days[0]!.reason).toBe('Weekly-off: no leave needed');
  });

  it('names the field of each error: order, quarter hours, the shift, the daily maximum', () => {
    const paths = (from: string, to: string, s: HourShift = shift) =>
      countHours(wed, from, to, s).errors.map((e) => e.path);
    expect(paths('12:00', '12:00')).toEqual(['to_time']);
    expect(paths('10:05', '11:00')).toEqual(['from_time']);
    expect(paths('08:00', '10:00')).toEqual(['from_time']);
    expect(paths('17:00', '19:00')).toEqual(['to_time']);
    expect(countHours(wed, '09:30', '18:30', shift).errors[0]!.message).toBe(
      'At most 8 h of leave in a day (your shift less its break); this is 9 h',
    );
    // Without a shift (or on a night shift) any time of day, at most HOURS_PER_DAY.
    expect(paths('06:00', '14:00', null)).toEqual([]);
    expect(paths('06:00', '14:15', null)).toEqual(['to_time']);
    expect(paths('06:00', '08:00', { start: '22:00', end: '06:00', breakMinutes: 0 })).toEqual([]);
  });

  it('property: quarter-hour times inside the shift count their length in hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 38, max: 74 }), fc.integer({ min: 1, max: 32 }), (a, len) => {
        const b = Math.min(a + len, 74); // quarter hours from 09:30 (38) to 18:30 (74)
        if (b <= a) return;
        const t = (q: number) =>
          `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
        const h = countHours(wed, t(a), t(b), shift);
        const hours = (b - a) / 4;
        expect(h.hours).toBe(hours);
        expect(h.errors.length === 0).toBe(hours <= 8);
        expect(h.total).toBe(hours);
      }),
    );
  });
});
