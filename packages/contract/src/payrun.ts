import { z } from 'zod';
import { IsoDateSchema, IsoMonthSchema, MonthOfYearQuerySchema, YearQuerySchema, YearSchema } from './dates';
import { ErrorEnvelopeSchema, envelope, PageQuerySchema, pagedEnvelope } from './envelope';

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
  /**
   * While generating: when the last payslip PDF was made, if that was over five minutes ago (its
   * worker has stopped; `generate_payslips` is then allowed, to resume). Null otherwise.
   */
  payslips_stalled_at: z.string().nullable(),
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

/**
 * A row error of an uploaded sheet: the row number as the spreadsheet shows it (the header is row
 * 1), the column's header, and the whole sentence in words ("Row 7, LOP days: more than the 20 days
 * Priya Sharma was employed in Nov 2026").
 */
export const SheetRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type SheetRowError = z.infer<typeof SheetRowErrorSchema>;

/** The sheet's one-time payout types, as written in the sheet, and their codes. */
export const ONETIME_PAYOUT_TYPES = {
  bonus: 'Bonus',
  incentive: 'Incentive',
  arrears: 'Arrears',
  other_earning: 'Other earning',
  deduction: 'Deduction',
} as const;
export type OnetimePayoutType = keyof typeof ONETIME_PAYOUT_TYPES;

/** Over this a sheet's amount is refused as a typing error (₹1 crore). */
export const SHEET_AMOUNT_MAX_PAISE = 1_000_000_000;
/** Opening year-to-date figures cover up to a year: ₹1 crore a month. */
export const OPENING_YTD_MAX_PAISE = 12 * SHEET_AMOUNT_MAX_PAISE;

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "Oct 2026", "October 2026", "Oct-2026", "2026-10", "2026-10-01" (a date cell), "10/2026" → '2026-10'. */
export function sheetMonthOf(text: string): string | null {
  const t = text.trim().toLowerCase();
  const iso = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?$/.exec(t);
  const numeric = /^(\d{1,2})[/-](\d{4})$/.exec(t);
  const named = /^([a-z]{3,9})[\s,-]+(\d{4})$/.exec(t);
  let y = 0;
  let m = 0;
  if (iso) {
    y = Number(iso[1]);
    m = Number(iso[2]);
  } else if (numeric) {
    y = Number(numeric[2]);
    m = Number(numeric[1]);
  } else if (named) {
    const name = named[1]!.replace(/^sept$/, 'sep');
    m = MONTH_NAMES.findIndex((n) => n.startsWith(name)) + 1;
    y = Number(named[2]);
  }
  if (m < 1 || m > 12 || y < 1900 || y > 2199) return null;
  return `${y}-${String(m).padStart(2, '0')}`;
}

/**
 * Rupees as typed in a sheet ("2,500", "₹ 2500.50", a number cell) to integer paise; null when it
 * is not an amount; NaN when it has fractions of a paisa.
 */
export function sheetPaiseOf(text: string): number | null {
  const t = text.replace(/₹|\brs\.?|\binr\b|,|\s/gi, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  const paise = Math.round(n * 100);
  // A number cell may carry binary noise (123.45000000000002); a third decimal is a real fraction.
  return Math.abs(n * 100 - paise) > 1e-6 ? Number.NaN : paise;
}

const issue = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** Each schema below reads one cell's text and says what is wrong in words (after "Row 7, Amount: "). */
const sheetCode = z.string().transform((v, ctx) => {
  const t = v.trim();
  if (!t) return issue(ctx, 'give the employee code');
  if (t.length > 40) return issue(ctx, 'an employee code has at most 40 characters');
  return t;
});

const sheetText = (max: number, required: string, min = 1) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (!t) return issue(ctx, required);
    if (t.length < min) return issue(ctx, `write at least ${min} characters`);
    if (t.length > max) return issue(ctx, `at most ${max} characters`);
    return t;
  });

/** Whole or half days, from 0; blank is `blank` (null: required). */
const sheetDays = (blank: number | null, required = 'give the days (0 when none)') =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (!t) return blank === null ? issue(ctx, required) : blank;
    if (!/^\d+(\.\d+)?$/.test(t) && !/^\.\d+$/.test(t)) {
      return issue(
        ctx,
        `"${t.slice(0, 20)}" is not a number of days: write whole or half days, such as 2 or 1.5`,
      );
    }
    const n = Number(t);
    if (Math.abs(n * 2 - Math.round(n * 2)) > 1e-9)
      return issue(ctx, 'use whole or half days, such as 2 or 1.5');
    if (n > 31) return issue(ctx, 'a month has at most 31 days');
    return Math.round(n * 2) / 2;
  });

/** Rupees to paise: blank is `blank` (null: required); `min` 0 or 1 paisa; at most `max` paise. */
const sheetRupees = (opts: { blank: number | null; required?: string; allowZero: boolean; max: number }) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (!t)
      return opts.blank === null ? issue(ctx, opts.required ?? 'give the amount in rupees') : opts.blank;
    const p = sheetPaiseOf(t);
    if (p === null)
      return issue(ctx, `"${t.slice(0, 20)}" is not an amount: write rupees, such as 2500 or 2500.50`);
    if (Number.isNaN(p)) return issue(ctx, 'use at most two decimals (paise)');
    if (p < 0) return issue(ctx, 'an amount cannot be negative');
    if (p === 0 && !opts.allowZero) return issue(ctx, 'the amount must be more than ₹0');
    if (p > opts.max) {
      return issue(
        ctx,
        `₹${(p / 100).toLocaleString('en-IN')} is more than ₹${(opts.max / 100).toLocaleString('en-IN')}: check the figure`,
      );
    }
    return p;
  });

const sheetMonth = z.string().transform((v, ctx) => {
  const t = v.trim();
  if (!t) return null;
  return sheetMonthOf(t) ?? issue(ctx, `"${t.slice(0, 20)}" is not a month: write it as Oct 2026 or 2026-10`);
});

/**
 * An attendance sheet row as uploaded. Employee name and system LOP days are in the template for
 * people and not read. The days are checked against the employee's month by the API (days
 * employed, an earlier month for a reversal).
 */
export const AttendanceSheetInputSchema = z
  .object({
    employee_code: sheetCode,
    lop_days: sheetDays(null, 'give the LOP days (0 when none)'),
    lop_reversal_days: sheetDays(0),
    lop_reversal_month: sheetMonth,
  })
  .superRefine((v, ctx) => {
    if (v.lop_reversal_days > 0 && !v.lop_reversal_month) {
      ctx.addIssue({
        code: 'custom',
        path: ['lop_reversal_month'],
        message: 'give the earlier month whose loss of pay is paid back, such as Oct 2026',
      });
    }
    if (v.lop_reversal_month && v.lop_reversal_days === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['lop_reversal_days'],
        message: 'give the days paid back for that month, or leave the month empty',
      });
    }
  });
export type AttendanceSheetInput = z.infer<typeof AttendanceSheetInputSchema>;

const payoutType = z.string().transform((v, ctx) => {
  const t = v
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (!t) return issue(ctx, `give the type: ${Object.values(ONETIME_PAYOUT_TYPES).join(', ')}`);
  const found = (Object.entries(ONETIME_PAYOUT_TYPES) as [OnetimePayoutType, string][]).find(
    ([, label]) => label.toLowerCase() === t,
  );
  return found
    ? found[0]
    : issue(
        ctx,
        `"${v.trim().slice(0, 30)}" is not a type: use ${Object.values(ONETIME_PAYOUT_TYPES).join(', ')}`,
      );
});

/** A one-time payout or deduction: who, which type, the words shown on the payslip, the amount. */
export const OnetimeSheetInputSchema = z.object({
  employee_code: sheetCode,
  payout_type: payoutType,
  description: sheetText(100, 'give the description shown on the payslip'),
  amount: sheetRupees({ blank: null, allowZero: false, max: SHEET_AMOUNT_MAX_PAISE }),
});
export type OnetimeSheetInput = z.infer<typeof OnetimeSheetInputSchema>;

/** The TDS to deduct this month instead of the computed figure; zero is a figure (deduct none). */
export const TdsSheetInputSchema = z.object({
  employee_code: sheetCode,
  tds: sheetRupees({
    blank: null,
    required: 'give the TDS for the month in rupees (0 to deduct none)',
    allowZero: true,
    max: SHEET_AMOUNT_MAX_PAISE,
  }),
  reason: sheetText(500, 'say why the computed TDS is overridden', 3),
});
export type TdsSheetInput = z.infer<typeof TdsSheetInputSchema>;

const ytdRupees = sheetRupees({ blank: 0, allowZero: true, max: OPENING_YTD_MAX_PAISE });
/** Year-to-date figures before the company's first run of the year; a blank figure is ₹0. */
export const OpeningYtdInputSchema = z.object({
  employee_code: sheetCode,
  months_paid: z.string().transform((v, ctx) => {
    const t = v.trim();
    if (!t) return 0;
    if (!/^\d{1,2}$/.test(t) || Number(t) > 12) return issue(ctx, 'write the months paid, 0 to 12');
    return Number(t);
  }),
  gross: ytdRupees,
  taxable: ytdRupees,
  basic_da: ytdRupees,
  hra: ytdRupees,
  pf_wage: ytdRupees,
  employee_pf: ytdRupees,
  employer_pf: ytdRupees,
  pt: ytdRupees,
  tds: ytdRupees,
  previous_employer_income: ytdRupees,
  previous_employer_tds: ytdRupees,
});
export type OpeningYtdInput = z.infer<typeof OpeningYtdInputSchema>;

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
  /** bonus, incentive, arrears, other_earning or deduction (ONETIME_PAYOUT_TYPES). */
  payout_type: z.string(),
  label: z.string(),
  amount_paise: paise.nullable(),
  /** The statutory treatment the type carries (see the template's notes). */
  taxable: z.boolean(),
  epf_wage: z.boolean(),
  esi_wage: z.boolean(),
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
    /**
     * The stored preview (the sheet's content, identified by its hash): upload it with
     * `{ "import_id": ... }` instead of sending the file again.
     */
    import_id: z.string(),
    file_name: z.string(),
    rows_total: z.number().int(),
    rows_valid: z.number().int(),
    errors: z.array(SheetRowErrorSchema),
    rows: z.array(row),
    /** What else to know, in words (e.g. employees of the month the sheet leaves out). */
    notes: z.array(z.string()),
    /** This exact content is already the current sheet: uploading it again changes nothing. */
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

/**
 * An upload (`POST payrun/upload-*`) sends the file again (multipart, field "file") or names the
 * stored preview as JSON: `{ "import_id": ... }` (not in the spec).
 */
export const SheetUploadBodySchema = z.strictObject({ import_id: uuid });

/** The 400 of an upload with bad rows: nothing was stored; each error names its row and column. */
export const SheetUploadErrorResponseSchema = ErrorEnvelopeSchema.extend({
  errors: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        row: z.number().int().optional(),
        column: z.string().optional(),
      }),
    )
    .optional(),
});

/** The previews and templates of a run's sheets name the run in the query (the spec's paths have no id). */
export const PayRunSheetQuerySchema = z.object({ payrun_id: uuid });
export const OpeningYtdQuerySchema = z.object({ financial_year: FinancialYearSchema });
export const OpeningYtdListQuerySchema = PageQuerySchema.extend({
  financial_year: FinancialYearSchema,
  search: z.string().trim().max(100).optional(),
});
export const OpeningYtdListResponseSchema = pagedEnvelope(OpeningYtdRowSchema.omit({ row: true }));
/** `POST payrun/upload-opening-ytd`: the year's opening figures now in force. */
export const OpeningYtdUploadResponseSchema = envelope(
  z.object({
    financial_year: z.string(),
    import_id: z.string(),
    employees: z.number().int(),
    /** False when this exact sheet was already the year's: nothing changed. */
    changed: z.boolean(),
  }),
);

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

/**
 * `GET payrun/{id}/automatic-items` (not in the spec): the lines computing the run adds by itself —
 * approved reimbursements not yet paid, leave encashed in the month, arrears of back-dated salary
 * revisions, loss of pay paid back — each named and explained. Before compute they are worked out
 * as things stand now; once computed, they are the ones the run took.
 */
export const PAY_RUN_AUTOMATIC_SOURCES = ['reimbursement', 'encashment', 'arrears', 'lop_reversal'] as const;
export const PayRunAutomaticItemSchema = z.object({
  employee_id: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  source: z.enum(PAY_RUN_AUTOMATIC_SOURCES),
  kind: z.enum(['earning', 'deduction']),
  label: z.string(),
  amount_paise: paise,
  explain: z.string(),
});
export type PayRunAutomaticItem = z.infer<typeof PayRunAutomaticItemSchema>;
export const PayRunAutomaticItemsSchema = z.object({
  /** True once the run is computed: the items are those it took, not worked out again. */
  taken: z.boolean(),
  items: z.array(PayRunAutomaticItemSchema),
});
export type PayRunAutomaticItems = z.infer<typeof PayRunAutomaticItemsSchema>;
export const PayRunAutomaticItemsResponseSchema = envelope(PayRunAutomaticItemsSchema);

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
  /** The PDF is generated (`GET payslips/{id}/pdf`, `GET payrun/{id}/payslips/{employeeId}/pdf`). */
  has_pdf: z.boolean(),
  /** How the PDF opens when it is password-protected, in words (never the password); null: not protected. */
  pdf_password_hint: z.string().nullable(),
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

/**
 * `POST payrun/payslips/{id}` (no body: make the PDFs still missing). `regenerate`: make every
 * payslip's PDF again with today's settings (password, company details), each new file replacing the
 * old one when it is ready.
 */
export const PayslipsGenerateBodySchema = z.strictObject({ regenerate: z.boolean().optional() });
export type PayslipsGenerateBody = z.infer<typeof PayslipsGenerateBodySchema>;

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
