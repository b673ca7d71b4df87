import type {
  HeadcountMonth,
  HeadcountQuery,
  HeadcountReport,
  JoinerLeaverRow,
  JoinersLeaversFilter,
  JoinersLeaversQuery,
  ReportCatalogItem,
} from '@hr/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ExportColumn } from '../../lib/export';
import type { Actor } from '../../plugins/auth';
import { companyToday } from '../org';
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
    description: 'Balances and days taken by leave type',
    available: false,
    unavailable_reason: 'Leave is not built yet.',
  },
  {
    key: 'reimbursements',
    title: 'Reimbursements',
    description: 'Claims by category and status',
    available: false,
    unavailable_reason: 'Reimbursements are not built yet.',
  },
  {
    key: 'payroll-register',
    title: 'Payroll register and statutory summaries',
    description: 'Every employee’s pay for a month, EPF, ESI, PT and TDS totals',
    available: false,
    unavailable_reason: 'Pay runs are not built yet.',
  },
];

const EXPORT_BATCH = 2_000;

export function createReportsService(deps: { db: Db; clock: Clock; exportBatch?: number }) {
  const { db, clock } = deps;
  const batchSize = deps.exportBatch ?? EXPORT_BATCH;
  const scopeOf = (actor: Actor) => ({ scope: actor.scope, employeeId: actor.employeeId });

  return {
    catalog: (): ReportCatalogItem[] => CATALOG,

    headcount: (actor: Actor, q: HeadcountQuery): Promise<HeadcountReport> =>
      db.tenantRead(actor.companyId, async (tx) => ({
        months: await repo.headcountMonths(tx, scopeOf(actor), q),
        by_division: await repo.headcountByDivision(tx, scopeOf(actor), q),
      })),

    joinersLeavers: (actor: Actor, q: JoinersLeaversQuery) =>
      db.tenantRead(actor.companyId, (tx) => repo.joinersLeaversPage(tx, scopeOf(actor), q)),

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
