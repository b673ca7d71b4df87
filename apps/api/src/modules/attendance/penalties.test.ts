import { describe, expect, it } from 'vitest';
import { countPenalties, cycleOf, penaltyLopDaysOf } from './penalties';

const rules = {
  lateMarksPerPenalty: 3,
  latePenaltyDays: 0.5,
  earlyExitMarksPerPenalty: 2,
  earlyExitPenaltyDays: 1,
};
const late = (date: string, status = 'late') => ({ date, status, late: true, earlyExit: false });
const early = (date: string) => ({ date, status: 'present', late: false, earlyExit: true });

describe('attendance cycle', () => {
  it('is the calendar month when the cycle starts on the 1st', () => {
    expect(cycleOf(2026, 2, 1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(cycleOf(2024, 2, 1)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
  it('runs from the start day of the month before, across a year end', () => {
    expect(cycleOf(2026, 3, 26)).toEqual({ from: '2026-02-26', to: '2026-03-25' });
    expect(cycleOf(2026, 1, 21)).toEqual({ from: '2025-12-21', to: '2026-01-20' });
  });
});

describe('late-mark and early-exit penalties', () => {
  it('charges every third late mark in date order and names the dates behind it', () => {
    const days = [
      '2026-03-09',
      '2026-03-02',
      '2026-03-05',
      '2026-03-12',
      '2026-03-16',
      '2026-03-20',
      '2026-03-23',
    ].map((d) => late(d));
    const r = countPenalties(days, rules, cycleOf(2026, 3, 1));
    expect(r.lateDates).toEqual([
      '2026-03-02',
      '2026-03-05',
      '2026-03-09',
      '2026-03-12',
      '2026-03-16',
      '2026-03-20',
      '2026-03-23',
    ]);
    expect(r.penalties).toEqual([
      { kind: 'late', days: 0.5, dates: ['2026-03-02', '2026-03-05', '2026-03-09'] },
      { kind: 'late', days: 0.5, dates: ['2026-03-12', '2026-03-16', '2026-03-20'] },
    ]);
    expect(r.lopDays).toBe(1);
  });

  it('counts within one cycle: marks either side of the cycle boundary do not add up', () => {
    // Cycle start day 26: March's cycle is 26 Feb .. 25 Mar. Two marks before it, two in it, two after.
    const days = ['2026-02-20', '2026-02-25', '2026-02-26', '2026-03-25', '2026-03-26', '2026-03-30'].map(
      (d) => late(d),
    );
    const march = countPenalties(days, rules, cycleOf(2026, 3, 26));
    expect(march.lateDates).toEqual(['2026-02-26', '2026-03-25']);
    expect(march.penalties).toEqual([]);
    expect(march.lopDays).toBe(0);
    // A third mark on the cycle's last day completes the penalty.
    const withThird = countPenalties([...days, late('2026-03-10')], rules, cycleOf(2026, 3, 26));
    expect(withThird.penalties).toEqual([
      { kind: 'late', days: 0.5, dates: ['2026-02-26', '2026-03-10', '2026-03-25'] },
    ]);
  });

  it('counts early exits by their own rule and adds both to the loss of pay', () => {
    const days = [
      late('2026-03-02'),
      late('2026-03-03'),
      late('2026-03-04'),
      early('2026-03-05'),
      early('2026-03-06'),
    ];
    const r = countPenalties(days, rules, cycleOf(2026, 3, 1));
    expect(r.penalties.map((p) => [p.kind, p.days])).toEqual([
      ['late', 0.5],
      ['early_exit', 1],
    ]);
    expect(r.lopDays).toBe(1.5);
  });

  it('ignores marks on days not worked, and charges nothing without a rule', () => {
    const days = [
      late('2026-03-02', 'on_leave'),
      late('2026-03-03', 'holiday'),
      late('2026-03-04', 'half_day'),
    ];
    expect(countPenalties(days, rules, cycleOf(2026, 3, 1)).lateDates).toEqual(['2026-03-04']);
    const many = ['02', '03', '04', '05', '06', '09'].map((d) => late(`2026-03-${d}`));
    expect(countPenalties(many, null, cycleOf(2026, 3, 1)).lopDays).toBe(0);
    expect(
      countPenalties(many, { ...rules, lateMarksPerPenalty: null }, cycleOf(2026, 3, 1)).penalties,
    ).toEqual([]);
  });
});

describe('loss of pay from mark counts (the muster)', () => {
  it('is the loss of pay countPenalties gives for the same marks, rules and none', () => {
    const cases = [
      rules,
      { ...rules, latePenaltyDays: 0.1, earlyExitPenaltyDays: 0.2, earlyExitMarksPerPenalty: 1 },
      { ...rules, lateMarksPerPenalty: null },
      { ...rules, earlyExitMarksPerPenalty: 0, latePenaltyDays: 0 },
    ];
    for (const r of cases) {
      for (let lates = 0; lates <= 9; lates++) {
        for (let earlies = 0; earlies <= 5; earlies++) {
          const days = [
            ...Array.from({ length: lates }, (_, i) => late(`2026-03-${String(i + 1).padStart(2, '0')}`)),
            ...Array.from({ length: earlies }, (_, i) => early(`2026-03-${String(i + 11).padStart(2, '0')}`)),
          ];
          expect(penaltyLopDaysOf(r, lates, earlies)).toBe(
            countPenalties(days, r, cycleOf(2026, 3, 1)).lopDays,
          );
        }
      }
    }
    expect(penaltyLopDaysOf(rules, 9, 4)).toBe(3.5);
    expect(penaltyLopDaysOf(null, 9, 4)).toBe(0);
  });
});
