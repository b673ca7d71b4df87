import {
  MessageSchema,
  PayableDaysDetailQuerySchema,
  PayableDaysDetailResponseSchema,
  PayableDaysListResponseSchema,
  PayableDaysQuerySchema,
  PayRunCreateBodySchema,
  PayRunIdParamSchema,
  PayRunListQuerySchema,
  PayRunListResponseSchema,
  PayRunResponseSchema,
  PayRunSettingsBodySchema,
  PayRunSettingsResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { created, done, ok, paged } from '../../lib/reply';
import { actorOf } from '../../plugins/auth';
import type { PayrunService } from './payrun.service';
import { sheetsRoutes } from './sheets.routes';

/** Spec section 2: payroll routes need admin_dashboard.view; changes need admin_dashboard.edit. */
export const VIEW = 'admin_dashboard.view';
export const EDIT = 'admin_dashboard.edit';
export const tags = ['payrun'];

export function payrunRoutes(app: FastifyInstance, deps: { payrun: PayrunService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { payrun } = deps;
  const params = PayRunIdParamSchema;
  sheetsRoutes(app, payrun.sheets);

  r.get(
    '/api/payrun/settings',
    { config: { permission: VIEW }, schema: { tags, response: { 200: PayRunSettingsResponseSchema } } },
    async (req) => ok(await payrun.settings(actorOf(req))),
  );
  r.put(
    '/api/payrun/settings',
    {
      config: { permission: EDIT },
      schema: { tags, body: PayRunSettingsBodySchema, response: { 200: PayRunSettingsResponseSchema } },
    },
    async (req) => ok(await payrun.updateSettings(actorOf(req), req.body), 'Pay run settings saved'),
  );

  r.get(
    '/api/payrun/payable-days',
    {
      config: { permission: VIEW },
      schema: { tags, querystring: PayableDaysQuerySchema, response: { 200: PayableDaysListResponseSchema } },
    },
    async (req) => paged(await payrun.payableDays(actorOf(req), req.query), req.query),
  );
  r.get(
    '/api/payrun/payable-days/:employeeId',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        params: z.object({ employeeId: z.string().uuid() }),
        querystring: PayableDaysDetailQuerySchema,
        response: { 200: PayableDaysDetailResponseSchema },
      },
    },
    async (req) => ok(await payrun.payableDayDetail(actorOf(req), req.params.employeeId, req.query)),
  );

  r.post(
    '/api/payrun',
    {
      config: { permission: EDIT },
      schema: { tags, body: PayRunCreateBodySchema, response: { 201: PayRunResponseSchema } },
    },
    async (req, reply) => {
      reply.code(201);
      return created(await payrun.create(actorOf(req), req.body), 'Pay run created');
    },
  );
  r.get(
    '/api/payrun',
    {
      config: { permission: VIEW },
      schema: { tags, querystring: PayRunListQuerySchema, response: { 200: PayRunListResponseSchema } },
    },
    async (req) => paged(await payrun.list(actorOf(req), req.query), req.query),
  );
  r.get(
    '/api/payrun/:id',
    { config: { permission: VIEW }, schema: { tags, params, response: { 200: PayRunResponseSchema } } },
    async (req) => ok(await payrun.get(actorOf(req), req.params.id)),
  );
  r.delete(
    '/api/payrun/:id',
    { config: { permission: EDIT }, schema: { tags, params, response: { 200: MessageSchema } } },
    async (req) => {
      await payrun.remove(actorOf(req), req.params.id);
      return done('Pay run deleted');
    },
  );
}
