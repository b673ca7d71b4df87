import {
  PayRunEmployeeParamSchema,
  PayRunIdParamSchema,
  PayRunResponseSchema,
  PayslipIdParamSchema,
  PayslipsGenerateBodySchema,
} from '@hr/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { tags, VIEW } from './payrun.routes';
import type { PayslipFile, PayslipsService } from './payslips.service';

function sendPdf(reply: FastifyReply, f: PayslipFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(f.body.length))
    .header('content-disposition', `attachment; filename="${f.file_name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(f.body);
}

/** Payslip PDFs (issue 22): generation of a confirmed run, the administrator's and the employee's downloads. */
export function payslipsRoutes(app: FastifyInstance, deps: { payslips: PayslipsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { payslips } = deps;

  // The spec's `POST payrun/payslips/{id}`: 202 with the run's progress; 200 when all were made already.
  // `{ regenerate: true }` makes them all again (the spec's path kept: a body, not a new route).
  r.post(
    '/api/payrun/payslips/:id',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        params: PayRunIdParamSchema,
        // Fastify gives a request without a body as null.
        body: PayslipsGenerateBodySchema.nullish(),
        response: { 200: PayRunResponseSchema, 202: PayRunResponseSchema },
      },
    },
    async (req, reply) => {
      const g = await payslips.generate(actorOf(req), req.params.id, {
        regenerate: req.body?.regenerate === true,
      });
      const status = g.started ? 202 : 200;
      reply.code(status);
      return { status, message: g.message, data: g.run };
    },
  );

  r.get(
    '/api/payrun/:id/payslips/:employeeId/pdf',
    { config: { permission: VIEW }, schema: { tags, params: PayRunEmployeeParamSchema } },
    async (req, reply) =>
      sendPdf(reply, await payslips.adminPdf(actorOf(req), req.params.id, req.params.employeeId)),
  );

  // The employee's own (employee_profile.view, self only: anyone else's id is 404).
  r.get(
    '/api/payslips/:id/pdf',
    { config: { permission: 'employee_profile.view' }, schema: { tags, params: PayslipIdParamSchema } },
    async (req, reply) => sendPdf(reply, await payslips.myPdf(actorOf(req), req.params.id)),
  );
}
