import { expect, type Page, request, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { E2E } from './env';
import { apiLogin, DEMO, signIn } from './support/helpers';

/**
 * The path: an employee files a travel claim with a receipt and a claim above ₹10,000; the
 * manager approves both; the big one then waits for the administrator (the employee sees who
 * approves next), the administrator approves, and the reimbursements report and its .xlsx show
 * both. On the way, a second claim of the same bill is stopped before it is submitted.
 */

const stamp = Date.now().toString().slice(-6);
const category = `E2E Relocation ${stamp}`;
const merchant = `E2E Movers ${stamp}`;
const bill = `MV-${stamp}`;
const travelCategory = `E2E Site visits ${stamp}`;
const travelMerchant = `E2E Cab ${stamp}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

async function openClaimForm(page: Page) {
  await page.getByRole('button', { name: 'Add claim' }).click();
  const form = page.getByRole('dialog', { name: 'Add claim' });
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: category }).click();
  await form.getByRole('textbox', { name: 'Amount (₹)' }).fill('15000');
  await form.getByRole('textbox', { name: 'Merchant' }).fill(merchant);
  await form.getByRole('textbox', { name: 'Bill number' }).fill(bill);
  return form;
}

test('a claim above ₹10,000 goes to the manager, then the administrator, and shows in the report export', async ({
  browser,
}) => {
  // Three signed-in people and two claims through two levels: longer than one screen's test.
  test.setTimeout(180_000);
  // No default category takes a claim above ₹10,000: the administrator adds one (set-up by API).
  const [admin, manager] = [await apiLogin(DEMO.admin), await apiLogin(DEMO.manager)];
  const api = await request.newContext({
    baseURL: E2E.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${admin.token}` },
  });
  const created = await api.post('/api/expenses/categories', {
    data: { name: category, max_per_claim_paise: 5_000_000, receipt_required_over_paise: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const travel = await api.post('/api/expenses/categories', {
    data: { name: travelCategory, requires_travel: true, rate_per_km_paise: 1200 },
  });
  expect(travel.status(), await travel.text()).toBe(201);
  await api.dispose();

  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, DEMO.employee);
  await employee.goto('/user/salary/expenses');
  await expect(employee.getByRole('heading', { name: 'Reimbursements', level: 1 })).toBeVisible({
    timeout: 30_000,
  });

  // A travel claim with its receipt: 18.5 km × ₹12.00 = ₹222.00, one level (the manager).
  await employee.getByRole('button', { name: 'Add claim' }).click();
  let form = employee.getByRole('dialog', { name: 'Add claim' });
  await form.getByRole('combobox', { name: 'Category' }).click();
  await employee.getByRole('option', { name: travelCategory }).click();
  await form.getByRole('textbox', { name: 'From' }).fill('Head office');
  await form.getByRole('textbox', { name: 'To' }).fill('Customer site, Whitefield');
  await form.getByRole('textbox', { name: 'Distance (km)' }).fill('18.5');
  await expect(form.getByText(/Amount: ₹222\.00/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Merchant' }).fill(travelMerchant);
  await form.getByRole('textbox', { name: 'Bill number' }).fill(`CB-${stamp}`);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cab.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Submit claim' }).click();
  await expect(employee.getByText('Claim submitted')).toBeVisible();
  await expect(employee.getByRole('row').filter({ hasText: travelMerchant })).toContainText('₹222.00');

  form = await openClaimForm(employee);
  await form.getByRole('button', { name: 'Submit claim' }).click();
  await expect(employee.getByText('Claim submitted').first()).toBeVisible();
  const row = employee.getByRole('row').filter({ hasText: merchant });
  await expect(row).toContainText('₹15,000.00');
  await expect(row).toContainText(`${manager.userResponse.employee_name} (level 1 of 2)`);

  // The same bill again: the form warns before submitting, and this one cannot go through.
  form = await openClaimForm(employee);
  await form.getByRole('button', { name: 'Submit claim' }).click();
  const warning = form.getByRole('alert').filter({ hasText: 'You have already claimed this bill' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`bill ${bill}`);
  await expect(warning.getByRole('button', { name: 'Submit anyway' })).toHaveCount(0);
  await warning.getByRole('button', { name: 'Go back and edit' }).click();
  await expect(form.getByRole('button', { name: 'Submit claim' })).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(employee.getByRole('row').filter({ hasText: merchant })).toHaveCount(1);

  // The manager approves the travel claim (its only level), with its receipt at hand ...
  const mgr = await (await browser.newContext()).newPage();
  await signIn(mgr, DEMO.manager);
  await mgr.goto('/team/requests/reimbursements');
  await expect(mgr.getByRole('heading', { name: 'Reimbursement requests' })).toBeVisible();
  await mgr.getByLabel('Search', { exact: true }).fill(travelMerchant);
  await mgr.getByRole('button', { name: 'Search', exact: true }).click();
  await mgr
    .getByRole('row')
    .filter({ hasText: '₹222.00' })
    .getByRole('button', { name: /^Open claim of / })
    .click();
  const travelDrawer = mgr.getByRole('dialog', { name: /^Reimbursement: / });
  await expect(travelDrawer.getByRole('table', { name: 'Claim details' })).toContainText(
    'Customer site, Whitefield',
  );
  await expect(travelDrawer.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  await travelDrawer.getByRole('button', { name: 'Approve' }).click();
  await mgr
    .getByRole('dialog', { name: 'Approve this claim?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  // Dismissed (the toast closes on click), so the next approval's toast is the only one.
  const approvedToast = mgr.getByText('Claim approved');
  await expect(approvedToast).toBeVisible();
  await approvedToast.click();
  await expect(approvedToast).toHaveCount(0);

  // ... and level 1 of the claim above ₹10,000.
  await mgr.getByLabel('Search', { exact: true }).fill(merchant);
  await mgr.getByRole('button', { name: 'Search', exact: true }).click();
  const claim = mgr.getByRole('row').filter({ hasText: '₹15,000.00' });
  await claim.getByRole('button', { name: /^Open claim of / }).click();
  let drawer = mgr.getByRole('dialog', { name: /^Reimbursement: / });
  await expect(drawer).toContainText('level 1 of 2');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await mgr
    .getByRole('dialog', { name: 'Approve this claim?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(mgr.getByText('Claim approved')).toBeVisible();

  // Still pending: it now waits for the administrator.
  await employee.reload();
  const waiting = employee.getByRole('row').filter({ hasText: merchant });
  await expect(waiting).toContainText('Pending');
  await expect(waiting).toContainText(`${admin.userResponse.employee_name} (level 2 of 2)`);

  // The administrator approves from the admin queue.
  const adm = await (await browser.newContext()).newPage();
  await signIn(adm, DEMO.admin);
  await adm.goto('/admin/requests/reimbursements');
  await expect(adm.getByRole('heading', { name: 'Reimbursement requests' })).toBeVisible();
  await adm.getByLabel('Search', { exact: true }).fill(merchant);
  await adm.getByRole('button', { name: 'Search', exact: true }).click();
  const adminRow = adm.getByRole('row').filter({ hasText: '₹15,000.00' });
  await expect(adminRow).toContainText(`${admin.userResponse.employee_name} (level 2 of 2)`);
  await adminRow.getByRole('button', { name: /^Open claim of / }).click();
  drawer = adm.getByRole('dialog', { name: /^Reimbursement: / });
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await adm
    .getByRole('dialog', { name: 'Approve this claim?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(adm.getByText('Claim approved')).toBeVisible();
  await employee.reload();
  await expect(employee.getByRole('row').filter({ hasText: merchant })).toContainText('Approved');
  await expect(employee.getByRole('row').filter({ hasText: travelMerchant })).toContainText('Approved');

  // The reimbursements report: both claims in the chart's table, then the .xlsx opened as a
  // spreadsheet would (every category: the demo's own claims are there too).
  await adm.goto('/admin/reports');
  await expect(adm.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await adm.getByLabel('Report', { exact: true }).and(adm.locator('input')).click();
  await adm.getByRole('option', { name: 'Reimbursements by category and status' }).click();
  await expect(adm.getByRole('img', { name: /^Claimed amount by category\./ })).toBeVisible();
  const table = adm.getByRole('table', { name: 'Claims by category and status' });
  await expect(table.getByRole('row').filter({ hasText: category })).toContainText('₹15,000.00 (1)');
  await expect(table.getByRole('row').filter({ hasText: travelCategory })).toContainText('₹222.00 (1)');

  const download = adm.waitForEvent('download');
  await adm.getByRole('button', { name: 'Export .xlsx' }).click();
  const xlsx = await download;
  expect(xlsx.suggestedFilename()).toMatch(/^reimbursements-\d{2}-\d{4}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    'Expense date',
    'Employee code',
    'Employee name',
    'Division',
    'Category',
    'Status',
    'Amount (₹)',
    'Merchant',
    'Bill number',
    'Paid through',
    'Payout reference',
    'Paid on',
  ]);
  const rows: unknown[][] = [];
  sheet.eachRow((r, n) => {
    if (n > 1) rows.push((r.values as unknown[]).slice(1));
  });
  const big = rows.filter((r) => r[7] === merchant);
  expect(big).toHaveLength(1);
  expect(big[0]!.slice(4, 9)).toEqual([category, 'Approved', 15000, merchant, bill]);
  const cab = rows.filter((r) => r[7] === travelMerchant);
  expect(cab).toHaveLength(1);
  expect(cab[0]!.slice(4, 9)).toEqual([travelCategory, 'Approved', 222, travelMerchant, `CB-${stamp}`]);
});
