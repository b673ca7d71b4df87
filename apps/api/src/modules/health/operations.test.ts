import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { parseConfig } from '../../config';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/index';
import { createTestDb, isPgTest } from '../../test/helper';
import { createJobRunner, type JobRunner } from '../jobs';

/**
 * What an operator watches (issue 25): the readiness check a proxy or orchestrator polls, and
 * GET /metrics for Prometheus — off without METRICS_TOKEN, refused without the token, and with it
 * requests by route pattern (never the id in the URL), the pool, job queues, failures, the mail
 * outbox, memory and event-loop lag, each figure equal to what the database holds.
 */
const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
const quiet = { warn: () => undefined, error: () => undefined };
let db: Db;
let drop: () => Promise<void>;
let app: FastifyInstance;
let jobs: JobRunner;

const config = (env: Record<string, string> = {}) =>
  parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://hr.test', ...env });

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
  await seedDemo(db);
  // A runner that only sends (no workers): what is sent to it waits, as behind a stopped worker.
  jobs = createJobRunner({ db, log: quiet });
  jobs.define({ name: 'ops-test-wait', description: 'Waits for a worker', handler: async () => undefined });
  app = await buildApp({ config: config({ METRICS_TOKEN: TOKEN }), db, webDir: null, jobs: false });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app.close();
  await jobs.stop();
  await drop();
});

const scrape = (authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series line, e.g. `hr_mail_outbox{state="pending"}`. */
function value(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('readiness', () => {
  it('is ready when the database answers and every migration is applied; says what it waits for', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({
      ready: true,
      database: 'up',
      migrations: 'applied',
      jobs: 'not_run_here',
    });

    const { rows } = await db.query<{ name: string }>('SELECT max(name) AS name FROM schema_migrations');
    await db.query('DELETE FROM schema_migrations WHERE name = $1', [rows[0]!.name]);
    try {
      const pending = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toMatchObject({
        message: 'Not ready: migrations are not all applied',
        data: { ready: false, migrations: 'pending' },
      });
    } finally {
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [rows[0]!.name]);
    }
  });

  it('a process that runs jobs is ready only while its job runner runs', async () => {
    const runner = createJobRunner({ db, log: quiet });
    const withJobs = await buildApp({ config: config(), db, webDir: null, jobs: true, jobRunner: runner });
    try {
      // inject readies the app first, and readying starts the runner.
      const running = await withJobs.inject({ method: 'GET', url: '/api/health/ready' });
      expect(running.statusCode).toBe(200);
      expect(running.json().data.jobs).toBe('started');
      await runner.stop();
      const stopped = await withJobs.inject({ method: 'GET', url: '/api/health/ready' });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json()).toMatchObject({
        message: 'Not ready: the job runner has not started',
        data: { ready: false, jobs: 'stopped' },
      });
    } finally {
      await withJobs.close();
    }
  }, 60_000);
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN, and refuses a scraper without the token', async () => {
    const plain = await buildApp({ config: config(), db, webDir: null, jobs: false });
    try {
      expect((await plain.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@acme.test', password: DEMO_PASSWORD },
    });
    const { token, userResponse } = login.json().data as {
      token: string;
      userResponse: { employee_id: string };
    };
    const id = userResponse.employee_id;
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({
        method: 'GET',
        url: `/api/employee/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.statusCode).toBe(200);
    }
    await app.inject({ method: 'GET', url: `/api/employee/${id}` }); // 401: signed out

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(value(body, 'hr_http_requests_total{method="GET",route="/api/employee/:id",status="200"}')).toBe(
      3,
    );
    expect(value(body, 'hr_http_requests_total{method="GET",route="/api/employee/:id",status="401"}')).toBe(
      1,
    );
    expect(
      value(
        body,
        'hr_http_request_duration_seconds_count{method="GET",route="/api/employee/:id",status="200"}',
      ),
    ).toBe(3);
    expect(
      value(
        body,
        'hr_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/employee/:id",status="200"}',
      ),
    ).toBe(3);
    expect(body).not.toContain(id); // the pattern, never the id
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+/m);
    if (isPgTest()) expect(value(body, 'hr_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it('shows the job queues, job failures and the mail outbox as the database holds them', async () => {
    await jobs.start({ work: false });
    await jobs.send('ops-test-wait', {});
    await jobs.send('ops-test-wait', {});
    await db.query(
      `INSERT INTO job_queue_status (name, runs, errors, failed) VALUES ('ops-test-flaky', 9, 4, 1)
         ON CONFLICT (name) DO UPDATE SET runs = 9, errors = 4, failed = 1`,
    );
    await db.query('DELETE FROM mail_outbox');
    await db.query(
      `INSERT INTO mail_outbox (recipient, subject, text_body, created_at, next_attempt_at, sent_at, failed_at) VALUES
         ('a@acme.test', 'Waiting', 'x', now() - interval '90 seconds', now(), NULL, NULL),
         ('b@acme.test', 'Waiting too', 'x', now(), now(), NULL, NULL),
         ('c@acme.test', 'Sent', 'x', now(), now(), now(), NULL),
         ('d@acme.test', 'Given up', 'x', now(), now(), NULL, now())`,
    );

    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(value(body, 'hr_job_queue_depth{queue="ops-test-wait",state="waiting"}')).toBe(2);
    expect(value(body, 'hr_job_queue_depth{queue="ops-test-wait",state="active"}')).toBe(0);
    expect(value(body, 'hr_job_oldest_waiting_seconds{queue="ops-test-wait"}')).toBeGreaterThanOrEqual(0);
    expect(value(body, 'hr_job_failures{queue="ops-test-flaky",kind="attempt"}')).toBe(4);
    expect(value(body, 'hr_job_failures{queue="ops-test-flaky",kind="given_up"}')).toBe(1);
    expect(value(body, 'hr_mail_outbox{state="pending"}')).toBe(2);
    expect(value(body, 'hr_mail_outbox{state="failed"}')).toBe(1);
    expect(value(body, 'hr_mail_oldest_pending_seconds')).toBeGreaterThanOrEqual(89);
  }, 60_000);
});
