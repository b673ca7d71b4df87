import { callAs, eventually, type Session, type TestApp } from './helper';

/**
 * Pay run steps the API tests take again and again, through the API as an administrator would.
 * Each throws with the API's answer when a step does not do what it should.
 */

/** Waits until the run is computed (its jobs run in the test's own process). */
export async function waitComputed(t: TestApp, admin: Session, runId: string, ms = 60_000): Promise<void> {
  const computed = await eventually(
    async () => (await callAs(t, admin, 'GET', `/api/payrun/${runId}`)).json().data.status === 'computed',
    ms,
  );
  if (!computed) throw new Error(`pay run ${runId} was not computed within ${ms} ms`);
}

/** Acknowledges every anomaly of the run still open, with one reason (confirm needs them all). */
export async function acknowledgeOpen(
  t: TestApp,
  admin: Session,
  runId: string,
  reason: string,
): Promise<void> {
  const review = (await callAs(t, admin, 'GET', `/api/payrun/review/${runId}?page=1&records=10`)).json().data;
  const open = (review.anomalies as { id: string; acknowledged_at: string | null }[])
    .filter((a) => !a.acknowledged_at)
    .map((a) => a.id);
  if (open.length === 0) return;
  const ack = await callAs(t, admin, 'PUT', `/api/payrun/${runId}/anomalies/acknowledge`, {
    ids: open,
    reason,
  });
  if (ack.statusCode !== 200) throw new Error(`acknowledge: ${ack.statusCode} ${ack.body}`);
}

/** Acknowledges what is open, then confirms the run. */
export async function confirmReviewed(
  t: TestApp,
  admin: Session,
  runId: string,
  reason: string,
): Promise<void> {
  await acknowledgeOpen(t, admin, runId, reason);
  const res = await callAs(t, admin, 'PUT', `/api/payrun/${runId}/confirm`);
  if (res.statusCode !== 200) throw new Error(`confirm: ${res.statusCode} ${res.body}`);
}
