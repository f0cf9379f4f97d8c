import { z } from 'zod';
import { referralSchema, referralStatsSchema, rewardsSchema } from '../referrals.ts';
import { contract } from './contract.ts';

/**
 * Referrals (spec 1 §7: GET /api/referrals/my-referrals and /stats): every signed-in trader has a code and
 * sees only their own referrals and rewards. Referrals are recorded by the sign-up itself (the join page's
 * cookie) and verified by a delivery, so there is nothing to write here.
 */
export const referralContracts = {
  myReferrals: contract({
    method: 'GET',
    path: '/api/referrals/my-referrals',
    tag: 'referrals',
    summary: 'The traders who joined with the caller’s code, newest first',
    access: 'signed_in',
    status: 200,
    response: z.array(referralSchema),
  }),
  stats: contract({
    method: 'GET',
    path: '/api/referrals/stats',
    tag: 'referrals',
    summary:
      'The caller’s referral figures: earned, to come, how many, verified; the rewards balance and code',
    access: 'signed_in',
    status: 200,
    response: referralStatsSchema,
  }),
  rewards: contract({
    method: 'GET',
    path: '/api/referrals/rewards',
    tag: 'referrals',
    summary: 'The caller’s rewards balance and its latest credits and uses',
    access: 'signed_in',
    status: 200,
    response: rewardsSchema,
  }),
};
