import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { SEEDS, seedDatabase } from '../src/db/seeds.ts';
import { count, createTestApp, type TestApp } from './support/test-app.ts';

/** Every table of the schema, so tables added later are covered too. */
const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

describe('seedDemoData', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = async () =>
    Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await count(t.db, table)])));

  it('has seeded the template with the demo world', async () => {
    expect(TABLES).toEqual(
      expect.arrayContaining(['users', 'products', 'orders', 'order_items', 'notifications']),
    );
    const seeded = await counts();
    for (const table of [
      'users',
      'categories',
      'products',
      'cooperatives',
      'orders',
      'order_items',
      'notifications',
    ]) {
      expect(seeded[table], table).toBeGreaterThan(0);
    }
  });

  it('leaves an already seeded database alone', async () => {
    const before = await counts();
    expect(await seedDemoData(t.db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });
});

describe('seedDatabase', () => {
  it('seeds only the reference data when demo sign-in is off, idempotently', async () => {
    // A copy of the template emptied to how migrations leave it (faster than a fresh PGlite initdb).
    const empty = await createTestApp();
    const db = empty.db;
    try {
      await db.execute(
        sql.raw(`truncate ${TABLES.map((table) => `"${table}"`).join(', ')} restart identity cascade`),
      );
      expect(await seedDatabase(db, { demo: false })).toEqual({ demoSeeded: false });
      expect(await seedDatabase(db, { demo: false })).toEqual({ demoSeeded: false });
      expect(await count(db, 'categories')).toBe(31);
      // The academy's courses are reference data too.
      expect(await count(db, 'learning_modules')).toBe(7);
      expect(await count(db, 'learning_lessons')).toBe(21);
      for (const table of ['users', 'products', 'orders', 'cooperatives', 'votes', 'learning_enrollments']) {
        expect(await count(db, table), table).toBe(0);
      }
      // Turning demo sign-in on later adds the demo world to the same database, once.
      expect(await seedDatabase(db, { demo: true })).toEqual({ demoSeeded: true });
      expect(await seedDatabase(db, { demo: true })).toEqual({ demoSeeded: false });
      expect(await count(db, 'categories')).toBe(31);
      expect(await count(db, 'users')).toBe(66);
    } finally {
      await empty.close();
    }
  });

  it('has one seed per area, each named after its folder', () => {
    expect(SEEDS.map((s) => s.area)).toEqual([
      'auth',
      'subscriptions',
      'catalog',
      'cooperatives',
      'orders',
      'ledger',
      'inventory',
      'notifications',
      'governance',
      'warehouses',
      'bulk-orders',
      'crm',
      'academy',
      'community',
      'support',
      'reports',
      'suppliers',
      'developer',
      'branding',
      'betacrowd',
      'pos',
    ]);
  });
});
