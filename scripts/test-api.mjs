#!/usr/bin/env node
// The server's API suite: always over PGlite, and over PostgreSQL too when TEST_DATABASE_URL is set. The two
// runs go side by side (Vitest gives each only one worker on a 2-core machine); each one's output is printed
// whole when it ends, and the suite fails when either fails. Extra arguments go to both (e.g. a file filter).
// `npm test` (test.mjs) starts the same runs through apiRuns().
import { fileURLToPath } from 'node:url';
import { printFailures, runParallel } from './parallel.mjs';

/** The API suite's runs, as jobs for parallel.mjs: over PGlite, and over PostgreSQL when TEST_DATABASE_URL is set. */
export function apiRuns(args = []) {
  const { TEST_DATABASE_URL: postgresUrl, ...withoutPostgres } = process.env;
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const vitest = ['vitest', 'run', '--project', 'server', '--passWithNoTests=false', ...args];
  const runs = [{ label: 'API tests over PGlite', command: npx, args: vitest, env: withoutPostgres }];
  if (postgresUrl) {
    runs.push({
      label: 'API tests over PostgreSQL',
      command: npx,
      args: vitest,
      env: { ...withoutPostgres, TEST_DATABASE_URL: postgresUrl },
    });
  }
  return runs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const passed = await runParallel(apiRuns(process.argv.slice(2)));
  printFailures();
  process.exit(passed ? 0 : 1);
}
