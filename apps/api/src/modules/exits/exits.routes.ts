import {
  AgreeLastDayInputSchema,
  ExitPageSchema,
  ExitQuerySchema,
  ExitResponseSchema,
  IdParamSchema,
  MyExitResponseSchema,
  ResignationInputSchema,
  SettlementResponseSchema,
  TerminationInputSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queueRoutes } from '../../lib/queue-routes';
import { actorOf } from '../../plugins/auth';
import type { ExitsService } from './exits.service';

const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });

/**
 * Exits: the employee's own resignation and settlement (employee_profile.view / .edit, self only);
 * the administrator's exits, terminations and settlement previews (admin_dashboard.view / .edit,
 * as the payroll routes); the resignation queues (team: manager_dashboard; admin: admin_dashboard).
 */
export function exitsRoutes(app: FastifyInstance, deps: { exits: ExitsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = deps.exits;
  const tags = ['exits'];
  r.get(
    '/api/exits/mine',
    {
      config: { permission: 'employee_profile.view' },
      schema: { tags, response: { 200: MyExitResponseSchema } },
    },
    async (req) => ok(await svc.mine(actorOf(req))),
  );
  r.get(
    '/api/exits/mine/settlement',
    {
      config: { permission: 'employee_profile.view' },
      schema: { tags, response: { 200: SettlementResponseSchema } },
    },
    async (req) => ok(await svc.mySettlement(actorOf(req))),
  );
  r.post(
    '/api/exits/resignation',
    {
      config: { permission: 'employee_profile.edit' },
      schema: { tags, body: ResignationInputSchema, response: { 201: ExitResponseSchema } },
    },
    async (req, reply) => {
      reply.code(201);
      return {
        status: 201,
        message: 'Resignation sent for approval',
        data: await svc.resign(actorOf(req), req.body),
      };
    },
  );
  r.delete(
    '/api/exits/mine/:id',
    {
      config: { permission: 'employee_profile.edit' },
      schema: { tags, params: IdParamSchema, response: { 200: ExitResponseSchema } },
    },
    async (req) => ok(await svc.withdraw(actorOf(req), req.params.id), 'Resignation withdrawn'),
  );

  r.get(
    '/api/admin/exits',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: { tags, querystring: ExitQuerySchema, response: { 200: ExitPageSchema } },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await svc.list(actorOf(req), q);
      return { ...ok(rows), meta: { totalCount: total, page: q.page, records: q.records } };
    },
  );
  r.post(
    '/api/admin/exits',
    {
      config: { permission: 'admin_dashboard.edit' },
      schema: { tags, body: TerminationInputSchema, response: { 201: ExitResponseSchema } },
    },
    async (req, reply) => {
      reply.code(201);
      return {
        status: 201,
        message: 'Termination recorded',
        data: await svc.terminate(actorOf(req), req.body),
      };
    },
  );
  r.get(
    '/api/admin/exits/:id',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: { tags, params: IdParamSchema, response: { 200: ExitResponseSchema } },
    },
    async (req) => ok(await svc.get(actorOf(req), req.params.id)),
  );
  r.put(
    '/api/admin/exits/:id',
    {
      config: { permission: 'admin_dashboard.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: AgreeLastDayInputSchema,
        response: { 200: ExitResponseSchema },
      },
    },
    async (req) => ok(await svc.agree(actorOf(req), req.params.id, req.body), 'Last working day saved'),
  );
  r.get(
    '/api/admin/exits/:id/settlement',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: { tags, params: IdParamSchema, response: { 200: SettlementResponseSchema } },
    },
    async (req) => ok(await svc.settlement(actorOf(req), req.params.id)),
  );

  queueRoutes(app, {
    tags: ['exits'],
    paths: { team: '/api/requests/resignations', admin: '/api/admin/requests/resignation' },
    permissions: {
      team: { view: 'manager_dashboard.view', edit: 'manager_dashboard.edit' },
      admin: { view: 'admin_dashboard.view', edit: 'admin_dashboard.edit' },
    },
    schemas: { query: ExitQuerySchema, page: ExitPageSchema, item: ExitResponseSchema },
    messages: { approved: 'Resignation approved', rejected: 'Resignation rejected' },
    list: (actor, q, mode) => svc.queue(actor, q, mode),
    decide: (actor, id, decision, comment, mode) => svc.decide(actor, id, decision, comment, mode),
  });
}
