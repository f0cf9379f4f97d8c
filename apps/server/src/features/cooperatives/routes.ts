import type { FastifyInstance } from 'fastify';
import { cooperativeContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  getCooperative,
  joinCooperative,
  listCooperatives,
  myMemberships,
  registerCooperative,
} from './service.ts';

export async function cooperativeRoutes(app: FastifyInstance) {
  defineRoute(app, cooperativeContracts.list, async ({ query }) => listCooperatives(app.db, query));
  defineRoute(app, cooperativeContracts.myMemberships, async ({ user }) => myMemberships(app.db, user.id));
  defineRoute(app, cooperativeContracts.get, async ({ params }) => getCooperative(app.db, params.id));
  defineRoute(app, cooperativeContracts.register, async ({ user, body }) =>
    registerCooperative(app.db, user, body),
  );
  defineRoute(app, cooperativeContracts.join, async ({ user, body }) =>
    joinCooperative(app.db, user, body.coop_id),
  );
}
