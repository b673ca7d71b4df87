import { expect, type Page, test } from '@playwright/test';
import { fixtureRows, fixtureXlsx } from '../apps/api/src/modules/employees/upload-fixtures';
import { DEMO, signIn } from './support/helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The list's "Showing a–b of N employees" total. */
async function listTotal(page: Page): Promise<number> {
  await page.goto('/admin/employees');
  const status = page.getByText(/of \d+ employees|^0 employees$/);
  await expect(status).toBeVisible();
  const text = (await status.textContent()) ?? '';
  return Number(/(\d+) employees/.exec(text)?.[1] ?? 0);
}

async function uploadFile(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('button', { name: 'Bulk upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk upload employees' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: XLSX, buffer });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  return dialog;
}

test.describe('employee records', () => {
  test('an admin bulk-uploads 200 rows with 3 bad: sees the 3 errors and nothing stored; fixed: all 200 import', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin);
    const before = await listTotal(page);

    const bad = await fixtureXlsx(fixtureRows(200, { prefix: 'E2E', bad: [9, 99, 189] }));
    let dialog = await uploadFile(page, 'employees.xlsx', bad);
    await expect(dialog.getByText('Nothing was imported', { exact: true })).toBeVisible({ timeout: 30_000 });
    const table = dialog.getByRole('table', { name: 'Row errors' });
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.locator('tbody tr').nth(0)).toContainText('11');
    await expect(table.locator('tbody tr').nth(0)).toContainText('email');
    await expect(table.locator('tbody tr').nth(1)).toContainText('101');
    await expect(table.locator('tbody tr').nth(1)).toContainText('first_name');
    await expect(table.locator('tbody tr').nth(2)).toContainText('191');
    await expect(table.locator('tbody tr').nth(2)).toContainText('date_of_joining');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    expect(await listTotal(page)).toBe(before);

    const fixed = await fixtureXlsx(fixtureRows(200, { prefix: 'E2E' }));
    dialog = await uploadFile(page, 'employees.xlsx', fixed);
    await expect(dialog.getByText(/Imported 200 employees; skipped 0/)).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    expect(await listTotal(page)).toBe(before + 200);
  });

  test('an admin adds an employee through the form and finds them in the list', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin/employees');
    await page.getByRole('button', { name: 'Add employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add employee' });
    // Validation messages first.
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    // First name, email and date of joining.
    await expect(dialog.getByText('This field is required')).toHaveCount(3);
    await dialog.getByLabel('First name').fill('Zara');
    await dialog.getByLabel('Last name').fill('Formfield');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('zara.formfield@acme.test');
    await dialog.getByLabel('Date of joining').fill('2025-01-06');
    await dialog.getByLabel('PAN').fill('ABCDE1234F');
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search', { exact: true }).fill('Formfield');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: /Zara Formfield/ });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: 'Open Zara Formfield' }).click();
    await expect(page.getByRole('heading', { name: 'Zara Formfield' })).toBeVisible();
    await expect(page.getByText('XXXXXX234F')).toBeVisible();
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expect(page.getByText('ABCDE1234F')).toBeVisible();
  });
  test('an admin uploads a PDF document on an employee page and sees it listed', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin/employees');
    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await expect(page.getByRole('tab', { name: 'Documents' })).toBeVisible();
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page.getByText('No documents uploaded.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Upload document' });
    await form.getByLabel('Document title').fill('Signed offer letter');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'offer.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await form.getByRole('button', { name: 'Upload document' }).click();
    const row = page
      .getByRole('table', { name: 'Documents' })
      .getByRole('row', { name: /Signed offer letter/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('offer.pdf');
    await expect(row).toContainText('PDF');
  });
});
