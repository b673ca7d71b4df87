import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

/** A Wednesday some weeks ahead (a different one each run, so reruns do not overlap). */
function wednesdayAhead(): string {
  const d = new Date(Date.now() + (30 + (Math.floor(Date.now() / 1000) % 200)) * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test('leave in hours at 390 px: time inputs, 2 hours applied and approved, the balance falls by 2 h', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // The admin sets up a type in hours in the base policy, with 12.5 hours.
  const api = await playwright.request.newContext({ baseURL });
  const admin = await apiLogin(DEMO.admin);
  const employee = await apiLogin(DEMO.employee);
  const headers = { authorization: `Bearer ${admin.token}` };
  const n = Date.now() % 100000;
  const typeName = `Short leave ${n}`;
  const type = await api.post('/api/leave/types', {
    headers,
    data: { name: typeName, code: `SH${n}`, unit: 'hour' },
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
    data: { leave_type_id: typeId, kind: 'opening', amount: 12.5, reason: 'Opening balance' },
  });
  expect(opening.status(), await opening.text()).toBe(200);
  await api.dispose();
  const date = wednesdayAhead();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.employee);
  await page.goto('/user/leaves');
  await expect(page.getByRole('heading', { name: 'Leaves', exact: true })).toBeVisible();
  const balanceCard = page.getByRole('group', { name: `${typeName} balance` });
  await expect(balanceCard.getByTestId(`balance-SH${n}`)).toHaveText('12.5 h');

  await page.getByRole('combobox', { name: 'Leave type', exact: true }).click();
  await page.getByRole('option', { name: typeName }).click();
  // A type in hours: one date and two times, no half days.
  await expect(page.getByRole('radiogroup', { name: 'Day type' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'To', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Date' }).fill(date);
  await page.getByLabel('From time').fill('12:00');
  await page.getByLabel('To time').fill('10:00');
  await expect(page.getByText('The end time must be after the start time')).toBeVisible();
  await expect(page.getByLabel('To time')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('From time').fill('10:00');
  await page.getByLabel('To time').fill('12:00');
  await expect(page.getByTestId('preview-total')).toHaveText('2 h counted');
  await expect(page.getByRole('table', { name: 'Hours counted' })).toContainText(
    'Leave 10:00 to 12:00 (2 h)',
  );
  await expectNoAxeViolations(page, 'leave apply form in hours at 390 px');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'no sideways scroll at 390 px').toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/leave-hours-apply.png', fullPage: true });
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByText('Leave requested')).toBeVisible();
  await expect(balanceCard).toContainText('2 h pending, 10.5 h available');

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
  await expect(drawer).toContainText('10:00 to 12:00: 2 h');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await manager
    .getByRole('dialog', { name: 'Approve this leave?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(manager.getByText('Leave approved')).toBeVisible();
  await managerContext.close();

  await page.reload();
  await expect(balanceCard.getByTestId(`balance-SH${n}`)).toHaveText('10.5 h');
  await expectNoAxeViolations(page, 'leave screen with a balance in hours at 390 px');
  await context.close();
});
