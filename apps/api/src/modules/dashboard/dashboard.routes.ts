import {
  AdminDashboardResponseSchema,
  EmployeeDashboardResponseSchema,
  TeamDashboardResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance, deps: { dashboard: DashboardService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  r.get(
    '/api/dashboard/employee',
    {
      config: { permission: 'employee_dashboard.view' },
      schema: { tags, response: { 200: EmployeeDashboardResponseSchema } },
    },
    async (req) => ({ status: 200, message: 'ok', data: await deps.dashboard.employee(actorOf(req)) }),
  );
  r.get(
    '/api/dashboard/admin',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: { tags, response: { 200: AdminDashboardResponseSchema } },
    },
    async (req) => ({ status: 200, message: 'ok', data: await deps.dashboard.admin(actorOf(req)) }),
  );
  r.get(
    '/api/dashboard/team',
    {
      config: { permission: 'manager_dashboard.view' },
      schema: { tags, response: { 200: TeamDashboardResponseSchema } },
    },
    async (req) => ({ status: 200, message: 'ok', data: await deps.dashboard.team(actorOf(req)) }),
  );
}
