import { z } from 'zod';
import {
  closeResultSchema,
  crowdCampaignIdParams,
  crowdCampaignListSchema,
  crowdCampaignSchema,
  createCrowdCampaignSchema,
  depositSchema,
  investmentSchema,
  investorRelationsSchema,
  investSchema,
  marketplaceQuerySchema,
  portfolioSchema,
  recordRepaymentSchema,
  repaymentResultSchema,
  reviewCampaignSchema,
  walletSchema,
} from '../betacrowd.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../orders.ts';
import { contract } from './contract.ts';

const headerName = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/**
 * Crowdfunding (spec 3 /betacrowd, §7's wallet; DECISIONS 17; ADR 052). Any signed-in user chooses to be an
 * entrepreneur or an investor; admins review campaigns. No money is charged or paid out by the app: funds and
 * repayments are recorded as paid by the chosen method, and every wallet is the sum of its movements.
 */
export const betacrowdContracts = {
  wallet: contract({
    method: 'GET',
    path: '/api/betacrowd/wallet',
    tag: 'betacrowd',
    summary: "The caller's wallet: available_balance and its latest movements",
    access: 'signed_in',
    status: 200,
    response: walletSchema,
  }),
  deposit: contract({
    method: 'POST',
    path: '/api/betacrowd/wallet/deposits',
    tag: 'betacrowd',
    summary: 'Records funds added to the wallet as paid by the chosen method (nothing is charged)',
    access: 'signed_in',
    body: depositSchema,
    status: 201,
    response: walletSchema,
  }),
  marketplace: contract({
    method: 'GET',
    path: '/api/betacrowd/campaigns',
    tag: 'betacrowd',
    summary: 'Active campaigns taking investments, filtered by type, risk level and target band',
    access: 'signed_in',
    query: marketplaceQuerySchema,
    status: 200,
    response: crowdCampaignListSchema,
  }),
  mine: contract({
    method: 'GET',
    path: '/api/betacrowd/campaigns/mine',
    tag: 'betacrowd',
    summary: "The caller's own campaigns in every status, with their figures",
    access: 'signed_in',
    status: 200,
    response: crowdCampaignListSchema,
  }),
  create: contract({
    method: 'POST',
    path: '/api/betacrowd/campaigns',
    tag: 'betacrowd',
    summary: 'Creates a campaign; it waits for review before investors see it',
    access: 'signed_in',
    body: createCrowdCampaignSchema,
    status: 201,
    response: crowdCampaignSchema,
  }),
  invest: contract({
    method: 'POST',
    path: '/api/betacrowd/campaigns/:id/invest',
    tag: 'betacrowd',
    description:
      'Invests from the wallet. Requires an Idempotency-Key header (8-200 characters): the same key answers the ' +
      'first investment again and invests nothing (header Idempotent-Replayed: true).',
    access: 'signed_in',
    headers: z.object({ [headerName]: z.string().optional() }),
    params: crowdCampaignIdParams,
    body: investSchema,
    status: 201,
    response: investmentSchema,
  }),
  repay: contract({
    method: 'POST',
    path: '/api/betacrowd/campaigns/:id/repayments',
    tag: 'betacrowd',
    summary:
      "Records the campaign's next instalment as paid by the chosen method, shared among its investors' wallets",
    access: 'signed_in',
    params: crowdCampaignIdParams,
    body: recordRepaymentSchema,
    status: 201,
    response: repaymentResultSchema,
  }),
  cancel: contract({
    method: 'POST',
    path: '/api/betacrowd/campaigns/:id/cancel',
    tag: 'betacrowd',
    summary:
      "The entrepreneur cancels a campaign that is not funded yet; every investment goes back to its investor's wallet",
    access: 'signed_in',
    params: crowdCampaignIdParams,
    status: 200,
    response: closeResultSchema,
  }),
  investorRelations: contract({
    method: 'GET',
    path: '/api/betacrowd/investor-relations',
    tag: 'betacrowd',
    summary: "Who invested how much in the caller's campaigns, and what each has been repaid",
    access: 'signed_in',
    status: 200,
    response: investorRelationsSchema,
  }),
  portfolio: contract({
    method: 'GET',
    path: '/api/betacrowd/portfolio',
    tag: 'betacrowd',
    summary: "The caller's investments and the repayments received",
    access: 'signed_in',
    status: 200,
    response: portfolioSchema,
  }),
  reviews: contract({
    method: 'GET',
    path: '/api/betacrowd/reviews',
    tag: 'betacrowd',
    summary: 'Campaigns waiting for review',
    access: 'crowdfunding.review',
    status: 200,
    response: crowdCampaignListSchema,
  }),
  review: contract({
    method: 'POST',
    path: '/api/betacrowd/campaigns/:id/review',
    tag: 'betacrowd',
    summary: 'Approves or rejects a pending campaign with a note; nobody reviews their own',
    access: 'crowdfunding.review',
    params: crowdCampaignIdParams,
    body: reviewCampaignSchema,
    status: 200,
    response: crowdCampaignSchema,
  }),
};
