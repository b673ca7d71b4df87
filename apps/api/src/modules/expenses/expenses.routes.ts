import {
  ExpenseCategoryInputSchema,
  ExpenseCategoryListSchema,
  ExpenseCategoryResponseSchema,
  ExpenseDecisionContextResponseSchema,
  ExpenseDropdownsSchema,
  ExpenseDuplicateCheckInputSchema,
  ExpenseDuplicateCheckResponseSchema,
  ExpenseIdQuerySchema,
  ExpenseListQuerySchema,
  ExpenseMonthWiseQuerySchema,
  ExpenseMonthWiseResponseSchema,
  ExpensePageSchema,
  ExpensePayoutInputSchema,
  ExpenseResponseSchema,
  ExpenseSaveSchema,
  ExpenseSummaryResponseSchema,
  IdParamSchema,
  MessageSchema,
  ReimbursementQueueQuerySchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queueRoutes } from '../../lib/queue-routes';
import { actorOf } from '../../plugins/auth';
import type { ExpensesService } from './expenses.service';

const IdempotencyHeaderSchema = z.object({
  'idempotency-key': z.string().trim().min(8).max(100).optional(),
});

/**
 * Self-service claims (spec section 7 "Expenses"), the team and admin reimbursement queues
 * (reimbursements_requests.*; the admin queue also needs company scope, checked in the service),
 * payouts and the categories an administrator configures.
 */
export function expensesRoutes(app: FastifyInstance, deps: { expenses: ExpensesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['expenses'];
  const svc = deps.expenses;

  r.get(
    '/api/expenses/dropdowns',
    {
      config: { permission: ['employee_expense.view', 'reimbursements_requests.view'] },
      schema: { tags, response: { 200: ExpenseDropdownsSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await svc.dropdowns(actorOf(request)) }),
  );

  r.get(
    '/api/expenses/getexpenseslists',
    {
      config: { permission: 'employee_expense.view' },
      schema: { tags, querystring: ExpenseListQuerySchema, response: { 200: ExpensePageSchema } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await svc.list(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );

  r.get(
    '/api/expenses/getexpensedetails',
    {
      config: { permission: 'employee_expense.view' },
      schema: { tags, querystring: ExpenseIdQuerySchema, response: { 200: ExpenseResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await svc.get(actorOf(request), request.query.expense_id),
    }),
  );

  r.post(
    '/api/expenses/addexpense',
    {
      config: { permission: 'employee_expense.edit' },
      schema: {
        tags,
        headers: IdempotencyHeaderSchema,
        body: ExpenseSaveSchema,
        response: { 200: ExpenseResponseSchema, 201: ExpenseResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'] ?? null;
      const { created, item } = await svc.add(actorOf(request), request.body, key);
      reply.code(created ? 201 : 200);
      return {
        status: created ? 201 : 200,
        message:
          item.status === 'draft' ? 'Draft saved' : created ? 'Expense added' : 'Expense already added',
        data: item,
      };
    },
  );

  // Asked by the claim form before it submits (add or edit): similar standing claims of the caller.
  r.post(
    '/api/expenses/duplicate-check',
    {
      config: { permission: 'employee_expense.edit' },
      schema: {
        tags,
        body: ExpenseDuplicateCheckInputSchema,
        response: { 200: ExpenseDuplicateCheckResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await svc.duplicateCheck(actorOf(request), request.body),
    }),
  );

  r.put(
    '/api/expenses/updateexpense',
    {
      config: { permission: 'employee_expense.edit' },
      schema: {
        tags,
        querystring: ExpenseIdQuerySchema,
        body: ExpenseSaveSchema,
        response: { 200: ExpenseResponseSchema },
      },
    },
    async (request) => {
      const data = await svc.update(actorOf(request), request.query.expense_id, request.body);
      return { status: 200, message: data.status === 'draft' ? 'Draft saved' : 'Expense updated', data };
    },
  );

  // Submits a draft of the caller's as it is saved (spec section 7 style: expense_id in the query).
  r.put(
    '/api/expenses/submit',
    {
      config: { permission: 'employee_expense.edit' },
      schema: { tags, querystring: ExpenseIdQuerySchema, response: { 200: ExpenseResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'Expense submitted',
      data: await svc.submit(actorOf(request), request.query.expense_id),
    }),
  );

  r.delete(
    '/api/expenses/removeexpense',
    {
      config: { permission: 'employee_expense.edit' },
      schema: { tags, querystring: ExpenseIdQuerySchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await svc.remove(actorOf(request), request.query.expense_id);
      return { status: 200, message: 'Expense removed', data: null };
    },
  );

  r.get(
    '/api/expenses/employee/summary',
    {
      config: { permission: 'employee_expense.view' },
      schema: { tags, response: { 200: ExpenseSummaryResponseSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await svc.summary(actorOf(request)) }),
  );

  r.get(
    '/api/expenses/employee/summary/month-wise',
    {
      config: { permission: 'employee_expense.view' },
      schema: {
        tags,
        querystring: ExpenseMonthWiseQuerySchema,
        response: { 200: ExpenseMonthWiseResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await svc.monthWise(actorOf(request), request.query.year),
    }),
  );

  r.get(
    '/api/expenses/categories',
    {
      config: { permission: ['reimbursements_requests.view', 'admin_dashboard.view'] },
      schema: { tags, response: { 200: ExpenseCategoryListSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await svc.categories(actorOf(request)) }),
  );

  r.post(
    '/api/expenses/categories',
    {
      config: { permission: 'admin_dashboard.edit' },
      schema: { tags, body: ExpenseCategoryInputSchema, response: { 201: ExpenseCategoryResponseSchema } },
    },
    async (request, reply) => {
      const data = await svc.saveCategory(actorOf(request), null, request.body);
      reply.code(201);
      return { status: 201, message: 'Category added', data };
    },
  );

  r.put(
    '/api/expenses/categories/:id',
    {
      config: { permission: 'admin_dashboard.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: ExpenseCategoryInputSchema,
        response: { 200: ExpenseCategoryResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Category saved',
      data: await svc.saveCategory(actorOf(request), request.params.id, request.body),
    }),
  );

  queueRoutes(app, {
    tags,
    paths: { team: '/api/requests/reimbursements', admin: '/api/admin/requests/reimbursements' },
    permissions: { view: 'reimbursements_requests.view', edit: 'reimbursements_requests.edit' },
    schemas: { query: ReimbursementQueueQuerySchema, page: ExpensePageSchema, item: ExpenseResponseSchema },
    messages: { approved: 'Claim approved', rejected: 'Claim rejected' },
    list: (actor, q, mode) => (mode === 'team' ? svc.teamQueue(actor, q) : svc.adminQueue(actor, q)),
    get: (actor, id, mode) => svc.queueItem(actor, id, mode),
    context: {
      schema: ExpenseDecisionContextResponseSchema,
      get: (actor, id, mode) => svc.decisionContext(actor, id, mode),
    },
    decide: (actor, id, decision, comment, mode) => svc.decide(actor, id, decision, comment, mode),
  });

  r.put(
    '/api/admin/requests/reimbursements/:id/payout',
    {
      config: { permission: 'reimbursements_requests.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: ExpensePayoutInputSchema,
        response: { 200: ExpenseResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Payout recorded',
      data: await svc.pay(actorOf(request), request.params.id, request.body),
    }),
  );
}
