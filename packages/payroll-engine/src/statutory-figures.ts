/**
 * What the engine uses on a date and where it comes from — for the administrator's settings screen.
 * Pure: lists the figures in `rules` in force on `date` (optionally one state's PT and LWF).
 */
import { inForce } from './figures';
import { formatInr, formatRate } from './money';
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

export function statutoryFiguresOn(rules: StatutoryRules, date: IsoDate, state?: StateCode): FigureListing[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`date must be YYYY-MM-DD, got ${date}`);
  const out: FigureListing[] = [];
  const e = rules.epf;
  pick(out, 'EPF', 'epf.wageCeiling', 'EPF/EPS/EDLI wage ceiling (per month)', e.wageCeiling, date, 'paise');
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
      const base = {
        group: 'Income tax' as const,
        from: year.effectiveFrom,
        to: year.effectiveTo,
        section: '§5',
      };
      const slabs = r.slabs.below60;
      out.push({
        ...base,
        key: `incomeTax.${regime}.slabs`,
        label: `${regime === 'new' ? 'New' : 'Old'} regime slabs (FY ${year.financialYear})`,
        value: slabs.slabs
          .map(
            (x) =>
              `${x.toPaise === null ? `above ${formatInr(x.fromPaise)}` : `${formatInr(x.fromPaise)}–${formatInr(x.toPaise)}`}: ${x.ratePercent}%`,
          )
          .join('; '),
        raw: slabs.slabs,
        source: slabs.source,
      });
      out.push({
        ...base,
        key: `incomeTax.${regime}.standardDeduction`,
        label: `${regime === 'new' ? 'New' : 'Old'} regime standard deduction`,
        value: formatInr(r.standardDeductionPaise.value),
        raw: r.standardDeductionPaise.value,
        source: r.standardDeductionPaise.source,
      });
      out.push({
        ...base,
        key: `incomeTax.${regime}.rebate87A`,
        label: `${regime === 'new' ? 'New' : 'Old'} regime 87A rebate`,
        value: `up to ${formatInr(r.rebate87A.maxRebatePaise)} for income up to ${formatInr(r.rebate87A.incomeLimitPaise)}`,
        raw: { limit: r.rebate87A.incomeLimitPaise, max: r.rebate87A.maxRebatePaise },
        source: r.rebate87A.source,
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
      section: '§5',
    });
  }
  return out;
}
