import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appUserSchema, closeAccountSchema, exportQuerySchema, profilePatchSchema } from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { SESSION_COOKIE, toAppUser } from '../auth/service.ts';
import { closeAccount, exportPersonalData, personalDataCsv } from './personal-data.ts';
import { updateProfile } from './service.ts';

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.put(
    '/api/users/profile',
    {
      schema: {
        tags,
        description: 'Changes only the fields sent. Demo accounts keep their role (403 demo_account).',
        body: profilePatchSchema,
        response: { 200: appUserSchema },
      },
    },
    async (request) => toAppUser(await updateProfile(app.db, currentUser(request), request.body)),
  );

  r.get(
    '/api/users/me/export',
    {
      schema: {
        tags,
        description: 'Everything the product holds about the caller (POPIA), as a JSON or CSV download.',
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await exportPersonalData(app.db, user);
      const day = data.exported_at.slice(0, 10);
      const file = `township-trade-my-data-${user.id}-${day}.${request.query.format}`;
      reply
        .header('Content-Disposition', `attachment; filename="${file}"`)
        .header('Cache-Control', 'no-store');
      if (request.query.format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(personalDataCsv(data));
      }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
    },
  );

  r.post(
    '/api/users/me/close',
    {
      schema: {
        tags,
        description:
          'Closes the account (POPIA): personal fields are removed, every session ends; orders and co-op ' +
          'records keep their figures under "Closed account #id". Demo accounts cannot be closed.',
        body: closeAccountSchema,
        response: { 200: z.object({ closed: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await closeAccount(app.db, currentUser(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
      return { closed: true as const };
    },
  );
}
