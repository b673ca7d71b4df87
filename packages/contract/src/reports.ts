import { z } from 'zod';
import { IsoMonthSchema, IsoDateSchema as isoDate } from './dates';
import { envelope, PageMetaSchema, pagedEnvelope, SORT_ORDERS } from './envelope';

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

// ---------- Payroll register and statutory summaries (issue 22) ----------

/**
 * Confirmed pay runs of the months `from`..`to` (a single run is one month: from = to). Only the
 * payslips' stored lines are read, never recomputed; a run not yet confirmed is left out.
 */
const PayrollFilterBase = z.object({
  from: IsoMonthSchema,
  to: IsoMonthSchema,
  division_id: uuid.optional(),
  /** Part of an employee code or name, as on the payslip. */
  search: z.string().trim().max(100, { message: 'at most 100 characters' }).optional(),
});
export const PayrollRegisterQuerySchema = checkMonths(
  PayrollFilterBase.extend({
    page: z.coerce.number().int().min(1).default(1),
    records: z.coerce.number().int().min(1).max(100).default(25),
  }),
);
export type PayrollRegisterQuery = z.infer<typeof PayrollRegisterQuerySchema>;
export type PayrollRegisterFilter = z.infer<typeof PayrollFilterBase>;
export const PayrollRegisterExportQuerySchema = checkMonths(PayrollFilterBase.extend({ format }));
export const PayrollStatutoryQuerySchema = checkMonths(PayrollFilterBase.omit({ search: true }));
export type PayrollStatutoryQuery = z.infer<typeof PayrollStatutoryQuerySchema>;

/** A column of pay lines: every code paid in the months chosen, in payslip order within its kind. */
export const RegisterColumnSchema = z.object({
  code: z.string(),
  label: z.string(),
  kind: z.enum(['earning', 'deduction', 'employer']),
});
export type RegisterColumn = z.infer<typeof RegisterColumnSchema>;

const paise = z.number().int();
export const RegisterRowSchema = z.object({
  payslip_id: z.string(),
  employee_id: z.string(),
  month: IsoMonthSchema,
  employee_code: z.string(),
  employee_name: z.string(),
  division_name: z.string().nullable(),
  payable_days: z.number().nullable(),
  lop_days: z.number().nullable(),
  /** Amount by line code (paise); a code the payslip does not have is absent. */
  amounts: z.record(z.string(), paise),
  gross_paise: paise,
  deductions_paise: paise,
  net_paise: paise,
  employer_paise: paise,
});
export type RegisterRow = z.infer<typeof RegisterRowSchema>;

export const RegisterTotalsSchema = z.object({
  /** Payslips (one employee in one month). */
  payslips: z.number().int(),
  employees: z.number().int(),
  amounts: z.record(z.string(), paise),
  gross_paise: paise,
  deductions_paise: paise,
  net_paise: paise,
  employer_paise: paise,
});
export type RegisterTotals = z.infer<typeof RegisterTotalsSchema>;

export const PayrollRegisterSchema = z.object({
  columns: z.array(RegisterColumnSchema),
  /** One page of rows; `totals` are over every row of the filter. */
  rows: z.array(RegisterRowSchema),
  totals: RegisterTotalsSchema,
  /** Months of the range with no confirmed pay run (nothing of theirs is counted). */
  months_without_run: z.array(IsoMonthSchema),
});
export type PayrollRegister = z.infer<typeof PayrollRegisterSchema>;
export const PayrollRegisterResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: PayrollRegisterSchema,
  meta: PageMetaSchema,
});

export const StatutoryMonthSchema = z.object({
  month: IsoMonthSchema,
  employees: z.number().int(),
  gross_paise: paise,
  net_paise: paise,
  /** Employee and employer shares together: EPF with EPS, EDLI and admin charges; ESI; LWF. */
  epf_paise: paise,
  esi_paise: paise,
  pt_paise: paise,
  lwf_paise: paise,
  tds_paise: paise,
});
export type StatutoryMonth = z.infer<typeof StatutoryMonthSchema>;

export const PayrollStatutorySchema = z.object({
  months: z.array(StatutoryMonthSchema),
  months_without_run: z.array(IsoMonthSchema),
  epf: z.object({
    /** Employees with an EPF line in any month of the range. */
    members: z.number().int(),
    wages_paise: paise,
    employee_paise: paise,
    vpf_paise: paise,
    employer_epf_paise: paise,
    eps_paise: paise,
    edli_paise: paise,
    admin_paise: paise,
  }),
  esi: z.object({ ips: z.number().int(), wages_paise: paise, employee_paise: paise, employer_paise: paise }),
  pt: z.array(z.object({ state: z.string(), employees: z.number().int(), amount_paise: paise })),
  lwf: z.array(
    z.object({
      state: z.string(),
      employees: z.number().int(),
      employee_paise: paise,
      employer_paise: paise,
    }),
  ),
  tds: z.object({ employees: z.number().int(), amount_paise: paise }),
});
export type PayrollStatutory = z.infer<typeof PayrollStatutorySchema>;
export const PayrollStatutoryResponseSchema = envelope(PayrollStatutorySchema);
