import { readdirSync } from 'node:fs';
import { HealthResponseSchema, ReadinessResponseSchema } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/migrate';
import type { JobRunner } from '../jobs';

/** The migrations this build carries: all of them must be applied before it serves (readiness). */
const MIGRATIONS = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.+\.sql$/.test(f));

/**
 * `GET /api/health`: the process answers and reaches its database (what a load balancer polls).
 * `GET /api/health/ready` (issue 25): whether this process should be sent traffic — the database
 * answers, every migration of this build is applied (a process of a newer build started before the
 * migration finished is not ready), and, where this process runs jobs, its job runner has started.
 * 503 names what is not ready; nothing in either answer says more than up or down.
 */
export function healthRoutes(app: FastifyInstance, deps: { db: Db; jobs: JobRunner | null }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: { tags: ['health'], response: { 200: HealthResponseSchema, 503: HealthResponseSchema } },
    },
    async (request, reply) => {
      try {
        await deps.db.query('SELECT 1');
        return { status: 200, message: 'ok', data: { db: 'up' as const } };
      } catch (err) {
        request.log.error({ err }, 'health: database unreachable');
        return reply
          .code(503)
          .send({ status: 503, message: 'database unavailable', data: { db: 'down' as const } });
      }
    },
  );

  r.get(
    '/api/health/ready',
    {
      config: { permission: 'public' },
      schema: { tags: ['health'], response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema } },
    },
    async (request, reply) => {
      let database: 'up' | 'down' = 'up';
      let migrations: 'applied' | 'pending' | 'unknown' = 'unknown';
      try {
        const { rows } = await deps.db.query<{ name: string }>('SELECT name FROM schema_migrations');
        const applied = new Set(rows.map((x) => x.name));
        migrations = MIGRATIONS.every((m) => applied.has(m)) ? 'applied' : 'pending';
      } catch (err) {
        database = 'down';
        request.log.error({ err }, 'readiness: database unreachable');
      }
      const jobs: 'started' | 'stopped' | 'not_run_here' =
        deps.jobs === null ? 'not_run_here' : deps.jobs.started ? 'started' : 'stopped';
      const ready = database === 'up' && migrations === 'applied' && jobs !== 'stopped';
      const problems = [
        database === 'down' ? 'the database does not answer' : null,
        migrations === 'pending' ? 'migrations are not all applied' : null,
        jobs === 'stopped' ? 'the job runner has not started' : null,
      ].filter(Boolean);
      const data = { ready, database, migrations, jobs };
      if (ready) return { status: 200, message: 'ready', data };
      return reply.code(503).send({ status: 503, message: `Not ready: ${problems.join('; ')}`, data });
    },
  );
}
