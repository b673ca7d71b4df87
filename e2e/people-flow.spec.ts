import { expect, test } from '@playwright/test';
import { DEMO, signIn, waitForMail } from './support/helpers';

// Issue 3's path across roles: an admin creates an employee with a manager; the new employee sets
// a password from the invitation mail and asks to change their bank account; the manager approves;
// the employee's profile shows the new account, masked.
test('a new employee’s bank change goes through their manager and shows masked', async ({ browser }) => {
  const email = `nisha.flow.${Date.now()}@acme.test`;
  const password = 'Welcome@2468';
  const newAccount = '998877665544';

  // Admin: create the employee, reporting to Vikram Mehta (manager@acme.test).
  const adminPage = await browser.newPage();
  await signIn(adminPage, DEMO.admin);
  await adminPage.goto('/admin/employees');
  await adminPage.getByRole('button', { name: 'Add employee' }).click();
  const form = adminPage.getByRole('dialog', { name: 'Add employee' });
  await form.getByLabel('First name').fill('Nisha');
  await form.getByLabel('Last name').fill('Flow');
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  await form.getByLabel('Date of joining').fill('2025-03-03');
  await form.getByRole('combobox', { name: 'Manager' }).fill('Vikram');
  await adminPage.getByRole('option', { name: /Vikram Mehta/ }).click();
  await form.getByRole('button', { name: 'Add employee' }).click();
  await expect(form).toBeHidden();
  await adminPage.close();

  // The employee: set a password through the invitation link, sign in, request the change.
  const employeePage = await browser.newPage();
  const invite = await waitForMail(email, 0);
  const link = invite.text.match(/https?:\/\/[^\s"<>]+reset-password\?token=[A-Za-z0-9_\-.%]+&welcome=1/)![0];
  await employeePage.goto(link);
  await expect(employeePage.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await employeePage.getByLabel('New password').fill(password);
  await employeePage.getByLabel('Confirm password').fill(password);
  await employeePage.getByRole('button', { name: 'Set new password' }).click();
  await expect(employeePage).toHaveURL(/\/sign-in/);
  await signIn(employeePage, email, password);
  await employeePage.goto('/user/profile');
  const request = employeePage.getByRole('form', { name: 'Request a profile change' });
  await request.getByLabel('Bank account number').fill(newAccount);
  await request.getByLabel('Reason').fill('Moved my salary account');
  await request.getByRole('button', { name: 'Request change' }).click();
  await expect(employeePage.getByLabel('Pending request')).toBeVisible();
  await expect(employeePage.getByLabel('Pending request')).toContainText('Vikram Mehta');

  // The manager: approve from the team queue.
  const managerPage = await browser.newPage();
  await signIn(managerPage, DEMO.manager);
  await managerPage.goto('/team/requests/profile-update');
  await managerPage.getByRole('button', { name: 'Open request of Nisha Flow' }).click();
  const drawer = managerPage.getByRole('dialog', { name: 'Profile change: Nisha Flow' });
  await expect(drawer.getByRole('table', { name: 'Before and after' })).toContainText('XXXXXX5544');
  await expect(drawer).not.toContainText(newAccount);
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await managerPage
    .getByRole('dialog', { name: 'Approve this change?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(managerPage.getByText('Request approved')).toBeVisible();
  await managerPage.close();

  // The employee sees the new account, masked, on their profile.
  await employeePage.reload();
  await expect(employeePage.getByText('XXXXXX5544').first()).toBeVisible();
  await expect(employeePage.getByRole('main')).not.toContainText(newAccount);
  await employeePage.close();
});
