import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { brandingContracts as c, LOGO_MAX_BYTES } from '@tt/domain';
import { fail } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { readOneFile } from '../../platform/uploads.ts';
import { getBranding, logoBytes, removeLogo, saveBranding, saveLogo } from './service.ts';

const maxMb = LOGO_MAX_BYTES / (1024 * 1024);

/** The deployment's branding (spec 2 White Label Customizer; ADR 049). */
export async function brandingRoutes(app: FastifyInstance) {
  // As the community area does (ADR 015): multipart only in this plugin, one file part, nothing else.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  // Every visitor's app asks for it after its first paint: the version is its ETag, so an unchanged branding
  // costs a 304 with no body, and `no-cache` makes the browser (and the service worker's copy) ask each time.
  defineRoute(app, c.get, async ({ request, reply }) => {
    const current = await getBranding(app.db);
    const etag = `"b${current.version}"`;
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return current;
  });
  defineRoute(app, c.save, async ({ user, body }) => saveBranding(app.db, user.id, body));
  defineRoute(
    app,
    c.uploadLogo,
    async ({ user, request }) => {
      const { bytes } = await readOneFile(app, request, {
        missing: () => fail('community.image_missing'),
        tooLarge: () => fail('community.image_too_large', { max_mb: maxMb }),
      });
      return saveLogo(app.db, user.id, bytes);
    },
    { config: { multipartUpload: true } },
  );
  defineRoute(app, c.removeLogo, async ({ user }) => removeLogo(app.db, user.id));
  defineRoute(app, c.logo, async ({ query, reply }) => {
    const logo = await logoBytes(app.db);
    // The address names the version: a new logo is a new address, so the one asked for by its version never changes.
    const immutable = query.v === logo.version;
    return reply
      .type('image/jpeg')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(logo.data);
  });
}
