import {
  type DatedFigure,
  type FigureListing,
  STATUTORY_RULES,
  type StatutoryRules,
  statutoryFiguresOn,
} from '@hr/payroll-engine';
import { dayWords } from '../../lib/dates';
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
  if (!f)
    throw new AppError('UNAVAILABLE', `The payroll engine has no ${what} in force on ${dayWords(date)}`);
  return f;
}

/**
 * The engine's source of a figure holds the law and the rules file's references together
 * ("Karnataka Act 33 of 2025 — statutory-rules.md S30, S31"; the tax years write "<rules file> 5.1
 * new-regime slabs (Finance Act 2025) [2+] S20, S21"). People read the law; the references (source
 * tags, confidence marks, conflicts noted while checking) are for whoever checks the engine
 * against the rules file, and are shown only when asked for.
 */
export function splitSource(source: string): { law: string; references: string } {
  const tags = [...new Set(source.match(/\bS\d+[a-z]?\b/g) ?? [])];
  // A conflict note runs to the end of its segment ("; " outside brackets).
  const CONFLICT = /\s*\[CONFLICT\]\s*((?:[^;(]|\([^)]*\))*)/g;
  const conflicts = [...source.matchAll(CONFLICT)].map((m) => `conflict: ${m[1]!.trim()}`);
  const law = source
    .replace(CONFLICT, '')
    .replace(/\s*—?\s*(?:\S*\/)?statutory-rules\.md(?:\s+§?\d+(?:\.\d+)*)?/g, '')
    .replace(/\s*\[\d\+?\]/g, '')
    .replace(/\bS\d+[a-z]?\b(?:,\s*)?/g, '')
    .replace(/\brelief \d+(?:\.\d+)*/g, '')
    .replace(/\s+([;,)])/g, '$1')
    .replace(/(?:[;,]\s*)+$/g, '')
    .replace(/;\s*;/g, ';')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const shown = law ? law.charAt(0).toUpperCase() + law.slice(1) : source;
  return { law: shown, references: [...tags, ...conflicts].join(', ') };
}

/**
 * The engine's listing of a figure with its source and dates in one line, in words: the law and
 * the dates, never the rules file's section (the figures screen shows that to whoever asks for it).
 */
const shown = (f: FigureListing) => ({
  label: f.label,
  value: f.value,
  source: `${splitSource(f.source).law} (in force from ${dayWords(f.from)}${f.to ? ` to ${dayWords(f.to)}` : ''})${f.note ? `. ${f.note}` : ''}`,
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
    source: splitSource(f.source).law,
    effective_from: f.from,
    effective_to: f.to ?? null,
    section: f.section,
    references: splitSource(f.source).references,
    note: f.note ?? null,
  }));
}

/** The figures of the engine's own dated data: what the API uses. */
export const engineFiguresOn = figuresOnFrom(STATUTORY_RULES);
export const engineFigureListing = (date: string, state?: string) =>
  figureListing(STATUTORY_RULES, date, state);
