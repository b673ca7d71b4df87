import { expect, request, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E } from './env';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

/**
 * Attendance on the admin's reports (the month's muster, exported as a spreadsheet program would
 * open it) and on the manager's team dashboard (who is in today).
 */
test('an administrator reads this month’s attendance muster and exports it as .xlsx', async ({ page }) => {
  const admin = await apiLogin(DEMO.admin);
  const employee = await apiLogin(DEMO.employee);
  const manager = await apiLogin(DEMO.manager);
  await signIn(page, DEMO.admin);
  await page.goto('/admin/reports');
  await page.getByLabel('Report', { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: 'Attendance muster', exact: true }).click();

  const month = await page.getByLabel('Month', { exact: true }).inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  const grid = page.getByRole('table', { name: `Attendance muster, ${month}` });
  await expect(grid).toBeVisible();
  // The demo employees are rows of the grid, each with a day column per day of the month.
  for (const who of [employee, manager]) {
    await expect(
      grid.getByRole('rowheader', { name: new RegExp(who.userResponse.employee_name) }),
    ).toBeVisible();
  }
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  await expect(grid.getByRole('columnheader')).toHaveCount(1 + days + 4);
  await expect(page.getByRole('region', { name: 'Attendance muster grid' })).toHaveAttribute('tabindex', '0');
  await expect(page.getByText(/^Legend:/)).toBeVisible();
  // a11y.spec only sees the report the screen opens on, so the muster view is checked here.
  await expectNoAxeViolations(page, 'attendance muster');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'attendance muster at 390 px');
  await page.screenshot({ path: '/tmp/attscreens-muster-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  // How many employees the server counts in this month's muster, to check the file against.
  const ctx = await request.newContext({
    baseURL: E2E.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${admin.token}` },
  });
  const api = await (await ctx.get(`/api/attendance/muster?year=${y}&month=${m}&records=1`)).json();
  await ctx.dispose();
  const total: number = api.meta.totalCount;
  expect(total).toBeGreaterThan(1);
  // The grid shows a page of 50 employees, and pages on when there are more.
  const shown = (await grid.getByRole('row').count()) - 1;
  await page.screenshot({ path: '/tmp/attscreens-muster.png' });
  expect(shown).toBe(Math.min(total, 50));
  if (total > 50) await expect(page.getByRole('button', { name: 'Page 2' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .xlsx' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^attendance-muster-\d{2}-\d{4}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0]!;
  const header = sheet.getRow(1).values as unknown[];
  expect(header.slice(1, 3)).toEqual(['Code', 'Name']);
  expect(header).toHaveLength(1 + 2 + days + 3); // exceljs rows are 1-based
  // One row per employee of the month, every page of the grid.
  expect(sheet.rowCount - 1).toBe(total);
  const names = new Set<string>();
  sheet.eachRow((row, n) => {
    if (n > 1) names.add(String(row.getCell(2).value));
  });
  expect(names.size).toBe(total);
  expect(names.has(employee.userResponse.employee_name)).toBe(true);
  expect(names.has(manager.userResponse.employee_name)).toBe(true);

  // Late marks read the same muster: a chart and table of who was late, or a plain empty state.
  await page.getByLabel('Report', { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: 'Late marks', exact: true }).click();
  const anyLate = (await lateTotal(admin.token, y, m)) > 0;
  if (anyLate) {
    await expect(
      page.getByRole('img', { name: new RegExp(`^Late marks by employee, ${month}\\.`) }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: `Late marks, ${month}` })).toBeVisible();
  } else {
    await expect(page.getByText('Nobody was late in this month and division.')).toBeVisible();
  }
  await expectNoAxeViolations(page, 'late marks');
});

/** Late marks in the month across every employee, as the server counts them. */
async function lateTotal(token: string, year: number, month: number): Promise<number> {
  const ctx = await request.newContext({
    baseURL: E2E.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const res = await (await ctx.get(`/api/attendance/muster?year=${year}&month=${month}&records=100`)).json();
  await ctx.dispose();
  return res.data.reduce((n: number, r: { late_marks: number }) => n + r.late_marks, 0);
}

test('a manager sees who of the team is in today on the team dashboard', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: /^Today, / })).toBeVisible();
  const counts = page.getByRole('list', { name: 'Today’s counts' });
  for (const label of ['In', 'Late', 'Absent', 'On leave', 'Not yet in']) {
    await expect(
      counts.getByRole('listitem').filter({ hasText: new RegExp(`^${label}: \\d+$`) }),
    ).toHaveCount(1);
  }
  const employee = await apiLogin(DEMO.employee);
  const table = page.getByRole('table', { name: 'My team today' });
  await expect(
    table.getByRole('row', { name: new RegExp(employee.userResponse.employee_name) }),
  ).toBeVisible();
  // On a phone the panel stays readable and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(counts).toBeVisible();
  await expectNoAxeViolations(page, 'team dashboard at 390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/attscreens-team-390.png', fullPage: true });
});
