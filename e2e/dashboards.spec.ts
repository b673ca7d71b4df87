import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, DEMO, signIn } from './support/helpers';

/**
 * The three dashboards show real figures: the test raises a pending leave, approves another one
 * this month and punches in as the demo employee (through the API), then reads each dashboard as
 * the employee, the manager and the admin, at desktop and phone widths (screenshots kept in the
 * test's output folder).
 */

const todayIST = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
const shift = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

type Setup = { typeName: string; approvedDate: string; managerName: string };

/** Applies for leave on the first date of `dates` the leave rules take (weekly-offs, holidays and overlaps are refused). */
async function applyOnFirst(
  api: APIRequestContext,
  token: string,
  typeId: string,
  dates: string[],
  days = 1,
): Promise<{ id: string; date: string }> {
  for (const date of dates) {
    const res = await api.post('/api/leave', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        leave_type_id: typeId,
        from_date: date,
        to_date: shift(date, days - 1),
        reason: 'Dashboard test',
      },
    });
    if (res.status() === 201) return { id: (await res.json()).data.id as string, date };
  }
  throw new Error(`No date of ${dates.join(', ')} was accepted`);
}

async function setUp(api: APIRequestContext): Promise<Setup> {
  const [admin, manager, employee] = await Promise.all([
    apiLogin(DEMO.admin),
    apiLogin(DEMO.manager),
    apiLogin(DEMO.employee),
  ]);
  const headers = { authorization: `Bearer ${admin.token}` };
  const stamp = Date.now() % 100000;
  const type = await api.post('/api/leave/types', {
    headers,
    data: {
      name: `Dash leave ${stamp}`,
      code: `DL${stamp}`,
      unit: 'day',
      notice_days: 0,
      back_dating_days: 31,
      max_per_request: 5,
    },
  });
  expect(type.status(), await type.text()).toBe(201);
  const typeId = (await type.json()).data.id as string;
  const policies = (await (await api.get('/api/leave/policies', { headers })).json()).data as {
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
    ? await api.put(`/api/leave/policies/${base.id}`, { headers, data: body })
    : await api.post('/api/leave/policies', { headers, data: body });
  expect(saved.ok(), await saved.text()).toBe(true);
  const opening = await api.put(`/api/employee/${employee.userResponse.employee_id}/leave-balance`, {
    headers,
    data: { leave_type_id: typeId, kind: 'opening', amount: 10, reason: 'Opening balance' },
  });
  expect(opening.status(), await opening.text()).toBe(200);

  const today = todayIST();
  // A pending request a few weeks ahead (three days: at least one is a working day).
  await applyOnFirst(
    api,
    employee.token,
    typeId,
    Array.from({ length: 10 }, (_, i) => shift(today, 45 + i * 3)),
    3,
  );
  // An approved day this month, other than today.
  const month = today.slice(0, 7);
  const thisMonth = Array.from({ length: 28 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`).filter(
    (d) => d !== today,
  );
  const approved = await applyOnFirst(api, employee.token, typeId, thisMonth);
  const decided = await api.put(`/api/requests/leaves/${approved.id}/approve`, {
    headers: { authorization: `Bearer ${manager.token}` },
    data: {},
  });
  expect(decided.status(), await decided.text()).toBe(200);
  // A punch today.
  const punch = await api.put('/api/attendance', {
    headers: { authorization: `Bearer ${employee.token}` },
    data: {},
  });
  expect(punch.status(), await punch.text()).toBe(200);
  return {
    typeName: (await type.json()).data.name as string,
    approvedDate: approved.date,
    managerName: manager.userResponse.employee_name,
  };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

let setup: Setup;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  setup = await setUp(api);
  await api.dispose();
});

test('employee dashboard: today’s punch, balances, my pending request with its next approver, payslip note', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, DEMO.employee);
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'Hello, Priya Sharma' })).toBeVisible();
  await expect(page.getByTestId('dash-punch')).toContainText(/Sessions? today: \d\d:\d\d–/);
  // Punching out from the dashboard records one more punch and the card shows the closed session
  // (other specs may have punched today too, so the count is read before). The same second is one
  // punch: wait until the clock has moved on from the last one.
  const employee = await apiLogin(DEMO.employee);
  const punches = async () => {
    const res = await playwright.request.newContext({ baseURL });
    const body = await (
      await res.get('/api/employee/punch-data', { headers: { authorization: `Bearer ${employee.token}` } })
    ).json();
    await res.dispose();
    return (body.data.punches as unknown[]).length;
  };
  const before = await punches();
  await page.waitForTimeout(1100);
  await page.getByRole('button', { name: 'Punch out' }).click();
  await expect(page.getByText('Punched out')).toBeVisible();
  await expect(page.getByTestId('dash-punch')).toContainText(/\d\d:\d\d–\d\d:\d\d\./);
  expect(await punches()).toBe(before + 1);
  const balances = page.getByRole('table', { name: 'Leave balances' });
  await expect(balances.getByRole('row', { name: new RegExp(setup.typeName) })).toBeVisible();
  const pending = page.getByRole('region', { name: /My pending requests/ });
  await expect(pending.getByRole('link', { name: 'Leave' }).first()).toBeVisible();
  await expect(pending).toContainText(`Next approver: ${setup.managerName}`);
  await expect(page.getByText('Payslips appear here once the first pay run is confirmed.')).toBeVisible();
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  await expect(page.getByText('Coming next')).toHaveCount(0);
  await shoot(page, 'employee');
});

test('team dashboard: requests waiting with their age and the approved leave on the calendar', async ({
  page,
}) => {
  await signIn(page, DEMO.manager);
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team dashboard' })).toBeVisible();
  const waiting = page.getByRole('table', { name: 'Requests waiting on me' });
  await expect(waiting.getByRole('row', { name: /Leave.*Priya Sharma/ }).first()).toContainText('today');
  const calendar = page.getByRole('table', { name: /^Team leave, / });
  const row = calendar.getByRole('row', { name: new RegExp(`Priya Sharma ${setup.typeName}, approved`) });
  await expect(row).toBeVisible();
  await shoot(page, 'team');
});

test('admin dashboard: headcount chart, pending per queue with links, payroll status', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await apiLogin(DEMO.admin);
  const api = await playwright.request.newContext({ baseURL });
  const data = (
    await (
      await api.get('/api/dashboard/admin', { headers: { authorization: `Bearer ${admin.token}` } })
    ).json()
  ).data as { headcount: number; pending_by_type: { request_type: string; count: number }[] };
  await api.dispose();
  const leaveCount = data.pending_by_type.find((r) => r.request_type === 'leave')?.count ?? 0;
  expect(leaveCount).toBeGreaterThan(0);

  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByLabel('Headcount (active)')).toContainText(String(data.headcount));
  await expect(page.getByRole('img', { name: /^Active headcount by division\./ })).toBeVisible();
  const queues = page.getByRole('table', { name: 'Pending requests by queue' });
  const leaveRow = queues.getByRole('row', { name: /^Leave \d/ });
  await expect(leaveRow).toContainText(String(leaveCount));
  await expect(leaveRow.getByRole('link', { name: 'Leave' })).toHaveAttribute(
    'href',
    '/admin/requests/leave',
  );
  await expect(page.getByText(/No pay run yet/)).toBeVisible();
  await shoot(page, 'admin');
});
