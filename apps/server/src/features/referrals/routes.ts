import type { FastifyInstance } from 'fastify';
import { referralContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import './credits.ts';
import { myReferrals, myRewards, myStats } from './service.ts';

/** Referrals (spec 1 §7): a trader's own referrals, figures and rewards. */
export async function referralRoutes(app: FastifyInstance) {
  defineRoute(app, c.myReferrals, async ({ user }) => myReferrals(app.db, user.id));
  defineRoute(app, c.stats, async ({ user }) => myStats(app.db, user));
  defineRoute(app, c.rewards, async ({ user }) => myRewards(app.db, user.id));
}
