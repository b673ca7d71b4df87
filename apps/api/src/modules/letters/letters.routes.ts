import {
  AdminLetterListQuerySchema,
  IdParamSchema,
  LETTER_MAX_BYTES,
  LetterGenerateInputSchema,
  LetterGenerateResponseSchema,
  LetterListQuerySchema,
  LetterPageSchema,
  LetterPreviewInputSchema,
  LetterPreviewResponseSchema,
  LetterRejectInputSchema,
  LetterResponseSchema,
  LetterTemplateInputSchema,
  LetterTemplateListQuerySchema,
  LetterTemplatePageSchema,
  LetterTemplateResponseSchema,
  LetterUploadFieldsSchema,
  MessageSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../plugins/auth';
import { readMultipart, registerMultipart } from '../../plugins/multipart';
import type { LettersService } from './letters.service';
import type { LetterTemplatesService } from './templates.service';

const IdempotencyHeaderSchema = z.object({
  'idempotency-key': z.string().trim().min(8).max(100).optional(),
});

function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Letters (spec section 7 "Letters"): the employee's list, accept and reject, the file download,
 * and the admin utility (utility/letters, admin_dashboard.*) that issues them.
 */
export function lettersRoutes(
  app: FastifyInstance,
  deps: { letters: LettersService; templates: LetterTemplatesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['letters'];
  const svc = deps.letters;
  const tpl = deps.templates;

  r.get(
    '/api/admin/letter-templates',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: {
        tags,
        querystring: LetterTemplateListQuerySchema,
        response: { 200: LetterTemplatePageSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await tpl.list(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );

  r.post(
    '/api/admin/letter-templates',
    {
      config: { permission: 'admin_dashboard.edit' },
      schema: { tags, body: LetterTemplateInputSchema, response: { 201: LetterTemplateResponseSchema } },
    },
    async (request, reply) => {
      const data = await tpl.create(actorOf(request), request.body);
      reply.code(201);
      return { status: 201, message: 'Template saved', data };
    },
  );

  // Read-only, so under view: it renders text the caller sends for one employee.
  r.post(
    '/api/admin/letter-templates/preview',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: { tags, body: LetterPreviewInputSchema, response: { 200: LetterPreviewResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await tpl.preview(actorOf(request), request.body),
    }),
  );

  r.get(
    '/api/admin/letter-templates/:id',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: { tags, params: IdParamSchema, response: { 200: LetterTemplateResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'ok',
      data: await tpl.get(actorOf(request), request.params.id),
    }),
  );

  r.put(
    '/api/admin/letter-templates/:id',
    {
      config: { permission: 'admin_dashboard.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: LetterTemplateInputSchema,
        response: { 200: LetterTemplateResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Template saved',
      data: await tpl.update(actorOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/admin/letter-templates/:id',
    {
      config: { permission: 'admin_dashboard.edit' },
      schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await tpl.remove(actorOf(request), request.params.id);
      return { status: 200, message: 'Template deleted', data: null };
    },
  );

  r.post(
    '/api/admin/letters/generate',
    {
      config: { permission: 'admin_dashboard.edit' },
      schema: {
        tags,
        headers: IdempotencyHeaderSchema,
        body: LetterGenerateInputSchema,
        response: { 200: LetterGenerateResponseSchema, 201: LetterGenerateResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'] ?? null;
      const data = await tpl.generate(actorOf(request), request.body, key);
      const code = data.created > 0 ? 201 : 200;
      reply.code(code);
      return {
        status: code,
        message:
          data.created > 0 ? `${data.created} letters generated` : 'These letters were already generated',
        data,
      };
    },
  );

  r.get(
    '/api/employee/letters',
    {
      config: { permission: 'employee_profile.view' },
      schema: { tags, querystring: LetterListQuerySchema, response: { 200: LetterPageSchema } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await svc.mine(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );

  r.put(
    '/api/employee/letters/accept/:id',
    {
      config: { permission: 'employee_profile.edit' },
      schema: { tags, params: IdParamSchema, response: { 200: LetterResponseSchema } },
    },
    async (request) => ({
      status: 200,
      message: 'Letter accepted',
      data: await svc.accept(actorOf(request), request.params.id),
    }),
  );

  r.put(
    '/api/employee/letters/reject/:id',
    {
      config: { permission: 'employee_profile.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: LetterRejectInputSchema,
        response: { 200: LetterResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Letter rejected',
      data: await svc.reject(actorOf(request), request.params.id, request.body.reason),
    }),
  );

  r.get(
    '/api/employee/letters/:id/download',
    {
      config: { permission: ['employee_profile.view', 'admin_dashboard.view'] },
      schema: { tags, params: IdParamSchema },
    },
    async (request, reply) => {
      const file = await svc.download(actorOf(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.data.length))
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );

  r.get(
    '/api/admin/letters',
    {
      config: { permission: 'admin_dashboard.view' },
      schema: { tags, querystring: AdminLetterListQuerySchema, response: { 200: LetterPageSchema } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await svc.all(actorOf(request), q);
      return {
        status: 200,
        message: 'ok',
        data: rows,
        meta: { totalCount: total, page: q.page, records: q.records },
      };
    },
  );

  // Multipart only in this scope.
  app.register(async (scope) => {
    await registerMultipart(scope, { fileSize: LETTER_MAX_BYTES, fields: 8 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/letters',
      {
        config: { permission: 'admin_dashboard.edit' },
        schema: { tags, response: { 201: LetterResponseSchema } },
      },
      async (request, reply) => {
        const { file, fields } = await readMultipart(request, {
          maxBytes: LETTER_MAX_BYTES,
          maxFields: 8,
          noun: 'the letter',
        });
        const parsed = LetterUploadFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const errors = parsed.error.issues.map((i) => ({
            path: i.path.join('.') || String((i as { keys?: string[] }).keys?.[0] ?? 'body'),
            message: i.message,
          }));
          throw new AppError(
            'VALIDATION',
            `Validation failed: ${[...new Set(errors.map((e) => e.path))].join(', ')}`,
            {
              errors,
            },
          );
        }
        const data = await svc.issue(actorOf(request), parsed.data, file);
        reply.code(201);
        return { status: 201, message: 'Letter issued', data };
      },
    );
  });
}
