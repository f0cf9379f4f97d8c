import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { BULK_UPLOAD_MAX_BYTES, BULK_UPLOAD_MAX_MB, bulkUploadContracts as c } from '@tt/domain';
import { fail } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { readOneFile } from '../../platform/uploads.ts';
import { confirmUpload, template, uploadHistory, uploadReport, validateUpload } from './service.ts';

/** Bulk product upload (spec 3 /bulk-upload); see docs/decisions/021. */
export async function bulkUploadRoutes(app: FastifyInstance) {
  // This plugin's own multipart: one file part of at most 10 MB, nothing else (413 beyond).
  await app.register(fastifyMultipart, {
    limits: { fileSize: BULK_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  defineRoute(app, c.template, async ({ query, reply }) => {
    const bytes = await template(app.db, query.format);
    return reply
      .type(
        query.format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header('Content-Disposition', `attachment; filename="product-upload-template.${query.format}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
  defineRoute(
    app,
    c.upload,
    async ({ user, request }) => {
      const { filename, bytes } = await readOneFile(app, request, {
        missing: () => fail('bulk_upload.file_missing'),
        tooLarge: () => fail('bulk_upload.too_large', { max_mb: BULK_UPLOAD_MAX_MB }),
      });
      return validateUpload(app.db, user, filename, bytes);
    },
    { config: { multipartUpload: true } },
  );
  defineRoute(app, c.history, async ({ user }) => uploadHistory(app.db, user));
  // owner: the service looks only among the caller's own uploads (another seller's is 404).
  defineRoute(app, c.report, async ({ user, params }) => uploadReport(app.db, user, params.id));
  defineRoute(app, c.confirm, async ({ user, params, body }) =>
    confirmUpload(app.db, user, params.id, body.on_errors),
  );
}
