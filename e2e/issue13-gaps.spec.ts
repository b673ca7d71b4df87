import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, signIn } from './support/helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/**
 * An issued letter's file is the company's record: the employee sees it among their documents
 * with Download but no Delete (the server refuses it, 403); the administrator sees Delete.
 */
test("a letter's file offers Delete to the administrator only", async ({ browser }) => {
  const title = `Confirmation ${Date.now().toString().slice(-6)}`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/admin/utility/letters');
  await admin.getByRole('button', { name: 'Upload letter' }).click();
  const form = admin.getByRole('dialog', { name: 'Upload letter' });
  await form.getByRole('combobox', { name: 'Employee' }).fill('Priya');
  await admin.getByRole('option', { name: /Priya Sharma/ }).click();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'confirmation.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Issue letter' }).click();
  await expect(admin.getByText('Letter issued')).toBeVisible();

  // The employee's own profile, Documents tab: the letter is there, marked, with no Delete.
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, DEMO.employee);
  await employee.goto('/user/profile');
  await employee.getByRole('tab', { name: 'Documents' }).click();
  const mine = employee
    .getByRole('table', { name: 'Documents' })
    .getByRole('row', { name: new RegExp(title) });
  await expect(mine).toContainText('Letter');
  await expect(mine.getByRole('button', { name: new RegExp(`^Download .*${title}$`) })).toBeVisible();
  await expect(mine.getByRole('button', { name: new RegExp(`^Delete .*${title}$`) })).toHaveCount(0);

  // The administrator on the employee's record: Delete is offered.
  const priya = await apiLogin(DEMO.employee);
  await admin.goto(`/admin/employees/${priya.userResponse.employee_id}`);
  await admin.getByRole('tab', { name: 'Documents' }).click();
  const theirs = admin
    .getByRole('table', { name: 'Documents' })
    .getByRole('row', { name: new RegExp(title) });
  await expect(theirs.getByRole('button', { name: new RegExp(`^Delete .*${title}$`) })).toBeVisible();
});

/** The team dashboard loads in one request: team attendance today comes with it. */
test('the team dashboard shows team attendance today from its one call', async ({ page }) => {
  await signIn(page, DEMO.manager);
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/dashboard/') || path.startsWith('/api/attendance/')) calls.push(path);
  });
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team dashboard' })).toBeVisible();
  const counts = page.getByRole('list', { name: 'Today’s counts' });
  await expect(counts).toContainText('In:');
  await expect(
    page.getByRole('table', { name: 'My team today' }).getByRole('row', { name: /Priya Sharma/ }),
  ).toBeVisible();
  expect(calls).toContain('/api/dashboard/team');
  expect(calls).not.toContain('/api/attendance/team/today');
});

/** A travel claim: from, to and distance; the amount is distance × the category's rate. */
test('an employee files a per-km travel claim with a receipt; the manager approves it', async ({
  browser,
}) => {
  const merchant = `E2E Fuel ${Date.now().toString().slice(-6)}`;
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, DEMO.employee);
  await employee.goto('/user/salary/expenses');
  await expect(employee.getByRole('heading', { name: 'Reimbursements', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await employee.getByRole('button', { name: 'Add claim' }).click();
  const form = employee.getByRole('dialog', { name: 'Add claim' });
  await form.getByRole('combobox', { name: 'Category' }).click();
  await employee.getByRole('option', { name: 'Fuel (distance × rate)' }).click();
  await form.getByRole('textbox', { name: 'From' }).fill('Andheri office');
  await form.getByRole('textbox', { name: 'To' }).fill('Client site, Thane');
  await form.getByRole('textbox', { name: 'Distance (km)' }).fill('42.5');
  // 42.5 km × ₹9.00 a km.
  await expect(form.getByText(/Amount: ₹382\.50/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Merchant' }).fill(merchant);
  await form.getByRole('textbox', { name: 'Bill number' }).fill(`F-${Date.now()}`);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fuel.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Submit claim' }).click();
  await expect(employee.getByText('Claim submitted')).toBeVisible();
  const row = employee.getByRole('row').filter({ hasText: merchant });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('₹382.50');

  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, DEMO.manager);
  await manager.goto('/team/requests/reimbursements');
  await manager.getByLabel('Search', { exact: true }).fill(merchant);
  await manager.getByRole('button', { name: 'Search' }).click();
  const claim = manager.getByRole('row').filter({ hasText: '₹382.50' });
  await claim.getByRole('button', { name: 'Open claim of Priya Sharma' }).click();
  const drawer = manager.getByRole('dialog', { name: 'Reimbursement: Priya Sharma' });
  await expect(drawer.getByRole('table', { name: 'Claim details' })).toContainText('Client site, Thane');
  await expect(drawer.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await manager
    .getByRole('dialog', { name: 'Approve this claim?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(manager.getByText('Claim approved')).toBeVisible();
  await employee.reload();
  await expect(employee.getByRole('row').filter({ hasText: merchant })).toContainText('Approved');
  // The year's claims by month and by category, as charts with their figures.
  await expect(employee.getByRole('img', { name: /^Claims per month in \d{4}/ })).toBeVisible();
  await expect(
    employee.getByRole('img', { name: /^Claims by category in \d{4}: .*Fuel \(distance × rate\) ₹/ }),
  ).toBeVisible();
});
