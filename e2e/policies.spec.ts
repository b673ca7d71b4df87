import { expect, type Page, test } from '@playwright/test';
import { apiLogin, DEMO, signIn } from './support/helpers';

/** Picks an option of a Mantine select by its accessible name. */
async function choose(
  page: Page,
  scope: ReturnType<Page['getByRole']> | Page,
  label: string,
  option: string,
) {
  await scope
    .getByRole('combobox', { name: label, exact: true })
    .or(scope.getByRole('textbox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a date into a DateField ("15 Aug 2026") and leaves it. */
async function typeDate(scope: ReturnType<Page['getByRole']>, label: string, value: string) {
  const field = scope.getByRole('textbox', { name: label });
  await field.fill(value);
  // Leaving by blur, not Tab: Tab would open the next date field's calendar over the buttons.
  await field.blur();
}

test.describe('policy set-up', () => {
  test('calendar, weekly offs, a master policy assigned to a division, and the inspector explains it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Many screens and a shared, busy machine.
    test.setTimeout(120_000);
    const tag = String(Date.now()).slice(-6);
    const calendar = `Sales holidays ${tag}`;
    const weekly = `Sales offs ${tag}`;
    const master = `Sales policy ${tag}`;

    // Someone in the Sales division, to inspect at the end.
    const login = await apiLogin(DEMO.admin);
    const token = login.token;
    const api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    const people = (await (await api.get('/api/employee?records=100')).json()).data as {
      employee_name: string;
      employee_code: string;
      division_name: string | null;
    }[];
    const seller = people.find((p) => p.division_name === 'Sales')!;
    // A leave flow other than the company default, for the master policy's flow picker.
    const leaveFlow = `Leave via HR ${tag}`;
    const made = await api.post('/api/approval-flow', {
      data: {
        name: leaveFlow,
        request_type: 'leave',
        is_default: false,
        levels: [
          { approver_kind: 'employee', approver_employee_ids: [login.userResponse.employee_id], rule: 'any' },
        ],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    await api.dispose();

    await signIn(page, DEMO.admin);

    // 1. A holiday calendar with a holiday.
    await page.goto('/admin/setup-policies/holiday-calendar');
    await page.getByRole('button', { name: 'New holiday calendar' }).click();
    let dialog = page.getByRole('dialog', { name: 'New holiday calendar' });
    await dialog.getByLabel('Calendar name').fill(calendar);
    await dialog.getByRole('button', { name: 'Save calendar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('textbox', { name: 'Search holiday calendars by name' }).fill(calendar);
    await page.getByRole('textbox', { name: 'Search holiday calendars by name' }).press('Enter');
    await page.getByRole('button', { name: `Holidays of ${calendar}` }).click();
    dialog = page.getByRole('dialog', { name: `Holidays: ${calendar}` });
    await typeDate(dialog, 'Date', '15 Aug 2026');
    await dialog.getByLabel('Holiday name').fill('Independence Day');
    await dialog.getByRole('button', { name: 'Add holiday' }).click();
    await expect(dialog.getByRole('table', { name: `Holidays of ${calendar}` })).toContainText(
      'Independence Day',
    );
    await page.keyboard.press('Escape');

    // 2. A weekly-off policy: Sundays and the 2nd and 4th Saturday.
    await page.goto('/admin/setup-policies/weekly-offs');
    await page.getByRole('button', { name: 'New weekly-off policy' }).click();
    dialog = page.getByRole('dialog', { name: 'New weekly-off policy' });
    await dialog.getByLabel('Name').fill(weekly);
    await choose(page, dialog, '2nd Saturday', 'Off');
    await choose(page, dialog, '4th Saturday', 'Off');
    await expect(dialog).toContainText('Saturday (2nd, 4th)');
    await dialog.getByRole('button', { name: 'Save weekly-off policy' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: weekly })).toContainText(
      'Sunday; Saturday (2nd, 4th)',
    );

    // 3. A master policy bundling them, assigned to the Sales division from 1 Jan 2026.
    await page.goto('/admin/setup-policies/master-policies');
    await page.getByRole('button', { name: 'New master policy' }).click();
    dialog = page.getByRole('dialog', { name: 'New master policy' });
    await dialog.getByLabel('Name').fill(master);
    await choose(page, dialog, 'Weekly-off policy', weekly);
    await choose(page, dialog, 'Holiday calendar', calendar);
    await choose(page, dialog, 'Leave', leaveFlow);
    await dialog.getByRole('button', { name: 'Save master policy' }).click();
    await expect(dialog).toBeHidden();
    // The chosen leave flow was saved and shows again when the policy is opened for editing.
    await page.getByRole('button', { name: `Edit ${master}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit ${master}` });
    const leavePick = dialog
      .getByRole('combobox', { name: 'Leave', exact: true })
      .or(dialog.getByRole('textbox', { name: 'Leave', exact: true }))
      .first();
    await expect(leavePick).toHaveValue(leaveFlow);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: `Assignments of ${master}` }).click();
    dialog = page.getByRole('dialog', { name: `Assignments: ${master}` });
    await choose(page, dialog, 'Division', 'Sales');
    await typeDate(dialog, 'Effective from', '01 Jan 2026');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog.getByRole('table', { name: `Assignments of ${master}` })).toContainText('Sales');
    await page.keyboard.press('Escape');

    // 4. The inspector: which policy applies to the Sales employee on 15 Aug 2026, and why.
    await page.goto('/admin/policies');
    await choose(page, page, 'Employee', `${seller.employee_name} (${seller.employee_code})`);
    await typeDate(page.getByRole('region', { name: 'Which policy applies?' }), 'Date', '15 Aug 2026');
    await expect(page.getByRole('heading', { name: master })).toBeVisible();
    await expect(page.getByTestId('policy-why')).toHaveText('via division Sales since 01 Jan 2026');
    await expect(page.getByText('Holiday: Independence Day')).toBeVisible();
  });
});
