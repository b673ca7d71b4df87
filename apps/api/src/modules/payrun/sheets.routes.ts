import {
  AttendanceSheetPreviewResponseSchema,
  MessageSchema,
  OnetimeSheetPreviewResponseSchema,
  OpeningYtdListQuerySchema,
  OpeningYtdListResponseSchema,
  OpeningYtdPreviewResponseSchema,
  OpeningYtdQuerySchema,
  OpeningYtdUploadResponseSchema,
  PayRunIdParamSchema,
  PayRunResponseSchema,
  PayRunSheetQuerySchema,
  SheetUploadBodySchema,
  SheetUploadErrorResponseSchema,
  TdsSheetPreviewResponseSchema,
} from '@hr/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { done, ok, paged } from '../../lib/reply';
import { uploadedFile, XLSX_TYPE } from '../../lib/sheet-import';
import { actorOf } from '../../plugins/auth';
import { registerMultipart } from '../../plugins/multipart';
import type { RunSheetName, SheetInput, SheetsService } from './sheets/service';

/** Spec section 2: payroll routes need admin_dashboard.view; changes need admin_dashboard.edit. */
const VIEW = 'admin_dashboard.view';
const EDIT = 'admin_dashboard.edit';
const tags = ['payrun'];
/** A sheet of every employee of a large company (100,000 rows) stays under this. */
const MAX_SHEET_BYTES = 10 * 1024 * 1024;

/**
 * What a preview or an upload sends: the file (multipart, field "file"), or, after a preview, the
 * stored preview's id as JSON `{ "import_id": ... }` so the file need not travel twice.
 */
async function sheetInput(request: FastifyRequest): Promise<SheetInput> {
  if (request.isMultipart())
    return { file: await uploadedFile(request, { what: 'sheet', maxBytes: MAX_SHEET_BYTES }) };
  if (request.body === undefined || request.body === null) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the sheet as multipart/form-data in the field "file", or a preview’s id as JSON { "import_id": ... }',
    );
  }
  const parsed = SheetUploadBodySchema.safeParse(request.body);
  if (!parsed.success) {
    throw new AppError('VALIDATION', 'Name the preview to upload: { "import_id": ... }', {
      errors: parsed.error.issues.map((i) => ({
        path: i.path.join('.') || 'import_id',
        message:
          i.code === 'unrecognized_keys' ? 'Unknown field' : 'Give the import_id of a preview of this sheet',
      })),
    });
  }
  return { importId: parsed.data.import_id };
}

const xlsx = (reply: FastifyReply, t: { body: Buffer; fileName: string }) =>
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${t.fileName}"`)
    .send(t.body);

/** The spec's paths of each run sheet (section 7 "Pay run"). */
const RUN_SHEET_PATHS: Record<
  RunSheetName,
  { template: string; upload: string; remove: string; what: string }
> = {
  attendance: {
    template: 'attendance-sheet',
    upload: 'upload-attendance',
    remove: 'remove-attendance-sheet',
    what: 'Attendance sheet',
  },
  onetime: {
    template: 'onetime-payout-sheet',
    upload: 'upload-onetimepayout',
    remove: 'remove-onetimepayout',
    what: 'One-time payout sheet',
  },
  tds: {
    template: 'tds-sheet',
    upload: 'upload-tds',
    remove: 'remove-tds',
    what: 'TDS sheet',
  },
};

const PREVIEW_RESPONSE = {
  attendance: AttendanceSheetPreviewResponseSchema,
  onetime: OnetimeSheetPreviewResponseSchema,
  tds: TdsSheetPreviewResponseSchema,
} as const;

/**
 * The pay run's sheets (issue 22): attendance, one-time payouts and TDS of a run (template,
 * preview, upload, remove; attendance also confirm and remove), and the opening year-to-date of a
 * financial year. Registered from payrunRoutes; multipart only in this scope.
 */
export function sheetsRoutes(app: FastifyInstance, sheets: SheetsService) {
  const params = PayRunIdParamSchema;
  const query = PayRunSheetQuerySchema;

  app.register(async (scope) => {
    await registerMultipart(scope, { fileSize: MAX_SHEET_BYTES, fields: 2 });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    for (const name of Object.keys(RUN_SHEET_PATHS) as RunSheetName[]) {
      const p = RUN_SHEET_PATHS[name];
      r.get(
        `/api/templates/${p.template}`,
        { config: { permission: VIEW }, schema: { tags, querystring: query } },
        async (req, reply) => xlsx(reply, await sheets.template(name, actorOf(req), req.query.payrun_id)),
      );
      r.post(
        `/api/payrun/${p.upload}/preview`,
        {
          config: { permission: VIEW },
          schema: {
            tags,
            querystring: query,
            response: { 200: PREVIEW_RESPONSE[name], 400: SheetUploadErrorResponseSchema },
          },
        },
        async (req) => {
          const preview = await sheets.preview(
            name,
            actorOf(req),
            req.query.payrun_id,
            await sheetInput(req),
          );
          const n = preview.errors.length;
          // Each sheet's rows have their own shape (the response schema of the route holds them to it).
          return ok(
            { ...preview, rows: preview.rows as never },
            n === 0
              ? `${preview.rows_total} rows, no errors`
              : `${preview.rows_total} rows, ${n} error${n === 1 ? '' : 's'}`,
          );
        },
      );
      r.post(
        `/api/payrun/${p.upload}/:id`,
        {
          config: { permission: EDIT },
          schema: {
            tags,
            params,
            response: { 200: PayRunResponseSchema, 400: SheetUploadErrorResponseSchema },
          },
        },
        async (req) => {
          const res = await sheets.upload(name, actorOf(req), req.params.id, await sheetInput(req));
          return ok(
            res.run,
            res.changed
              ? `${p.what} uploaded: ${res.rows} row${res.rows === 1 ? '' : 's'}`
              : `${p.what} already uploaded: nothing changed`,
          );
        },
      );
      r.delete(
        `/api/payrun/${p.remove}/:id`,
        { config: { permission: EDIT }, schema: { tags, params, response: { 200: PayRunResponseSchema } } },
        async (req) => ok(await sheets.remove(name, actorOf(req), req.params.id), `${p.what} removed`),
      );
    }

    r.post(
      '/api/payrun/confirm-attendance/:id',
      {
        config: { permission: EDIT },
        schema: {
          tags,
          params,
          response: { 200: PayRunResponseSchema, 400: SheetUploadErrorResponseSchema },
        },
      },
      async (req) => {
        const res = await sheets.confirmAttendance(actorOf(req), req.params.id);
        return ok(res.run, res.changed ? 'Attendance confirmed' : 'Attendance was already confirmed');
      },
    );
    r.put(
      '/api/payrun/remove-attendance/:id',
      { config: { permission: EDIT }, schema: { tags, params, response: { 200: PayRunResponseSchema } } },
      async (req) => ok(await sheets.removeAttendance(actorOf(req), req.params.id), 'Attendance removed'),
    );

    // Opening year-to-date (not in the spec): per financial year, for a company starting mid-year.
    const fyQuery = OpeningYtdQuerySchema;
    r.get(
      '/api/templates/opening-ytd-sheet',
      { config: { permission: VIEW }, schema: { tags, querystring: fyQuery } },
      async (req, reply) => xlsx(reply, await sheets.ytdTemplate(actorOf(req), req.query.financial_year)),
    );
    r.post(
      '/api/payrun/upload-opening-ytd/preview',
      {
        config: { permission: VIEW },
        schema: {
          tags,
          querystring: fyQuery,
          response: { 200: OpeningYtdPreviewResponseSchema, 400: SheetUploadErrorResponseSchema },
        },
      },
      async (req) =>
        ok(await sheets.ytdPreview(actorOf(req), req.query.financial_year, await sheetInput(req))),
    );
    r.post(
      '/api/payrun/upload-opening-ytd',
      {
        config: { permission: EDIT },
        schema: {
          tags,
          querystring: fyQuery,
          response: { 200: OpeningYtdUploadResponseSchema, 400: SheetUploadErrorResponseSchema },
        },
      },
      async (req) => {
        const res = await sheets.ytdUpload(actorOf(req), req.query.financial_year, await sheetInput(req));
        return ok(
          res,
          res.changed
            ? `Opening figures of ${res.financial_year} saved for ${res.employees} employee${res.employees === 1 ? '' : 's'}`
            : 'This sheet is already the year’s opening figures: nothing changed',
        );
      },
    );
    r.get(
      '/api/payrun/opening-ytd',
      {
        config: { permission: VIEW },
        schema: {
          tags,
          querystring: OpeningYtdListQuerySchema,
          response: { 200: OpeningYtdListResponseSchema },
        },
      },
      async (req) => paged(await sheets.ytdList(actorOf(req), req.query), req.query),
    );
    r.delete(
      '/api/payrun/opening-ytd',
      {
        config: { permission: EDIT },
        schema: { tags, querystring: fyQuery, response: { 200: MessageSchema } },
      },
      async (req) => {
        const n = await sheets.ytdRemove(actorOf(req), req.query.financial_year);
        return done(
          `Opening figures of ${req.query.financial_year} removed (${n} employee${n === 1 ? '' : 's'})`,
        );
      },
    );
  });
}
