import type { AnomalyKind } from '@hr/contract';
import { formatInr } from '@hr/payroll-engine';
import type { PayrollEmployee } from '../employees';
import { lastDay, monthLabel } from './month';
import type { StoredLine } from './stored';

/**
 * A run's totals and anomalies, worked out chunk by chunk as the payslips are computed (ADR 0016):
 * each chunk sums its own payslips (pay_run_chunk_totals) and records its anomalies in the
 * transaction that inserts them, and finishing the run adds up one row per chunk. Pure: the chunk
 * and the finish step read and write.
 */

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

/** One chunk's sums: components in the order first seen (payslips by employee code, lines in order). */
export type ChunkTotals = Omit<RunTotals, 'by_component' | 'by_division'> & {
  engine_version: string | null;
  by_component: RunTotals['by_component'];
  by_division: RunTotals['by_division'];
};

/** A payslip of a chunk as the sums and the anomalies read it. */
export type SlipFacts = {
  employee_id: string;
  name: string;
  code: string;
  division: string | null;
  status: 'computed' | 'failed';
  error: string | null;
  gross_paise: number;
  deductions_paise: number;
  net_paise: number;
  employer_paise: number;
  ctc_paise: number;
  lines: StoredLine[];
  notes: string[];
};

const NO_DIVISION = 'No division';

export function chunkTotals(slips: SlipFacts[], engineVersion: string): ChunkTotals {
  const t: ChunkTotals = {
    employees: 0,
    gross_paise: 0,
    deductions_paise: 0,
    net_paise: 0,
    employer_paise: 0,
    ctc_paise: 0,
    engine_version: null,
    by_component: [],
    by_division: [],
  };
  const components = new Map<string, RunTotals['by_component'][number]>();
  const divisions = new Map<string, RunTotals['by_division'][number]>();
  for (const s of slips) {
    if (s.status !== 'computed') continue;
    t.engine_version = engineVersion;
    t.employees++;
    t.gross_paise += s.gross_paise;
    t.deductions_paise += s.deductions_paise;
    t.net_paise += s.net_paise;
    t.employer_paise += s.employer_paise;
    t.ctc_paise += s.ctc_paise;
    // A component keeps the label and kind it was first seen with.
    for (const l of s.lines) {
      if (l.kind === 'info' || l.amount === 0) continue;
      const c = components.get(l.code);
      if (c) c.amount_paise += l.amount;
      else components.set(l.code, { code: l.code, label: l.label, kind: l.kind, amount_paise: l.amount });
    }
    const name = s.division ?? NO_DIVISION;
    const d = divisions.get(name) ?? { division: name, employees: 0, gross_paise: 0, net_paise: 0 };
    divisions.set(name, d);
    d.employees++;
    d.gross_paise += s.gross_paise;
    d.net_paise += s.net_paise;
  }
  t.by_component = [...components.values()];
  t.by_division = [...divisions.values()];
  return t;
}

/** The run's totals from its chunks' sums, in chunk order (so components are first seen as by code). */
export function runTotals(chunks: ChunkTotals[]): { totals: RunTotals; engineVersion: string | null } {
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
  let engineVersion: string | null = null;
  const components = new Map<string, RunTotals['by_component'][number]>();
  const divisions = new Map<string, RunTotals['by_division'][number]>();
  for (const c of chunks) {
    totals.employees += c.employees;
    totals.gross_paise += c.gross_paise;
    totals.deductions_paise += c.deductions_paise;
    totals.net_paise += c.net_paise;
    totals.employer_paise += c.employer_paise;
    totals.ctc_paise += c.ctc_paise;
    if (c.engine_version && (!engineVersion || c.engine_version > engineVersion)) {
      engineVersion = c.engine_version;
    }
    for (const part of c.by_component) {
      const x = components.get(part.code);
      if (x) x.amount_paise += part.amount_paise;
      else components.set(part.code, { ...part });
    }
    for (const part of c.by_division) {
      const x = divisions.get(part.division);
      if (x) {
        x.employees += part.employees;
        x.gross_paise += part.gross_paise;
        x.net_paise += part.net_paise;
      } else divisions.set(part.division, { ...part });
    }
  }
  const kindOrder = { earning: 0, deduction: 1, employer: 2 };
  // A stable sort: equal amounts keep the order first seen.
  totals.by_component = [...components.values()].sort(
    (a, b) => kindOrder[a.kind] - kindOrder[b.kind] || b.amount_paise - a.amount_paise,
  );
  totals.by_division = [...divisions.values()].sort((a, b) => a.division.localeCompare(b.division));
  return { totals, engineVersion };
}

export type Anomaly = { employee_id: string; kind: AnomalyKind; message: string };

export type AnomalyContext = {
  /** 'YYYY-MM' of the run. */
  month: string;
  /** 'YYYY-MM-DD'. */
  payDate: string;
  /** The last confirmed run before this one: its month and each employee's net in it. */
  previous: { month: string; netOf: Map<string, number> } | null;
  netChangeThresholdPercent: number;
  bankCoolingOffDays: number;
  /** The employees' records now (an employee no longer on the month's list has none). */
  employeeOf: Map<string, PayrollEmployee>;
};

/** What a person should look at before money leaves the account, per payslip of a chunk. */
export function anomaliesOf(slips: SlipFacts[], ctx: AnomalyContext): Anomaly[] {
  const out: Anomaly[] = [];
  const add = (s: SlipFacts, kind: AnomalyKind, message: string) =>
    out.push({ employee_id: s.employee_id, kind, message: `${s.name} (${s.code}): ${message}` });
  const threshold = ctx.netChangeThresholdPercent / 100;
  const coolingFrom = new Date(Date.parse(`${ctx.payDate}T00:00:00Z`) - ctx.bankCoolingOffDays * 86_400_000);
  const monthEnd = lastDay(ctx.month);
  for (const s of slips) {
    if (s.status === 'failed') {
      add(s, 'compute_failed', s.error ?? 'could not be computed');
      continue;
    }
    const net = s.net_paise;
    if (net <= 0) add(s, 'zero_or_negative_net', `net pay is ${formatInr(net)}`);
    const previousNet = ctx.previous?.netOf.get(s.employee_id);
    if (ctx.previous && previousNet !== undefined && previousNet > 0) {
      const change = (net - previousNet) / previousNet;
      if (Math.abs(change) > threshold) {
        add(
          s,
          'net_change',
          `net pay ${change > 0 ? 'rose' : 'fell'} by ${Math.round(Math.abs(change) * 100)}% from ${formatInr(previousNet)} in ${monthLabel(ctx.previous.month)} to ${formatInr(net)} (threshold ${ctx.netChangeThresholdPercent}%)`,
        );
      }
    }
    const e = ctx.employeeOf.get(s.employee_id);
    if (!e) continue;
    if (net > 0 && !e.bank_account_last4)
      add(s, 'missing_bank_account', 'no bank account on the record: the bank file leaves them out');
    const epfDeducted = s.lines.some((l) => l.code === 'EPF_EE' && l.amount > 0);
    if (!e.uan && epfDeducted) {
      add(s, 'missing_uan', 'EPF is deducted but there is no UAN on the record: the ECR leaves them out');
    }
    if (e.status === 'exited' || (e.exit_date && e.exit_date <= monthEnd)) {
      add(
        s,
        'exited_paid',
        `left on ${e.exit_date ?? 'an unrecorded date'} and is paid ${formatInr(s.gross_paise)} gross in this run: check the final settlement`,
      );
    }
    if (e.bank_changed_at && new Date(e.bank_changed_at) >= coolingFrom) {
      add(
        s,
        'bank_account_changed',
        `bank account changed on ${e.bank_changed_at.slice(0, 10)}, within ${ctx.bankCoolingOffDays} days of the pay date: confirm the change with the employee before paying`,
      );
    }
    const capped = s.notes.find((n) => n.startsWith('TDS capped'));
    if (capped) add(s, 'tds_shortfall', capped);
  }
  return out;
}
