import {
  AnomalyAckBodySchema,
  MessageSchema,
  MyPayslipListQuerySchema,
  MyPayslipListResponseSchema,
  PayableDaysDetailQuerySchema,
  PayableDaysDetailResponseSchema,
  PayableDaysListResponseSchema,
  PayableDaysQuerySchema,
  PayRunAutomaticItemsResponseSchema,
  PayRunCreateBodySchema,
  PayRunEmployeeParamSchema,
  PayRunFileListResponseSchema,
  PayRunFileParamSchema,
  PayRunIdParamSchema,
  PayRunListQuerySchema,
  PayRunListResponseSchema,
  PayRunResponseSchema,
  PayRunReviewQuerySchema,
  PayRunReviewResponseSchema,
  PayRunSettingsBodySchema,
  PayRunSettingsResponseSchema,
  PayslipIdParamSchema,
  PayslipResponseSchema,
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

  r.post(
    '/api/payrun/:id/compute',
    { config: { permission: EDIT }, schema: { tags, params, response: { 200: PayRunResponseSchema } } },
    async (req) => ok(await payrun.compute(actorOf(req), req.params.id), 'Computing the pay run'),
  );
  // Not in the spec: what compute adds by itself (reimbursements, encashments, arrears, LOP paid back).
  r.get(
    '/api/payrun/:id/automatic-items',
    {
      config: { permission: VIEW },
      schema: { tags, params, response: { 200: PayRunAutomaticItemsResponseSchema } },
    },
    async (req) => ok(await payrun.automaticItems(actorOf(req), req.params.id)),
  );
  r.get(
    '/api/payrun/review/:id',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        params,
        querystring: PayRunReviewQuerySchema,
        response: { 200: PayRunReviewResponseSchema },
      },
    },
    async (req) => ok(await payrun.review(actorOf(req), req.params.id, req.query)),
  );
  r.get(
    '/api/payrun/:id/payslips/:employeeId',
    {
      config: { permission: VIEW },
      schema: { tags, params: PayRunEmployeeParamSchema, response: { 200: PayslipResponseSchema } },
    },
    async (req) => ok(await payrun.payslip(actorOf(req), req.params.id, req.params.employeeId)),
  );
  r.put(
    '/api/payrun/:id/anomalies/acknowledge',
    {
      config: { permission: EDIT },
      schema: { tags, params, body: AnomalyAckBodySchema, response: { 200: PayRunResponseSchema } },
    },
    async (req) =>
      ok(await payrun.acknowledge(actorOf(req), req.params.id, req.body), 'Anomalies acknowledged'),
  );
  r.put(
    '/api/payrun/:id/confirm',
    { config: { permission: EDIT }, schema: { tags, params, response: { 200: PayRunResponseSchema } } },
    async (req) => ok(await payrun.confirm(actorOf(req), req.params.id), 'Pay run confirmed'),
  );
  r.get(
    '/api/payrun/:id/files',
    {
      config: { permission: VIEW },
      schema: { tags, params, response: { 200: PayRunFileListResponseSchema } },
    },
    async (req) => ok(await payrun.files(actorOf(req), req.params.id)),
  );
  r.get(
    '/api/payrun/:id/files/:kind',
    { config: { permission: VIEW }, schema: { tags, params: PayRunFileParamSchema } },
    async (req, reply) => {
      const f = await payrun.file(actorOf(req), req.params.id, req.params.kind);
      return reply
        .header('content-type', f.content_type)
        .header('content-disposition', `attachment; filename="${f.file_name.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'no-store')
        .send(f.body);
    },
  );

  // The employee's own payslips (user/documents/payslips): employee_profile.view, self only.
  r.get(
    '/api/payslips',
    {
      config: { permission: 'employee_profile.view' },
      schema: { tags, querystring: MyPayslipListQuerySchema, response: { 200: MyPayslipListResponseSchema } },
    },
    async (req) => paged(await payrun.myPayslips(actorOf(req), req.query), req.query),
  );
  r.get(
    '/api/payslips/:id',
    {
      config: { permission: 'employee_profile.view' },
      schema: { tags, params: PayslipIdParamSchema, response: { 200: PayslipResponseSchema } },
    },
    async (req) => ok(await payrun.myPayslip(actorOf(req), req.params.id)),
  );
}
