import { isIP } from 'node:net';
import { z } from 'zod';
import { API_KEY_RATE_LIMIT_PER_MINUTE } from '@tt/domain';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR ranges. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are believed about the client's address and protocol
 * (X-Forwarded-For, X-Forwarded-Proto): none (unset or false), the nearest N hops, or the listed
 * addresses / ranges. Trusting every sender would let anyone pick their own address.
 */
const trustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): false | number | string[] => {
      if (value === undefined || value.trim() === 'false') return false;
      const text = value.trim();
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const entries = text.split(',').map((e) => e.trim());
      const bad = entries.find((e) => !isProxyAddress(e));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `expected false, a hop count or proxy addresses (IP, CIDR, loopback); got "${bad}"`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
    SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    OIDC_ISSUER: z.preprocess(emptyToUndefined, z.string().url().optional()),
    OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
    /** Allows an http:// issuer, for a provider on loopback in tests and local trials. */
    OIDC_ALLOW_INSECURE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    /**
     * Demo sign-in into the shared demo accounts. Unset: on, except in production (NODE_ENV=production) or with a
     * sign-in provider (OIDC_ISSUER), and until the deployment has a real administrator (auth demoSignInOn).
     */
    DEMO_LOGIN: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Requests one API key may make a minute (ADR 050). */
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(API_KEY_RATE_LIMIT_PER_MINUTE),
    TRUST_PROXY: trustProxySchema,
    WEB_DIST: z.string().optional(),
    /**
     * The buyers' catalogue keeps which products match a search or filter and in what order, as ids, until
     * the catalogue changes (ADR 026); the order by stock, which every sale changes, at most this long.
     * 0: nothing is kept. Prices, stock and whether a product is still on sale are read on every request.
     */
    CATALOGUE_RESULT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    /** Run the job runner (closing votes, the daily demo restore, outbox dispatch) in this process. */
    JOBS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
    /** How often the job runner looks for due jobs. */
    JOB_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((c) => !c.OIDC_ISSUER || c.OIDC_CLIENT_ID, {
    message: 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
    path: ['OIDC_CLIENT_ID'],
  });

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    sessionSecret: c.SESSION_SECRET,
    sessionDays: c.SESSION_DAYS,
    oidc: c.OIDC_ISSUER
      ? {
          issuer: c.OIDC_ISSUER,
          clientId: c.OIDC_CLIENT_ID ?? '',
          clientSecret: c.OIDC_CLIENT_SECRET,
          allowInsecure: c.OIDC_ALLOW_INSECURE === 'true',
        }
      : undefined,
    demoLogin: c.DEMO_LOGIN ? c.DEMO_LOGIN === 'true' : c.NODE_ENV !== 'production' && !c.OIDC_ISSUER,
    /** DEMO_LOGIN=true was set: demo sign-in stays on even once real administrators exist. */
    demoLoginExplicit: c.DEMO_LOGIN === 'true',
    signInRateLimit: c.SIGN_IN_RATE_LIMIT,
    apiKeyRateLimit: c.API_KEY_RATE_LIMIT,
    trustProxy: c.TRUST_PROXY,
    webDist: c.WEB_DIST,
    catalogueResultCacheMs: c.CATALOGUE_RESULT_CACHE_MS,
    jobs: c.JOBS === 'true',
    jobPollMs: c.JOB_POLL_MS,
    logLevel: c.LOG_LEVEL,
  };
}
