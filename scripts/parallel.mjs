// Runs commands side by side (test stages that do not depend on each other), at most as many at a time as
// the machine has cores: each stage is mostly single-threaded, and more would only slow each one down.
// Each command's output is held back and printed whole when it ends, headed by its name, so the log reads
// one command after another however they interleaved. Resolves to true only when every one exited 0.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

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
      console.log(`\n== ${label} ==`);
      process.stdout.write(Buffer.concat(output));
      console.log(`== ${label}: ${outcome} in ${seconds} s ==`);
      resolve(passed);
    });
  });
}
