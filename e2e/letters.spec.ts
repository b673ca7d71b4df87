import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

test('an admin uploads a letter and the employee accepts it', async ({ browser }) => {
  const title = `Appointment ${Date.now().toString().slice(-6)}`;
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
    .setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Issue letter' }).click();
  await expect(admin.getByText('Letter issued')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: title })).toContainText('Pending');

  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, DEMO.employee);
  await employee.goto('/user/documents/letter');
  const row = employee.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Accept ${title}` }).click();
  await employee
    .getByRole('dialog', { name: 'Accept this letter?' })
    .getByRole('button', { name: 'Accept letter' })
    .click();
  await expect(employee.getByText('Letter accepted')).toBeVisible();
  await expect(row).toContainText('Accepted');
  await expect(row.getByRole('button', { name: `Reject ${title}` })).toHaveCount(0);

  await admin.reload();
  await expect(admin.getByRole('row').filter({ hasText: title })).toContainText('Accepted');
});
