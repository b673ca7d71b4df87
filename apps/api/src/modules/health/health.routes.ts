import { HealthResponseSchema } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';

export function healthRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
