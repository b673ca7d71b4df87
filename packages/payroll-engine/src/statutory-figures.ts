/**
 * What the engine uses on a date and where it comes from — for the administrator's settings screen.
 * Pure: lists the figures in `rules` in force on `date` (optionally one state's PT and LWF).
 */
import { contributionPeriod } from './esi';
import { inForce, segmentsInMonth } from './figures';
import { divHalfUp, formatInr, formatRate } from './money';
import { STATUTORY_RULES } from './statutory';
import type { DatedFigure, IsoDate, PtTable, StateCode, StatutoryRules } from './types';

export interface FigureListing {
  /** Stable key, e.g. 'epf.wageCeiling', 'pt.KA', 'lwf.MH', 'incomeTax.new.standardDeduction'. */
  key: string;
  group: 'EPF' | 'ESI' | 'Professional tax' | 'Labour welfare fund' | 'Income tax';
  label: string;
  /** Display value (₹ en-IN, %, slab text). */
  value: string;
  /** Raw value: paise, basis points, years, or a structure for tables. */
  raw: unknown;
  from: IsoDate;
  to?: IsoDate;
  source: string;
  section: string;
  note?: string;
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

type Unit = 'paise' | 'bp' | 'years';
const show = (v: number, unit: Unit) =>
  unit === 'paise' ? formatInr(v) : unit === 'bp' ? formatRate(v) : `${v} years`;

function pick(
  out: FigureListing[],
  group: FigureListing['group'],
  key: string,
  label: string,
  list: DatedFigure<number>[],
  date: IsoDate,
  unit: Unit,
): void {
  const f = list.find((x) => inForce(x, date));
  if (!f) return;
  const row: FigureListing = {
    key,
    group,
    label,
    value: show(f.value, unit),
    raw: f.value,
    from: f.from,
    source: f.source,
    section: f.section,
  };
  if (f.to) row.to = f.to;
  if (f.note) row.note = f.note;
  out.push(row);
}

export function ptTableText(t: PtTable): string {
  if (t.frequency === 'none') return 'no professional tax';
  const parts: string[] = [];
  let lo = 0;
  for (const s of t.slabs) {
    const range =
      s.upTo === undefined
        ? `${formatInr(lo)} and above`
        : lo === 0
          ? `up to ${formatInr(s.upTo)}`
          : `${formatInr(lo)}–${formatInr(s.upTo)}`;
    parts.push(
      `${range}: ${s.amount === 0 ? 'nil' : formatInr(s.amount)}${s.february !== undefined ? ` (February ${formatInr(s.february)})` : ''}`,
    );
    if (s.upTo !== undefined) lo = s.upTo + 1;
  }
  return `${t.frequency === 'half-yearly' ? 'half-year income ' : 'monthly gross '}${parts.join('; ')}`;
}

/** `rules` defaults to the bundled data set; pass another to preview figures not yet published. */
export function statutoryFiguresOn(
  date: IsoDate,
  state?: StateCode,
  rules: StatutoryRules = STATUTORY_RULES,
): FigureListing[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`date must be YYYY-MM-DD, got ${date}`);
  const out: FigureListing[] = [];
  const e = rules.epf;
  pick(out, 'EPF', 'epf.wageCeiling', 'EPF/EPS/EDLI wage ceiling (per month)', e.wageCeiling, date, 'paise');
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  // A data set with a gap in the month has no split to show (the payslip itself refuses that month).
  let segs: ReturnType<typeof segmentsInMonth<number>> = [];
  try {
    segs = segmentsInMonth(e.wageCeiling, y, m, 'epf.wageCeiling');
  } catch {
    segs = [];
  }
  if (segs.length > 1) {
    // A month with two ceilings (September 2026) is paid on both, split by days (rules §1.6).
    out.push({
      key: 'epf.wageCeilingMonth',
      group: 'EPF',
      label: `EPF wage ceilings of ${MONTHS[m - 1]} ${y} (month split by days)`,
      value: segs
        .map((g) => `${formatInr(g.figure.value)} for days ${g.firstDay}–${g.firstDay + g.days - 1}`)
        .join('; '),
      raw: segs.map((g) => ({ value: g.figure.value, firstDay: g.firstDay, days: g.days })),
      from: segs[0]!.figure.from > `${date.slice(0, 7)}-01` ? segs[0]!.figure.from : `${date.slice(0, 7)}-01`,
      source: segs.map((g) => g.figure.source).join('; '),
      to: `${date.slice(0, 7)}-${String(segs.reduce((a, g) => a + g.days, 0)).padStart(2, '0')}`,
      section: '§1.6',
    });
  }
  const ceiling = e.wageCeiling.find((x) => inForce(x, date));
  const eps = e.epsRate.find((x) => inForce(x, date));
  const edli = e.edliRate.find((x) => inForce(x, date));
  if (ceiling && eps && edli) {
    // The caps are not separate figures: they follow from the ceiling and the rates (rules §1.1, §1.6).
    for (const [key, label, rate] of [
      ['epf.epsMaximum', 'EPS maximum per month (8.33% of the ceiling, nearest rupee)', eps],
      ['epf.edliMaximum', 'EDLI maximum per month (0.5% of the ceiling, nearest rupee)', edli],
    ] as const) {
      const value = divHalfUp(ceiling.value * rate.value, 1_000_000) * 100;
      const row: FigureListing = {
        key,
        group: 'EPF',
        label,
        value: formatInr(value),
        raw: value,
        from: ceiling.from > rate.from ? ceiling.from : rate.from,
        source: `${rate.source}; ${ceiling.source}`,
        section: ceiling.section,
      };
      if (ceiling.to) row.to = ceiling.to;
      out.push(row);
    }
  }
  pick(out, 'EPF', 'epf.employeeRate', 'Employee EPF rate', e.employeeRate, date, 'bp');
  pick(out, 'EPF', 'epf.employerRate', 'Employer rate (EPF + EPS)', e.employerRate, date, 'bp');
  pick(out, 'EPF', 'epf.epsRate', 'EPS rate (on capped wage)', e.epsRate, date, 'bp');
  pick(out, 'EPF', 'epf.edliRate', 'EDLI rate (on capped wage)', e.edliRate, date, 'bp');
  pick(out, 'EPF', 'epf.adminRate', 'EPF admin charges', e.adminRate, date, 'bp');
  pick(out, 'EPF', 'epf.adminMinimum', 'EPF admin minimum per establishment', e.adminMinimum, date, 'paise');
  pick(out, 'EPF', 'epf.edliAdminRate', 'EDLI admin charges', e.edliAdminRate, date, 'bp');
  pick(out, 'EPF', 'epf.epsAgeLimit', 'No EPS from age', e.epsAgeLimit, date, 'years');
  const s = rules.esi;
  pick(out, 'ESI', 'esi.employeeRate', 'ESI employee rate', s.employeeRate, date, 'bp');
  pick(out, 'ESI', 'esi.employerRate', 'ESI employer rate', s.employerRate, date, 'bp');
  pick(
    out,
    'ESI',
    'esi.wageCeiling',
    'ESI coverage ceiling (wage rate, inclusive)',
    s.wageCeiling,
    date,
    'paise',
  );
  pick(
    out,
    'ESI',
    'esi.wageCeilingDisabled',
    'ESI ceiling, persons with disability',
    s.wageCeilingDisabled,
    date,
    'paise',
  );
  pick(
    out,
    'ESI',
    'esi.lowWageDailyLimit',
    'No employee ESI at average daily wage up to',
    s.lowWageDailyLimit,
    date,
    'paise',
  );
  const period = s.contributionPeriodStarts.find((x) => inForce(x, date));
  if (period) {
    const row: FigureListing = {
      key: 'esi.contributionPeriod',
      group: 'ESI',
      label: 'ESI contribution period of the date (coverage locked inside it)',
      value: `${contributionPeriod(period.value, y, m).name} (periods start in months ${period.value.join(' and ')})`,
      raw: period.value,
      from: period.from,
      source: period.source,
      section: period.section,
    };
    if (period.to) row.to = period.to;
    out.push(row);
  }
  for (const t of rules.pt) {
    if ((state && t.state !== state) || !inForce(t, date)) continue;
    const row: FigureListing = {
      key: `pt.${t.state}${t.city ? `.${t.city}` : ''}${t.gender ? `.${t.gender}` : ''}`,
      group: 'Professional tax',
      label: `${t.state}${t.city ? ` (${t.city})` : ''}${t.gender ? `, ${t.gender}` : ''}, ${t.frequency}`,
      value: ptTableText(t),
      raw: { slabs: t.slabs, annualCap: t.annualCap, frequency: t.frequency },
      from: t.from,
      source: t.source,
      section: t.section,
    };
    if (t.to) row.to = t.to;
    if (t.note) row.note = t.note;
    out.push(row);
  }
  for (const l of rules.lwf) {
    if ((state && l.state !== state) || !inForce(l, date)) continue;
    const row: FigureListing = {
      key: `lwf.${l.state}`,
      group: 'Labour welfare fund',
      label: `${l.state} employee / employer`,
      value: `${formatInr(l.employee)} / ${formatInr(l.employer)} in month${l.months.length > 1 ? 's' : ''} ${l.months.join(', ')}`,
      raw: { employee: l.employee, employer: l.employer, months: l.months },
      from: l.from,
      source: l.source,
      section: l.section,
    };
    if (l.to) row.to = l.to;
    out.push(row);
  }
  const year = rules.incomeTax.find((y) => y.effectiveFrom <= date && date <= y.effectiveTo);
  if (year) {
    for (const regime of ['new', 'old'] as const) {
      const r = year.regimes[regime];
      const name = regime === 'new' ? 'New' : 'Old';
      const base = {
        group: 'Income tax' as const,
        from: year.effectiveFrom,
        to: year.effectiveTo,
        section: regime === 'new' ? '§5.1' : '§5.2',
      };
      const slabText = (t: (typeof r.slabs)['below60']) =>
        t.slabs
          .map(
            (x) =>
              `${x.toPaise === null ? `above ${formatInr(x.fromPaise)}` : `${formatInr(x.fromPaise)}–${formatInr(x.toPaise)}`}: ${x.ratePercent}%`,
          )
          .join('; ');
      const bands = [
        ['below60', ''],
        ['60to80', ', age 60 to 80'],
        ['80plus', ', age 80 and above'],
      ] as const;
      for (const [band, words] of bands) {
        const t = r.slabs[band];
        // The new regime lists one table for every age band: show it once.
        if (band !== 'below60' && JSON.stringify(t.slabs) === JSON.stringify(r.slabs.below60.slabs)) continue;
        out.push({
          ...base,
          key: `incomeTax.${regime}.slabs${band === 'below60' ? '' : `.${band}`}`,
          label: `${name} regime slabs (FY ${year.financialYear}${words})`,
          value: slabText(t),
          raw: t.slabs,
          source: t.source,
        });
      }
      out.push({
        ...base,
        key: `incomeTax.${regime}.standardDeduction`,
        label: `${name} regime standard deduction`,
        value: formatInr(r.standardDeductionPaise.value),
        raw: r.standardDeductionPaise.value,
        source: r.standardDeductionPaise.source,
      });
      out.push({
        ...base,
        key: `incomeTax.${regime}.rebate87A`,
        label: `${name} regime 87A rebate`,
        value: `up to ${formatInr(r.rebate87A.maxRebatePaise)} for income up to ${formatInr(r.rebate87A.incomeLimitPaise)}${r.rebate87A.marginalRelief ? ', marginal relief above' : ', no marginal relief'}`,
        raw: {
          limit: r.rebate87A.incomeLimitPaise,
          max: r.rebate87A.maxRebatePaise,
          marginalRelief: r.rebate87A.marginalRelief,
        },
        source: r.rebate87A.source,
      });
      out.push({
        ...base,
        key: `incomeTax.${regime}.surcharge`,
        label: `${name} regime surcharge`,
        value: `${r.surcharge.bands.map((b) => `${b.ratePercent}% above ${formatInr(b.abovePaise)}`).join('; ')}${r.surcharge.marginalRelief ? '; marginal relief (§5.3)' : ''}`,
        raw: { bands: r.surcharge.bands, marginalRelief: r.surcharge.marginalRelief },
        source: r.surcharge.source,
      });
      out.push({
        ...base,
        key: `incomeTax.${regime}.employerNps`,
        label: `${name} regime employer NPS deduction u/s 80CCD(2)`,
        value: `up to ${r.employerNpsPercentOfBasicDa.value}% of Basic + DA`,
        raw: r.employerNpsPercentOfBasicDa.value,
        source: r.employerNpsPercentOfBasicDa.source,
      });
    }
    out.push({
      key: 'incomeTax.cess',
      group: 'Income tax',
      label: 'Health and education cess',
      value: `${year.cessPercent.value}%`,
      raw: year.cessPercent.value,
      from: year.effectiveFrom,
      to: year.effectiveTo,
      source: year.cessPercent.source,
      section: '§5.1',
    });
  }
  return out;
}
