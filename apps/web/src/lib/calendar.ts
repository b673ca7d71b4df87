/**
 * Weeks start on Monday everywhere (issue 24): the date pickers (DateField) and the month grids
 * (leave calendar, team leave calendar) share these, so no calendar starts on Sunday.
 */
export const FIRST_DAY_OF_WEEK = 1;
export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** How many blank cells come before `date` ('YYYY-MM-DD') in a Monday-first week row. */
export const mondayLead = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
