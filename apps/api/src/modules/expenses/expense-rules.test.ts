import type { ExpenseCategory } from '@hr/contract';
import { checkClaim, claimAmount, DEFAULT_CATEGORIES } from './expense-rules';

const category = (code: string): ExpenseCategory => ({
  ...DEFAULT_CATEGORIES.find((c) => c.code === code)!,
  id: '00000000-0000-4000-8000-000000000000',
  is_active: true,
});
const draft = {
  expense_date: '2026-03-10',
  amount_paise: 10_000,
  receipt_file_id: null,
  travel_from: null,
  travel_to: null,
  distance_km: null,
};
const ctx = { today: '2026-03-10', monthSoFar: 0 };

it('accepts a claim within every rule', () => {
  expect(checkClaim(category('food'), draft, ctx)).toEqual({ amount: 10_000, errors: [] });
});

it('refuses the future and dates past the window, counting calendar days', () => {
  expect(checkClaim(category('food'), { ...draft, expense_date: '2026-03-11' }, ctx).errors[0]?.path).toBe(
    'expense_date',
  );
  expect(checkClaim(category('food'), { ...draft, expense_date: '2026-01-09' }, ctx).errors).toEqual([]);
  expect(checkClaim(category('food'), { ...draft, expense_date: '2026-01-08' }, ctx).errors[0]?.path).toBe(
    'expense_date',
  );
});

it('checks the per-claim limit before the monthly one, and the month with what is already claimed', () => {
  const food = category('food');
  expect(checkClaim(food, { ...draft, amount_paise: 200_001 }, ctx).errors[0]?.message).toMatch(/each/);
  expect(
    checkClaim(
      food,
      { ...draft, amount_paise: 100_000, receipt_file_id: 'r' },
      { ...ctx, monthSoFar: 500_000 },
    ).errors,
  ).toEqual([]);
  const over = checkClaim(
    food,
    { ...draft, amount_paise: 100_001, receipt_file_id: 'r' },
    { ...ctx, monthSoFar: 500_000 },
  );
  expect(over.errors).toEqual([
    { path: 'amount_paise', message: expect.stringMatching(/₹1,000.00 is left/) },
  ]);
});

it('requires a receipt above the threshold (0: always, null: never)', () => {
  expect(checkClaim(category('food'), { ...draft, amount_paise: 30_000 }, ctx).errors).toEqual([]);
  expect(checkClaim(category('food'), { ...draft, amount_paise: 30_001 }, ctx).errors[0]?.path).toBe(
    'receipt_file_id',
  );
  expect(checkClaim(category('internet'), { ...draft, amount_paise: 1 }, ctx).errors[0]?.path).toBe(
    'receipt_file_id',
  );
});

it('computes a per-km claim from the distance, rounding to the paisa', () => {
  const fuel = category('fuel');
  expect(claimAmount(fuel, { ...draft, distance_km: 10.3 })).toBe(9_270);
  const r = checkClaim(
    fuel,
    { ...draft, amount_paise: null, distance_km: 10.3, travel_from: 'A', travel_to: 'B' },
    ctx,
  );
  expect(r).toEqual({ amount: 9_270, errors: [] });
  expect(checkClaim(fuel, { ...draft, amount_paise: null }, ctx).errors.map((e) => e.path)).toEqual([
    'travel_from',
    'travel_to',
    'distance_km',
  ]);
});
