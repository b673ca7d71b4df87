import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, signIn } from './support/helpers';

test.describe('background jobs page', () => {
  test('an admin opens Utility › Background jobs from the menu and sees the approval SLA queue; the dashboard no longer lists jobs', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Background jobs' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Utility' }).click();
    await page.getByRole('link', { name: 'Background jobs' }).click();
    await expect(page).toHaveURL(/\/admin\/utility\/jobs$/);
    await expect(page.getByRole('heading', { name: 'Background jobs', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Background jobs' });
    await expect(table).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'Approval SLAs: remind approvers' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Every 15 minutes');
    await expect(row.getByText(/^(OK|Failing|Never run)$/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
