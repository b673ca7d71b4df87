import {
  type DatedFigure,
  type FigureListing,
  STATUTORY_RULES,
  type StatutoryRules,
  statutoryFiguresOn,
} from '@hr/payroll-engine';
import { AppError } from '../../lib/errors';
import type { FiguresOn, StatutoryNumbers } from './statutory';

/**
 * Adapts the payroll engine's dated statutory data to what the settings screens and the breakup
 * need: the figure in force on a date, with its source.
 */
type Dated<T> = DatedFigure<T>;
type RulesLike = StatutoryRules;

/** The figure in force on the date (from ≤ date ≤ to). */
export function onDate<T>(list: Dated<T>[], date: string, what: string): Dated<T> {
  const f = list.find((x) => x.from <= date && (x.to === undefined || date <= x.to));
  if (!f) throw new AppError('UNAVAILABLE', `The payroll engine has no ${what} in force on ${date}`);
  return f;
}

/** The engine's listing of a figure, with its source, dates and rules-file section in one line. */
const shown = (f: FigureListing) => ({
  label: f.label,
  value: f.value,
  source: `${f.source} (in force from ${f.from}${f.to ? ` to ${f.to}` : ''}; statutory-rules.md ${f.section})${f.note ? `. ${f.note}` : ''}`,
});

export function figuresFrom(rules: RulesLike, date: string): StatutoryNumbers {
  const listing = statutoryFiguresOn(date, undefined, rules);
  const e = rules.epf;
  const s = rules.esi;
  const epf = {
    ceiling: onDate(e.wageCeiling, date, 'EPF wage ceiling'),
    employee: onDate(e.employeeRate, date, 'EPF employee rate'),
    employer: onDate(e.employerRate, date, 'EPF employer rate'),
  };
  const esi = {
    employee: onDate(s.employeeRate, date, 'ESI employee rate'),
    employer: onDate(s.employerRate, date, 'ESI employer rate'),
    ceiling: onDate(s.wageCeiling, date, 'ESI wage ceiling'),
  };
  return {
    date,
    epf: {
      employeeRateBp: epf.employee.value,
      employerRateBp: epf.employer.value,
      ceilingPaise: epf.ceiling.value,
    },
    esi: {
      employeeRateBp: esi.employee.value,
      employerRateBp: esi.employer.value,
      ceilingPaise: esi.ceiling.value,
    },
    epfFigures: listing.filter((f) => f.group === 'EPF').map(shown),
    esiFigures: listing.filter((f) => f.group === 'ESI').map(shown),
  };
}

export const figuresOnFrom =
  (rules: RulesLike): FiguresOn =>
  (date) =>
    figuresFrom(rules, date);

/**
 * Every figure the engine uses on a date (PT and LWF for one state when given): its value, the dates
 * it is in force and its source, read from the engine's dated data (no copy kept here).
 */
export function figureListing(rules: RulesLike, date: string, state?: string) {
  return statutoryFiguresOn(date, state, rules).map((f) => ({
    group: f.group,
    key: f.key,
    label: f.label,
    value: f.value,
    source: f.source,
    effective_from: f.from,
    effective_to: f.to ?? null,
    section: f.section,
    note: f.note ?? null,
  }));
}

/** The figures of the engine's own dated data: what the API uses. */
export const engineFiguresOn = figuresOnFrom(STATUTORY_RULES);
export const engineFigureListing = (date: string, state?: string) =>
  figureListing(STATUTORY_RULES, date, state);
