/** The full and final settlement: gratuity, leave encashment and notice, plus the caller's lines. */
import { EXIT_FIGURES } from '../statutory/exit';
import { computeExitLeaveEncashment } from './encashment';
import { computeGratuity } from './gratuity';
import { computeNotice } from './notice';
import type { ExitFigures, Settlement, SettlementInput, SettlementLine } from './types';

export function computeSettlement(input: SettlementInput, figures: ExitFigures = EXIT_FIGURES): Settlement {
  const notes: string[] = [];
  const g = computeGratuity(input.gratuity, figures);
  const lines: SettlementLine[] = [g.line];
  if (input.leave) lines.push(computeExitLeaveEncashment(input.leave, figures).line);
  else
    notes.push(
      'No leave to encash: the employee has no balance of a leave type that is paid out on leaving.',
    );
  lines.push(computeNotice(input.notice).line);
  for (const l of input.other) {
    if (!Number.isSafeInteger(l.amount) || l.amount < 0)
      throw new RangeError(`${l.label}: the amount must be whole paise, 0 or more`);
    lines.push(l);
  }
  const sum = (k: 'earning' | 'deduction') =>
    lines.filter((l) => l.kind === k).reduce((a, l) => a + l.amount, 0);
  const payable = sum('earning');
  const recoverable = sum('deduction');
  return { lines, payable, recoverable, net: payable - recoverable, service: g.service, notes };
}
