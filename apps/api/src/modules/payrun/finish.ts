import type { AnomalyKind } from '@hr/contract';
import { formatInr } from '@hr/payroll-engine';
import type { Db, Queryable } from '../../db/client';
import { payrollEmployeesIn } from '../employees';
import { firstDay, lastDay, monthLabel } from './month';
import { readPayrunSettings } from './settings';

export type RunTotals = {
  employees: number;
  gross_paise: number;
  deductions_paise: number;
  net_paise: number;
  employer_paise: number;
  ctc_paise: number;
  by_component: {
    code: string;
    label: string;
    kind: 'earning' | 'deduction' | 'employer';
    amount_paise: number;
  }[];
  by_division: { division: string; employees: number; gross_paise: number; net_paise: number }[];
};

/** The last confirmed run before `month` ('YYYY-MM'), or null. */
export async function previousRun(
  tx: Queryable,
  month: string,
): Promise<{ id: string; month: string; totals: RunTotals | null } | null> {
  const { rows } = await tx.query<{ id: string; month: string; totals: RunTotals | null }>(
    `SELECT id, to_char(month, 'YYYY-MM') AS month, totals FROM pay_runs
      WHERE status = 'confirmed' AND month < $1::date ORDER BY month DESC LIMIT 1`,
    [firstDay(month)],
  );
  return rows[0] ?? null;
}

type Slip = {
  employee_id: string;
  name: string;
  code: string;
  division: string | null;
  status: 'computed' | 'failed';
  error: string | null;
  gross_paise: number | null;
  deductions_paise: number | null;
  net_paise: number | null;
  employer_paise: number | null;
  ctc_paise: number | null;
  /** Whether the payslip deducts EPF from the employee (a line EPF_EE of more than nothing). */
  epf_deducted: boolean;
  /** The note that TDS was capped, if any. */
  tds_capped: string | null;
  previous_net: number | null;
};

/**
 * Ends computing once no chunk is left to compute (the worker that finds none left does it, under the
 * run's row lock, once): totals by component and division, the anomalies to acknowledge, and the
 * run becomes `computed`. Returns whether it finished the run now.
 */
export async function finishRun(db: Db, companyId: string, runId: string): Promise<boolean> {
  return db.tenant(companyId, async (tx) => {
    const { rows: runs } = await tx.query<{ month: string; pay_date: string; status: string }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, to_char(pay_date, 'YYYY-MM-DD') AS pay_date, status
         FROM pay_runs WHERE id = $1 FOR UPDATE`,
      [runId],
    );
    const run = runs[0];
    if (run?.status !== 'computing') return false;
    // A chunk another worker is computing is still there until its transaction commits.
    const { rows: left } = await tx.query<{ left: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM pay_run_chunks WHERE run_id = $1) AS left',
      [runId],
    );
    if (left[0]!.left) return false;

    const settings = await readPayrunSettings(tx);
    const prev = await previousRun(tx, run.month);
    const { rows: slips } = await tx.query<Slip>(
      `SELECT p.employee_id, p.employee->>'name' AS name, p.employee->>'code' AS code, p.employee->>'division' AS division,
              p.status, p.error, p.gross_paise::float8 AS gross_paise, p.deductions_paise::float8 AS deductions_paise,
              p.net_paise::float8 AS net_paise, p.employer_paise::float8 AS employer_paise, p.ctc_paise::float8 AS ctc_paise,
              coalesce(jsonb_path_exists(p.lines, '$[*] ? (@.code == "EPF_EE" && @.amount > 0)'), false) AS epf_deducted,
              (SELECT n FROM jsonb_array_elements_text(p.notes) AS n WHERE n LIKE 'TDS capped%' LIMIT 1) AS tds_capped,
              q.net_paise::float8 AS previous_net
         FROM payslips p LEFT JOIN payslips q ON q.run_id = $2 AND q.employee_id = p.employee_id
        WHERE p.run_id = $1 ORDER BY p.employee->>'code'`,
      [runId, prev?.id ?? '00000000-0000-0000-0000-000000000000'],
    );
    // Totals by component, summed by the server (the lines are not sent to be parsed here), each
    // component as first seen in the payslips by employee code: its label and kind, and its place
    // among equal amounts below. Summed per code, label and kind (no per-component sort of every
    // line), then merged per code here, first seen first.
    const { rows: parts } = await tx.query<RunTotals['by_component'][number]>(
      `SELECT x.code, x.label, x.kind, sum(x.amount)::float8 AS amount_paise
         FROM (SELECT lines, row_number() OVER (ORDER BY employee->>'code') AS r
                 FROM payslips WHERE run_id = $1 AND status = 'computed') s,
              ROWS FROM (jsonb_to_recordset(s.lines) AS (code text, label text, kind text, amount bigint))
                WITH ORDINALITY AS x(code, label, kind, amount, o)
        WHERE x.kind <> 'info' AND x.amount <> 0
        GROUP BY x.code, x.label, x.kind ORDER BY min(s.r * 1000 + x.o)`,
      [runId],
    );
    const byCode = new Map<string, RunTotals['by_component'][number]>();
    for (const part of parts) {
      const c = byCode.get(part.code);
      if (c) c.amount_paise += part.amount_paise;
      else byCode.set(part.code, { ...part });
    }
    const components = [...byCode.values()];

    const totals: RunTotals = {
      employees: 0,
      gross_paise: 0,
      deductions_paise: 0,
      net_paise: 0,
      employer_paise: 0,
      ctc_paise: 0,
      by_component: [],
      by_division: [],
    };
    const divisions = new Map<string, RunTotals['by_division'][number]>();
    for (const s of slips) {
      if (s.status !== 'computed') continue;
      totals.employees++;
      totals.gross_paise += s.gross_paise!;
      totals.deductions_paise += s.deductions_paise!;
      totals.net_paise += s.net_paise!;
      totals.employer_paise += s.employer_paise!;
      totals.ctc_paise += s.ctc_paise!;
      const name = s.division ?? 'No division';
      const d = divisions.get(name) ?? { division: name, employees: 0, gross_paise: 0, net_paise: 0 };
      divisions.set(name, d);
      d.employees++;
      d.gross_paise += s.gross_paise!;
      d.net_paise += s.net_paise!;
    }
    const kindOrder = { earning: 0, deduction: 1, employer: 2 };
    totals.by_component = components.sort(
      (a, b) => kindOrder[a.kind] - kindOrder[b.kind] || b.amount_paise - a.amount_paise,
    );
    totals.by_division = [...divisions.values()].sort((a, b) => a.division.localeCompare(b.division));

    // Anomalies: what a person should look at before money leaves the account.
    const anomalies: { employee_id: string; kind: AnomalyKind; message: string }[] = [];
    const add = (
      s: { employee_id: string; name: string; code: string },
      kind: AnomalyKind,
      message: string,
    ) => anomalies.push({ employee_id: s.employee_id, kind, message: `${s.name} (${s.code}): ${message}` });
    // The month's employees (a superset of the run's): no list of every id sent to be matched.
    const { rows: emps } = await payrollEmployeesIn(tx, firstDay(run.month), lastDay(run.month));
    const empOf = new Map(emps.map((e) => [e.id, e]));
    const threshold = settings.net_change_threshold_percent / 100;
    const coolingFrom = new Date(
      Date.parse(`${run.pay_date}T00:00:00Z`) - settings.bank_cooling_off_days * 86_400_000,
    );
    for (const s of slips) {
      if (s.status === 'failed') {
        add(s, 'compute_failed', s.error ?? 'could not be computed');
        continue;
      }
      const e = empOf.get(s.employee_id);
      const net = s.net_paise!;
      if (net <= 0) add(s, 'zero_or_negative_net', `net pay is ${formatInr(net)}`);
      if (s.previous_net !== null && s.previous_net > 0) {
        const change = (net - s.previous_net) / s.previous_net;
        if (Math.abs(change) > threshold) {
          add(
            s,
            'net_change',
            `net pay ${change > 0 ? 'rose' : 'fell'} by ${Math.round(Math.abs(change) * 100)}% from ${formatInr(s.previous_net)} in ${monthLabel(prev!.month)} to ${formatInr(net)} (threshold ${settings.net_change_threshold_percent}%)`,
          );
        }
      }
      if (!e) continue;
      if (net > 0 && !e.bank_account_last4)
        add(s, 'missing_bank_account', 'no bank account on the record: the bank file leaves them out');
      if (!e.uan && s.epf_deducted) {
        add(s, 'missing_uan', 'EPF is deducted but there is no UAN on the record: the ECR leaves them out');
      }
      if (e.status === 'exited' || (e.exit_date && e.exit_date <= lastDay(run.month))) {
        add(
          s,
          'exited_paid',
          `left on ${e.exit_date ?? 'an unrecorded date'} and is paid ${formatInr(s.gross_paise!)} gross in this run: check the final settlement`,
        );
      }
      if (e.bank_changed_at && new Date(e.bank_changed_at) >= coolingFrom) {
        add(
          s,
          'bank_account_changed',
          `bank account changed on ${e.bank_changed_at.slice(0, 10)}, within ${settings.bank_cooling_off_days} days of the pay date: confirm the change with the employee before paying`,
        );
      }
      if (s.tds_capped) add(s, 'tds_shortfall', s.tds_capped);
    }
    if (anomalies.length > 0) {
      await tx.query(
        `INSERT INTO pay_run_anomalies (company_id, run_id, employee_id, kind, message)
         SELECT $1, $2, x.employee_id, x.kind, x.message
           FROM jsonb_to_recordset($3::jsonb) AS x(employee_id uuid, kind text, message text)
         ON CONFLICT DO NOTHING`,
        [companyId, runId, JSON.stringify(anomalies)],
      );
    }
    await tx.query(
      `UPDATE pay_runs SET status = 'computed', computed_at = now(), totals = $2, engine_version = (
         SELECT max(engine_version) FROM payslips WHERE run_id = $1), updated_at = now() WHERE id = $1`,
      [runId, JSON.stringify(totals)],
    );
    return true;
  });
}
