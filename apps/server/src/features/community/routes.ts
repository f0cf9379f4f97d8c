import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { communityContracts as c, IMAGE_MAX_BYTES } from '@tt/domain';
import { fail } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { readOneFile } from '../../platform/uploads.ts';
import {
  createComment,
  createPost,
  deletePost,
  getPost,
  imageBytes,
  like,
  listComments,
  listPosts,
  report,
  reportedPosts,
  setHidden,
  setPinned,
  unlike,
  updatePost,
  uploadImage,
} from './service.ts';

const maxMb = IMAGE_MAX_BYTES / (1024 * 1024);

/** The community feed (spec 1 §2, §7); see packages/domain/src/community.ts for who may do what. */
export async function communityRoutes(app: FastifyInstance) {
  // Registered here only: no other route of the app takes multipart. One file part, nothing else.
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  defineRoute(app, c.posts, async ({ user, query }) => listPosts(app.db, user, query));
  defineRoute(app, c.createPost, async ({ user, body }) => createPost(app.db, user, body));
  defineRoute(app, c.post, async ({ user, params }) => getPost(app.db, user, params.id));
  // owner: the service refuses anyone but the author (an admin may also delete), inside its transaction.
  defineRoute(app, c.updatePost, async ({ user, params, body }) => updatePost(app.db, user, params.id, body));
  defineRoute(app, c.deletePost, async ({ user, params }) => deletePost(app.db, user, params.id));
  defineRoute(app, c.like, async ({ user, params }) => like(app.db, user, params.id));
  defineRoute(app, c.unlike, async ({ user, params }) => unlike(app.db, user, params.id));
  defineRoute(app, c.comments, async ({ user, params }) => listComments(app.db, user, params.id));
  defineRoute(app, c.createComment, async ({ user, params, body }) =>
    createComment(app.db, user, params.id, body),
  );
  defineRoute(app, c.pin, async ({ user, params, body }) =>
    setPinned(app.db, user, params.id, body.is_pinned),
  );
  defineRoute(app, c.report, async ({ user, params, body }) => report(app.db, user, params.id, body));
  defineRoute(app, c.reported, async ({ user }) => reportedPosts(app.db, user));
  defineRoute(app, c.hide, async ({ user, params, body }) =>
    setHidden(app.db, user, params.id, body.is_hidden),
  );
  defineRoute(
    app,
    c.uploadImage,
    async ({ user, request }) => {
      const { bytes } = await readOneFile(app, request, {
        missing: () => fail('community.image_missing'),
        tooLarge: () => fail('community.image_too_large', { max_mb: maxMb }),
      });
      return uploadImage(app.db, user, bytes);
    },
    { config: { multipartUpload: true } },
  );
  defineRoute(app, c.image, async ({ params, reply }) => {
    const data = await imageBytes(app.db, params.id);
    // Always the JPEG the server encoded; nosniff and a sandboxing CSP so no browser reads it as anything else.
    return reply
      .type('image/jpeg')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=86400, immutable')
      .send(data);
  });
}
