import { eventPayload, type JobDefinition, type Subscription } from '../../platform/jobs/runner.ts';
import { recordSignUp, verifyOnDelivery } from './service.ts';

const RECORD_JOB = 'referrals.record-sign-up';
const VERIFY_JOB = 'referrals.verify-on-delivery';

export const referralJobs: JobDefinition[] = [
  {
    name: RECORD_JOB,
    async handler(job, { tx }) {
      const signUp = eventPayload(job);
      await recordSignUp(tx, Number(signUp.user_id), signUp.referral_code);
    },
  },
  {
    name: VERIFY_JOB,
    async handler(job, { tx, now }) {
      const order = eventPayload(job);
      if (order.status !== 'delivered') return;
      await verifyOnDelivery(tx, Number(order.buyer_id), now);
    },
  },
];

/** The sign-up (auth) and every order status change (orders) reach referrals through the outbox. */
export const referralSubscriptions: Subscription[] = [
  { topic: 'user.signed_up', job: RECORD_JOB },
  { topic: 'order.updated', job: VERIFY_JOB },
];
