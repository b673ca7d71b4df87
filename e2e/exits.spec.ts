import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoAxeViolations, signIn } from './support/helpers';

const DESKTOP = { width: 1280, height: 900 };

/** Today in India plus `days`, as YYYY-MM-DD (the app's calendar). */
const inIndia = (days: number) =>
  new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

test('exit: the employee resigns, the admin approves from Payroll > Exits and reads the F&F line by line', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // The settlement reads the employee's salary: give Priya (the demo employee) one.
  const adminApi = await apiLogin(DEMO.admin);
  const priya = (await apiLogin(DEMO.employee)).userResponse.employee_id;
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${adminApi.token}` },
  });
  const earnings = (await (await api.get('/api/component/earnings?records=100')).json()).data as {
    id: string;
    name: string;
  }[];
  const id = (name: string) => earnings.find((e) => e.name === name)?.id;
  const salary = await api.post('/api/employee/salary', {
    data: {
      employee_id: priya,
      annual_ctc_paise: 12_00_000_00,
      effective_from: '2026-04-01',
      lines: [
        { earning_id: id('Basic'), value_type: 'percentage_of_ctc', percent: 50 },
        { earning_id: id('Special allowance'), value_type: 'balancing' },
      ],
    },
  });
  expect([201, 409], await salary.text()).toContain(salary.status());
  await api.dispose();

  // The employee resigns from Documents > Resignation and settlement.
  const employee = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(employee, DEMO.employee);
  await employee.goto('/user/exit');
  await expect(employee.getByRole('heading', { name: 'Resignation and settlement', level: 1 })).toBeVisible();
  const form = employee.getByRole('region', { name: 'Resign' });
  await expect(form.getByRole('button', { name: 'Send resignation' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Reason' }).fill('Moving to another city');
  const lastDay = inIndia(30);
  await form.getByRole('textbox', { name: /Last working day you ask for/ }).fill(lastDay);
  await form.getByRole('textbox', { name: 'Reason' }).click();
  await form.getByRole('button', { name: 'Send resignation' }).click();
  await expect(employee.getByText('Resignation sent for approval')).toBeVisible();
  await expect(employee.getByRole('region', { name: 'Your resignation' })).toContainText(
    'Waiting for approval',
  );
  await expectNoAxeViolations(employee, 'resignation status (1280 px)');

  // The admin finds it from the payroll menu, approves it and opens the settlement.
  const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/payroll/payrun');
  await admin.getByRole('link', { name: 'Exits and settlements' }).click();
  await expect(admin.getByRole('heading', { name: 'Exits and settlements', level: 1 })).toBeVisible();
  const row = admin
    .getByRole('table', { name: 'Exits' })
    .getByRole('row')
    .filter({ hasText: 'Waiting for approval' })
    .first();
  await expect(row).toContainText('Resignation');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Resignation approved')).toBeVisible();
  await admin
    .getByRole('table', { name: 'Exits' })
    .getByRole('row')
    .filter({ hasText: 'Agreed' })
    .first()
    .getByRole('button', { name: /^Settlement of / })
    .click();
  const lines = admin.getByRole('table', { name: 'Settlement lines' });
  await expect(lines).toBeVisible();
  await expect(lines.getByRole('rowheader', { name: /Gratuity/ })).toBeVisible();
  await expect(lines.getByRole('rowheader', { name: /Notice period recovery|Notice/ }).first()).toBeVisible();
  await expect(admin.getByTestId('fnf-net')).toContainText('₹');
  await expectNoAxeViolations(admin, 'exits and settlement (1280 px)');

  // The employee now sees their own statement.
  await employee.reload();
  await expect(employee.getByRole('table', { name: 'Settlement lines' })).toBeVisible();
});
