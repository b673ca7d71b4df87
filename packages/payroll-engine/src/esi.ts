/**
 * ESI (rules §2): coverage on the wage rate (full monthly ESI wages, not LOP-reduced), the
 * contribution-period lock (April–September, October–March), contributions on wages actually paid,
 * both shares rounded up to the next rupee (Rule 51).
 */
import { daysInMonth, iso } from './dates';
import type { Wages } from './epf';
import { figureOn } from './figures';
import { divCeil, formatInr, formatRate } from './money';
import type { PayslipInput, PayslipLine, StatutoryRules } from './types';

export interface EsiResult {
  lines: PayslipLine[];
  covered: boolean;
}

export function periodStart(m: number): boolean {
  return m === 4 || m === 10;
}

export function periodName(y: number, m: number): string {
  if (m >= 4 && m <= 9) return `April–September ${y}`;
  return m >= 10 ? `October ${y}–March ${y + 1}` : `October ${y - 1}–March ${y}`;
}

export function computeEsi(
  input: PayslipInput,
  rules: StatutoryRules,
  wages: Wages,
  y: number,
  m: number,
): EsiResult {
  if (!input.esi.applicable) return { lines: [], covered: false };
  const monthEnd = iso(y, m, daysInMonth(y, m));
  const disabled = input.employee.disabled;
  const ceilFig = figureOn(
    disabled ? rules.esi.wageCeilingDisabled : rules.esi.wageCeiling,
    monthEnd,
    disabled ? 'esi.wageCeilingDisabled' : 'esi.wageCeiling',
  );
  const eeFig = figureOn(rules.esi.employeeRate, monthEnd, 'esi.employeeRate');
  const erFig = figureOn(rules.esi.employerRate, monthEnd, 'esi.employerRate');
  const lowFig = figureOn(rules.esi.lowWageDailyLimit, monthEnd, 'esi.lowWageDailyLimit');

  let rate = 0;
  let paid = 0;
  for (const { line, earned } of wages.lines) {
    if (line.flags.esiWage) {
      rate += line.monthly;
      paid += earned;
    }
  }
  for (const o of wages.oneTime) if (o.kind === 'earning' && o.esiWage) paid += o.amount;

  const locked = !periodStart(m) && input.earlier.esiCoveredThisPeriod;
  const withinCeiling = rate <= ceilFig.value;
  const covered = locked || withinCeiling;
  const period = periodName(y, m);
  const source = `${ceilFig.source}; ${eeFig.source}`;
  const inputs = [
    {
      name: 'ESI wage rate (full month)',
      value: rate,
      from: 'salary lines flagged ESI wage, monthly amounts',
    },
    {
      name: 'ESI wages paid this month',
      value: paid,
      from: 'salary lines and one-time items flagged ESI wage, earned',
    },
    {
      name: 'coverage ceiling',
      value: formatInr(ceilFig.value),
      from: `statutory data ${disabled ? 'esi.wageCeilingDisabled' : 'esi.wageCeiling'}`,
    },
    {
      name: 'covered earlier this period',
      value: locked ? 'yes' : 'no',
      from: 'earlier.esiCoveredThisPeriod',
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
          rule: { section: '§2', source },
          inputs,
          explain: `ESI: not covered — wage rate ${formatInr(rate)} is above the ${formatInr(ceilFig.value)} ceiling${disabled ? ' for persons with disability' : ''}, and the employee was not covered earlier in the contribution period ${period}. Coverage is tested on the full monthly wage, not on LOP-reduced pay (rules §2).`,
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
      rule: { section: '§2', source },
      inputs,
      explain: lowWage
        ? `ESI employee: nil — average daily wage ${formatInr(paid)} ÷ ${payable} days is at or below ${formatInr(lowFig.value)} (${lowFig.source}); the employer still pays. ${why}.`
        : `ESI employee: ${formatRate(eeFig.value)} of ${formatInr(paid)} ESI wages paid this month = ${formatInr(ee)}, rounded up to the next rupee (Rule 51); ${why} (rules §2).`,
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
      rule: { section: '§2', source: `${ceilFig.source}; ${erFig.source}` },
      inputs,
      explain: `ESI employer: ${formatRate(erFig.value)} of ${formatInr(paid)} ESI wages paid this month = ${formatInr(er)}, rounded up to the next rupee (Rule 51); ${why}.`,
      show: false,
    },
  ];
  return { lines, covered };
}
