// `npm run db:reset`: drops everything in the configured database (DATA_DIR or DATABASE_URL), migrates it
// afresh and seeds the reference data and, when demo sign-in is on (DEMO_LOGIN, on by default), the demo
// world. Stop the server first: an embedded database belongs to one process at a time.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { seedDatabase } from './seeds.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
  await database.migrate();
  const { demoSeeded } = await seedDatabase(database.db, { demo: config.demoLogin });
  console.log(
    `Database reset (${database.kind}): migrated, reference data seeded${demoSeeded ? ', demo world seeded' : ''}.`,
  );
} finally {
  await database.close();
}
