import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/helpers';

const PASSWORD = 'Demo@1234';

async function tokenOf(api: APIRequestContext, email: string): Promise<string> {
  const res = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/** The employee asks for a new bank account through the API; any earlier pending request is withdrawn. */
async function requestBankChange(api: APIRequestContext, account: string): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(api, DEMO.employee)}` };
  const mine = await api.get('/api/employee/profile/change-request', { headers });
  for (const r of (await mine.json()).data as { id: string; status: string }[]) {
    if (r.status === 'pending')
      await api.put(`/api/employee/profile/change-request/${r.id}/cancel`, { headers });
  }
  const res = await api.post('/api/employee/profile/change-request', {
    headers,
    data: { changes: { bank_account_number: account }, reason: 'New salary account' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as string;
}

test.describe('profile change requests', () => {
  test('the manager approves a pending bank change; the admin queue lists it as approved', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const account = `50100${String(Date.now()).slice(-7)}`;
    const masked = `XXXXXX${account.slice(-4)}`;
    const api = await playwright.request.newContext({ baseURL });
    await requestBankChange(api, account);
    await api.dispose();

    const managerContext = await browser.newContext();
    const page = await managerContext.newPage();
    await signIn(page, DEMO.manager);
    await page.goto('/team/requests/profile-update');
    await expect(page.getByRole('heading', { name: 'Profile change requests' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: masked });
    await expect(row).toContainText('Priya Sharma');
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: 'Open request of Priya Sharma' }).click();

    const drawer = page.getByRole('dialog', { name: 'Profile change: Priya Sharma' });
    await expect(drawer.getByRole('table', { name: 'Before and after' })).toContainText(masked);
    await expect(drawer).toContainText('Waiting on: Vikram Mehta');
    await drawer.getByRole('button', { name: 'Approve' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Approve this change?' });
    await confirmDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Request approved')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: masked })).toHaveCount(0);
    await managerContext.close();

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, DEMO.admin);
    await adminPage.goto('/admin/requests/profile-change');
    await adminPage.getByLabel('Search', { exact: true }).fill('Priya');
    await adminPage.getByRole('button', { name: 'Search' }).click();
    const approved = adminPage.getByRole('row').filter({ hasText: masked });
    await expect(approved).toContainText('Approved');
    await approved.getByRole('button', { name: 'Open request of Priya Sharma' }).click();
    const detail = adminPage.getByRole('dialog', { name: 'Profile change: Priya Sharma' });
    await expect(detail.getByRole('list', { name: 'Decisions' })).toContainText('Approved by Vikram Mehta');
    await adminContext.close();
  });

  test('the manager rejects with a reason; the queue refuses without one', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    const account = `60200${String(Date.now()).slice(-7)}`;
    const masked = `XXXXXX${account.slice(-4)}`;
    const api = await playwright.request.newContext({ baseURL });
    await requestBankChange(api, account);
    await api.dispose();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, DEMO.manager);
    await page.goto('/team/requests/profile-update');
    await page
      .getByRole('row')
      .filter({ hasText: masked })
      .getByRole('button', { name: 'Open request of Priya Sharma' })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Profile change: Priya Sharma' });
    await drawer.getByRole('button', { name: 'Reject' }).click();
    await expect(drawer.getByText('Give a reason for the rejection')).toBeVisible();
    await drawer.getByLabel('Comment').fill('Attach a cancelled cheque');
    await drawer.getByRole('button', { name: 'Reject' }).click();
    await page
      .getByRole('dialog', { name: 'Reject this change?' })
      .getByRole('button', { name: 'Reject' })
      .click();
    await expect(page.getByText('Request rejected')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: masked })).toHaveCount(0);
    await context.close();
  });
});

test.describe('approval flows', () => {
  test('an admin creates a flow with a named approver and deletes it', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin/organisation/approval-flow');
    const flows = page.getByRole('table', { name: 'Approval flows' });
    await expect(flows).toContainText('Profile changes');
    await page.getByRole('button', { name: 'New flow' }).click();
    const form = page.getByRole('dialog', { name: 'New approval flow' });
    await form.getByLabel('Name').fill('Expense review');
    await form.getByRole('combobox', { name: 'Request type' }).click();
    await page.getByRole('option', { name: 'Reimbursement' }).click();
    await form.getByRole('combobox', { name: 'Approver of level 1' }).click();
    await page.getByRole('option', { name: 'Named people' }).click();
    await form.getByLabel('Approvers of level 1').fill('Vikram');
    await page.getByRole('option', { name: /Vikram Mehta/ }).click();
    await form.getByLabel('Name').click(); // closes the people dropdown
    await form.getByRole('button', { name: 'Save flow' }).click();
    await expect(flows.getByRole('row').filter({ hasText: 'Expense review' })).toContainText('Vikram Mehta');
    await flows.getByRole('button', { name: 'Delete Expense review' }).click();
    await page
      .getByRole('dialog', { name: 'Delete approval flow?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(flows.getByRole('row').filter({ hasText: 'Expense review' })).toHaveCount(0);
  });

  test('a manager delegates their approvals from the team queue', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.goto('/team/requests/profile-update');
    await page.getByRole('button', { name: 'Delegate approvals' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delegate my approvals' });
    await dialog.getByRole('combobox', { name: 'Delegate' }).fill('Priya');
    await page.getByRole('option', { name: /Priya Sharma/ }).click();
    await dialog.getByRole('button', { name: 'Save delegation' }).click();
    const mine = dialog.getByRole('table', { name: 'My delegations' });
    await expect(mine).toContainText('Priya Sharma (active)');
    await mine.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove delegation?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(dialog.getByText('None.')).toBeVisible();
  });
});
