import { z } from 'zod';
import { can, type Access } from './permissions.ts';
import { reportPeriodSchema } from './reports.ts';
import type { Role } from './roles.ts';

/**
 * Developer tools (spec 2 "Developer Tools"; DECISIONS 11; ADR 050): API keys that really authenticate the
 * public API, the log of what each key asked, and the API's own description. A key belongs to the user who made
 * it and acts as that user: a request may do what the key's scopes allow AND what the owner's role allows.
 */

/** The spec's permissions of a key (spec 2 §3 "API key"): each public endpoint names the one it needs. */
export const API_SCOPES = ['read:products', 'write:orders', 'read:analytics', 'read:orders'] as const;
export const apiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof apiScopeSchema>;

/** Every key starts so, so a key pasted somewhere it should not be is recognised (by people and by scanners). */
export const API_KEY_PREFIX = 'tt_live_';
/** The key's secret part: 24 random bytes (192 bits), written as 32 base64url characters. */
export const API_KEY_RANDOM_BYTES = 24;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + (API_KEY_RANDOM_BYTES * 4) / 3;
/** The spec's masked form shows the first and the last 8 characters; only these are stored beside the hash. */
export const API_KEY_SHOWN_CHARS = 8;
/** How many keys a user may hold that are not revoked (409 past it). */
export const MAX_LIVE_API_KEYS = 10;
/** Requests one key may make a minute before it is answered 429. */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 120;
/** The request log keeps this many days; a daily job removes the older rows. */
export const API_REQUEST_LOG_DAYS = 30;
/** And at most this many rows per user, whatever their age (the same job trims past it). */
export const API_REQUEST_LOG_MAX_PER_USER = 10_000;
export const API_REQUEST_LOG_PAGE_SIZE = 20;
export const API_REQUEST_LOG_PAGE_MAX = 500;

/** A key as a string of the right shape: the prefix, then exactly the random part's characters. */
export const apiKeyPattern = new RegExp(
  `^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_LENGTH - API_KEY_PREFIX.length}}$`,
);
export const isApiKeyShaped = (value: string): boolean => apiKeyPattern.test(value);

/** What is kept of a key to show it later: its first and last characters, never enough to use it. */
export function apiKeyVisibleParts(key: string): { prefix: string; suffix: string } {
  return { prefix: key.slice(0, API_KEY_SHOWN_CHARS), suffix: key.slice(-API_KEY_SHOWN_CHARS) };
}

/** How many dots stand for the hidden middle: a fixed few, so the masked key fits a phone's line. */
export const API_KEY_MASK_DOTS = 8;

/** The spec's masked form: the first 8 and the last 8 characters with the middle hidden. */
export function maskApiKey(prefix: string, suffix: string): string {
  return `${prefix}${'•'.repeat(API_KEY_MASK_DOTS)}${suffix}`;
}

/**
 * Why a key may not make a request, or null when it may. The key's scopes must include the one the endpoint
 * names (an endpoint that names none is not part of the public API: no key may call it), and the key's owner must
 * hold the endpoint's access rule, as on a signed-in call: a key never grants more than its owner has.
 */
export function apiKeyRefusal(
  key: { scopes: readonly ApiScope[]; role: Role },
  endpoint: { apiScope?: ApiScope | undefined; access: Access },
): 'api_key.not_public' | 'api_key.scope_missing' | 'forbidden' | null {
  if (endpoint.apiScope === undefined) return 'api_key.not_public';
  if (!key.scopes.includes(endpoint.apiScope)) return 'api_key.scope_missing';
  if (endpoint.access !== 'public' && endpoint.access !== 'signed_in' && !can(key.role, endpoint.access)) {
    return 'forbidden';
  }
  return null;
}

/** The request log's figures: requests and errors (4xx and 5xx) over a span, and their average time. */
export interface RequestLogCounts {
  requests: number;
  errors: number;
  total_ms: number;
}
export function usageFigures(today: RequestLogCounts, week: RequestLogCounts) {
  return {
    requests_today: today.requests,
    requests_7d: week.requests,
    /** Share of the last 7 days' requests answered with an error, 0..1; null when there were none. */
    error_rate_7d: week.requests === 0 ? null : week.errors / week.requests,
    /** Average time in whole milliseconds over the last 7 days; null when there were none. */
    average_ms_7d: week.requests === 0 ? null : Math.round(week.total_ms / week.requests),
  };
}

// ---- Requests

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }).max(100),
  scopes: z
    .array(apiScopeSchema)
    .min(1, { message: 'validation.required' })
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'validation.invalid' }),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

export const requestLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(API_REQUEST_LOG_PAGE_MAX).default(1),
});

export const apiSalesQuerySchema = z.object({ period: reportPeriodSchema.default('30d') });

// ---- Responses

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first 8 and last 8 characters; the whole key is shown once, when it is made, and never again. */
  masked_key: z.string(),
  permissions: z.array(apiScopeSchema),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to making a key: the only time the whole key is sent. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  max_keys: z.number().int(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const requestLogSchema = z.object({
  id: z.number().int(),
  api_key_id: z.number().int(),
  key_name: z.string(),
  masked_key: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  duration_ms: z.number().int(),
  created_at: z.string(),
});
export type RequestLog = z.infer<typeof requestLogSchema>;

export const requestLogListSchema = z.object({
  logs: z.array(requestLogSchema),
  matching: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RequestLogList = z.infer<typeof requestLogListSchema>;

export const apiUsageSchema = z.object({
  requests_today: z.number().int(),
  requests_7d: z.number().int(),
  error_rate_7d: z.number().nullable(),
  average_ms_7d: z.number().int().nullable(),
  live_keys: z.number().int(),
  /** Where the API answers (PUBLIC_URL), for the quick-start steps. */
  base_url: z.string(),
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;

/** One parameter of a public endpoint, as its contract's schema declares it. */
export const apiParameterSchema = z.object({
  name: z.string(),
  in: z.enum(['path', 'query', 'body', 'header']),
  required: z.boolean(),
  type: z.string(),
  description: z.string().nullable(),
});
export const apiEndpointSchema = z.object({
  method: z.string(),
  path: z.string(),
  scope: apiScopeSchema,
  summary: z.string().nullable(),
  /** Which roles' keys may call it beyond the scope (the contract's access rule). */
  access: z.string(),
  parameters: z.array(apiParameterSchema),
});
export type ApiEndpoint = z.infer<typeof apiEndpointSchema>;

/** The public API's sales figures: a seller's sales, a buyer's purchases, or the platform's for an admin. */
export const apiSalesSchema = z.object({
  period: reportPeriodSchema,
  from: z.string(),
  to: z.string(),
  side: z.enum(['sales', 'purchases', 'platform']),
  figures: z.object({
    orders: z.number().int(),
    cancelled_orders: z.number().int(),
    /** Value of the orders not cancelled (rand, VAT and delivery included). */
    total: z.number(),
    average_order_value: z.number(),
  }),
  series: z.array(z.object({ label: z.string(), total: z.number(), orders: z.number().int() })),
});
export type ApiSales = z.infer<typeof apiSalesSchema>;
