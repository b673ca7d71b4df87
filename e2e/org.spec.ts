import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support/helpers';

const suffix = Date.now().toString(36).slice(-5);

/** Picks an option of a Mantine Select or MultiSelect by typing into it. */
async function choose(page: Page, label: string, search: string, option: RegExp | string) {
  const input = page.getByLabel(label, { exact: true }).and(page.locator('input'));
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('organisation', () => {
  test('an admin creates a division and a unit and moves an employee into it', async ({ page }) => {
    const division = `Research ${suffix}`;
    const unit = `Labs ${suffix}`;
    await signIn(page, DEMO.admin);
    await page.goto('/admin/organisation/divisions');
    await expect(page.getByRole('heading', { name: 'Divisions', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'New division' }).click();
    await page.getByLabel('Division name').fill(division);
    await page.getByRole('button', { name: 'Save' }).click();
    const section = page.getByRole('region', { name: `Division ${division}` });
    await expect(section).toBeVisible();

    await section.getByRole('button', { name: `Add unit to ${division}` }).click();
    await page.getByLabel('Unit name').fill(unit);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('cell', { name: unit, exact: true })).toBeVisible();

    await section.getByRole('button', { name: `Employees of ${unit}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`No employees in this unit yet.`)).toBeVisible();
    await choose(page, 'Employees to move into this unit', 'Ananya Iyer', /Ananya Iyer/);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: `Move into ${unit}` }).click();
    await expect(
      dialog.getByRole('table', { name: `Employees in ${unit}` }).getByText('Ananya Iyer'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(
      section.getByRole('row', { name: new RegExp(unit) }).getByText('1', { exact: true }),
    ).toBeVisible();
  });

  test('an admin creates a role and ticks a permission in the matrix', async ({ page }) => {
    const role = `Auditor ${suffix}`;
    await signIn(page, DEMO.admin);
    await page.goto('/admin/organisation/permissions');
    await expect(page.getByRole('heading', { name: 'Roles & Permissions' })).toBeVisible();
    // Built-in roles are marked and cannot be deleted.
    await page.getByRole('navigation', { name: 'Roles' }).getByText('Admin', { exact: true }).click();
    await expect(page.getByText('Built-in', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete role' })).toHaveCount(0);

    await page.getByRole('button', { name: 'New role' }).click();
    await page.getByLabel('Role name').last().fill(role);
    await page.getByRole('button', { name: 'Create role' }).click();
    await expect(page.getByRole('heading', { name: role })).toBeVisible();
    const box = page.getByRole('checkbox', { name: 'Employee list: view' });
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole('button', { name: `Save ${role}` }).click();
    await expect(page.getByText('Role updated')).toBeVisible();

    await page.reload();
    await page.getByRole('navigation', { name: 'Roles' }).getByText(role, { exact: true }).click();
    await expect(page.getByRole('heading', { name: role })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Employee list: view' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Employee list: edit' })).not.toBeChecked();
  });

  test("an announcement for a unit shows on that unit's employee dashboard only", async ({
    page,
    browser,
  }) => {
    const title = `Platform townhall ${suffix}`;
    await signIn(page, DEMO.admin);
    await page.goto('/admin/organisation/announcements');
    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await form
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Friday at four, in the big room.');
    await form.getByLabel('Audience', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: 'Chosen units' }).click();
    await choose(page, 'Chosen units', 'Platform', /Platform \(Engineering\)/);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save announcement' }).click();
    await expect(page.getByRole('table', { name: 'Announcements' }).getByText(title)).toBeVisible();

    // The employee works in Platform: they see it under the greeting.
    const ctx = await browser.newContext();
    const employee = await ctx.newPage();
    await signIn(employee, DEMO.employee);
    await employee.goto('/user');
    await expect(employee.getByText('Hello, Priya Sharma')).toBeVisible();
    await expect(employee.getByRole('heading', { name: title })).toBeVisible();
    await ctx.close();

    // The admin works in People: the company-wide note shows, the Platform one does not.
    await page.goto('/user');
    await expect(page.getByRole('heading', { name: 'Welcome to the new HR portal' })).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  });
});
