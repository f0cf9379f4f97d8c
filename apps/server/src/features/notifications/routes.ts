import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_NOTIFICATION_TEMPLATES, notificationListSchema, notificationSchema } from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { deleteNotification, listNotifications, markAllRead, markRead, notify } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get(
    '/api/notifications',
    { schema: { tags, response: { 200: notificationListSchema } } },
    async (request) => listNotifications(app.db, currentUser(request).id),
  );

  r.post(
    '/api/notifications/:id/read',
    { schema: { tags, params: idParams, response: { 200: notificationSchema } } },
    async (request) => markRead(app.db, currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/notifications/read-all',
    { schema: { tags, response: { 200: z.object({ updated: z.number().int() }) } } },
    async (request) => ({ updated: await markAllRead(app.db, currentUser(request).id) }),
  );

  r.delete('/api/notifications/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteNotification(app.db, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  /** Spec 1 §9's simulation: the web calls this on its timer, for demo sessions only. */
  r.post(
    '/api/notifications/demo',
    { schema: { tags, response: { 201: notificationSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      if (!user.is_demo) throw fail('notification.demo_only');
      const template =
        DEMO_NOTIFICATION_TEMPLATES[Math.floor(Math.random() * DEMO_NOTIFICATION_TEMPLATES.length)]!;
      const created = await notify(app.db, {
        userId: user.id,
        type: template.type,
        priority: template.priority,
        title: `notifications.demo.${template.key}.title`,
        message: `notifications.demo.${template.key}.message`,
        params: { number: 1000 + Math.floor(Math.random() * 9000) },
      });
      return reply.status(201).send(created);
    },
  );
}
