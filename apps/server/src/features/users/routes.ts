import type { FastifyInstance } from 'fastify';
import { SIGNED_IN_COOKIE, userContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { clientOf, SESSION_COOKIE, toAppUser } from '../auth/service.ts';
import { closeAccount, exportPersonalData, personalDataCsv } from './personal-data.ts';
import { updateProfile } from './service.ts';

export async function userRoutes(app: FastifyInstance) {
  defineRoute(app, userContracts.updateProfile, async ({ user, body, request }) =>
    toAppUser(await updateProfile(app.db, user, body, clientOf(request, user))),
  );

  defineRoute(app, userContracts.exportData, async ({ user, query, reply }) => {
    const data = await exportPersonalData(app.db, user);
    const day = data.exported_at.slice(0, 10);
    const file = `township-trade-my-data-${user.id}-${day}.${query.format}`;
    reply.header('Content-Disposition', `attachment; filename="${file}"`).header('Cache-Control', 'no-store');
    if (query.format === 'csv') {
      return reply.type('text/csv; charset=utf-8').send(personalDataCsv(data));
    }
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
  });

  defineRoute(app, userContracts.closeAccount, async ({ user, reply }) => {
    await closeAccount(app.db, user);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    reply.clearCookie(SIGNED_IN_COOKIE, { path: '/', sameSite: 'lax' });
    return { closed: true as const };
  });
}
