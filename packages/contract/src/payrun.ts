import { z } from 'zod';
import { IsoDateSchema, IsoMonthSchema, MonthOfYearQuerySchema, YearQuerySchema, YearSchema } from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/**
 * Pay runs (issue 22): payable days, a run per company and month, its sheets (attendance, one-time
 * payouts, TDS overrides; opening year-to-date figures per financial year), compute on the job
 * runner, review with the difference from the last confirmed run and anomalies to acknowledge,
 * confirm, payslips (PDF) and the bank and statutory files of a confirmed run; the employee's own
 * payslips. Paths and query names are the specification's (section 7 "Pay run"); calls it does not
 * name are marked "not in the spec". Money is integer paise; days may be halves.
 */

const uuid = z.string().uuid();
const year = YearQuerySchema;
const month = MonthOfYearQuerySchema;
/** 'YYYY-MM'. */
const yearMonth = IsoMonthSchema;
const isoDate = IsoDateSchema;
/** '2026-27': the Indian financial year April 2026 to March 2027. */
export const FinancialYearSchema = z
  .string()
  .regex(/^(20|21)\d{2}-\d{2}$/, 'Use a financial year such as 2026-27')
  .refine(
    (fy) => (Number(fy.slice(2, 4)) + 1) % 100 === Number(fy.slice(5, 7)),
    'Use two consecutive years, such as 2026-27',
  );
const paise = z.number().int();
const days = z.number();

export const PayRunIdParamSchema = z.object({ id: uuid });
export const PayRunEmployeeParamSchema = z.object({ id: uuid, employeeId: uuid });

// ---- Statuses ---------------------------------------------------------------------------------

/**
 * draft: being prepared (sheets, attendance); computing: the job runner is computing payslips;
 * computed: ready for review (any change of an input sends it back to draft); confirmed: locked
 * forever with its payslips (corrections are lines of a later run).
 */
export const PAY_RUN_STATUSES = ['draft', 'computing', 'computed', 'confirmed'] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];
/** pending: the system's figures may still change; confirmed: taken for the run (sheet or system). */
export const PAY_RUN_ATTENDANCE_STATUSES = ['pending', 'confirmed'] as const;
export const PAYSLIPS_STATUSES = ['none', 'generating', 'generated'] as const;

export const PAY_RUN_SHEET_KINDS = ['attendance', 'onetime', 'tds'] as const;
export type PayRunSheetKind = (typeof PAY_RUN_SHEET_KINDS)[number];

// ---- Settings (not in the spec) ---------------------------------------------------------------

export const PRORATION_METHODS = ['calendar', 'fixed', 'working'] as const;
export type ProrationMethodName = (typeof PRORATION_METHODS)[number];

export const PayRunSettingsSchema = z.object({
  /** How a month's salary is divided into days: calendar days, a fixed number, or working days. */
  proration: z.enum(PRORATION_METHODS),
  /** For 'fixed': the number of days (26 to 31). */
  proration_fixed_days: z.number().int().nullable(),
  /** Days marked absent in attendance (no leave, no regularisation) count as loss of pay. */
  absent_as_lop: z.boolean(),
  /** Review flags a net pay that changed by more than this percentage from the last confirmed run. */
  net_change_threshold_percent: z.number(),
  /** Review flags a bank account changed within this many days before the pay date. */
  bank_cooling_off_days: z.number().int(),
  /** The administrator who confirms may not be the one who computed the run. */
  maker_checker: z.boolean(),
  /** Payslip PDFs are password-protected (first four letters of the PAN in capitals + year of birth). */
  payslip_password: z.boolean(),
  /** Each employee gets a mail when their payslip is ready. */
  mail_payslips: z.boolean(),
  /** Printed on payslips and used in the bank and statutory files. */
  legal_name: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  pan: z.string().nullable(),
  tan: z.string().nullable(),
  /** The company's account salaries are paid from (bank transfer file). */
  debit_account_number: z.string().nullable(),
  debit_ifsc: z.string().nullable(),
  debit_bank_name: z.string().nullable(),
});
export type PayRunSettings = z.infer<typeof PayRunSettingsSchema>;
export const PayRunSettingsResponseSchema = envelope(PayRunSettingsSchema);

const optText = (max: number) => z.string().trim().max(max).nullable().optional();
export const PayRunSettingsBodySchema = z
  .strictObject({
    proration: z.enum(PRORATION_METHODS).optional(),
    proration_fixed_days: z
      .number()
      .int()
      .min(26, 'At least 26 days')
      .max(31, 'At most 31 days')
      .nullable()
      .optional(),
    absent_as_lop: z.boolean().optional(),
    net_change_threshold_percent: z.number().min(1, 'At least 1%').max(100, 'At most 100%').optional(),
    bank_cooling_off_days: z
      .number()
      .int()
      .min(0, 'Zero or more days')
      .max(365, 'At most 365 days')
      .optional(),
    maker_checker: z.boolean().optional(),
    payslip_password: z.boolean().optional(),
    mail_payslips: z.boolean().optional(),
    legal_name: optText(200),
    address_line1: optText(200),
    address_line2: optText(200),
    city: optText(100),
    state: optText(100),
    postal_code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'A PIN code has six digits')
      .nullable()
      .optional(),
    pan: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{5}\d{4}[A-Z]$/, 'A PAN looks like AAAAA9999A')
      .nullable()
      .optional(),
    tan: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}\d{5}[A-Z]$/, 'A TAN looks like AAAA99999A')
      .nullable()
      .optional(),
    debit_account_number: z
      .string()
      .trim()
      .regex(/^\d{6,18}$/, 'An account number has 6 to 18 digits')
      .nullable()
      .optional(),
    debit_ifsc: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'An IFSC looks like HDFC0001234')
      .nullable()
      .optional(),
    debit_bank_name: optText(100),
  })
  .superRefine((v, ctx) => {
    if (v.proration === 'fixed' && v.proration_fixed_days == null) {
      ctx.addIssue({ code: 'custom', path: ['proration_fixed_days'], message: 'Give the number of days' });
    }
  });
export type PayRunSettingsBody = z.infer<typeof PayRunSettingsBodySchema>;

// ---- Payable days -----------------------------------------------------------------------------

/** `GET payrun/payable-days`: month, year, page, records (plus search, sortBy, sortOrder). */
export const PayableDaysQuerySchema = PageQuerySchema.extend({
  month,
  year,
  search: z.string().trim().max(100).optional(),
});
export type PayableDaysQuery = z.infer<typeof PayableDaysQuerySchema>;
export const PayableDaysDetailQuerySchema = z.object({ month, year });

/** One employee's days in a month, each figure from the days listed in the detail. */
export const PayableDaysRowSchema = z.object({
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  division: z.string().nullable(),
  /** The company's proration method for the month. */
  method: z.enum(PRORATION_METHODS),
  calendar_days: days,
  /** Days before joining or after the exit date. */
  outside_employment_days: days,
  weekly_off_days: days,
  holiday_days: days,
  /** The days a month's salary is divided by (calendar, fixed or working days). */
  basis_days: days,
  /** Approved unpaid leave. */
  leave_lop_days: days,
  /** Late-mark and early-exit penalties. */
  penalty_lop_days: days,
  /** Days marked absent with no leave or regularisation (when the company counts them). */
  absent_lop_days: days,
  lop_days: days,
  payable_days: days,
});
export type PayableDaysRow = z.infer<typeof PayableDaysRowSchema>;
export const PayableDaysListResponseSchema = pagedEnvelope(PayableDaysRowSchema);

/** `GET payrun/payable-days/{employeeId}` (not in the spec): which days make each figure. */
export const PayableDaysDetailSchema = PayableDaysRowSchema.extend({
  month: yearMonth,
  outside_employment_dates: z.array(isoDate),
  weekly_off_dates: z.array(isoDate),
  holidays: z.array(z.object({ date: isoDate, name: z.string() })),
  leave_lop: z.array(z.object({ date: isoDate, days, request_id: z.string(), leave_type: z.string() })),
  /** Each penalty (late marks, early exits) with the dates of the marks behind it. */
  penalties: z.array(z.object({ kind: z.string(), days, dates: z.array(isoDate) })),
  absent_dates: z.array(isoDate),
  /** Days locked by a confirmed pay run (they no longer change). */
  locked: z.boolean(),
});
export type PayableDaysDetail = z.infer<typeof PayableDaysDetailSchema>;
export const PayableDaysDetailResponseSchema = envelope(PayableDaysDetailSchema);

// ---- Pay runs ---------------------------------------------------------------------------------

/** `POST payrun`. */
export const PayRunCreateBodySchema = z.strictObject({
  month: MonthOfYearQuerySchema,
  year: YearQuerySchema,
  pay_date: isoDate,
});
export type PayRunCreateBody = z.infer<typeof PayRunCreateBodySchema>;

/** `GET payrun`: page, records, optional status=completed (confirmed runs). */
export const PayRunListQuerySchema = PageQuerySchema.extend({
  status: z.enum(['completed', ...PAY_RUN_STATUSES]).optional(),
  year: year.optional(),
});
export type PayRunListQuery = z.infer<typeof PayRunListQuerySchema>;

export const PayRunTotalsSchema = z.object({
  employees: z.number().int(),
  gross_paise: paise,
  deductions_paise: paise,
  net_paise: paise,
  employer_paise: paise,
  ctc_paise: paise,
});
export type PayRunTotals = z.infer<typeof PayRunTotalsSchema>;

export const PayRunSheetInfoSchema = z.object({
  import_id: z.string(),
  file_name: z.string(),
  rows: z.number().int(),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable(),
});

export const PayRunSchema = z.object({
  id: z.string(),
  /** 'YYYY-MM'. */
  month: yearMonth,
  year: YearSchema,
  month_number: z.number().int(),
  pay_date: isoDate,
  status: z.enum(PAY_RUN_STATUSES),
  attendance_status: z.enum(PAY_RUN_ATTENDANCE_STATUSES),
  payslips_status: z.enum(PAYSLIPS_STATUSES),
  /** Employees in the run, and how far computing and payslip generation have got. */
  progress: z.object({
    employees: z.number().int(),
    computed: z.number().int(),
    failed: z.number().int(),
    payslips: z.number().int(),
  }),
  totals: PayRunTotalsSchema.nullable(),
  anomalies: z.object({ total: z.number().int(), open: z.number().int() }),
  sheets: z.object({
    attendance: PayRunSheetInfoSchema.nullable(),
    onetime: PayRunSheetInfoSchema.nullable(),
    tds: PayRunSheetInfoSchema.nullable(),
  }),
  engine_version: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  computed_at: z.string().nullable(),
  computed_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  abilities: z.object({
    edit_inputs: z.boolean(),
    compute: z.boolean(),
    confirm: z.boolean(),
    delete: z.boolean(),
    generate_payslips: z.boolean(),
    download_files: z.boolean(),
  }),
  /** Why confirm is not allowed yet, in words (empty when it is). */
  confirm_blockers: z.array(z.string()),
});
export type PayRun = z.infer<typeof PayRunSchema>;
export const PayRunResponseSchema = envelope(PayRunSchema);
export const PayRunListResponseSchema = pagedEnvelope(PayRunSchema);

// ---- Sheets (attendance, one-time payouts, TDS; opening year-to-date) ------------------------

/** A row error of an uploaded sheet: row number as the spreadsheet shows it, and the column's header. */
export const SheetRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type SheetRowError = z.infer<typeof SheetRowErrorSchema>;

/** Preview of an attendance sheet row: the sheet's figures beside the system's. */
export const AttendanceSheetRowSchema = z.object({
  row: z.number().int(),
  employee_id: z.string().nullable(),
  employee_code: z.string(),
  employee_name: z.string(),
  system_lop_days: days.nullable(),
  sheet_lop_days: days.nullable(),
  /** sheet − system. */
  difference_days: days.nullable(),
  lop_reversal_days: days,
  /** 'YYYY-MM' of the earlier month whose loss of pay is paid back. */
  lop_reversal_month: z.string().nullable(),
});
export const OnetimeSheetRowSchema = z.object({
  row: z.number().int(),
  employee_id: z.string().nullable(),
  employee_code: z.string(),
  employee_name: z.string(),
  /** bonus, incentive, arrears, other earning, or a deduction. */
  payout_type: z.string(),
  label: z.string(),
  amount_paise: paise.nullable(),
  taxable: z.boolean(),
});
export const TdsSheetRowSchema = z.object({
  row: z.number().int(),
  employee_id: z.string().nullable(),
  employee_code: z.string(),
  employee_name: z.string(),
  tds_paise: paise.nullable(),
  reason: z.string(),
});
export const OpeningYtdRowSchema = z.object({
  row: z.number().int(),
  employee_id: z.string().nullable(),
  employee_code: z.string(),
  employee_name: z.string(),
  months_paid: z.number().int().nullable(),
  gross_paise: paise.nullable(),
  taxable_paise: paise.nullable(),
  basic_da_paise: paise.nullable(),
  hra_paise: paise.nullable(),
  pf_wage_paise: paise.nullable(),
  employee_pf_paise: paise.nullable(),
  employer_pf_paise: paise.nullable(),
  pt_paise: paise.nullable(),
  tds_paise: paise.nullable(),
  previous_employer_income_paise: paise.nullable(),
  previous_employer_tds_paise: paise.nullable(),
});

function sheetPreview<T extends z.ZodType>(row: T) {
  return z.object({
    /** Kept for the upload of the same file (the content's hash). */
    import_id: z.string(),
    file_name: z.string(),
    rows_total: z.number().int(),
    rows_valid: z.number().int(),
    errors: z.array(SheetRowErrorSchema),
    rows: z.array(row),
    /** This exact file is already the run's sheet: uploading it again changes nothing. */
    already_uploaded: z.boolean(),
  });
}
export const AttendanceSheetPreviewSchema = sheetPreview(AttendanceSheetRowSchema);
export const OnetimeSheetPreviewSchema = sheetPreview(OnetimeSheetRowSchema);
export const TdsSheetPreviewSchema = sheetPreview(TdsSheetRowSchema);
export const OpeningYtdPreviewSchema = sheetPreview(OpeningYtdRowSchema);
export type AttendanceSheetPreview = z.infer<typeof AttendanceSheetPreviewSchema>;
export type OnetimeSheetPreview = z.infer<typeof OnetimeSheetPreviewSchema>;
export type TdsSheetPreview = z.infer<typeof TdsSheetPreviewSchema>;
export type OpeningYtdPreview = z.infer<typeof OpeningYtdPreviewSchema>;
export const AttendanceSheetPreviewResponseSchema = envelope(AttendanceSheetPreviewSchema);
export const OnetimeSheetPreviewResponseSchema = envelope(OnetimeSheetPreviewSchema);
export const TdsSheetPreviewResponseSchema = envelope(TdsSheetPreviewSchema);
export const OpeningYtdPreviewResponseSchema = envelope(OpeningYtdPreviewSchema);

/** The previews and templates of a run's sheets name the run in the query (the spec's paths have no id). */
export const PayRunSheetQuerySchema = z.object({ payrun_id: uuid });
export const OpeningYtdQuerySchema = z.object({ financial_year: FinancialYearSchema });
export const OpeningYtdListQuerySchema = PageQuerySchema.extend({
  financial_year: FinancialYearSchema,
  search: z.string().trim().max(100).optional(),
});
export const OpeningYtdListResponseSchema = pagedEnvelope(OpeningYtdRowSchema.omit({ row: true }));

// ---- Review -----------------------------------------------------------------------------------

export const ANOMALY_KINDS = [
  'net_change',
  'zero_or_negative_net',
  'missing_bank_account',
  'missing_uan',
  'exited_paid',
  'joined_not_paid',
  'bank_account_changed',
  'tds_shortfall',
  'no_salary',
  'compute_failed',
] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];

export const AnomalySchema = z.object({
  id: z.string(),
  employee_id: z.string().nullable(),
  employee_code: z.string().nullable(),
  employee_name: z.string().nullable(),
  kind: z.enum(ANOMALY_KINDS),
  /** In words, with the figures. */
  message: z.string(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type Anomaly = z.infer<typeof AnomalySchema>;

export const ComponentTotalSchema = z.object({
  code: z.string(),
  label: z.string(),
  kind: z.enum(['earning', 'deduction', 'employer']),
  amount_paise: paise,
  /** The same component in the last confirmed run (null when there is none). */
  previous_paise: paise.nullable(),
  difference_paise: paise.nullable(),
});
export const DivisionTotalSchema = z.object({
  division: z.string(),
  employees: z.number().int(),
  gross_paise: paise,
  net_paise: paise,
  previous_net_paise: paise.nullable(),
});

export const ReviewEmployeeSchema = z.object({
  payslip_id: z.string(),
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  division: z.string().nullable(),
  status: z.enum(['pending', 'computed', 'failed']),
  payable_days: days.nullable(),
  lop_days: days.nullable(),
  gross_paise: paise.nullable(),
  deductions_paise: paise.nullable(),
  net_paise: paise.nullable(),
  previous_net_paise: paise.nullable(),
  net_change_paise: paise.nullable(),
  anomalies: z.array(z.enum(ANOMALY_KINDS)),
  error: z.string().nullable(),
});
export type ReviewEmployee = z.infer<typeof ReviewEmployeeSchema>;

/** `GET payrun/review/{id}`: page and records page the employees; `only` narrows them. */
export const PayRunReviewQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  only: z.enum(['anomalies', 'changed', 'failed']).optional(),
});
export type PayRunReviewQuery = z.infer<typeof PayRunReviewQuerySchema>;

export const PayRunReviewSchema = z.object({
  run: PayRunSchema,
  /** The last confirmed run before this one, which the differences are taken from. */
  previous_run: z.object({ id: z.string(), month: yearMonth }).nullable(),
  by_component: z.array(ComponentTotalSchema),
  by_division: z.array(DivisionTotalSchema),
  anomalies: z.array(AnomalySchema),
  employees: z.array(ReviewEmployeeSchema),
  employees_total: z.number().int(),
});
export type PayRunReview = z.infer<typeof PayRunReviewSchema>;
export const PayRunReviewResponseSchema = envelope(PayRunReviewSchema);

/** `PUT payrun/{id}/anomalies/acknowledge` (not in the spec): who, when and why. */
export const AnomalyAckBodySchema = z.strictObject({
  ids: z.array(uuid).min(1, 'Choose at least one').max(10_000),
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
});
export type AnomalyAckBody = z.infer<typeof AnomalyAckBodySchema>;

// ---- Payslips ---------------------------------------------------------------------------------

export const PayslipLineSchema = z.object({
  code: z.string(),
  label: z.string(),
  kind: z.enum(['earning', 'deduction', 'employer', 'info']),
  base_paise: paise.nullable(),
  /** Basis points (1% = 100). */
  rate_bp: z.number().int().nullable(),
  amount_paise: paise,
  /** Plain words: what it is, its inputs, the rule and the arithmetic. */
  explain: z.string(),
  /** The law or setting the figure follows, in words. */
  rule: z.string(),
  show: z.boolean(),
  /** The same line on the last confirmed payslip (admin review only; null when none). */
  previous_paise: paise.nullable(),
});
export type PayslipLine = z.infer<typeof PayslipLineSchema>;

export const PayslipSchema = z.object({
  id: z.string(),
  run_id: z.string(),
  month: yearMonth,
  pay_date: isoDate,
  confirmed: z.boolean(),
  employee: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    designation: z.string().nullable(),
    division: z.string().nullable(),
    date_of_joining: isoDate.nullable(),
    pan_masked: z.string().nullable(),
    uan: z.string().nullable(),
    esi_number: z.string().nullable(),
    bank_name: z.string().nullable(),
    bank_account_masked: z.string().nullable(),
  }),
  days: z.object({ basis: days, outside_employment: days, lop: days, payable: days }),
  lines: z.array(PayslipLineSchema),
  gross_paise: paise,
  deductions_paise: paise,
  net_paise: paise,
  net_in_words: z.string(),
  employer_paise: paise,
  ctc_paise: paise,
  ytd: z.object({
    gross_paise: paise,
    tds_paise: paise,
    employee_pf_paise: paise,
    pt_paise: paise,
    months: z.number().int(),
  }),
  notes: z.array(z.string()),
  engine_version: z.string(),
  /** Set when the explanations could not be reproduced exactly (see ADR); the figures shown are the stored ones. */
  explanation_warning: z.string().nullable(),
  /** Which salary revision the run used. */
  salary: z.object({ id: z.string().nullable(), effective_from: isoDate.nullable() }),
  has_pdf: z.boolean(),
});
export type Payslip = z.infer<typeof PayslipSchema>;
export const PayslipResponseSchema = envelope(PayslipSchema);

/** The employee's own payslips (`user/documents/payslips`): list by month. */
export const MyPayslipSummarySchema = z.object({
  id: z.string(),
  month: yearMonth,
  pay_date: isoDate,
  gross_paise: paise,
  deductions_paise: paise,
  net_paise: paise,
  has_pdf: z.boolean(),
});
export type MyPayslipSummary = z.infer<typeof MyPayslipSummarySchema>;
export const MyPayslipListQuerySchema = PageQuerySchema.extend({ year: year.optional() });
export const MyPayslipListResponseSchema = pagedEnvelope(MyPayslipSummarySchema);
export const PayslipIdParamSchema = z.object({ id: uuid });

// ---- Files of a confirmed run ----------------------------------------------------------------

export const PAY_RUN_FILE_KINDS = [
  'bank-transfer-csv',
  'bank-hdfc',
  'epf-ecr',
  'esi-contribution',
  'pt-summary',
  'lwf-summary',
  'pay-register',
  'journal-csv',
  'tally-xml',
] as const;
export type PayRunFileKind = (typeof PAY_RUN_FILE_KINDS)[number];
export const PayRunFileParamSchema = z.object({ id: uuid, kind: z.enum(PAY_RUN_FILE_KINDS) });

/** Each file's name in words, for the download buttons. */
export const PAY_RUN_FILE_LABELS: Record<PayRunFileKind, string> = {
  'bank-transfer-csv': 'Bank transfer (CSV)',
  'bank-hdfc': 'HDFC Bank bulk upload',
  'epf-ecr': 'EPF ECR',
  'esi-contribution': 'ESI monthly contribution',
  'pt-summary': 'Professional tax summary',
  'lwf-summary': 'Labour welfare fund summary',
  'pay-register': 'Pay register (.xlsx)',
  'journal-csv': 'Accounting journal (CSV)',
  'tally-xml': 'Tally XML voucher',
};

/** `GET payrun/{id}/files` (not in the spec): the files of a confirmed run and who each leaves out. */
export const PayRunFileInfoSchema = z.object({
  kind: z.enum(PAY_RUN_FILE_KINDS),
  label: z.string(),
  file_name: z.string(),
  /** Employees the file could not carry (no UAN, no bank account ...), with the reason in words. */
  left_out: z.array(z.object({ employee_code: z.string(), name: z.string(), reason: z.string() })),
});
export type PayRunFileInfo = z.infer<typeof PayRunFileInfoSchema>;
export const PayRunFileListResponseSchema = envelope(z.array(PayRunFileInfoSchema));
