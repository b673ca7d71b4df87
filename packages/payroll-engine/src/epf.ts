/**
 * EPF / EPS / EDLI / admin charges (rules §1.2 algorithm, §1.3 exceptions, §1.5 options, §1.6 the
 * September 2026 ceiling split). Every contribution rounds to the nearest rupee, 50 paise up.
 */
import { ageOn, daysInMonth, iso } from './dates';
import { figureOn, type Segment, segmentsInMonth } from './figures';
import { divHalfUp, formatInr, formatRate } from './money';
import type {
  DatedFigure,
  EpfFigures,
  LineInput,
  OneTimeItem,
  PayDays,
  PayslipInput,
  PayslipLine,
  SalaryLine,
  StatutoryRules,
} from './types';

/** A base that may be a fraction of a paisa (day-weighted ceilings): num/den paise. */
export interface Base {
  num: number;
  den: number;
}

export interface Wages {
  lines: { line: SalaryLine; earned: number }[];
  oneTime: OneTimeItem[];
  days: PayDays;
}

export interface EpfResult {
  lines: PayslipLine[];
  /** Employee EPF + VPF deducted (80C in the old regime). */
  employee: number;
}

/** The company's EPF settings, by the screen they are made on. */
const EPF_SETTINGS = 'Statutory Components › EPF';

function rule(section: string, source: string, law: string) {
  return { section, source, law };
}
/** The EPF settings' choice in the screen's words. */
function baseWords(which: 'actual' | 'restricted'): string {
  return which === 'actual' ? '12% of the actual PF wage' : 'restricted to the wage ceiling';
}
function baseP(b: Base): number {
  return divHalfUp(b.num, b.den);
}
function lt(a: Base, b: Base): boolean {
  return a.num * b.den < b.num * a.den;
}
function cappedBase(w: number, segs: Segment<number>[], dim: number): Base {
  let num = 0;
  for (const g of segs) num += Math.min(w, g.figure.value) * g.days;
  return { num, den: dim };
}
/** Percentage of a base in paise, to the nearest rupee with 50 paise up. */
export function pctRupeeHalfUp(b: Base, bp: number): number {
  return divHalfUp(b.num * bp, b.den * 1_000_000) * 100;
}

/**
 * Members who first joined EPF on/after 1 Sep 2014 with a PF wage above the ceiling then in force are
 * not EPS members (rules §1.3). For the caller deciding `epsEligible` at joining.
 */
export function epsEligibleAtJoining(
  firstJoinedEpf: string,
  pfWageAtJoining: number,
  rules: StatutoryRules,
): boolean {
  if (firstJoinedEpf < '2014-09-01') return true;
  return pfWageAtJoining <= figureOn(rules.epf.wageCeiling, firstJoinedEpf, 'epf.wageCeiling').value;
}

function ceilingText(segs: Segment<number>[]): string {
  if (segs.length === 1) return `ceiling ${formatInr(segs[0]!.figure.value)}`;
  return `ceiling ${segs.map((s) => `${formatInr(s.figure.value)} for ${s.days} days`).join(' and ')} (month split by days)`;
}

/** The EPF figures of one month: the same for every employee paid that month. */
interface EpfMonth {
  dim: number;
  monthStart: string;
  segs: Segment<number>[];
  sumCeil: number;
  ceilingSource: string;
  /** The ceiling's law in words, for the explanations. */
  ceilingLaw: string;
  ceilingSection: string;
  ceilTxt: string;
  ceilingValueText: string;
  eeRateFig: DatedFigure<number>;
  erRateFig: DatedFigure<number>;
  epsRateFig: DatedFigure<number>;
  edliRateFig: DatedFigure<number>;
  adminRateFig: DatedFigure<number>;
  ageFig: DatedFigure<number>;
}

// A payroll run computes thousands of payslips for one month against one rules object, so the
// month's figures are looked up once. Keyed by the figures object itself (not a clock or a global
// "current" rules), so the same inputs still give the same outputs; the rules are data the caller
// does not change after passing them in. A WeakMap lets an unused rules object be collected.
const epfMonths = new WeakMap<EpfFigures, Map<number, EpfMonth>>();

function epfMonth(figs: EpfFigures, y: number, m: number): EpfMonth {
  let byMonth = epfMonths.get(figs);
  if (!byMonth) {
    byMonth = new Map();
    epfMonths.set(figs, byMonth);
  }
  const key = y * 100 + m;
  let month = byMonth.get(key);
  if (!month) {
    month = epfMonthUncached(figs, y, m);
    byMonth.set(key, month);
  }
  return month;
}

function epfMonthUncached(figs: EpfFigures, y: number, m: number): EpfMonth {
  const dim = daysInMonth(y, m);
  const monthEnd = iso(y, m, dim);
  const segs = segmentsInMonth(figs.wageCeiling, y, m, 'epf.wageCeiling');
  const sumCeil = segs.reduce((a, g) => a + g.figure.value * g.days, 0);
  return {
    dim,
    monthStart: iso(y, m, 1),
    segs,
    sumCeil,
    ceilingSource: segs.map((g) => g.figure.source).join('; '),
    ceilingLaw: segs.map((g) => g.figure.law).join('; '),
    ceilingSection: segs.length > 1 ? '§1.6' : '§1.2',
    ceilTxt: ceilingText(segs),
    ceilingValueText:
      segs.length > 1
        ? `${formatInr(divHalfUp(sumCeil, dim))} day-weighted`
        : formatInr(segs[0]!.figure.value),
    eeRateFig: figureOn(figs.employeeRate, monthEnd, 'epf.employeeRate'),
    erRateFig: figureOn(figs.employerRate, monthEnd, 'epf.employerRate'),
    epsRateFig: figureOn(figs.epsRate, monthEnd, 'epf.epsRate'),
    edliRateFig: figureOn(figs.edliRate, monthEnd, 'epf.edliRate'),
    adminRateFig: figureOn(figs.adminRate, monthEnd, 'epf.adminRate'),
    ageFig: figureOn(figs.epsAgeLimit, monthEnd, 'epf.epsAgeLimit'),
  };
}

/** `explain` false: amounts only (the TDS projection of a regular month needs just the employee share). */
export function computeEpf(
  input: PayslipInput,
  rules: StatutoryRules,
  wages: Wages,
  y: number,
  m: number,
  explain = true,
): EpfResult {
  const s = input.epf;
  if (!s.applicable) {
    return {
      employee: 0,
      lines: [
        {
          code: 'EPF_INFO',
          label: 'EPF',
          kind: 'info',
          base: null,
          rate: null,
          amount: 0,
          rounding: 'none',
          rule: rule(
            '§1.3',
            'statutory-rules.md §1.3 (excluded employees)',
            `EPF Scheme 1952: excluded employee (${EPF_SETTINGS}, and the employee record)`,
          ),
          inputs: [{ name: 'EPF applicable', value: 'no', from: EPF_SETTINGS }],
          explain: 'EPF: not deducted — this employee is not an EPF member.',
          show: false,
        },
      ],
    };
  }
  const month = epfMonth(rules.epf, y, m);
  const { dim, segs, sumCeil, ceilingSource, ceilingLaw, ceilingSection, ceilTxt } = month;

  let alwaysFull = 0;
  let alwaysEarned = 0;
  let condFull = 0;
  let condEarned = 0;
  for (const { line, earned } of wages.lines) {
    if (line.flags.epfWage === 'always') {
      alwaysFull += line.monthly;
      alwaysEarned += earned;
    } else if (line.flags.epfWage === 'if-below-ceiling') {
      condFull += line.monthly;
      condEarned += earned;
    }
  }
  for (const o of wages.oneTime) {
    if (o.kind === 'earning' && o.epfWage) {
      alwaysFull += o.amount;
      alwaysEarned += o.amount;
    }
  }
  const testWage = s.includeConditionalOnEarnedWage ? alwaysEarned : alwaysFull;
  const condCounted = condFull > 0 && testWage * dim < sumCeil;
  const pfEarned = alwaysEarned + (condCounted ? condEarned : 0);
  const pfFull = alwaysFull + (condFull > 0 && alwaysFull * dim < sumCeil ? condFull : 0);

  const cappedEarned = cappedBase(pfEarned, segs, dim);
  const days = wages.days;
  const restricted: Base = s.prorateRestrictedWage
    ? days.basis === 0
      ? { num: 0, den: 1 }
      : { num: cappedBase(pfFull, segs, dim).num * Math.round(days.payable * 2), den: dim * days.basis * 2 }
    : cappedEarned;
  const actual: Base = { num: pfEarned, den: 1 };
  const eeBase = s.employeeBase === 'actual' ? actual : restricted;
  const erBase = s.employerBase === 'actual' ? actual : restricted;
  const epsBase = s.employerBase === 'restricted' ? restricted : cappedEarned;
  const adminBase = lt(eeBase, erBase) ? erBase : eeBase;

  const { eeRateFig, erRateFig, epsRateFig, edliRateFig, adminRateFig, ageFig } = month;
  const eeRate = s.employeeRateBp ?? eeRateFig.value;
  const age = ageOn(input.employee.dateOfBirth, month.monthStart);
  const epsMember = input.employee.epsEligible && age < ageFig.value;

  const ee = pctRupeeHalfUp(eeBase, eeRate);
  const vpf = s.vpfRateBp ? pctRupeeHalfUp(eeBase, s.vpfRateBp) : 0;
  if (!explain) return { lines: [], employee: ee + vpf };
  const erTotal = pctRupeeHalfUp(erBase, erRateFig.value);
  const eps = epsMember ? pctRupeeHalfUp(epsBase, epsRateFig.value) : 0;
  const edli = pctRupeeHalfUp(epsBase, edliRateFig.value);
  const admin = pctRupeeHalfUp(adminBase, adminRateFig.value);

  const wageParts: string[] = [];
  for (const { line, earned } of wages.lines) {
    if (line.flags.epfWage === 'always' || (line.flags.epfWage === 'if-below-ceiling' && condCounted)) {
      wageParts.push(`${line.label} ${formatInr(earned)}`);
    }
  }
  for (const o of wages.oneTime)
    if (o.kind === 'earning' && o.epfWage) wageParts.push(`${o.label} ${formatInr(o.amount)}`);
  const pfWageText = `PF wage ${formatInr(pfEarned)}${wageParts.length > 1 ? ` (${wageParts.join(' + ')})` : ''}`;
  const condText =
    condFull > 0
      ? condCounted
        ? `; components counted only below the ceiling are included because ${s.includeConditionalOnEarnedWage ? 'earned (after LOP)' : 'full'} Basic+DA ${formatInr(testWage)} is below the ${ceilTxt}`
        : `; components counted only below the ceiling are left out because ${s.includeConditionalOnEarnedWage ? 'earned (after LOP)' : 'full'} Basic+DA ${formatInr(testWage)} is not below the ${ceilTxt}`
      : '';
  const restrictedText = s.prorateRestrictedWage
    ? `restricted wage = min(full PF wage ${formatInr(pfFull)}, ${ceilTxt}) × ${days.payable}/${days.basis} payable days = ${formatInr(baseP(restricted))} ("pro-rate restricted PF wage" on)`
    : segs.length > 1
      ? `${pfWageText} capped day by day at the ${ceilTxt} = ${formatInr(baseP(restricted))}`
      : `${pfWageText} restricted to the ${ceilTxt}`;
  const baseText = (which: 'actual' | 'restricted') =>
    which === 'actual' ? `${pfWageText}, actual wage${condText}` : `${restrictedText}${condText}`;
  const ceilingInput: LineInput = {
    name: 'wage ceiling',
    value: month.ceilingValueText,
    from: ceilingLaw,
  };
  const pfInput: LineInput = {
    name: 'PF wage earned',
    value: pfEarned,
    unit: 'paise',
    from: 'salary components counted as PF wage',
  };

  const lines: PayslipLine[] = [];
  lines.push({
    code: 'EPF_EE',
    label: 'EPF (employee)',
    kind: 'deduction',
    base: baseP(eeBase),
    rate: eeRate,
    amount: ee,
    rounding: 'rupee-half-up',
    rule: rule(ceilingSection, `${eeRateFig.source}; ${ceilingSource}`, `${eeRateFig.law}; ${ceilingLaw}`),
    inputs: [
      pfInput,
      ceilingInput,
      {
        name: 'employee contribution on',
        value: baseWords(s.employeeBase),
        from: `${EPF_SETTINGS} › Employee contribution`,
      },
      {
        name: 'rate',
        value: formatRate(eeRate),
        from: s.employeeRateBp ? `${EPF_SETTINGS} (employee rate set by the company)` : eeRateFig.law,
      },
    ],
    explain: `EPF employee: ${formatRate(eeRate)} of ${formatInr(baseP(eeBase))} (${baseText(s.employeeBase)}) = ${formatInr(ee)}, rounded to the nearest rupee (50 paise up).`,
    show: true,
  });
  if (s.vpfRateBp) {
    lines.push({
      code: 'VPF_EE',
      label: 'Voluntary PF',
      kind: 'deduction',
      base: baseP(eeBase),
      rate: s.vpfRateBp,
      amount: vpf,
      rounding: 'rupee-half-up',
      rule: rule(
        '§1.4',
        'statutory-rules.md §1.4, S1, S2 (employee only)',
        'EPF Scheme 1952: voluntary contribution above 12%, by the employee only',
      ),
      inputs: [
        pfInput,
        { name: 'VPF rate', value: formatRate(s.vpfRateBp), from: 'the employee’s voluntary PF rate' },
      ],
      explain: `Voluntary PF: ${formatRate(s.vpfRateBp)} of ${formatInr(baseP(eeBase))} (the employee EPF base) = ${formatInr(vpf)}; employee only, the employer does not match it.`,
      show: true,
    });
  }
  const epsWhy = !input.employee.epsEligible
    ? 'not an EPS member (joined EPF on/after 1 Sep 2014 above the ceiling, or international worker — employee record)'
    : `age ${age} at the start of the month has reached ${ageFig.value} (${ageFig.law})`;
  const epsBaseText =
    s.employerBase === 'restricted'
      ? formatInr(baseP(epsBase))
      : `${formatInr(baseP(epsBase))} (PF wage ${formatInr(pfEarned)} capped at the ${ceilTxt})`;
  lines.push({
    code: 'EPF_ER',
    label: 'EPF (employer, A/c 1)',
    kind: 'employer',
    base: baseP(erBase),
    rate: erRateFig.value,
    amount: erTotal - eps,
    rounding: 'balance',
    rule: rule(
      '§1.2',
      `${erRateFig.source}; ECR practice: employer 12% minus EPS (S5, S7)`,
      `${erRateFig.law}, less the pension (EPS) share`,
    ),
    inputs: [
      pfInput,
      ceilingInput,
      {
        name: 'employer contribution on',
        value: baseWords(s.employerBase),
        from: `${EPF_SETTINGS} › Employer contribution`,
      },
      { name: 'rate', value: formatRate(erRateFig.value), from: erRateFig.law },
    ],
    explain: `EPF employer (A/c 1): employer share ${formatRate(erRateFig.value)} of ${formatInr(baseP(erBase))} (${baseText(s.employerBase)}) = ${formatInr(erTotal)}, nearest rupee; minus EPS ${formatInr(eps)} = ${formatInr(erTotal - eps)}.`,
    show: false,
  });
  lines.push({
    code: 'EPS_ER',
    label: 'EPS (employer, A/c 10)',
    kind: 'employer',
    base: baseP(epsBase),
    rate: epsMember ? epsRateFig.value : 0,
    amount: eps,
    rounding: 'rupee-half-up',
    rule: rule(
      epsMember ? ceilingSection : '§1.3',
      `${epsRateFig.source}; ${ceilingSource}`,
      `${epsRateFig.law}; ${ceilingLaw}`,
    ),
    inputs: [
      pfInput,
      ceilingInput,
      { name: 'EPS member', value: input.employee.epsEligible ? 'yes' : 'no', from: 'employee record' },
      { name: 'age at month start', value: age, from: 'employee date of birth' },
    ],
    explain: epsMember
      ? `EPS (pension, A/c 10): ${formatRate(epsRateFig.value)} of ${epsBaseText} = ${formatInr(eps)}, nearest rupee (50 paise up); EPS is always on the capped wage${segs.length > 1 ? ' (September 2026 uses the day-weighted cap)' : ''}.`
      : `EPS (pension, A/c 10): nil — ${epsWhy}; the whole employer share goes to A/c 1.`,
    show: false,
  });
  lines.push({
    code: 'EDLI_ER',
    label: 'EDLI (employer, A/c 21)',
    kind: 'employer',
    base: baseP(epsBase),
    rate: edliRateFig.value,
    amount: edli,
    rounding: 'rupee-half-up',
    rule: rule(
      ceilingSection,
      `${edliRateFig.source}; ${ceilingSource}`,
      `${edliRateFig.law}; ${ceilingLaw}`,
    ),
    inputs: [
      pfInput,
      ceilingInput,
      { name: 'rate', value: formatRate(edliRateFig.value), from: edliRateFig.law },
    ],
    explain: `EDLI (A/c 21): ${formatRate(edliRateFig.value)} of ${epsBaseText} = ${formatInr(edli)}, nearest rupee.`,
    show: false,
  });
  lines.push({
    code: 'EPF_ADMIN',
    label: 'EPF admin charges (A/c 2)',
    kind: 'employer',
    base: baseP(adminBase),
    rate: adminRateFig.value,
    amount: admin,
    rounding: 'rupee-half-up',
    rule: rule('§1.2', adminRateFig.source, adminRateFig.law),
    inputs: [pfInput, { name: 'rate', value: formatRate(adminRateFig.value), from: adminRateFig.law }],
    explain: `EPF admin charges (A/c 2): ${formatRate(adminRateFig.value)} of ${formatInr(baseP(adminBase))} (the higher of the employee and employer contribution bases — the engine's reading where they differ) = ${formatInr(admin)}, nearest rupee; the ₹500 establishment minimum applies on the challan, not here.`,
    show: false,
  });
  return { lines, employee: ee + vpf };
}
