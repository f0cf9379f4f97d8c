#!/usr/bin/env node
// The server's API suite: always over PGlite, and a second time over PostgreSQL when TEST_DATABASE_URL is set.
// Extra arguments go to both vitest runs (e.g. a file filter).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const { TEST_DATABASE_URL: postgresUrl, ...withoutPostgres } = process.env;

function run(label, env) {
  console.log(`\n== API tests over ${label} ==`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server', '--passWithNoTests=false', ...args],
    {
      stdio: 'inherit',
      env,
    },
  );
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('PGlite', withoutPostgres);
if (postgresUrl) run('PostgreSQL', { ...withoutPostgres, TEST_DATABASE_URL: postgresUrl });
