/** Looking up dated figures, and the day-by-day split of a figure that changes inside a month. */
import { daysInMonth, iso } from './dates';
import type { DatedFigure, IsoDate } from './types';

export function inForce(f: { from: IsoDate; to?: IsoDate }, date: IsoDate): boolean {
  return f.from <= date && (f.to === undefined || date <= f.to);
}

export function figureOn<T>(list: DatedFigure<T>[], date: IsoDate, name: string): DatedFigure<T> {
  const found = list.find((f) => inForce(f, date));
  if (!found) throw new RangeError(`no statutory figure ${name} in force on ${date}`);
  return found;
}

export interface Segment<T> {
  figure: DatedFigure<T>;
  days: number;
  firstDay: number;
}

/** Consecutive runs of days in the month that share one figure (one run in a normal month). */
export function segmentsInMonth<T>(list: DatedFigure<T>[], y: number, m: number, name: string): Segment<T>[] {
  const out: Segment<T>[] = [];
  const dim = daysInMonth(y, m);
  for (let d = 1; d <= dim; d++) {
    const f = figureOn(list, iso(y, m, d), name);
    const last = out[out.length - 1];
    if (last && last.figure === f) last.days++;
    else out.push({ figure: f, days: 1, firstDay: d });
  }
  return out;
}
