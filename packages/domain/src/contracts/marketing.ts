import { z } from 'zod';
import {
  audiencesSchema,
  campaignAnalyticsSchema,
  campaignCodeParams,
  campaignIdParams,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignSchema,
  campaignSpendSchema,
} from '../marketing.ts';
import { contract } from './contract.ts';

/**
 * Marketing campaigns (spec 2 §7 plus what pause, resume, spend and the tracked link need): the
 * `marketing.manage` permission for all of it (ADR 019); the tracked link itself is public, since the
 * people it is sent to are often not signed in. See packages/domain/src/marketing.ts.
 */
export const marketingContracts = {
  campaigns: contract({
    method: 'GET',
    path: '/api/marketing/campaigns',
    tag: 'marketing',
    summary: 'The campaigns with their metrics, newest first (an empty list when there are none)',
    access: 'marketing.manage',
    denied: 'marketing.staff_only',
    query: campaignListQuerySchema,
    status: 200,
    response: z.array(campaignSchema),
  }),
  createCampaign: contract({
    method: 'POST',
    path: '/api/marketing/campaigns',
    tag: 'marketing',
    summary: 'Create a campaign with its tracked link',
    access: 'marketing.manage',
    denied: 'marketing.staff_only',
    body: campaignInputSchema,
    status: 201,
    response: campaignSchema,
  }),
  pause: contract({
    method: 'POST',
    path: '/api/marketing/campaigns/:id/pause',
    tag: 'marketing',
    summary: 'Pause an active campaign: its link still leads on but counts no clicks (409 otherwise)',
    access: 'marketing.manage',
    denied: 'marketing.staff_only',
    params: campaignIdParams,
    status: 200,
    response: campaignSchema,
  }),
  resume: contract({
    method: 'POST',
    path: '/api/marketing/campaigns/:id/resume',
    tag: 'marketing',
    summary: 'Resume a paused campaign (409 otherwise)',
    access: 'marketing.manage',
    denied: 'marketing.staff_only',
    params: campaignIdParams,
    status: 200,
    response: campaignSchema,
  }),
  recordSpend: contract({
    method: 'POST',
    path: '/api/marketing/campaigns/:id/spend',
    tag: 'marketing',
    summary: 'Record money spent on a campaign (fills its budget bar)',
    access: 'marketing.manage',
    denied: 'marketing.staff_only',
    params: campaignIdParams,
    body: campaignSpendSchema,
    status: 200,
    response: campaignSchema,
  }),
  analytics: contract({
    method: 'GET',
    path: '/api/marketing/analytics',
    tag: 'marketing',
    summary: "The analytics tab: totals, per type and the last 30 days' clicks, from the tracked links",
    access: 'marketing.manage',
    denied: 'marketing.staff_only',
    status: 200,
    response: campaignAnalyticsSchema,
  }),
  audiences: contract({
    method: 'GET',
    path: '/api/marketing/audiences',
    tag: 'marketing',
    summary: "The network's buying businesses counted by business type and by province",
    access: 'marketing.manage',
    denied: 'marketing.staff_only',
    status: 200,
    response: audiencesSchema,
  }),
  trackedLink: contract({
    method: 'GET',
    path: '/c/:code',
    tag: 'marketing',
    summary:
      "A campaign's tracked link: counts the click while the campaign is active and redirects (302) to the campaign's page in this app",
    access: 'public',
    params: campaignCodeParams,
    status: 200,
  }),
};
