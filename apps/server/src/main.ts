import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seeds.ts';
import { buildApp } from './app.ts';
import { startJobRunner } from './jobs.ts';
import { startCatalogueFill, type CatalogueFill } from './features/catalog/fill.ts';
import { defaultWebDist } from './platform/paths.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
await database.migrate();
// Reference data always; the demo world only when demo sign-in is on, and only into a database without it.
const { demoSeeded } = await seedDatabase(database.db, { demo: config.demoLogin });

const app = await buildApp({
  config,
  database,
  webDist: config.webDist ?? defaultWebDist,
});
app.log.info({ database: database.kind, demoSeeded }, 'database ready');

// Jobs run beside the HTTP server; several instances may each run one (they never take the same job).
const runner = config.jobs ? startJobRunner(database.db, config, app.log) : undefined;

let fill: CatalogueFill | undefined;

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  // The job in hand finishes (its transaction commits or rolls back) before the database closes.
  await runner?.stop();
  await fill?.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Once listening (start-up is not delayed): the questions every buyer asks first, kept before they ask
// (ADR 028), and again whenever the catalogue changes. Off with the ids cache (CATALOGUE_RESULT_CACHE_MS=0).
if (config.catalogueResultCacheMs > 0) {
  fill = startCatalogueFill(database.db, config.catalogueResultCacheMs, { log: app.log });
}
