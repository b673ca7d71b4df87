import { z } from 'zod';
import { RequestAbilitiesSchema } from './abilities';
import { ApprovalStateSchema } from './approvals';
import {
  IsoMonthSchema,
  IsoDateSchema as isoDate,
  MonthOfYearQuerySchema,
  MonthOfYearSchema,
  YearQuerySchema,
  YearSchema,
} from './dates';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/**
 * Expense claims (reimbursements, spec section 7 "Expenses"). Amounts are integer paise. The add
 * and update calls turn empty or missing optional fields into null (spec section 5): an update
 * replaces the whole claim.
 */

/** 'draft': saved by its owner and not submitted (seen by nobody else, counted nowhere). */
export const EXPENSE_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'cancelled', 'paid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
/** The statuses a reimbursement queue or report shows (a draft is its owner's alone). */
export const EXPENSE_QUEUE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'paid'] as const;
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  draft: 'Draft',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Withdrawn',
  paid: 'Paid',
};
export const PAYOUT_MODES = ['payroll', 'outside'] as const;
export const PAYOUT_MODE_LABELS: Record<(typeof PAYOUT_MODES)[number], string> = {
  payroll: 'Through payroll',
  outside: 'Outside payroll',
};

/** One claim may not exceed ₹10,00,000 whatever the category says. */
export const EXPENSE_MAX_PAISE = 100_000_000;

/** '' / undefined / null become null; anything else must pass `schema`. */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    schema.nullable(),
  );
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

export const ExpenseInputSchema = z.strictObject({
  category_id: z.string().uuid('Choose a category'),
  expense_date: isoDate,
  /** Typed in, except for a per-km category where the server computes it from the distance. */
  amount_paise: orNull(
    z
      .number()
      .int('Whole paise only')
      .positive('Enter an amount above zero')
      .max(EXPENSE_MAX_PAISE, 'At most ₹10,00,000 per claim'),
  ),
  merchant: orNull(text(120)),
  description: orNull(text(1000)),
  bill_number: orNull(text(60)),
  receipt_file_id: orNull(z.string().uuid('Not a file id')),
  travel_from: orNull(text(120)),
  travel_to: orNull(text(120)),
  distance_km: orNull(z.number().positive('Enter a distance above zero').max(5000, 'At most 5,000 km')),
});
export type ExpenseInput = z.input<typeof ExpenseInputSchema>;

/**
 * The body of addexpense / updateexpense: a claim, and `submit` (default true). `submit: false`
 * saves a draft: only the category is required, and what is given is still checked; submitting
 * (`submit` true, or PUT expenses/submit?expense_id=) runs the full validation of a new claim.
 */
export const ExpenseSaveSchema = ExpenseInputSchema.extend({
  expense_date: orNull(isoDate),
  submit: z.boolean().optional(),
});
export type ExpenseSaveInput = z.input<typeof ExpenseSaveSchema>;

export const ExpenseIdQuerySchema = z.object({ expense_id: z.string().uuid() });

export const ExpenseListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['expense_date', 'amount_paise', 'created_at']).default('expense_date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  category_id: z.string().uuid().optional(),
  status: z.enum(EXPENSE_STATUSES).optional(),
  year: YearQuerySchema.optional(),
  month: MonthOfYearQuerySchema.optional(),
});
export type ExpenseListQuery = z.infer<typeof ExpenseListQuerySchema>;

export const ExpenseCategorySchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  requires_travel: z.boolean(),
  rate_per_km_paise: z.number().int().nullable(),
  max_per_claim_paise: z.number().int().nullable(),
  max_per_month_paise: z.number().int().nullable(),
  receipt_required_over_paise: z.number().int().nullable(),
  claim_window_days: z.number().int(),
  is_active: z.boolean(),
});
export type ExpenseCategory = z.infer<typeof ExpenseCategorySchema>;

const paise = z.number().int().positive().max(EXPENSE_MAX_PAISE);
/** An administrator's settings of a category. */
export const ExpenseCategoryInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(60),
  requires_travel: z.boolean().default(false),
  rate_per_km_paise: paise.nullable().default(null),
  max_per_claim_paise: paise.nullable().default(null),
  max_per_month_paise: paise.nullable().default(null),
  receipt_required_over_paise: z.number().int().min(0).max(EXPENSE_MAX_PAISE).nullable().default(null),
  claim_window_days: z.number().int().min(1).max(366).default(60),
  is_active: z.boolean().default(true),
});
export type ExpenseCategoryInput = z.input<typeof ExpenseCategoryInputSchema>;

export const ExpenseSchema = z.object({
  id: z.string().uuid(),
  employee_id: z.string().uuid(),
  employee_code: z.string().nullable(),
  employee_name: z.string(),
  category_id: z.string().uuid(),
  category_name: z.string(),
  /** Null only on a draft. */
  expense_date: isoDate.nullable(),
  amount_paise: z.number().int().nullable(),
  merchant: z.string().nullable(),
  description: z.string().nullable(),
  bill_number: z.string().nullable(),
  receipt_file_id: z.string().uuid().nullable(),
  /** Where the receipt downloads from (the files module), when there is one. */
  receipt_url: z.string().nullable(),
  travel_from: z.string().nullable(),
  travel_to: z.string().nullable(),
  distance_km: z.number().nullable(),
  status: z.enum(EXPENSE_STATUSES),
  payout_mode: z.enum(PAYOUT_MODES).nullable(),
  payout_reference: z.string().nullable(),
  paid_on: isoDate.nullable(),
  created_at: z.string(),
  approval: ApprovalStateSchema.nullable(),
  abilities: RequestAbilitiesSchema.extend({ edit: z.boolean(), delete: z.boolean(), pay: z.boolean() }),
});
export type Expense = z.infer<typeof ExpenseSchema>;

export const ExpenseResponseSchema = envelope(ExpenseSchema);

/**
 * What approving a claim means, for the approver's drawer: the category's limits with what the
 * employee has claimed in it that month, and all their claims of the claim's month.
 */
export const ExpenseDecisionContextSchema = z.object({
  /** The claim's month, YYYY-MM (the month its monthly limit counts). */
  month: IsoMonthSchema,
  category: z.object({
    name: z.string(),
    max_per_claim_paise: z.number().int().nullable(),
    max_per_month_paise: z.number().int().nullable(),
    /** Pending, approved and paid claims of the category that month, this one included. */
    month_total_paise: z.number().int(),
  }),
  /** Every pending, approved or paid claim of the employee that month, this one included. */
  month_claims: z.object({ count: z.number().int(), total_paise: z.number().int() }),
});
export type ExpenseDecisionContext = z.infer<typeof ExpenseDecisionContextSchema>;
export const ExpenseDecisionContextResponseSchema = envelope(ExpenseDecisionContextSchema);
export const ExpensePageSchema = pagedEnvelope(ExpenseSchema);

export const ExpenseDropdownsSchema = envelope(
  z.object({
    categories: z.array(ExpenseCategorySchema),
    statuses: z.array(z.object({ value: z.enum(EXPENSE_STATUSES), label: z.string() })),
    /** Today in the company's time zone: the latest date a claim may carry. */
    today: z.string(),
  }),
);
export const ExpenseCategoryResponseSchema = envelope(ExpenseCategorySchema);
export const ExpenseCategoryListSchema = envelope(z.array(ExpenseCategorySchema));

const totals = z.object({ count: z.number().int(), amount_paise: z.number().int() });
export const ExpenseSummarySchema = z.object({
  pending: totals,
  approved: totals,
  rejected: totals,
  paid: totals,
});
export type ExpenseSummary = z.infer<typeof ExpenseSummarySchema>;
export const ExpenseSummaryResponseSchema = envelope(ExpenseSummarySchema);

export const ExpenseMonthWiseQuerySchema = z.object({
  year: YearQuerySchema,
});
export const ExpenseMonthSchema = z.object({
  month: MonthOfYearSchema,
  /** Claimed and still pending. */
  pending_paise: z.number().int(),
  /** Approved or paid. */
  approved_paise: z.number().int(),
});
/** One category's claims in the year (categories with none are left out), for the chart by category. */
export const ExpenseCategoryTotalSchema = z.object({
  category_id: z.string(),
  category_name: z.string(),
  pending_paise: z.number().int(),
  approved_paise: z.number().int(),
});
export type ExpenseCategoryTotal = z.infer<typeof ExpenseCategoryTotalSchema>;
export const ExpenseMonthWiseResponseSchema = envelope(
  z.object({
    year: YearSchema,
    months: z.array(ExpenseMonthSchema),
    by_category: z.array(ExpenseCategoryTotalSchema),
  }),
);
export type ExpenseMonth = z.infer<typeof ExpenseMonthSchema>;

/** Team and admin reimbursement queues. */
export const ReimbursementQueueQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['created_at', 'expense_date', 'amount_paise', 'employee_name']).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  /** Search by employee name or code, merchant or bill number. */
  value: z.string().trim().max(100).optional(),
  status: z.enum(EXPENSE_QUEUE_STATUSES).optional(),
  category_id: z.string().uuid().optional(),
});
export type ReimbursementQueueQuery = z.infer<typeof ReimbursementQueueQuerySchema>;

/** An administrator records the payout of an approved claim. */
export const ExpensePayoutInputSchema = z.strictObject({
  payout_mode: z.enum(PAYOUT_MODES),
  payout_reference: z.string().trim().min(1, 'Give the payout reference').max(100),
  paid_on: isoDate,
});
export type ExpensePayoutInput = z.infer<typeof ExpensePayoutInputSchema>;

// ---------- Duplicate check (before submitting) ----------

/**
 * What the claim form asks before it submits: the employee's standing claims (pending, approved,
 * paid) that look like this one. `expense_id`: the claim being edited, left out of the answer.
 */
export const ExpenseDuplicateCheckInputSchema = z.strictObject({
  expense_date: isoDate,
  amount_paise: z
    .number()
    .int('Whole paise only')
    .positive('Enter an amount above zero')
    .max(EXPENSE_MAX_PAISE, 'At most ₹10,00,000 per claim'),
  bill_number: orNull(text(60)),
  receipt_file_id: orNull(z.string().uuid('Not a file id')),
  expense_id: orNull(z.string().uuid('Not a claim id')),
});
export type ExpenseDuplicateCheckInput = z.input<typeof ExpenseDuplicateCheckInputSchema>;

/**
 * same_bill: same bill number, amount and date: the server refuses it (blocking).
 * same_receipt: the same uploaded receipt is on another claim; same_date_amount: same date and
 * amount where one of the two has no bill number. Both only warn: the employee may confirm.
 */
export const EXPENSE_DUPLICATE_REASONS = ['same_bill', 'same_receipt', 'same_date_amount'] as const;
export const ExpenseDuplicateSchema = z.object({
  id: z.string().uuid(),
  category_name: z.string(),
  expense_date: isoDate,
  amount_paise: z.number().int(),
  bill_number: z.string().nullable(),
  status: z.enum(EXPENSE_STATUSES),
  reason: z.enum(EXPENSE_DUPLICATE_REASONS),
});
export type ExpenseDuplicate = z.infer<typeof ExpenseDuplicateSchema>;
export const ExpenseDuplicateCheckSchema = z.object({
  duplicates: z.array(ExpenseDuplicateSchema),
  /** A duplicate the server refuses to store (same bill): the form cannot submit it. */
  blocking: z.boolean(),
});
export type ExpenseDuplicateCheck = z.infer<typeof ExpenseDuplicateCheckSchema>;
export const ExpenseDuplicateCheckResponseSchema = envelope(ExpenseDuplicateCheckSchema);
