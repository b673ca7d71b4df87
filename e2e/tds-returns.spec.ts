import { expect, test } from '@playwright/test';
import { countRequests, DEMO, expectNoAxeViolations, settle, signIn } from './support/helpers';

/**
 * Payroll › TDS returns (Form 24Q, issue 23): the administrator opens the screen, sees the check's
 * list, tries a challan with a bad BSR code (the words next to the field), and cancels. Axe-clean
 * at 1280 and 390 px, with the challan form open too.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test('the administrator checks a quarter and is told a bad BSR code next to the field', async ({ page }) => {
  test.setTimeout(120_000);
  await countRequests(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO.admin);
  await page.goto('/payroll/tds-returns');
  await expect(page.getByRole('heading', { level: 1, name: 'TDS returns' })).toBeVisible();
  await settle(page);
  await expect(page.getByRole('heading', { name: 'Check and file' })).toBeVisible();
  await expectNoAxeViolations(page, 'TDS returns (desktop)');

  await page.getByRole('button', { name: 'Add challan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add challan' });
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('textbox', { name: /BSR code/ }).fill('12');
  await dialog.getByRole('textbox', { name: /Challan serial number/ }).fill('12345');
  await dialog.getByRole('textbox', { name: /Tax \(TDS\)/ }).fill('1000');
  await dialog.getByRole('button', { name: 'Save challan' }).click();
  await expect(
    dialog.getByText('The BSR code is the 7 digits of the bank branch on the challan'),
  ).toBeVisible();

  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, 'TDS returns, challan form (390 px)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectNoAxeViolations(page, 'TDS returns (390 px)');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
});
