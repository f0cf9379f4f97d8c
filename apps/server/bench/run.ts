/**
 * npm run bench: requests per second and latency of the foundation's endpoints, with the server in its
 * own process (as in production) and autocannon in this one. Over PGlite, and over PostgreSQL too when
 * BENCH_DATABASE_URL is set. A benchmark, not a test: it asserts nothing.
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_DATABASE_URL=postgres://... npm run bench
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const endpoints = ['/api/health', '/api/users/me', '/api/notifications', '/api/dashboard'];
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SIGN_IN_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

async function bench(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const login = await fetch(`${server.base}/api/demo/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"role":"retailer"}',
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const rows = [];
    for (const path of endpoints) {
      const result = await autocannon({
        url: `${server.base}${path}`,
        connections,
        duration: seconds,
        headers: { cookie },
      });
      rows.push({
        database: label,
        endpoint: `GET ${path}`,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p90 ms': result.latency.p90,
        'p99 ms': result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    }
    return rows;
  } finally {
    server.stop();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'tt-bench-'));
try {
  const rows = await bench('pglite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  if (process.env.BENCH_DATABASE_URL)
    rows.push(...(await bench('postgres', { DATABASE_URL: process.env.BENCH_DATABASE_URL })));
  console.log(`\n${connections} connections, ${seconds} s per endpoint, server in its own process\n`);
  console.table(rows);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
