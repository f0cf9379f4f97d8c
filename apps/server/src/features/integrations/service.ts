import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  can,
  connectionStatus,
  INTEGRATION_RECENT_MAX,
  INTEGRATION_WINDOW_HOURS,
  integrationCounts,
  logStatusOf,
  marketplaceEntries,
  OIDC_ENV_VARS,
  type Connection,
  type IntegrationLog,
  type IntegrationLogList,
  type IntegrationLogStatus,
  type IntegrationsOverview,
  type MarketplaceDemand,
  type MarketplaceEntry,
  type MarketplaceKey,
  type RequestLog,
} from '@tt/domain';
import type { Db, DatabaseKind } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { uploadHistory } from '../bulk-upload/service.ts';
import { listApiKeys, listRequestLogs, requestCountsSince } from '../developer/service.ts';
import { integrationRequests } from './tables.ts';

type Caller = Pick<AuthenticatedUser, 'id' | 'role'>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What the overview needs to know of the deployment (its settings, never a secret). */
export interface Deployment {
  oidcIssuer: string | undefined;
  dbKind: DatabaseKind;
}

const HOUR_MS = 60 * 60_000;

/** A request of the developer log as a line of the integrations' activity (spec 2 §3 "Integration log"). */
const toLog = (log: RequestLog): IntegrationLog => ({
  id: log.id,
  integration: 'public_api',
  key_name: log.key_name,
  masked_key: log.masked_key,
  action: `${log.method} ${log.path}`,
  status: logStatusOf(log.status),
  http_status: log.status,
  created_at: log.created_at,
  execution_time_ms: log.duration_ms,
});

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The deployment's real connections, each as far as the caller's role uses it, with statuses by the domain's rule
 * from what the owning areas record (ADR 055): nothing here is sample data, and nothing syncs that is not said to.
 */
export async function overviewOf(
  db: Db,
  caller: Caller,
  deployment: Deployment,
  now = new Date(),
): Promise<IntegrationsOverview> {
  const admin = can(caller.role, 'integrations.manage');
  const keysHolder = can(caller.role, 'reports.view');
  const seller = can(caller.role, 'products.manage');
  const since = new Date(now.getTime() - INTEGRATION_WINDOW_HOURS * HOUR_MS);
  const [keys, counts, recent, uploads, version] = await Promise.all([
    keysHolder ? listApiKeys(db, caller) : null,
    keysHolder ? requestCountsSince(db, caller, since) : { requests: 0, errors: 0 },
    keysHolder ? listRequestLogs(db, caller, 1) : null,
    seller ? uploadHistory(db, caller) : [],
    admin ? databaseVersion(db) : '',
  ]);

  const connections: Connection[] = [];
  const sso = deployment.oidcIssuer !== undefined;
  connections.push({
    id: 'sso',
    // Set by the environment (DECISIONS 10); the provider itself is asked at the first sign-in.
    status: connectionStatus({ available: true, configured: sso, used: sso, requests: 0, errors: 0 }),
    available: true,
    can_set_up: admin,
    last_activity_at: null,
    issuer_host: deployment.oidcIssuer ? hostOf(deployment.oidcIssuer) : null,
    env_vars: [...OIDC_ENV_VARS],
  });

  const lastUsed = keys?.keys
    .map((k) => k.last_used_at)
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  connections.push({
    id: 'public_api',
    status: connectionStatus({
      available: keysHolder,
      configured: (keys?.keys.length ?? 0) > 0,
      used: lastUsed !== undefined,
      requests: counts.requests,
      errors: counts.errors,
    }),
    available: keysHolder,
    can_set_up: keysHolder,
    last_activity_at: lastUsed ?? null,
    live_keys: keys?.keys.length ?? 0,
    requests_24h: counts.requests,
    errors_24h: counts.errors,
  });

  const latest = uploads[0];
  connections.push({
    id: 'spreadsheet_import',
    status: connectionStatus({
      available: seller,
      // Nothing to set up: the template and the upload are there for every seller.
      configured: true,
      used: latest !== undefined,
      requests: 0,
      errors: 0,
      lastFailed: latest?.status === 'failed',
    }),
    available: seller,
    can_set_up: seller,
    last_activity_at: latest?.created_at ?? null,
    uploads: uploads.length,
    last_upload_status: latest?.status ?? null,
    imported_rows: uploads.reduce((sum, u) => sum + u.successful_imports, 0),
  });

  const stock = can(caller.role, 'inventory.manage');
  connections.push({
    id: 'inventory_export',
    // The CSV is written in the browser from the stock list; no run is recorded, so there is no last use.
    status: connectionStatus({ available: stock, configured: true, used: true, requests: 0, errors: 0 }),
    available: stock,
    can_set_up: false,
    last_activity_at: null,
  });

  if (admin)
    connections.push({
      id: 'database',
      // It answered the version query just now.
      status: 'active',
      available: true,
      can_set_up: false,
      last_activity_at: now.toISOString(),
      engine: deployment.dbKind,
      version,
    });

  return {
    connections,
    counts: integrationCounts(connections, counts),
    recent: (recent?.logs ?? []).slice(0, INTEGRATION_RECENT_MAX).map(toLog),
  };
}

/** "PostgreSQL 17.4" out of the server's version string (PGlite answers as the PostgreSQL it embeds). */
async function databaseVersion(db: Db): Promise<string> {
  const list = rowsOf<{ v: string }>(await db.execute(sql`select current_setting('server_version') as v`));
  return `PostgreSQL ${(list[0]?.v ?? '').split(' ')[0]}`;
}

/** The activity tab: the developer log's requests, filtered by outcome, through the developer area's query. */
export async function activityOf(
  db: Db,
  caller: Caller,
  page: number,
  status?: IntegrationLogStatus,
): Promise<IntegrationLogList> {
  const list = await listRequestLogs(db, caller, page, status);
  return { logs: list.logs.map(toLog), matching: list.matching, page: list.page, page_size: list.page_size };
}

async function requestedBy(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ key: integrationRequests.integration_key })
    .from(integrationRequests)
    .where(eq(integrationRequests.user_id, userId));
  return new Set(rows.map((r) => r.key));
}

export async function marketplaceOf(db: Db, caller: Caller): Promise<MarketplaceEntry[]> {
  return marketplaceEntries(await requestedBy(db, caller.id));
}

const entryOf = async (db: Db, caller: Caller, key: MarketplaceKey) =>
  (await marketplaceOf(db, caller)).find((e) => e.key === key)!;

/** Records the caller's interest; the unique index makes a repeat, even at the same moment, one row. */
export async function requestIntegration(
  db: Db,
  caller: Caller,
  key: MarketplaceKey,
): Promise<MarketplaceEntry> {
  await db
    .insert(integrationRequests)
    .values({ user_id: caller.id, integration_key: key })
    .onConflictDoNothing();
  return entryOf(db, caller, key);
}

/** Withdraws it; withdrawing what was never asked is already done. */
export async function withdrawIntegration(
  db: Db,
  caller: Caller,
  key: MarketplaceKey,
): Promise<MarketplaceEntry> {
  await db
    .delete(integrationRequests)
    .where(and(eq(integrationRequests.user_id, caller.id), eq(integrationRequests.integration_key, key)));
  return entryOf(db, caller, key);
}

/** How many users asked for each service, most first (services nobody asked for are not listed). */
export async function marketplaceDemand(db: Db): Promise<MarketplaceDemand> {
  const n = count();
  const rows = await db
    .select({ key: integrationRequests.integration_key, requests: n })
    .from(integrationRequests)
    .groupBy(integrationRequests.integration_key)
    .orderBy(desc(n), integrationRequests.integration_key);
  const known = new Set(marketplaceEntries(new Set()).map((e) => e.key as string));
  return rows
    .filter((r) => known.has(r.key))
    .map((r) => ({ key: r.key as MarketplaceKey, requests: r.requests }));
}
