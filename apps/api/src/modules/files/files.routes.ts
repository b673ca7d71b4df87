import {
  DOCUMENT_MAX_BYTES,
  DocumentIdParamSchema,
  DocumentUploadFieldsSchema,
  EmployeeDocumentListResponseSchema,
  EmployeeDocumentResponseSchema,
  IdParamSchema,
  MessageSchema,
  PROFILE_IMAGE_MAX_BYTES,
  ProfilePhotoQuerySchema,
  ProfilePhotoResponseSchema,
} from '@hr/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../plugins/auth';
import { readMultipart, registerMultipart } from '../../plugins/multipart';
import type { FilesService } from './files.service';

/** Who may read an employee's photo and documents: as for the employee's record. */
const READ = ['employee_profile.view', 'employee_list.view', 'manager_dashboard.view'];
/** Self-service or admins; the service checks which one applies to the target. */
const WRITE = ['employee_profile.edit', 'employee_list.edit'];

const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });

export function sendFile(reply: FastifyReply, data: Buffer, type: string, disposition: string) {
  return reply
    .header('content-type', type)
    .header('content-length', String(data.length))
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(data);
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function filesRoutes(app: FastifyInstance, deps: { files: FilesService }) {
  const { files } = deps;
  const tags = ['files'];
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/employee/:id/photo',
    { config: { permission: READ }, schema: { tags, params: IdParamSchema } },
    async (request, reply) => {
      const { data, type } = await files.photo(actorOf(request), request.params.id);
      return sendFile(reply, data, type, 'inline');
    },
  );

  r.get(
    '/api/employee/:id/documents',
    {
      config: { permission: READ },
      schema: { tags, params: IdParamSchema, response: { 200: EmployeeDocumentListResponseSchema } },
    },
    async (request) => {
      const data = await files.listDocuments(actorOf(request), request.params.id);
      return { ...ok(data), meta: { totalCount: data.length, page: 1, records: data.length } };
    },
  );

  r.get(
    '/api/employee/document/:documentId/download',
    { config: { permission: READ }, schema: { tags, params: DocumentIdParamSchema } },
    async (request, reply) => {
      const doc = await files.download(actorOf(request), request.params.documentId);
      return sendFile(reply, doc.data, doc.contentType, attachment(doc.fileName));
    },
  );

  r.delete(
    '/api/employee/document/:documentId',
    {
      config: { permission: WRITE },
      schema: { tags, params: DocumentIdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await files.removeDocument(actorOf(request), request.params.documentId);
      return ok(null, 'Document deleted');
    },
  );

  // Multipart only in this scope (the employees module registers its own for the bulk upload).
  app.register(async (scope) => {
    await registerMultipart(scope, { fileSize: DOCUMENT_MAX_BYTES, fields: 5 });
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post(
      '/api/upload/image/profile',
      {
        config: { permission: WRITE },
        schema: { tags, querystring: ProfilePhotoQuerySchema, response: { 200: ProfilePhotoResponseSchema } },
      },
      async (request) => {
        const { file } = await readMultipart(request, {
          maxBytes: PROFILE_IMAGE_MAX_BYTES,
          maxFields: 5,
          noun: 'the file',
        });
        return ok(
          await files.setProfilePhoto(actorOf(request), request.query.employee_id, file),
          'Profile photo updated',
        );
      },
    );

    s.post(
      '/api/upload/file',
      {
        config: { permission: WRITE },
        schema: { tags, response: { 201: EmployeeDocumentResponseSchema } },
      },
      async (request, reply) => {
        const { file, fields } = await readMultipart(request, {
          maxBytes: DOCUMENT_MAX_BYTES,
          maxFields: 5,
          noun: 'the file',
        });
        const parsed = DocumentUploadFieldsSchema.safeParse(fields);
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
        const data = await files.addDocument(actorOf(request), parsed.data, file);
        reply.code(201);
        return { status: 201, message: 'Document uploaded', data };
      },
    );
  });
}
