import type { FastifyInstance } from 'fastify';
import { adminUserContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { clientOf } from '../auth/service.ts';
import {
  invitationsOpen,
  invite,
  listPeople,
  passwordLinkFor,
  reactivate,
  revoke,
  setRole,
  suspend,
} from './service.ts';

export async function peopleRoutes(app: FastifyInstance) {
  const { publicUrl } = app.config;

  defineRoute(app, c.list, async ({ user, query }) => listPeople(app.db, user, query));

  defineRoute(app, c.setRole, async ({ user, params, body, request }) =>
    setRole(app.db, user, params.id, body.role, body.reason, clientOf(request, user)),
  );

  defineRoute(app, c.suspend, async ({ user, params, body, request }) =>
    suspend(app.db, user, params.id, body.reason, clientOf(request, user)),
  );

  defineRoute(app, c.reactivate, async ({ user, params, body, request }) =>
    reactivate(app.db, user, params.id, body.reason, clientOf(request, user)),
  );

  defineRoute(app, c.passwordLink, async ({ user, params, request }) =>
    passwordLinkFor(app.db, user, params.id, publicUrl, clientOf(request, user)),
  );

  defineRoute(app, c.invitations, async ({ user }) => ({
    invitations: await invitationsOpen(app.db, user),
  }));

  defineRoute(app, c.invite, async ({ user, body, request }) =>
    invite(app.db, user, body.role, publicUrl, clientOf(request, user)),
  );

  defineRoute(app, c.revokeInvitation, async ({ user, params, request }) => {
    await revoke(app.db, user, params.id, clientOf(request, user));
  });
}
