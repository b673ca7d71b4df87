import type { AttendanceRules, DayContext, ShiftDef } from './day-context';
import {
  assignPunches,
  deriveDay,
  deriveDays,
  distanceMetres,
  localDateOf,
  localToInstant,
  monthDays,
  monthRange,
  type Punch,
} from './derive';

const TZ = 'Asia/Kolkata';
const DAY: ShiftDef = {
  id: 's-day',
  name: 'Day',
  start: '09:00',
  end: '18:00',
  breakMinutes: 60,
  graceInMinutes: 10,
  graceOutMinutes: 5,
  flexiMinutes: 0,
};
const NIGHT: ShiftDef = {
  ...DAY,
  id: 's-night',
  name: 'Night',
  start: '22:00',
  end: '06:00',
  breakMinutes: 0,
};
const RULES: AttendanceRules = {
  id: 'r',
  name: 'Standard',
  cycleStartDay: 1,
  punchSources: ['web'],
  halfDayMinMinutes: 240,
  fullDayMinMinutes: 480,
  lateMarksPerPenalty: 3,
  latePenaltyDays: 0.5,
  earlyExitMarksPerPenalty: null,
  earlyExitPenaltyDays: 0,
  regularisationPerMonth: 3,
  regularisationLookbackDays: 30,
  regularisationAutoApprove: false,
  location: null,
};
const ctx = (date: string, over: Partial<DayContext> = {}): DayContext => ({
  date,
  weeklyOff: 'none',
  holiday: null,
  shift: DAY,
  attendance: RULES,
  masterPolicyId: null,
  leavePolicyId: null,
  ...over,
});
/** A punch at local (Kolkata) wall time. */
const at = (date: string, hhmm: string): Punch => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return { at: localToInstant(date, h * 60 + m, TZ), source: 'web' };
};
const TODAY = '2026-12-31';

describe('time zone', () => {
  it('converts Kolkata wall time to the instant, 5:30 ahead of UTC', () => {
    expect(localToInstant('2026-03-01', 0, TZ).toISOString()).toBe('2026-02-28T18:30:00.000Z');
  });
  it('a month boundary in Asia/Kolkata is not the UTC one', () => {
    // 20:00 UTC on 31 January is 01:30 on 1 February in Kolkata.
    const instant = new Date('2026-01-31T20:00:00Z');
    expect(localDateOf(instant, TZ)).toBe('2026-02-01');
    expect(localDateOf(instant, 'UTC')).toBe('2026-01-31');
    // Without a shift a day is local midnight to midnight: the punch lands in February.
    const days = [ctx('2026-01-31', { shift: null }), ctx('2026-02-01', { shift: null })];
    const groups = assignPunches(
      days,
      ctx('2026-02-02', { shift: null }),
      [{ at: instant, source: 'web' }],
      TZ,
    );
    expect(groups.map((g) => g.length)).toEqual([0, 1]);
  });
  it('month helper: every day with a two-digit day and short weekday', () => {
    const days = monthDays(2026, 2);
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ date: '2026-02-01', day: '01', weekday: 'Sun' });
    expect(monthDays(2024, 2)).toHaveLength(29);
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('night shift across midnight', () => {
  it('22:00 to 06:00 is one day, counted on the day it started', () => {
    const punches = [at('2026-03-10', '21:55'), at('2026-03-11', '06:05')];
    const days = deriveDays(
      [
        ctx('2026-03-10', { shift: NIGHT }),
        ctx('2026-03-11', { shift: NIGHT }),
        ctx('2026-03-12', { shift: NIGHT }),
      ],
      punches,
      new Map(),
      TZ,
      TODAY,
    );
    const first = days.find((d) => d.date === '2026-03-10')!;
    expect(first.status).toBe('present');
    expect(first.workedMinutes).toBe(8 * 60 + 10);
    expect(first.firstIn?.toISOString()).toBe(punches[0]!.at.toISOString());
    expect(first.lastOut?.toISOString()).toBe(punches[1]!.at.toISOString());
    expect(first.late).toBe(false);
    expect(first.earlyExit).toBe(false);
    // The next night had no punches.
    expect(days.find((d) => d.date === '2026-03-11')!.status).toBe('absent');
  });
  it('leaving the night shift at 05:00 is an early exit; arriving 22:30 is late', () => {
    const d = deriveDay(
      ctx('2026-03-10', { shift: NIGHT }),
      [at('2026-03-10', '22:30'), at('2026-03-11', '05:00')],
      null,
      TZ,
      TODAY,
    )!;
    expect(d.earlyExit).toBe(true);
    expect(d.lateMinutes).toBe(30);
    expect(d.status).toBe('half_day'); // 6.5 h: more than half, less than full
  });
});

describe('grace and late marks', () => {
  const day = (inAt: string, over: Partial<ShiftDef> = {}) =>
    deriveDay(
      ctx('2026-03-10', { shift: { ...DAY, ...over } }),
      [at('2026-03-10', inAt), at('2026-03-10', '19:00')],
      null,
      TZ,
      TODAY,
    )!;
  it('within grace is on time', () => {
    expect(day('09:10').late).toBe(false);
    expect(day('09:10').status).toBe('present');
  });
  it('after grace is late, counted from the shift start', () => {
    const d = day('09:11');
    expect(d.late).toBe(true);
    expect(d.lateMinutes).toBe(11);
    expect(d.status).toBe('late');
  });
  it('a flexible window widens the grace', () => {
    expect(day('09:40', { flexiMinutes: 30 }).late).toBe(false);
    expect(day('09:41', { flexiMinutes: 30 }).late).toBe(true);
  });
});

describe('half-day thresholds', () => {
  const worked = (out: string) =>
    deriveDay(ctx('2026-03-10'), [at('2026-03-10', '09:00'), at('2026-03-10', out)], null, TZ, TODAY)!;
  it('worked minutes exclude the break', () => {
    expect(worked('18:00').workedMinutes).toBe(8 * 60);
  });
  it('full day from fullDayMinMinutes, half from halfDayMinMinutes, else absent', () => {
    expect(worked('18:00').status).toBe('present');
    expect(worked('17:59').status).toBe('half_day');
    expect(worked('14:00').status).toBe('half_day'); // 5 h less 1 h break = 240
    expect(worked('13:59').status).toBe('absent');
  });
  it('a half weekly off needs only half a day', () => {
    const d = deriveDay(
      ctx('2026-03-10', { weeklyOff: 'second_half' }),
      [at('2026-03-10', '09:00'), at('2026-03-10', '14:00')],
      null,
      TZ,
      TODAY,
    )!;
    expect(d.status).toBe('present');
  });
  it('one punch on a past day is a missed punch, not a day worked', () => {
    const d = deriveDay(ctx('2026-03-10'), [at('2026-03-10', '09:00')], null, TZ, TODAY)!;
    expect(d.missedPunch).toBe(true);
    expect(d.status).toBe('absent');
    const today = deriveDay(ctx('2026-03-10'), [at('2026-03-10', '09:00')], null, TZ, '2026-03-10')!;
    expect(today.status).toBe('present');
    expect(today.missedPunch).toBe(false);
  });
});

describe('calendar and leave', () => {
  it('holiday, weekly off, leave and absence without punches; nothing yet for days to come', () => {
    const hol = { id: 'h', name: 'Holi', optional: false };
    expect(deriveDay(ctx('2026-03-04', { holiday: hol }), [], null, TZ, TODAY)!.status).toBe('holiday');
    expect(deriveDay(ctx('2026-03-08', { weeklyOff: 'full' }), [], null, TZ, TODAY)!.status).toBe(
      'weekly_off',
    );
    expect(deriveDay(ctx('2026-03-09'), [], { date: '2026-03-09', portion: 'full' }, TZ, TODAY)!.status).toBe(
      'on_leave',
    );
    expect(deriveDay(ctx('2026-03-09'), [], null, TZ, TODAY)!.status).toBe('absent');
    expect(deriveDay(ctx('2027-01-09'), [], null, TZ, TODAY)).toBeNull();
    expect(deriveDay(ctx('2027-01-10', { weeklyOff: 'full' }), [], null, TZ, TODAY)!.status).toBe(
      'weekly_off',
    );
  });
  it('a full day worked on a holiday shows present', () => {
    const hol = { id: 'h', name: 'Holi', optional: false };
    const d = deriveDay(
      ctx('2026-03-04', { holiday: hol }),
      [at('2026-03-04', '09:00'), at('2026-03-04', '18:00')],
      null,
      TZ,
      TODAY,
    )!;
    expect(d.status).toBe('present');
  });
});

describe('re-derivation after a policy change', () => {
  it('the same punches give a new status when the thresholds change', () => {
    const punches = [at('2026-03-10', '09:00'), at('2026-03-10', '16:00')]; // 6 h worked
    expect(deriveDays([ctx('2026-03-10'), ctx('2026-03-11')], punches, new Map(), TZ, TODAY)[0]!.status).toBe(
      'half_day',
    );
    const relaxed = { ...RULES, fullDayMinMinutes: 360 };
    expect(
      deriveDays(
        [ctx('2026-03-10', { attendance: relaxed }), ctx('2026-03-11', { attendance: relaxed })],
        punches,
        new Map(),
        TZ,
        TODAY,
      )[0]!.status,
    ).toBe('present');
  });
  it('a holiday added turns an absence into a holiday', () => {
    const hol = { id: 'h', name: 'Founders day', optional: false };
    const before = deriveDays([ctx('2026-03-12'), ctx('2026-03-13')], [], new Map(), TZ, TODAY)[0]!;
    const after = deriveDays(
      [ctx('2026-03-12', { holiday: hol }), ctx('2026-03-13')],
      [],
      new Map(),
      TZ,
      TODAY,
    )[0]!;
    expect([before.status, after.status]).toEqual(['absent', 'holiday']);
  });
});

it('distance for the punch radius', () => {
  const office = { lat: 12.9716, lng: 77.5946 };
  expect(distanceMetres(office, office)).toBe(0);
  const d = distanceMetres(office, { lat: 12.9806, lng: 77.5946 }); // 0.009° north ≈ 1 km
  expect(d).toBeGreaterThan(990);
  expect(d).toBeLessThan(1010);
});
