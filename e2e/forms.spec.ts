import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, signIn } from './support/helpers';

/**
 * Issue 24, forms: a person's mistake is told next to its field in words, the message goes as soon
 * as the value is fixed, and a disabled Submit says why. One signed-in employee page for all.
 */
// Axe over a whole screen is slow on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO.employee);
});
test.afterAll(() => page.context().close());

const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysFromNow = (n: number) => iso(new Date(Date.now() + n * 86_400_000));

test('leave: an end before the start is refused at the field; Submit says what is missing; days are counted by themselves', async () => {
  await page.goto('/user/leaves');
  await expect(page.getByRole('heading', { name: 'Apply for leave' })).toBeVisible({ timeout: 30_000 });
  const submit = page.getByRole('button', { name: 'Submit request' });
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId('submit-blocked-by')).toHaveText('Choose a leave type');

  await page.getByRole('combobox', { name: 'Leave type', exact: true }).click();
  await page.getByRole('option', { name: 'Casual leave' }).click();
  await page.getByRole('textbox', { name: 'From' }).fill(daysFromNow(40));
  await expect(page.getByTestId('submit-blocked-by')).toHaveText('Choose the end date');
  const to = page.getByRole('textbox', { name: 'To', exact: true });
  await to.fill(daysFromNow(38));
  await expect(page.getByText('The end date is before the start date')).toBeVisible();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Validation failed|to_date/)).toHaveCount(0);
  // The open calendar's weekend red is Mantine's (below AA, seen on every date field): close it.
  await to.press('Escape');
  await expectNoAxeViolations(page, 'leave form with an end before the start');

  await to.fill(daysFromNow(41));
  await expect(page.getByText('The end date is before the start date')).toHaveCount(0);
  // No "Preview days" step: the count appears by itself.
  await expect(page.getByTestId('preview-total')).toBeVisible();
});

test('regularisation: an out time before the in time on a day shift is refused next to the out time, and the message goes when fixed', async () => {
  await page.goto('/user/attendance');
  await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Day' }).fill(daysFromNow(-2));
  await page.getByLabel('In time').fill('18:30');
  await page.getByLabel('Out time').fill('09:00');
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Missed punch' }).click();
  await page.getByRole('button', { name: 'Request regularisation' }).click();
  const message = page.getByText('The out time is before the in time', { exact: false });
  await expect(message).toBeVisible();
  await expect(page.getByLabel('Out time')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Validation failed|punch_out/)).toHaveCount(0);
  await expectNoAxeViolations(page, 'regularisation with an out time before the in time');
  await page.screenshot({ path: '/tmp/forms-regularisation.png', fullPage: true });

  await page.getByLabel('Out time').fill('19:30');
  await expect(message).toHaveCount(0);
});

test('expense claim: a too-big amount is said in rupees and clears when fixed; a receipt over 5 MiB blocks the claim', async () => {
  await page.goto('/user/salary/expenses');
  await expect(page.getByRole('heading', { name: 'Reimbursements', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Add claim' }).click();
  const form = page.getByRole('dialog', { name: 'Add claim' });
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Food' }).click();
  const amount = form.getByRole('textbox', { name: 'Amount (₹)' });
  await amount.fill('2000000');
  await form.getByRole('button', { name: 'Submit claim' }).click();
  await expect(form.getByText('The amount can be at most ₹10,00,000')).toBeVisible();
  await amount.fill('250');
  await expect(form.getByText('The amount can be at most ₹10,00,000')).toHaveCount(0);

  await form.locator('input[type="file"]').setInputFiles({
    name: 'huge-bill.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(6 * 1024 * 1024, 0x20),
  });
  await expect(form.getByText('This file is larger than 5 MiB: choose a smaller one')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Submit claim' })).toBeDisabled();
  await expect(form.getByTestId('submit-blocked-by')).toHaveText(
    'The receipt was not accepted: choose another file or remove it',
  );
  await expectNoAxeViolations(page, 'claim with a refused receipt');
  await page.screenshot({ path: '/tmp/forms-claim.png', fullPage: true });

  await form.getByRole('button', { name: 'Remove the receipt' }).click();
  await expect(form.getByRole('button', { name: 'Submit claim' })).toBeEnabled();
  await expect(form.getByText('This file is larger than 5 MiB', { exact: false })).toHaveCount(0);
});
