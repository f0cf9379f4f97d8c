import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seeds.ts';
import { buildApp } from './app.ts';
import { startJobRunner } from './jobs.ts';
import { startCatalogueFill, type CatalogueFill } from './features/catalog/fill.ts';
import { defaultWebDist } from './platform/paths.ts';
import { demoSignInOn, endDemoSessions } from './features/auth/service.ts';
import { SERVER_PID_FILE } from './cli/users.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
await database.migrate();
const demoSignIn = await demoSignInOn(database.db, config);
// Reference data always; the demo world only when demo sign-in is on, and only into a database without it
// (and without real accounts).
const { demoSeeded } = await seedDatabase(database.db, { demo: demoSignIn });
// Sessions opened while demo sign-in was on end when it is off: a shared account must not read real data.
const endedDemoSessions = demoSignIn ? 0 : await endDemoSessions(database.db);

const app = await buildApp({
  config,
  database,
  webDist: config.webDist ?? defaultWebDist,
});
app.log.info({ database: database.kind, demoSeeded }, 'database ready');
app.log.info(
  { demoSignIn, endedDemoSessions },
  demoSignIn
    ? `Demo sign-in is ON: anyone can sign in to the shared demo accounts (${demoSignInReason(config)}).`
    : `Demo sign-in is OFF (${demoSignInReason(config)}).`,
);

// Jobs run beside the HTTP server; several instances may each run one (they never take the same job).
const runner = config.jobs ? startJobRunner(database.db, config, app.log) : undefined;

let fill: CatalogueFill | undefined;

// While it runs, the embedded database is this process's: the users command looks for this file and waits.
const pidFile = database.kind === 'pglite' ? join(config.dataDir, SERVER_PID_FILE) : undefined;
if (pidFile) writeFileSync(pidFile, `${process.pid}\n`);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  if (pidFile) rmSync(pidFile, { force: true });
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

/** Why demo sign-in is on or off, in the words of the settings that decide it (README: Configuration). */
function demoSignInReason(c: typeof config): string {
  if (c.demoLoginExplicit) return 'DEMO_LOGIN=true';
  if (!c.demoLogin) {
    if (process.env.DEMO_LOGIN === 'false') return 'DEMO_LOGIN=false';
    return c.env === 'production'
      ? 'NODE_ENV=production; set DEMO_LOGIN=true to turn it on'
      : 'a sign-in provider is configured; set DEMO_LOGIN=true to turn it on';
  }
  return demoSignIn
    ? 'DEMO_LOGIN is not set; it turns off once a real administrator exists'
    : 'a real administrator exists; set DEMO_LOGIN=true to keep it on';
}
