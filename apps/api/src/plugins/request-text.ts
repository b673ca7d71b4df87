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

/** Deeper than any contract's body (the deepest, an employee with its addresses, is 3 levels). */
export const MAX_JSON_DEPTH = 32;

type Frame = { value: unknown; parent: Frame | null; key: string; depth: number };

/** The field path of a frame, as the error envelope names fields: built only for a field in error. */
function pathOf(frame: Frame | null): string[] {
  const out: string[] = [];
  for (let f = frame; f?.parent; f = f.parent) out.push(f.key);
  return out.reverse();
}

/**
 * Every string (and object key) in a parsed body, query or path, with its path as the error
 * envelope names fields (`address.line1`, `items.0.name`). Walked with an explicit stack whose
 * frames point at their parent, so each value is visited once and a path is written only for a
 * field in error: the walk is linear in the size of the value (a path copied at every level made
 * it grow with the square of the depth: 40,000 nested arrays held the event loop for 15 s). A
 * value nested deeper than MAX_JSON_DEPTH is refused rather than walked.
 */
export function badTextIn(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const stack: Frame[] = [{ value, parent: null, key: '', depth: 0 }];
  while (stack.length > 0 && errors.length < MAX_REPORTED) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v === 'string') {
      const message = problemOf(v);
      if (message) errors.push({ path: pathOf(frame).join('.') || '(root)', message });
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (frame.depth >= MAX_JSON_DEPTH) {
      errors.push({ path: pathOf(frame).join('.') || '(root)', message: TOO_DEEP });
      break;
    }
    const depth = frame.depth + 1;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], parent: frame, key: String(i), depth });
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const message = problemOf(key);
        if (message) {
          errors.push({
            path: [...pathOf(frame), key.replaceAll(NUL, '\\0')].join('.'),
            message: `Field name: ${message}`,
          });
        } else {
          stack.push({ value: (v as Record<string, unknown>)[key], parent: frame, key, depth });
        }
      }
    }
  }
  return errors;
}

const TOO_DEEP = `Nested more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * How deeply a JSON text nests its arrays and objects, counted in one pass over the characters
 * (brackets inside strings do not count) and stopping as soon as it passes `limit`: the parser
 * never sees a body deeper than any contract allows.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
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
    if (jsonDepthExceeds(text)) {
      const errors = [{ path: '(root)', message: TOO_DEEP }];
      return done(
        new AppError('VALIDATION', `The request body is ${TOO_DEEP.toLowerCase()}`, { errors }),
        undefined,
      );
    }
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
