import {
  AttendanceExportQuerySchema,
  AttendanceLogsQuerySchema,
  AttendanceLogsResponseSchema,
  AttendanceMonthResponseSchema,
  AttendanceSummaryResponseSchema,
  IdParamSchema,
  MessageSchema,
  MonthQuerySchema,
  MusterExportQuerySchema,
  MusterQuerySchema,
  MusterResponseSchema,
  PunchDataResponseSchema,
  PunchImportInputSchema,
  PunchImportResponseSchema,
  PunchInputSchema,
  PunchUploadErrorResponseSchema,
  PunchUploadResponseSchema,
  RegularisationInputSchema,
  RegularisationListQuerySchema,
  RegularisationPageSchema,
  RegularisationQueueQuerySchema,
  RegularisationReasonsResponseSchema,
  RegularisationResponseSchema,
  TeamTodayResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { DecisionReply, type QueueMode, queueRoutes } from '../../lib/queue-routes';
import { type Actor, actorOf } from '../../plugins/auth';
import { readMultipart, registerMultipart } from '../../plugins/multipart';
import type { AttendanceService } from './attendance.service';
import { CSV_TYPE, exportName, monthSheet, musterSheet, toCsv, toXlsx, XLSX_TYPE } from './export';
import { MAX_PUNCH_FILE_BYTES } from './punch-file';
import type { RegularisationService } from './regularisation.service';

/** The admin queue lists every request of the company: company-wide access only. */
function companyWide(actor: Actor) {
  if (actor.scope !== 'company') throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  return actor;
}

export function attendanceRoutes(
  app: FastifyInstance,
  deps: { attendance: AttendanceService; regularisation: RegularisationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attendance'];
  const { attendance: svc, regularisation: reg } = deps;

  r.put(
    '/api/attendance',
    {
      config: { permission: 'employee_attendance.edit' },
      schema: { tags, body: PunchInputSchema.optional(), response: { 200: PunchDataResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'Punch recorded',
      data: await svc.punch(actorOf(request), request.body ?? {}),
    }),
  );

  r.get(
    '/api/employee/punch-data',
    {
      config: { permission: 'employee_attendance.view' },
      schema: { tags, response: { 200: PunchDataResponseSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await svc.punchData(actorOf(request)) }),
  );

  r.post(
    '/api/attendance/punches/import',
    {
      config: { permission: 'attendance_policies.edit' },
      schema: { tags, body: PunchImportInputSchema, response: { 200: PunchImportResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'Punches imported',
      data: await svc.importPunches(actorOf(request), request.body),
    }),
  );

  // A file of punches: multipart in its own scope (5 MiB, one file), the same ingest as above.
  app.register(async (scope) => {
    await registerMultipart(scope, { fileSize: MAX_PUNCH_FILE_BYTES, fields: 2 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/attendance/punches/upload',
      {
        config: { permission: 'attendance_policies.edit' },
        schema: {
          tags,
          response: { 200: PunchUploadResponseSchema, 400: PunchUploadErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const { file } = await readMultipart(request, {
          maxBytes: MAX_PUNCH_FILE_BYTES,
          maxFields: 2,
          noun: 'the punch file',
        });
        const result = await svc.uploadPunches(actorOf(request), file);
        if (!result.stored) {
          const n = new Set(result.errors.map((e) => e.row)).size;
          return reply.code(400).send({
            status: 400,
            message: `${n} row${n === 1 ? '' : 's'} with errors: no punches were stored`,
            data: null,
            code: 'VALIDATION',
            requestId: request.id,
            errors: result.errors.map((e) => ({ ...e, path: `row ${e.row}.${e.field}` })),
          });
        }
        const { stored: _s, ...data200 } = result;
        return {
          status: 200,
          message: `${data200.added} punch${data200.added === 1 ? '' : 'es'} added, ${data200.duplicates} already recorded`,
          data: data200,
        };
      },
    );
  });

  r.get(
    '/api/attendance/logs',
    {
      config: { permission: 'employee_attendance.view' },
      schema: {
        tags,
        querystring: AttendanceLogsQuerySchema,
        response: { 200: AttendanceLogsResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await svc.logs(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );

  r.get(
    '/api/attendance/month',
    {
      config: { permission: 'employee_attendance.view' },
      schema: { tags, querystring: MonthQuerySchema, response: { 200: AttendanceMonthResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await svc.month(actorOf(request), request.query),
    }),
  );

  r.get(
    '/api/dashboard/attendance-summary',
    {
      config: { permission: 'employee_attendance.view' },
      schema: { tags, querystring: MonthQuerySchema, response: { 200: AttendanceSummaryResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await svc.summary(actorOf(request), request.query),
    }),
  );

  r.get(
    '/api/attendance/export',
    {
      config: { permission: 'employee_attendance.view' },
      schema: { tags, querystring: AttendanceExportQuerySchema },
    },
    async (request, reply) => {
      const q = request.query;
      const { days, tz } = await svc.monthRows(actorOf(request), q);
      const rows = monthSheet(days, tz);
      const name = exportName('attendance', q.year, q.month, q.format);
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (q.format === 'csv') return reply.header('content-type', CSV_TYPE).send(toCsv(rows));
      return reply.header('content-type', XLSX_TYPE).send(await toXlsx('Attendance', rows));
    },
  );

  r.get(
    '/api/attendance/team/today',
    {
      config: { permission: 'manager_dashboard.view' },
      schema: { tags, response: { 200: TeamTodayResponseSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await svc.teamToday(actorOf(request)) }),
  );

  r.get(
    '/api/attendance/muster',
    {
      config: { permission: 'admin_reports.view' },
      schema: { tags, querystring: MusterQuerySchema, response: { 200: MusterResponseSchema } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await svc.muster(companyWide(actorOf(request)), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );

  r.get(
    '/api/attendance/muster/export',
    { config: { permission: 'admin_reports.view' }, schema: { tags, querystring: MusterExportQuerySchema } },
    async (request, reply) => {
      const q = request.query;
      const { rows, dates } = await svc.muster(companyWide(actorOf(request)), {
        ...q,
        sortBy: 'employee_code',
        sortOrder: 'asc',
      });
      const sheet = musterSheet(dates, rows);
      const name = exportName('attendance-muster', q.year, q.month, q.format);
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (q.format === 'csv') return reply.header('content-type', CSV_TYPE).send(toCsv(sheet));
      return reply.header('content-type', XLSX_TYPE).send(await toXlsx('Muster', sheet));
    },
  );

  // ---- regularisation ----

  r.get(
    '/api/attendance/regularization/dropdown',
    {
      config: { permission: 'employee_attendance.view' },
      schema: { tags, response: { 200: RegularisationReasonsResponseSchema } },
    },
    async () => ({ status: 200, message: 'ok', data: reg.reasons() }),
  );

  const RECORD = '/api/attendance/regularization-record';
  r.get(
    RECORD,
    {
      config: { permission: 'employee_attendance.view' },
      schema: {
        tags,
        querystring: RegularisationListQuerySchema,
        response: { 200: RegularisationPageSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await reg.mine(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );
  r.post(
    RECORD,
    {
      config: { permission: 'employee_attendance.edit' },
      schema: { tags, body: RegularisationInputSchema, response: { 201: RegularisationResponseSchema } },
    },
    async (request, reply) => {
      const { item, note } = await reg.create(actorOf(request), request.body);
      reply.code(201);
      return {
        status: 201,
        message: note ? `Regularisation requested. ${note}` : 'Regularisation requested',
        data: item,
      };
    },
  );
  r.get(
    `${RECORD}/:id`,
    {
      config: { permission: 'employee_attendance.view' },
      schema: { tags, params: IdParamSchema, response: { 200: RegularisationResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await reg.getMine(actorOf(request), request.params.id),
    }),
  );
  r.put(
    `${RECORD}/:id`,
    {
      config: { permission: 'employee_attendance.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: RegularisationInputSchema,
        response: { 200: RegularisationResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Regularisation updated',
      data: await reg.update(actorOf(request), request.params.id, request.body),
    }),
  );
  r.delete(
    `${RECORD}/:id`,
    {
      config: { permission: 'employee_attendance.edit' },
      schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await reg.remove(actorOf(request), request.params.id);
      return { status: 200, message: 'Regularisation withdrawn', data: null };
    },
  );

  const who = (a: Actor, mode: QueueMode) => (mode === 'admin' ? companyWide(a) : a);
  queueRoutes(app, {
    tags,
    paths: { team: '/api/requests/regularization', admin: '/api/admin/requests/regularization' },
    permissions: { view: 'regularisation_requests.view', edit: 'regularisation_requests.edit' },
    schemas: {
      query: RegularisationQueueQuerySchema,
      page: RegularisationPageSchema,
      item: RegularisationResponseSchema,
    },
    messages: { approved: 'Request approved', rejected: 'Request rejected' },
    list: (actor, q, mode) => reg.queue(who(actor, mode), q, mode),
    get: (actor, id, mode) => reg.queueGet(who(actor, mode), id, mode),
    decide: async (actor, id, decision, comment, mode) => {
      const { item, note } = await reg.decide(who(actor, mode), id, decision, comment, mode);
      return note ? new DecisionReply(item, `Request approved. ${note}`) : item;
    },
  });
}
