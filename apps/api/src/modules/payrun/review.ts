import type { Anomaly, PayRunReview, PayRunReviewQuery, ReviewEmployee } from '@hr/contract';
import type { Queryable } from '../../db/client';
import { previousRun, type RunTotals } from './finish';
import { userName } from './runs';

const NONE = '00000000-0000-0000-0000-000000000000';

export async function anomaliesOf(tx: Queryable, runId: string): Promise<Anomaly[]> {
  const { rows } = await tx.query<Anomaly>(
    `SELECT a.id, a.employee_id, e.employee_code, trim(e.first_name || ' ' || e.last_name) AS employee_name, a.kind,
            a.message, to_char(a.acknowledged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS acknowledged_at,
            ${userName('a.acknowledged_by')} AS acknowledged_by, a.reason
       FROM pay_run_anomalies a LEFT JOIN employees e ON e.id = a.employee_id
      WHERE a.run_id = $1 ORDER BY (a.acknowledged_at IS NOT NULL), a.kind, e.employee_code`,
    [runId],
  );
  return rows;
}

const SORT: Record<string, string> = {
  code: `p.employee->>'code'`,
  name: `p.employee->>'name'`,
  net: 'p.net_paise',
  gross: 'p.gross_paise',
  net_change: 'abs(coalesce(p.net_paise, 0) - coalesce(q.net_paise, 0))',
};

/**
 * The review of a computed run: totals by component and by division beside the last confirmed
 * run's, the anomalies, and a page of employees with last month's net and the change.
 */
export async function reviewOf(
  tx: Queryable,
  run: PayRunReview['run'],
  totals: RunTotals | null,
  q: PayRunReviewQuery,
): Promise<PayRunReview> {
  const prev = await previousRun(tx, run.month);
  const prevComponents = new Map((prev?.totals?.by_component ?? []).map((c) => [c.code, c.amount_paise]));
  const prevDivisions = new Map((prev?.totals?.by_division ?? []).map((d) => [d.division, d.net_paise]));
  const byComponent = (totals?.by_component ?? []).map((c) => {
    const before = prev ? (prevComponents.get(c.code) ?? 0) : null;
    return {
      ...c,
      previous_paise: before,
      difference_paise: before === null ? null : c.amount_paise - before,
    };
  });
  // Components paid last month and not at all now show too, as a full difference.
  if (prev) {
    const now = new Set(byComponent.map((c) => c.code));
    for (const c of prev.totals?.by_component ?? []) {
      if (!now.has(c.code)) {
        byComponent.push({
          ...c,
          amount_paise: 0,
          previous_paise: c.amount_paise,
          difference_paise: -c.amount_paise,
        });
      }
    }
  }

  const params: unknown[] = [run.id, prev?.id ?? NONE];
  const where = ['p.run_id = $1'];
  if (q.search) {
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(
      `(p.employee->>'code' ILIKE $${params.length} OR p.employee->>'name' ILIKE $${params.length})`,
    );
  }
  if (q.only === 'failed') where.push(`p.status = 'failed'`);
  if (q.only === 'changed') where.push('p.net_paise IS DISTINCT FROM q.net_paise');
  if (q.only === 'anomalies') {
    where.push(
      'EXISTS (SELECT 1 FROM pay_run_anomalies a WHERE a.run_id = p.run_id AND a.employee_id = p.employee_id)',
    );
  }
  const sort = SORT[q.sortBy ?? 'code'] ?? SORT.code!;
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const from = `FROM payslips p LEFT JOIN payslips q ON q.run_id = $2 AND q.employee_id = p.employee_id WHERE ${where.join(' AND ')}`;
  const { rows } = await tx.query<ReviewEmployee>(
    `SELECT p.id AS payslip_id, p.employee_id, p.employee->>'code' AS employee_code, p.employee->>'name' AS employee_name,
            p.employee->>'division' AS division, p.status, p.payable_days::float8 AS payable_days, p.lop_days::float8 AS lop_days,
            p.gross_paise::float8 AS gross_paise, p.deductions_paise::float8 AS deductions_paise, p.net_paise::float8 AS net_paise,
            q.net_paise::float8 AS previous_net_paise,
            CASE WHEN q.net_paise IS NULL OR p.net_paise IS NULL THEN NULL ELSE (p.net_paise - q.net_paise)::float8 END AS net_change_paise,
            coalesce((SELECT array_agg(DISTINCT a.kind) FROM pay_run_anomalies a
                       WHERE a.run_id = p.run_id AND a.employee_id = p.employee_id), '{}') AS anomalies,
            p.error
       ${from} ORDER BY ${sort} ${dir} NULLS LAST, p.employee->>'code' LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.records, (q.page - 1) * q.records],
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  return {
    run,
    previous_run: prev ? { id: prev.id, month: prev.month } : null,
    by_component: byComponent,
    by_division: (totals?.by_division ?? []).map((d) => ({
      ...d,
      previous_net_paise: prev ? (prevDivisions.get(d.division) ?? null) : null,
    })),
    anomalies: await anomaliesOf(tx, run.id),
    employees: rows,
    employees_total: count.rows[0]!.n,
  };
}
