import { type ErrorEnvelope, type FieldError, validationSummary } from '@hr/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { appErrorFromPg, pgErrorOf } from '../lib/pg-errors';

/**
 * Turns the zod issues (as fastify-type-provider-zod reports them: keyword = issue code, params =
 * the rest of the issue) into `{path, message}`; an unknown key is named itself, not its parent.
 */
function fieldErrors(
  validation: { keyword?: string; instancePath?: string; message?: string; params?: unknown }[],
) {
  const out: FieldError[] = [];
  for (const v of validation) {
    const base = (v.instancePath ?? '').split('/').filter(Boolean);
    const keys = (v.params as { keys?: unknown } | undefined)?.keys;
    if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys)
        out.push({ path: [...base, String(key)].join('.'), message: 'This field is not accepted here' });
    } else {
      out.push({ path: base.join('.') || '(root)', message: v.message ?? 'Invalid value' });
    }
  }
  return out;
}

const CODE_BY_STATUS: Record<number, AppError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'UNAVAILABLE',
};

/** One mapping from errors to the spec's envelope; 5xx never leaks internals (they go to the log). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    const send = (status: number, body: Omit<ErrorEnvelope, 'status' | 'data' | 'requestId'>) =>
      reply.code(status).send({ status, data: null, requestId: request.id, ...body });

    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err, details: err.details }, err.message);
      const extra = err.details?.errors ? { errors: err.details.errors } : {};
      // Services name the failing fields in the message for the log ("Validation failed: date");
      // a person reads the fields' own messages in words instead.
      const message =
        err.status >= 500
          ? 'Internal server error'
          : err.code === 'VALIDATION' && /^Validation failed/.test(err.message)
            ? validationSummary(err.details?.errors ?? [])
            : err.message;
      if (err.code === 'TOO_MANY_REQUESTS' && typeof err.details?.retryAfter === 'number') {
        reply.header('retry-after', String(err.details.retryAfter));
      }
      return send(err.status, { message, code: err.code, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err.validation);
      return send(400, { message: validationSummary(errors), code: 'VALIDATION', errors });
    }
    // A statement PostgreSQL refused because of the request's data (a bad date, a duplicate, a row
    // still in use) is the client's mistake told in words, not a 500 that hides it.
    const fromDb = appErrorFromPg(err);
    if (fromDb) {
      const e = pgErrorOf(err)!;
      request.log.warn(
        { sqlState: e.code, table: e.table, constraint: e.constraint },
        'database refused the data',
      );
      const extra = fromDb.details?.errors ? { errors: fromDb.details.errors } : {};
      return send(fromDb.status, { message: fromDb.message, code: fromDb.code, ...extra });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return send(500, { message: 'Internal server error', code: 'INTERNAL' });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return send(status === 503 ? 503 : 500, {
        message: status === 503 ? 'Service unavailable' : 'Internal server error',
        code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
      });
    }
    // Framework 4xx (malformed JSON, body too large, wrong content type): its message is safe.
    const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
    const message =
      status === 413
        ? 'Request body is too large'
        : status === 415
          ? 'Unsupported content type'
          : (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
            ? 'Malformed JSON body'
            : err.message;
    return send(status, { message, code });
  });
}

/** The JSON 404 envelope for unknown routes. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({
    status: 404,
    message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    data: null,
    code: 'NOT_FOUND',
    requestId: request.id,
  });
}
