#!/usr/bin/env node
// `npm run typecheck`: every project's types, with TypeScript 7's native compiler (ADR 045). It is installed as
// @typescript/native beside the `typescript` package, which stays for the tools that use the compiler's JavaScript
// API (typescript-eslint); both packages name their command `tsc`, so the compiler is called by its path here.
// One thread per project: on two cores, the default four checkers each resolved the same types again (the server's
// project took 24 s of CPU that way and 9 s on one thread), and npm test runs this beside other checks.
// `--noEmit` here as well as in tsconfig.base.json: a check never writes `.js` beside the sources, even when a
// project's options cannot be read in full.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('@typescript/native/package.json')),
  'bin/tsc',
);
// Other projects may be named on the command line (lint/typecheck.test.ts checks the script on its fixtures).
const projects =
  process.argv.length > 2 ? process.argv.slice(2) : ['packages/domain', 'apps/server', 'apps/web', 'e2e'];

let passed = true;
for (const project of projects) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit', '--singleThreaded'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) {
    console.error(`typecheck: ${project} has type errors`);
    passed = false;
  }
}
process.exit(passed ? 0 : 1);
