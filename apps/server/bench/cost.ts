/**
 * What a request COSTS, not how many are served: CPU time per request of the server process and of the
 * PostgreSQL backends, for the health route and for the buyers' mix (and its searches and browsing alone),
 * over the same number of requests each (issue 9). On a machine shared with other work, requests per
 * second measure the others' load; the CPU a request takes does not, and health's cost over the mix's
 * predicts the ratio of their throughputs on a quiet machine (both are bound by the same cores).
 *
 *   COST_DATABASE_URL=postgres://postgres@127.0.0.1:5451/tt_cost tsx bench/cost.ts
 *
 * The database is migrated and seeded as the bench seeds it when it has no bench catalogue yet
 * (COST_PRODUCTS, default 100,000); the server is the built one (dist/server/main.js). The PostgreSQL
 * server must run on this machine (its backends' CPU is read from /proc): every process whose parent is
 * the postmaster of that data directory counts. COST_REQUESTS (default 20,000) per row after COST_WARMUP
 * (default 20,000) requests of the mix; COST_CONNECTIONS (default 50); COST_SERVER: another built server's
 * main.js (to compare a build kept from before a change). With pg_stat_statements installed in the database,
 * the mix's costliest statements are listed too. COST_NODE_ARGS: options for the server's node (a profile:
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`); COST_ROWS_FILE: where to write each row's window on the monotonic
 * clock, for bench/cpu-profile.ts to split that profile by row. COST_HEADERS: more request headers for every
 * row, as JSON (`{"accept-encoding":"gzip, br"}`: a phone asks for a compressed answer, autocannon does not).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { freePort } from './free-port.ts';
import { buyerMix, categoryTree } from './mix.ts';
import { benchBuyerSessions, seedBenchProducts } from './seed-products.ts';

const url = process.env.COST_DATABASE_URL!;
const requestsPerRow = Number(process.env.COST_REQUESTS ?? 20_000);
const warmup = Number(process.env.COST_WARMUP ?? 20_000);
const connections = Number(process.env.COST_CONNECTIONS ?? 50);
const productCount = Number(process.env.COST_PRODUCTS ?? 100_000);
const extraHeaders = JSON.parse(process.env.COST_HEADERS ?? '{}') as Record<string, string>;
const rowsFile = process.env.COST_ROWS_FILE;
const windows: { row: string; startUs: number; endUs: number; requests: number }[] = [];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const main = process.env.COST_SERVER ?? fileURLToPath(new URL('../dist/server/main.js', import.meta.url));
const TICK_MS = 10; // USER_HZ is 100 on Linux

const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const db = database.db;
await database.migrate();
const seeded = rows(await db.execute(sql`select count(*)::int as n from products where sku like 'BENCH-%'`));
if (Number(seeded[0]!.n) === 0) {
  await seedDemoData(db);
  await seedBenchProducts(db, productCount);
  await db.execute(sql`analyze`);
}
const cats = rows(await db.execute(sql`select id, parent_id from categories`)) as {
  id: number;
  parent_id: number | null;
}[];
const tree = categoryTree(cats);
const sessions = await benchBuyerSessions(db, 2000);
const dataDir = String(rows(await db.execute(sql`show data_directory`))[0]!.data_directory);
await database.close();
const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);

/** utime + stime of a process in ms, and its parent (from /proc/<pid>/stat). */
function stat(pid: number): { ms: number; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null;
  }
}

function postgresMs(): number {
  let ms = stat(postmaster)?.ms ?? 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s && s.ppid === postmaster) ms += s.ms;
  }
  return ms;
}

if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build -w apps/server\` first`);
const port = await freePort();
const nodeArgs = process.env.COST_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const child = spawn(process.execPath, [...nodeArgs, main], {
  env: {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  if (i > 600 || child.exitCode !== null) throw new Error('the server did not start');
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 200));
}

const all = buyerMix(tree, 50_000);
let n = 0;
async function drive(paths: string[] | null, amount: number) {
  const result = await autocannon({
    url: base,
    connections,
    amount,
    requests: [
      {
        method: 'GET',
        path: paths?.[0] ?? '/api/health',
        headers: extraHeaders,
        ...(paths
          ? {
              setupRequest: (request: autocannon.Request) => {
                n += 1;
                return {
                  ...request,
                  path: paths[n % paths.length]!,
                  headers: { ...extraHeaders, cookie: sessions[n % sessions.length]! },
                };
              },
            }
          : {}),
      },
    ],
  });
  return { ok: result['2xx'], errors: result.errors + result.non2xx };
}

async function statements(action: 'reset' | 'show') {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (action === 'reset') await client.query('select pg_stat_statements_reset()');
    else {
      const top = await client.query(`
        select calls, round((total_exec_time / calls)::numeric, 3) as exec_ms,
               round((total_plan_time / calls)::numeric, 3) as plan_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
          from pg_stat_statements where calls > 0 and dbid = (select oid from pg_database where datname = current_database())
         order by total_exec_time + total_plan_time desc limit 8`);
      console.table(top.rows);
    }
  } catch {
    // pg_stat_statements is not installed: nothing to show.
  } finally {
    await client.end();
  }
}

async function cost(label: string, paths: string[] | null) {
  const node0 = stat(child.pid!)!.ms;
  const pg0 = postgresMs();
  const startUs = nowUs();
  const outcome = await drive(paths, requestsPerRow);
  windows.push({ row: label, startUs, endUs: nowUs(), requests: requestsPerRow });
  const node = (stat(child.pid!)!.ms - node0) / requestsPerRow;
  const pgMs = (postgresMs() - pg0) / requestsPerRow;
  return {
    row: label,
    'node ms/req': Math.round(node * 1000) / 1000,
    'postgres ms/req': Math.round(pgMs * 1000) / 1000,
    'total ms/req': Math.round((node + pgMs) * 1000) / 1000,
    ...outcome,
  };
}

try {
  await drive(all, warmup);
  const health = await cost('health', null);
  const results = [
    health,
    await statements('reset').then(() => cost('buyers mix', all)),
    await cost(
      'searches only',
      all.filter((p) => p.includes('search=')),
    ),
    await cost(
      'browsing only',
      all.filter((p) => !p.includes('search=')),
    ),
  ].map((r) => ({
    ...r,
    'health cost / cost': Math.round((health['total ms/req'] / r['total ms/req']) * 100) / 100,
  }));
  console.log(
    `\n${requestsPerRow} requests per row, ${connections} connections, after ${warmup} requests of the mix; ` +
      'CPU time (utime + stime) of the server process and of the PostgreSQL processes',
  );
  console.table(results);
  if (rowsFile) writeFileSync(rowsFile, JSON.stringify(windows, null, 1));
  console.log('The costliest statements of the rows after health (pg_stat_statements; per call):');
  await statements('show');
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
