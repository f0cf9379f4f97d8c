import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { inject, expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ERRORS, isErrorCode, paramsMatch, type ApiErrorBody, type DemoRole } from '@tt/domain';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Db, DatabaseKind } from '../../src/db/client.ts';
import { createSession, demoEmail, SESSION_COOKIE } from '../../src/features/auth/service.ts';
import { users } from '../../src/db/schema.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestAppOptions {
  /** Extra environment for loadConfig, e.g. { SIGN_IN_RATE_LIMIT: '3' } or the OIDC settings. */
  env?: Record<string, string>;
  /** Runs after the app is built and before it is ready: the place to add a test-only route. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** A built web app to serve, as `npm start` serves apps/web/dist. */
  webDist?: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dbKind: DatabaseKind;
  /** Every route the app registered, as the onRoute hook saw it. */
  routes: RouteOptions[];
  /** Signs in as the demo account of the role and returns the Cookie header for app.inject. */
  login(role?: DemoRole): Promise<string>;
  /** Opens a session for any user (the demo sign-in only knows the demo accounts) and returns the Cookie header. */
  sessionFor(userId: number): Promise<string>;
  /** The id of the demo account of the role. */
  demoUserId(role: DemoRole): Promise<number>;
  /** PostgreSQL only: how many pooled clients are checked out right now. */
  checkedOut?: () => number;
  close(): Promise<void>;
}

/** The app over this file's own copy of the migrated, seeded template database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, dispose } = await openTestDatabase(inject('testDatabase'));
  const routes: RouteOptions[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-0123456789abcdef',
    // Tests sign in many times a minute; the test of the limit itself sets its own.
    SIGN_IN_RATE_LIMIT: '100000',
    // Tests add products and list them again at once; the catalogue's result cache has its own test.
    CATALOGUE_RESULT_CACHE_MS: '0',
    // Tests make real administrators beside the demo world, which would turn demo sign-in off by default; the
    // tests of that default set DEMO_LOGIN to ''.
    DEMO_LOGIN: 'true',
    ...options.env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      webDist: options.webDist,
      onRoute: (route) => void routes.push(route),
    });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    app,
    db: database.db,
    dbKind: database.kind,
    routes,
    ...(database.checkedOut ? { checkedOut: database.checkedOut } : {}),
    async login(role = 'retailer') {
      const response = await app.inject({ method: 'POST', url: '/api/demo/login', payload: { role } });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      if (!cookie) throw new Error(`Demo sign-in as ${role} set no ${SESSION_COOKIE} cookie`);
      return `${SESSION_COOKIE}=${cookie.value}`;
    },
    async sessionFor(userId) {
      const { token } = await createSession(database.db, userId, 1);
      return `${SESSION_COOKIE}=${token}`;
    },
    async demoUserId(role) {
      const [row] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoEmail(role)));
      if (!row) throw new Error(`No demo ${role}`);
      return row.id;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/** Asserts the one JSON error shape and the status; returns the error for further checks. */
export function expectError(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as ApiErrorBody;
  expect(body).toEqual({
    error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
  });
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code) expect(body.error.code).toBe(code);
  expectCatalogued(status, body.error);
  return body.error;
}

/**
 * Every refusal a test sees is checked against the domain's catalogue: a known code, sent with its
 * status, with exactly the params the catalogue names (so a throw site cannot drift from what the web
 * translates), and each field's code a catalogued `validation.*` code with its params.
 */
export function expectCatalogued(status: number, error: ApiErrorBody['error']) {
  expect(isErrorCode(error.code), `${error.code} is in the catalogue`).toBe(true);
  if (!isErrorCode(error.code)) return;
  // The generic codes also answer statuses Fastify chooses (a 400 for a bad body, say).
  if (!['bad_request', 'not_found'].includes(error.code)) expect(status).toBe(ERRORS[error.code].status);
  expect(
    paramsMatch(error.code, error.params ?? {}),
    `${error.code} params ${JSON.stringify(error.params)}`,
  ).toBe(true);
  for (const [name, refusal] of Object.entries(error.field_codes ?? {})) {
    expect(refusal.code, `${name}'s code`).toMatch(/^validation\./);
    expect(isErrorCode(refusal.code), `${refusal.code} is in the catalogue`).toBe(true);
    if (isErrorCode(refusal.code)) {
      expect(paramsMatch(refusal.code, refusal.params ?? {}), `${name}: ${JSON.stringify(refusal)}`).toBe(
        true,
      );
    }
    expect(error.fields?.[name], `${name} has its English text too`).toBeTruthy();
  }
}

export async function count(db: Db, table: string, where = sql`true`): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/** Rows of db.execute: node-postgres and PGlite both return { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
