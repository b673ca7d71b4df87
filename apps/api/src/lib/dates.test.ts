import { addDays, assertNearToday, daysBetween, eachDay, MAX_DAY_SPAN } from './dates';
import { AppError } from './errors';

describe('addDays', () => {
  it('steps over month ends, year ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-01-10', 0)).toBe('2026-01-10');
  });

  it('never writes a date outside four-digit years: the day after 9999-12-31 is refused', () => {
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
  });

  it('refuses what is not a date instead of answering "Invalid Date" arithmetic', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('+010000-01-01', 1)).toThrow(RangeError);
  });
});

describe('eachDay', () => {
  it('lists every date from the first to the last, inclusive', () => {
    expect(eachDay('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(eachDay('2026-05-01', '2026-05-01')).toEqual(['2026-05-01']);
    expect(eachDay('2026-05-02', '2026-05-01')).toEqual([]);
  });

  it('refuses a span longer than its maximum, at once and with a 400', () => {
    const started = performance.now();
    const refuse = (from: string, to: string, max?: number) => {
      try {
        eachDay(from, to, max);
      } catch (err) {
        return err;
      }
      return null;
    };
    const err = refuse('2026-01-01', '9999-12-31');
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toMatch(`at most ${MAX_DAY_SPAN} days`);
    expect(refuse('2026-01-01', '2026-01-31', 30)).toBeInstanceOf(AppError);
    expect(refuse('2026-01-01', '2026-01-30', 30)).toBeNull();
    expect(eachDay('2024-01-01', addDays('2024-01-01', MAX_DAY_SPAN - 1))).toHaveLength(MAX_DAY_SPAN);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('ends at 9999-12-31 and never produces the day after it', () => {
    expect(eachDay('9999-12-29', '9999-12-31')).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
  });

  it('counts days between dates as eachDay walks them', () => {
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2026-03-01', '2026-02-01')).toBe(-28);
  });
});

describe('assertNearToday', () => {
  const refusal = (date: string, today: string) => {
    try {
      assertNearToday('from_date', date, today);
    } catch (err) {
      return { status: (err as AppError).status, errors: (err as AppError).details?.errors };
    }
    return null;
  };

  it('accepts dates up to five years either side of today', () => {
    expect(refusal('2021-11-26', '2026-11-26')).toBeNull();
    expect(refusal('2031-11-26', '2026-11-26')).toBeNull();
    expect(refusal('2026-11-26', '2026-11-26')).toBeNull();
  });

  it('refuses a date further away with a 400 naming the field and the dates allowed', () => {
    expect(refusal('2031-11-27', '2026-11-26')).toEqual({
      status: 400,
      errors: [{ path: 'from_date', message: 'Must be within 5 years of today (2021-11-26 to 2031-11-26)' }],
    });
    expect(refusal('2199-12-31', '2026-11-26')?.status).toBe(400);
    expect(refusal('1900-01-01', '2026-11-26')?.status).toBe(400);
  });

  it('on 29 February names 28 February five years away', () => {
    expect(refusal('2029-03-01', '2024-02-29')?.errors?.[0]?.message).toBe(
      'Must be within 5 years of today (2019-02-28 to 2029-02-28)',
    );
  });
});
