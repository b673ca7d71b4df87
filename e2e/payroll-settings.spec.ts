import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

/** First day of the current month in India, typed as the date field takes it. */
function monthStartIst(): string {
  const ist = new Date(Date.now() + 5.5 * 3600 * 1000);
  return `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

test.describe('payroll settings', () => {
  test('an administrator builds a ₹12 L template, sees its breakup, assigns it and opens the what-if payslip', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = `Engineer 12L ${Date.now().toString(36)}`;
    const employee = await apiLogin(DEMO.employee);
    const employeeId = employee.userResponse.employee_id!;

    await signIn(page, DEMO.admin);
    await page.goto('/payroll/settings/salary-templates/new');
    await expect(page.getByRole('heading', { name: 'Create salary template' })).toBeVisible();
    await page.getByLabel('Template name').fill(name);
    await page.getByLabel('Annual CTC (₹)').fill('1200000');

    // The live breakup: basic 50% of CTC, HRA 40% of basic, the EPF employer share, special balancing.
    const breakup = page.getByRole('table', { name: 'CTC breakup' });
    await expect(breakup.getByRole('row', { name: /^Basic/ })).toContainText('₹50,000.00');
    await expect(breakup.getByRole('row', { name: /^House rent allowance/ })).toContainText('₹20,000.00');
    await expect(breakup.getByRole('row', { name: /^EPF employer contribution/ })).toContainText('12%');
    await expect(breakup.getByRole('row', { name: /^Cost to company/ })).toContainText('₹12,00,000.00');
    await expect(breakup.getByRole('row', { name: /^Special allowance/ })).toBeVisible();

    await page.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByText('Salary template created')).toBeVisible();
    await expect(page).toHaveURL(/\/payroll\/settings\/salary-templates\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('heading', { name: 'Edit salary template' })).toBeVisible();

    // The template is listed.
    await page.goto('/payroll/settings/salary-templates');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('₹12,00,000.00');

    // Assign it to the employee on their record's Salary tab.
    await page.goto(`/admin/employees/${employeeId}`);
    await page.getByRole('tab', { name: 'Salary' }).click();
    const assign = page.getByRole('button', { name: /^(Assign salary|Save revision)$/ });
    await expect(assign).toBeVisible();
    await page.getByRole('combobox', { name: 'Salary template' }).click();
    await page.getByRole('option', { name }).click();
    await expect(page.getByLabel('Annual CTC (₹)')).toHaveValue('12,00,000');
    const effective = page.getByLabel('Effective from');
    await effective.fill(monthStartIst());
    // Leave the field by blur and close its calendar: left open, the calendar covers the button.
    await effective.blur();
    await page.keyboard.press('Escape');
    await expect(page.locator('.mantine-DateInput-day')).toHaveCount(0);
    await expect(effective).toHaveValue(/\d/);
    await assign.click();
    await expect(page.getByText(/Salary (assigned|revision recorded)/)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Revisions' }).getByRole('row', { name: new RegExp(name) }),
    ).toBeVisible();

    // What will this person take home: the engine's payslip, each line with its explanation.
    await page.getByRole('combobox', { name: 'Work state' }).click();
    await page.getByRole('option', { name: 'Karnataka' }).click();
    await page.getByRole('combobox', { name: 'Gender' }).click();
    await page.getByRole('option', { name: 'Female', exact: true }).click();
    await page.getByLabel('Date of birth').fill('1994-03-10');
    await page.getByLabel('Date of birth').press('Enter');
    await page.getByRole('button', { name: 'Work out the payslip' }).click();
    const payslip = page.getByRole('table').filter({ hasText: 'Open a line to see how it was worked out.' });
    await expect(payslip).toBeVisible();

    for (const [label, words] of [
      ['EPF (employee)', /12%/],
      ['Professional tax', /Karnataka|KA/],
      ['Income tax (TDS)', /tax/i],
    ] as const) {
      const open = payslip.getByRole('button', { name: label, exact: true });
      await expect(open).toHaveAttribute('aria-expanded', 'false');
      await open.click();
      await expect(open).toHaveAttribute('aria-expanded', 'true');
      const explanation = page.locator(`#${await open.getAttribute('aria-controls')}`);
      await expect(explanation).toBeVisible();
      await expect(explanation).toContainText(words);
      await expect(explanation).toContainText('Rule: ');
      await expect(explanation).not.toContainText('statutory-rules.md');
    }
    await expect(payslip.getByRole('row', { name: /^Net pay/ })).toContainText('₹');
  });

  test('the statutory page shows the engine figures with their sources, PT by state', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/payroll/settings/statutory-details/epf');
    await expect(page.getByRole('heading', { name: 'Statutory Components' })).toBeVisible();
    const epf = page.getByRole('table', { name: /EPF figures in force on/ });
    await expect(epf.getByRole('row', { name: /wage ceiling/ })).toContainText('₹25,000');
    await page.getByRole('main').getByRole('link', { name: 'Figures in force' }).click();
    await expect(page).toHaveURL(/statutory-details\/figures/);
    await expect(page.getByRole('tab', { name: 'Figures in force' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // The day before the new EPF ceiling, then the day it starts, in Maharashtra.
    const date = page.getByRole('textbox', { name: 'On date' });
    await date.fill('16 Sep 2026');
    await date.blur();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Work state' }).click();
    await page.getByRole('option', { name: 'Maharashtra' }).click();
    await expect(
      page.getByRole('heading', { name: /^In force on 16 Sept? 2026, Maharashtra$/ }),
    ).toBeVisible();
    const epfTable = page.getByRole('table', { name: 'EPF' });
    const ceiling = epfTable.getByRole('row', { name: /^EPF\/EPS\/EDLI wage ceiling/ });
    await expect(ceiling).toContainText('₹15,000');
    await expect(ceiling).toContainText(/01 Sept? 2014 to 16 Sept? 2026/);
    await expect(ceiling).toContainText('para 2(f)');
    await expect(epfTable.getByRole('row', { name: /month split by days/ })).toContainText(
      '₹15,000 for days 1–16; ₹25,000 for days 17–30',
    );
    const pt = page.getByRole('table', { name: 'Professional tax' });
    await expect(pt.getByRole('row')).toHaveCount(3); // header, men, women
    await expect(pt.getByRole('row', { name: /^MH, monthly/ })).toContainText('February ₹300');
    await expect(page.getByRole('table', { name: 'Labour welfare fund' })).toContainText('₹25 / ₹75');
    const tax = page.getByRole('table', { name: 'Income tax' });
    await expect(tax.getByRole('row', { name: /New regime slabs \(FY 2026-27\)/ })).toContainText('30%');
    await expect(tax.getByRole('row', { name: /Old regime surcharge/ })).toContainText('37%');
    await expect(page.getByRole('table', { name: 'ESI' })).toContainText('April–September 2026');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/pay-figures-1280.png', fullPage: true });

    await date.fill('17 Sep 2026');
    await date.blur();
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('heading', { name: /^In force on 17 Sept? 2026, Maharashtra$/ }),
    ).toBeVisible();
    await expect(ceiling).toContainText('₹25,000');
    await expect(ceiling).toContainText(/from 17 Sept? 2026/);
    expect(page.url()).toContain('date=2026-09-17');
    // The law in words; the rules file's references only in the expert view.
    await expect(ceiling).toContainText('S.O. 5109(E)');
    await expect(page.getByRole('main')).not.toContainText('statutory-rules');
    const refs = page.getByRole('switch', { name: 'Show rule references' });
    // By keyboard (the page has scrolled the switch under the sticky header).
    await refs.focus();
    await page.keyboard.press('Space');
    await expect(refs).toBeChecked();
    await expect(ceiling).toContainText('statutory-rules.md §1.6 · S10, S11, S12');
    expect(page.url()).toContain('refs=1');
    await page.keyboard.press('Space');
    await expect(refs).not.toBeChecked();

    // On a phone each figure is a card, not a table row.
    await page.setViewportSize({ width: 390, height: 844 });
    const epfCards = page.getByRole('region', { name: 'EPF' });
    await expect(
      epfCards.getByRole('listitem').filter({ hasText: 'EPF/EPS/EDLI wage ceiling' }),
    ).toContainText('₹25,000');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/pay-figures-390.png' });
  });
});
