import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appUserSchema, profileUpdateSchema } from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { toAppUser } from '../auth/service.ts';
import { updateProfile } from './service.ts';

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/users/profile',
    { schema: { tags: ['users'], body: profileUpdateSchema, response: { 200: appUserSchema } } },
    async (request) => toAppUser(await updateProfile(app.db, currentUser(request), request.body)),
  );
}
