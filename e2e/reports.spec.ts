import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, signIn } from './support/helpers';

/**
 * The administrator's reports: the headcount chart and table, joiners and leavers with their
 * exports opened as a spreadsheet program would, and the payroll register in place of a placeholder.
 */
test('an administrator reads headcount, lists joiners and exports them as CSV and .xlsx', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  // Headcount: a chart (one image with its figures) and the same figures in a table.
  await expect(page.getByRole('img', { name: /^Headcount at month end\./ })).toBeVisible();
  const table = page.getByRole('table', { name: 'Headcount by month' });
  await expect(table.getByRole('row')).toHaveCount(13); // header + 12 months
  const closing = Number(await table.getByRole('row').last().getByRole('cell').nth(4).textContent());
  expect(closing).toBeGreaterThan(0);

  // Joiners and leavers of the seed, from a date before anyone joined.
  await page.getByLabel('Report', { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: 'Joiners and leavers' }).click();
  await page.getByLabel('From', { exact: true }).fill('2000-01-01');
  const list = page.getByRole('table', { name: 'Joiners and leavers' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  const shown = await list.getByRole('row').count();
  expect(shown).toBeGreaterThan(1);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^joiners-leavers-\d{2}-\d{4}\.csv$/);
  const lines = readFileSync(await csv.path(), 'utf8')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toBe('\uFEFFDate,Event,Employee code,Employee name,Designation,Division,Unit');

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export .xlsx' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^joiners-leavers-\d{2}-\d{4}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0]!;
  // The same rows in both files; the first page on screen is the newest of them.
  expect(sheet.rowCount).toBe(lines.length);
  const codes = new Set(lines.slice(1).map((l) => l.split(',')[2]));
  const firstOnScreen = await list.getByRole('row').nth(1).getByRole('cell').nth(2).textContent();
  expect(codes.has(firstOnScreen ?? '')).toBe(true);
  expect(String(sheet.getRow(1).getCell(4).value)).toBe('Employee name');

  // The payroll register has landed with pay runs: its register and summaries, not a placeholder.
  await page.getByLabel('Report', { exact: true }).and(page.locator('input')).click();
  await page.getByRole('option', { name: /Payroll register/ }).click();
  await expect(page.getByRole('tab', { name: 'Statutory summaries' })).toBeVisible();
  await expect(page.getByText('This report is not available yet.')).toHaveCount(0);
});
