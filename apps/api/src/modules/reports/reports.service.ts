import type {
  HeadcountMonth,
  HeadcountQuery,
  HeadcountReport,
  JoinerLeaverRow,
  JoinersLeaversFilter,
  JoinersLeaversQuery,
  LeaveBalanceRow,
  LeaveBalancesQuery,
  LeaveBalancesReport,
  PayrollRegister,
  PayrollRegisterFilter,
  PayrollRegisterQuery,
  PayrollStatutory,
  PayrollStatutoryQuery,
  RegisterColumn,
  RegisterRow,
  RegisterTotals,
  ReimbursementsQuery,
  ReimbursementsReport,
  ReportCatalogItem,
} from '@hr/contract';
import { EXPENSE_STATUS_LABELS, PAYOUT_MODE_LABELS } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { monthsBetween } from '../../lib/dates';
import type { ExportColumn } from '../../lib/export';
import type { Actor } from '../../plugins/auth';
import { type ClaimReportFilter, type ClaimReportRow, claimGroups, claimRowsBatch } from '../expenses';
import { type LeaveReportFilter, leaveReportByType, leaveReportRows } from '../leave';
import { companyToday } from '../org';
import {
  type ConfirmedPayslip,
  type ConfirmedPayslipFilter,
  confirmedLineSums,
  confirmedPayslipsIn,
  confirmedRunMonths,
  confirmedSlipSums,
} from '../payrun';
import { registerColumns, registerRow, registerTotals, statutorySummary } from './payroll-register';
import * as repo from './reports.repo';

/**
 * The reports of admin/reports. Reports over modules that have not landed are listed with the
 * reason, so the screen says plainly what is not there yet rather than showing an empty chart.
 */
const CATALOG: ReportCatalogItem[] = [
  {
    key: 'headcount',
    title: 'Headcount and attrition',
    description: 'Opening and closing headcount, joiners, leavers and attrition by month and division',
    available: true,
    unavailable_reason: null,
  },
  {
    key: 'joiners-leavers',
    title: 'Joiners and leavers',
    description: 'Everyone who joined or left in a period, with their division and unit',
    available: true,
    unavailable_reason: null,
  },
  {
    key: 'attendance-muster',
    title: 'Attendance muster',
    description: 'Every employee and every day of a month with their attendance status',
    available: true,
    unavailable_reason: null,
  },
  {
    key: 'late-marks',
    title: 'Late marks',
    description: 'Late arrivals by employee for a month, from the attendance muster',
    available: true,
    unavailable_reason: null,
  },
  {
    key: 'leave-balances',
    title: 'Leave balances and usage',
    description: 'Each employee’s balance on a date and days taken in a period, by leave type',
    available: true,
    unavailable_reason: null,
  },
  {
    key: 'reimbursements',
    title: 'Reimbursements by category and status',
    description: 'Claims and amounts by category and status for a period; the export lists every claim',
    available: true,
    unavailable_reason: null,
  },
  {
    key: 'payroll-register',
    title: 'Payroll register and statutory summaries',
    description:
      'Every employee’s pay in confirmed pay runs, line by line, with EPF, ESI, PT, LWF and TDS summaries by month',
    available: true,
    unavailable_reason: null,
  },
];

const EXPORT_BATCH = 2_000;
/** Rows of the leave report shown on screen; the export has every row. */
const LEAVE_SCREEN_ROWS = 200;

export function createReportsService(deps: { db: Db; clock: Clock; exportBatch?: number }) {
  const { db, clock } = deps;
  const batchSize = deps.exportBatch ?? EXPORT_BATCH;
  const scopeOf = (actor: Actor) => ({ scope: actor.scope, employeeId: actor.employeeId });

  const claimFilter = async (
    tx: Queryable,
    actor: Actor,
    q: ReimbursementsQuery,
  ): Promise<ClaimReportFilter> => ({
    ...q,
    employeeIds: await repo.scopedEmployeeIds(tx, scopeOf(actor)),
  });
  const leaveFilter = async (
    tx: Queryable,
    actor: Actor,
    q: LeaveBalancesQuery,
  ): Promise<LeaveReportFilter> => ({
    asOf: q.as_of,
    from: q.from,
    to: q.to,
    leaveTypeId: q.leave_type_id,
    divisionId: q.division_id,
    employeeIds: await repo.scopedEmployeeIds(tx, scopeOf(actor)),
  });

  const payrollFilter = async (
    tx: Queryable,
    actor: Actor,
    q: PayrollRegisterFilter,
  ): Promise<ConfirmedPayslipFilter> => ({
    from: q.from,
    to: q.to,
    divisionId: q.division_id,
    search: q.search || undefined,
    employeeIds: await repo.scopedEmployeeIds(tx, scopeOf(actor)),
  });

  return {
    catalog: (): ReportCatalogItem[] => CATALOG,

    /** A page of the register, its columns and the totals of every row of the filter. */
    payrollRegister: (
      actor: Actor,
      q: PayrollRegisterQuery,
    ): Promise<{ register: PayrollRegister; total: number }> =>
      db.tenantRead(actor.companyId, async (tx) => {
        const f = await payrollFilter(tx, actor, q);
        const sums = await confirmedLineSums(tx, f);
        const totals = registerTotals(sums, await confirmedSlipSums(tx, f));
        const slips = await confirmedPayslipsIn(tx, f, {
          limit: q.records,
          offset: (q.page - 1) * q.records,
        });
        const withRun = new Set(await confirmedRunMonths(tx, q.from, q.to));
        const register: PayrollRegister = {
          columns: registerColumns(sums),
          rows: slips.map(registerRow),
          totals,
          months_without_run: monthsBetween(q.from, q.to).filter((m) => !withRun.has(m)),
        };
        return { register, total: totals.payslips };
      }),

    /** The register's columns and totals, which the export needs before its rows. */
    payrollRegisterHead: (
      actor: Actor,
      q: PayrollRegisterFilter,
    ): Promise<{ columns: RegisterColumn[]; totals: RegisterTotals }> =>
      db.tenantRead(actor.companyId, async (tx) => {
        const f = await payrollFilter(tx, actor, q);
        const sums = await confirmedLineSums(tx, f);
        return {
          columns: registerColumns(sums),
          totals: registerTotals(sums, await confirmedSlipSums(tx, f)),
        };
      }),

    /** Every register row of the filter, one short read per batch (see joinersLeaversRows). */
    async *payrollRegisterRows(actor: Actor, q: PayrollRegisterFilter): AsyncGenerator<RegisterRow> {
      let after: ConfirmedPayslip | undefined;
      for (;;) {
        const batch: ConfirmedPayslip[] = await db.tenantRead(actor.companyId, async (tx) =>
          confirmedPayslipsIn(tx, await payrollFilter(tx, actor, q), { limit: batchSize, after }),
        );
        yield* batch.map(registerRow);
        if (batch.length < batchSize) return;
        after = batch[batch.length - 1]!;
      }
    },

    payrollStatutory: (actor: Actor, q: PayrollStatutoryQuery): Promise<PayrollStatutory> =>
      db.tenantRead(actor.companyId, async (tx) => {
        const f = await payrollFilter(tx, actor, q);
        return statutorySummary(
          await confirmedLineSums(tx, f),
          await confirmedSlipSums(tx, f),
          await confirmedRunMonths(tx, q.from, q.to),
          q.from,
          q.to,
        );
      }),

    headcount: (actor: Actor, q: HeadcountQuery): Promise<HeadcountReport> =>
      db.tenantRead(actor.companyId, async (tx) => ({
        months: await repo.headcountMonths(tx, scopeOf(actor), q),
        by_division: await repo.headcountByDivision(tx, scopeOf(actor), q),
      })),

    joinersLeavers: (actor: Actor, q: JoinersLeaversQuery) =>
      db.tenantRead(actor.companyId, (tx) => repo.joinersLeaversPage(tx, scopeOf(actor), q)),

    reimbursements: (actor: Actor, q: ReimbursementsQuery): Promise<ReimbursementsReport> =>
      db.tenantRead(actor.companyId, async (tx) => ({
        groups: await claimGroups(tx, await claimFilter(tx, actor, q)),
      })),

    /** Every claim of the filter, one short read per batch (see joinersLeaversRows). */
    async *reimbursementRows(actor: Actor, q: ReimbursementsQuery): AsyncGenerator<ClaimReportRow> {
      let after: ClaimReportRow | null = null;
      for (;;) {
        const batch: ClaimReportRow[] = await db.tenantRead(actor.companyId, async (tx) =>
          claimRowsBatch(tx, await claimFilter(tx, actor, q), after, batchSize),
        );
        yield* batch;
        if (batch.length < batchSize) return;
        after = batch[batch.length - 1]!;
      }
    },

    leaveBalances: (actor: Actor, q: LeaveBalancesQuery): Promise<LeaveBalancesReport> =>
      db.tenantRead(actor.companyId, async (tx) => {
        const f = await leaveFilter(tx, actor, q);
        const byType = await leaveReportByType(tx, f);
        const rows = await leaveReportRows(tx, f, null, LEAVE_SCREEN_ROWS);
        // One row per employee and type: the employees counted per type add up to the rows.
        const total = byType.reduce((n, t) => n + t.employees, 0);
        return { by_type: byType, rows, total_rows: total };
      }),

    async *leaveBalanceRows(actor: Actor, q: LeaveBalancesQuery): AsyncGenerator<LeaveBalanceRow> {
      let after: LeaveBalanceRow | null = null;
      for (;;) {
        const batch: LeaveBalanceRow[] = await db.tenantRead(actor.companyId, async (tx) =>
          leaveReportRows(tx, await leaveFilter(tx, actor, q), after, batchSize),
        );
        yield* batch;
        if (batch.length < batchSize) return;
        after = batch[batch.length - 1]!;
      }
    },

    /** The company's date, which names export files ({prefix}-{MM-YYYY}). */
    today: (actor: Actor): Promise<string> =>
      db.tenantRead(actor.companyId, async (tx) => (await companyToday(tx, clock.now())).today),

    /** Every row of the filter, one short read per batch: no transaction stays open while a slow client downloads. */
    async *joinersLeaversRows(actor: Actor, q: JoinersLeaversFilter): AsyncGenerator<JoinerLeaverRow> {
      let after: JoinerLeaverRow | null = null;
      for (;;) {
        const batch: JoinerLeaverRow[] = await db.tenantRead(actor.companyId, (tx) =>
          repo.joinersLeaversBatch(tx, scopeOf(actor), q, after, batchSize),
        );
        yield* batch;
        if (batch.length < batchSize) return;
        after = batch[batch.length - 1]!;
      }
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

export const HEADCOUNT_COLUMNS: ExportColumn<HeadcountMonth>[] = [
  { header: 'Month', value: (r) => r.month, width: 10 },
  { header: 'Opening', value: (r) => r.opening },
  { header: 'Joiners', value: (r) => r.joiners },
  { header: 'Leavers', value: (r) => r.leavers },
  { header: 'Closing', value: (r) => r.closing },
  { header: 'Attrition %', value: (r) => r.attrition_pct },
];

export const JOINER_LEAVER_COLUMNS: ExportColumn<JoinerLeaverRow>[] = [
  { header: 'Date', value: (r) => r.date, width: 12 },
  { header: 'Event', value: (r) => (r.event === 'joined' ? 'Joined' : 'Left'), width: 8 },
  { header: 'Employee code', value: (r) => r.employee_code },
  { header: 'Employee name', value: (r) => r.employee_name, width: 28 },
  { header: 'Designation', value: (r) => r.designation, width: 24 },
  { header: 'Division', value: (r) => r.division_name, width: 20 },
  { header: 'Unit', value: (r) => r.unit_name, width: 20 },
];

const rupeesCell = (paise: number) => Math.round(paise) / 100;

export const REIMBURSEMENT_COLUMNS: ExportColumn<ClaimReportRow>[] = [
  { header: 'Expense date', value: (r) => r.expense_date, width: 12 },
  { header: 'Employee code', value: (r) => r.employee_code },
  { header: 'Employee name', value: (r) => r.employee_name, width: 28 },
  { header: 'Division', value: (r) => r.division_name, width: 20 },
  { header: 'Category', value: (r) => r.category_name, width: 16 },
  { header: 'Status', value: (r) => EXPENSE_STATUS_LABELS[r.status], width: 12 },
  { header: 'Amount (₹)', value: (r) => rupeesCell(r.amount_paise), width: 12 },
  { header: 'Merchant', value: (r) => r.merchant, width: 24 },
  { header: 'Bill number', value: (r) => r.bill_number, width: 16 },
  {
    header: 'Paid through',
    value: (r) =>
      r.payout_mode ? PAYOUT_MODE_LABELS[r.payout_mode as keyof typeof PAYOUT_MODE_LABELS] : null,
    width: 16,
  },
  { header: 'Payout reference', value: (r) => r.payout_reference, width: 20 },
  { header: 'Paid on', value: (r) => r.paid_on, width: 12 },
];

export const LEAVE_BALANCE_COLUMNS: ExportColumn<LeaveBalanceRow>[] = [
  { header: 'Employee code', value: (r) => r.employee_code },
  { header: 'Employee name', value: (r) => r.employee_name, width: 28 },
  { header: 'Division', value: (r) => r.division_name, width: 20 },
  { header: 'Leave type', value: (r) => r.leave_type_name, width: 20 },
  { header: 'Balance', value: (r) => r.balance },
  { header: 'Used in period', value: (r) => r.used },
];
