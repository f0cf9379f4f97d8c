import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export { isConnectionLost } from './connection-errors.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: clients checked out of the pool right now (a leak shows as a count that never drops). */
  checkedOut?: () => number;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * dataDir undefined: in memory. loadDataDir: a dumped data dir to start from (test templates). settings:
   * server settings for this instance (`-c name=value` at start).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; settings?: Record<string, string> };

/** How long closing waits for connections still checked out before it gives up on them. */
const CLOSE_WAIT_MS = 5_000;

/**
 * Drizzle's `transaction()` checks a client out and sends BEGIN before its try/finally, so when BEGIN
 * fails (PostgreSQL ended the connection just then) it never releases the client: the pool would lose
 * that slot for good, and after enough connection losses every request would wait for a client. The
 * clients this pool hands out release themselves, as broken (the pool then discards them), when their
 * first query is a BEGIN that fails. Drizzle sees a `pg.Pool` (it checks with instanceof).
 */
export class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own (pool.query); only checked-out clients need the guard.
    if (callback) return super.connect(callback);
    return super.connect().then(releaseIfBeginFails);
  }
}

function releaseIfBeginFails(client: pg.PoolClient): pg.PoolClient {
  const query = client.query;
  const guarded = (...args: unknown[]): unknown => {
    client.query = query;
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
    const result: unknown = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : true);
      throw error;
    });
  };
  client.query = guarded as typeof client.query;
  return client;
}

/**
 * Ends the pool, but never waits for ever: a client some other code path never released would make
 * `pool.end()` wait for it for good, so a shutdown (SIGTERM, a test's teardown) would hang.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave_up'>((resolve) => {
    timer = setTimeout(() => resolve('gave_up'), CLOSE_WAIT_MS);
  });
  const outcome = await Promise.race([pool.end().then(() => 'ended' as const), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'gave_up') {
    console.error(
      `PostgreSQL pool: ${pool.totalCount - pool.idleCount} connection(s) never released; closing anyway`,
    );
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new TransactionSafePool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Set at connection start-up, before any query: every timestamp is stored and compared in UTC,
      // whatever the server's own time zone; and JIT is off: it pays off for long analytical queries,
      // while for this app's short ones it only adds latency (a misestimated catalogue search once
      // spent 130 ms compiling).
      options: '-c TimeZone=UTC -c jit=off',
    });
    // An idle connection that the server closes (a restart, a failover) is dropped by the pool and
    // replaced on the next query; without this listener its 'error' event would stop the whole process.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    // A connection checked out for a transaction has no pool listener while it is out: when PostgreSQL
    // ends it mid-checkout (pg_terminate_backend, a restart) its 'error' event would stop the process. The
    // query in flight still fails with the error, the request answers 503 (isConnectionLost), and the
    // pool discards the dead connection when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.error(`PostgreSQL connection lost in use: ${error.message}`));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      close: () => endPool(pool),
      checkedOut: () => pool.totalCount - pool.idleCount,
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create({
    // The catalogue's substring search uses trigram indexes (the migration creates the extension).
    extensions: { pg_trgm },
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    ...(target.settings
      ? {
          startParams: [
            ...PGlite.defaultStartParams,
            ...Object.entries(target.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
          ],
        }
      : {}),
  });
  await client.exec("SET TIME ZONE 'UTC'");
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Any fixed number, the same in every instance: the key of the session lock that migrations run under. */
const MIGRATION_LOCK = 727_372_004;

/**
 * Several instances may start at once on one PostgreSQL: each waits for the advisory lock, so exactly
 * one applies the pending migrations and the others then find nothing left to do. The lock is a session
 * lock on one dedicated connection, released explicitly (and by PostgreSQL if the process dies).
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(connection), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    connection.release();
  }
}

/** PGlite only: the whole data dir as a tarball, used as a template for test databases. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const session = (database.db as unknown as { $client: PGlite }).$client;
  return session.dumpDataDir('none');
}
