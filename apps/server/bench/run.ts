/**
 * npm run bench: requests per second and latency of the API with the server in its own process (as in
 * production) and autocannon in this one. The main figure is the buyers' catalogue mix of bench/mix.ts
 * (every request another buyer's session), with the health route measured in the same run as the yardstick:
 * this machine is shared, so only the ratio to health compares between runs. Over PGlite, and over PostgreSQL too when BENCH_DATABASE_URL is
 * set (a throwaway database is created beside it and dropped afterwards). Before the server starts, each
 * fresh database gets the demo seed plus BENCH_PRODUCTS generated products (default 100,000).
 * A benchmark, not a test: it asserts nothing.
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_PRODUCTS=100000 BENCH_DATABASE_URL=postgres://... npm run bench
 *   BENCH_PGLITE=false skips the PGlite run (PostgreSQL only).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { centsToRand, priceCheckout } from '@tt/domain';
import { openDatabase, type DatabaseTarget } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { freePort } from './free-port.ts';
import { buyerMix, categoryTree, type CategoryTree } from './mix.ts';
import { benchBuyerSessions, benchBuyers, benchCheckoutProduct, seedBenchProducts } from './seed-products.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const checkoutBuyers = Number(process.env.BENCH_BUYERS ?? 20);
/** PGlite serves one query at a time: 10 connections there, 50 on PostgreSQL (BENCH_CONNECTIONS). */
const pgliteConnections = Number(process.env.BENCH_PGLITE_CONNECTIONS ?? 10);
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 2000);
/** The older single-path listings, the foundation endpoints and checkout: only with BENCH_EXTRA=true. */
const extra = process.env.BENCH_EXTRA === 'true';
const foundationEndpoints = ['/api/health', '/api/users/me', '/api/notifications', '/api/dashboard'];
/** How many times the mix is measured (each on a freshly started server); the table gives each run and the medians. */
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** The compiled server, as production runs it (`npm run bench` builds it first with scripts/build.mjs). */
const main = fileURLToPath(new URL('../dist/server/main.js', import.meta.url));

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build -w apps/server\` first`);
  const child = spawn(process.execPath, [main], {
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
      if ((await fetch(`${base}/api/health`)).ok) {
        const stop = async () => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        };
        return { base, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

interface Prepared {
  buyers: string[];
  sessions: string[];
  tree: CategoryTree;
  product: { id: number; price_cents: number };
  departmentId: number;
}

/** Seeds a fresh database before the server opens it: demo data, the bulk catalogue, the checkout buyers. */
async function prepare(target: DatabaseTarget): Promise<Prepared> {
  const started = Date.now();
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await seedDemoData(database.db);
    if (productCount > 0) await seedBenchProducts(database.db, productCount);
    const buyers = await benchBuyers(database.db, checkoutBuyers);
    const sessions = await benchBuyerSessions(database.db, sessionCount);
    const cats = (
      (await database.db.execute(sql`select id, parent_id from categories`)) as unknown as {
        rows: { id: number; parent_id: number | null }[];
      }
    ).rows;
    const tree = categoryTree(cats);
    const product = await benchCheckoutProduct(database.db);
    const result = await database.db.execute(
      sql`select id from categories where parent_id is null order by id limit 1`,
    );
    const departmentId = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
    console.log(
      `${target.kind}: seeded ${productCount} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { buyers, sessions, tree, product, departmentId };
  } finally {
    await database.close();
  }
}

/** p-th percentile (nearest rank) of the measured latencies; autocannon's own histogram has no p95. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, rank))]! * 10) / 10;
}

async function measure(options: autocannon.Options) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': percentile(latencies, 50),
    'p95 ms': percentile(latencies, 95),
    'p99 ms': percentile(latencies, 99),
    ok: result['2xx'],
    errors: result.errors + result.non2xx,
  };
}

/** The listing queries measured: plain page 1, a search, and department + price band sorted by price. */
function listingPaths(prepared: Prepared) {
  return [
    '/api/products',
    '/api/products?search=maize',
    `/api/products?department_id=${prepared.departmentId}&price_band=50_100&sort=price_asc`,
  ];
}

/** The listings again with the shared ids cache off: every request finds its matches (ADR 026). */
const uncachedModes: { tag: string; env: Record<string, string> }[] = [
  { tag: 'ids cache off', env: { CATALOGUE_RESULT_CACHE_MS: '0' } },
];

async function benchUncached(
  label: string,
  env: Record<string, string>,
  prepared: Prepared,
  mode: (typeof uncachedModes)[number],
) {
  const server = await startServer({ ...env, ...mode.env });
  try {
    const cookie = await demoCookie(server.base);
    const rows = [];
    for (const path of listingPaths(prepared)) {
      await autocannon({ url: `${server.base}${path}`, connections, duration: 1, headers: { cookie } });
      rows.push({
        database: `${label} (${mode.tag})`,
        endpoint: `GET ${path}`,
        connections,
        ...(await measure({
          url: `${server.base}${path}`,
          connections,
          duration: seconds,
          headers: { cookie },
        })),
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/**
 * Seconds of the mix run before each of its rows is measured (BENCH_WARMUP_SECONDS): the server has just
 * started, and the shared ids cache fills as buyers ask. The measured requests are the ones that follow
 * (the same seeded sequence, continued), so new questions keep arriving while it is measured.
 */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

/**
 * The mix (or one part of it) over `connections`, each request the next path and the next buyer's session,
 * after a warm-up of the requests of the same mix that come before them.
 */
async function measureMix(base: string, paths: string[], sessions: string[], connections: number) {
  let n = 0;
  const requests = [
    {
      method: 'GET' as const,
      path: paths[0]!,
      setupRequest: (request: autocannon.Request) => {
        n += 1;
        return {
          ...request,
          path: paths[n % paths.length]!,
          headers: { cookie: sessions[n % sessions.length]! },
        };
      },
    },
  ];
  await autocannon({ url: base, connections, duration: warmupSeconds, requests });
  return measure({ url: base, connections, duration: seconds, requests });
}

async function benchMix(label: string, env: Record<string, string>, prepared: Prepared, connections: number) {
  const server = await startServer(env);
  try {
    const all = buyerMix(prepared.tree, 50_000);
    const parts = [
      { endpoint: 'buyers mix', paths: all },
      { endpoint: 'searches only', paths: all.filter((p) => p.includes('search=')) },
      { endpoint: 'browsing only', paths: all.filter((p) => !p.includes('search=')) },
    ];
    const measured = [];
    for (const part of parts) {
      measured.push({
        part,
        result: await measureMix(server.base, part.paths, prepared.sessions, connections),
      });
    }
    // The yardstick last: a server that has just started fills the catalogue's first questions in the
    // background (ADR 028), and the health route measured during that fill served about a third fewer requests
    // than on a settled server, which flattered every ratio. By now it is done, as on a server in service.
    const health = await measure({ url: `${server.base}/api/health`, connections, duration: seconds });
    const row = (endpoint: string, result: Awaited<ReturnType<typeof measure>>) => ({
      database: label,
      endpoint,
      connections,
      ...result,
      'x health': Math.round((result['req/s'] / health['req/s']) * 100) / 100,
    });
    return [
      row('GET /api/health (no session)', health),
      ...measured.map(({ part, result }) => row(part.endpoint, result)),
    ];
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 100) / 100;
};

/**
 * The mix `runs` times, each on a freshly started server: every run's rows (numbered), then for each row
 * the median of each column over the runs ("x health" is the median of the runs' own ratios).
 */
async function benchMixRuns(
  label: string,
  env: Record<string, string>,
  prepared: Prepared,
  connections: number,
) {
  const perRun: Awaited<ReturnType<typeof benchMix>>[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const rows = await benchMix(`${label} #${run}`, env, prepared, connections);
    console.table(rows);
    perRun.push(rows);
  }
  const medians = perRun[0]!.map((row, i) => {
    const column = (key: 'req/s' | 'p50 ms' | 'p95 ms' | 'p99 ms' | 'ok' | 'errors' | 'x health') =>
      median(perRun.map((rows) => rows[i]![key]));
    return {
      database: `${label} (median of ${runs})`,
      endpoint: row.endpoint,
      connections,
      'req/s': column('req/s'),
      'p50 ms': column('p50 ms'),
      'p95 ms': column('p95 ms'),
      'p99 ms': column('p99 ms'),
      ok: column('ok'),
      errors: column('errors'),
      'x health': column('x health'),
    };
  });
  return [...perRun.flat(), ...medians];
}

async function demoCookie(base: string) {
  const login = await fetch(`${base}/api/demo/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"role":"retailer"}',
  });
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function bench(label: string, env: Record<string, string>, prepared: Prepared) {
  const server = await startServer(env);
  try {
    const cookie = await demoCookie(server.base);
    const rows = [];
    for (const path of [...listingPaths(prepared), ...foundationEndpoints]) {
      // Warm the server's and the database's caches, so the figures are steady-state.
      await autocannon({ url: `${server.base}${path}`, connections, duration: 1, headers: { cookie } });
      rows.push({
        database: label,
        endpoint: `GET ${path}`,
        connections,
        ...(await measure({
          url: `${server.base}${path}`,
          connections,
          duration: seconds,
          headers: { cookie },
        })),
      });
    }

    // Checkout: each request one unit, a new order number and Idempotency-Key, buyers in turn.
    const pricing = priceCheckout(
      [
        {
          product_id: prepared.product.id,
          seller_id: 0,
          quantity: 1,
          unit_price_cents: prepared.product.price_cents,
        },
      ],
      'standard',
    );
    const run = randomBytes(3).toString('hex');
    let n = 0;
    const stamp = Date.now();
    const checkout = await measure({
      url: server.base,
      connections: checkoutBuyers,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest: (request) => {
            n += 1;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                cookie: prepared.buyers[n % prepared.buyers.length]!,
                'idempotency-key': `bench-${run}-${n}`,
              },
              body: JSON.stringify({
                order_number: `ORD${stamp}${String(n).padStart(7, '0')}`,
                total_amount: centsToRand(pricing.total_cents),
                tax_amount: centsToRand(pricing.tax_cents),
                discount_amount: 0,
                delivery_option: 'standard',
                items: [
                  {
                    product_id: prepared.product.id,
                    quantity: 1,
                    unit_price: centsToRand(prepared.product.price_cents),
                    total_price: centsToRand(prepared.product.price_cents),
                  },
                ],
              }),
            };
          },
        },
      ],
    });
    rows.push({
      database: label,
      endpoint: 'POST /api/orders (orders/s)',
      connections: checkoutBuyers,
      ...checkout,
    });
    return rows;
  } finally {
    await server.stop();
  }
}

async function onAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'tt-bench-'));
try {
  const rows = [];
  if (process.env.BENCH_PGLITE !== 'false') {
    const pgliteEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const pglite = await prepare({ kind: 'pglite', dataDir });
    rows.push(...(await benchMixRuns('pglite', pgliteEnv, pglite, pgliteConnections)));
    if (extra) {
      rows.push(...(await bench('pglite', pgliteEnv, pglite)));
      for (const mode of uncachedModes)
        rows.push(...(await benchUncached('pglite', pgliteEnv, pglite, mode)));
    }
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const name = `tt_bench_${randomBytes(4).toString('hex')}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await onAdmin(adminUrl, `CREATE DATABASE "${name}"`);
    try {
      const prepared = await prepare({ kind: 'postgres', url: url.href, poolSize: 2 });
      rows.push(...(await benchMixRuns('postgres', { DATABASE_URL: url.href }, prepared, connections)));
      if (extra) {
        rows.push(...(await bench('postgres', { DATABASE_URL: url.href }, prepared)));
        for (const mode of uncachedModes) {
          rows.push(...(await benchUncached('postgres', { DATABASE_URL: url.href }, prepared, mode)));
        }
      }
    } finally {
      await onAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }
  console.log(
    `\n${productCount} products; ${seconds} s per row; server in its own process; mix over ` +
      `${sessionCount} buyer sessions after ${warmupSeconds} s of warm-up; x health = req/s over the health route's in the same run` +
      (extra ? `; checkout with ${checkoutBuyers} buyers at once (req/s there = orders per second)` : '') +
      '\n',
  );
  console.table(rows);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
