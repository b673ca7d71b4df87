import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support/helpers';

const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(rupees);

/** The rupees on a summary card ("₹1,23,456.78" → 123456.78). */
async function cardAmount(page: Page, name: string): Promise<number> {
  const text = await page.getByRole('region', { name }).locator('p').nth(1).innerText();
  return Number(text.replace(/[^0-9.]/g, ''));
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

test('an employee claims with a receipt, the manager approves, the employee sees it approved', async ({
  browser,
}) => {
  const merchant = `E2E Cafe ${Date.now().toString().slice(-6)}`;
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, DEMO.employee);
  await employee.goto('/user/salary/expenses');
  // The first visit loads the screen's chunk: allow for a busy machine.
  await expect(employee.getByRole('heading', { name: 'Reimbursements', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(employee.getByRole('region', { name: 'Approved, to be paid' })).toBeVisible();
  const approvedBefore = await cardAmount(employee, 'Approved, to be paid');

  await employee.getByRole('button', { name: 'Add claim' }).click();
  const form = employee.getByRole('dialog', { name: 'Add claim' });
  await form.getByRole('combobox', { name: 'Category' }).click();
  await employee.getByRole('option', { name: 'Food' }).click();
  // Typed key by key: "123." must not clear the field on the way to "123.45".
  await form.getByRole('textbox', { name: 'Amount (₹)' }).pressSequentially('123.45');
  await form.getByRole('textbox', { name: 'Merchant' }).fill(merchant);
  await form.getByRole('textbox', { name: 'Bill number' }).fill(`B-${Date.now()}`);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByText('Attached: bill.pdf')).toBeVisible();
  await form.getByRole('button', { name: 'Submit claim' }).click();
  await expect(employee.getByText('Claim submitted')).toBeVisible();
  const row = employee.getByRole('row').filter({ hasText: merchant });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('₹123.45');

  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, DEMO.manager);
  await manager.goto('/team/requests/reimbursements');
  await expect(manager.getByRole('heading', { name: 'Reimbursement requests' })).toBeVisible();
  await manager.getByLabel('Search', { exact: true }).fill(merchant);
  await manager.getByRole('button', { name: 'Search' }).click();
  const claim = manager.getByRole('row').filter({ hasText: '₹123.45' });
  await expect(claim).toContainText('Priya Sharma');
  await claim.getByRole('button', { name: 'Open claim of Priya Sharma' }).click();
  const drawer = manager.getByRole('dialog', { name: 'Reimbursement: Priya Sharma' });
  await expect(drawer.getByRole('table', { name: 'Claim details' })).toContainText(merchant);
  await expect(drawer.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await manager
    .getByRole('dialog', { name: 'Approve this claim?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(manager.getByText('Claim approved')).toBeVisible();

  await employee.reload();
  await expect(employee.getByRole('row').filter({ hasText: merchant })).toContainText('Approved');
  await expect(employee.getByRole('region', { name: 'Approved, to be paid' })).toContainText(
    inr(approvedBefore + 123.45),
  );
});
