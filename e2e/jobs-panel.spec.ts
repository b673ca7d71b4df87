import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, signIn } from './support/helpers';

test.describe('background jobs panel', () => {
  test('an admin sees the approval SLA queue on the admin dashboard, and it passes axe', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Background jobs' });
    await expect(table).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'Approval SLAs: remind approvers' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Every 15 minutes');
    await expect(row.getByText(/^(OK|Failing|Never run)$/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the panel does not widen the page on a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.admin);
    await page.goto('/admin');
    await expect(page.getByRole('table', { name: 'Background jobs' })).toBeAttached();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
  });
});
