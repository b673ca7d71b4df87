import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

/**
 * The employee's payslips (issue 22): the admin pays last month through the API (create the run,
 * take the system's attendance, compute, acknowledge the anomalies, confirm), then the demo
 * employee opens Payslips, opens the month, reads why the TDS is what it is, asks for the PDF, and
 * finds the payslip on the dashboard. Axe-clean at 1280 and 390 px; screenshots in /tmp.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Last month in India: the run is for a month that has ended. */
function lastMonth(): { year: number; month: number; iso: string; label: string; payDate: string } {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const iso = `${year}-${String(month).padStart(2, '0')}`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const label = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    d,
  );
  return { year, month, iso, label, payDate: `${iso}-${last}` };
}

async function call<T = { id: string; status: string }>(
  api: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await api.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  expect(res.ok(), `${method} ${path}: ${res.status()} ${text}`).toBe(true);
  return JSON.parse(text) as { data: T };
}

/** A confirmed run of last month, made as the admin through the API (as payrun-flow.test.ts does). */
async function payLastMonth(api: APIRequestContext) {
  const m = lastMonth();
  const { token } = await apiLogin(DEMO.admin);
  const run = (
    await call(api, token, 'POST', '/api/payrun', { month: m.month, year: m.year, pay_date: m.payDate })
  ).data;
  await call(api, token, 'POST', `/api/payrun/confirm-attendance/${run.id}`);
  await call(api, token, 'POST', `/api/payrun/${run.id}/compute`);
  await expect
    .poll(async () => (await call(api, token, 'GET', `/api/payrun/${run.id}`)).data.status, {
      timeout: 120_000,
    })
    .toBe('computed');
  const review = (
    await call<{ anomalies: { id: string }[] }>(
      api,
      token,
      'GET',
      `/api/payrun/review/${run.id}?page=1&records=10`,
    )
  ).data;
  if (review.anomalies.length > 0) {
    await call(api, token, 'PUT', `/api/payrun/${run.id}/anomalies/acknowledge`, {
      ids: review.anomalies.map((a) => a.id),
      reason: 'Checked for the payslips browser test',
    });
  }
  await call(api, token, 'PUT', `/api/payrun/${run.id}/confirm`);
  return m;
}

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
}

/** Axe at desktop width and at 390 px, with a screenshot of each, and no sideways scroll on the phone. */
async function checkBothWidths(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await settled(page);
  await expectNoAxeViolations(page, `${name} at 1280 px`, true);
  await page.screenshot({ path: `/tmp/webuser-${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await settled(page);
  await expectNoAxeViolations(page, `${name} at 390 px`, true);
  await page.screenshot({ path: `/tmp/webuser-${name}-390.png`, fullPage: true });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

test('the employee reads a confirmed payslip, its TDS explained, and finds it on the dashboard', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const api = await request.newContext({ baseURL: E2E.baseURL });
  const m = await payLastMonth(api);
  await api.dispose();

  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO.employee);
  await page.goto('/user/documents/payslips');
  await expect(page.getByRole('heading', { level: 1, name: 'Payslips' })).toBeVisible();
  const monthLink = page.getByRole('link', { name: m.label });
  await expect(monthLink).toBeVisible();
  await checkBothWidths(page, 'payslips-list');

  // The year filter narrows the list: last year has no payslips of this demo.
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(m.year - 1) }).click();
  await expect(page.getByText(`No payslips in ${m.year - 1}.`)).toBeVisible();
  await page.goto('/user/documents/payslips');

  await page.getByRole('link', { name: m.label }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payslip for ${m.label}` })).toBeVisible();
  await expect(page.getByTestId('net-pay')).toHaveText(/^₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}$/);
  await expect(page.getByTestId('net-in-words')).toHaveText(/^Rupees .* Only$/);

  // Why is my TDS what it is: the line opens its explanation from the keyboard.
  const tds = page.getByRole('button', { name: 'Income tax (TDS)' });
  await expect(tds).toHaveAttribute('aria-expanded', 'false');
  await tds.focus();
  await page.keyboard.press('Enter');
  await expect(tds).toHaveAttribute('aria-expanded', 'true');
  const explanation = page.locator(`[id="${await tds.getAttribute('aria-controls')}"]`);
  await expect(explanation).toContainText('Income tax (TDS');
  await expect(explanation).toContainText('Rule:');

  // No PDFs were generated for the run: the screen says so in words.
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByTestId('pdf-message')).toBeVisible();
  await expect(page.getByTestId('pdf-message')).not.toHaveText(/Server error|Route /);
  await checkBothWidths(page, 'payslip');

  await page.goto('/user');
  const card = page.getByRole('region', { name: 'Latest payslip' });
  await expect(card).toContainText(m.label);
  await expect(page.getByTestId('dash-payslip-net')).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await checkBothWidths(page, 'user-dashboard');
  await card.getByRole('link', { name: `Open the ${m.label} payslip` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payslip for ${m.label}` })).toBeVisible();
});

test("the admin dashboard's payroll card shows the last confirmed run", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  const card = page.getByRole('region', { name: 'Payroll' });
  await expect(card.getByTestId('payroll-last-confirmed')).toContainText(
    `Last confirmed: ${lastMonth().label}`,
  );
  await expect(card.getByRole('table', { name: 'Last confirmed pay run' })).toContainText('₹');
  await expect(card.getByRole('link', { name: 'Run Payroll' })).toHaveAttribute('href', '/payroll/payrun');
  await checkBothWidths(page, 'admin-dashboard');

  // An open run of this month: its status, and the link to it.
  const now = new Date(Date.now() + 5.5 * 3600_000);
  const label = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    now,
  );
  const { token } = await apiLogin(DEMO.admin);
  const api = await request.newContext({ baseURL: E2E.baseURL });
  const iso = now.toISOString().slice(0, 7);
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  await call(api, token, 'POST', '/api/payrun', {
    month: now.getUTCMonth() + 1,
    year: now.getUTCFullYear(),
    pay_date: `${iso}-${lastDay}`,
  });
  await api.dispose();
  await page.reload();
  await expect(card.getByTestId('payroll-open-run')).toContainText(`${label} pay run: being prepared`);
  await expect(card.getByTestId('payroll-open-run')).toContainText('Attendance not confirmed yet');
  await expect(card.getByRole('link', { name: `Open the ${label} pay run` })).toHaveAttribute(
    'href',
    '/payroll/payrun',
  );
});
