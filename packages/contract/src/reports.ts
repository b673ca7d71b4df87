import { z } from 'zod';
import { IsoMonthSchema, IsoDateSchema as isoDate } from './dates';
import { envelope, pagedEnvelope, SORT_ORDERS } from './envelope';

/** The reports of admin/reports (issue 13). A report whose data has not landed says so. */
export const REPORT_KEYS = [
  'headcount',
  'joiners-leavers',
  'attendance-muster',
  'late-marks',
  'leave-balances',
  'reimbursements',
  'payroll-register',
] as const;
export const ReportKeySchema = z.enum(REPORT_KEYS);
export type ReportKey = z.infer<typeof ReportKeySchema>;

export const ReportCatalogItemSchema = z.object({
  key: ReportKeySchema,
  title: z.string(),
  description: z.string(),
  available: z.boolean(),
  /** Why a report cannot be run yet, in words for the screen. */
  unavailable_reason: z.string().nullable(),
});
export type ReportCatalogItem = z.infer<typeof ReportCatalogItemSchema>;
export const ReportCatalogResponseSchema = envelope(z.array(ReportCatalogItemSchema));

const uuid = z.string().uuid({ message: 'must be a division id' });

/** Months as YYYY-MM, at most five years in one report. */
const HeadcountQueryBase = z.object({
  from: IsoMonthSchema,
  to: IsoMonthSchema,
  division_id: uuid.optional(),
});
function checkMonths<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
    .refine((q) => monthsBetween(q.from, q.to) <= 60, { path: ['to'], message: 'at most 60 months' });
}
export const HeadcountQuerySchema = checkMonths(HeadcountQueryBase);
export type HeadcountQuery = z.infer<typeof HeadcountQuerySchema>;

function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

export const HeadcountMonthSchema = z.object({
  month: IsoMonthSchema,
  /** Employed at the end of the day before the month began. */
  opening: z.number().int(),
  joiners: z.number().int(),
  leavers: z.number().int(),
  /** Employed at the end of the month's last day: opening + joiners − leavers. */
  closing: z.number().int(),
  /** Leavers over the average of opening and closing, in percent, one decimal; null when both are 0. */
  attrition_pct: z.number().nullable(),
});
export type HeadcountMonth = z.infer<typeof HeadcountMonthSchema>;

export const HeadcountReportSchema = z.object({
  months: z.array(HeadcountMonthSchema),
  /** Closing headcount of the last month by division (employees without a unit as "Unassigned"). */
  by_division: z.array(
    z.object({ division_id: z.string().nullable(), division_name: z.string(), headcount: z.number().int() }),
  ),
});
export type HeadcountReport = z.infer<typeof HeadcountReportSchema>;
export const HeadcountReportResponseSchema = envelope(HeadcountReportSchema);

export const JOINER_LEAVER_SORTS = ['date', 'employee_code', 'employee_name', 'division_name'] as const;
const JoinersLeaversFilterBase = z.object({
  from: isoDate,
  to: isoDate,
  kind: z.enum(['all', 'joiners', 'leavers']).default('all'),
  division_id: uuid.optional(),
  sortBy: z.enum(JOINER_LEAVER_SORTS).default('date'),
  sortOrder: z.enum(SORT_ORDERS).default('desc'),
});
const datesInOrder = { path: ['to'], message: 'must not be before from' };
export const JoinersLeaversQuerySchema = JoinersLeaversFilterBase.extend({
  page: z.coerce.number().int().min(1).default(1),
  records: z.coerce.number().int().min(1).max(100).default(10),
}).refine((q) => q.from <= q.to, datesInOrder);
export type JoinersLeaversQuery = z.infer<typeof JoinersLeaversQuerySchema>;
export type JoinersLeaversFilter = z.infer<typeof JoinersLeaversFilterBase>;

export const JoinerLeaverRowSchema = z.object({
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  designation: z.string().nullable(),
  division_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  /** 'joined' on the joining date, 'left' on the exit date. */
  event: z.enum(['joined', 'left']),
  date: isoDate,
});
export type JoinerLeaverRow = z.infer<typeof JoinerLeaverRowSchema>;
export const JoinersLeaversResponseSchema = pagedEnvelope(JoinerLeaverRowSchema);

/** Exports (spec section 7's export helpers): the same filters plus the file format. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const format = z.enum(EXPORT_FORMATS, { message: 'must be csv or xlsx' });
export const HeadcountExportQuerySchema = checkMonths(HeadcountQueryBase.extend({ format }));
export const JoinersLeaversExportQuerySchema = JoinersLeaversFilterBase.extend({ format }).refine(
  (q) => q.from <= q.to,
  datesInOrder,
);

// ---------- Reimbursements by category and status ----------

const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'paid'] as const;
/** Claims whose expense date is in [from, to] (at most a year), optionally of one category / status / division. */
const ReimbursementsFilterBase = z.object({
  from: isoDate,
  to: isoDate,
  category_id: z.string().uuid({ message: 'must be a category id' }).optional(),
  status: z.enum(CLAIM_STATUSES, { message: 'must be a claim status' }).optional(),
  division_id: uuid.optional(),
});
const inOrderWithinYear = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
      path: ['to'],
      message: 'at most a year',
    });
export const ReimbursementsQuerySchema = inOrderWithinYear(ReimbursementsFilterBase);
export type ReimbursementsQuery = z.infer<typeof ReimbursementsQuerySchema>;
export const ReimbursementsExportQuerySchema = inOrderWithinYear(ReimbursementsFilterBase.extend({ format }));

export const ReimbursementGroupSchema = z.object({
  category_id: z.string(),
  category_name: z.string(),
  status: z.enum(CLAIM_STATUSES),
  count: z.number().int(),
  amount_paise: z.number().int(),
});
export type ReimbursementGroup = z.infer<typeof ReimbursementGroupSchema>;
export const ReimbursementsReportSchema = z.object({ groups: z.array(ReimbursementGroupSchema) });
export type ReimbursementsReport = z.infer<typeof ReimbursementsReportSchema>;
export const ReimbursementsReportResponseSchema = envelope(ReimbursementsReportSchema);

// ---------- Leave balances and usage by type ----------

/** Balance on `as_of`; days used from `from` to `to` (at most a year). */
const LeaveBalancesFilterBase = z.object({
  as_of: isoDate,
  from: isoDate,
  to: isoDate,
  leave_type_id: z.string().uuid({ message: 'must be a leave type id' }).optional(),
  division_id: uuid.optional(),
});
export const LeaveBalancesQuerySchema = inOrderWithinYear(LeaveBalancesFilterBase);
export type LeaveBalancesQuery = z.infer<typeof LeaveBalancesQuerySchema>;
export const LeaveBalancesExportQuerySchema = inOrderWithinYear(LeaveBalancesFilterBase.extend({ format }));

export const LeaveBalanceRowSchema = z.object({
  employee_id: z.string(),
  employee_code: z.string().nullable(),
  employee_name: z.string(),
  division_name: z.string().nullable(),
  leave_type_id: z.string(),
  leave_type_name: z.string(),
  balance: z.number(),
  used: z.number(),
});
export type LeaveBalanceRow = z.infer<typeof LeaveBalanceRowSchema>;
export const LeaveUsageByTypeSchema = z.object({
  leave_type_id: z.string(),
  leave_type_name: z.string(),
  used: z.number(),
  balance: z.number(),
  employees: z.number().int(),
});
export const LeaveBalancesReportSchema = z.object({
  by_type: z.array(LeaveUsageByTypeSchema),
  /** The first rows (employee × type); the export has them all. */
  rows: z.array(LeaveBalanceRowSchema),
  total_rows: z.number().int(),
});
export type LeaveBalancesReport = z.infer<typeof LeaveBalancesReportSchema>;
export const LeaveBalancesReportResponseSchema = envelope(LeaveBalancesReportSchema);
