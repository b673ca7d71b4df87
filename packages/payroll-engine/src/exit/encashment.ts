/**
 * Leave encashment at exit (rules file §6): the leave left × the per-day rate of the company's
 * policy (basic + DA ÷ 26 or ÷ 30), and the part exempt under s.10(10AA)(ii) — the least of the
 * lifetime limit (less what was used before), the amount, ten months' average salary, and the
 * leave (at most 30 days per completed year) at the ten months' average salary ÷ 30.
 */
import { figureOn } from '../figures';
import { divHalfUp, formatInr } from '../money';
import { serviceLength, serviceText } from './service';
import type { ExitFigures, LeaveEncashmentInput, SettlementLine } from './types';

/** Days with up to two decimals as hundredths of a day (42.5 → 4250). */
export function dayHundredths(days: number): number {
  const h = Math.round(days * 100);
  if (!Number.isSafeInteger(h) || h < 0 || Math.abs(h - days * 100) > 1e-6) {
    throw new RangeError(`leave days must be 0 or more with at most two decimals, got ${days}`);
  }
  return h;
}

const daysText = (h: number) =>
  `${h % 100 === 0 ? h / 100 : (h / 100).toFixed(h % 10 === 0 ? 1 : 2)} day${h === 100 ? '' : 's'}`;

export interface LeaveEncashmentResult {
  line: SettlementLine;
  /** The four limbs of the exemption, in the order of the Act. */
  limbs: { limitLeft: number; actual: number; tenMonths: number; leaveValue: number };
  exempt: number;
  taxable: number;
}

export function computeExitLeaveEncashment(
  input: LeaveEncashmentInput,
  figures: ExitFigures,
): LeaveEncashmentResult {
  const day = input.lastWorkingDay;
  const h = dayHundredths(input.days);
  for (const [v, what] of [
    [input.monthlyWage, 'the monthly wage'],
    [input.averageSalaryTenMonths, "the ten months' average salary"],
    [input.exemptionUsedEarlier ?? 0, 'the exemption used earlier'],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0)
      throw new RangeError(`${what} must be a whole number of paise, 0 or more`);
  }
  if (input.perDayDivisor !== 26 && input.perDayDivisor !== 30)
    throw new RangeError('the per-day rate divides by 26 or 30');
  const service = serviceLength(input.joinedOn, day);
  const limit = figureOn(figures.leaveEncashmentExemptionLimit, day, 'leave encashment exemption limit');
  const months = figureOn(figures.leaveEncashmentMonthsLimb, day, 'leave encashment months');
  const perYear = figureOn(figures.leaveEncashmentDaysPerYearLimb, day, 'leave encashment days per year');

  const actual = divHalfUp(input.monthlyWage * h, input.perDayDivisor * 100);
  const used = input.exemptionUsedEarlier ?? 0;
  const limitLeft = Math.max(0, limit.value - used);
  const tenMonths = months.value * input.averageSalaryTenMonths;
  const cappedH = Math.min(h, perYear.value * service.years * 100);
  const leaveValue = divHalfUp(input.averageSalaryTenMonths * cappedH, 30 * 100);
  const exempt = Math.min(limitLeft, actual, tenMonths, leaveValue);
  const taxable = actual - exempt;

  const types = input.leaveTypes ? ` of ${input.leaveTypes}` : '';
  let explain =
    `Leave encashment: ${daysText(h)}${types} left on the last working day × ${formatInr(input.monthlyWage)} (last drawn basic + DA) ÷ ${input.perDayDivisor} (the company's per-day rate) = ${formatInr(actual)}. ` +
    `Exempt from income tax on leaving (${limit.law}): the least of ` +
    `${formatInr(limitLeft)} (the ${formatInr(limit.value)} limit${used > 0 ? ` less ${formatInr(used)} used before` : ''}), ` +
    `${formatInr(actual)} (the amount), ` +
    `${formatInr(tenMonths)} (${months.value} months × the ten months' average salary ${formatInr(input.averageSalaryTenMonths)}) and ` +
    `${formatInr(leaveValue)} (${daysText(cappedH)}${cappedH < h ? ` — at most ${perYear.value} days for each of ${service.years} completed years` : ''} × ${formatInr(input.averageSalaryTenMonths)} ÷ 30) = ${formatInr(exempt)}`;
  explain += taxable > 0 ? `; taxable ${formatInr(taxable)}.` : '; nothing taxable.';
  return {
    line: {
      code: 'LEAVE_ENCASHMENT',
      label: 'Leave encashment',
      kind: 'earning',
      amount: actual,
      exempt,
      rule: {
        section: '§6',
        source: [limit.source, months.source, perYear.source].join('; '),
        law: `${limit.law}; ${months.law}; ${perYear.law}`,
      },
      inputs: [
        { name: 'Leave left', value: h / 100, from: 'leave ledger' },
        { name: 'Basic + DA', value: input.monthlyWage, unit: 'paise', from: 'salary structure' },
        { name: 'Per-day rate divides by', value: input.perDayDivisor, from: 'company policy' },
        {
          name: "Ten months' average salary",
          value: input.averageSalaryTenMonths,
          unit: 'paise',
          from: 'salary history',
        },
        { name: 'Completed years', value: service.years, from: serviceText(service) },
      ],
      explain,
    },
    limbs: { limitLeft, actual, tenMonths, leaveValue },
    exempt,
    taxable,
  };
}
