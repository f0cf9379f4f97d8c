import { z } from 'zod';
import { appUserSchema, closeAccountSchema, exportQuerySchema, profilePatchSchema } from '../users.ts';
import { authOptionsSchema, demoLoginSchema, redirectUrlSchema, sessionExchangeSchema } from '../auth.ts';
import { dashboardSchema } from '../dashboard.ts';
import { notificationListSchema, notificationSchema } from '../notifications.ts';
import { planRestrictionsSchema } from '../catalog.ts';
import {
  mySubscriptionSchema,
  subscriptionPlanSchema,
  upgradeSubscriptionSchema,
  usageStatsSchema,
} from '../plans.ts';
import { idSchema } from '../ids.ts';
import { contract } from './contract.ts';

const idParams = z.object({ id: idSchema });

export const healthContracts = {
  health: contract({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    access: 'public',
    status: 200,
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
  }),
};

export const authContracts = {
  options: contract({
    method: 'GET',
    path: '/api/auth/options',
    tag: 'auth',
    summary: 'Which sign-in methods the landing page offers',
    access: 'public',
    status: 200,
    response: authOptionsSchema,
  }),
  me: contract({
    method: 'GET',
    path: '/api/users/me',
    tag: 'auth',
    access: 'signed_in',
    status: 200,
    response: appUserSchema,
  }),
  logout: contract({
    method: 'GET',
    path: '/api/logout',
    tag: 'auth',
    access: 'public',
    status: 200,
    response: z.object({ ok: z.literal(true) }),
  }),
  demoLogin: contract({
    method: 'POST',
    path: '/api/demo/login',
    tag: 'auth',
    access: 'public',
    body: demoLoginSchema.nullish(),
    status: 200,
    response: appUserSchema,
  }),
  redirectUrl: contract({
    method: 'GET',
    path: '/api/oauth/google/redirect_url',
    tag: 'auth',
    access: 'public',
    status: 200,
    response: redirectUrlSchema,
  }),
  exchange: contract({
    method: 'POST',
    path: '/api/sessions',
    tag: 'auth',
    access: 'public',
    body: sessionExchangeSchema,
    status: 200,
    response: appUserSchema,
  }),
};

export const userContracts = {
  updateProfile: contract({
    method: 'PUT',
    path: '/api/users/profile',
    tag: 'users',
    description: 'Changes only the fields sent. Demo accounts keep their role (403 demo_account).',
    access: 'signed_in',
    body: profilePatchSchema,
    status: 200,
    response: appUserSchema,
  }),
  /** The answer is a file (JSON or CSV) the browser saves, so it has no response schema. */
  exportData: contract({
    method: 'GET',
    path: '/api/users/me/export',
    tag: 'users',
    description: 'Everything the product holds about the caller (POPIA), as a JSON or CSV download.',
    access: 'signed_in',
    query: exportQuerySchema,
    status: 200,
  }),
  closeAccount: contract({
    method: 'POST',
    path: '/api/users/me/close',
    tag: 'users',
    description:
      'Closes the account (POPIA): personal fields are removed, every session ends; orders and co-op ' +
      'records keep their figures under "Closed account #id". Demo accounts cannot be closed.',
    access: 'signed_in',
    body: closeAccountSchema,
    status: 200,
    response: z.object({ closed: z.literal(true) }),
  }),
};

export const dashboardContracts = {
  summary: contract({
    method: 'GET',
    path: '/api/dashboard',
    tag: 'dashboard',
    access: 'signed_in',
    status: 200,
    response: dashboardSchema,
  }),
};

export const notificationContracts = {
  list: contract({
    method: 'GET',
    path: '/api/notifications',
    tag: 'notifications',
    access: 'signed_in',
    status: 200,
    response: notificationListSchema,
  }),
  markRead: contract({
    method: 'POST',
    path: '/api/notifications/:id/read',
    tag: 'notifications',
    access: 'signed_in',
    resource: 'owner',
    params: idParams,
    status: 200,
    response: notificationSchema,
  }),
  markAllRead: contract({
    method: 'POST',
    path: '/api/notifications/read-all',
    tag: 'notifications',
    access: 'signed_in',
    status: 200,
    response: z.object({ updated: z.number().int() }),
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/notifications/:id',
    tag: 'notifications',
    access: 'signed_in',
    resource: 'owner',
    params: idParams,
    status: 204,
  }),
  demo: contract({
    method: 'POST',
    path: '/api/notifications/demo',
    tag: 'notifications',
    summary: "Spec 1 §9's simulation: the web calls this on its timer, for demo sessions only",
    access: 'signed_in',
    resource: 'demo_account',
    status: 201,
    response: notificationSchema,
  }),
};

export const subscriptionContracts = {
  planRestrictions: contract({
    method: 'GET',
    path: '/api/user-plan-restrictions',
    tag: 'subscriptions',
    access: 'signed_in',
    status: 200,
    response: planRestrictionsSchema,
  }),
  plans: contract({
    method: 'GET',
    path: '/api/subscription-plans',
    tag: 'subscriptions',
    access: 'signed_in',
    status: 200,
    response: z.array(subscriptionPlanSchema),
  }),
  mine: contract({
    method: 'GET',
    path: '/api/my-subscription',
    tag: 'subscriptions',
    access: 'signed_in',
    status: 200,
    response: mySubscriptionSchema,
  }),
  usage: contract({
    method: 'GET',
    path: '/api/subscription/usage-stats',
    tag: 'subscriptions',
    access: 'signed_in',
    status: 200,
    response: usageStatsSchema,
  }),
  upgrade: contract({
    method: 'POST',
    path: '/api/subscription/upgrade',
    tag: 'subscriptions',
    summary: 'Recorded, not charged (DECISIONS 17); a paid plan starts with its trial',
    access: 'signed_in',
    body: upgradeSubscriptionSchema,
    status: 200,
    response: mySubscriptionSchema,
  }),
};

const jobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: z.string(),
  last_error: z.string().nullable(),
  updated_at: z.string(),
});

export const jobsOverviewSchema = z.object({
  counts: z.object({ pending: z.number().int(), succeeded: z.number().int(), failed: z.number().int() }),
  undispatched_events: z.number().int(),
  /** The latest jobs that failed at least once: retrying (pending) or given up (failed). */
  problems: z.array(jobSchema),
});

export const jobContracts = {
  overview: contract({
    method: 'GET',
    path: '/api/admin/jobs',
    tag: 'admin',
    summary: 'The background jobs as an admin sees them: what waits, what failed and why',
    access: 'admin.jobs',
    status: 200,
    response: jobsOverviewSchema,
  }),
};
