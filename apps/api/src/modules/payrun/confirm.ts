import type { PayRunSettings } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { holdMonths, lockAttendancePeriod, settleCorrections } from '../attendance';
import { type PayrollEmployee, payrollEmployeesIn, payrollSecretsOf } from '../employees';
import { markReimbursementsPaidByPayroll } from '../expenses';
import { settleArrears } from '../payroll';
import { firstDay, lastDay, monthLabel } from './month';
import { payableDaysOf } from './payable-days';
import { lockRun } from './run-state';

/**
 * Confirms a computed run, in one transaction under the run's row lock (two administrators at once:
 * the second finds it confirmed): no failed payslip, every anomaly acknowledged, maker-checker
 * when the company wants it, and the month's attendance still as the run took it. The payslips are
 * marked confirmed with the bank account each is paid to (a trigger keeps them unchanged from then
 * on), the month's attendance is locked, the reimbursements paid with it are marked paid and the
 * arrears and attendance corrections it paid settled.
 */
export async function confirmRun(
  tx: Queryable,
  a: { companyId: string; runId: string; userId: string; settings: PayRunSettings; now: Date },
): Promise<{ month: string; employees: number }> {
  const run = await lockRun(tx, a.runId);
  if (run.status === 'confirmed')
    throw new AppError('CONFLICT', `The ${monthLabel(run.month)} run is already confirmed`);
  if (run.status !== 'computed') {
    throw new AppError('CONFLICT', 'Compute the pay run and review it before confirming');
  }
  const { rows: c } = await tx.query<{ failed: number; open: number; computed: number }>(
    `SELECT (SELECT count(*)::int FROM payslips WHERE run_id = $1 AND status = 'failed') AS failed,
            (SELECT count(*)::int FROM payslips WHERE run_id = $1 AND status = 'computed') AS computed,
            (SELECT count(*)::int FROM pay_run_anomalies WHERE run_id = $1 AND acknowledged_at IS NULL) AS open`,
    [a.runId],
  );
  const { failed, open, computed } = c[0]!;
  if (failed > 0) {
    throw new AppError(
      'CONFLICT',
      `${failed} payslip(s) could not be computed: correct them and compute again`,
    );
  }
  if (open > 0)
    throw new AppError('CONFLICT', `Acknowledge the ${open} open anomal${open === 1 ? 'y' : 'ies'} first`);
  if (a.settings.maker_checker && run.computed_by === a.userId) {
    throw new AppError(
      'FORBIDDEN',
      'Maker-checker is on: the administrator who computed the run cannot confirm it; ask another administrator',
    );
  }

  const from = firstDay(run.month);
  const to = lastDay(run.month);
  const { rows: ids } = await tx.query<{ employee_id: string }>(
    `SELECT employee_id FROM payslips WHERE run_id = $1`,
    [a.runId],
  );
  const employees = await payrollEmployeesIn(tx, from, to, { ids: ids.map((r) => r.employee_id) });
  await assertAttendanceUnchanged(tx, a.companyId, run.id, run.month, employees.rows, a.settings);
  const secrets = await payrollSecretsOf(
    tx,
    ids.map((r) => r.employee_id),
  );
  const encOf = new Map([...secrets].map(([id, s]) => [id, s.bank_account_enc]));
  const banks = employees.rows.map((e) => ({
    employee_id: e.id,
    bank: encOf.get(e.id)
      ? {
          bank_name: e.bank_name,
          ifsc: e.bank_ifsc,
          account_enc: encOf.get(e.id),
          account_last4: e.bank_account_last4,
          holder_name: e.bank_holder_name,
        }
      : null,
  }));
  await tx.query(
    `UPDATE payslips p SET confirmed = true, bank = x.bank
       FROM jsonb_to_recordset($2::jsonb) AS x(employee_id uuid, bank jsonb)
      WHERE p.run_id = $1 AND p.employee_id = x.employee_id`,
    [a.runId, JSON.stringify(banks)],
  );
  // Any payslip of an employee no longer in the month (should not happen) is confirmed as computed.
  await tx.query('UPDATE payslips SET confirmed = true WHERE run_id = $1 AND NOT confirmed', [a.runId]);

  await lockAttendancePeriod(
    tx,
    a.companyId,
    from,
    to,
    { ref: `payrun:${a.runId}`, reason: `Pay run ${monthLabel(run.month)} confirmed`, lockedBy: a.userId },
    a.now,
  );
  const { rows: items } = await tx.query<{ source: string; ref_id: string }>(
    `SELECT DISTINCT source, ref_id::text FROM pay_run_items WHERE run_id = $1 AND source IN ('reimbursement', 'arrears') AND ref_id IS NOT NULL`,
    [a.runId],
  );
  await markReimbursementsPaidByPayroll(tx, {
    claimIds: items.filter((i) => i.source === 'reimbursement').map((i) => i.ref_id),
    payRunReference: `Pay run ${monthLabel(run.month)}`,
    paidOn: run.pay_date,
    byUserId: a.userId,
  });
  await settleArrears(
    tx,
    items.filter((i) => i.source === 'arrears').map((i) => i.ref_id),
    a.runId,
  );
  // The attendance corrections its LOP reversal paid back are paid: no later run pays them again.
  const { rows: paidBack } = await tx.query<{ id: string }>(
    'SELECT unnest(lop_reversal_corrections)::text AS id FROM pay_run_attendance WHERE run_id = $1',
    [a.runId],
  );
  await settleCorrections(
    tx,
    a.runId,
    paidBack.map((r) => r.id),
  );
  await tx.query(
    `UPDATE pay_runs SET status = 'confirmed', confirmed_at = now(), confirmed_by = $2, updated_at = now() WHERE id = $1`,
    [a.runId, a.userId],
  );
  return { month: run.month, employees: computed };
}

/**
 * Refuses (409) when the system's loss of pay of an employee of the run is no longer what it was
 * when the run's attendance was taken: a regularisation approved or unpaid leave decided since on a
 * day of the month (not locked yet, so no correction was recorded) would otherwise be charged as it
 * was and never paid back. The system's figure is compared for every row, a sheet's too (retaking
 * keeps the sheet's LOP but shows the new system figure beside it). The month is held alone first
 * (holdMonths), so a decision still being made finishes before this reads, or waits for the lock.
 */
async function assertAttendanceUnchanged(
  tx: Queryable,
  companyId: string,
  runId: string,
  month: string,
  employees: PayrollEmployee[],
  settings: PayRunSettings,
): Promise<void> {
  await holdMonths(tx, [firstDay(month)], 'alone');
  const now = await payableDaysOf(tx, companyId, month, employees, settings);
  const { rows } = await tx.query<{ employee_id: string; system_lop_days: string }>(
    'SELECT employee_id, system_lop_days FROM pay_run_attendance WHERE run_id = $1',
    [runId],
  );
  const changed = rows
    .map((r) => ({ was: Number(r.system_lop_days), d: now.get(r.employee_id) }))
    .filter((c) => c.d && c.d.lop_days !== c.was)
    .sort((x, y) => x.d!.employee_code.localeCompare(y.d!.employee_code));
  if (changed.length === 0) return;
  const n = changed.length;
  const named = changed
    .slice(0, 3)
    .map(
      ({ was, d }) =>
        `${d!.employee_name} (${d!.employee_code}) LOP ${was} → ${d!.lop_days} day${d!.lop_days === 1 ? '' : 's'}`,
    )
    .join('; ');
  throw new AppError(
    'CONFLICT',
    `The attendance of ${n} employee${n === 1 ? '' : 's'} changed since it was taken: ${named}${n > 3 ? ` and ${n - 3} more` : ''}. Take the attendance again (remove it, then confirm attendance) and compute before confirming`,
  );
}
