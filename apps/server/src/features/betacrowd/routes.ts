import type { FastifyInstance } from 'fastify';
import { betacrowdContracts as c, idempotencyKeySchema, IDEMPOTENCY_KEY_HEADER } from '@tt/domain';
import { fail, field } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import {
  cancelCampaign,
  createCampaign,
  deposit,
  getWallet,
  invest,
  investorRelations,
  marketplace,
  myCampaigns,
  pendingReviews,
  portfolio,
  recordRepayment,
  reviewCampaign,
} from './service.ts';

const headerName = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** Crowdfunding (spec 3 /betacrowd; ADR 052). Ownership rules (own campaign, own review) are the service's. */
export async function betacrowdRoutes(app: FastifyInstance) {
  defineRoute(app, c.wallet, async ({ user }) => getWallet(app.db, user.id));
  defineRoute(app, c.deposit, async ({ user, body }) => deposit(app.db, user.id, body));
  defineRoute(app, c.marketplace, async ({ query }) => marketplace(app.db, query));
  defineRoute(app, c.mine, async ({ user }) => myCampaigns(app.db, user.id));
  defineRoute(app, c.create, async ({ user, body }) => createCampaign(app.db, user.id, body));
  defineRoute(app, c.invest, async ({ user, params, body, request, reply }) => {
    const raw = request.headers[headerName];
    const parsed = idempotencyKeySchema.safeParse(typeof raw === 'string' ? raw : undefined);
    if (!parsed.success) {
      throw fail(
        'betacrowd.idempotency_key_required',
        { header: IDEMPOTENCY_KEY_HEADER },
        {
          fields: {
            [IDEMPOTENCY_KEY_HEADER]: field('validation.length_between', { minimum: 8, maximum: 200 }),
          },
        },
      );
    }
    const outcome = await invest(app.db, user, params.id, body, parsed.data);
    if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
    return outcome.investment;
  });
  defineRoute(app, c.repay, async ({ user, params, body }) => recordRepayment(app.db, user, params.id, body));
  defineRoute(app, c.cancel, async ({ user, params }) => cancelCampaign(app.db, user, params.id));
  defineRoute(app, c.investorRelations, async ({ user }) => investorRelations(app.db, user.id));
  defineRoute(app, c.portfolio, async ({ user }) => portfolio(app.db, user.id));
  defineRoute(app, c.reviews, async ({ user }) => pendingReviews(app.db, user));
  defineRoute(app, c.review, async ({ user, params, body }) => reviewCampaign(app.db, user, params.id, body));
}
