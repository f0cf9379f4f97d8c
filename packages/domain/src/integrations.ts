import { z } from 'zod';
import { API_REQUEST_LOG_PAGE_MAX } from './developer.ts';
import { centsToRand, type Cents } from './money.ts';
import { SEARCH_TEXT_MAX } from './search.ts';

/**
 * Integrations (spec 2 "Integrations"; DECISIONS 11, 12, 17; ADR 055). Two different things on one screen:
 * - the connections this deployment really has (sign-in with OIDC, the public API and its keys, spreadsheet
 *   import and export, the offline till, the database), each with a status worked out from what is true now;
 * - the marketplace: a fixed showcase of South African services the product does not connect to, where a user may
 *   say they want one (a request an admin counts). Nothing there claims a connection.
 */

/** Spec 2 §4: the integration types and statuses, and a log line's status. */
export const INTEGRATION_TYPES = [
  'payment',
  'shipping',
  'inventory',
  'accounting',
  'crm',
  'marketing',
  'analytics',
] as const;
export const integrationTypeSchema = z.enum(INTEGRATION_TYPES);
export type IntegrationType = z.infer<typeof integrationTypeSchema>;

export const INTEGRATION_STATUSES = ['active', 'pending', 'error', 'inactive'] as const;
export const integrationStatusSchema = z.enum(INTEGRATION_STATUSES);
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

export const INTEGRATION_LOG_STATUSES = ['success', 'error'] as const;
export const integrationLogStatusSchema = z.enum(INTEGRATION_LOG_STATUSES);
export type IntegrationLogStatus = z.infer<typeof integrationLogStatusSchema>;

// ---- Rules

/**
 * Spec 2 §5: a search matches the name, the provider or the type. Case and accents do not matter, nor spaces
 * around it; a blank search matches everything. `type_label` is the type in the reader's language, so "Betaling"
 * finds the payment services as "payment" does.
 */
export function integrationMatches(
  entry: { name: string; provider: string; integration_type: string; type_label?: string },
  search: string,
): boolean {
  const wanted = fold(search);
  if (wanted === '') return true;
  return [entry.name, entry.provider, entry.integration_type, entry.type_label ?? ''].some((field) =>
    fold(field).includes(wanted),
  );
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Of at least this many requests in the window... */
export const INTEGRATION_ERROR_MIN_REQUESTS = 3;
/** ...this share or more failing makes a connection's status `error`. */
export const INTEGRATION_ERROR_RATE = 0.5;
/** The window of a connection's request and error figures. */
export const INTEGRATION_WINDOW_HOURS = 24;

/** What is true of one connection now, as its owner area reports it. */
export interface ConnectionFacts {
  /** The caller's role may use it at all. */
  available: boolean;
  /** It is set up: the deployment's settings are there, or the caller holds a live key. */
  configured: boolean;
  /** It has been used since it was set up (a key's last use, an upload). */
  used: boolean;
  /** Requests (or runs) in the window, and how many of them failed. */
  requests: number;
  errors: number;
  /** The latest run failed (a spreadsheet import). */
  lastFailed?: boolean;
}

/**
 * Spec 2 §4's status of a connection, worked out from reality: not usable or not set up is `inactive`, set up and
 * never used is `pending`, a failing latest run or half of at least three requests failing in the window is
 * `error`, anything else `active`.
 */
export function connectionStatus(facts: ConnectionFacts): IntegrationStatus {
  if (!facts.available || !facts.configured) return 'inactive';
  if (!facts.used) return 'pending';
  if (facts.lastFailed) return 'error';
  if (
    facts.requests >= INTEGRATION_ERROR_MIN_REQUESTS &&
    facts.errors / facts.requests >= INTEGRATION_ERROR_RATE
  )
    return 'error';
  return 'active';
}

/** A logged request succeeded below 400 (a 4xx is the caller's error, a 5xx the server's: both are errors). */
export const logStatusOf = (httpStatus: number): IntegrationLogStatus =>
  httpStatus < 400 ? 'success' : 'error';

// ---- The deployment's own connections

export const CONNECTION_IDS = [
  'sso',
  'public_api',
  'spreadsheet_import',
  'inventory_export',
  'offline_till',
  'database',
] as const;
export const connectionIdSchema = z.enum(CONNECTION_IDS);
export type ConnectionId = z.infer<typeof connectionIdSchema>;

/** The settings that switch single sign-on on (README's configuration table). */
export const OIDC_ENV_VARS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

const connectionBase = {
  status: integrationStatusSchema,
  /** The caller's role may use it. */
  available: z.boolean(),
  /** The caller is the one who would set it up (and so counts it as needing setup when it is not). */
  can_set_up: z.boolean(),
  /** The latest use or run, when the product records one. */
  last_activity_at: z.string().nullable(),
};

export const connectionSchema = z.discriminatedUnion('id', [
  z.object({
    id: z.literal('sso'),
    ...connectionBase,
    /** The sign-in provider's host (the browser is sent there anyway), or null when not configured. */
    issuer_host: z.string().nullable(),
    env_vars: z.array(z.string()),
  }),
  z.object({
    id: z.literal('public_api'),
    ...connectionBase,
    live_keys: z.number().int(),
    requests_24h: z.number().int(),
    errors_24h: z.number().int(),
  }),
  z.object({
    id: z.literal('spreadsheet_import'),
    ...connectionBase,
    uploads: z.number().int(),
    last_upload_status: z.string().nullable(),
    imported_rows: z.number().int(),
  }),
  z.object({ id: z.literal('inventory_export'), ...connectionBase }),
  z.object({
    id: z.literal('database'),
    ...connectionBase,
    engine: z.enum(['pglite', 'postgres']),
    version: z.string(),
  }),
]);
export type Connection = z.infer<typeof connectionSchema>;

export const integrationCountsSchema = z.object({
  connected: z.number().int(),
  needs_setup: z.number().int(),
  requests_24h: z.number().int(),
  errors_24h: z.number().int(),
});
export type IntegrationCounts = z.infer<typeof integrationCountsSchema>;

/**
 * The overview's counts: connections active, connections the caller would set up that are not (pending or
 * inactive), and the API's requests and errors in the window.
 */
export function integrationCounts(
  connections: readonly Pick<Connection, 'status' | 'can_set_up'>[],
  api: { requests: number; errors: number },
): IntegrationCounts {
  return {
    connected: connections.filter((c) => c.status === 'active').length,
    needs_setup: connections.filter(
      (c) => c.can_set_up && (c.status === 'pending' || c.status === 'inactive'),
    ).length,
    requests_24h: api.requests,
    errors_24h: api.errors,
  };
}

// ---- Activity (the public API's request log, through the developer area)

export const INTEGRATION_RECENT_MAX = 5;

export const integrationActivityQuerySchema = z.object({
  status: integrationLogStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(API_REQUEST_LOG_PAGE_MAX).default(1),
});

export const integrationLogSchema = z.object({
  id: z.number().int(),
  /** Spec 2 §3's integration_name: the connection (the public API) and the key it came through. */
  integration: z.literal('public_api'),
  key_name: z.string(),
  masked_key: z.string(),
  /** The route asked: method and path. */
  action: z.string(),
  status: integrationLogStatusSchema,
  http_status: z.number().int(),
  created_at: z.string(),
  execution_time_ms: z.number().int(),
});
export type IntegrationLog = z.infer<typeof integrationLogSchema>;

export const integrationLogListSchema = z.object({
  logs: z.array(integrationLogSchema),
  matching: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type IntegrationLogList = z.infer<typeof integrationLogListSchema>;

export const integrationsOverviewSchema = z.object({
  connections: z.array(connectionSchema),
  counts: integrationCountsSchema,
  /** The latest API requests (empty for a role without API keys). */
  recent: z.array(integrationLogSchema),
});
export type IntegrationsOverview = z.infer<typeof integrationsOverviewSchema>;

// ---- The marketplace: fixed showcase content (DECISIONS 11)

export const MARKETPLACE_FEATURES = [
  'card_payments',
  'instant_eft',
  'payment_links',
  'tap_to_pay',
  'qr_payments',
  'waybills',
  'tracking',
  'door_to_door',
  'pickup_points',
  'stock_sync',
  'order_sync',
  'invoices',
  'bank_feeds',
  'vat_returns',
  'contacts',
  'pipelines',
  'sms',
  'whatsapp',
  'email_campaigns',
  'web_traffic',
  'dashboards',
] as const;
export type MarketplaceFeature = (typeof MARKETPLACE_FEATURES)[number];

interface CatalogueEntry {
  name: string;
  provider: string;
  integration_type: IntegrationType;
  features: readonly MarketplaceFeature[];
  /** An indicative subscription a month; 0 where the provider charges per transaction or parcel instead. */
  monthly_cost_cents: Cents;
}

/**
 * Services South African shops use, by type. The product connects to none of them (DECISIONS 17: no payment
 * provider is connected); the figures are indicative showcase prices, and the screen says both.
 */
export const MARKETPLACE_CATALOGUE = {
  payfast: {
    name: 'Payfast',
    provider: 'Network International',
    integration_type: 'payment',
    features: ['card_payments', 'instant_eft', 'payment_links'],
    monthly_cost_cents: 0,
  },
  yoco: {
    name: 'Yoco',
    provider: 'Yoco',
    integration_type: 'payment',
    features: ['card_payments', 'tap_to_pay', 'payment_links'],
    monthly_cost_cents: 0,
  },
  snapscan: {
    name: 'SnapScan',
    provider: 'Standard Bank',
    integration_type: 'payment',
    features: ['qr_payments', 'payment_links'],
    monthly_cost_cents: 0,
  },
  courier_guy: {
    name: 'The Courier Guy',
    provider: 'The Courier Guy',
    integration_type: 'shipping',
    features: ['waybills', 'tracking', 'door_to_door'],
    monthly_cost_cents: 0,
  },
  pargo: {
    name: 'Pargo',
    provider: 'Pargo',
    integration_type: 'shipping',
    features: ['pickup_points', 'tracking'],
    monthly_cost_cents: 0,
  },
  stock2shop: {
    name: 'Stock2Shop',
    provider: 'Stock2Shop',
    integration_type: 'inventory',
    features: ['stock_sync', 'order_sync'],
    monthly_cost_cents: 149_500,
  },
  sage_accounting: {
    name: 'Sage Business Cloud Accounting',
    provider: 'Sage',
    integration_type: 'accounting',
    features: ['invoices', 'bank_feeds', 'vat_returns'],
    monthly_cost_cents: 19_900,
  },
  xero: {
    name: 'Xero',
    provider: 'Xero',
    integration_type: 'accounting',
    features: ['invoices', 'bank_feeds', 'vat_returns'],
    monthly_cost_cents: 42_500,
  },
  zoho_crm: {
    name: 'Zoho CRM',
    provider: 'Zoho',
    integration_type: 'crm',
    features: ['contacts', 'pipelines', 'email_campaigns'],
    monthly_cost_cents: 25_000,
  },
  clickatell: {
    name: 'Clickatell',
    provider: 'Clickatell',
    integration_type: 'marketing',
    features: ['sms', 'whatsapp'],
    monthly_cost_cents: 0,
  },
  mailchimp: {
    name: 'Mailchimp',
    provider: 'Intuit',
    integration_type: 'marketing',
    features: ['email_campaigns', 'contacts'],
    monthly_cost_cents: 27_500,
  },
  google_analytics: {
    name: 'Google Analytics',
    provider: 'Google',
    integration_type: 'analytics',
    features: ['web_traffic', 'dashboards'],
    monthly_cost_cents: 0,
  },
} as const satisfies Record<string, CatalogueEntry>;

export type MarketplaceKey = keyof typeof MARKETPLACE_CATALOGUE;
export const MARKETPLACE_KEYS = Object.keys(MARKETPLACE_CATALOGUE) as [MarketplaceKey, ...MarketplaceKey[]];
export const marketplaceKeySchema = z.enum(MARKETPLACE_KEYS);

export const marketplaceEntrySchema = z.object({
  key: marketplaceKeySchema,
  name: z.string(),
  provider: z.string(),
  integration_type: integrationTypeSchema,
  features: z.array(z.enum(MARKETPLACE_FEATURES)),
  /** Rand a month, indicative; 0 where the provider charges per use. */
  monthly_cost: z.number(),
  /** Never true: the product connects to none of these (kept in the answer so no screen can say otherwise). */
  connected: z.literal(false),
  /** The caller asked for it. */
  requested: z.boolean(),
});
export type MarketplaceEntry = z.infer<typeof marketplaceEntrySchema>;

/** The catalogue in its fixed order, with the caller's requests marked. */
export function marketplaceEntries(requested: ReadonlySet<string>): MarketplaceEntry[] {
  return MARKETPLACE_KEYS.map((key) => {
    const entry: CatalogueEntry = MARKETPLACE_CATALOGUE[key];
    return {
      key,
      name: entry.name,
      provider: entry.provider,
      integration_type: entry.integration_type,
      features: [...entry.features],
      monthly_cost: centsToRand(entry.monthly_cost_cents),
      connected: false as const,
      requested: requested.has(key),
    };
  });
}

export const marketplaceDemandSchema = z.array(
  z.object({ key: marketplaceKeySchema, requests: z.number().int() }),
);
export type MarketplaceDemand = z.infer<typeof marketplaceDemandSchema>;

/** The search box's longest text (the same as every list's). */
export const INTEGRATION_SEARCH_MAX = SEARCH_TEXT_MAX;
