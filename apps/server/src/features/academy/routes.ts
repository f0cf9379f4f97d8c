import type { FastifyInstance } from 'fastify';
import { academyContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { enroll, getModule, listModules, rateModule, readerLanguage, setLessonProgress } from './service.ts';

export async function academyRoutes(app: FastifyInstance) {
  defineRoute(app, c.modules, async ({ user, query, request }) => {
    const { lang, ...filter } = query;
    return listModules(app.db, user.id, readerLanguage(lang, request.headers['accept-language']), filter);
  });
  defineRoute(app, c.module, async ({ user, params, query, request }) =>
    getModule(app.db, user.id, params.id, readerLanguage(query.lang, request.headers['accept-language'])),
  );
  defineRoute(app, c.enroll, async ({ user, params }) => enroll(app.db, user.id, params.id));
  defineRoute(app, c.lessonProgress, async ({ user, params, body }) =>
    setLessonProgress(app.db, user.id, params.id, params.lessonId, body.completed),
  );
  defineRoute(app, c.rate, async ({ user, params, body }) =>
    rateModule(app.db, user.id, params.id, body.rating),
  );
}
