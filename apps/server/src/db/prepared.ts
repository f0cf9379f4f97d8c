import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

// Its own module, apart from client.ts (which imports every area's tables for drizzle's schema): a service
// that runs prepared statements must not reach every table through it (import-x/no-cycle).
const dialect = new PgDialect();

/**
 * Runs a statement that a hot path sends again and again as a named prepared statement: on PostgreSQL each
 * connection parses and plans a text once (the name is the text's hash, so one name always stands for one
 * text), then only binds and executes it. The rows come as node-postgres gives them (text stays text: a
 * column PostgreSQL built as JSON text can be passed through without parsing). PGlite has no connections to
 * keep a statement on and runs the text.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const name = `tt_${createHash('sha1').update(text).digest('base64url')}`;
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
