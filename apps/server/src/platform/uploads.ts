import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppError } from './errors.ts';

/**
 * The one file of a multipart upload (a route whose plugin allows one file part and nothing else): its name and
 * bytes. No multipart body, no file, or a body past the plugin's limits of parts and fields is `missing()`; a file
 * past the size limit is `tooLarge()`. Each area says these in its own words.
 */
export async function readOneFile(
  app: FastifyInstance,
  request: FastifyRequest,
  refusals: { missing: () => AppError; tooLarge: () => AppError },
): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw refusals.missing();
  try {
    const file = await request.file();
    if (!file) throw refusals.missing();
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw refusals.tooLarge();
    if (
      error instanceof app.multipartErrors.FilesLimitError ||
      error instanceof app.multipartErrors.PartsLimitError ||
      error instanceof app.multipartErrors.FieldsLimitError ||
      error instanceof app.multipartErrors.InvalidMultipartContentTypeError
    )
      throw refusals.missing();
    throw error;
  }
}
