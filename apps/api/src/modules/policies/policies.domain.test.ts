import {
  type Assignment,
  addDays,
  isNightShift,
  type OffKind,
  rangesOverlap,
  resolveAssignment,
  rosterShiftOn,
  shiftSpan,
  type WeeklyOffDays,
  weekdayOf,
  weeklyOffOn,
  weekOfMonth,
} from './policies.domain';

const none: OffKind[] = ['none', 'none', 'none', 'none', 'none'];
/** Sunday off; 2nd and 4th Saturday off; 1st and 3rd Saturday second half off. */
const days: WeeklyOffDays = [
  ['full', 'full', 'full', 'full', 'full'],
  none,
  none,
  none,
  none,
  none,
  ['second_half', 'full', 'second_half', 'full', 'none'],
];

describe('weekly-offs per week of month', () => {
  it('counts the n-th weekday of the month', () => {
    expect(weekOfMonth('2026-03-01')).toBe(1);
    expect(weekOfMonth('2026-03-07')).toBe(1);
    expect(weekOfMonth('2026-03-08')).toBe(2);
    expect(weekOfMonth('2026-03-28')).toBe(4);
    expect(weekOfMonth('2026-03-29')).toBe(5);
  });

  it('gives 2nd and 4th Saturdays off, half-day on 1st and 3rd, nothing on the 5th', () => {
    // May 2026: Saturdays are 2, 9, 16, 23, 30.
    expect(weekdayOf('2026-05-02')).toBe(6);
    expect(weeklyOffOn(days, '2026-05-02')).toBe('second_half');
    expect(weeklyOffOn(days, '2026-05-09')).toBe('full');
    expect(weeklyOffOn(days, '2026-05-16')).toBe('second_half');
    expect(weeklyOffOn(days, '2026-05-23')).toBe('full');
    expect(weeklyOffOn(days, '2026-05-30')).toBe('none');
  });

  it('gives every Sunday off and weekdays none, across a month boundary and a leap day', () => {
    expect(weeklyOffOn(days, '2026-05-31')).toBe('full');
    expect(weeklyOffOn(days, '2026-06-01')).toBe('none');
    expect(weekdayOf('2028-02-29')).toBe(2);
    expect(weeklyOffOn(days, '2028-02-29')).toBe('none');
    // 2nd Saturday of February 2026 is the 14th.
    expect(weeklyOffOn(days, '2026-02-14')).toBe('full');
    expect(weeklyOffOn(days, '2026-02-07')).toBe('second_half');
  });
});

describe('roster rotation', () => {
  // Two-week rotation anchored on Wednesday 2026-01-07 (its week starts Monday 2026-01-05):
  // week 0 Monday = day shift, week 1 Monday = night shift.
  const roster = {
    anchorDate: '2026-01-07',
    rotationWeeks: 2,
    slots: [
      { weekIndex: 0, weekday: 1, shiftId: 'day' },
      { weekIndex: 1, weekday: 1, shiftId: 'night' },
    ],
  };
  it('alternates weekly from the anchor week', () => {
    expect(rosterShiftOn(roster, '2026-01-05')).toBe('day');
    expect(rosterShiftOn(roster, '2026-01-12')).toBe('night');
    expect(rosterShiftOn(roster, '2026-01-19')).toBe('day');
    expect(rosterShiftOn(roster, '2026-01-26')).toBe('night');
  });
  it('rotates backwards before the anchor and has no shift on days without a slot', () => {
    expect(rosterShiftOn(roster, '2025-12-29')).toBe('night');
    expect(rosterShiftOn(roster, '2025-12-22')).toBe('day');
    expect(rosterShiftOn(roster, '2026-01-06')).toBeNull();
  });
  it('keeps a Sunday in the week that began the Monday before', () => {
    const sundays = { ...roster, slots: [{ weekIndex: 1, weekday: 0, shiftId: 'sun' }] };
    expect(rosterShiftOn(sundays, '2026-01-11')).toBeNull(); // week 0's Sunday
    expect(rosterShiftOn(sundays, '2026-01-18')).toBe('sun'); // week 1's Sunday
  });
});

describe('night shift definition', () => {
  it('is a shift whose end is not after its start', () => {
    expect(isNightShift({ start: '22:00', end: '06:00' })).toBe(true);
    expect(isNightShift({ start: '09:30', end: '18:30' })).toBe(false);
    expect(isNightShift({ start: '00:00', end: '00:00' })).toBe(true);
  });
  it('spans midnight into the next day', () => {
    expect(shiftSpan({ start: '22:00', end: '06:00', breakMinutes: 30 })).toEqual({
      start: 1320,
      end: 1800,
      workMinutes: 450,
    });
    expect(shiftSpan({ start: '09:30', end: '18:30', breakMinutes: 60 })).toEqual({
      start: 570,
      end: 1110,
      workMinutes: 480,
    });
  });
});

describe('assignment precedence (the inspector)', () => {
  const emp = { id: 'e1', unitId: 'u1', divisionId: 'd1' };
  const a = (over: Partial<Assignment>): Assignment => ({
    id: over.id ?? 'x',
    masterPolicyId: over.masterPolicyId ?? 'mp',
    kind: over.kind ?? 'division',
    targetId: over.targetId ?? 'd1',
    targetName: over.targetName ?? 'Engineering',
    effectiveFrom: over.effectiveFrom ?? '2026-01-01',
    effectiveTo: over.effectiveTo ?? null,
  });

  it('prefers employee over unit over division, and lists the losers with why', () => {
    const all = [
      a({ id: 'div', kind: 'division', targetId: 'd1', effectiveFrom: '2026-01-01' }),
      a({ id: 'unit', kind: 'unit', targetId: 'u1', targetName: 'Backend', effectiveFrom: '2026-02-01' }),
      a({ id: 'emp', kind: 'employee', targetId: 'e1', targetName: 'Asha', effectiveFrom: '2026-03-01' }),
    ];
    expect(resolveAssignment(all, emp, '2026-01-15').winner?.id).toBe('div');
    const feb = resolveAssignment(all, emp, '2026-02-15');
    expect(feb.winner?.id).toBe('unit');
    expect(feb.overridden.map((o) => [o.assignment.id, o.reason])).toEqual([
      ['div', 'unit assignment takes precedence over division assignment'],
    ]);
    const mar = resolveAssignment(all, emp, '2026-03-01');
    expect(mar.winner?.id).toBe('emp');
    expect(mar.overridden.map((o) => o.assignment.id)).toEqual(['unit', 'div']);
  });

  it('takes the latest effective_from within one kind, ignores ended and other targets', () => {
    const all = [
      a({ id: 'old', effectiveFrom: '2025-01-01' }),
      a({ id: 'new', effectiveFrom: '2026-01-01' }),
      a({
        id: 'ended',
        kind: 'employee',
        targetId: 'e1',
        effectiveFrom: '2025-01-01',
        effectiveTo: '2025-12-31',
      }),
      a({ id: 'other', kind: 'division', targetId: 'd2', effectiveFrom: '2026-06-01' }),
    ];
    const r = resolveAssignment(all, emp, '2026-06-30');
    expect(r.winner?.id).toBe('new');
    expect(r.overridden).toEqual([
      { assignment: all[0], reason: 'a later division assignment (from 2026-01-01) replaces it' },
    ]);
    expect(resolveAssignment(all, emp, '2025-06-01').winner?.id).toBe('ended');
    expect(resolveAssignment(all, emp, '2024-06-01').winner).toBeNull();
  });

  it('detects overlapping ranges, open-ended included', () => {
    expect(rangesOverlap({ from: '2026-01-01', to: null }, { from: '2027-01-01', to: null })).toBe(true);
    expect(rangesOverlap({ from: '2026-01-01', to: '2026-06-30' }, { from: '2026-07-01', to: null })).toBe(
      false,
    );
    expect(
      rangesOverlap({ from: '2026-01-01', to: '2026-06-30' }, { from: '2026-06-30', to: '2026-07-01' }),
    ).toBe(true);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
