import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';

/**
 * `GET /metrics` in Prometheus's text format (issue 25), through prom-client. Off unless
 * METRICS_TOKEN is set; then only a scraper sending `Authorization: Bearer <token>` reads it (the
 * figures name routes and queues, not people, but they are nobody else's business). Each process
 * reports its own requests, pool and memory; the job, mail and queue figures come from the shared
 * database, so any one process's scrape shows them for the whole installation.
 *
 * Requests are labelled by route pattern (`/api/employee/:id`), never by the URL itself: one label
 * value per id would grow without end, and ids are not for a metrics store.
 */
export function registerMetrics(app: FastifyInstance, deps: { db: Db; token?: string }) {
  const token = deps.token;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: 'hr_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'hr_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern the request matched; what matched nothing counts as one label value.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'hr_db_pool_connections',
    help: "This process's PostgreSQL pool: connections in use, idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = deps.db.poolStats?.();
      if (!s) return;
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });

  // The database-wide figures: read once per scrape, before the registry renders, then shown by
  // the gauges below.
  type Figures = Awaited<ReturnType<typeof readFigures>>;
  let figures: Figures = { queues: [], failures: [], mail: { pending: 0, failed: 0, oldest_s: null } };

  new Gauge({
    name: 'hr_job_queue_depth',
    help: 'Background jobs due and not yet taken (waiting) or running (active), per queue.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const q of figures.queues) {
        this.set({ queue: q.name, state: 'waiting' }, q.waiting);
        this.set({ queue: q.name, state: 'active' }, q.active);
      }
    },
  });
  new Gauge({
    name: 'hr_job_oldest_waiting_seconds',
    help: 'Age of the oldest job due and not yet taken, per queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const q of figures.queues) this.set({ queue: q.name }, q.oldest_s ?? 0);
    },
  });
  new Gauge({
    name: 'hr_job_failures',
    help: 'Job attempts that threw (attempt) and jobs given up after their last retry (given_up), per queue, since installation.',
    labelNames: ['queue', 'kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const f of figures.failures) {
        this.set({ queue: f.name, kind: 'attempt' }, f.errors);
        this.set({ queue: f.name, kind: 'given_up' }, f.failed);
      }
    },
  });
  new Gauge({
    name: 'hr_mail_outbox',
    help: 'Mails waiting to be sent (pending) and given up after their last attempt (failed).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { mail } = figures;
      this.set({ state: 'pending' }, mail.pending);
      this.set({ state: 'failed' }, mail.failed);
    },
  });
  new Gauge({
    name: 'hr_mail_oldest_pending_seconds',
    help: 'Age of the oldest mail not yet sent nor given up (0 when none waits).',
    registers: [registry],
    collect() {
      this.set(figures.mail.oldest_s ?? 0);
    },
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get(
    '/metrics',
    { config: { permission: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain')
          .send('metrics token required\n');
      }
      figures = await readFigures(deps.db);
      reply.header('cache-control', 'no-store');
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

async function readFigures(db: Db) {
  const jobs = await db.query<{ t: string | null }>("SELECT to_regclass('pgboss.job')::text AS t");
  const queues = jobs.rows[0]?.t
    ? (
        await db.query<{ name: string; waiting: number; active: number; oldest_s: number | null }>(
          `SELECT name,
                  count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
                  count(*) FILTER (WHERE state = 'active')::int AS active,
                  extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::float8 AS oldest_s
             FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name`,
        )
      ).rows
    : [];
  const failures = (
    await db.query<{ name: string; errors: number; failed: number }>(
      'SELECT name, errors::int AS errors, failed::int AS failed FROM job_queue_status',
    )
  ).rows;
  const mail = (
    await db.query<{ pending: number; failed: number; oldest_s: number | null }>(
      `SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)::int AS pending,
              count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL))::float8 AS oldest_s
         FROM mail_outbox`,
    )
  ).rows[0]!;
  return {
    queues: queues.map((q) => ({ ...q, waiting: Number(q.waiting), active: Number(q.active) })),
    failures: failures.map((f) => ({ name: f.name, errors: Number(f.errors), failed: Number(f.failed) })),
    mail: { pending: Number(mail.pending), failed: Number(mail.failed), oldest_s: mail.oldest_s },
  };
}
