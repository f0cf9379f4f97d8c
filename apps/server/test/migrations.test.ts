import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { rowsOf } from './support/test-app.ts';
import { databaseUrl, onAdminDatabase, testDatabaseUrl } from './support/test-database.ts';

const journal = JSON.parse(
  readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { tag: string }[] };

const adminUrl = testDatabaseUrl();

describe('migrations', () => {
  // Only PostgreSQL has several connections; a PGlite data dir belongs to one process.
  it.skipIf(!adminUrl)(
    'two instances migrating a fresh PostgreSQL database at once apply each migration once',
    async () => {
      const name = `tt_migrate_${randomBytes(4).toString('hex')}`;
      await onAdminDatabase(adminUrl!, `CREATE DATABASE "${name}"`);
      const url = databaseUrl(adminUrl!, name);
      const first = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      const second = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      try {
        await Promise.all([first.migrate(), second.migrate()]);
        const applied = rowsOf<{ hash: string }>(
          await first.db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`),
        );
        expect(applied).toHaveLength(journal.entries.length);
        expect(new Set(applied.map((r) => r.hash)).size).toBe(journal.entries.length);
        // The schema is whole: the last migration's tables exist.
        const tables = rowsOf<{ n: number }>(
          await first.db.execute(
            sql`select count(*)::int as n from information_schema.tables where table_name in ('jobs', 'outbox_events')`,
          ),
        );
        expect(tables[0]!.n).toBe(2);
        // A third start finds nothing to do.
        await second.migrate();
        const again = rowsOf<{ n: number }>(
          await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        );
        expect(again[0]!.n).toBe(journal.entries.length);
      } finally {
        await first.close();
        await second.close();
        await onAdminDatabase(adminUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    },
  );
});
