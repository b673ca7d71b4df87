import { expect, type Page, request, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

/**
 * Issue 13: an employee saves a claim as a draft, comes back, completes it and submits it; a later
 * claim of the same bill, amount and date is stopped by the duplicate check before it is
 * submitted, and the same date and amount without a bill number only warns (Submit anyway).
 */

const stamp = Date.now().toString().slice(-6);
const category = `E2E Drafts ${stamp}`;
const merchant = `E2E Stationers ${stamp}`;
const bill = `DR-${stamp}`;

async function pickCategory(page: Page, form: ReturnType<Page['getByRole']>) {
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
}

test('an employee saves a draft, comes back, completes and submits it; a duplicate is caught first', async ({
  page,
}) => {
  // A category of the test's own (no month limit, no receipt), set up by API.
  const admin = await apiLogin(DEMO.admin);
  const api = await request.newContext({
    baseURL: E2E.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${admin.token}` },
  });
  const created = await api.post('/api/expenses/categories', {
    data: { name: category, max_per_claim_paise: 5_000_000, receipt_required_over_paise: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  await signIn(page, DEMO.employee);
  await page.goto('/user/salary/expenses');
  await expect(page.getByRole('heading', { name: 'Reimbursements', level: 1 })).toBeVisible({
    timeout: 30_000,
  });

  // 1. Only the category and merchant: saved as a draft.
  await page.getByRole('button', { name: 'Add claim' }).click();
  let form = page.getByRole('dialog', { name: 'Add claim' });
  await pickCategory(page, form);
  await form.getByRole('textbox', { name: 'Merchant' }).fill(merchant);
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: merchant });
  await expect(row).toContainText('Draft');
  await expect(row.getByRole('button', { name: /^Submit draft / })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, 'my claims with a draft at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'my claims with a draft at 390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // 2. Back later: the draft is still there; completed and submitted.
  await page.reload();
  await expect(row).toContainText('Draft', { timeout: 30_000 });
  await row.getByRole('button', { name: /^Submit draft / }).click();
  form = page.getByRole('dialog', { name: 'Draft claim' });
  await expect(form.getByRole('textbox', { name: 'Merchant' })).toHaveValue(merchant);
  await form.getByRole('textbox', { name: 'Amount (₹)' }).fill('2500');
  await form.getByRole('textbox', { name: 'Bill number' }).fill(bill);
  await expectNoAxeViolations(page, 'a draft opened to submit');
  await form.getByRole('button', { name: 'Submit claim' }).click();
  await expect(page.getByText('Claim submitted')).toBeVisible();
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('₹2,500.00');

  // 3. Another claim of the same bill, amount and date: the form shows the match first.
  await page.getByRole('button', { name: 'Add claim' }).click();
  form = page.getByRole('dialog', { name: 'Add claim' });
  await pickCategory(page, form);
  await form.getByRole('textbox', { name: 'Amount (₹)' }).fill('2500');
  await form.getByRole('textbox', { name: 'Bill number' }).fill(bill);
  await form.getByRole('button', { name: 'Submit claim' }).click();
  let warning = form.getByRole('alert').filter({ hasText: 'You have already claimed this bill' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`₹2,500.00`);
  await expect(warning).toContainText(`bill ${bill}`);
  await expect(warning.getByRole('button', { name: 'Submit anyway' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the duplicate warning');
  await warning.getByRole('button', { name: 'Go back and edit' }).click();

  // Without the bill number it is only alike (same date and amount): Submit anyway files it.
  await form.getByRole('textbox', { name: 'Bill number' }).fill('');
  await form.getByRole('textbox', { name: 'Merchant' }).fill(`${merchant} again`);
  await form.getByRole('button', { name: 'Submit claim' }).click();
  warning = form.getByRole('alert').filter({ hasText: 'This looks like a claim you already made' });
  await expect(warning).toContainText('same date and amount');
  await expect(warning.getByRole('button', { name: 'Go back and edit' })).toBeVisible();
  await warning.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(page.getByText('Claim submitted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${merchant} again` })).toContainText('Pending');

  // 4. A draft is deleted after a confirmation.
  await page.getByRole('button', { name: 'Add claim' }).click();
  form = page.getByRole('dialog', { name: 'Add claim' });
  await pickCategory(page, form);
  await form.getByRole('textbox', { name: 'Merchant' }).fill(`${merchant} spare`);
  await form.getByRole('button', { name: 'Save as draft' }).click();
  const spare = page.getByRole('row').filter({ hasText: `${merchant} spare` });
  await expect(spare).toContainText('Draft');
  await spare.getByRole('button', { name: /^Delete draft / }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this draft?' });
  await expect(confirm).toContainText('never submitted');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Draft deleted')).toBeVisible();
  await expect(spare).toHaveCount(0);
});
