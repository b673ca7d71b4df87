import {
  MessageSchema,
  TdsChallanBodySchema,
  TdsChallanIdParamSchema,
  TdsChallanResponseSchema,
  TdsQuarterQuerySchema,
  TdsReturnResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created, done, ok } from '../../lib/reply';
import { actorOf } from '../../plugins/auth';
import type { TdsReturnsService } from './tds-returns.service';

/** As the pay run's routes (spec section 2): payroll needs admin_dashboard.view; changes .edit. */
const VIEW = 'admin_dashboard.view';
const EDIT = 'admin_dashboard.edit';
const tags = ['tds-returns'];
const BASE = '/api/payroll/tds-returns';

export function tdsReturnsRoutes(app: FastifyInstance, deps: { tdsReturns: TdsReturnsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tdsReturns } = deps;

  r.get(
    BASE,
    {
      config: { permission: VIEW },
      schema: { tags, querystring: TdsQuarterQuerySchema, response: { 200: TdsReturnResponseSchema } },
    },
    async (req) => ok(await tdsReturns.summary(actorOf(req), req.query)),
  );
  r.get(
    `${BASE}/file`,
    { config: { permission: VIEW }, schema: { tags, querystring: TdsQuarterQuerySchema } },
    async (req, reply) => {
      const f = await tdsReturns.file(actorOf(req), req.query);
      return reply
        .header('content-type', 'text/plain; charset=us-ascii')
        .header('content-disposition', `attachment; filename="${f.file_name.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'no-store')
        .send(f.body);
    },
  );
  r.post(
    `${BASE}/challans`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        body: TdsChallanBodySchema,
        response: { 200: TdsChallanResponseSchema, 201: TdsChallanResponseSchema },
      },
    },
    async (req, reply) => {
      const { challan, created: isNew } = await tdsReturns.create(actorOf(req), req.body);
      if (!isNew) return ok(challan, 'This challan was already entered');
      reply.code(201);
      return created(challan, 'Challan saved');
    },
  );
  r.put(
    `${BASE}/challans/:id`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        params: TdsChallanIdParamSchema,
        body: TdsChallanBodySchema,
        response: { 200: TdsChallanResponseSchema },
      },
    },
    async (req) => ok(await tdsReturns.update(actorOf(req), req.params.id, req.body), 'Challan saved'),
  );
  r.delete(
    `${BASE}/challans/:id`,
    {
      config: { permission: EDIT },
      schema: { tags, params: TdsChallanIdParamSchema, response: { 200: MessageSchema } },
    },
    async (req) => {
      await tdsReturns.remove(actorOf(req), req.params.id);
      return done('Challan deleted');
    },
  );
}
