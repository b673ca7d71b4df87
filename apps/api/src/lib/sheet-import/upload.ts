import type { FastifyRequest } from 'fastify';
import { readMultipart } from '../../plugins/multipart';

/**
 * The one file of a multipart upload (field "file"), as every sheet route reads it: through the
 * project's one multipart reader (plugins/multipart.ts), so text fields follow the text rule and an
 * oversized file is refused while streaming.
 */
export async function uploadedFile(
  request: FastifyRequest,
  opts: { what: string; maxBytes: number },
): Promise<{ name: string; data: Buffer }> {
  const { file } = await readMultipart(request, {
    maxBytes: opts.maxBytes,
    maxFields: 2,
    noun: `the ${opts.what}`,
  });
  return file;
}
