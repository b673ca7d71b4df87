import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiLogin, DEMO, signIn } from './support/helpers';

const TZ = 'Asia/Kolkata';
const todayIst = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
/** The demo's weekly offs: Sundays and the 2nd and 4th Saturdays. */
const isOff = (d: string) => {
  const w = weekday(d);
  const nth = Math.ceil(Number(d.slice(8)) / 7);
  return w === 0 || (w === 6 && (nth === 2 || nth === 4));
};
const label = (d: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${d}T00:00:00Z`));

test('an employee punches, regularises a missed day, the manager approves, the month exports', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Regularisations go to the demo manager (the demo has no regularisation flow of its own).
  const admin = await apiLogin(DEMO.admin);
  const manager = await apiLogin(DEMO.manager);
  const api = await playwright.request.newContext({ baseURL });
  const flow = await api.post('/api/approval-flow', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: 'Regularisation',
      request_type: 'regularisation',
      is_default: true,
      levels: [
        { approver_kind: 'employee', approver_employee_ids: [manager.userResponse.employee_id], rule: 'any' },
      ],
    },
  });
  expect([201, 409]).toContain(flow.status());
  await api.dispose();

  const today = todayIst();
  let missed = addDays(today, -1);
  while (isOff(missed)) missed = addDays(missed, -1);

  // The employee regularises the day the demo leaves empty, then punches in and out (last: between
  // midnight and 03:30 IST a punch belongs to the day before, which may be that same day).
  const ctx = await browser.newContext({ acceptDownloads: true });
  const page = await ctx.newPage();
  await signIn(page, DEMO.employee);
  await page.goto('/user/attendance');
  await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();

  // Regularise the missed day.
  await page.getByRole('textbox', { name: 'Day' }).fill(label(missed));
  await page.getByRole('textbox', { name: 'Day' }).press('Enter');
  await page.getByLabel('In time').fill('09:30');
  await page.getByLabel('Out time').fill('18:30');
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Missed punch' }).click();
  await page.getByRole('button', { name: 'Request regularisation' }).click();
  await expect(page.getByText('Regularisation requested')).toBeVisible();
  const requests = page.getByRole('region', { name: 'Regularisation requests this month' });
  if (missed.slice(0, 7) === today.slice(0, 7)) {
    await expect(requests.getByRole('row').filter({ hasText: label(missed) })).toContainText('Pending');
  }

  // The manager approves from the queue.
  const mctx = await browser.newContext();
  const mpage = await mctx.newPage();
  await signIn(mpage, DEMO.manager);
  await mpage.goto('/team/requests/regularization');
  const row = mpage.getByRole('row').filter({ hasText: label(missed) });
  await expect(row).toContainText('Missed punch');
  await row.getByRole('button', { name: /Open request of/ }).click();
  await mpage
    .getByRole('dialog', { name: /Regularisation:/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await mpage
    .getByRole('dialog', { name: 'Approve this correction?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(mpage.getByText('Request approved')).toBeVisible();
  await mctx.close();

  // The day turns present.
  await page.goto(`/user/attendance?month=${Number(missed.slice(5, 7))}&year=${missed.slice(0, 4)}`);
  const day = page.getByTestId(`day-${missed}`);
  await expect(day).toContainText('Present');
  await expect(day).toContainText('In 09:30');
  await expect(day).toContainText('Out 18:30');

  // The month exports as CSV and .xlsx, both with a row per day.
  const mm = missed.slice(5, 7);
  const yyyy = missed.slice(0, 4);
  const days = new Date(Date.UTC(Number(yyyy), Number(mm), 0)).getUTCDate();
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe(`attendance-${mm}-${yyyy}.csv`);
  const csv = readFileSync((await csvDownload.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv).toHaveLength(days + 1);
  expect(csv[0]).toBe('Date,Day,Status,In,Out,Worked (h:mm),Late (min),Early exit,Missed punch');
  expect(csv.find((l) => l.startsWith(missed))).toMatch(
    new RegExp(`^${missed},\\w{3},Present,09:30,18:30,8:00,`),
  );

  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe(`attendance-${mm}-${yyyy}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await xlsxDownload.path())!);
  const ws = wb.worksheets[0]!;
  expect(ws.rowCount).toBe(days + 1);
  const xrow = ws.getRow(Number(missed.slice(8)) + 1);
  expect((xrow.values as unknown[]).slice(1, 7)).toEqual([
    missed,
    expect.any(String),
    'Present',
    '09:30',
    '18:30',
    '8:00',
  ]);
  // Punching now: the day it belongs to (a day's punches start 6 hours before the demo's 09:30 shift).
  const punchDay = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(
    new Date(Date.now() - 3.5 * 3600_000),
  );
  await page.goto(`/user/attendance?month=${Number(punchDay.slice(5, 7))}&year=${punchDay.slice(0, 4)}`);
  await page.getByRole('button', { name: 'Punch in' }).click();
  await expect(page.getByText('Punched in')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Punch out' })).toBeVisible();
  await page.waitForTimeout(1100); // punches are kept to the second
  await page.getByRole('button', { name: 'Punch out' }).click();
  await expect(page.getByText('Punched out')).toBeVisible();
  const todayCell = page.getByTestId(`day-${punchDay}`);
  await expect(todayCell).not.toContainText('In —');
  await expect(todayCell).not.toContainText('Out —');
  await ctx.close();
});
