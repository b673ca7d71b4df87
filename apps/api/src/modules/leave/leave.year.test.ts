import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lapses, periodOf } from './leave.rules';
import { leaveYearEnd, leaveYearOf, periodIn, periodsIn, previousLeaveYear } from './leave.year';

describe('leave years from April to March', () => {
  it('a date belongs to the leave year that started in the last April', () => {
    expect(leaveYearOf('2027-03-31', 4)).toEqual({
      label: '2026-27',
      start: '2026-04-01',
      end: '2027-03-31',
    });
    expect(leaveYearOf('2027-04-01', 4)).toEqual({
      label: '2027-28',
      start: '2027-04-01',
      end: '2028-03-31',
    });
    expect(leaveYearOf('2099-12-31', 4).label).toBe('2099-00');
    expect(previousLeaveYear('2027-04-01', 4).label).toBe('2026-27');
    expect(leaveYearOf('2026-05-09')).toEqual({ label: '2026', start: '2026-01-01', end: '2026-12-31' });
  });

  it('quarters count from April and a year is the leave year; months stay calendar months', () => {
    expect(periodIn('quarterly', '2026-05-09', 4)).toEqual({
      key: '2026-27-Q1',
      start: '2026-04-01',
      end: '2026-06-30',
    });
    expect(periodIn('quarterly', '2027-02-28', 4)).toEqual({
      key: '2026-27-Q4',
      start: '2027-01-01',
      end: '2027-03-31',
    });
    expect(periodIn('yearly', '2027-03-31', 4)).toEqual({
      key: '2026-27',
      start: '2026-04-01',
      end: '2027-03-31',
    });
    expect(periodIn('monthly', '2027-02-10', 4)).toEqual({
      key: '2027-02',
      start: '2027-02-01',
      end: '2027-02-28',
    });
    expect(periodsIn('quarterly', '2026-04-01', '2027-04-01', 4).map((p) => p.key)).toEqual([
      '2026-27-Q1',
      '2026-27-Q2',
      '2026-27-Q3',
      '2026-27-Q4',
      '2027-28-Q1',
    ]);
  });

  it('property: a January leave year gives the calendar periods and keys of before', () => {
    const date = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, fc.constantFrom('monthly', 'quarterly', 'yearly' as const), (d, f) => {
        expect(periodIn(f, d, 1)).toEqual(periodOf(f, d));
      }),
    );
  });

  it('property: periods of any start month tile the time without gaps, 12, 4 or 1 to a leave year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2001, max: 2098 }), (m, y) => {
        const year = leaveYearOf(`${y}-06-15`, m);
        for (const [f, n] of [
          ['monthly', 12],
          ['quarterly', 4],
          ['yearly', 1],
        ] as const) {
          const ps = periodsIn(f, year.start, year.end, m);
          expect(ps.length).toBe(n);
          expect(ps[0]!.start).toBe(year.start);
          expect(ps.at(-1)!.end).toBe(year.end);
        }
      }),
    );
  });

  it('year end on 31 March: the balance lapses, up to the cap comes back on 1 April, usable for 3 months', () => {
    const year = leaveYearOf('2027-03-31', 4);
    const ye = leaveYearEnd(14, 10, year, 3);
    expect(ye).toEqual([
      { date: '2027-03-31', kind: 'expiry', amount: -14, reason: 'Leave year 2026-27 closes with 14' },
      {
        date: '2027-04-01',
        kind: 'carry_forward',
        amount: 10,
        expiresOn: '2027-06-30',
        reason: 'Carried forward from 2026-27 (cap 10)',
      },
    ]);
    expect(leaveYearEnd(6, 10, year, null).map((e) => e.amount)).toEqual([-6, 6]);
    expect(leaveYearEnd(6, 0, year, null).map((e) => e.amount)).toEqual([-6]);
    expect(leaveYearEnd(-1, 10, year, null)).toEqual([]);
    // 4 of the 10 carried days are used in May; the other 6 lapse on 1 July.
    const entries = [
      { id: 'a', date: '2027-04-01', kind: 'carry_forward' as const, amount: 10, expiresOn: '2027-06-30' },
      { id: 'b', date: '2027-04-01', kind: 'accrual' as const, amount: 1.5 },
      { id: 'c', date: '2027-05-10', kind: 'used' as const, amount: -4 },
    ];
    expect(lapses(entries, '2027-06-30')).toEqual([]);
    expect(lapses(entries, '2027-07-01')).toEqual([
      { creditId: 'a', date: '2027-07-01', expiresOn: '2027-06-30', amount: 6 },
    ]);
  });
});
