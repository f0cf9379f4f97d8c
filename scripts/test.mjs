#!/usr/bin/env node
// `npm test`: every check, in three stages; a failing stage stops the run and fails it (exit code 1).
//  1. type-check, lint, unit tests and the build of what the e2e tests run, side by side (as many as cores);
//  2. the API suite (test-api.mjs: over PGlite, and over PostgreSQL side by side when TEST_DATABASE_URL is set);
//  3. the Playwright e2e tests (e2e/playwright.config.ts: one server and worker per project, side by side). They
//     start as soon as the first API run has passed, beside the other, so that no core idles while it ends; the two
//     then share the cores (ADR 044). If the other API run fails, the e2e run is stopped and the suite fails.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { printFailures, runJob, runParallel } from './parallel.mjs';
import { apiRuns } from './test-api.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);

function finish(passed) {
  printFailures();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\n== npm test: ${passed ? 'passed' : 'FAILED'} in ${minutes} min ==`);
  process.exit(passed ? 0 : 1);
}

/**
 * The e2e stage, its output live. It runs in a process group of its own, so that `stop()` can interrupt all of it
 * as Ctrl-C would (Playwright then stops its browsers and servers); Ctrl-C on this script is passed on to it.
 */
function startE2e() {
  const stageStarted = Date.now();
  console.log('\n== e2e tests ==');
  const child = spawn(npm, ['run', '--silent', 'test', '-w', 'e2e'], { stdio: 'inherit', detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // It has ended already.
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const done = new Promise((resolve) => {
    child.on('error', (error) => console.error(error));
    child.on('close', (code, signal) => {
      const passed = code === 0;
      const outcome = passed ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`;
      console.log(`== e2e tests: ${outcome} in ${seconds(stageStarted)} s ==`);
      resolve(passed);
    });
  });
  return { done, stop };
}

const checked = await runParallel([
  { label: 'typecheck', command: npm, args: ['run', '--silent', 'typecheck'] },
  { label: 'lint', command: npm, args: ['run', '--silent', 'lint'] },
  { label: 'unit tests', command: npm, args: ['run', '--silent', 'test:unit'] },
  { label: 'build', command: npm, args: ['run', '--silent', 'build'] },
]);
if (!checked) finish(false);

const apiStarted = Date.now();
const runs = apiRuns();
console.log(`\n== API tests: ${runs.map((run) => run.label).join(', ')}, side by side ==`);
const results = runs.map((run) => runJob(run));
const first = await Promise.race(results);
const e2e = first ? startE2e() : undefined;
const apiPassed = (await Promise.all(results)).every(Boolean);
console.log(`== API tests: ${apiPassed ? 'passed' : 'FAILED'} in ${seconds(apiStarted)} s ==`);
if (!apiPassed) {
  e2e?.stop();
  await e2e?.done;
  finish(false);
}
finish(await e2e.done);
