import type { ExpenseCategory, FieldError } from '@hr/contract';

/** The categories a company starts with; an administrator changes them afterwards. */
export const DEFAULT_CATEGORIES: (Omit<ExpenseCategory, 'id' | 'is_active'> & { code: string })[] = [
  {
    code: 'travel',
    name: 'Travel',
    requires_travel: true,
    rate_per_km_paise: null,
    max_per_claim_paise: 1_000_000,
    max_per_month_paise: 2_500_000,
    receipt_required_over_paise: 50_000,
    claim_window_days: 60,
  },
  {
    code: 'food',
    name: 'Food',
    requires_travel: false,
    rate_per_km_paise: null,
    max_per_claim_paise: 200_000,
    max_per_month_paise: 600_000,
    receipt_required_over_paise: 30_000,
    claim_window_days: 60,
  },
  {
    code: 'lodging',
    name: 'Lodging',
    requires_travel: false,
    rate_per_km_paise: null,
    max_per_claim_paise: 800_000,
    max_per_month_paise: 4_000_000,
    receipt_required_over_paise: 0,
    claim_window_days: 60,
  },
  {
    code: 'internet',
    name: 'Internet',
    requires_travel: false,
    rate_per_km_paise: null,
    max_per_claim_paise: 150_000,
    max_per_month_paise: 150_000,
    receipt_required_over_paise: 0,
    claim_window_days: 60,
  },
  {
    code: 'fuel',
    name: 'Fuel (distance × rate)',
    requires_travel: true,
    rate_per_km_paise: 900,
    max_per_claim_paise: 500_000,
    max_per_month_paise: 1_000_000,
    receipt_required_over_paise: null,
    claim_window_days: 60,
  },
  {
    // Allows a claim above ₹10,000, so the administrators' level (amount-based) can be tried.
    code: 'relocation',
    name: 'Relocation and joining',
    requires_travel: false,
    rate_per_km_paise: null,
    max_per_claim_paise: 10_000_000,
    max_per_month_paise: 10_000_000,
    receipt_required_over_paise: 0,
    claim_window_days: 90,
  },
];

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
export const rupees = (paise: number) => inr.format(paise / 100);

/** Days from `a` to `b` (calendar dates, YYYY-MM-DD). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export type ClaimDraft = {
  expense_date: string;
  amount_paise: number | null;
  receipt_file_id: string | null;
  travel_from: string | null;
  travel_to: string | null;
  distance_km: number | null;
};

/** The amount a claim carries: distance × rate for a per-km category, else what was typed. */
export function claimAmount(category: ExpenseCategory, draft: ClaimDraft): number | null {
  if (category.rate_per_km_paise && draft.distance_km != null) {
    return Math.round(draft.distance_km * category.rate_per_km_paise);
  }
  return category.rate_per_km_paise ? null : draft.amount_paise;
}

/**
 * The category's rules for one claim, each broken rule naming its field. `today` is the company's
 * date; `monthSoFar` the employee's other standing claims of the category in the claim's month.
 */
export function checkClaim(
  category: ExpenseCategory,
  draft: ClaimDraft,
  ctx: { today: string; monthSoFar: number },
): { amount: number | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const err = (path: string, message: string) => errors.push({ path, message });
  if (!category.is_active) err('category_id', 'This category is no longer in use');

  const age = daysBetween(draft.expense_date, ctx.today);
  if (age < 0) err('expense_date', 'The date cannot be in the future');
  else if (age > category.claim_window_days) {
    err('expense_date', `Claims for ${category.name} must be within ${category.claim_window_days} days`);
  }

  if (category.requires_travel) {
    if (!draft.travel_from) err('travel_from', 'Enter where the journey started');
    if (!draft.travel_to) err('travel_to', 'Enter where the journey ended');
  }
  if (category.rate_per_km_paise && draft.distance_km == null) {
    err('distance_km', 'Enter the distance in km');
  }

  const amount = claimAmount(category, draft);
  if (amount == null) {
    if (!category.rate_per_km_paise) err('amount_paise', 'Enter the amount');
    return { amount, errors };
  }
  if (amount <= 0) err('amount_paise', 'Enter an amount above zero');
  if (category.max_per_claim_paise != null && amount > category.max_per_claim_paise) {
    err(
      'amount_paise',
      `${category.name} claims are limited to ${rupees(category.max_per_claim_paise)} each`,
    );
  } else if (category.max_per_month_paise != null && ctx.monthSoFar + amount > category.max_per_month_paise) {
    const left = Math.max(0, category.max_per_month_paise - ctx.monthSoFar);
    err(
      'amount_paise',
      `${category.name} claims are limited to ${rupees(category.max_per_month_paise)} a month; ${rupees(left)} is left for that month`,
    );
  }
  if (
    category.receipt_required_over_paise != null &&
    amount > category.receipt_required_over_paise &&
    !draft.receipt_file_id
  ) {
    err(
      'receipt_file_id',
      category.receipt_required_over_paise === 0
        ? `${category.name} claims need a receipt`
        : `A receipt is needed above ${rupees(category.receipt_required_over_paise)}`,
    );
  }
  return { amount, errors };
}
