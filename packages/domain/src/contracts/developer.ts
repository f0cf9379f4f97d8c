import { z } from 'zod';
import {
  apiEndpointSchema,
  apiKeyListSchema,
  apiSalesQuerySchema,
  apiSalesSchema,
  apiUsageSchema,
  createApiKeySchema,
  createdApiKeySchema,
  requestLogListSchema,
  requestLogQuerySchema,
} from '../developer.ts';
import { idSchema } from '../ids.ts';
import { contract } from './contract.ts';

const idParams = z.object({ id: idSchema });

/**
 * Developer tools (spec 2; DECISIONS 11; ADR 050): the enterprise menu's screen (reports.view: admins and
 * coordinators). Each user sees, makes and revokes only their own keys and sees only their own keys' requests.
 */
export const developerContracts = {
  keys: contract({
    method: 'GET',
    path: '/api/developer/keys',
    tag: 'developer',
    summary: "The caller's API keys that are not revoked, masked, newest first",
    access: 'reports.view',
    status: 200,
    response: apiKeyListSchema,
  }),
  createKey: contract({
    method: 'POST',
    path: '/api/developer/keys',
    tag: 'developer',
    summary: 'Make an API key: the whole key is in this answer only; the server keeps its hash',
    access: 'reports.view',
    body: createApiKeySchema,
    status: 201,
    response: createdApiKeySchema,
  }),
  revokeKey: contract({
    method: 'DELETE',
    path: '/api/developer/keys/:id',
    tag: 'developer',
    summary: 'Revoke one of the caller’s API keys: it stops working at once',
    access: 'reports.view',
    resource: 'owner',
    params: idParams,
    status: 204,
  }),
  logs: contract({
    method: 'GET',
    path: '/api/developer/logs',
    tag: 'developer',
    summary: "The requests made with the caller's API keys, newest first, a page at a time",
    access: 'reports.view',
    query: requestLogQuerySchema,
    status: 200,
    response: requestLogListSchema,
  }),
  usage: contract({
    method: 'GET',
    path: '/api/developer/usage',
    tag: 'developer',
    summary: "Figures of the caller's API use: requests today and over 7 days, error rate, average time",
    access: 'reports.view',
    status: 200,
    response: apiUsageSchema,
  }),
  endpoints: contract({
    method: 'GET',
    path: '/api/developer/endpoints',
    tag: 'developer',
    summary:
      'The public API as the server has it: each endpoint an API key may call, its scope and parameters',
    access: 'reports.view',
    status: 200,
    response: z.array(apiEndpointSchema),
  }),
};

/** The public API's own figures (ADR 050): only through an API key's read:analytics, or a signed-in call. */
export const analyticsContracts = {
  sales: contract({
    method: 'GET',
    path: '/api/analytics/sales',
    tag: 'analytics',
    summary:
      "The caller's sales (a seller), purchases (a buyer) or the platform's orders (an admin) over a period",
    access: 'signed_in',
    apiScope: 'read:analytics',
    query: apiSalesQuerySchema,
    status: 200,
    response: apiSalesSchema,
  }),
};
