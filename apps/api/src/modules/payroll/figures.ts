import type { DatedFigure, StatutoryRules } from '@hr/payroll-engine';
import { AppError } from '../../lib/errors';
import type { FiguresOn, StatutoryNumbers } from './statutory';

/**
 * Adapts the payroll engine's dated statutory data to what the settings screens and the breakup
 * need: the figure in force on a date, with its source.
 */
type Dated<T> = DatedFigure<T>;
type RulesLike = Pick<StatutoryRules, 'epf' | 'esi'>;

/** The figure in force on the date (from ≤ date ≤ to). */
export function onDate<T>(list: Dated<T>[], date: string, what: string): Dated<T> {
  const f = list.find((x) => x.from <= date && (x.to === undefined || date <= x.to));
  if (!f) throw new AppError('UNAVAILABLE', `The payroll engine has no ${what} in force on ${date}`);
  return f;
}

const money = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
const rate = (bp: number) => `${bp / 100}%`;
const since = (f: Dated<unknown>) => `${f.source} (in force from ${f.from}; statutory-rules.md ${f.section})`;

export function figuresFrom(rules: RulesLike, date: string): StatutoryNumbers {
  const e = rules.epf;
  const s = rules.esi;
  const epf = {
    ceiling: onDate(e.wageCeiling, date, 'EPF wage ceiling'),
    employee: onDate(e.employeeRate, date, 'EPF employee rate'),
    employer: onDate(e.employerRate, date, 'EPF employer rate'),
    eps: onDate(e.epsRate, date, 'EPS rate'),
    edli: onDate(e.edliRate, date, 'EDLI rate'),
    admin: onDate(e.adminRate, date, 'EPF admin charge rate'),
  };
  const esi = {
    employee: onDate(s.employeeRate, date, 'ESI employee rate'),
    employer: onDate(s.employerRate, date, 'ESI employer rate'),
    ceiling: onDate(s.wageCeiling, date, 'ESI wage ceiling'),
    ceilingDisabled: onDate(s.wageCeilingDisabled, date, 'ESI wage ceiling for persons with disability'),
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
    epfFigures: [
      { label: 'EPF wage ceiling (monthly)', value: money(epf.ceiling.value), source: since(epf.ceiling) },
      { label: 'Employee contribution', value: rate(epf.employee.value), source: since(epf.employee) },
      { label: 'Employer contribution', value: rate(epf.employer.value), source: since(epf.employer) },
      {
        label: 'of which EPS (pension), on the capped wage',
        value: rate(epf.eps.value),
        source: since(epf.eps),
      },
      { label: 'EDLI, on the capped wage', value: rate(epf.edli.value), source: since(epf.edli) },
      { label: 'EPF admin charges', value: rate(epf.admin.value), source: since(epf.admin) },
    ],
    esiFigures: [
      { label: 'Employee contribution', value: rate(esi.employee.value), source: since(esi.employee) },
      { label: 'Employer contribution', value: rate(esi.employer.value), source: since(esi.employer) },
      {
        label: 'Wage ceiling (monthly, inclusive)',
        value: money(esi.ceiling.value),
        source: since(esi.ceiling),
      },
      {
        label: 'Wage ceiling, persons with disability',
        value: money(esi.ceilingDisabled.value),
        source: since(esi.ceilingDisabled),
      },
    ],
  };
}

/** The engine's statutory data as a FiguresOn; null rules (data not there) answer 503 with why. */
export function figuresOnFrom(rules: RulesLike | null): FiguresOn {
  return (date) => {
    if (!rules) throw new AppError('UNAVAILABLE', "The payroll engine's statutory data is not available");
    return figuresFrom(rules, date);
  };
}
