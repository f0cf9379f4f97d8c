// Runs commands side by side (test stages that do not depend on each other), at most as many at a time as
// the machine has cores: each stage is mostly single-threaded, and more would only slow each one down.
// Each command's output is held back and printed whole when it ends, headed by its name, so the log reads
// one command after another however they interleaved. Resolves to true only when every one exited 0.
// A command that fails also leaves its failure lines for a recap (printFailures()) at the end of the log, where a
// reader of only the log's tail (a CI summary) finds what failed even when the failing output came first.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Lines that name a failure in a test runner's output, ANSI colours removed: Vitest's FAIL and × lines, an
 * assertion or other error, a timeout, tsc's `error TS…`, ESLint's `line:col  error`, a count of failures. A line
 * that reports a test passed or skipped (✓, ↓, Playwright's `-`) never is one, whatever its test's name says.
 */
const FAILURE_LINE =
  /\bFAIL\b|[×✘]|\b\w*Error\b:|\btimed out\b|\berror TS\d+|^\s*\d+:\d+\s+error\b|\b\d+ failed\b/;
const REPORTED_PASSED = /^\s*[✓↓-]\s/;
const RECAP_LINES = 40;
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** The commands that failed so far: each one's label and its failure lines. */
const failed = [];

/** Prints the failed commands' failure lines under one heading, so that the last lines of a log say what failed; nothing when none did. */
export function printFailures() {
  if (failed.length === 0) return;
  console.log('\n== what failed ==');
  for (const { label, lines } of failed) {
    console.log(`-- ${label}:`);
    for (const line of lines) console.log(`   ${line}`);
  }
}

/** The failure lines of a command's output, at most RECAP_LINES of them, the first ones kept. */
export function failureLines(text) {
  const lines = text
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => FAILURE_LINE.test(line) && !REPORTED_PASSED.test(line));
  const unique = [...new Set(lines)];
  return unique.length > RECAP_LINES
    ? [...unique.slice(0, RECAP_LINES), `... and ${unique.length - RECAP_LINES} more`]
    : unique;
}

/** @param {{ label: string, command: string, args: string[], env?: NodeJS.ProcessEnv }[]} jobs */
export async function runParallel(jobs, concurrency = availableParallelism()) {
  console.log(`\n== ${jobs.map((job) => job.label).join(', ')}: ${concurrency} at a time ==`);
  const waiting = [...jobs];
  let passed = true;
  const lane = async () => {
    for (let job = waiting.shift(); job; job = waiting.shift()) {
      if (!(await runJob(job))) passed = false;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return passed;
}

/** Runs one command with its output held back and printed whole when it ends; resolves to whether it exited 0. */
export function runJob({ label, command, args, env }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, { env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const passed = code === 0;
      const outcome = passed ? 'passed' : `FAILED (${signal ?? `exit code ${code}`})`;
      const text = Buffer.concat(output);
      console.log(`\n== ${label} ==`);
      process.stdout.write(text);
      if (!passed) failed.push({ label, lines: failureLines(text.toString('utf8')) });
      console.log(`== ${label}: ${outcome} in ${seconds} s ==`);
      resolve(passed);
    });
  });
}
