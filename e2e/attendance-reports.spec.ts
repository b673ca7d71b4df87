import { expect, request, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatMonth } from '../apps/web/src/lib/format';
import { E2E } from './env';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

/**
 * Attendance on the admin's reports (the month's muster, exported as a spreadsheet program would
 * open it) and on the manager's team dashboard (who is in today).
 */
test('an administrator reads this month’s attendance muster and exports it as .xlsx', async ({ page }) => {
  // The muster of every employee plus two exports: past the 60 s default on a loaded 2-core machine.
  test.setTimeout(180_000);
  const admin = await apiLogin(DEMO.admin);
  const employee = await apiLogin(DEMO.employee);
  const manager = await apiLogin(DEMO.manager);
  await signIn(page, DEMO.admin);
  await page.goto('/admin/reports');
  await page.getByLabel('Report', { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: 'Attendance muster', exact: true }).click();

  const month = await page.getByLabel('Month', { exact: true }).inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  // Shown in words ("Dec 2025"), as every month on screen.
  const grid = page.getByRole('table', { name: `Attendance muster, ${formatMonth(month, 'short')}` });
  await expect(grid).toBeVisible();
  // The demo employees are rows of the grid, each with a day column per day of the month.
  for (const who of [employee, manager]) {
    await expect(
      grid.getByRole('rowheader', { name: new RegExp(who.userResponse.employee_name) }),
    ).toBeVisible();
  }
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  await expect(grid.getByRole('columnheader')).toHaveCount(1 + days + 5);
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
  expect(header).toHaveLength(1 + 2 + days + 4); // exceljs rows are 1-based
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
      page.getByRole('img', {
        name: new RegExp(`^Late marks by employee, ${formatMonth(month, 'short')}\\.`),
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: `Late marks, ${formatMonth(month, 'short')}` }),
    ).toBeVisible();
  } else {
    await expect(page.getByText('Nobody was late in this month and division.')).toBeVisible();
  }
  await expectNoAxeViolations(page, 'late marks');
});

const TZ = 'Asia/Kolkata';
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The demo's weekly offs: Sundays and the 2nd and 4th Saturdays. */
const isOff = (d: string) => {
  const w = new Date(`${d}T00:00:00Z`).getUTCDay();
  const nth = Math.ceil(Number(d.slice(8)) / 7);
  return w === 0 || (w === 6 && (nth === 2 || nth === 4));
};

test('an administrator uploads a punch file and sees the days in the muster; the same file again adds nothing', async ({
  page,
}) => {
  const manager = await apiLogin(DEMO.manager);
  const admin = await apiLogin(DEMO.admin);
  // The demo leaves the last working day before today without punches.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  let day = addDays(today, -1);
  while (isOff(day)) day = addDays(day, -1);
  const ctx = await request.newContext({
    baseURL: E2E.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${admin.token}` },
  });
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const rows = (await (await ctx.get(`/api/attendance/muster?year=${y}&month=${m}&records=100`)).json())
    .data as {
    employee_code: string;
    employee_name: string;
  }[];
  await ctx.dispose();
  const who = rows.find((r) => r.employee_name === manager.userResponse.employee_name)!;
  const csv = `employee_code,timestamp,direction,source\n${who.employee_code},${day} 09:20,in,biometric\n${who.employee_code},${day} 18:45,out,biometric\n`;

  await signIn(page, DEMO.admin);
  await page.goto('/admin/reports');
  await page.getByLabel('Report', { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: 'Attendance muster', exact: true }).click();
  await page.getByLabel('Month', { exact: true }).fill(day.slice(0, 7));
  const upload = async () => {
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'punches.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload punches' }).click();
  };
  await upload();
  await expect(page.getByText(/^2 punches added, 0 already recorded/)).toBeVisible();
  const grid = page.getByRole('table', {
    name: `Attendance muster, ${formatMonth(day.slice(0, 7), 'short')}`,
  });
  const row = grid
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(who.employee_name) }) });
  await expect(row.getByRole('cell').nth(Number(day.slice(8)) - 1)).toHaveText('P');
  await page.screenshot({ path: '/tmp/att-upload-1280.png', fullPage: true });
  await upload();
  await expect(page.getByText(/^0 punches added, 2 already recorded/)).toBeVisible();

  // A file with a bad row: every bad row named, nothing stored.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`employee_code,timestamp\nNOBODY,${day} 09:00\n${who.employee_code},tomorrow\n`),
  });
  await page.getByRole('button', { name: 'Upload punches' }).click();
  await expect(page.getByText('2 rows with errors: no punches were stored')).toBeVisible();
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors).toContainText('No employee with code NOBODY');
  await expectNoAxeViolations(page, 'punch upload with errors');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/att-upload-390.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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
