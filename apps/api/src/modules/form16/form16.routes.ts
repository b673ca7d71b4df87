import {
  Form16EmployeeParamSchema,
  Form16IssueBodySchema,
  Form16IssueResponseSchema,
  Form16YearParamSchema,
  MyForm16ListResponseSchema,
} from '@hr/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { actorOf } from '../../plugins/auth';
import type { Form16File, Form16Service } from './form16.service';

/** Spec section 2: payroll routes need admin_dashboard.view (as the pay run's, payrun.routes.ts). */
const VIEW = 'admin_dashboard.view';
const tags = ['form16'];

function sendPdf(reply: FastifyReply, f: Form16File) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(f.body.length))
    .header('content-disposition', `attachment; filename="${f.file_name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(f.body);
}

/** Form 16 Part B (issue 23): issuing a year in bulk, its progress, and the downloads. */
export function form16Routes(app: FastifyInstance, deps: { form16: Form16Service }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { form16 } = deps;

  r.get(
    '/api/form16/:financial_year',
    {
      config: { permission: VIEW },
      schema: { tags, params: Form16YearParamSchema, response: { 200: Form16IssueResponseSchema } },
    },
    async (req) => ok(await form16.status(actorOf(req), req.params.financial_year)),
  );

  // 202 with the progress when issuing starts; 200 when it is already going on or done.
  r.post(
    '/api/form16/:financial_year/issue',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        params: Form16YearParamSchema,
        // Fastify gives a request without a body as null.
        body: Form16IssueBodySchema.nullish(),
        response: { 200: Form16IssueResponseSchema, 202: Form16IssueResponseSchema },
      },
    },
    async (req, reply) => {
      const g = await form16.issue(actorOf(req), req.params.financial_year, {
        reissue: req.body?.reissue === true,
      });
      const status = g.started ? 202 : 200;
      reply.code(status);
      return { status, message: g.message, data: g.issue };
    },
  );

  r.get(
    '/api/form16/:financial_year/employees/:employeeId/pdf',
    { config: { permission: VIEW }, schema: { tags, params: Form16EmployeeParamSchema } },
    async (req, reply) =>
      sendPdf(reply, await form16.adminPdf(actorOf(req), req.params.financial_year, req.params.employeeId)),
  );

  // The employee's own (employee_profile.view, self only: another's is never reachable).
  r.get(
    '/api/form16/my',
    {
      config: { permission: 'employee_profile.view' },
      schema: { tags, response: { 200: MyForm16ListResponseSchema } },
    },
    async (req) => ok(await form16.mine(actorOf(req))),
  );
  r.get(
    '/api/form16/my/:financial_year/pdf',
    { config: { permission: 'employee_profile.view' }, schema: { tags, params: Form16YearParamSchema } },
    async (req, reply) => sendPdf(reply, await form16.myPdf(actorOf(req), req.params.financial_year)),
  );
}
