import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * The one file of a multipart upload (field "file"), as every sheet route reads it; the size limit
 * is the multipart scope's (`limits.fileSize`), named here in the refusal.
 */
export async function uploadedFile(
  request: FastifyRequest,
  opts: { what: string; maxBytes: number },
): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in the field "file"');
  }
  const part = await request.file();
  if (part?.fieldname !== 'file') {
    throw new AppError('VALIDATION', `Attach the ${opts.what} in the form field "file"`, {
      errors: [{ path: 'file', message: 'Required' }],
    });
  }
  try {
    return { name: part.filename ?? '', data: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${opts.maxBytes / (1024 * 1024)} MiB`);
    }
    throw err;
  }
}
