import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test('leave encashment: the employee asks, the manager approves from the queue, the balance falls and the explainer shows it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // Two signed-in users and four axe runs on a shared machine: more than the default minute.
  test.setTimeout(150_000);
  // The admin sets up an encashable leave type (cap 5 a year) and gives the employee 10 days.
  const n = Date.now() % 100000;
  const typeName = `Earned leave ${n}`;
  const code = `EN${n}`;
  const api = await playwright.request.newContext({ baseURL });
  const admin = await apiLogin(DEMO.admin);
  const employee = await apiLogin(DEMO.employee);
  const headers = { authorization: `Bearer ${admin.token}` };
  const type = await api.post('/api/leave/types', {
    headers,
    data: { name: typeName, code, unit: 'day', encashment: true, encashment_cap: 5 },
  });
  expect(type.status(), await type.text()).toBe(201);
  const typeId = (await type.json()).data.id as string;
  const opening = await api.put(`/api/employee/${employee.userResponse.employee_id}/leave-balance`, {
    headers,
    data: { leave_type_id: typeId, kind: 'opening', amount: 10, reason: 'Opening balance' },
  });
  expect(opening.status(), await opening.text()).toBe(200);
  await api.dispose();

  const employeeContext = await browser.newContext({ viewport: DESKTOP });
  const page = await employeeContext.newPage();
  await signIn(page, DEMO.employee);
  await page.goto('/user/leaves');
  await expect(page.getByRole('heading', { name: 'Leaves', exact: true })).toBeVisible();
  await expect(page.getByTestId(`balance-${code}`)).toHaveText('10');

  const encash = page.getByRole('region', { name: 'Encash leave' });
  await encash.getByRole('combobox', { name: 'Leave type to encash' }).click();
  await page.getByRole('option', { name: typeName }).click();
  await expect(encash.getByTestId('encashable')).toContainText(
    `You can encash up to 5 days of ${typeName} now: balance 10; yearly cap 5, 0 encashed this year.`,
  );
  // Over the cap: the server names the rule.
  await encash.getByRole('textbox', { name: 'Days to encash' }).fill('6');
  await encash.getByRole('textbox', { name: 'Reason for encashment' }).fill('Festival');
  await encash.getByRole('button', { name: 'Request encashment' }).click();
  await expect(encash.getByRole('alert')).toContainText(
    'At most 5 days a year can be encashed (encashment cap)',
  );
  await encash.getByRole('textbox', { name: 'Days to encash' }).fill('3');
  await encash.getByRole('button', { name: 'Request encashment' }).click();
  await expect(page.getByText('Encashment requested')).toBeVisible();
  const mine = encash.getByRole('table', { name: 'My encashment requests' }).getByRole('row').filter({
    hasText: typeName,
  });
  await expect(mine).toContainText('Pending');
  await expect(mine).toContainText('Waiting on');
  await expectNoAxeViolations(page, 'leave screen with encashment (1280 px)');
  await page.setViewportSize(PHONE);
  await expect(encash.getByRole('button', { name: 'Request encashment' })).toBeVisible();
  await expectNoAxeViolations(page, 'leave screen with encashment (390 px)');
  await page.setViewportSize(DESKTOP);

  const managerContext = await browser.newContext({ viewport: DESKTOP });
  const manager = await managerContext.newPage();
  await signIn(manager, DEMO.manager);
  await manager.goto('/team/requests/leaves');
  await manager.getByRole('tab', { name: 'Encashment' }).click();
  await expect(manager.getByRole('heading', { name: 'Leave encashment requests' })).toBeVisible();
  const row = manager.getByRole('row').filter({ hasText: typeName });
  await expect(row).toContainText('Waiting on');
  await expectNoAxeViolations(manager, 'team encashment queue (1280 px)');
  await manager.setViewportSize(PHONE);
  await expectNoAxeViolations(manager, 'team encashment queue (390 px)');
  await manager.setViewportSize(DESKTOP);
  await row.getByRole('button', { name: /Open encashment of/ }).click();
  const drawer = manager.getByRole('dialog', { name: /Leave encashment:/ });
  await expect(drawer).toContainText(`3 days of ${typeName}`);
  await expect(drawer).toContainText('Waiting on:');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await manager
    .getByRole('dialog', { name: 'Approve this encashment?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(manager.getByText('Encashment approved')).toBeVisible();
  await managerContext.close();

  await page.reload();
  await expect(page.getByTestId(`balance-${code}`)).toHaveText('7');
  await expect(mine).toContainText('Approved');
  await page
    .getByRole('group', { name: `${typeName} balance` })
    .getByRole('button', { name: /Explain/ })
    .click();
  const explainer = page.getByRole('dialog', { name: /how the balance adds up/ });
  const entries = explainer.getByRole('table', { name: 'Ledger entries' });
  await expect(entries).toContainText('Encashment');
  await expect(entries).toContainText('-3');
  await expect(entries).toContainText('Encashment of 3 days (cap 5 a year; 3 encashed in');
  await employeeContext.close();
});
