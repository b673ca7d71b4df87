import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, signIn } from './support/helpers';

test('an admin creates a template, generates a letter, the employee accepts it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // {{ctc}} comes from the employee's own salary: give Priya (the demo employee) one first.
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

  const suffix = Date.now().toString().slice(-6);
  const name = `Confirmation ${suffix}`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/admin/utility/letters');
  await admin.getByRole('button', { name: 'New template' }).click();
  const form = admin.getByRole('dialog', { name: 'New template' });
  await form.getByRole('textbox', { name: 'Template name' }).fill(name);
  await form.getByRole('textbox', { name: 'Letter title' }).fill(`${name} for {{employee_name}}`);
  const body = form.getByRole('textbox', { name: 'Body' });
  await body.fill('Dear {{employee_name}},\n\nYour annual CTC is {{ctc}}.\n\n{{salary}}');
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(form.getByText('Unknown merge field in body: {{salary}}')).toBeVisible();
  await body.fill('Dear {{employee_name}},\n\nYour annual CTC is {{ctc}} from {{issue_date}}.');
  await form.getByRole('combobox', { name: 'Preview for' }).fill('Priya');
  await admin.getByRole('option', { name: /Priya Sharma/ }).click();
  await expect(form.getByLabel('Letter preview')).toContainText(`${name} for Priya Sharma`);
  await expect(form.getByLabel('Letter preview')).toContainText(/Your annual CTC is ₹[\d,]+\.\d{2} from/);
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(admin.getByRole('row').filter({ hasText: name })).toBeVisible();

  await admin.getByRole('button', { name: 'Generate letters' }).click();
  const gen = admin.getByRole('dialog', { name: 'Generate letters' });
  await gen.getByRole('combobox', { name: 'Template' }).click();
  await admin.getByRole('option', { name }).click();
  await gen.getByRole('combobox', { name: 'Employees' }).fill('Priya');
  await admin.getByRole('option', { name: /Priya Sharma/ }).click();
  await admin.keyboard.press('Escape');
  // No CTC to type: it comes from each employee's salary.
  await expect(gen.getByText("each employee's own annual CTC")).toBeVisible();
  await gen.getByRole('button', { name: 'Generate letters' }).click();
  await expect(gen.getByText('1 letter issued')).toBeVisible();
  await gen.getByRole('button', { name: 'Done' }).click();
  const title = `${name} for Priya Sharma`;
  await expect(admin.getByRole('row').filter({ hasText: title })).toContainText('Pending');

  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, DEMO.employee);
  await employee.goto('/user/documents/letter');
  const row = employee.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Accept ${title}` }).click();
  await employee
    .getByRole('dialog', { name: 'Accept this letter?' })
    .getByRole('button', { name: 'Accept letter' })
    .click();
  await expect(row).toContainText('Accepted');

  await admin.reload();
  await expect(admin.getByRole('row').filter({ hasText: title })).toContainText('Accepted');
});
