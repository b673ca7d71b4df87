import type { Readable } from 'node:stream';
import {
  HeadcountExportQuerySchema,
  HeadcountQuerySchema,
  HeadcountReportResponseSchema,
  JoinersLeaversExportQuerySchema,
  JoinersLeaversQuerySchema,
  JoinersLeaversResponseSchema,
  LeaveBalancesExportQuerySchema,
  LeaveBalancesQuerySchema,
  LeaveBalancesReportResponseSchema,
  PayrollRegisterExportQuerySchema,
  PayrollRegisterQuerySchema,
  PayrollRegisterResponseSchema,
  PayrollStatutoryQuerySchema,
  PayrollStatutoryResponseSchema,
  ReimbursementsExportQuerySchema,
  ReimbursementsQuerySchema,
  ReimbursementsReportResponseSchema,
  ReportCatalogResponseSchema,
} from '@hr/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTENT_TYPES, exportFileName, exportStream } from '../../lib/export';
import { actorOf } from '../../plugins/auth';
import { registerExportColumns, totalsAsRow } from './payroll-register';
import {
  HEADCOUNT_COLUMNS,
  JOINER_LEAVER_COLUMNS,
  LEAVE_BALANCE_COLUMNS,
  REIMBURSEMENT_COLUMNS,
  type ReportsService,
} from './reports.service';

const PERMISSION = 'admin_reports.view';

function sendFile(reply: FastifyReply, format: 'csv' | 'xlsx', name: string, body: Readable) {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = deps;
  const tags = ['reports'];

  r.get(
    '/api/reports',
    { config: { permission: PERMISSION }, schema: { tags, response: { 200: ReportCatalogResponseSchema } } },
    async () => ({ status: 200, message: 'ok', data: reports.catalog() }),
  );

  r.get(
    '/api/reports/headcount',
    {
      config: { permission: PERMISSION },
      schema: { tags, querystring: HeadcountQuerySchema, response: { 200: HeadcountReportResponseSchema } },
    },
    async (req) => ({ status: 200, message: 'ok', data: await reports.headcount(actorOf(req), req.query) }),
  );

  r.get(
    '/api/reports/headcount/export',
    { config: { permission: PERMISSION }, schema: { tags, querystring: HeadcountExportQuerySchema } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { format, ...q } = req.query;
      const report = await reports.headcount(actor, q);
      const rows = (async function* () {
        yield* report.months;
      })();
      const name = exportFileName('headcount', await reports.today(actor), format);
      return sendFile(reply, format, name, await exportStream(format, HEADCOUNT_COLUMNS, rows, 'Headcount'));
    },
  );

  r.get(
    '/api/reports/joiners-leavers',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        querystring: JoinersLeaversQuerySchema,
        response: { 200: JoinersLeaversResponseSchema },
      },
    },
    async (req) => {
      const { rows, total } = await reports.joinersLeavers(actorOf(req), req.query);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: req.query.page, records: req.query.records },
      };
    },
  );

  r.get(
    '/api/reports/joiners-leavers/export',
    { config: { permission: PERMISSION }, schema: { tags, querystring: JoinersLeaversExportQuerySchema } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { format, ...q } = req.query;
      const name = exportFileName('joiners-leavers', await reports.today(actor), format);
      const rows = reports.joinersLeaversRows(actor, q);
      return sendFile(
        reply,
        format,
        name,
        await exportStream(format, JOINER_LEAVER_COLUMNS, rows, 'Joiners and leavers'),
      );
    },
  );

  r.get(
    '/api/reports/reimbursements',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        querystring: ReimbursementsQuerySchema,
        response: { 200: ReimbursementsReportResponseSchema },
      },
    },
    async (req) => ({
      status: 200,
      message: 'ok',
      data: await reports.reimbursements(actorOf(req), req.query),
    }),
  );

  r.get(
    '/api/reports/reimbursements/export',
    { config: { permission: PERMISSION }, schema: { tags, querystring: ReimbursementsExportQuerySchema } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { format, ...q } = req.query;
      const name = exportFileName('reimbursements', await reports.today(actor), format);
      const rows = reports.reimbursementRows(actor, q);
      return sendFile(
        reply,
        format,
        name,
        await exportStream(format, REIMBURSEMENT_COLUMNS, rows, 'Reimbursements'),
      );
    },
  );

  r.get(
    '/api/reports/leave-balances',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        querystring: LeaveBalancesQuerySchema,
        response: { 200: LeaveBalancesReportResponseSchema },
      },
    },
    async (req) => ({
      status: 200,
      message: 'ok',
      data: await reports.leaveBalances(actorOf(req), req.query),
    }),
  );

  r.get(
    '/api/reports/leave-balances/export',
    { config: { permission: PERMISSION }, schema: { tags, querystring: LeaveBalancesExportQuerySchema } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { format, ...q } = req.query;
      const name = exportFileName('leave-balances', await reports.today(actor), format);
      const rows = reports.leaveBalanceRows(actor, q);
      return sendFile(
        reply,
        format,
        name,
        await exportStream(format, LEAVE_BALANCE_COLUMNS, rows, 'Leave balances'),
      );
    },
  );

  r.get(
    '/api/reports/payroll-register',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        querystring: PayrollRegisterQuerySchema,
        response: { 200: PayrollRegisterResponseSchema },
      },
    },
    async (req) => {
      const { register, total } = await reports.payrollRegister(actorOf(req), req.query);
      return {
        status: 200,
        message: 'ok',
        data: register,
        meta: { totalCount: total, page: req.query.page, records: req.query.records },
      };
    },
  );

  r.get(
    '/api/reports/payroll-register/export',
    { config: { permission: PERMISSION }, schema: { tags, querystring: PayrollRegisterExportQuerySchema } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { format, ...q } = req.query;
      const name = exportFileName('payroll-register', await reports.today(actor), format);
      // Columns are the line codes paid in the filter, so they are known before the first row.
      const head = await reports.payrollRegisterHead(actor, q);
      const body = reports.payrollRegisterRows(actor, q);
      const rows = (async function* () {
        yield* body;
        if (head.totals.payslips > 0) yield totalsAsRow(head.totals);
      })();
      return sendFile(
        reply,
        format,
        name,
        await exportStream(format, registerExportColumns(head.columns), rows, 'Payroll register'),
      );
    },
  );

  r.get(
    '/api/reports/payroll-statutory',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        querystring: PayrollStatutoryQuerySchema,
        response: { 200: PayrollStatutoryResponseSchema },
      },
    },
    async (req) => ({
      status: 200,
      message: 'ok',
      data: await reports.payrollStatutory(actorOf(req), req.query),
    }),
  );
}
