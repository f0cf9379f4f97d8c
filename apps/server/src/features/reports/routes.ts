import type { FastifyInstance } from 'fastify';
import { reportContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  createSchedule,
  deleteSchedule,
  listReports,
  listSchedules,
  liveAnalytics,
  reportFile,
  reportOverview,
  requestReport,
} from './service.ts';

/** Reports (spec 1 /reports): admin and coordinator; the owner rule of a file is the service's. */
export async function reportRoutes(app: FastifyInstance) {
  defineRoute(app, reportContracts.overview, async ({ user, query }) =>
    reportOverview(app.db, user, query.period),
  );
  defineRoute(app, reportContracts.live, async ({ user }) => liveAnalytics(app.db, user));
  defineRoute(app, reportContracts.list, async ({ user }) => listReports(app.db, user));
  defineRoute(app, reportContracts.create, async ({ user, body }) => requestReport(app.db, user, body));
  defineRoute(app, reportContracts.download, async ({ user, params, reply }) => {
    const { file, content } = await reportFile(app.db, user, params.id);
    return reply
      .header('Content-Disposition', `attachment; filename="${file}"`)
      .header('Cache-Control', 'no-store')
      .type('text/csv; charset=utf-8')
      .send(content);
  });
  defineRoute(app, reportContracts.schedules, async ({ user }) => listSchedules(app.db, user));
  defineRoute(app, reportContracts.createSchedule, async ({ user, body }) =>
    createSchedule(app.db, user, body),
  );
  defineRoute(app, reportContracts.deleteSchedule, async ({ user, params }) => {
    await deleteSchedule(app.db, user, params.id);
  });
}
