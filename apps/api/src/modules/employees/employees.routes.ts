import {
  EmployeeListQuerySchema,
  EmployeeListResponseSchema,
  EmployeeResponseSchema,
  IdParamSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { EmployeesService } from './employees.service';

export function employeesRoutes(app: FastifyInstance, deps: { employees: EmployeesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['employees'];

  r.get(
    '/api/employee',
    {
      config: {
        permission: ['employee_list.view', 'manager_dashboard.view'],
        sessionCheck: 'in-transaction',
      },
      schema: { tags, querystring: EmployeeListQuerySchema, response: { 200: EmployeeListResponseSchema } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await deps.employees.list(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );

  r.get(
    '/api/employee/:id',
    {
      config: { permission: 'employee_profile.view', sessionCheck: 'in-transaction' },
      schema: { tags, params: IdParamSchema, response: { 200: EmployeeResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await deps.employees.get(actorOf(request), request.params.id),
    }),
  );
}
