import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, mailsTo, signIn, waitForMail } from './support/helpers';

const PASSWORD = 'Demo@1234';

async function tokenOf(api: APIRequestContext, email: string): Promise<string> {
  const res = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

test('a request notifies its approver, who follows the link and approves; the requester hears back', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const account = `70300${String(Date.now()).slice(-7)}`;
  const masked = `XXXXXX${account.slice(-4)}`;
  const managerMails = mailsTo(DEMO.manager).length;
  const employeeMails = mailsTo(DEMO.employee).length;

  // The employee submits a profile change (any earlier pending one withdrawn first).
  const api = await playwright.request.newContext({ baseURL });
  const headers = { authorization: `Bearer ${await tokenOf(api, DEMO.employee)}` };
  for (const r of (await (await api.get('/api/employee/profile/change-request', { headers })).json())
    .data as { id: string; status: string }[]) {
    if (r.status === 'pending')
      await api.put(`/api/employee/profile/change-request/${r.id}/cancel`, { headers });
  }
  const submitted = await api.post('/api/employee/profile/change-request', {
    headers,
    data: { changes: { bank_account_number: account }, reason: 'New salary account' },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  await api.dispose();

  // The manager sees the unread badge in the header and opens the notifications.
  const managerContext = await browser.newContext();
  const page = await managerContext.newPage();
  await signIn(page, DEMO.manager);
  const bell = page.getByRole('link', { name: /^Notifications: \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/user\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const item = page
    .getByRole('listitem')
    .filter({ hasText: "Waiting for your approval: Priya Sharma's profile change" })
    .first();
  await expect(item).toContainText('Unread');
  await expectNoAxeViolations(page);

  // Its link leads to the team queue, where the manager approves.
  await item
    .getByRole('link', { name: /^Open: Waiting for your approval: Priya Sharma's profile change/ })
    .click();
  await expect(page).toHaveURL(/\/team\/requests\/profile-update$/);
  const row = page.getByRole('row').filter({ hasText: masked });
  await row.getByRole('button', { name: 'Open request of Priya Sharma' }).click();
  const drawer = page.getByRole('dialog', { name: 'Profile change: Priya Sharma' });
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Approve this change?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByText('Request approved')).toBeVisible();
  // Opening it marked it read.
  await page.goto('/user/notifications');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: "Waiting for your approval: Priya Sharma's profile change" })
      .first(),
  ).not.toContainText('Unread');
  await managerContext.close();

  // The approver's mail arrived at the SMTP server, with the link to the queue.
  const toManager = await waitForMail(DEMO.manager, managerMails);
  expect(toManager.text).toContain('Subject: A request is waiting for your approval');
  expect(toManager.text).toContain('/team/requests/profile-update');

  // The employee is told it was approved, in the app and by mail, and marks it read.
  const employeeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ep = await employeeContext.newPage();
  await signIn(ep, DEMO.employee);
  await ep.getByRole('link', { name: /^Notifications: \d+ unread$/ }).click();
  const approved = ep
    .getByRole('listitem')
    .filter({ hasText: /Your profile change \(.+\) was approved by Vikram Mehta/ })
    .first();
  await expect(approved.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/user/profile');
  await expectNoAxeViolations(ep);
  await ep.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(approved).not.toContainText('Unread');
  await expect(ep.getByRole('link', { name: /unread$/ })).toHaveCount(0);
  const toEmployee = await waitForMail(DEMO.employee, employeeMails);
  expect(toEmployee.text).toContain('Subject: Your request was approved');
  await employeeContext.close();
});
