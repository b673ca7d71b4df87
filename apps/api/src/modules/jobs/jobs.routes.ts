import { JobStatusListResponseSchema } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobRunner } from './job-runner';

/**
 * The administrator's view of background and scheduled jobs. Jobs serve every company, so what is
 * shown is the process's queues, not a company's data: names, times, counts and the last error
 * (handlers keep personal data out of their error messages).
 */
export function jobsRoutes(app: FastifyInstance, deps: { jobs: JobRunner }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/jobs',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: { tags: ['jobs'], response: { 200: JobStatusListResponseSchema } },
    },
    async () => ({ status: 200, message: 'ok', data: await deps.jobs.status() }),
  );
}
