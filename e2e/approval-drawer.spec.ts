import { expect, request, test } from '@playwright/test';
import { E2E } from './env';
import { apiLogin, DEMO, expectNoAxeViolations, signIn, waitForMail } from './support/helpers';

// Issue 24: the manager sees what approving does (the balance before and after, who else of the
// team is away then), approves two requests at once with a result for each, and is refused the
// company-wide admin queue.

/** A Monday at least four weeks ahead (past every notice period), as YYYY-MM-DD. */
function mondayAhead(): string {
  const d = new Date(Date.now() + 28 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const plus = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('the manager sees what approving does and approves two requests at once', async ({ browser }) => {
  test.setTimeout(90_000);
  const tag = Date.now() % 100000;
  const admin = await apiLogin(DEMO.admin);
  const employee = await apiLogin(DEMO.employee);
  const manager = await apiLogin(DEMO.manager);
  const as = (token: string) =>
    request.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const api = await as(admin.token);

  // A leave type in the base policy.
  const typeName = `Drawer leave ${tag}`;
  const type = await api.post('/api/leave/types', {
    data: { name: typeName, code: `DR${tag}`, paid: true, unit: 'day', notice_days: 0 },
  });
  expect(type.status(), await type.text()).toBe(201);
  const typeId = (await type.json()).data.id as string;
  const policies = (await (await api.get('/api/leave/policies')).json()).data as {
    id: string;
    name: string;
    is_base: boolean;
    leave_types: { id: string }[];
  }[];
  const base = policies.find((p) => p.is_base);
  const body = {
    name: base?.name ?? 'Base leave configuration',
    is_base: true,
    leave_type_ids: [...(base?.leave_types.map((t) => t.id) ?? []), typeId],
  };
  const saved = base
    ? await api.put(`/api/leave/policies/${base.id}`, { data: body })
    : await api.post('/api/leave/policies', { data: body });
  expect(saved.ok(), await saved.text()).toBe(true);

  // A colleague of the employee (reporting to the same manager) with a sign-in of their own.
  const email = `away.${tag}@acme.test`;
  const created = await api.post('/api/employee', {
    data: {
      first_name: 'Away',
      last_name: `Colleague${tag}`,
      email,
      date_of_joining: '2024-04-01',
      manager_id: manager.userResponse.employee_id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const colleagueId = (await created.json()).data.id as string;
  const invite = await waitForMail(email, 0);
  const token = decodeURIComponent(invite.text.match(/reset-password\?token=([A-Za-z0-9_\-.%]+)/)![1]!);
  const reset = await api.post('/api/auth/reset-password', { data: { token, password: 'Welcome@2468' } });
  expect(reset.ok(), await reset.text()).toBe(true);
  for (const id of [employee.userResponse.employee_id, colleagueId]) {
    const opening = await api.put(`/api/employee/${id}/leave-balance`, {
      data: { leave_type_id: typeId, kind: 'opening', amount: 10, reason: 'Opening balance' },
    });
    expect(opening.status(), await opening.text()).toBe(200);
  }

  const monday = mondayAhead();
  const apply = async (token: string, from: string, to: string) => {
    const ctx = await as(token);
    const res = await ctx.post('/api/leave', {
      data: { leave_type_id: typeId, from_date: from, to_date: to, reason: 'Family function' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const data = (await res.json()).data as { id: string; total: number };
    await ctx.dispose();
    return data;
  };
  const first = await apply(employee.token, monday, plus(monday, 1));
  await apply(employee.token, plus(monday, 3), plus(monday, 3));
  const colleague = await apiLogin(email, 'Welcome@2468');
  await apply(colleague.token, plus(monday, 1), plus(monday, 1));
  await api.dispose();

  // The manager opens the first request: its balance before and after, and who else is away.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.manager);
  await page.goto('/team/requests/leaves');
  // The employee's two, newest first (the colleague's request is in the queue too).
  const rows = page.getByRole('row').filter({ hasText: typeName }).filter({ hasText: 'Priya Sharma' });
  await expect(rows).toHaveCount(2);
  await rows.last().getByRole('button', { name: 'Open leave of Priya Sharma' }).click();
  const drawer = page.getByRole('dialog', { name: 'Leave: Priya Sharma' });
  const after = 10 - first.total;
  await expect(drawer.getByRole('region', { name: 'What approving does' })).toContainText(
    `${typeName} balance: 10 days now, ${after} ${after === 1 ? 'day' : 'days'} after approving`,
  );
  await expect(drawer.getByRole('list', { name: 'Also away' })).toContainText(`Away Colleague${tag}: `);
  await expect(drawer.getByRole('list', { name: 'Also away' })).toContainText('(not yet approved)');
  await expectNoAxeViolations(page, 'the approval drawer with what approving does');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // Both of the employee's requests selected and approved at once: a result for each.
  for (const row of await rows.all()) {
    await row.getByRole('checkbox', { name: 'Select leave of Priya Sharma' }).check();
  }
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await page
    .getByRole('dialog', { name: 'Approve 2 selected?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  const results = page.getByRole('list', { name: 'Results of the decision' });
  await expect(page.getByRole('status').filter({ hasText: '2 decided' })).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveText([
    'Priya Sharma: Leave approved',
    'Priya Sharma: Leave approved',
  ]);
  await expect(rows).toHaveCount(0);
  await expectNoAxeViolations(page, 'the queue with the results of a bulk decision');

  // The company-wide admin queue is not the manager's.
  await page.goto('/admin/requests/leave');
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await context.close();
});
