/** Time comes from here so tests can move it (token expiry, throttling windows). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function manualClock(start = new Date()): Clock & { set(d: Date): void; advance(ms: number): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = d.getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

/** The calendar date (YYYY-MM-DD) at `now` in `timeZone`; Asia/Kolkata when the zone is unknown. */
export function dateIn(timeZone: string, now: Date): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format('Asia/Kolkata');
  }
}
