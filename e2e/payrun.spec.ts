import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E } from './env';
import { apiLogin, countRequests, DEMO, expectNoAxeViolations, settle, signIn } from './support/helpers';
import { confirmedRunOf } from './support/payrun';

/**
 * Issue 22, the administrator's pay run end to end on the demo company: last month is confirmed
 * through the API first (so that there is a difference to show), then this month is run on the
 * screens: create, attendance sheet with loss of pay for two people, confirm attendance, compute,
 * the difference from last month, an anomaly acknowledged, confirm, the bank file and the ECR.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** This month and last in Asia/Kolkata, as the API counts them. */
function months() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const prev = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    now: { year, month, lastDay: lastDay(year, month) },
    prev: { ...prev, lastDay: lastDay(prev.year, prev.month) },
  };
}
const pad = (n: number) => String(n).padStart(2, '0');

async function api(): Promise<APIRequestContext> {
  const { token } = await apiLogin(DEMO.admin);
  return request.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** Last month through the API: created, system attendance, computed, anomalies acknowledged, confirmed. */
async function confirmLastMonth(ctx: APIRequestContext, m: { year: number; month: number; lastDay: number }) {
  await confirmedRunOf(ctx, {
    year: m.year,
    month: m.month,
    payDate: `${m.year}-${pad(m.month)}-${m.lastDay}`,
  });
}

async function checkBothWidths(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    // Until the resized layout has re-rendered and stopped moving (rather than a fixed 300 ms).
    await settle(page);
    await page.screenshot({ path: `/tmp/webadmin-${name}-${label}.png`, fullPage: true });
    await expectNoAxeViolations(page, `${name} at ${label} px`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(sideways, `${name} scrolls sideways at ${label} px`).toBe(false);
  }
  await page.setViewportSize(DESKTOP);
}

test('the administrator runs this month end to end, with last month’s difference', async ({ page }) => {
  test.setTimeout(600_000);
  const { now, prev } = months();
  const ctx = await api();
  await confirmLastMonth(ctx, prev);

  await countRequests(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO.admin);
  await page.goto('/payroll/payrun');
  // The first screen of the session loads its chunks: slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Run Payroll', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Recent pay runs' })).toContainText(
    `${MONTHS[prev.month - 1]} ${prev.year}`,
  );
  await checkBothWidths(page, 'runs');

  // Create this month's run.
  const form = page.getByRole('form', { name: 'Create a pay run' });
  await form.getByLabel('Month').selectOption(String(now.month));
  await form.getByLabel('Year').selectOption(String(now.year));
  await form.getByLabel('Pay date').fill(`${now.lastDay} ${MONTHS[now.month - 1]} ${now.year}`);
  await form.getByLabel('Pay date').press('Tab');
  await form.getByRole('button', { name: 'Create pay run' }).click();
  await expect(
    page.getByRole('heading', { name: `Pay run of ${MONTHS[now.month - 1]} ${now.year}` }),
  ).toBeVisible();
  const runId = new URL(page.url()).searchParams.get('run');
  expect(runId).toBeTruthy();

  // The attendance template, pre-filled with the month's employees and the system's loss of pay.
  const attendance = page.getByRole('region', { name: 'Attendance', exact: true });
  const [templateDownload] = await Promise.all([
    page.waitForEvent('download'),
    attendance.getByRole('button', { name: 'Download attendance sheet template' }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await templateDownload.path());
  const sheet = book.getWorksheet('Attendance') ?? book.worksheets[0]!;
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (c, col) => {
    headers[col] = String(c.value ?? '');
  });
  const codeCol = headers.indexOf('Employee code');
  const systemCol = headers.indexOf('System LOP days');
  const lopCol = headers.indexOf('LOP days');
  expect(codeCol).toBeGreaterThan(0);
  expect(lopCol).toBeGreaterThan(0);
  expect(sheet.rowCount).toBeGreaterThan(3);
  // Four more days of loss of pay for the second and third people of the sheet.
  const picked: string[] = [];
  for (const r of [3, 4]) {
    const row = sheet.getRow(r);
    picked.push(String(row.getCell(codeCol).value));
    row.getCell(lopCol).value = Number(row.getCell(systemCol).value ?? 0) + 4;
    row.commit();
  }
  const upload = Buffer.from(await book.xlsx.writeBuffer());
  // A sheet with a bad cell first: the row, the column and the problem in words; nothing to upload.
  const badRow = sheet.getRow(5);
  badRow.getCell(lopCol).value = 'many';
  badRow.commit();
  const bad = Buffer.from(await book.xlsx.writeBuffer());

  const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await attendance
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bad.xlsx', mimeType: xlsxType, buffer: bad });
  await attendance.getByRole('button', { name: 'Preview attendance sheet' }).click();
  const rowErrors = attendance.getByRole('table', { name: 'Attendance sheet row errors' });
  await expect(rowErrors.locator('tbody tr')).toHaveCount(1, { timeout: 30_000 });
  await expect(rowErrors.locator('tbody tr')).toContainText('5');
  await expect(rowErrors.locator('tbody tr')).toContainText('LOP days');
  await expect(rowErrors.locator('tbody tr')).toContainText('"many" is not a number of days');
  await expect(attendance.getByRole('button', { name: 'Upload attendance sheet' })).toBeDisabled();

  await attendance.locator('input[type="file"]').setInputFiles({
    name: 'attendance.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: upload,
  });
  await attendance.getByRole('button', { name: 'Preview attendance sheet' }).click();
  await expect(attendance.getByText(/rows, no errors/)).toBeVisible({ timeout: 30_000 });
  const preview = attendance.getByRole('table', { name: 'Attendance sheet preview' });
  for (const code of picked)
    await expect(preview.getByRole('row', { name: new RegExp(code) })).toContainText('+4 days');
  await page.screenshot({ path: '/tmp/webadmin-attendance-preview-1280.png', fullPage: true });
  await attendance.getByRole('button', { name: 'Upload attendance sheet' }).click();
  await expect(attendance.getByText(/Current attendance sheet: attendance.xlsx/)).toBeVisible();
  await attendance.getByRole('button', { name: 'Confirm attendance' }).click();
  await expect(attendance.getByText('Confirmed', { exact: true })).toBeVisible();

  // Compute, with its progress, until the review shows.
  await page
    .getByRole('region', { name: 'Compute', exact: true })
    .getByRole('button', { name: 'Compute' })
    .click();
  const review = page.getByRole('region', { name: 'Review', exact: true });
  await expect(review).toBeVisible({ timeout: 240_000 });
  await expect(
    review.getByText(`Differences are from the last confirmed run, ${MONTHS[prev.month - 1]} ${prev.year}.`),
  ).toBeVisible();
  await expect(review.getByRole('table', { name: 'Totals by component' })).toBeVisible();
  // The two people with more loss of pay: paid less than last month.
  await review.getByLabel('Search by name or code').fill(picked[0]!);
  await review.getByRole('button', { name: 'Search', exact: true }).click();
  const row = review.getByRole('table', { name: 'Employees of the run' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(picked[0]!);
  await expect(row).toContainText('−₹');
  // An employee's payslip lines with the engine's words.
  await row.getByRole('button', { name: /Open the payslip of/ }).click();
  const slip = page.getByRole('dialog');
  await expect(slip.getByText(/Last run ₹/).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/webadmin-payslip-1280.png' });
  await page.keyboard.press('Escape');

  // Anomalies: one acknowledged on the screen, with who and when shown; the rest through the API.
  const anomalies = page.getByRole('region', { name: 'Anomalies', exact: true });
  const confirmButton = page
    .getByRole('region', { name: 'Confirm', exact: true })
    .getByRole('button', { name: 'Confirm pay run' });
  const ackButtons = anomalies.getByRole('button', { name: 'Acknowledge', exact: true });
  if ((await ackButtons.count()) > 0) {
    await expect(confirmButton).toBeDisabled();
    await expect(
      page.getByRole('region', { name: 'Confirm', exact: true }).getByText(/not acknowledged yet/),
    ).toBeVisible();
    const first = anomalies
      .locator('li')
      .filter({ has: page.getByRole('button', { name: 'Acknowledge', exact: true }) })
      .first();
    await first.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(first.getByText('Say why, in a few words')).toBeVisible();
    await first.getByLabel('Reason').fill('Loss of pay from the attendance sheet');
    await first.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    // Who and when, in words, once it is acknowledged (folded under the acknowledged ones).
    await anomalies.getByRole('button', { name: /Show the \d+ acknowledged/ }).click();
    await expect(
      anomalies.getByText(/Acknowledged by .+ on .+: “Loss of pay from the attendance sheet”/),
    ).toBeVisible();
    // The rest with one reason.
    const all = anomalies.getByRole('form', { name: 'Acknowledge all open anomalies' });
    if (await all.isVisible()) {
      await all.getByLabel('Reason for all open anomalies').fill('Bank details checked with each employee');
      await all.getByRole('button', { name: /Acknowledge all \d+ open/ }).click();
    } else {
      await anomalies.getByLabel('Reason').fill('Checked with the employee');
      await anomalies.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    }
  }
  await expect(page.getByText(/anomal(y is|ies are) acknowledged|No anomalies found/)).toBeVisible();
  await checkBothWidths(page, 'review');

  // Confirm, through the dialog.
  await expect(confirmButton).toBeEnabled();
  await confirmButton.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm pay run' }).click();
  await expect(page.getByText(/^Confirmed .+ A confirmed run does not change/)).toBeVisible();

  // Payslips: made on the job runner, with progress, until every employee has one.
  await page.getByRole('button', { name: 'Generate payslips' }).click();
  await expect(page.getByText(/^Payslips made for (\d+) of \1 employees/)).toBeVisible({ timeout: 120_000 });
  // Made again (after a settings change, say), asked first in a dialog; it ends as the first did.
  await page.getByRole('button', { name: 'Generate again' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Generate again' }).click();
  await expect(page.getByText(/^Payslips made for (\d+) of \1 employees/)).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Payslips were not generated')).toHaveCount(0);

  // The files: the bank transfer list and the ECR, with the two people in them.
  const files = page.getByRole('region', { name: 'Files', exact: true });
  const [bank] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: 'Download Bank transfer (CSV)' }).click(),
  ]);
  const csv = await readFile(await bank.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Employee code');
  expect(lines.length).toBeGreaterThan(3);
  expect(csv).toContain(picked[0]!);
  expect(csv).toContain(`${now.year}-${pad(now.month)}-${now.lastDay}`);
  const [ecr] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: 'Download EPF ECR' }).click(),
  ]);
  const ecrLines = (await readFile(await ecr.path(), 'utf8')).trim().split(/\r?\n/);
  expect(ecrLines.length).toBeGreaterThan(0);
  for (const l of ecrLines) {
    const f = l.split('#~#');
    expect(f).toHaveLength(11);
    expect(f[0]).toMatch(/^\d{12}$/);
  }
  await checkBothWidths(page, 'confirmed');

  // The history lists both months; payable days open an employee's dates.
  await page.goto('/payroll/payrun/history');
  const history = page.getByRole('table', { name: 'Confirmed pay runs' });
  await expect(history).toContainText(`${MONTHS[now.month - 1]} ${now.year}`);
  await expect(history).toContainText(`${MONTHS[prev.month - 1]} ${prev.year}`);
  await checkBothWidths(page, 'history');
  await page.goto('/payroll/payrun/payable-days');
  const days = page.getByRole('table', { name: 'Payable days' });
  await expect(days.locator('tbody tr').first()).toBeVisible();
  await days
    .getByRole('button', { name: /Days of / })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByText(/payable days of/)).toBeVisible();
  await page.keyboard.press('Escape');
  await checkBothWidths(page, 'payable-days');
  await page.goto('/payroll/payrun?tab=settings');
  await expect(page.getByRole('form', { name: 'Pay run settings' })).toBeVisible();
  await checkBothWidths(page, 'settings');
  await ctx.dispose();
});
