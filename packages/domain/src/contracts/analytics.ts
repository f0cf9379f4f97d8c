import {
  analyticsQuerySchema,
  analyticsTransactionsQuerySchema,
  businessAnalyticsSchema,
  financialAnalyticsSchema,
} from '../analytics.ts';
import { journalListSchema } from '../ledger.ts';
import { contract } from './contract.ts';

/**
 * Advanced Analytics (spec 2; DECISIONS 12; ADR 056): the caller's own business over a week, month, quarter or
 * year. Spec 2 guards the screen by sign-in only; every figure is the caller's own (sales as a seller, till sales,
 * purchases, its own books), so there is nothing of anyone else's to refuse. The public API's
 * /api/analytics/sales (ADR 050) stays as it was.
 */
export const advancedAnalyticsContracts = {
  business: contract({
    method: 'GET',
    path: '/api/analytics/business',
    tag: 'analytics',
    summary: "Business intelligence: the caller's sales, customers, products and regions over the timeframe",
    access: 'signed_in',
    query: analyticsQuerySchema,
    status: 200,
    response: businessAnalyticsSchema,
  }),
  financial: contract({
    method: 'GET',
    path: '/api/analytics/financial',
    tag: 'analytics',
    summary: "Financial analytics from the caller's books: income, expenses, cash flow and projections",
    access: 'signed_in',
    query: analyticsQuerySchema,
    status: 200,
    response: financialAnalyticsSchema,
  }),
  transactions: contract({
    method: 'GET',
    path: '/api/analytics/transactions',
    tag: 'analytics',
    summary: "The journal entries of the caller's books dated in the timeframe, newest first, 20 a page",
    access: 'signed_in',
    query: analyticsTransactionsQuerySchema,
    status: 200,
    response: journalListSchema,
  }),
};
