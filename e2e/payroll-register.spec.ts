import { expect, request, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';
import { confirmedRunOf } from './support/payrun';

/** Last month in India as { month, year, last day } (the register opens on last month). */
function lastMonthIst() {
  const ist = new Date(Date.now() + 5.5 * 3600 * 1000);
  const first = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return {
    month: first.getUTCMonth() + 1,
    year: first.getUTCFullYear(),
    payDate: lastDay.toISOString().slice(0, 10),
  };
}

/**
 * The payroll register over a month run through the API as an administrator would (create,
 * confirm attendance, compute, acknowledge, confirm), then read on the reports screen.
 */
test('an administrator reads the payroll register and statutory summaries of a confirmed run', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { token } = await apiLogin(DEMO.admin);
  const api = await request.newContext({
    baseURL: E2E.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const { month, year, payDate } = lastMonthIst();
  await confirmedRunOf(api, { month, year, payDate });
  await api.dispose();

  await signIn(page, DEMO.admin);
  await page.goto('/admin/reports');
  await page.getByLabel('Report', { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: /Payroll register/ }).click();
  const table = page.getByRole('table', { name: 'Payroll register' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Net pay' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /^Total \(\d+ payslips\)$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'payroll register');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`register-${width}.png`), fullPage: true });
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Statutory summaries' }).click();
  await expect(page.getByRole('table', { name: 'EPF' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Gross and net pay by month\./ })).toBeVisible();
  await expectNoAxeViolations(page, 'statutory summaries');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`statutory-${width}.png`), fullPage: true });
  }
});
