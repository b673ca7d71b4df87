import multipart from '@fastify/multipart';
import {
  DropdownQuerySchema,
  EducationInputSchema,
  EducationSchema,
  EducationUpdateSchema,
  EmployeeCreateSchema,
  EmployeeDeleteResultSchema,
  EmployeeDropdownResponseSchema,
  EmployeeIdParamSchema,
  EmployeeListResponseSchema,
  EmployeeProfileResponseSchema,
  EmployeeRecordsListQuerySchema,
  EmployeeResponseSchema,
  EmployeeStatisticsResponseSchema,
  EmployeeStatusUpdateSchema,
  EmployeeUpdateSchema,
  ErrorEnvelopeSchema,
  ExperienceInputSchema,
  ExperienceSchema,
  ExperienceUpdateSchema,
  envelope,
  FamilyInputSchema,
  FamilySchema,
  FamilyUpdateSchema,
  IdParamSchema,
  MessageSchema,
  ProfileQuerySchema,
  SelfProfileUpdateSchema,
  UploadQuerySchema,
  UploadResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { uploadedFile } from '../../lib/sheet-import';
import { actorOf } from '../../plugins/auth';
import type { EmployeesService } from './employees.service';
import type { ChildKind } from './records.repo';
import { buildTemplate, MAX_UPLOAD_BYTES, type UploadOutcome, XLSX_TYPE } from './upload';

type Uploader = (
  actor: ReturnType<typeof actorOf>,
  file: { name: string; data: Buffer },
  mode: 'all_or_nothing' | 'valid_only',
) => Promise<UploadOutcome>;

/** 400 of the upload: the error envelope with every bad row's number, field and reason. */
const UploadErrorResponseSchema = ErrorEnvelopeSchema.extend({
  errors: z
    .array(
      z.object({
        row: z.number().int().optional(),
        field: z.string().optional(),
        path: z.string(),
        message: z.string(),
      }),
    )
    .optional(),
});

const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });

/** Who may read an employee's record: admins (company), managers (team), anyone (self). */
const READ = ['employee_profile.view', 'employee_list.view', 'manager_dashboard.view'];
/** Who may change experience/education/family: self-service or admins (checked per record). */
const CHILD_WRITE = ['employee_profile.edit', 'employee_list.edit'];

export function employeesRoutes(
  app: FastifyInstance,
  deps: { employees: EmployeesService; upload?: Uploader; db?: Db },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['employees'];
  const { employees } = deps;

  r.get(
    '/api/employee',
    {
      config: { permission: ['employee_list.view', 'manager_dashboard.view'] },
      schema: {
        tags,
        querystring: EmployeeRecordsListQuerySchema,
        response: { 200: EmployeeListResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await employees.list(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );

  r.get(
    '/api/employee/dropdown',
    {
      config: { permission: READ },
      schema: { tags, querystring: DropdownQuerySchema, response: { 200: EmployeeDropdownResponseSchema } },
    },
    async (request) => ok(await employees.dropdown(actorOf(request), request.query.q, request.query.records)),
  );

  r.get(
    '/api/employee/:id',
    {
      config: { permission: 'employee_profile.view' },
      schema: { tags, params: IdParamSchema, response: { 200: EmployeeResponseSchema } },
    },
    async (request) => ok(await employees.get(actorOf(request), request.params.id)),
  );

  r.get(
    '/api/employee/:id/profile',
    {
      config: { permission: READ },
      schema: {
        tags,
        params: IdParamSchema,
        querystring: ProfileQuerySchema,
        response: { 200: EmployeeProfileResponseSchema },
      },
    },
    async (request) =>
      ok(await employees.profile(actorOf(request), request.params.id, request.query.reveal === 'true')),
  );

  r.get(
    '/api/employee/statistics/:id',
    {
      config: { permission: READ },
      schema: { tags, params: IdParamSchema, response: { 200: EmployeeStatisticsResponseSchema } },
    },
    async (request) => ok(await employees.statistics(actorOf(request), request.params.id)),
  );

  r.post(
    '/api/employee',
    {
      config: { permission: 'employee_list.add' },
      schema: {
        tags,
        body: EmployeeCreateSchema,
        response: {
          201: envelope(EmployeeProfileResponseSchema.shape.data.extend({ invited: z.boolean() })),
        },
      },
    },
    async (request, reply) => {
      const data = await employees.create(actorOf(request), request.body);
      reply.code(201);
      return { status: 201, message: 'Employee created', data };
    },
  );

  r.put(
    '/api/employee/profile',
    {
      config: { permission: 'employee_profile.edit' },
      schema: { tags, body: SelfProfileUpdateSchema, response: { 200: EmployeeProfileResponseSchema } },
    },
    async (request) => {
      const b = request.body as Record<string, unknown>;
      return ok(
        await employees.updateOwnProfile(actorOf(request), {
          phone: b.phone as string | null | undefined,
          personal_email: b.personal_email as string | null | undefined,
          blood_group: b.blood_group as never,
          marital_status: b.marital_status as never,
          addresses: b.addresses as never,
        }),
        'Profile updated',
      );
    },
  );

  r.put(
    '/api/employee/:id',
    {
      config: { permission: 'employee_list.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: EmployeeUpdateSchema,
        response: { 200: EmployeeProfileResponseSchema },
      },
    },
    async (request) =>
      ok(await employees.update(actorOf(request), request.params.id, request.body), 'Employee updated'),
  );

  r.delete(
    '/api/employee/:id',
    {
      config: { permission: 'employee_list.delete' },
      schema: { tags, params: IdParamSchema, response: { 200: EmployeeDeleteResultSchema } },
    },
    async (request) => {
      const data = await employees.remove(actorOf(request), request.params.id);
      return ok(
        data,
        data.outcome === 'deleted'
          ? 'Employee deleted'
          : 'Employee has history: deactivated instead of deleted',
      );
    },
  );

  r.patch(
    '/api/employee/:id/status',
    {
      config: { permission: 'employee_list.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: EmployeeStatusUpdateSchema,
        response: { 200: EmployeeProfileResponseSchema },
      },
    },
    async (request) =>
      ok(await employees.setStatus(actorOf(request), request.params.id, request.body), 'Status updated'),
  );

  // Experience, education, family: the same five calls each.
  const children: { kind: ChildKind; input: z.ZodType; update: z.ZodType; item: z.ZodType }[] = [
    {
      kind: 'experience',
      input: ExperienceInputSchema,
      update: ExperienceUpdateSchema,
      item: ExperienceSchema,
    },
    { kind: 'education', input: EducationInputSchema, update: EducationUpdateSchema, item: EducationSchema },
    { kind: 'family', input: FamilyInputSchema, update: FamilyUpdateSchema, item: FamilySchema },
  ];
  for (const c of children) {
    r.get(
      `/api/employee/${c.kind}/:employeeId`,
      {
        config: { permission: READ },
        schema: { tags, params: EmployeeIdParamSchema, response: { 200: envelope(z.array(c.item)) } },
      },
      async (request) =>
        ok(await employees.listChildren(actorOf(request), c.kind, request.params.employeeId)),
    );
    r.post(
      `/api/employee/${c.kind}`,
      {
        config: { permission: CHILD_WRITE },
        schema: { tags, body: c.input, response: { 201: envelope(c.item) } },
      },
      async (request, reply) => {
        const data = await employees.addChild(
          actorOf(request),
          c.kind,
          request.body as { employee_id: string } & Record<string, unknown>,
        );
        reply.code(201);
        return { status: 201, message: 'Added', data };
      },
    );
    r.put(
      `/api/employee/${c.kind}/:id`,
      {
        config: { permission: CHILD_WRITE },
        schema: { tags, params: IdParamSchema, body: c.update, response: { 200: envelope(c.item) } },
      },
      async (request) =>
        ok(
          await employees.updateChild(
            actorOf(request),
            c.kind,
            request.params.id,
            request.body as Record<string, unknown>,
          ),
          'Updated',
        ),
    );
    r.delete(
      `/api/employee/${c.kind}/:id`,
      {
        config: { permission: CHILD_WRITE },
        schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
      },
      async (request) => {
        await employees.removeChild(actorOf(request), c.kind, request.params.id);
        return ok(null, 'Removed');
      },
    );
  }

  // Bulk upload: the template and the upload (multipart only in this scope, 5 MiB, one file).
  const { upload, db } = deps;
  if (!upload || !db) return;
  r.get(
    '/api/templates/employee-bulk-upload',
    { config: { permission: 'employee_list.add' }, schema: { tags } },
    async (request, reply) => {
      const buf = await buildTemplate(db, actorOf(request));
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="employee-bulk-upload.xlsx"')
        .send(buf);
    },
  );
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/employee/upload',
      {
        config: { permission: 'employee_list.add' },
        schema: {
          tags,
          querystring: UploadQuerySchema,
          response: { 200: UploadResponseSchema, 400: UploadErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const file = await uploadedFile(request, { what: 'spreadsheet', maxBytes: MAX_UPLOAD_BYTES });
        const result = await upload(actor, file, request.query.mode);
        if (!result.stored) {
          const n = new Set(result.errors.map((e) => e.row)).size;
          return reply.code(400).send({
            status: 400,
            message: `${n} row${n === 1 ? '' : 's'} with errors: nothing was imported`,
            data: null,
            code: 'VALIDATION',
            requestId: request.id,
            errors: result.errors.map((e) => ({ ...e, path: `row ${e.row}.${e.field}` })),
          });
        }
        const { stored: _s, ...data200 } = result;
        return ok(data200, `Imported ${result.created}, skipped ${result.skipped}`);
      },
    );
  });
}
