import {
  IdParamSchema,
  ProfileChangeQueueQuerySchema,
  ProfileChangeRequestInputSchema,
  ProfileChangeRequestListSchema,
  ProfileChangeRequestPageSchema,
  ProfileChangeRequestResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queueRoutes } from '../../lib/queue-routes';
import { actorOf } from '../../plugins/auth';
import type { ProfileChangesService } from './profile-changes.service';

/**
 * Self-service profile change requests, the team queue (approvers) and the admin queue
 * (profile_change_requests.*, enforced).
 */
export function profileChangesRoutes(app: FastifyInstance, deps: { profileChanges: ProfileChangesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile changes'];
  const svc = deps.profileChanges;

  r.post(
    '/api/employee/profile/change-request',
    {
      config: { permission: 'employee_profile.edit' },
      schema: {
        tags,
        body: ProfileChangeRequestInputSchema,
        response: { 201: ProfileChangeRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await svc.request(actorOf(request), request.body);
      reply.code(201);
      return { status: 201, message: 'Change requested', data };
    },
  );

  r.get(
    '/api/employee/profile/change-request',
    {
      config: { permission: 'employee_profile.view' },
      schema: { tags, response: { 200: ProfileChangeRequestListSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await svc.mine(actorOf(request)) }),
  );

  r.put(
    '/api/employee/profile/change-request/:id/cancel',
    {
      config: { permission: 'employee_profile.edit' },
      schema: { tags, params: IdParamSchema, response: { 200: ProfileChangeRequestResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'Request cancelled',
      data: await svc.cancel(actorOf(request), request.params.id),
    }),
  );

  queueRoutes(app, {
    tags,
    paths: { team: '/api/requests/profile-update', admin: '/api/admin/requests/profile-change' },
    permissions: {
      team: { view: 'profile_update_requests.view', edit: 'profile_update_requests.edit' },
      admin: { view: 'profile_change_requests.view', edit: 'profile_change_requests.edit' },
    },
    schemas: {
      query: ProfileChangeQueueQuerySchema,
      page: ProfileChangeRequestPageSchema,
      item: ProfileChangeRequestResponseSchema,
    },
    messages: { approved: 'Request approved', rejected: 'Request rejected' },
    list: (actor, q, mode) => (mode === 'team' ? svc.teamQueue(actor, q) : svc.adminQueue(actor, q)),
    get: (actor, id, mode) => svc.get(actor, id, mode),
    decide: (actor, id, decision, comment, mode) => svc.decide(actor, id, decision, comment, mode),
  });
}
