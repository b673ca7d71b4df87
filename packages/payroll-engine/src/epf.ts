/**
 * EPF / EPS / EDLI / admin charges (rules §1.2 algorithm, §1.3 exceptions, §1.5 options, §1.6 the
 * September 2026 ceiling split). Every contribution rounds to the nearest rupee, 50 paise up.
 */
import { ageOn, daysInMonth, iso } from './dates';
import { figureOn, type Segment, segmentsInMonth } from './figures';
import { divHalfUp, formatInr, formatRate } from './money';
import type {
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

const baseP = (b: Base) => divHalfUp(b.num, b.den);
const lt = (a: Base, b: Base) => a.num * b.den < b.num * a.den;
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

export function computeEpf(
  input: PayslipInput,
  rules: StatutoryRules,
  wages: Wages,
  y: number,
  m: number,
): EpfResult {
  const s = input.epf;
  const rule = (section: string, source: string) => ({ section, source });
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
          rule: rule('§1.3', 'statutory-rules.md §1.3 (excluded employees)'),
          inputs: [{ name: 'EPF applicable', value: 'no', from: 'EPF settings' }],
          explain: 'EPF: not deducted — this employee is not an EPF member (EPF settings: not applicable).',
          show: false,
        },
      ],
    };
  }
  const dim = daysInMonth(y, m);
  const monthEnd = iso(y, m, dim);
  const segs = segmentsInMonth(rules.epf.wageCeiling, y, m, 'epf.wageCeiling');
  const sumCeil = segs.reduce((a, g) => a + g.figure.value * g.days, 0);
  const ceilingSource = segs.map((g) => g.figure.source).join('; ');
  const ceilingSection = segs.length > 1 ? '§1.6' : '§1.2';
  const ceilTxt = ceilingText(segs);

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
  const below = (w: number) => w * dim < sumCeil;
  const testWage = s.includeConditionalOnEarnedWage ? alwaysEarned : alwaysFull;
  const condCounted = condFull > 0 && below(testWage);
  const pfEarned = alwaysEarned + (condCounted ? condEarned : 0);
  const pfFull = alwaysFull + (condFull > 0 && below(alwaysFull) ? condFull : 0);

  const capped = (w: number): Base => ({
    num: segs.reduce((a, g) => a + Math.min(w, g.figure.value) * g.days, 0),
    den: dim,
  });
  const cappedEarned = capped(pfEarned);
  const days = wages.days;
  const restricted: Base = s.prorateRestrictedWage
    ? days.basis === 0
      ? { num: 0, den: 1 }
      : { num: capped(pfFull).num * Math.round(days.payable * 2), den: dim * days.basis * 2 }
    : cappedEarned;
  const actual: Base = { num: pfEarned, den: 1 };
  const eeBase = s.employeeBase === 'actual' ? actual : restricted;
  const erBase = s.employerBase === 'actual' ? actual : restricted;
  const epsBase = s.employerBase === 'restricted' ? restricted : cappedEarned;
  const adminBase = lt(eeBase, erBase) ? erBase : eeBase;

  const eeRateFig = figureOn(rules.epf.employeeRate, monthEnd, 'epf.employeeRate');
  const eeRate = s.employeeRateBp ?? eeRateFig.value;
  const erRateFig = figureOn(rules.epf.employerRate, monthEnd, 'epf.employerRate');
  const epsRateFig = figureOn(rules.epf.epsRate, monthEnd, 'epf.epsRate');
  const edliRateFig = figureOn(rules.epf.edliRate, monthEnd, 'epf.edliRate');
  const adminRateFig = figureOn(rules.epf.adminRate, monthEnd, 'epf.adminRate');
  const ageFig = figureOn(rules.epf.epsAgeLimit, monthEnd, 'epf.epsAgeLimit');
  const age = ageOn(input.employee.dateOfBirth, iso(y, m, 1));
  const epsMember = input.employee.epsEligible && age < ageFig.value;

  const ee = pctRupeeHalfUp(eeBase, eeRate);
  const vpf = s.vpfRateBp ? pctRupeeHalfUp(eeBase, s.vpfRateBp) : 0;
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
    value:
      segs.length > 1
        ? `${formatInr(divHalfUp(sumCeil, dim))} day-weighted`
        : formatInr(segs[0]!.figure.value),
    from: `statutory data epf.wageCeiling (${ceilingSource})`,
  };
  const pfInput: LineInput = {
    name: 'PF wage earned',
    value: pfEarned,
    from: 'salary lines flagged EPF wage',
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
    rule: rule(ceilingSection, `${eeRateFig.source}; ${ceilingSource}`),
    inputs: [
      pfInput,
      ceilingInput,
      { name: 'employee base', value: s.employeeBase, from: 'EPF settings' },
      {
        name: 'rate',
        value: formatRate(eeRate),
        from: s.employeeRateBp ? 'EPF settings (employee rate override)' : 'statutory data epf.employeeRate',
      },
    ],
    explain: `EPF employee: ${formatRate(eeRate)} of ${formatInr(baseP(eeBase))} (${baseText(s.employeeBase)}) = ${formatInr(ee)}, rounded to the nearest rupee (50 paise up). Rule: EPF Scheme, rules ${ceilingSection}.`,
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
      rule: rule('§1.4', 'statutory-rules.md §1.4, S1, S2 (employee only)'),
      inputs: [pfInput, { name: 'VPF rate', value: formatRate(s.vpfRateBp), from: 'EPF settings' }],
      explain: `Voluntary PF: ${formatRate(s.vpfRateBp)} of ${formatInr(baseP(eeBase))} (the employee EPF base) = ${formatInr(vpf)}; employee only, the employer does not match it (rules §1.4).`,
      show: true,
    });
  }
  const epsWhy = !input.employee.epsEligible
    ? 'not an EPS member (joined EPF on/after 1 Sep 2014 above the ceiling, or international worker — employee facts)'
    : `age ${age} at the start of the month has reached ${ageFig.value} (${ageFig.source})`;
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
    rule: rule('§1.2', `${erRateFig.source}; ECR practice: employer 12% minus EPS (S5, S7)`),
    inputs: [
      pfInput,
      ceilingInput,
      { name: 'employer base', value: s.employerBase, from: 'EPF settings' },
      { name: 'rate', value: formatRate(erRateFig.value), from: 'statutory data epf.employerRate' },
    ],
    explain: `EPF employer (A/c 1): employer share ${formatRate(erRateFig.value)} of ${formatInr(baseP(erBase))} (${baseText(s.employerBase)}) = ${formatInr(erTotal)}, nearest rupee; minus EPS ${formatInr(eps)} = ${formatInr(erTotal - eps)} (rules §1.2 step 6).`,
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
    rule: rule(epsMember ? ceilingSection : '§1.3', `${epsRateFig.source}; ${ceilingSource}`),
    inputs: [
      pfInput,
      ceilingInput,
      { name: 'EPS member', value: input.employee.epsEligible ? 'yes' : 'no', from: 'employee facts' },
      { name: 'age at month start', value: age, from: 'employee date of birth' },
    ],
    explain: epsMember
      ? `EPS (pension, A/c 10): ${formatRate(epsRateFig.value)} of ${epsBaseText} = ${formatInr(eps)}, nearest rupee (50 paise up); EPS is always on the capped wage (rules §1.2 step 5${segs.length > 1 ? '; September 2026 uses the day-weighted cap, §1.6' : ''}).`
      : `EPS (pension, A/c 10): nil — ${epsWhy}; the whole employer share goes to A/c 1 (rules §1.3).`,
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
    rule: rule(ceilingSection, `${edliRateFig.source}; ${ceilingSource}`),
    inputs: [
      pfInput,
      ceilingInput,
      { name: 'rate', value: formatRate(edliRateFig.value), from: 'statutory data epf.edliRate' },
    ],
    explain: `EDLI (A/c 21): ${formatRate(edliRateFig.value)} of ${epsBaseText} = ${formatInr(edli)}, nearest rupee (EDLI Scheme para 7(2); rules §1.2 step 7).`,
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
    rule: rule('§1.2', adminRateFig.source),
    inputs: [
      pfInput,
      { name: 'rate', value: formatRate(adminRateFig.value), from: 'statutory data epf.adminRate' },
    ],
    explain: `EPF admin charges (A/c 2): ${formatRate(adminRateFig.value)} of ${formatInr(baseP(adminBase))} (the higher of the employee and employer contribution bases — the engine's reading where they differ, rules §7) = ${formatInr(admin)}, nearest rupee; the ₹500 establishment minimum applies on the challan, not here.`,
    show: false,
  });
  return { lines, employee: ee + vpf };
}
