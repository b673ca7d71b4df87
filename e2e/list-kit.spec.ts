import { expect, type Page, request, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, DEMO, signIn } from './support/helpers';

// The list kit keeps its view (page, sort, filters, search) in the URL: Back from a record and a
// shared link both come back to the same view. Thirteen employees with one surname make two pages.
const tag = `Listkit${Date.now().toString(36).slice(-5)}`;
const EMAILS = Array.from(
  { length: 13 },
  (_, i) => `p${String(i + 1).padStart(2, '0')}.${tag.toLowerCase()}@acme.test`,
);

test.beforeAll(async () => {
  const { token } = await apiLogin(DEMO.admin);
  const api = await request.newContext({
    baseURL: E2E.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  for (const [i, email] of EMAILS.entries()) {
    const res = await api.post('/api/employee', {
      data: {
        first_name: `P${String(i + 1).padStart(2, '0')}`,
        last_name: tag,
        email,
        date_of_joining: '2025-04-01',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await api.dispose();
});

const table = (page: Page) => page.getByRole('table', { name: 'Employees' });
const emailColumn = (page: Page) => table(page).getByRole('columnheader', { name: /Email/ });
const rows = (page: Page) => table(page).locator('tbody tr');

/** The view the test sets up, as the URL must hold it (defaults are left out). */
const VIEW = new RegExp(
  `/admin/employees\\?page=2&sortBy=email&sortOrder=desc&key=name&value=${tag}&status=active$`,
);

async function expectTheView(page: Page) {
  await expect(page).toHaveURL(VIEW);
  await expect(emailColumn(page)).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveValue(tag);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
  // Email descending, ten a page: page 2 holds the three smallest addresses.
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).nth(0)).toContainText(EMAILS[2]!);
  await expect(rows(page).nth(2)).toContainText(EMAILS[0]!);
}

test('the employee list keeps its page, sort and filters across Back and in a shared link', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/employees');
  await expect(table(page)).toBeVisible();

  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Showing 1–10 of 13 employees')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(page).toHaveURL(/status=active/);

  await emailColumn(page).getByRole('button').click();
  await expect(emailColumn(page)).toHaveAttribute('aria-sort', 'ascending');
  await emailColumn(page).getByRole('button').click();
  await expect(emailColumn(page)).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expectTheView(page);

  await page.getByRole('link', { name: `Open P02 ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `P02 ${tag}`, level: 1 })).toBeVisible();

  await page.goBack();
  await expectTheView(page);

  // The same URL in another tab (a shared link) opens the same view.
  const url = page.url();
  const other = await browser.newPage();
  await signIn(other, DEMO.admin);
  await other.goto(url);
  await expectTheView(other);
  await other.close();
});

test('at 390 px wide the list scrolls inside its own box, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.admin);
  await page.goto(`/admin/employees?value=${tag}&key=name`);
  await expect(rows(page)).toHaveCount(10);
  const page_ = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(page_.scroll).toBeLessThanOrEqual(page_.client);
  const box = page.getByRole('region', { name: 'Employees table' });
  const inner = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(inner.scroll).toBeGreaterThan(inner.client);
  // The box takes focus, so the keyboard can scroll it.
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});
