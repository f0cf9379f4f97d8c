import { z } from 'zod';
import { idSchema } from '../ids.ts';
import {
  endedSessionsSchema,
  securityEventFilterSchema,
  securityEventListSchema,
  securityEventQuerySchema,
  securityOverviewSchema,
  securitySessionListSchema,
} from '../security.ts';
import { contract } from './contract.ts';

/**
 * Security Center (spec 2; DECISIONS 11, 12; ADR 054): every signed-in user sees their own account's events and
 * sessions and ends their own sessions; security.monitor (admins) also sees the whole deployment's events.
 */
export const securityContracts = {
  overview: contract({
    method: 'GET',
    path: '/api/security/overview',
    tag: 'security',
    summary:
      "The deployment's security measures as its configuration and code are, the score, the caller's sign-in figures and the personal-data register",
    access: 'signed_in',
    status: 200,
    response: securityOverviewSchema,
  }),
  events: contract({
    method: 'GET',
    path: '/api/security/events',
    tag: 'security',
    summary:
      "Security events, newest first, a page at a time: the caller's own, or the deployment's (security.monitor)",
    access: 'signed_in',
    query: securityEventQuerySchema,
    status: 200,
    response: securityEventListSchema,
  }),
  exportEvents: contract({
    method: 'GET',
    path: '/api/security/events/export',
    tag: 'security',
    summary: 'The same events as the filter shows, as a CSV download (at most 5,000, newest first)',
    access: 'signed_in',
    query: securityEventFilterSchema,
    status: 200,
  }),
  sessions: contract({
    method: 'GET',
    path: '/api/security/sessions',
    tag: 'security',
    summary: "The caller's open sessions, newest first, with the one this request came with marked",
    access: 'signed_in',
    status: 200,
    response: securitySessionListSchema,
  }),
  endSession: contract({
    method: 'DELETE',
    path: '/api/security/sessions/:id',
    tag: 'security',
    summary: "Sign out one of the caller's other sessions: it stops working at once",
    access: 'signed_in',
    resource: 'owner',
    params: z.object({ id: idSchema }),
    status: 204,
  }),
  endOtherSessions: contract({
    method: 'POST',
    path: '/api/security/sessions/sign-out-others',
    tag: 'security',
    summary: "Sign out every session of the caller's account but this one",
    access: 'signed_in',
    status: 200,
    response: endedSessionsSchema,
  }),
};
