import {
  ApprovalDelegationInputSchema,
  ApprovalDelegationMineSchema,
  ApprovalDelegationResponseSchema,
  ApprovalFlowInputSchema,
  ApprovalFlowListQuerySchema,
  ApprovalFlowListResponseSchema,
  ApprovalFlowResponseSchema,
  ApprovalInboxResponseSchema,
  IdParamSchema,
  MessageSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { ApprovalsService } from './approvals.service';

/** Whoever approves something (any team queue) or administers flows may delegate. */
export const DELEGATION_PERMISSIONS = [
  'profile_update_requests.edit',
  'leave_requests.edit',
  'regularisation_requests.edit',
  'reimbursements_requests.edit',
  'approval_flow.edit',
] as const;

/** Whoever may see a team queue of some type sees the requests of those types waiting on them. */
export const INBOX_PERMISSIONS = [
  'profile_update_requests.view',
  'leave_requests.view',
  'regularisation_requests.view',
  'reimbursements_requests.view',
] as const;

export function approvalsRoutes(app: FastifyInstance, deps: { approvals: ApprovalsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];
  const { approvals } = deps;

  r.get(
    '/api/approvals/inbox',
    {
      config: { permission: INBOX_PERMISSIONS },
      schema: { tags, response: { 200: ApprovalInboxResponseSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await approvals.inbox(actorOf(request)) }),
  );

  r.get(
    '/api/approval-flow',
    {
      config: { permission: 'approval_flow.view' },
      schema: {
        tags,
        querystring: ApprovalFlowListQuerySchema,
        response: { 200: ApprovalFlowListResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await approvals.listFlows(actorOf(request), request.query),
    }),
  );

  r.get(
    '/api/approval-flow/:id',
    {
      config: { permission: 'approval_flow.view' },
      schema: { tags, params: IdParamSchema, response: { 200: ApprovalFlowResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await approvals.getFlow(actorOf(request), request.params.id),
    }),
  );

  r.post(
    '/api/approval-flow',
    {
      config: { permission: 'approval_flow.add' },
      schema: { tags, body: ApprovalFlowInputSchema, response: { 201: ApprovalFlowResponseSchema } },
    },
    async (request, reply) => {
      const data = await approvals.createFlow(actorOf(request), request.body);
      reply.code(201);
      return { status: 201, message: 'Approval flow created', data };
    },
  );

  r.put(
    '/api/approval-flow/:id',
    {
      config: { permission: 'approval_flow.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: ApprovalFlowInputSchema,
        response: { 200: ApprovalFlowResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Approval flow saved',
      data: await approvals.updateFlow(actorOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/approval-flow/:id',
    {
      config: { permission: 'approval_flow.delete' },
      schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await approvals.deleteFlow(actorOf(request), request.params.id);
      return { status: 200, message: 'Approval flow deleted', data: null };
    },
  );

  r.get(
    '/api/approval-delegation/mine',
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: ApprovalDelegationMineSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await approvals.myDelegations(actorOf(request)),
    }),
  );

  r.post(
    '/api/approval-delegation',
    {
      config: { permission: DELEGATION_PERMISSIONS },
      schema: {
        tags,
        body: ApprovalDelegationInputSchema,
        response: { 201: ApprovalDelegationResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await approvals.createDelegation(actorOf(request), request.body);
      reply.code(201);
      return { status: 201, message: 'Delegation saved', data };
    },
  );

  r.delete(
    '/api/approval-delegation/:id',
    {
      config: { permission: DELEGATION_PERMISSIONS },
      schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await approvals.deleteDelegation(actorOf(request), request.params.id);
      return { status: 200, message: 'Delegation removed', data: null };
    },
  );
}
