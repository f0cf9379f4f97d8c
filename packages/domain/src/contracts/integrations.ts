import { z } from 'zod';
import {
  integrationActivityQuerySchema,
  integrationLogListSchema,
  integrationsOverviewSchema,
  marketplaceDemandSchema,
  marketplaceEntrySchema,
  marketplaceKeySchema,
} from '../integrations.ts';
import { contract } from './contract.ts';

const keyParams = z.object({ key: marketplaceKeySchema });

/**
 * Integrations (spec 2; DECISIONS 11, 12, 17; ADR 055): every signed-in user sees what this deployment really
 * connects to, as far as their role uses it, and the marketplace's showcase, where they may ask for a service.
 * The activity log is the public API's request log, so it is for the roles that hold API keys (reports.view);
 * how many asked for each marketplace service is for the deployment's administrators.
 */
export const integrationsContracts = {
  overview: contract({
    method: 'GET',
    path: '/api/integrations',
    tag: 'integrations',
    summary:
      'The deployment’s real connections (sign-in, public API, spreadsheets, database) with their status, counts and the latest API requests',
    access: 'signed_in',
    status: 200,
    response: integrationsOverviewSchema,
  }),
  activity: contract({
    method: 'GET',
    path: '/api/integrations/activity',
    tag: 'integrations',
    summary: "The requests made with the caller's API keys, by status, newest first, a page at a time",
    access: 'reports.view',
    query: integrationActivityQuerySchema,
    status: 200,
    response: integrationLogListSchema,
  }),
  marketplace: contract({
    method: 'GET',
    path: '/api/integrations/marketplace',
    tag: 'integrations',
    summary: 'The fixed showcase of services the product does not connect to, with the caller’s requests',
    access: 'signed_in',
    status: 200,
    response: z.array(marketplaceEntrySchema),
  }),
  request: contract({
    method: 'PUT',
    path: '/api/integrations/marketplace/:key/request',
    tag: 'integrations',
    summary: 'Ask for a marketplace service (once per user: asking again changes nothing)',
    access: 'signed_in',
    params: keyParams,
    status: 200,
    response: marketplaceEntrySchema,
  }),
  withdraw: contract({
    method: 'DELETE',
    path: '/api/integrations/marketplace/:key/request',
    tag: 'integrations',
    summary: 'Withdraw a request for a marketplace service (a request not made is already withdrawn)',
    access: 'signed_in',
    params: keyParams,
    status: 200,
    response: marketplaceEntrySchema,
  }),
  demand: contract({
    method: 'GET',
    path: '/api/integrations/marketplace/requests',
    tag: 'integrations',
    summary: 'How many users asked for each marketplace service, most asked first',
    access: 'integrations.manage',
    status: 200,
    response: marketplaceDemandSchema,
  }),
};
