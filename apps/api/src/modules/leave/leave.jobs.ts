import type { DayContextLoader } from './leave.days';

/** Name of the scheduled job (jobs module) that runs accrual, year end and lapses. */
export const LEAVE_ACCRUAL_JOB = 'leave-accrual';
/**
 * Hourly: each run works out every company's own date in its time zone and credits what is due up
 * to it, once (source keys), so the first run after a company's midnight credits the new period and
 * a missed run is caught up by the next.
 */
export const LEAVE_ACCRUAL_CRON = '5 * * * *';

/** A calendar with no weekly-offs or holidays, for when no policies index is wired in. */
export const noCalendar: DayContextLoader = async () => new Map();
