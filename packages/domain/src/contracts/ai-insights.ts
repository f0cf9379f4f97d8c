import { z } from 'zod';
import { aiInsightsSchema, insightDismissalInputSchema, insightKeySchema } from '../ai-insights.ts';
import { contract } from './contract.ts';

/**
 * AI Business Insights (spec 2; DECISIONS 12; ADR 053): a business's recommendations, patterns and forecasts from
 * its own sales and stock. Every business keeps stock (the till's and inventory's access); staff accounts keep
 * none. A dismissal is the caller's own, per recommendation key.
 */
export const aiInsightsContracts = {
  insights: contract({
    method: 'GET',
    path: '/api/ai-insights',
    tag: 'ai-insights',
    summary:
      'Recommendations, patterns and forecasts from the business’s own till sales, shipments and stock',
    access: 'inventory.manage',
    denied: 'ai_insights.business_only',
    status: 200,
    response: aiInsightsSchema,
  }),
  dismiss: contract({
    method: 'POST',
    path: '/api/ai-insights/dismissals',
    tag: 'ai-insights',
    summary: 'Dismiss a current recommendation (until its figures change materially)',
    access: 'inventory.manage',
    denied: 'ai_insights.business_only',
    body: insightDismissalInputSchema,
    status: 200,
    response: aiInsightsSchema,
  }),
  undismiss: contract({
    method: 'DELETE',
    path: '/api/ai-insights/dismissals/:key',
    tag: 'ai-insights',
    summary: 'Bring a dismissed recommendation back',
    access: 'inventory.manage',
    denied: 'ai_insights.business_only',
    params: z.object({ key: insightKeySchema }),
    status: 200,
    response: aiInsightsSchema,
  }),
};
