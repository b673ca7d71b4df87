import { expect, request, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

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
  const created = await api.post('/api/payrun', { data: { month, year, pay_date: payDate } });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id;
  expect((await api.post(`/api/payrun/confirm-attendance/${id}`)).status()).toBe(200);
  expect((await api.post(`/api/payrun/${id}/compute`)).status()).toBe(200);
  await expect
    .poll(async () => (await (await api.get(`/api/payrun/${id}`)).json()).data.status, { timeout: 180_000 })
    .toBe('computed');
  const review = (await (await api.get(`/api/payrun/review/${id}?page=1&records=10`)).json()).data;
  const ids = review.anomalies.map((a: { id: string }) => a.id);
  if (ids.length) {
    const ack = await api.put(`/api/payrun/${id}/anomalies/acknowledge`, {
      data: { ids, reason: 'Checked before the register' },
    });
    expect(ack.status()).toBe(200);
  }
  expect((await api.put(`/api/payrun/${id}/confirm`)).status()).toBe(200);
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
