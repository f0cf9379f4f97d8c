#!/usr/bin/env node
// `npm test`: every check, in three stages; a failing stage stops the run and fails it (exit code 1).
//  1. type-check, lint, unit tests and the build of what the e2e tests run, side by side (as many as cores);
//  2. the API suite (scripts/test-api.mjs: over PGlite, and over PostgreSQL side by side when TEST_DATABASE_URL is set);
//  3. the Playwright e2e tests (e2e/playwright.config.ts: one server and worker per project, side by side).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runParallel } from './parallel.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

function finish(passed) {
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\n== npm test: ${passed ? 'passed' : 'FAILED'} in ${minutes} min ==`);
  process.exit(passed ? 0 : 1);
}

function stage(label, command, args) {
  const stageStarted = Date.now();
  console.log(`\n== ${label} ==`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - stageStarted) / 1000);
  const passed = result.status === 0;
  console.log(`== ${label}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s ==`);
  return passed;
}

const checked = await runParallel([
  { label: 'typecheck', command: npm, args: ['run', '--silent', 'typecheck'] },
  { label: 'lint', command: npm, args: ['run', '--silent', 'lint'] },
  { label: 'unit tests', command: npm, args: ['run', '--silent', 'test:unit'] },
  { label: 'build', command: npm, args: ['run', '--silent', 'build'] },
]);
if (!checked) finish(false);
if (!stage('API tests', process.execPath, ['scripts/test-api.mjs'])) finish(false);
finish(stage('e2e tests', npm, ['run', '--silent', 'test', '-w', 'e2e']));
