import { z } from 'zod';

/**
 * Security Center (spec 2 "Security Center"; DECISIONS 11, 12; ADR 054): the account's real security events and
 * sessions, the deployment's security measures as its configuration and code really are, and the compliance
 * statements and personal-data register that are true of this product.
 */

// ---- Events

/**
 * What is recorded. Spec 2's login and failed_login are kept; its password_change, api_access and
 * suspicious_activity are not recorded: the product has no passwords (demo and OpenID Connect sign-in only) and
 * API key requests have their own log (ADR 050). The rest are the account changes that matter.
 */
export const SECURITY_EVENT_TYPES = [
  'login',
  'failed_login',
  'logout',
  'session_revoked',
  'api_key_created',
  'api_key_revoked',
  'role_change',
  'signup',
  'password_set',
  'password_link_issued',
  'account_suspended',
  'account_reactivated',
  'invitation_created',
  'invitation_revoked',
  'passkey_added',
  'passkey_removed',
] as const;
export const securityEventTypeSchema = z.enum(SECURITY_EVENT_TYPES);
export type SecurityEventType = z.infer<typeof securityEventTypeSchema>;

export const SECURITY_EVENT_STATUSES = ['success', 'failed', 'blocked'] as const;
export const securityEventStatusSchema = z.enum(SECURITY_EVENT_STATUSES);
export type SecurityEventStatus = z.infer<typeof securityEventStatusSchema>;

/** Events are kept this many days; a daily job removes the older ones. */
export const SECURITY_EVENT_DAYS = 90;
export const SECURITY_EVENT_PAGE_SIZE = 20;
export const SECURITY_EVENT_PAGE_MAX = 500;
/** An export holds at most this many events, newest first (the filter narrows it). */
export const SECURITY_EVENT_EXPORT_MAX = 5000;
/** The sessions list names at most this many, newest first (a shared demo account has many). */
export const SECURITY_SESSION_LIST_MAX = 50;
/** What is kept of a detail or a user agent: enough to read, never a whole header. */
export const SECURITY_DETAIL_MAX = 200;

/** Whose events: the caller's own account, or (security.monitor) the whole deployment's. */
export const SECURITY_EVENT_SCOPES = ['mine', 'deployment'] as const;

export const securityEventFilterSchema = z.object({
  scope: z.enum(SECURITY_EVENT_SCOPES).default('mine'),
  type: securityEventTypeSchema.optional(),
  status: securityEventStatusSchema.optional(),
});
export type SecurityEventFilter = z.input<typeof securityEventFilterSchema>;

export const securityEventQuerySchema = securityEventFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(SECURITY_EVENT_PAGE_MAX).default(1),
});
export type SecurityEventQuery = z.input<typeof securityEventQuerySchema>;

export const securityEventSchema = z.object({
  id: z.number().int(),
  type: securityEventTypeSchema,
  status: securityEventStatusSchema,
  /** The account it concerns; null for a sign-in that failed before anyone was known. */
  user_id: z.number().int().nullable(),
  /** The account's display name, in the deployment's view only (null in the caller's own). */
  user_name: z.string().nullable(),
  ip: z.string().nullable(),
  device: z.string(),
  /** A short machine-readable detail: an API key's name, `retailer>trader`, an error code. */
  details: z.string().nullable(),
  created_at: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventListSchema = z.object({
  events: z.array(securityEventSchema),
  matching: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type SecurityEventList = z.infer<typeof securityEventListSchema>;

// ---- Sessions

export const securitySessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** The session this request came with ("this device"). */
  current: z.boolean(),
});
export type SecuritySession = z.infer<typeof securitySessionSchema>;

export const securitySessionListSchema = z.object({
  sessions: z.array(securitySessionSchema),
  /** How many sessions the account has open in all (the list shows at most SECURITY_SESSION_LIST_MAX). */
  open: z.number().int(),
  /** A shared demo account (DECISIONS 9): its other sessions are other visitors', so not all are ended at once. */
  shared_account: z.boolean(),
});
export type SecuritySessionList = z.infer<typeof securitySessionListSchema>;

export const endedSessionsSchema = z.object({ ended: z.number().int() });

/**
 * A readable device from a User-Agent header: the browser and the system ("Chrome on Android"), or "Unknown
 * device". Only this is kept, never the header itself.
 */
export function deviceFromUserAgent(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  if (ua.trim() === '') return 'Unknown device';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /HeadlessChrome\//.test(ua)
            ? 'Headless Chrome'
            : /Chrome\/|CriOS\/|Chromium\//.test(ua)
              ? 'Chrome'
              : /Safari\//.test(ua) && /Version\//.test(ua)
                ? 'Safari'
                : /^curl\//.test(ua)
                  ? 'curl'
                  : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPod/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua)
        ? 'iPad'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

// ---- Measures and the score

export const SECURITY_LEVELS = ['basic', 'advanced', 'enterprise'] as const;
export const SECURITY_CATEGORIES = ['authentication', 'api', 'monitoring', 'compliance'] as const;

/** What the server knows of its own configuration, read once at start (apps/server/src/config.ts). */
export interface SecurityFacts {
  /** PUBLIC_URL is https: the session cookie is sent only over HTTPS. */
  https: boolean;
  /** OIDC_ISSUER is set: sign-in with the organisation's provider. */
  singleSignOn: boolean;
  /** DEMO_LOGIN: anyone may open a shared demo account. */
  demoSignIn: boolean;
  signInRateLimitPerMinute: number;
  apiKeyRateLimitPerMinute: number;
  sessionDays: number;
}

export const SECURITY_MEASURE_IDS = [
  'https_cookies',
  'single_sign_on',
  'demo_sign_in_off',
  'session_expiry',
  'sign_in_rate_limit',
  'api_keys_hashed',
  'api_key_rate_limit',
  'security_headers',
  'security_event_log',
  'api_request_log',
  'personal_data_rights',
  'no_card_data',
] as const;
export type SecurityMeasureId = (typeof SECURITY_MEASURE_IDS)[number];

export const securityMeasureSchema = z.object({
  id: z.enum(SECURITY_MEASURE_IDS),
  enabled: z.boolean(),
  level: z.enum(SECURITY_LEVELS),
  category: z.enum(SECURITY_CATEGORIES),
  /** The environment variable that changes it (at start, not at run time); null when it is how the code works. */
  setting: z.string().nullable(),
  /** A figure the measure's words name (requests a minute, days); null when none. */
  value: z.number().nullable(),
});
export type SecurityMeasure = z.infer<typeof securityMeasureSchema>;

/**
 * The deployment's measures, each enabled only when the configuration or the code really does it. Those that are
 * the code's own (API keys hashed, headers set) are always on; those the environment decides say which variable.
 */
export function securityMeasures(facts: SecurityFacts): SecurityMeasure[] {
  const m = (
    id: SecurityMeasureId,
    enabled: boolean,
    level: SecurityMeasure['level'],
    category: SecurityMeasure['category'],
    setting: string | null = null,
    value: number | null = null,
  ): SecurityMeasure => ({ id, enabled, level, category, setting, value });
  return [
    m('https_cookies', facts.https, 'basic', 'authentication', 'PUBLIC_URL'),
    m('single_sign_on', facts.singleSignOn, 'enterprise', 'authentication', 'OIDC_ISSUER'),
    m('demo_sign_in_off', !facts.demoSignIn, 'basic', 'authentication', 'DEMO_LOGIN'),
    m('session_expiry', true, 'basic', 'authentication', 'SESSION_DAYS', facts.sessionDays),
    m(
      'sign_in_rate_limit',
      true,
      'basic',
      'authentication',
      'SIGN_IN_RATE_LIMIT',
      facts.signInRateLimitPerMinute,
    ),
    m('api_keys_hashed', true, 'advanced', 'api'),
    m('api_key_rate_limit', true, 'advanced', 'api', 'API_KEY_RATE_LIMIT', facts.apiKeyRateLimitPerMinute),
    m('security_headers', true, 'basic', 'api'),
    m('security_event_log', true, 'advanced', 'monitoring', null, SECURITY_EVENT_DAYS),
    m('api_request_log', true, 'advanced', 'monitoring'),
    m('personal_data_rights', true, 'basic', 'compliance'),
    m('no_card_data', true, 'enterprise', 'compliance'),
  ];
}

/** Spec 2 §9: the rounded percentage of enabled measures (0 when there are none). */
export function securityScore(measures: readonly Pick<SecurityMeasure, 'enabled'>[]): number {
  if (measures.length === 0) return 0;
  return Math.round((measures.filter((m) => m.enabled).length / measures.length) * 100);
}

export type SecurityBand = 'excellent' | 'good' | 'needs_improvement';
/** Spec 2 §4: 80 and up Excellent, 60 and up Good, lower Needs Improvement. */
export function securityBand(score: number): SecurityBand {
  if (score >= 80) return 'excellent';
  if (score >= 60) return 'good';
  return 'needs_improvement';
}

// ---- The personal-data register (POPIA)

/**
 * What the product holds about a person, why and for how long: one entry per purpose, naming the sections of the
 * personal-data export (GET /api/users/me/export) it covers. Every section of the export is in exactly one entry
 * (apps/server/test/personal-data.test.ts), so data added to the export must be registered here.
 */
export const PERSONAL_DATA_REGISTER = [
  {
    id: 'account',
    sections: ['profile', 'passkeys', 'subscription'],
    kept: 'while_open',
    on_close: 'anonymised',
  },
  { id: 'security', sections: ['sessions', 'security_events'], kept: 'security_days', on_close: 'deleted' },
  { id: 'trading', sections: ['cart', 'orders'], kept: 'books', on_close: 'anonymised' },
  {
    id: 'cooperatives',
    sections: [
      'cooperative_memberships',
      'bulk_order_participations',
      'ballots',
      'meeting_attendance',
      'cooperative_transactions',
      'warehouse_space',
      'warehouse_inventory',
    ],
    kept: 'books',
    on_close: 'anonymised',
  },
  { id: 'notifications', sections: ['notifications'], kept: 'while_open', on_close: 'deleted' },
  {
    id: 'community',
    sections: ['learning', 'community', 'referrals'],
    kept: 'while_open',
    on_close: 'anonymised',
  },
  { id: 'support', sections: ['support'], kept: 'while_open', on_close: 'anonymised' },
  { id: 'crowdfunding', sections: ['crowdfunding'], kept: 'books', on_close: 'anonymised' },
] as const satisfies readonly {
  id: string;
  sections: readonly string[];
  kept: 'while_open' | 'security_days' | 'books';
  on_close: 'deleted' | 'anonymised';
}[];

export const personalDataRegisterEntrySchema = z.object({
  id: z.string(),
  sections: z.array(z.string()),
  kept: z.enum(['while_open', 'security_days', 'books']),
  on_close: z.enum(['deleted', 'anonymised']),
});

// ---- The overview

export const securityOverviewSchema = z.object({
  measures: z.array(securityMeasureSchema),
  score: z.number().int(),
  band: z.enum(['excellent', 'good', 'needs_improvement']),
  /** The caller's own account over the last 30 days. */
  sign_ins_30d: z.number().int(),
  /** The deployment's failed sign-ins over 30 days (no account is known for them): security.monitor only, else null. */
  failed_sign_ins_30d: z.number().int().nullable(),
  open_sessions: z.number().int(),
  /** When the caller's account last signed in before this session, if it did. */
  last_sign_in_at: z.string().nullable(),
  event_days: z.number().int(),
  register: z.array(personalDataRegisterEntrySchema),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;
