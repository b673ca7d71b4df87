import { FIRST_DAY_OF_WEEK, mondayLead, WEEKDAY_LABELS } from './calendar';

describe('calendars start on Monday', () => {
  it('places the first of a month in its Monday-first column', () => {
    expect(mondayLead('2026-06-01')).toBe(0); // a Monday
    expect(mondayLead('2026-12-01')).toBe(1); // a Tuesday
    expect(mondayLead('2026-11-01')).toBe(6); // a Sunday: the last column, not the first
    expect(WEEKDAY_LABELS[0]).toBe('Mon');
    expect(FIRST_DAY_OF_WEEK).toBe(1);
  });
});
