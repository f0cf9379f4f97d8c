import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
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

/** A statement compiled once (see compileStatement): its text, the name it is prepared under, its parameters. */
export interface CompiledStatement {
  name: string;
  text: string;
  /** The bound values, with a Placeholder (sql.placeholder) where each run gives its own. */
  params: unknown[];
}

/**
 * Compiles a statement once, for a hot path that runs it again and again with only some values changing:
 * those are `sql.placeholder(name)`s, filled by runStatement. Drizzle builds its text and hashes it once,
 * not once per request (preparedRows does both on every call).
 */
export function compileStatement(query: SQL): CompiledStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: `tt_${createHash('sha1').update(text).digest('base64url')}`, text, params };
}

/** Runs a compiled statement with its placeholders' values: a named prepared statement on PostgreSQL. */
export async function runStatement<T>(
  db: Db,
  statement: CompiledStatement,
  values: Record<string, unknown>,
): Promise<T[]> {
  const params = fillPlaceholders(statement.params, values);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query({ name: statement.name, text: statement.text, values: params })).rows as T[];
  }
  const pglite = client as { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
  return (await pglite.query(statement.text, params)).rows as T[];
}
