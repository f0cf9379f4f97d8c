// Runs commands side by side (test stages that do not depend on each other, on a machine of a few cores).
// Each command's output is held back and printed whole when it ends, headed by its name, so the log reads
// one stage after another however the commands interleaved. Resolves to true only when every one exited 0.
import { spawn } from 'node:child_process';

/** @param {{ label: string, command: string, args: string[], env?: NodeJS.ProcessEnv }[]} jobs */
export async function runParallel(jobs) {
  console.log(`\n== ${jobs.map((job) => job.label).join(', ')}: side by side ==`);
  const results = await Promise.all(jobs.map(runJob));
  return results.every(Boolean);
}

function runJob({ label, command, args, env }) {
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
