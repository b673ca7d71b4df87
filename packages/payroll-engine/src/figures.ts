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

/** Runs of days in the month that share one figure (one run in a normal month), in day order. */
export function segmentsInMonth<T>(list: DatedFigure<T>[], y: number, m: number, name: string): Segment<T>[] {
  const dim = daysInMonth(y, m);
  const start = iso(y, m, 1);
  const end = iso(y, m, dim);
  const out: Segment<T>[] = [];
  for (const f of list) {
    if (f.from > end || (f.to !== undefined && f.to < start)) continue;
    const first = f.from > start ? Number(f.from.slice(8, 10)) : 1;
    const last = f.to !== undefined && f.to < end ? Number(f.to.slice(8, 10)) : dim;
    out.push({ figure: f, days: last - first + 1, firstDay: first });
  }
  out.sort((a, b) => a.firstDay - b.firstDay);
  let next = 1;
  for (const s of out) {
    if (s.firstDay !== next) break;
    next += s.days;
  }
  if (next !== dim + 1)
    throw new RangeError(
      `statutory figure ${name} does not cover every day of ${start.slice(0, 7)} exactly once`,
    );
  return out;
}
