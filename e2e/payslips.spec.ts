import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, countRequests, DEMO, expectNoAxeViolations, settle, signIn } from './support/helpers';
import { confirmedRunOf, generatedPayslipsOf } from './support/payrun';

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

/** Last month's confirmed run (made as the admin through the API, or the one an earlier spec made). */
async function payLastMonth() {
  const m = lastMonth();
  const ctx = await adminApi();
  const runId = await confirmedRunOf(ctx, m);
  await ctx.dispose();
  return { ...m, runId };
}

const monthLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}-01T00:00:00Z`),
  );

/** The latest month with a confirmed run ('YYYY-MM'): the browser tests share one database. */
async function latestConfirmedMonth(ctx: APIRequestContext): Promise<string> {
  const runs = (await (await ctx.get('/api/payrun?page=1&records=100')).json()).data as {
    month: string;
    status: string;
  }[];
  return runs
    .filter((r) => r.status === 'confirmed')
    .map((r) => r.month)
    .sort()
    .at(-1)!;
}

async function adminApi(): Promise<APIRequestContext> {
  const { token } = await apiLogin(DEMO.admin);
  return request.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** No call in flight, nothing loading or moving (the test's page counts its calls: countRequests). */
async function settled(page: Page) {
  await settle(page);
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
  const m = await payLastMonth();

  await countRequests(page);
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

  // No PDFs were generated for the run yet: the screen says so in words.
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(page.getByTestId('pdf-message')).toContainText(
    /not (been )?(generated|made)|not ready|not yet/i,
  );
  await expect(page.getByTestId('pdf-message')).not.toHaveText(/Server error|Route /);

  // The admin generates the month's payslips; the employee downloads the PDF.
  const admin = await adminApi();
  await generatedPayslipsOf(admin, m.runId);
  await admin.dispose();
  await page.reload();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`payslip-${m.iso}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);
  await checkBothWidths(page, 'payslip');

  // The dashboard shows the latest confirmed payslip: this month's when another spec has paid it.
  const ctx = await adminApi();
  const latest = monthLabel(await latestConfirmedMonth(ctx));
  await ctx.dispose();
  await page.goto('/user');
  const card = page.getByRole('region', { name: 'Latest payslip' });
  await expect(card).toContainText(latest);
  await expect(page.getByTestId('dash-payslip-net')).toHaveText(/^₹[\d,]+\.\d{2}$/);
  await checkBothWidths(page, 'user-dashboard');
  await card.getByRole('link', { name: `Open the ${latest} payslip` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Payslip for ${latest}` })).toBeVisible();
});

test("the admin dashboard's payroll card shows the last confirmed run", async ({ page }) => {
  await countRequests(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  // The browser tests share one database: the last confirmed run is the latest month any spec confirmed.
  const ctx = await adminApi();
  const runs = (await (await ctx.get('/api/payrun?page=1&records=100')).json()).data as {
    month: string;
    status: string;
  }[];
  const latest = await latestConfirmedMonth(ctx);
  const card = page.getByRole('region', { name: 'Payroll' });
  await expect(card.getByTestId('payroll-last-confirmed')).toContainText(
    `Last confirmed: ${monthLabel(latest)}`,
  );
  await expect(card.getByRole('table', { name: 'Last confirmed pay run' })).toContainText('₹');
  await expect(card.getByRole('link', { name: 'Run Payroll' })).toHaveAttribute('href', '/payroll/payrun');
  await checkBothWidths(page, 'admin-dashboard');

  // An open run (this month's, or next month's when this one is already paid): its status, and the link.
  const now = new Date(Date.now() + 5.5 * 3600_000);
  const candidates = [0, 1].map((k) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1)));
  const open = candidates.find((d) => !runs.some((r) => r.month === d.toISOString().slice(0, 7)))!;
  const iso = open.toISOString().slice(0, 7);
  const label = monthLabel(iso);
  const lastDay = new Date(Date.UTC(open.getUTCFullYear(), open.getUTCMonth() + 1, 0)).getUTCDate();
  const created = await ctx.post('/api/payrun', {
    data: { month: open.getUTCMonth() + 1, year: open.getUTCFullYear(), pay_date: `${iso}-${lastDay}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  await ctx.dispose();
  await page.reload();
  await expect(card.getByTestId('payroll-open-run')).toContainText(`${label} pay run: being prepared`);
  await expect(card.getByTestId('payroll-open-run')).toContainText('Attendance not confirmed yet');
  await expect(card.getByRole('link', { name: `Open the ${label} pay run` })).toHaveAttribute(
    'href',
    '/payroll/payrun',
  );
});
