import {
  EncashableListResponseSchema,
  IdParamSchema,
  LeaveEncashmentInputSchema,
  LeaveEncashmentPageSchema,
  LeaveEncashmentQuerySchema,
  LeaveEncashmentResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queueRoutes } from '../../lib/queue-routes';
import { actorOf } from '../../plugins/auth';
import type { LeaveEncashmentService } from './leave.encashment';

const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });

/**
 * Leave encashment requests, with the leave routes' permissions: the employee's own requests
 * (employee_leaves.view / .edit), the team and admin queues (leave_requests.view / .edit; the admin
 * queue also needs company-wide data scope, checked by the service).
 */
export function leaveEncashmentRoutes(app: FastifyInstance, deps: { encashment: LeaveEncashmentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = deps.encashment;
  {
    const tags = ['leave'];
    r.get(
      '/api/leave/encashment/options',
      {
        config: { permission: 'employee_leaves.view' },
        schema: { tags, response: { 200: EncashableListResponseSchema } },
      },
      async (req) => ok(await svc.options(actorOf(req))),
    );
    r.get(
      '/api/leave/encashment',
      {
        config: { permission: 'employee_leaves.view' },
        schema: {
          tags,
          querystring: LeaveEncashmentQuerySchema,
          response: { 200: LeaveEncashmentPageSchema },
        },
      },
      async (req) => {
        const q = req.query;
        const { rows, total } = await svc.mine(actorOf(req), q);
        return { ...ok(rows), meta: { totalCount: total, page: q.page, records: q.records } };
      },
    );
    r.post(
      '/api/leave/encashment',
      {
        config: { permission: 'employee_leaves.edit' },
        schema: { tags, body: LeaveEncashmentInputSchema, response: { 201: LeaveEncashmentResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return {
          status: 201,
          message: 'Encashment requested',
          data: await svc.create(actorOf(req), req.body),
        };
      },
    );
    r.delete(
      '/api/leave/encashment/:id',
      {
        config: { permission: 'employee_leaves.edit' },
        schema: { tags, params: IdParamSchema, response: { 200: LeaveEncashmentResponseSchema } },
      },
      async (req) => ok(await svc.withdraw(actorOf(req), req.params.id), 'Encashment request withdrawn'),
    );
  }

  queueRoutes(app, {
    tags: ['leave requests'],
    paths: { team: '/api/requests/leave-encashments', admin: '/api/admin/requests/leave-encashment' },
    permissions: { view: 'leave_requests.view', edit: 'leave_requests.edit' },
    schemas: {
      query: LeaveEncashmentQuerySchema,
      page: LeaveEncashmentPageSchema,
      item: LeaveEncashmentResponseSchema,
    },
    messages: { approved: 'Encashment approved', rejected: 'Encashment rejected' },
    list: (actor, q, mode) => svc.queue(actor, q, mode),
    decide: (actor, id, decision, comment, mode) => svc.decide(actor, id, decision, comment, mode),
  });
}
