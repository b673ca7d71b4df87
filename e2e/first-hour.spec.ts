import { expect, type Page, test } from '@playwright/test';
import { apiLogin, DEMO, signIn } from './support/helpers';

/**
 * Issue 24, the first hour: each demo role lands on its own area with the area switch in view; a
 * notification says what was decided about which item, by whom, and links to it; the Today card
 * follows the punches through punch in, out and in again. One sign-in per role.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function landsOn(page: Page, email: string, path: RegExp, area: string | null) {
  await signIn(page, email);
  await expect(page).toHaveURL(path);
  // The employee has one area only: there is nothing to switch to.
  if (!area) return;
  const areas = page.getByRole('navigation', { name: 'Areas' });
  await expect(areas).toBeVisible();
  await expect(areas.getByRole('link', { name: area })).toHaveAttribute('aria-current', 'page');
}

test('each role lands on its own area with the area switch', async ({ browser }) => {
  for (const [email, path, area] of [
    [DEMO.admin, /\/admin$/, 'Admin'],
    [DEMO.manager, /\/team$/, 'Team'],
  ] as const) {
    const context = await browser.newContext();
    await landsOn(await context.newPage(), email, path, area);
    await context.close();
  }
});

test('the employee: a notification in words with its link; punch in, out and in again', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A decision to be told of: the employee asks for a profile change, the manager approves it.
  const api = await playwright.request.newContext({ baseURL });
  const as = async (email: string) => ({ authorization: `Bearer ${(await apiLogin(email)).token}` });
  const employee = await as(DEMO.employee);
  for (const r of (
    await (await api.get('/api/employee/profile/change-request', { headers: employee })).json()
  ).data as { id: string; status: string }[]) {
    if (r.status === 'pending')
      await api.put(`/api/employee/profile/change-request/${r.id}/cancel`, { headers: employee });
  }
  const asked = await api.post('/api/employee/profile/change-request', {
    headers: employee,
    data: {
      changes: { bank_holder_name: `Priya Sharma ${Date.now() % 10_000}` },
      reason: 'As on my passbook',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const approved = await api.put(`/api/requests/profile-update/${(await asked.json()).data.id}/approve`, {
    headers: await as(DEMO.manager),
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await api.dispose();

  await landsOn(page, DEMO.employee, /\/user$/, null);

  await page.goto('/user/notifications');
  const item = page
    .getByRole('listitem')
    .filter({ hasText: /Your profile change \(.+\) was approved by Vikram Mehta/ })
    .first();
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/user/profile');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications.png` });

  await page.goto('/user');
  const card = page.getByRole('region', { name: /^Today, / });
  const status = card.getByTestId('today-status');
  // Other specs may have punched today: start from "out" (an even number of punches).
  if (await card.getByRole('button', { name: 'Punch out' }).isVisible()) {
    await page.waitForTimeout(1100); // punches are kept to the second
    await card.getByRole('button', { name: 'Punch out' }).click();
    await expect(status).toContainText('Out since');
  }
  await page.waitForTimeout(1100);
  await card.getByRole('button', { name: /^Punch in/ }).click();
  await expect(status).toHaveText(/^Working since \d\d:\d\d$/);
  await expect(card).not.toContainText('Absent');
  await page.waitForTimeout(1100);
  await card.getByRole('button', { name: 'Punch out' }).click();
  await expect(status).toHaveText(/^Out since \d\d:\d\d$/);
  await expect(card.getByTestId('dash-punch')).toContainText(
    'Your day is complete unless you punch in again',
  );
  await page.waitForTimeout(1100);
  await card.getByRole('button', { name: 'Punch in again' }).click();
  await expect(status).toHaveText(/^Working since \d\d:\d\d$/);
  await expect(card.getByTestId('dash-punch')).toContainText(/Sessions today: .*\d\d:\d\d–now\./);
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/today-card.png` });
});
