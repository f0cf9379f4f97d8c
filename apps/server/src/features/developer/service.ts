import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_RANDOM_BYTES,
  API_REQUEST_LOG_DAYS,
  API_REQUEST_LOG_MAX_PER_USER,
  API_REQUEST_LOG_PAGE_SIZE,
  apiKeyVisibleParts,
  apiScopeSchema,
  daysBack,
  maskApiKey,
  MAX_LIVE_API_KEYS,
  usageFigures,
  type ApiKey,
  type ApiKeyList,
  type ApiScope,
  type ApiUsage,
  type CreateApiKey,
  type CreatedApiKey,
  type RequestLogCounts,
  type RequestLogList,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { ApiKeyCaller, AuthenticatedUser } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { recordSecurityEvent, userRowById, type SecurityClient } from '../auth/service.ts';
import { apiKeys, apiRequestLogs } from './tables.ts';

type Caller = Pick<AuthenticatedUser, 'id' | 'role'>;
type KeyRow = typeof apiKeys.$inferSelect;

const DAY_MS = 24 * 60 * 60_000;
/** The advisory lock's first key: one lock per user's keys, so two creations at once cannot pass the limit. */
const KEYS_LOCK = 50_001;
/** A logged path is the path as asked (no query string), at most this long. */
const LOGGED_PATH_MAX = 300;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(API_KEY_RANDOM_BYTES).toString('base64url')}`;

const scopesOf = (row: Pick<KeyRow, 'scopes'>): ApiScope[] =>
  row.scopes.filter((s): s is ApiScope => apiScopeSchema.safeParse(s).success);

const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  masked_key: maskApiKey(row.key_prefix, row.key_suffix),
  permissions: scopesOf(row),
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
});

const live = (ownerId: number) => and(eq(apiKeys.owner_id, ownerId), isNull(apiKeys.revoked_at));

export async function listApiKeys(db: Db, caller: Caller): Promise<ApiKeyList> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(live(caller.id))
    .orderBy(desc(apiKeys.created_at), desc(apiKeys.id))
    .limit(MAX_LIVE_API_KEYS);
  return { keys: rows.map(toApiKey), max_keys: MAX_LIVE_API_KEYS };
}

/**
 * Makes a key: the whole key is in this answer and nowhere else (the table keeps its hash and its ends). The
 * count of the user's live keys is read under a lock of the user's keys, so creations at the same moment are
 * counted one after another and never pass the limit together.
 */
export async function createApiKey(
  db: Db,
  caller: Caller,
  input: CreateApiKey,
  client: SecurityClient,
): Promise<CreatedApiKey> {
  const key = newApiKey();
  const { prefix, suffix } = apiKeyVisibleParts(key);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK}, ${caller.id})`);
    const [held] = await tx.select({ n: count() }).from(apiKeys).where(live(caller.id));
    if ((held?.n ?? 0) >= MAX_LIVE_API_KEYS)
      throw fail('api_key.limit_reached', { limit: MAX_LIVE_API_KEYS });
    const [row] = await tx
      .insert(apiKeys)
      .values({
        owner_id: caller.id,
        name: input.name.trim(),
        key_hash: hashApiKey(key),
        key_prefix: prefix,
        key_suffix: suffix,
        // In the order of the spec's list, whatever order they were ticked in.
        scopes: apiScopeSchema.options.filter((s) => input.scopes.includes(s)),
      })
      .returning();
    await recordSecurityEvent(tx, { userId: caller.id, type: 'api_key_created', client, details: row!.name });
    return { ...toApiKey(row!), key };
  });
}

/** Revokes one of the caller's live keys; another user's key, or one already revoked, is not found (404). */
export async function revokeApiKey(
  db: Db,
  caller: Caller,
  id: number,
  client: SecurityClient,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revoked_at: now })
      .where(and(eq(apiKeys.id, id), live(caller.id)))
      .returning({ id: apiKeys.id, name: apiKeys.name });
    if (!revoked) throw fail('api_key.not_found');
    await recordSecurityEvent(tx, {
      userId: caller.id,
      type: 'api_key_revoked',
      client,
      details: revoked.name,
    });
  });
}

/** Ends every live key of an account at once (a suspension), inside the caller's transaction; how many ended. */
export async function revokeKeysOf(tx: Tx, ownerId: number, now = new Date()): Promise<number> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revoked_at: now })
    .where(live(ownerId))
    .returning({ id: apiKeys.id });
  return revoked.length;
}

/**
 * The key a request bears, when it is live and its owner's account is open: the owner (as routes get a
 * signed-in user) and the key's scopes. Looked up by hash, so the key is never compared as text.
 */
export async function findApiKeyCaller(db: Db, key: string): Promise<ApiKeyCaller | null> {
  const [row] = await db
    .select({ id: apiKeys.id, owner_id: apiKeys.owner_id, scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(and(eq(apiKeys.key_hash, hashApiKey(key)), isNull(apiKeys.revoked_at)))
    .limit(1);
  if (!row) return null;
  const user = await userRowById(db, row.owner_id);
  if (!user || user.closed_at !== null || user.suspended_at !== null) return null;
  return { keyId: row.id, scopes: scopesOf(row), user };
}

export interface LoggedRequest {
  keyId: number;
  ownerId: number;
  method: string;
  url: string;
  status: number;
  durationMs: number;
  at: Date;
}

/** Writes a request made with a key to its log, and the key's last use. */
export async function recordApiRequest(db: Db, entry: LoggedRequest): Promise<void> {
  const path = (entry.url.split('?')[0] ?? '').slice(0, LOGGED_PATH_MAX);
  await db.transaction(async (tx) => {
    await tx.insert(apiRequestLogs).values({
      api_key_id: entry.keyId,
      owner_id: entry.ownerId,
      method: entry.method,
      path,
      status: entry.status,
      duration_ms: Math.max(0, Math.round(entry.durationMs)),
      created_at: entry.at,
    });
    await tx.update(apiKeys).set({ last_used_at: entry.at }).where(eq(apiKeys.id, entry.keyId));
  });
}

/**
 * The caller's keys' requests, newest first, a page at a time (ADR 046); `outcome` keeps only the answers under
 * 400 (success) or from 400 (error), as the integrations' activity log filters them (ADR 055).
 */
export async function listRequestLogs(
  db: Db,
  caller: Caller,
  page: number,
  outcome?: 'success' | 'error',
): Promise<RequestLogList> {
  const pageSize = API_REQUEST_LOG_PAGE_SIZE;
  const mine = and(
    eq(apiRequestLogs.owner_id, caller.id),
    outcome === undefined
      ? undefined
      : outcome === 'success'
        ? lt(apiRequestLogs.status, 400)
        : gte(apiRequestLogs.status, 400),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        log: apiRequestLogs,
        name: apiKeys.name,
        prefix: apiKeys.key_prefix,
        suffix: apiKeys.key_suffix,
      })
      .from(apiRequestLogs)
      .innerJoin(apiKeys, eq(apiKeys.id, apiRequestLogs.api_key_id))
      .where(mine)
      .orderBy(desc(apiRequestLogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(apiRequestLogs).where(mine),
  ]);
  return {
    logs: rows.map(({ log, name, prefix, suffix }) => ({
      id: log.id,
      api_key_id: log.api_key_id,
      key_name: name,
      masked_key: maskApiKey(prefix, suffix),
      method: log.method,
      path: log.path,
      status: log.status,
      duration_ms: log.duration_ms,
      created_at: log.created_at.toISOString(),
    })),
    matching: total?.n ?? 0,
    page,
    page_size: pageSize,
  };
}

async function countsSince(db: Db, ownerId: number, since: Date): Promise<RequestLogCounts> {
  const [row] = await db
    .select({
      requests: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${apiRequestLogs.status} >= 400))::int`,
      total_ms: sql<string>`coalesce(sum(${apiRequestLogs.duration_ms}), 0)`,
    })
    .from(apiRequestLogs)
    .where(and(eq(apiRequestLogs.owner_id, ownerId), gte(apiRequestLogs.created_at, since)));
  return {
    requests: Number(row?.requests ?? 0),
    errors: Number(row?.errors ?? 0),
    total_ms: Number(row?.total_ms ?? 0),
  };
}

/** The caller's keys' requests and errors since a moment (the integrations' last 24 hours, ADR 055). */
export const requestCountsSince = (db: Db, caller: Caller, since: Date): Promise<RequestLogCounts> =>
  countsSince(db, caller.id, since);

/** The Overview tab's figures, from the caller's own request log: today is the SAST day, 7 days with it. */
export async function apiUsage(db: Db, caller: Caller, baseUrl: string, now = new Date()): Promise<ApiUsage> {
  const [today, week, [keys]] = await Promise.all([
    countsSince(db, caller.id, daysBack(now, 0)),
    countsSince(db, caller.id, daysBack(now, 6)),
    db.select({ n: count() }).from(apiKeys).where(live(caller.id)),
  ]);
  return { ...usageFigures(today, week), live_keys: keys?.n ?? 0, base_url: baseUrl.replace(/\/+$/, '') };
}

/**
 * Keeps the request log bounded: rows older than API_REQUEST_LOG_DAYS go, and each user keeps at most
 * API_REQUEST_LOG_MAX_PER_USER of the newest. Returns how many rows went.
 */
export async function pruneRequestLogs(tx: Tx, now: Date): Promise<number> {
  const old = await tx
    .delete(apiRequestLogs)
    .where(lt(apiRequestLogs.created_at, new Date(now.getTime() - API_REQUEST_LOG_DAYS * DAY_MS)))
    .returning({ id: apiRequestLogs.id });
  const over = await tx
    .select({ owner_id: apiRequestLogs.owner_id })
    .from(apiRequestLogs)
    .groupBy(apiRequestLogs.owner_id)
    .having(sql`count(*) > ${API_REQUEST_LOG_MAX_PER_USER}`);
  let trimmed = 0;
  for (const { owner_id } of over) {
    const kept = tx
      .select({ id: apiRequestLogs.id })
      .from(apiRequestLogs)
      .where(eq(apiRequestLogs.owner_id, owner_id))
      .orderBy(desc(apiRequestLogs.id))
      .limit(API_REQUEST_LOG_MAX_PER_USER);
    const gone = await tx
      .delete(apiRequestLogs)
      .where(and(eq(apiRequestLogs.owner_id, owner_id), sql`${apiRequestLogs.id} not in ${kept}`))
      .returning({ id: apiRequestLogs.id });
    trimmed += gone.length;
  }
  return old.length + trimmed;
}
