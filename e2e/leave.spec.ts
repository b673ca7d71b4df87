import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiLogin, DEMO, signIn } from './support/helpers';

/** A Friday at least two weeks ahead whose Saturday is the 2nd or 4th of its month (a weekly-off in the default policy). */
function sandwichFriday(): { friday: string; monday: string } {
  const d = new Date(Date.now() + 14 * 86_400_000);
  for (;;) {
    d.setUTCDate(d.getUTCDate() + 1);
    const sat = new Date(d.getTime() + 86_400_000);
    const nth = Math.ceil(sat.getUTCDate() / 7);
    if (d.getUTCDay() === 5 && (nth === 2 || nth === 4)) break;
  }
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  return { friday: iso(d), monday: iso(new Date(d.getTime() + 3 * 86_400_000)) };
}

/** The admin sets up a leave type (by default one that counts weekly-offs between leave days), in the base policy, with 10 days. */
async function setUp(
  api: APIRequestContext,
  leaveType: { name: string; code: string } & Record<string, unknown> = {
    name: `Sandwich leave ${Date.now() % 100000}`,
    code: `SW${Date.now() % 100000}`,
    sandwich: { weekly_off_between: true },
  },
): Promise<string> {
  const admin = await apiLogin(DEMO.admin);
  const employee = await apiLogin(DEMO.employee);
  const headers = { authorization: `Bearer ${admin.token}` };
  const type = await api.post('/api/leave/types', {
    headers,
    data: leaveType,
  });
  expect(type.status(), await type.text()).toBe(201);
  const typeId = (await type.json()).data.id as string;
  const policies = (await (await api.get('/api/leave/policies', { headers })).json()).data as {
    id: string;
    name: string;
    is_base: boolean;
    leave_types: { id: string }[];
  }[];
  const base = policies.find((p) => p.is_base);
  const body = {
    name: base?.name ?? 'Base leave configuration',
    is_base: true,
    leave_type_ids: [...(base?.leave_types.map((t) => t.id) ?? []), typeId],
  };
  const saved = base
    ? await api.put(`/api/leave/policies/${base.id}`, { headers, data: body })
    : await api.post('/api/leave/policies', { headers, data: body });
  expect(saved.ok(), await saved.text()).toBe(true);
  const opening = await api.put(`/api/employee/${employee.userResponse.employee_id}/leave-balance`, {
    headers,
    data: { leave_type_id: typeId, kind: 'opening', amount: 10, reason: 'Opening balance' },
  });
  expect(opening.status(), await opening.text()).toBe(200);
  return (await type.json()).data.name as string;
}

test('leave Friday to Monday under a sandwich policy: four days, approved, explained, cancelled', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const typeName = await setUp(api);
  await api.dispose();
  const { friday, monday } = sandwichFriday();

  const employeeContext = await browser.newContext();
  const page = await employeeContext.newPage();
  await signIn(page, DEMO.employee);
  await page.goto('/user/leaves');
  await expect(page.getByRole('heading', { name: 'Leaves', exact: true })).toBeVisible();
  const balanceCard = page.getByRole('group', { name: `${typeName} balance` });
  await expect(balanceCard).toContainText('10');

  await page.getByRole('combobox', { name: 'Leave type', exact: true }).click();
  await page.getByRole('option', { name: typeName }).click();
  await page.getByRole('textbox', { name: 'From' }).fill(friday);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(monday);
  await page.getByRole('textbox', { name: 'Reason', exact: true }).click();
  await expect(page.getByTestId('preview-total')).toHaveText('4 days counted');
  const counted = page.getByRole('table', { name: 'Days counted' });
  await expect(counted).toContainText('Weekly-off between leave days: counted');
  await expect(counted.getByRole('row')).toHaveCount(5);
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByText('Leave requested')).toBeVisible();
  await expect(page.getByRole('table', { name: 'My leave requests' })).toContainText('Pending');

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, DEMO.manager);
  await manager.goto('/team/requests/leaves');
  const row = manager.getByRole('row').filter({ hasText: typeName });
  await row.getByRole('button', { name: /Open leave of/ }).click();
  const drawer = manager.getByRole('dialog', { name: /Leave:/ });
  await expect(drawer).toContainText('4 days');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await manager
    .getByRole('dialog', { name: 'Approve this leave?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(manager.getByText('Leave approved')).toBeVisible();
  await managerContext.close();

  await page.reload();
  await expect(balanceCard).toContainText('6');
  await balanceCard.getByRole('button', { name: /Explain/ }).click();
  const explainer = page.getByRole('dialog', { name: /how the balance adds up/ });
  const entries = explainer.getByRole('table', { name: 'Ledger entries' });
  await expect(entries).toContainText('Opening');
  await expect(entries).toContainText('Used');
  await expect(entries).toContainText('-4');
  await page.screenshot({ path: '/tmp/leave-explainer.png' });
  await page.keyboard.press('Escape');

  const mine = page
    .getByRole('table', { name: 'My leave requests' })
    .getByRole('row')
    .filter({ hasText: typeName });
  await mine.getByRole('button', { name: /^Cancel leave from/ }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this leave?' })
    .getByRole('button', { name: 'Cancel leave' })
    .click();
  await expect(
    page.getByRole('table', { name: 'My leave requests' }).getByRole('row').filter({ hasText: typeName }),
  ).toContainText('Cancelled');
  await expect(balanceCard).toContainText('10');
  await employeeContext.close();
});

/** A Tuesday some weeks ahead (a different one each run, so reruns do not overlap). */
function tuesdayAhead(): { from: string; to: string } {
  const d = new Date(Date.now() + (40 + (Math.floor(Date.now() / 1000) % 150)) * 86_400_000);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  const iso = (x: Date) => x.toISOString().slice(0, 10);
  return { from: iso(d), to: iso(new Date(d.getTime() + 2 * 86_400_000)) };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

test('leave over the document limit: the employee attaches a PDF, the manager opens it from the queue', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const n = Date.now() % 100000;
  const typeName = await setUp(api, { name: `Sick leave ${n}`, code: `SK${n}`, document_over_days: 1 });
  await api.dispose();
  const { from, to } = tuesdayAhead();

  const employeeContext = await browser.newContext();
  const page = await employeeContext.newPage();
  await signIn(page, DEMO.employee);
  await page.goto('/user/leaves');
  await page.getByRole('combobox', { name: 'Leave type', exact: true }).click();
  await page.getByRole('option', { name: typeName }).click();
  await expect(page.getByText(`Needed for more than 1 day of ${typeName}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'From' }).fill(from);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(to);
  await page.getByRole('textbox', { name: 'Reason', exact: true }).click();
  // Without the document the count (made by itself) names the rule, and submit stays off.
  await expect(page.getByText(/document rule/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit request' })).toBeDisabled();

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Attached: certificate.pdf')).toBeVisible();
  await expect(page.getByTestId('preview-total')).toBeVisible();
  await expect(page.getByText(/document rule/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByText('Leave requested')).toBeVisible();
  const mine = page
    .getByRole('table', { name: 'My leave requests' })
    .getByRole('row')
    .filter({ hasText: typeName });
  await expect(mine.getByRole('button', { name: /Open the document/ })).toBeVisible();
  // The form is clear again for the next request.
  await expect(page.getByText('Attached: certificate.pdf')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/leave-document-apply.png', fullPage: true });

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, DEMO.manager);
  await manager.goto('/team/requests/leaves');
  await manager
    .getByRole('row')
    .filter({ hasText: typeName })
    .getByRole('button', { name: /Open leave of/ })
    .click();
  const drawer = manager.getByRole('dialog', { name: /Leave:/ });
  const download = manager.waitForEvent('download');
  await drawer.getByRole('button', { name: /Open the document/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('certificate.pdf');
  await manager.screenshot({ path: '/tmp/leave-document-queue.png' });
  await managerContext.close();

  // Withdraw, so the dates are free again.
  await mine.getByRole('button', { name: /^Withdraw leave from/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Withdraw/ })
    .click();
  await expect(mine).toContainText('Withdrawn');
  await employeeContext.close();
});
