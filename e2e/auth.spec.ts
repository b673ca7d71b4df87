import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, DEMO, expiredCopyOf, mailsTo, signIn, storage, waitForMail } from './support/helpers';

test.describe('sign-in and areas', () => {
  for (const [role, email, area] of [
    ['employee', DEMO.employee, '/user'],
    ['manager', DEMO.manager, '/team'],
    ['admin', DEMO.admin, '/admin'],
  ] as const) {
    test(`${role} signs in, is greeted and reaches the ${area} area`, async ({ page }) => {
      const session = await apiLogin(email);
      await signIn(page, email);
      await page.goto('/user');
      await expect(page.getByText(`Hello, ${session.userResponse.employee_name}`)).toBeVisible();

      const stored = await storage(page);
      expect(Object.keys(stored).sort()).toEqual(['permissions', 'refresh', 'role', 'token', 'user_data']);
      expect(stored.role).toBe(session.scope.name);
      expect(JSON.parse(stored.permissions!)).toEqual(session.scope.permissions.map((p) => p.name));
      expect(JSON.parse(stored.user_data!).employee_name).toBe(session.userResponse.employee_name);

      await page.goto(area);
      await expect(page).toHaveURL(new RegExp(`${area}$`));
      await expect(page.getByRole('main')).toBeVisible();
    });
  }

  test('wrong password shows a clear message and stores nothing', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(DEMO.employee);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
    expect(await storage(page)).toEqual({});
  });

  test('a private page without a session sends the user to sign-in', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

test.describe('guards and common pages', () => {
  test('an employee opening an admin route lands on /forbidden, history replaced', async ({ page }) => {
    await signIn(page, DEMO.employee);
    await page.goto('/user');
    await page.goto('/admin/employees');
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    // The guard replaced the admin entry: going back returns to the dashboard, not to the admin route.
    await page.goBack();
    await expect(page).toHaveURL(/\/user$/);
  });

  test('an unknown path shows not-found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the admin sees the employee list of their own company only', async ({ page }) => {
    await signIn(page, DEMO.globexAdmin);
    await page.goto('/admin/employees');
    const rows = page.getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('@acme.test');
  });
});

test.describe('token refresh', () => {
  test('an expired access token is refreshed once for several parallel calls, which then succeed', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin/employees');
    await expect(page.getByRole('row').nth(1)).toBeVisible();

    const stored = await storage(page);
    const expired = await expiredCopyOf(stored.token!);
    await page.evaluate((t) => localStorage.setItem('token', t), expired);

    const refreshCalls: string[] = [];
    const apiAnswers: { url: string; status: number }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/refresh')) refreshCalls.push(r.url());
    });
    page.on('response', (r) => {
      if (r.url().includes('/api/') && !r.url().endsWith('/api/auth/refresh'))
        apiAnswers.push({ url: r.url(), status: r.status() });
    });

    // Hold the refresh answer back a moment (the request itself goes to the real server), so that
    // every call the page starts meets the expired token while the one refresh is in flight.
    await page.route('**/api/auth/refresh', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const unauthorized = apiAnswers.filter((a) => a.status === 401);
    // Several calls met the expired token, and one refresh served them all.
    expect(unauthorized.length).toBeGreaterThanOrEqual(2);
    expect(refreshCalls).toHaveLength(1);
    for (const first of unauthorized) {
      expect(apiAnswers.some((a) => a.url === first.url && a.status === 200)).toBe(true);
    }
    const after = await storage(page);
    expect(after.token).not.toBe(expired);
    expect(after.refresh).not.toBe(stored.refresh);
  });

  test('a failed refresh clears storage and lands on /sign-in', async ({ page }) => {
    await signIn(page, DEMO.employee);
    await page.goto('/user/profile');
    const stored = await storage(page);
    const expired = await expiredCopyOf(stored.token!);
    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('refresh', 'no-such-refresh-token');
    }, expired);
    await page.reload();
    await expect(page).toHaveURL(/\/sign-in/);
    expect(await storage(page)).toEqual({});
  });
});

test.describe('password reset by mail', () => {
  test('forgot password mails a single-use link; reset sets the new password', async ({ page }) => {
    const email = DEMO.manager;
    const before = mailsTo(email).length;
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists/)).toBeVisible();

    const mail = await waitForMail(email, before);
    const link = mail.text.match(/https?:\/\/[^\s"<>]+reset-password\?token=[A-Za-z0-9_\-.%]+/)?.[0];
    expect(link, 'reset link in the mail').toBeTruthy();
    expect(link!.startsWith(E2E.baseURL)).toBe(true);

    const newPassword = 'Changed@5678';
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByText('Password changed. Please sign in.')).toBeVisible();

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await signIn(page, email, newPassword);

    // The link was single use.
    await page.goto(link!);
    await page.getByLabel('New password').fill('Another@9999');
    await page.getByLabel('Confirm password').fill('Another@9999');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(/invalid or has expired|already been used/i).first()).toBeVisible();

    // Put the demo password back for other specs on this database.
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const second = await waitForMail(email, before + 1);
    const link2 = second.text.match(/https?:\/\/[^\s"<>]+reset-password\?token=[A-Za-z0-9_\-.%]+/)![0];
    await page.goto(link2);
    await page.getByLabel('New password').fill(E2E.password);
    await page.getByLabel('Confirm password').fill(E2E.password);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  });
});
