import type { PayableDaysDetail, PayRunSettings } from '@hr/contract';
import { type EmployeeFacts, payDays } from '@hr/payroll-engine';
import type { Queryable } from '../../db/client';
import { absentDays, penaltyLopDays } from '../attendance';
import type { PayrollEmployee } from '../employees';
import { lopDays } from '../leave';
import { loadDayContexts } from '../policies';
import { datesOf, firstDay, lastDay, monthParts } from './month';
import { prorationOf } from './settings';

/** Employees per round of loading (the day contexts and attendance reads do not grow with it). */
const BATCH = 1000;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Payable days of a month for some employees, each figure with the dates behind it: calendar days,
 * days outside employment (joined or left in the month), weekly-offs and holidays (the employee's
 * own policies), the basis the company's proration method divides a month's salary by, and loss
 * of pay from approved unpaid leave, late-mark and early-exit penalties and unexcused absences
 * (when the company counts them). The engine's `payDays` makes the basis and payable figures, so
 * this screen and the payslip agree by construction. Loss of pay beyond the days employed is
 * capped at them (a note says so on the payslip).
 */
export async function payableDaysOf(
  tx: Queryable,
  companyId: string,
  month: string,
  employees: PayrollEmployee[],
  settings: PayRunSettings,
): Promise<Map<string, PayableDaysDetail>> {
  const out = new Map<string, PayableDaysDetail>();
  const from = firstDay(month);
  const to = lastDay(month);
  const { y, m } = monthParts(month);
  const dates = datesOf(month);
  for (let i = 0; i < employees.length; i += BATCH) {
    const batch = employees.slice(i, i + BATCH);
    const ids = batch.map((e) => e.id);
    const [contexts, leave, penalties, absences, locks] = await Promise.all([
      loadDayContexts(tx, companyId, ids, from, to),
      lopDays(tx, companyId, ids, month),
      penaltyLopDays(tx, companyId, y, m, ids),
      settings.absent_as_lop ? absentDays(tx, ids, from, to) : Promise.resolve(new Map()),
      tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM attendance_lock WHERE period_from <= $2::date AND period_to >= $1::date',
        [from, to],
      ),
    ]);
    const penaltiesOf = new Map(penalties.map((p) => [p.employeeId, p]));
    const locked = locks.rows[0]!.n > 0;
    for (const e of batch) {
      const ctx = contexts.get(e.id) ?? [];
      const employed = (d: string) => d >= e.date_of_joining && (!e.exit_date || d <= e.exit_date);
      const outside = dates.filter((d) => !employed(d));
      const weeklyOff = ctx.filter((c) => c.weeklyOff === 'full').map((c) => c.date);
      const holidays = ctx
        .filter((c) => c.holiday && !c.holiday.optional && c.weeklyOff !== 'full')
        .map((c) => ({ date: c.date, name: c.holiday!.name }));
      const nonWorking = [...weeklyOff, ...holidays.map((h) => h.date)].map((d) => Number(d.slice(8, 10)));

      const leaveLop = (leave.get(e.id)?.dates ?? [])
        .filter((d) => employed(d.date))
        .map((d) => ({ date: d.date, days: d.amount, request_id: d.requestId, leave_type: d.leaveType }));
      const pen = penaltiesOf.get(e.id);
      const penaltyList = (pen?.penalties ?? []).map((p) => ({
        kind: p.kind === 'late' ? 'Late marks' : 'Early exits',
        days: p.days,
        dates: p.dates,
      }));
      const absent = ((absences.get(e.id) ?? []) as { date: string; days: number }[]).filter((d) =>
        employed(d.date),
      );
      const leaveDays = round2(leaveLop.reduce((n, d) => n + d.days, 0));
      const penaltyDays = round2(pen?.lopDays ?? 0);
      const absentTotal = round2(absent.reduce((n, d) => n + d.days, 0));

      const method = prorationOf(settings, nonWorking);
      const facts = { joiningDate: e.date_of_joining, ...(e.exit_date ? { exitDate: e.exit_date } : {}) };
      const base = payDays(y, m, facts as EmployeeFacts, { method, lopDays: 0 });
      const inside = base.basis - base.outsideEmployment;
      // Whole or half days, at most the days employed (the engine takes halves only).
      const lop = Math.min(inside, Math.round((leaveDays + penaltyDays + absentTotal) * 2) / 2);
      out.set(e.id, {
        employee_id: e.id,
        employee_code: e.code,
        employee_name: e.name,
        division: e.division,
        method: settings.proration,
        month,
        calendar_days: dates.length,
        outside_employment_days: base.outsideEmployment,
        weekly_off_days: weeklyOff.length,
        holiday_days: holidays.length,
        basis_days: base.basis,
        leave_lop_days: leaveDays,
        penalty_lop_days: penaltyDays,
        absent_lop_days: absentTotal,
        lop_days: lop,
        payable_days: round2(inside - lop),
        outside_employment_dates: outside,
        weekly_off_dates: weeklyOff,
        holidays,
        leave_lop: leaveLop,
        penalties: penaltyList,
        absent_dates: absent.map((d) => d.date),
        locked,
      });
    }
  }
  return out;
}
