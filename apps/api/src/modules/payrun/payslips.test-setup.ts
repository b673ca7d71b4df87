import { callAs, type Session, type TestApp } from '../../test/helper';
import { acknowledgeOpen, waitComputed } from '../../test/payrun-steps';
import { payrollEmployeesIn } from '../employees';
import { payableDaysOf } from './payable-days';
import { readPayrunSettings } from './settings';

/**
 * A November 2026 run of Acme ready to confirm, through the API (the payroll people seeded first): created,
 * the system's attendance taken, computed, its anomalies acknowledged. For the payslip tests.
 */
export async function reviewedNovember(t: TestApp, admin: Session): Promise<string> {
  const res = await callAs(t, admin, 'POST', '/api/payrun', {
    month: 11,
    year: 2026,
    pay_date: '2026-11-30',
  });
  if (res.statusCode !== 201) throw new Error(`create run: ${res.statusCode} ${res.body}`);
  const runId = res.json().data.id as string;
  const companyId = await t.companyId('Acme Corp');
  await t.db.tenant(companyId, async (tx) => {
    const settings = await readPayrunSettings(tx);
    const { rows } = await payrollEmployeesIn(tx, '2026-11-01', '2026-11-30');
    const days = await payableDaysOf(tx, companyId, '2026-11', rows, settings);
    for (const d of days.values()) {
      await tx.query(
        `INSERT INTO pay_run_attendance (run_id, company_id, employee_id, source, system_lop_days, lop_days, detail)
         VALUES ($1, $2, $3, 'system', $4, $4, $5)`,
        [runId, companyId, d.employee_id, d.lop_days, JSON.stringify(d)],
      );
    }
    await tx.query(`UPDATE pay_runs SET attendance_status = 'confirmed' WHERE id = $1`, [runId]);
  });
  const compute = await callAs(t, admin, 'POST', `/api/payrun/${runId}/compute`);
  if (compute.statusCode !== 200) throw new Error(`compute: ${compute.statusCode} ${compute.body}`);
  await waitComputed(t, admin, runId, 120_000);
  await acknowledgeOpen(t, admin, runId, 'Checked for the payslip tests');
  return runId;
}
