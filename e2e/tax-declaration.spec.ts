import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, countRequests, DEMO, expectNoAxeViolations, settle, signIn } from './support/helpers';

/**
 * Tax declarations (issue 23): the administrator opens the year's declaration window (through the
 * API), then the demo employee opens Tax declaration from the menu, reads which regime costs less
 * on their own salary, declares for the old regime (80C, rent with the landlord's PAN), saves, sees
 * the comparison follow the declaration, and submits. Then proofs: the employee sends a proof of
 * the PPF and of the rent, the administrator verifies one and rejects the other with a reason, and
 * the employee reads the reason. Axe-clean at 1280 and 390 px.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

async function sendProof(page: Page, item: string, name: string) {
  const row = page.getByTestId('proof-item').filter({ hasText: item });
  await row.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await row.getByRole('button', { name: 'Send proof' }).click();
  await expect(row).toContainText('Awaiting review');
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The financial year of today in India: '2026-27'. */
function financialYear(): string {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  const y = now.getUTCFullYear();
  const start = now.getUTCMonth() + 1 >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

async function adminApi(): Promise<APIRequestContext> {
  const { token } = await apiLogin(DEMO.admin);
  return request.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

async function settled(page: Page) {
  await settle(page);
  await expect(page.getByRole('status').filter({ hasText: /Loading|Working out/ })).toHaveCount(0);
}

test('the employee compares the regimes, declares for the old regime and submits', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const fy = financialYear();
  const start = Number(fy.slice(0, 4));
  const admin = await adminApi();
  const set = await admin.put(`/api/tax/windows/${fy}`, {
    data: {
      opens_on: `${start}-04-01`,
      closes_on: `${start + 1}-03-31`,
      proof_opens_on: `${start}-04-01`,
      proof_closes_on: `${start + 1}-03-31`,
    },
  });
  expect(set.status(), await set.text()).toBe(200);

  await countRequests(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO.employee);
  // From the menu: Salary → Tax declaration.
  const link = page.getByRole('link', { name: 'Tax declaration' });
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'Salary' }).click();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax declaration' })).toBeVisible();
  await expect(page.getByTestId('window-message')).toContainText(`Declarations for ${fy} are open until`);

  // Both regimes from the employee's own salary, side by side in ₹ en-IN.
  const rupees = /^₹\d{1,2}(,\d{2})*(,\d{3})?\.\d{2}$|^₹\d{1,3}\.\d{2}$/;
  await expect(page.getByTestId('tax-new')).toHaveText(rupees);
  await expect(page.getByTestId('tax-old')).toHaveText(rupees);
  await expect(page.getByRole('table', { name: 'Figures used' })).toContainText('Salary for the year');
  const oldBefore = await page.getByTestId('tax-old').textContent();
  await settled(page);
  await expectNoAxeViolations(page, 'tax declaration at 1280 px', true);

  // Declare for the old regime: an 80C item and the rent, with the landlord's PAN over ₹1 lakh.
  await page.getByRole('radio', { name: 'Old regime' }).check();
  await page.getByRole('button', { name: 'Add an 80C item' }).click();
  await page.getByRole('textbox', { name: 'Item' }).fill('PPF');
  await page.getByRole('textbox', { name: 'Amount' }).fill('150000');
  await page.getByRole('checkbox', { name: 'I pay rent (HRA)' }).check();
  await page.getByRole('textbox', { name: 'Monthly rent' }).fill('20000');
  await page.getByRole('textbox', { name: 'City' }).fill('Mumbai');
  await page.getByRole('textbox', { name: "Landlord's name" }).fill('R Rao');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(
    page.getByText("The landlord's PAN is needed when the rent is more than ₹1,00,000 a year"),
  ).toBeVisible();
  await page.getByRole('textbox', { name: /Landlord's PAN/ }).fill('ABCDE1234F');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('window-message')).toContainText('Draft');

  // The comparison follows the declaration: the old regime's tax falls (80C and HRA now count).
  await expect(page.getByTestId('tax-old')).not.toHaveText(oldBefore ?? '');
  await expect(page.getByTestId('regime-old')).toContainText('HRA exemption');
  await expect(page.getByTestId('regime-summary')).toContainText(/regime/);

  await page.getByRole('button', { name: 'Submit declaration' }).click();
  await expect(page.getByTestId('window-message')).toContainText('Submitted');
  await expect(page.getByRole('button', { name: 'Submit again' })).toBeVisible();

  // Proofs, item by item.
  await expect(page.getByTestId('proof-window-message')).toContainText(`Proofs for ${fy} are taken until`);
  await sendProof(page, 'PPF', 'ppf-receipt.pdf');
  await sendProof(page, 'Rent paid (HRA)', 'rent-receipts.pdf');

  // The administrator's list shows it submitted.
  const list = await admin.get(`/api/tax/declarations?financial_year=${fy}&status=submitted&search=priya`);
  expect((await list.json()).data[0]).toMatchObject({ status: 'submitted', regime: 'old' });
  await admin.dispose();

  await settled(page);
  await expectNoAxeViolations(page, 'tax declaration (submitted) at 1280 px', true);
  await page.screenshot({ path: '/tmp/tax-declaration-1280.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await settled(page);
  await expectNoAxeViolations(page, 'tax declaration at 390 px', true);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, 'scrolls sideways at 390 px').toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: '/tmp/tax-declaration-390.png', fullPage: true });

  // The administrator finds it in the payroll area's list and opens it.
  const adminPage = await browser.newPage();
  await countRequests(adminPage);
  await adminPage.setViewportSize(DESKTOP);
  await signIn(adminPage, DEMO.admin);
  await adminPage.goto('/payroll/tax/declarations?status=submitted');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Tax declarations' })).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: `Declaration window for ${fy}` })).toBeVisible();
  await settled(adminPage);
  await expectNoAxeViolations(adminPage, 'tax declarations list', true);
  await adminPage.getByRole('link', { name: 'Priya Sharma' }).click();
  await expect(
    adminPage.getByRole('heading', { level: 1, name: 'Tax declaration of Priya Sharma' }),
  ).toBeVisible();
  const table = adminPage.getByRole('table', { name: 'Declaration of Priya Sharma' });
  await expect(table).toContainText('80C: PPF');
  await expect(table).toContainText('₹1,50,000.00');
  await expect(table).toContainText('PAN ABCDE1234F');
  await settled(adminPage);
  await expectNoAxeViolations(adminPage, 'one employee declaration', true);

  // The administrator verifies the PPF proof and rejects the rent receipts with a reason.
  const proofs = adminPage.getByRole('table', { name: 'Proofs of Priya Sharma' });
  const ppf = proofs.getByTestId('review-item').filter({ hasText: 'PPF' });
  await expect(ppf).toContainText('ppf-receipt.pdf');
  await ppf.getByRole('button', { name: 'Verify' }).click();
  await expect(ppf).toContainText('Verified');
  const rent = proofs.getByTestId('review-item').filter({ hasText: 'Rent paid (HRA)' });
  await rent.getByRole('button', { name: 'Reject' }).click();
  await rent.getByRole('textbox', { name: /Why is the proof/ }).fill('The receipts are not signed');
  await rent.getByRole('button', { name: 'Reject proof' }).click();
  await expect(rent).toContainText('Rejected');
  await settled(adminPage);
  await expectNoAxeViolations(adminPage, 'proof review', true);
  await adminPage.close();

  // The employee sees each item's status and the reason.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(page.getByTestId('proof-item').filter({ hasText: 'PPF' })).toContainText('Verified');
  await expect(page.getByTestId('proof-item').filter({ hasText: 'Rent paid (HRA)' })).toContainText(
    'Reason: The receipts are not signed',
  );
});
