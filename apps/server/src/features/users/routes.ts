import type { FastifyInstance } from 'fastify';
import { userContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { toAppUser } from '../auth/service.ts';
import { updateProfile } from './service.ts';

export async function userRoutes(app: FastifyInstance) {
  defineRoute(app, userContracts.updateProfile, async ({ user, body }) =>
    toAppUser(await updateProfile(app.db, user, body)),
  );
}
