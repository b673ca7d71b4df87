/**
 * Notice period at exit: days served from the day notice was given to the last working day, both
 * counted. A resignation short of the policy's notice is recovered from the employee (less days the
 * company waives); a termination short of it is paid to the employee in lieu of notice.
 */
import { divHalfUp, formatInr } from '../money';
import { dateWords, daysBetween } from './service';
import type { NoticeInput, SettlementLine } from './types';

export interface NoticeResult {
  line: SettlementLine;
  served: number;
  shortfall: number;
}

export function computeNotice(input: NoticeInput): NoticeResult {
  const divisor = input.perDayDivisor ?? 30;
  const waived = input.waivedDays ?? 0;
  for (const [v, what] of [
    [input.noticeDays, 'the notice period'],
    [divisor, 'the per-day divisor'],
    [waived, 'the days waived'],
    [input.monthlyBasis, 'the monthly amount'],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${what} must be a whole number, 0 or more`);
  }
  if (divisor === 0) throw new RangeError('the per-day divisor must be more than 0');
  if (input.lastWorkingDay < input.noticeGivenOn) {
    throw new RangeError(
      `the last working day ${dateWords(input.lastWorkingDay)} is before the notice given on ${dateWords(input.noticeGivenOn)}`,
    );
  }
  const served = daysBetween(input.noticeGivenOn, input.lastWorkingDay) + 1;
  const shortfall = Math.max(0, input.noticeDays - served);
  const resign = input.kind === 'resignation';
  const charged = resign ? Math.max(0, shortfall - waived) : shortfall;
  const amount = divHalfUp(input.monthlyBasis * charged, divisor);
  const perDay = `${formatInr(input.monthlyBasis)} (${input.basisName}) ÷ ${divisor}`;
  const servedText = `notice given on ${dateWords(input.noticeGivenOn)}, last working day ${dateWords(input.lastWorkingDay)}: ${served} day${served === 1 ? '' : 's'} served of the ${input.noticeDays} days in the employee's policy`;
  let explain: string;
  if (shortfall === 0) explain = `Notice period served in full (${servedText}); nothing to pay or recover.`;
  else if (resign) {
    explain =
      `Notice recovery: ${servedText}, ${shortfall} day${shortfall === 1 ? '' : 's'} short` +
      (waived > 0 ? `, ${Math.min(waived, shortfall)} waived by the company` : '') +
      `; ${charged} × ${perDay} = ${formatInr(amount)} recovered from the employee.`;
  } else {
    explain = `Pay in lieu of notice: ${servedText}, ${shortfall} day${shortfall === 1 ? '' : 's'} short; ${charged} × ${perDay} = ${formatInr(amount)} paid to the employee.`;
  }
  return {
    line: {
      code: resign ? 'NOTICE_RECOVERY' : 'NOTICE_PAY',
      label: resign ? 'Notice period recovery' : 'Pay in lieu of notice',
      kind: amount === 0 ? 'info' : resign ? 'deduction' : 'earning',
      amount,
      rule: null,
      inputs: [
        { name: 'Notice period', value: input.noticeDays, from: "employee's policy" },
        { name: 'Days served', value: served, from: 'exit record' },
        { name: 'Days waived', value: waived, from: 'exit record' },
        { name: 'Monthly amount', value: input.monthlyBasis, unit: 'paise', from: 'salary structure' },
      ],
      explain,
    },
    served,
    shortfall,
  };
}
