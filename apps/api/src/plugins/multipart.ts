import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { badTextIn } from './request-text';

/**
 * The one way a route reads a multipart/form-data body: its one file (field `file`) and its text
 * fields. Every upload goes through here (`multipart.test.ts` fails on a route that reads parts
 * itself), so what holds for JSON bodies holds for forms too: a text field with a NUL byte or a
 * lone surrogate is refused with 400 naming the field (the rule of request-text.ts, whose hook
 * cannot see a form: its parts are read by the handler, after validation). Without this a NUL in a
 * document's title reached PostgreSQL and answered 500.
 */

export type MultipartUpload = { name: string; data: Buffer };

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const MiB = (n: number) => `${n / (1024 * 1024)} MiB`;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Multipart parsing for the routes of `scope` only (each upload registers its own, with its limits). */
export async function registerMultipart(
  scope: FastifyInstance,
  limits: { fileSize: number; fields: number },
): Promise<void> {
  await scope.register(multipart, { limits: { ...limits, files: 1 } });
}

/**
 * Reads the whole form, in any order of parts. A file over `maxBytes` answers 413 while
 * streaming, so an oversized body is never held whole. `noun` names the file in messages
 * ("the letter": "Attach the letter in the form field "file"").
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: { maxBytes: number; maxFields: number; noun: string },
): Promise<{ file: MultipartUpload; fields: Record<string, string> }> {
  const { maxBytes, maxFields, noun } = opts;
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send ${noun} as multipart/form-data in the field "file"`);
  }
  const fields: Record<string, string> = {};
  let file: MultipartUpload | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: maxFields } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') file = { name: part.filename ?? '', data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `${capitalised(noun)} is larger than ${MiB(maxBytes)}`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      const most =
        maxFields === 1 ? 'at most one field' : `at most ${NUMBERS[maxFields] ?? maxFields} fields`;
      throw new AppError('PAYLOAD_TOO_LARGE', `Send one file and ${most}`);
    }
    throw err;
  }
  const errors = badTextIn(fields);
  if (errors.length > 0) {
    const names = [...new Set(errors.map((e) => e.path))].join(', ');
    throw new AppError('VALIDATION', `Validation failed: ${names}`, { errors });
  }
  if (!file) {
    throw new AppError('VALIDATION', `Attach ${noun} in the form field "file"`, {
      errors: [{ path: 'file', message: 'Required' }],
    });
  }
  return { file, fields };
}
