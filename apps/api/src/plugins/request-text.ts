import type { FieldError } from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** A NUL, or half of a UTF-16 surrogate pair: PostgreSQL cannot store either in text or jsonb. */
const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_REPORTED = 20;

function problemOf(text: string): string | null {
  if (text.includes(NUL)) return 'Must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'Contains an invalid character (an unpaired surrogate)';
  return null;
}

/**
 * Every string (and object key) in a parsed body, query or path, with its path as the error
 * envelope names fields (`address.line1`, `items.0.name`). Walked with an explicit stack: a deeply
 * nested body must not overflow the call stack.
 */
export function badTextIn(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0 && errors.length < MAX_REPORTED) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const message = problemOf(v);
      if (message) errors.push({ path: path.join('.') || '(root)', message });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, String(i)] });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const message = problemOf(key);
        if (message) {
          errors.push({
            path: [...path, key.replaceAll(NUL, '\\0')].join('.'),
            message: `Field name: ${message}`,
          });
        } else {
          stack.push({ value: child, path: [...path, key] });
        }
      }
    }
  }
  return errors;
}

/**
 * Text no database column can hold is refused with 400 naming the field, for every route, before
 * its own validation: a NUL byte or a lone surrogate (`\ud800` as a JSON escape) in the body, the
 * query string or the path. Without this, PostgreSQL's refusal surfaced as a 500.
 *
 * Also: a JSON content type with an empty body (what many clients send for a POST without
 * payload, e.g. sign-out) is read as no body, so the route's schema decides whether one is needed.
 */
export function registerRequestTextCheck(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // A callback hook, not an async one: an async hook adds a promise and a turn of the microtask
  // queue to every request, which split the read lanes' batches and cost the employee list about
  // a third of its throughput (bench/README.md).
  app.addHook('preValidation', (request, _reply, done) => {
    const errors = [...badTextIn(request.params), ...badTextIn(request.query), ...badTextIn(request.body)];
    if (errors.length === 0) return done();
    const fields = [...new Set(errors.map((e) => e.path))].join(', ');
    done(new AppError('VALIDATION', `Validation failed: ${fields}`, { errors }));
  });
}
