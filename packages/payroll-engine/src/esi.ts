/**
 * ESI (rules §2): coverage on the wage rate (full monthly ESI wages, not LOP-reduced), the
 * contribution-period lock (periods from the dated data: April–September, October–March), contributions on wages actually paid,
 * both shares rounded up to the next rupee (Rule 51).
 */
import { daysInMonth, iso } from './dates';
import type { Wages } from './epf';
import { figureOn } from './figures';
import { divCeil, formatInr, formatRate } from './money';
import type { DatedFigure, EsiFigures, PayslipInput, PayslipLine, StatutoryRules } from './types';

export interface EsiResult {
  lines: PayslipLine[];
  covered: boolean;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An ESI contribution period (rules §2), read from the dated `esi.contributionPeriodStarts`. */
export interface ContributionPeriod {
  /** The month is the first month of its period: coverage is tested afresh. */
  starts: boolean;
  /** 'April–September 2026', 'October 2026–March 2027'. */
  name: string;
}

/**
 * The contribution period holding month `m` of year `y`, given the months (1–12) in which periods
 * start: the period runs from the last start on or before the month to the month before the next.
 */
export function contributionPeriod(starts: readonly number[], y: number, m: number): ContributionPeriod {
  if (starts.length === 0 || starts.some((s) => !Number.isInteger(s) || s < 1 || s > 12)) {
    throw new RangeError(`esi.contributionPeriodStarts must list months 1–12, got [${starts.join(', ')}]`);
  }
  const sorted = [...new Set(starts)].sort((a, b) => a - b);
  let i = sorted.length - 1;
  while (i >= 0 && sorted[i]! > m) i--;
  // Before the year's first start: the period began in the previous year's last start month.
  const startM = i >= 0 ? sorted[i]! : sorted[sorted.length - 1]!;
  const startY = i >= 0 ? y : y - 1;
  const nextM = i + 1 < sorted.length ? sorted[i + 1]! : sorted[0]! + 12;
  // End month as an index from January of the start year (0-based), then back to a calendar month.
  const endIndex = (nextM > startM ? nextM : nextM + 12) - 2;
  const endY = startY + Math.floor(endIndex / 12);
  const endM = (endIndex % 12) + 1;
  const first = MONTHS[startM - 1]!;
  const last = MONTHS[endM - 1]!;
  const name =
    startY === endY && startM === endM
      ? `${first} ${startY}`
      : startY === endY
        ? `${first}–${last} ${startY}`
        : `${first} ${startY}–${last} ${endY}`;
  return { starts: startM === m && startY === y, name };
}

/** The ESI figures in force at a month's end: the same for every employee paid that month. */
interface EsiMonth {
  monthEnd: string;
  eeFig: DatedFigure<number>;
  erFig: DatedFigure<number>;
  lowFig: DatedFigure<number>;
  period: ContributionPeriod;
}

// Looked up once per (figures object, month) rather than per payslip; keyed by the data passed in,
// never by a clock, so computePayslip stays a pure function of its arguments (see epf.ts).
const esiMonths = new WeakMap<EsiFigures, Map<number, EsiMonth>>();

function esiMonth(figs: EsiFigures, y: number, m: number): EsiMonth {
  let byMonth = esiMonths.get(figs);
  if (!byMonth) {
    byMonth = new Map();
    esiMonths.set(figs, byMonth);
  }
  const key = y * 100 + m;
  let month = byMonth.get(key);
  if (!month) {
    const monthEnd = iso(y, m, daysInMonth(y, m));
    month = {
      monthEnd,
      eeFig: figureOn(figs.employeeRate, monthEnd, 'esi.employeeRate'),
      erFig: figureOn(figs.employerRate, monthEnd, 'esi.employerRate'),
      lowFig: figureOn(figs.lowWageDailyLimit, monthEnd, 'esi.lowWageDailyLimit'),
      period: contributionPeriod(
        figureOn(figs.contributionPeriodStarts, monthEnd, 'esi.contributionPeriodStarts').value,
        y,
        m,
      ),
    };
    byMonth.set(key, month);
  }
  return month;
}

export function computeEsi(
  input: PayslipInput,
  rules: StatutoryRules,
  wages: Wages,
  y: number,
  m: number,
): EsiResult {
  if (!input.esi.applicable) return { lines: [], covered: false };
  const month = esiMonth(rules.esi, y, m);
  const disabled = input.employee.disabled;
  // Only the ceiling this employee needs is looked up, so data without the other one still works.
  const ceilFig = figureOn(
    disabled ? rules.esi.wageCeilingDisabled : rules.esi.wageCeiling,
    month.monthEnd,
    disabled ? 'esi.wageCeilingDisabled' : 'esi.wageCeiling',
  );
  const { eeFig, erFig, lowFig } = month;

  let rate = 0;
  let paid = 0;
  for (const { line, earned } of wages.lines) {
    if (line.flags.esiWage) {
      rate += line.monthly;
      paid += earned;
    }
  }
  for (const o of wages.oneTime) if (o.kind === 'earning' && o.esiWage) paid += o.amount;

  // The contribution-period lock: covered earlier in this period, covered to its end (periods from
  // the dated data; coverage is tested afresh in a period's first month).
  const locked = !month.period.starts && input.earlier.esiCoveredThisPeriod;
  const withinCeiling = rate <= ceilFig.value;
  const covered = locked || withinCeiling;
  const period = month.period.name;
  const source = `${ceilFig.source}; ${eeFig.source}`;
  const law = `${ceilFig.law}; ${eeFig.law}`;
  const inputs = [
    {
      name: 'ESI wage rate (full month)',
      value: rate,
      unit: 'paise' as const,
      from: 'salary components counted as ESI wage, full monthly amounts',
    },
    {
      name: 'ESI wages paid this month',
      value: paid,
      unit: 'paise' as const,
      from: 'salary components and one-time items counted as ESI wage, as earned',
    },
    {
      name: 'coverage ceiling',
      value: formatInr(ceilFig.value),
      from: ceilFig.law,
    },
    {
      name: 'covered earlier this period',
      value: locked ? 'yes' : 'no',
      from: `this employee's earlier payslips of the contribution period ${month.period.name}`,
    },
  ];
  if (!covered) {
    return {
      covered,
      lines: [
        {
          code: 'ESI_INFO',
          label: 'ESI',
          kind: 'info',
          base: rate,
          rate: null,
          amount: 0,
          rounding: 'none',
          rule: { section: '§2', source, law },
          inputs,
          explain: `ESI: not covered — wage rate ${formatInr(rate)} is above the ${formatInr(ceilFig.value)} ceiling${disabled ? ' for persons with disability' : ''}, and the employee was not covered earlier in the contribution period ${period}. Coverage is tested on the full monthly wage, not on LOP-reduced pay.`,
          show: false,
        },
      ],
    };
  }
  const why = withinCeiling
    ? `covered: wage rate ${formatInr(rate)} is within the ${formatInr(ceilFig.value)} ceiling${disabled ? ' for persons with disability' : ''}`
    : `covered: wage rate ${formatInr(rate)} is above the ${formatInr(ceilFig.value)} ceiling, but the employee was covered earlier in the contribution period ${period}, so contributions continue to its end`;
  const payable = wages.days.payable;
  // Average daily wage ≤ ₹176 ⇔ paid ≤ 176 × payable days (no division, no rounding).
  const lowWage = paid > 0 && payable > 0 && paid * 2 <= lowFig.value * Math.round(payable * 2);
  const ee = lowWage ? 0 : divCeil(paid * eeFig.value, 1_000_000) * 100;
  const er = divCeil(paid * erFig.value, 1_000_000) * 100;
  const lines: PayslipLine[] = [
    {
      code: 'ESI_EE',
      label: 'ESI (employee)',
      kind: 'deduction',
      base: paid,
      rate: lowWage ? 0 : eeFig.value,
      amount: ee,
      rounding: 'rupee-up',
      rule: { section: '§2', source, law },
      inputs,
      explain: lowWage
        ? `ESI employee: nil — average daily wage ${formatInr(paid)} ÷ ${payable} days is at or below ${formatInr(lowFig.value)} (${lowFig.law}); the employer still pays. ${why}.`
        : `ESI employee: ${formatRate(eeFig.value)} of ${formatInr(paid)} ESI wages paid this month = ${formatInr(ee)}, rounded up to the next rupee (Rule 51); ${why}.`,
      show: true,
    },
    {
      code: 'ESI_ER',
      label: 'ESI (employer)',
      kind: 'employer',
      base: paid,
      rate: erFig.value,
      amount: er,
      rounding: 'rupee-up',
      rule: {
        section: '§2',
        source: `${ceilFig.source}; ${erFig.source}`,
        law: `${ceilFig.law}; ${erFig.law}`,
      },
      inputs,
      explain: `ESI employer: ${formatRate(erFig.value)} of ${formatInr(paid)} ESI wages paid this month = ${formatInr(er)}, rounded up to the next rupee (Rule 51); ${why}.`,
      show: false,
    },
  ];
  return { lines, covered };
}
