import {
  DecisionInputSchema,
  IdParamSchema,
  ProfileChangeQueueQuerySchema,
  ProfileChangeRequestInputSchema,
  ProfileChangeRequestListSchema,
  ProfileChangeRequestPageSchema,
  ProfileChangeRequestResponseSchema,
  RejectInputSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { ProfileChangesService, QueueMode } from './profile-changes.service';

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

  const queues: { mode: Exclude<QueueMode, 'mine'>; base: string; view: string; edit: string }[] = [
    {
      mode: 'team',
      base: '/api/requests/profile-update',
      view: 'profile_update_requests.view',
      edit: 'profile_update_requests.edit',
    },
    {
      mode: 'admin',
      base: '/api/admin/requests/profile-change',
      view: 'profile_change_requests.view',
      edit: 'profile_change_requests.edit',
    },
  ];
  for (const queue of queues) {
    r.get(
      queue.base,
      {
        config: { permission: queue.view },
        schema: {
          tags,
          querystring: ProfileChangeQueueQuerySchema,
          response: { 200: ProfileChangeRequestPageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const actor = actorOf(request);
        const { rows, total } =
          queue.mode === 'team' ? await svc.teamQueue(actor, q) : await svc.adminQueue(actor, q);
        return {
          status: 200,
          message: 'ok',
          data: rows,
          meta: { totalCount: total, page: q.page, records: q.records },
        };
      },
    );

    r.get(
      `${queue.base}/:id`,
      {
        config: { permission: queue.view },
        schema: { tags, params: IdParamSchema, response: { 200: ProfileChangeRequestResponseSchema } },
      },
      async (request) => ({
        status: 200,
        message: 'ok',
        data: await svc.get(actorOf(request), request.params.id, queue.mode),
      }),
    );

    r.put(
      `${queue.base}/:id/approve`,
      {
        config: { permission: queue.edit },
        schema: {
          tags,
          params: IdParamSchema,
          body: DecisionInputSchema.optional(),
          response: { 200: ProfileChangeRequestResponseSchema },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Request approved',
        data: await svc.decide(
          actorOf(request),
          request.params.id,
          'approved',
          request.body?.comment || null,
          queue.mode,
        ),
      }),
    );

    r.put(
      `${queue.base}/:id/reject`,
      {
        config: { permission: queue.edit },
        schema: {
          tags,
          params: IdParamSchema,
          body: RejectInputSchema,
          response: { 200: ProfileChangeRequestResponseSchema },
        },
      },
      async (request) => ({
        status: 200,
        message: 'Request rejected',
        data: await svc.decide(
          actorOf(request),
          request.params.id,
          'rejected',
          request.body.comment,
          queue.mode,
        ),
      }),
    );
  }
}
