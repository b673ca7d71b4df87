import {
  AccrualRunInputSchema,
  AccrualRunResponseSchema,
  AdjustResultSchema,
  HolidayListResponseSchema,
  IdParamSchema,
  LeaveBalanceAdjustSchema,
  LeaveBalanceListResponseSchema,
  LeaveCalendarQuerySchema,
  LeaveCalendarResponseSchema,
  LeaveConfigurationResponseSchema,
  LeaveDecisionContextResponseSchema,
  LeaveExplainerQuerySchema,
  LeaveExplainerResponseSchema,
  LeavePolicyInputSchema,
  LeavePolicyListResponseSchema,
  LeavePolicyResponseSchema,
  LeavePreviewQuerySchema,
  LeavePreviewResponseSchema,
  LeaveQueueQuerySchema,
  LeaveRequestInputSchema,
  LeaveRequestPageSchema,
  LeaveRequestResponseSchema,
  LeaveStatusCountsResponseSchema,
  LeaveTypeInputSchema,
  LeaveTypeListResponseSchema,
  LeaveTypeResponseSchema,
  LeaveYearQuerySchema,
  MasterLeaveInputSchema,
  MasterLeaveListSchema,
  MasterLeaveResponseSchema,
  MessageSchema,
  MyLeaveQuerySchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queueRoutes } from '../../lib/queue-routes';
import { actorOf } from '../../plugins/auth';
import { attachment, sendFile } from '../files';
import type { LeaveService } from './leave.service';

const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });

/**
 * Leave: set-up (leave types and policies: leave_policies.*), self-service requests and balances
 * (employee_leaves.*), the team and admin queues (leave_requests.*), manual balance entries
 * (employee_list.edit) and the accrual run.
 */
/** What the leave routes need of the files module (passed in by app.ts). */
export type LeaveDocumentFiles = {
  openChecked(
    companyId: string,
    documentId: string,
  ): Promise<{ data: Buffer; fileName: string; contentType: string }>;
};

export function leaveRoutes(app: FastifyInstance, deps: { leave: LeaveService; files: LeaveDocumentFiles }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = deps.leave;

  // ---- Set-up: leave types and leave policies ----
  {
    const tags = ['leave set-up'];
    r.get(
      '/api/leave/types',
      {
        config: { permission: 'leave_policies.view' },
        schema: { tags, response: { 200: LeaveTypeListResponseSchema } },
      },
      async (req) => ok(await svc.listTypes(actorOf(req))),
    );
    r.post(
      '/api/leave/types',
      {
        config: { permission: 'leave_policies.add' },
        schema: { tags, body: LeaveTypeInputSchema, response: { 201: LeaveTypeResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return {
          status: 201,
          message: 'Leave type added',
          data: await svc.saveType(actorOf(req), null, req.body),
        };
      },
    );
    r.put(
      '/api/leave/types/:id',
      {
        config: { permission: 'leave_policies.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: LeaveTypeInputSchema,
          response: { 200: LeaveTypeResponseSchema },
        },
      },
      async (req) => ok(await svc.saveType(actorOf(req), req.params.id, req.body), 'Leave type updated'),
    );
    r.delete(
      '/api/leave/types/:id',
      {
        config: { permission: 'leave_policies.delete' },
        schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await svc.removeType(actorOf(req), req.params.id);
        return ok(null, 'Leave type deleted');
      },
    );
    r.get(
      '/api/leave/policies',
      {
        config: { permission: 'leave_policies.view' },
        schema: { tags, response: { 200: LeavePolicyListResponseSchema } },
      },
      async (req) => ok(await svc.listPolicies(actorOf(req))),
    );
    r.post(
      '/api/leave/policies',
      {
        config: { permission: 'leave_policies.add' },
        schema: { tags, body: LeavePolicyInputSchema, response: { 201: LeavePolicyResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return {
          status: 201,
          message: 'Leave policy added',
          data: await svc.savePolicy(actorOf(req), null, req.body),
        };
      },
    );
    r.put(
      '/api/leave/policies/:id',
      {
        config: { permission: 'leave_policies.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: LeavePolicyInputSchema,
          response: { 200: LeavePolicyResponseSchema },
        },
      },
      async (req) => ok(await svc.savePolicy(actorOf(req), req.params.id, req.body), 'Leave policy updated'),
    );
    r.delete(
      '/api/leave/policies/:id',
      {
        config: { permission: 'leave_policies.delete' },
        schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await svc.removePolicy(actorOf(req), req.params.id);
        return ok(null, 'Leave policy deleted');
      },
    );
    r.get(
      '/api/leave/master-policies',
      {
        config: { permission: 'leave_policies.view' },
        schema: { tags, response: { 200: MasterLeaveListSchema } },
      },
      async (req) => ok(await svc.masterPolicies(actorOf(req))),
    );
    r.put(
      '/api/leave/master-policies/:id',
      {
        config: { permission: 'master_policies.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: MasterLeaveInputSchema,
          response: { 200: MasterLeaveResponseSchema },
        },
      },
      async (req) =>
        ok(await svc.attach(actorOf(req), req.params.id, req.body.leave_policy_id), 'Leave policy attached'),
    );
    r.post(
      '/api/leave/accrual/run',
      {
        config: { permission: 'leave_policies.edit' },
        schema: { tags, body: AccrualRunInputSchema, response: { 200: AccrualRunResponseSchema } },
      },
      async (req) => ok(await svc.runAccrual(actorOf(req).companyId, req.body.as_of), 'Accrual run'),
    );
  }

  // ---- Self-service ----
  {
    const tags = ['leave'];
    r.get(
      '/api/employee/base-leave-configuration',
      {
        config: { permission: 'employee_leaves.view' },
        schema: { tags, response: { 200: LeaveConfigurationResponseSchema } },
      },
      async (req) => ok(await svc.configuration(actorOf(req))),
    );
    r.get(
      '/api/employee/leave-request',
      {
        config: { permission: 'employee_leaves.view' },
        schema: { tags, querystring: MyLeaveQuerySchema, response: { 200: LeaveRequestPageSchema } },
      },
      async (req) => {
        const q = req.query;
        const { rows, total } = await svc.mine(actorOf(req), q);
        return { ...ok(rows), meta: { totalCount: total, page: q.page, records: q.records } };
      },
    );
    r.post(
      '/api/leave/preview',
      {
        config: { permission: 'employee_leaves.view' },
        schema: {
          tags,
          body: LeaveRequestInputSchema,
          querystring: LeavePreviewQuerySchema,
          response: { 200: LeavePreviewResponseSchema },
        },
      },
      async (req) => ok(await svc.preview(actorOf(req), req.body, req.query.except_id ?? null)),
    );
    r.post(
      '/api/leave',
      {
        config: { permission: 'employee_leaves.edit' },
        schema: { tags, body: LeaveRequestInputSchema, response: { 201: LeaveRequestResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return { status: 201, message: 'Leave requested', data: await svc.apply(actorOf(req), req.body) };
      },
    );
    r.get(
      '/api/leave/leave-record/:id',
      {
        config: { permission: ['employee_leaves.view', 'leave_requests.view'] },
        schema: { tags, params: IdParamSchema, response: { 200: LeaveRequestResponseSchema } },
      },
      async (req) => ok(await svc.get(actorOf(req), req.params.id)),
    );
    // The request's document: the service decides who may read it, the files module serves it.
    r.get(
      '/api/leave/leave-record/:id/document',
      {
        config: { permission: ['employee_leaves.view', 'leave_requests.view'] },
        schema: { tags, params: IdParamSchema },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        const documentId = await svc.documentOf(actor, req.params.id);
        const doc = await deps.files.openChecked(actor.companyId, documentId);
        return sendFile(reply, doc.data, doc.contentType, attachment(doc.fileName));
      },
    );
    r.put(
      '/api/leave/leave-record/:id',
      {
        config: { permission: 'employee_leaves.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: LeaveRequestInputSchema,
          response: { 200: LeaveRequestResponseSchema },
        },
      },
      async (req) => ok(await svc.update(actorOf(req), req.params.id, req.body), 'Leave request updated'),
    );
    r.delete(
      '/api/leave/leave-record/:id',
      {
        config: { permission: ['employee_leaves.edit', 'leave_requests.edit'] },
        schema: { tags, params: IdParamSchema, response: { 200: LeaveRequestResponseSchema } },
      },
      async (req) => {
        const { item, note } = await svc.remove(actorOf(req), req.params.id);
        const message =
          item.status === 'cancelled' ? 'Leave cancelled and credited back' : 'Leave request withdrawn';
        return ok(item, note ? `${message}. ${note}` : message);
      },
    );
    r.get(
      '/api/leave/mobile/leave-balance',
      {
        config: { permission: 'employee_leaves.view' },
        schema: { tags, response: { 200: LeaveBalanceListResponseSchema } },
      },
      async (req) => ok(await svc.balances(actorOf(req), null)),
    );
    r.get(
      '/api/leave/leave-balance/:id',
      {
        config: { permission: ['employee_leaves.view', 'leave_requests.view', 'employee_list.view'] },
        schema: { tags, params: IdParamSchema, response: { 200: LeaveBalanceListResponseSchema } },
      },
      async (req) => ok(await svc.balances(actorOf(req), req.params.id)),
    );
    r.get(
      '/api/leave/leave-balance/:id/entries',
      {
        config: { permission: ['employee_leaves.view', 'leave_requests.view', 'employee_list.view'] },
        schema: {
          tags,
          params: IdParamSchema,
          querystring: LeaveExplainerQuerySchema,
          response: { 200: LeaveExplainerResponseSchema },
        },
      },
      async (req) =>
        ok(await svc.explain(actorOf(req), req.params.id, req.query.leave_type_id, req.query.as_of)),
    );
    r.get(
      '/api/leave/holidays',
      {
        config: { permission: 'employee_leaves.view' },
        schema: { tags, querystring: LeaveYearQuerySchema, response: { 200: HolidayListResponseSchema } },
      },
      async (req) => ok(await svc.holidays(actorOf(req), req.query.month ?? null, req.query.year)),
    );
    r.get(
      '/api/leave/requested-status',
      {
        config: { permission: 'employee_leaves.view' },
        schema: { tags, response: { 200: LeaveStatusCountsResponseSchema } },
      },
      async (req) => ok(await svc.statusCounts(actorOf(req))),
    );
    r.get(
      '/api/leave/calendar',
      {
        config: { permission: 'employee_leaves.view' },
        schema: {
          tags,
          querystring: LeaveCalendarQuerySchema,
          response: { 200: LeaveCalendarResponseSchema },
        },
      },
      async (req) => {
        const q = req.query;
        const scope =
          q.scope === 'team' && actorOf(req).permissions.includes('leave_requests.view') ? 'team' : 'mine';
        return ok(await svc.calendar(actorOf(req), q.month, q.year, scope));
      },
    );
    r.put(
      '/api/employee/:id/leave-balance',
      {
        config: { permission: 'employee_list.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: LeaveBalanceAdjustSchema,
          response: { 200: AdjustResultSchema },
        },
      },
      async (req) => ok(await svc.adjust(actorOf(req), req.params.id, req.body), 'Leave balance updated'),
    );
  }

  // ---- Team and admin queues ----
  queueRoutes(app, {
    tags: ['leave requests'],
    paths: { team: '/api/requests/leaves', admin: '/api/admin/requests/leave' },
    permissions: { view: 'leave_requests.view', edit: 'leave_requests.edit' },
    schemas: { query: LeaveQueueQuerySchema, page: LeaveRequestPageSchema, item: LeaveRequestResponseSchema },
    messages: { approved: 'Leave approved', rejected: 'Leave rejected' },
    list: (actor, q, mode) => svc.queue(actor, q, mode),
    context: {
      schema: LeaveDecisionContextResponseSchema,
      get: (actor, id, mode) => svc.decisionContext(actor, id, mode),
    },
    decide: (actor, id, decision, comment, mode) => svc.decide(actor, id, decision, comment, mode),
  });
}
