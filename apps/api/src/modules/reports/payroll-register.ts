import type {
  PayrollStatutory,
  RegisterColumn,
  RegisterRow,
  RegisterTotals,
  StatutoryMonth,
} from '@hr/contract';
import { monthsBetween } from '../../lib/dates';
import type { ExportColumn } from '../../lib/export';
import type { ConfirmedLineSum, ConfirmedPayslip, ConfirmedSlipSum } from '../payrun';

/**
 * The payroll register and statutory summaries, put together from the sums the pay run module
 * reads off confirmed payslips. Only additions here: every figure is a stored line's amount or base.
 */

const KIND_ORDER = { earning: 0, deduction: 1, employer: 2 } as const;
type ColumnKind = keyof typeof KIND_ORDER;
const isColumnKind = (k: string): k is ColumnKind => k in KIND_ORDER;

/** Line codes of the statutory contributions (the engine's codes, packages/payroll-engine). */
const EPF_CODES = ['EPF_EE', 'VPF_EE', 'EPF_ER', 'EPS_ER', 'EDLI_ER', 'EPF_ADMIN'];
const ESI_CODES = ['ESI_EE', 'ESI_ER'];

const overRange = (sums: ConfirmedLineSum[]) => sums.filter((s) => s.month === null && s.state === null);

/** Every code paid in the filter: earnings, then deductions, then employer lines, each in payslip order. */
export function registerColumns(sums: ConfirmedLineSum[]): RegisterColumn[] {
  return overRange(sums)
    .filter((s): s is ConfirmedLineSum & { kind: ColumnKind } => isColumnKind(s.kind))
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.position - b.position)
    .map((s) => ({ code: s.code, label: s.label, kind: s.kind }));
}

/** A payslip as a register row: each code's amount (codes repeated on a payslip add up). */
export function registerRow(slip: ConfirmedPayslip): RegisterRow {
  const amounts: Record<string, number> = {};
  for (const l of slip.lines) {
    if (l.kind === 'info') continue;
    amounts[l.code] = (amounts[l.code] ?? 0) + l.amount;
  }
  return {
    payslip_id: slip.payslip_id,
    employee_id: slip.employee_id,
    month: slip.month,
    employee_code: slip.employee_code,
    employee_name: slip.employee_name,
    division_name: slip.division_name,
    payable_days: slip.payable_days,
    lop_days: slip.lop_days,
    amounts,
    gross_paise: slip.gross_paise,
    deductions_paise: slip.deductions_paise,
    net_paise: slip.net_paise,
    employer_paise: slip.employer_paise,
  };
}

export function registerTotals(sums: ConfirmedLineSum[], slips: ConfirmedSlipSum[]): RegisterTotals {
  const all = slips.find((s) => s.month === null);
  const amounts: Record<string, number> = {};
  for (const s of overRange(sums)) if (isColumnKind(s.kind)) amounts[s.code] = s.amount_paise;
  return {
    payslips: all?.payslips ?? 0,
    employees: all?.employees ?? 0,
    amounts,
    gross_paise: all?.gross_paise ?? 0,
    deductions_paise: all?.deductions_paise ?? 0,
    net_paise: all?.net_paise ?? 0,
    employer_paise: all?.employer_paise ?? 0,
  };
}

export function statutorySummary(
  sums: ConfirmedLineSum[],
  slips: ConfirmedSlipSum[],
  monthsWithRun: string[],
  from: string,
  to: string,
): PayrollStatutory {
  const range = overRange(sums);
  const one = (code: string) => range.find((s) => s.code === code);
  const amount = (code: string) => one(code)?.amount_paise ?? 0;
  const byMonth = new Map<string, StatutoryMonth>();
  for (const s of slips) {
    if (s.month === null) continue;
    byMonth.set(s.month, {
      month: s.month,
      employees: s.employees,
      gross_paise: s.gross_paise,
      net_paise: s.net_paise,
      epf_paise: 0,
      esi_paise: 0,
      pt_paise: 0,
      lwf_paise: 0,
      tds_paise: 0,
    });
  }
  for (const s of sums) {
    const m = s.month === null ? undefined : byMonth.get(s.month);
    if (!m) continue;
    if (EPF_CODES.includes(s.code)) m.epf_paise += s.amount_paise;
    else if (ESI_CODES.includes(s.code)) m.esi_paise += s.amount_paise;
    else if (s.code === 'PT') m.pt_paise += s.amount_paise;
    else if (s.code === 'LWF_EE' || s.code === 'LWF_ER') m.lwf_paise += s.amount_paise;
    else if (s.code === 'TDS') m.tds_paise += s.amount_paise;
  }
  const byState = sums.filter((s) => s.state !== null);
  const stateName = (s: string) => s || 'State not recorded';
  const lwfStates = new Map<string, PayrollStatutory['lwf'][number]>();
  for (const s of byState) {
    if (s.code !== 'LWF_EE' && s.code !== 'LWF_ER') continue;
    const row = lwfStates.get(s.state!) ?? {
      state: stateName(s.state!),
      employees: 0,
      employee_paise: 0,
      employer_paise: 0,
    };
    if (s.code === 'LWF_EE') {
      row.employee_paise = s.amount_paise;
      row.employees = s.paid_employees;
    } else row.employer_paise = s.amount_paise;
    lwfStates.set(s.state!, row);
  }
  const withRun = new Set(monthsWithRun);
  return {
    months: [...byMonth.values()],
    months_without_run: monthsBetween(from, to).filter((m) => !withRun.has(m)),
    epf: {
      members: one('EPF_EE')?.employees ?? 0,
      wages_paise: one('EPF_EE')?.base_paise ?? 0,
      employee_paise: amount('EPF_EE'),
      vpf_paise: amount('VPF_EE'),
      employer_epf_paise: amount('EPF_ER'),
      eps_paise: amount('EPS_ER'),
      edli_paise: amount('EDLI_ER'),
      admin_paise: amount('EPF_ADMIN'),
    },
    esi: {
      ips: one('ESI_EE')?.employees ?? 0,
      wages_paise: one('ESI_EE')?.base_paise ?? 0,
      employee_paise: amount('ESI_EE'),
      employer_paise: amount('ESI_ER'),
    },
    pt: byState
      .filter((s) => s.code === 'PT')
      .map((s) => ({ state: stateName(s.state!), employees: s.paid_employees, amount_paise: s.amount_paise }))
      .sort((a, b) => a.state.localeCompare(b.state)),
    lwf: [...lwfStates.values()].sort((a, b) => a.state.localeCompare(b.state)),
    tds: { employees: one('TDS')?.paid_employees ?? 0, amount_paise: amount('TDS') },
  };
}

const rupees = (paise: number | undefined) => (paise === undefined ? null : Math.round(paise) / 100);

/** The register's export columns: the fixed ones, then one per line code of the filter. */
export function registerExportColumns(columns: RegisterColumn[]): ExportColumn<RegisterRow>[] {
  return [
    { header: 'Month', value: (r) => r.month, width: 10 },
    { header: 'Employee code', value: (r) => r.employee_code },
    { header: 'Employee name', value: (r) => r.employee_name, width: 28 },
    { header: 'Division', value: (r) => r.division_name, width: 20 },
    { header: 'Payable days', value: (r) => r.payable_days },
    { header: 'LOP days', value: (r) => r.lop_days },
    ...columns
      .filter((c) => c.kind === 'earning')
      .map((c) => ({ header: `${c.label} (₹)`, value: (r: RegisterRow) => rupees(r.amounts[c.code]) })),
    { header: 'Gross (₹)', value: (r) => rupees(r.gross_paise) },
    ...columns
      .filter((c) => c.kind === 'deduction')
      .map((c) => ({ header: `${c.label} (₹)`, value: (r: RegisterRow) => rupees(r.amounts[c.code]) })),
    { header: 'Total deductions (₹)', value: (r) => rupees(r.deductions_paise) },
    { header: 'Net pay (₹)', value: (r) => rupees(r.net_paise) },
    ...columns
      .filter((c) => c.kind === 'employer')
      .map((c) => ({ header: `${c.label} (₹)`, value: (r: RegisterRow) => rupees(r.amounts[c.code]) })),
    { header: 'Employer contributions (₹)', value: (r) => rupees(r.employer_paise) },
  ];
}

/** The totals row the export ends with, shaped as a row so the same columns write it. */
export function totalsAsRow(t: RegisterTotals): RegisterRow {
  return {
    payslip_id: '',
    employee_id: '',
    month: '',
    employee_code: '',
    employee_name: `Total (${t.payslips} payslips)`,
    division_name: null,
    payable_days: null,
    lop_days: null,
    amounts: t.amounts,
    gross_paise: t.gross_paise,
    deductions_paise: t.deductions_paise,
    net_paise: t.net_paise,
    employer_paise: t.employer_paise,
  };
}
