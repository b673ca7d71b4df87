import { type APIRequestContext, expect } from '@playwright/test';

const pad = (n: number) => String(n).padStart(2, '0');

type Run = { id: string; month: string; status: string; attendance_status: string; payslips_status: string };

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const text = await res.text();
  expect(res.ok(), `${res.url()}: ${res.status()} ${text}`).toBe(true);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * A confirmed pay run of the month, made through the API as an administrator would (create, the
 * system's attendance, compute, anomalies acknowledged, confirm), or the one an earlier spec made:
 * the browser tests share one server and database, and a company has one run a month.
 * `ctx` carries an administrator's authorization header. Returns the run's id.
 */
export async function confirmedRunOf(
  ctx: APIRequestContext,
  m: { year: number; month: number; payDate: string },
): Promise<string> {
  const month = `${m.year}-${pad(m.month)}`;
  const runs = await json<Run[]>(await ctx.get('/api/payrun?page=1&records=100'));
  let run = runs.find((r) => r.month === month);
  if (run?.status === 'confirmed') return run.id;
  if (!run) {
    run = await json<Run>(
      await ctx.post('/api/payrun', { data: { month: m.month, year: m.year, pay_date: m.payDate } }),
    );
  }
  const id = run.id;
  if (run.attendance_status !== 'confirmed')
    await json(await ctx.post(`/api/payrun/confirm-attendance/${id}`));
  if (run.status === 'draft') await json(await ctx.post(`/api/payrun/${id}/compute`));
  await expect
    .poll(async () => (await json<Run>(await ctx.get(`/api/payrun/${id}`))).status, { timeout: 180_000 })
    .toBe('computed');
  const review = await json<{ anomalies: { id: string; acknowledged_at: string | null }[] }>(
    await ctx.get(`/api/payrun/review/${id}?page=1&records=1`),
  );
  const open = review.anomalies.filter((a) => !a.acknowledged_at).map((a) => a.id);
  if (open.length) {
    await json(
      await ctx.put(`/api/payrun/${id}/anomalies/acknowledge`, {
        data: { ids: open, reason: 'Checked for the browser test' },
      }),
    );
  }
  await json(await ctx.put(`/api/payrun/${id}/confirm`));
  return id;
}

/** Generates a confirmed run's payslip PDFs and waits until every one is made. */
export async function generatedPayslipsOf(ctx: APIRequestContext, runId: string): Promise<void> {
  const res = await ctx.post(`/api/payrun/payslips/${runId}`);
  expect([200, 202], await res.text()).toContain(res.status());
  await expect
    .poll(async () => (await json<Run>(await ctx.get(`/api/payrun/${runId}`))).payslips_status, {
      timeout: 180_000,
    })
    .toBe('generated');
}
