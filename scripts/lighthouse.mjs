#!/usr/bin/env node
// Lighthouse 12's mobile run (its default throttling) on the landing page, and signed in (demo retailer) on
// the dashboard and the marketplace: performance score, LCP and total blocking time (issue 9).
// Starts the compiled server over a fresh embedded database with the built web (run `npm run build` first).
//
//   CHROME_PATH=/usr/bin/chromium node scripts/lighthouse.mjs
//   LIGHTHOUSE_RUNS=3 (median of that many runs per page; default 1)
//   LIGHTHOUSE_PAGES=marketplace (only these pages, by the names in the table: landing, dashboard, marketplace)
//   WEB_DIST=/tmp/web (serves that web build instead of apps/web/dist)
//   LIGHTHOUSE_BUILDS=apps/web/dist,/tmp/web (compares web builds: each run of a page on one build, then on the next;
//     a table row for each page and build)
//   LIGHTHOUSE_REPORTS=/tmp/lh (keeps each run's JSON report there, to see where the main thread went)
//   LIGHTHOUSE_TRACES=/tmp/lh (keeps each run's trace there, with the V8 profiler's samples, for
//     scripts/main-thread.mjs; the profiler adds work of its own, so these runs' figures are not compared)
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3290);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const dataDir = mkdtempSync(join(tmpdir(), 'tt-lighthouse-'));
process.env.CHROME_PATH ??= '/usr/bin/chromium';
// The web builds measured: WEB_DIST (or the server's own default, apps/web/dist), or several to compare, each run of
// one followed by the same run of the next, so that a busy or noisy machine weighs on all of them alike (ADR 041).
const builds = process.env.LIGHTHOUSE_BUILDS?.split(',').filter(Boolean) ?? [process.env.WEB_DIST ?? null];

// The compiled server, as production runs it (`npm run build` builds it and the web app): one for each build, on
// its own port, over its own fresh embedded database.
const servers = builds.map((dist, i) => {
  const serverPort = port + i;
  const env = {
    ...process.env,
    PORT: String(serverPort),
    DATA_DIR: join(dataDir, `data-${i}`),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  if (dist) env.WEB_DIST = dist;
  const child = spawn(process.execPath, ['apps/server/dist/server/main.js'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { build: dist ?? 'apps/web/dist', base: `http://localhost:${serverPort}`, child };
});

function stopServers() {
  for (const { child } of servers) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

// Stopped from outside (Ctrl-C, a timeout): stop the servers too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopServers();
    process.exit(1);
  });
}

async function waitForServer(base) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${base} did not start`);
}

/** A demo retailer's session cookie on that server, for the signed-in pages. */
async function signIn(base) {
  const login = await fetch(`${base}/api/demo/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"role":"retailer"}',
  });
  return (login.headers.get('set-cookie') ?? '').split(';')[0];
}

function lighthouse(url, cookie) {
  const out = join(dataDir, `report-${Date.now()}.json`);
  const args = [
    'lighthouse',
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  if (process.env.LIGHTHOUSE_TRACES)
    args.push('--save-assets', '--additional-trace-categories=disabled-by-default-v8.cpu_profiler');
  // Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, NO_FCP): try that run again.
  let result;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    result = spawnSync(process.execPath, [lighthouseBin, ...args.slice(1)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status === 0) break;
    console.log(`lighthouse: ${url} failed (attempt ${attempt} of 3)`);
  }
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const name = `${new URL(url).pathname.slice(1) || 'landing'}-${Date.now()}`;
  if (process.env.LIGHTHOUSE_TRACES) {
    mkdirSync(process.env.LIGHTHOUSE_TRACES, { recursive: true });
    copyFileSync(
      out.replace(/\.json$/, '-0.trace.json'),
      join(process.env.LIGHTHOUSE_TRACES, `${name}.trace.json`),
    );
  }
  if (process.env.LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    copyFileSync(out, join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`));
  }
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: Math.round(report.audits['largest-contentful-paint'].numericValue),
    tbt: Math.round(report.audits['total-blocking-time'].numericValue),
    // Lighthouse's own measure of the host (an ordinary laptop: 1,000-2,000): a busy host's runs do not compare.
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
  };
}

/**
 * What one system call costs on this host, in microseconds (the median of five rounds of 20,000 `fstat`s from Node).
 * Chromium's renderer crosses into the kernel for its IPC, memory and timers, and Lighthouse counts the page's
 * main thread four times over; on a virtual machine where a call is dear, the same build scores far lower
 * (ADR 041). Printed beside the scores so that runs on different hosts are not compared as if they were alike.
 */
function systemCallMicroseconds() {
  const fd = openSync(process.execPath, 'r');
  try {
    const rounds = [];
    for (let round = 0; round < 5; round += 1) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < 20_000; i += 1) fstatSync(fd);
      rounds.push(Number(process.hrtime.bigint() - started) / 20_000 / 1000);
    }
    return median(rounds);
  } finally {
    closeSync(fd);
  }
}

const lighthouseBin = fileURLToPath(new URL('../node_modules/lighthouse/cli/index.js', import.meta.url));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const pages = [
  { page: 'landing', path: '/', signedIn: false },
  { page: 'dashboard', path: '/dashboard', signedIn: true },
  { page: 'marketplace', path: '/products', signedIn: true },
];

try {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const unknown = only?.filter((name) => !pages.some((p) => p.page === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`LIGHTHOUSE_PAGES: no page ${unknown.join(', ')} (landing, dashboard, marketplace)`);
  for (const server of servers) {
    await waitForServer(server.base);
    server.cookie = await signIn(server.base);
  }
  const rows = [];
  for (const { page, path, signedIn } of pages.filter((p) => !only || only.includes(p.page))) {
    const results = servers.map(() => []);
    for (let i = 0; i < runs; i += 1) {
      servers.forEach((server, b) => {
        const which = servers.length > 1 ? `, ${server.build}` : '';
        console.log(`lighthouse: ${page}${which}, run ${i + 1} of ${runs}`);
        results[b].push(lighthouse(`${server.base}${path}`, signedIn ? server.cookie : null));
        console.log(`lighthouse: ${page}${which}, run ${i + 1}:`, JSON.stringify(results[b].at(-1)));
      });
    }
    servers.forEach((server, b) => {
      rows.push({
        page,
        ...(servers.length > 1 ? { build: server.build } : {}),
        score: median(results[b].map((r) => r.score)),
        'LCP ms': median(results[b].map((r) => r.lcp)),
        'TBT ms': median(results[b].map((r) => r.tbt)),
        benchmarkIndex: results[b].map((r) => r.benchmarkIndex).join(' / '),
        runs,
      });
    });
  }
  console.table(rows);
  console.log(`host: a system call from Node takes ${systemCallMicroseconds().toFixed(2)} µs (ADR 041)`);
} finally {
  stopServers();
}
