import { AuditListQuerySchema, AuditListResponseSchema } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { AuditService } from './audit.service';

export function auditRoutes(app: FastifyInstance, deps: { audit: AuditService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit',
    {
      config: { permission: 'role_permissions.view' },
      schema: {
        tags: ['audit'],
        querystring: AuditListQuerySchema,
        response: { 200: AuditListResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await deps.audit.list(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );
}
