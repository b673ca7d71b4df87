import type { AdminDashboard, EmployeeDashboard } from '@hr/contract';
import type { Queryable } from '../../db/client';

/** The employee dashboard's last payslip card: my latest confirmed payslip, or null. */
export async function latestPayslipOf(
  tx: Queryable,
  employeeId: string,
): Promise<EmployeeDashboard['latest_payslip']> {
  const { rows } = await tx.query<NonNullable<EmployeeDashboard['latest_payslip']>>(
    `SELECT p.id, to_char(p.month, 'YYYY-MM') AS month, to_char(r.pay_date, 'YYYY-MM-DD') AS pay_date,
            p.gross_paise::float8 AS gross_paise, p.net_paise::float8 AS net_paise
       FROM payslips p JOIN pay_runs r ON r.id = p.run_id
      WHERE p.employee_id = $1 AND p.confirmed AND p.status = 'computed'
      ORDER BY p.month DESC LIMIT 1`,
    [employeeId],
  );
  return rows[0] ?? null;
}

/** The admin dashboard's payroll card: the open run and the last confirmed one. */
export async function payrollCard(tx: Queryable): Promise<AdminDashboard['payroll']> {
  const { rows: open } = await tx.query<NonNullable<AdminDashboard['payroll']['open_run']>>(
    `SELECT r.id, to_char(r.month, 'YYYY-MM') AS month, r.status, r.attendance_status,
            (SELECT count(*)::int FROM pay_run_anomalies a WHERE a.run_id = r.id AND a.acknowledged_at IS NULL) AS anomalies_open
       FROM pay_runs r WHERE r.status <> 'confirmed' ORDER BY r.month DESC LIMIT 1`,
  );
  const { rows: last } = await tx.query<NonNullable<AdminDashboard['payroll']['last_confirmed']>>(
    `SELECT id, to_char(month, 'YYYY-MM') AS month, to_char(pay_date, 'YYYY-MM-DD') AS pay_date,
            coalesce((totals->>'employees')::int, 0) AS employees,
            coalesce((totals->>'gross_paise')::float8, 0) AS gross_paise,
            coalesce((totals->>'net_paise')::float8, 0) AS net_paise, payslips_status
       FROM pay_runs WHERE status = 'confirmed' ORDER BY month DESC LIMIT 1`,
  );
  return { open_run: open[0] ?? null, last_confirmed: last[0] ?? null };
}
