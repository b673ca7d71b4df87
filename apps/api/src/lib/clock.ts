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
