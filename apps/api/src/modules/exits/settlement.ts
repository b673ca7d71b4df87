import type { Settlement } from '@hr/contract';
import {
  computeSettlement,
  type SettlementLine as EngineLine,
  formatInr,
  serviceText,
} from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';
import { dayWords, monthWordsOf } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { openReimbursementsOf } from '../expenses';
import { exitLeaveBalances } from '../leave';
import { assetsHeldBy } from '../org';
import { revisionsForMonth } from '../payroll';
import type { ExitRow } from './exits.repo';

/** The company's per-day rate for leave encashment and notice pay (a setting comes later). */
const ENCASHMENT_DIVISOR = 30 as const;
const NOTICE_DIVISOR = 30;

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The full and final settlement preview of an exit, from the records of the day: the salary
 * revision in force on the last working day (basic, DA, gross), the service from joining, the
 * leave balances paid out at exit, approved claims not yet paid, and assets not returned. The
 * arithmetic is the payroll engine's (docs/full-and-final.md). Caller's tenant transaction.
 */
export async function settlementOf(
  tx: Queryable,
  row: ExitRow,
  exit: Settlement['exit'],
): Promise<Settlement> {
  const lastDay = row.agreed_last_day ?? row.requested_last_day;
  const notes: string[] = [];
  if (!row.agreed_last_day)
    notes.push(
      `The last working day is not agreed yet: this preview uses the requested day, ${dayWords(lastDay)}.`,
    );

  const revisions =
    (await revisionsForMonth(tx, [row.employee_id], lastDay, lastDay)).get(row.employee_id) ?? [];
  const revision = revisions.at(-1);
  if (!revision)
    throw new AppError(
      'CONFLICT',
      `${row.employee_name} has no salary on record on ${dayWords(lastDay)}: record a salary structure to see the settlement`,
    );
  const earnings = revision.lines.filter((l) => l.group === 'earning');
  const sumOf = (pick: (l: (typeof earnings)[number]) => boolean) =>
    earnings.filter(pick).reduce((a, l) => a + Math.round(Number(l.monthly_paise)), 0);
  const basic = sumOf((l) => l.code === 'basic');
  const da = sumOf((l) => l.code === 'da' || /dearness/i.test(l.name));
  const gross = sumOf(() => true);
  const wage = basic + da;

  const leave = await exitLeaveBalances(tx, row.employee_id, lastDay);
  const leaveDays = Math.round(leave.reduce((a, l) => a + l.days, 0) * 100) / 100;
  notes.push(
    "Leave is the ledger balance on the last working day; the ten months' average salary for the tax exemption is taken as the current basic + DA until the salary history is read.",
  );

  const other: EngineLine[] = [];
  for (const c of await openReimbursementsOf(tx, row.employee_id)) {
    other.push({
      code: 'REIMBURSEMENT',
      label: `Reimbursement: ${c.category_name}`,
      kind: 'earning',
      amount: Math.round(Number(c.amount_paise)),
      rule: null,
      inputs: [],
      explain: `An approved ${c.category_name} claim of ${dayWords(c.expense_date)} not yet paid: ${formatInr(Math.round(Number(c.amount_paise)))} is paid with the settlement.`,
    });
  }
  for (const a of await assetsHeldBy(tx, row.employee_id)) {
    const known = a.cost_paise !== null;
    other.push({
      code: 'ASSET_RECOVERY',
      label: `Asset not returned: ${a.name} (${a.code})`,
      kind: known ? 'deduction' : 'info',
      amount: known ? a.cost_paise! : 0,
      rule: null,
      inputs: [],
      explain: known
        ? `${a.name} (${a.code}), issued on ${dayWords(a.issued_on)}, is not returned: its recorded cost of ${formatInr(a.cost_paise!)} is recovered unless it is returned before the settlement.`
        : `${a.name} (${a.code}), issued on ${dayWords(a.issued_on)}, is not returned and has no cost on record: record its cost on the asset, or its return.`,
    });
  }
  // The last month's salary is paid by that month's pay run (which prorates a leaver's month).
  const y = Number(lastDay.slice(0, 4));
  const m = Number(lastDay.slice(5, 7));
  const monthStart = `${lastDay.slice(0, 7)}-01`;
  const from = row.date_of_joining > monthStart ? row.date_of_joining : monthStart;
  const worked = Number(lastDay.slice(8, 10)) - Number(from.slice(8, 10)) + 1;
  const dim = daysIn(y, m);
  const salary = Math.round((gross * worked) / dim);
  other.push({
    code: 'FINAL_SALARY',
    label: `Salary for ${monthWordsOf(lastDay)} up to the last working day`,
    kind: 'info',
    amount: salary,
    rule: null,
    inputs: [],
    explain: `${formatInr(gross)} (monthly gross) × ${worked} of ${dim} days = about ${formatInr(salary)} before deductions, paid by the pay run of ${monthWordsOf(lastDay)} with its PF, PT and TDS; not counted in this settlement.`,
  });

  let result: ReturnType<typeof computeSettlement>;
  try {
    result = computeSettlement({
      gratuity: {
        joinedOn: row.date_of_joining,
        lastWorkingDay: lastDay,
        fixedTerm: row.fixed_term,
        basic,
        da,
        totalRemuneration: gross,
      },
      leave:
        leaveDays > 0
          ? {
              joinedOn: row.date_of_joining,
              lastWorkingDay: lastDay,
              days: leaveDays,
              monthlyWage: wage,
              perDayDivisor: ENCASHMENT_DIVISOR,
              averageSalaryTenMonths: wage,
              leaveTypes: leave.map((l) => `${l.name} (${l.days})`).join(', '),
            }
          : null,
      notice: {
        kind: row.kind,
        noticeDays: row.notice_days,
        noticeGivenOn: row.notice_given_on,
        lastWorkingDay: lastDay,
        monthlyBasis: gross,
        basisName: 'monthly gross',
        perDayDivisor: NOTICE_DIVISOR,
        waivedDays: row.waived_days,
      },
      other,
    });
  } catch (e) {
    if (e instanceof RangeError)
      throw new AppError('CONFLICT', `The settlement cannot be worked out: ${e.message}`);
    throw e;
  }
  return {
    exit,
    last_working_day: lastDay,
    service: serviceText(result.service),
    lines: result.lines.map((l) => ({
      code: l.code,
      label: l.label,
      kind: l.kind,
      amount_paise: l.amount,
      exempt_paise: l.exempt ?? null,
      explanation: l.explain,
    })),
    payable_paise: result.payable,
    recoverable_paise: result.recoverable,
    net_paise: result.net,
    notes: [...notes, ...result.notes],
  };
}
