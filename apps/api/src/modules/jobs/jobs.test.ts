import type { JobQueueStatus } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { parseConfig } from '../../config';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/index';
import { currentRequestId } from '../../lib/request-context';
import { createTestDb, eventually } from '../../test/helper';
import { SLA_CRON, SLA_JOB } from '../approvals';
import { createJobRunner, type JobRunner } from './job-runner';

/**
 * The job runner on the database the tests run on (PGlite, or PostgreSQL with TEST_DB=pg): a job
 * sent twice with one key runs once, a failing job is retried and then recorded as failed, a
 * schedule fires, the administrator sees it all on GET /api/jobs, and closing the app stops it.
 */
let db: Db;
let drop: () => Promise<void>;
let app: FastifyInstance;
let jobs: JobRunner;
const ran: string[] = [];
let attempts = 0;
let ticks = 0;
const logged: { obj: Record<string, unknown>; msg: string }[] = [];
const quiet = {
  info: (obj: object, msg: string) => logged.push({ obj: obj as Record<string, unknown>, msg }),
  warn: () => undefined,
  error: () => undefined,
};
/** What the test-ok handler saw: its data's keys and the request id it ran under. */
const seen: { keys: string[]; requestId: string | null }[] = [];

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
  await seedDemo(db);
  jobs = createJobRunner({ db, log: quiet, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
  jobs.define<{ key?: string }>({
    name: 'test-ok',
    description: 'Records its key',
    policy: 'stately',
    handler: async (data) => {
      ran.push(data.key ?? '');
      seen.push({ keys: Object.keys(data), requestId: currentRequestId() });
    },
  });
  jobs.define({
    name: 'test-fails',
    description: 'Always fails',
    retryLimit: 1,
    retryDelaySeconds: 1,
    handler: async () => {
      attempts += 1;
      throw new Error('the ledger is locked');
    },
  });
  jobs.define({
    name: 'test-tick',
    description: 'Every minute',
    cron: '* * * * *',
    handler: async () => {
      ticks += 1;
    },
  });
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://hr.test' });
  app = await buildApp({ config, db, webDir: null, jobs: true, jobRunner: jobs });
  // A request that sends a job, as the pay run's compute or the payslips' generation do.
  app.post('/api/test-send', { config: { permission: 'public' } }, async () => {
    await jobs.send('test-ok', { key: 'from-request' });
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

async function headersOf(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${res.json().data.token}` };
}
async function statusOf(name: string): Promise<JobQueueStatus> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/jobs',
    headers: await headersOf('admin@acme.test'),
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as JobQueueStatus[]).find((q) => q.name === name)!;
}

describe('job runner', () => {
  it('starts with the app; the SLA check is a scheduled job the administrator sees', async () => {
    expect(jobs.started).toBe(true);
    expect(await statusOf(SLA_JOB)).toMatchObject({ schedule: SLA_CRON, time_zone: 'UTC', failed: 0 });
    const { rows } = await db.query<{ name: string; cron: string }>('SELECT name, cron FROM pgboss.schedule');
    expect(rows).toEqual(expect.arrayContaining([{ name: SLA_JOB, cron: SLA_CRON }]));
    const employee = await headersOf('employee@acme.test');
    expect((await app.inject({ method: 'GET', url: '/api/jobs', headers: employee })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
  });

  it('a job sent twice with one singleton key runs once; its success is recorded', async () => {
    expect(await statusOf('test-ok')).toMatchObject({ runs: 0, last_started_at: null, schedule: null });
    const first = await jobs.send('test-ok', { key: 'a' }, { singletonKey: 'once' });
    const second = await jobs.send('test-ok', { key: 'b' }, { singletonKey: 'once' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(await eventually(async () => ran.length > 0, 15_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran).toEqual(['a']);
    const after = await statusOf('test-ok');
    expect(after).toMatchObject({ runs: 1, errors: 0, failed: 0, last_error: null, waiting: 0 });
    expect(after.last_succeeded_at).toBeTruthy();
  });

  it('a failing job is retried, then recorded as failed with its error', async () => {
    await jobs.send('test-fails');
    expect(await eventually(async () => (await statusOf('test-fails')).failed === 1, 30_000)).toBe(true);
    expect(attempts).toBe(2); // the first attempt and one retry
    const s = await statusOf('test-fails');
    expect(s).toMatchObject({
      runs: 2,
      errors: 2,
      failed: 1,
      retry_limit: 1,
      last_error: 'the ledger is locked',
    });
    expect(s.last_failed_at).toBeTruthy();
    expect(s.last_succeeded_at).toBeNull();
    const { rows } = await db.query<{ state: string; retry_count: number }>(
      "SELECT state, retry_count FROM pgboss.job WHERE name = 'test-fails'",
    );
    expect(rows).toEqual([{ state: 'failed', retry_count: 1 }]);
  });

  it('the SLA check runs as a job over every company and succeeds', async () => {
    await jobs.send(SLA_JOB);
    expect(await eventually(async () => (await statusOf(SLA_JOB)).last_succeeded_at !== null, 15_000)).toBe(
      true,
    );
    expect(await statusOf(SLA_JOB)).toMatchObject({ errors: 0, failed: 0 });
  });

  it('a job a request sends carries the request id into its run and its log line', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-send',
      headers: { 'x-request-id': 'req-from-a-proxy-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-from-a-proxy-42');
    expect(await eventually(async () => ran.includes('from-request'), 15_000)).toBe(true);
    // The handler gets its own data only, and runs under the request's id (jobs it sends carry it on).
    expect(seen.at(-1)).toEqual({ keys: ['key'], requestId: 'req-from-a-proxy-42' });
    expect(
      await eventually(async () => logged.some((l) => l.obj.requestId === 'req-from-a-proxy-42'), 5_000),
    ).toBe(true);
    expect(logged.find((l) => l.obj.requestId === 'req-from-a-proxy-42')).toMatchObject({
      msg: 'job done',
      obj: { job: 'test-ok', jobId: expect.any(String), ms: expect.any(Number) },
    });
    // A job sent outside a request carries no id (the first test's jobs logged nothing).
    expect(seen[0]).toEqual({ keys: ['key'], requestId: null });
  });

  it('a scheduled job is sent by its schedule and runs', async () => {
    expect(await eventually(async () => ticks > 0, 20_000)).toBe(true);
    expect((await statusOf('test-tick')).last_succeeded_at).toBeTruthy();
  });

  it('closing the app stops the runner; sending then is refused', async () => {
    await app.close();
    expect(jobs.started).toBe(false);
    await expect(jobs.send('test-ok')).rejects.toThrow(/not started/);
  });
});
