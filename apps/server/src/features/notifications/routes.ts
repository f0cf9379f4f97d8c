import type { FastifyInstance } from 'fastify';
import { DEMO_NOTIFICATION_TEMPLATES, notificationContracts } from '@tt/domain';
import { fail } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { deleteNotification, listNotifications, markAllRead, markRead, notify } from './service.ts';

export async function notificationRoutes(app: FastifyInstance) {
  defineRoute(app, notificationContracts.list, async ({ user }) => listNotifications(app.db, user.id));

  // The owner rule: the service looks among the caller's own notifications only (404 otherwise).
  defineRoute(app, notificationContracts.markRead, async ({ user, params }) =>
    markRead(app.db, user.id, params.id),
  );

  defineRoute(app, notificationContracts.markAllRead, async ({ user }) => ({
    updated: await markAllRead(app.db, user.id),
  }));

  defineRoute(app, notificationContracts.remove, async ({ user, params }) => {
    await deleteNotification(app.db, user.id, params.id);
  });

  defineRoute(
    app,
    notificationContracts.demo,
    async ({ user }) => {
      const template =
        DEMO_NOTIFICATION_TEMPLATES[Math.floor(Math.random() * DEMO_NOTIFICATION_TEMPLATES.length)]!;
      return notify(app.db, {
        userId: user.id,
        type: template.type,
        priority: template.priority,
        title: `notifications.demo.${template.key}.title`,
        message: `notifications.demo.${template.key}.message`,
        params: { number: 1000 + Math.floor(Math.random() * 9000) },
      });
    },
    {
      resource: async ({ user }) => {
        if (!user.is_demo) throw fail('notification.demo_only');
      },
    },
  );
}
