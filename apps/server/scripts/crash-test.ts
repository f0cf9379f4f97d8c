/**
 * npm run crash-test (not in CI): the server in its own process on a fresh database, a checkout storm of
 * CRASH_BUYERS buyers, the server killed with SIGKILL mid-storm CRASH_KILLS times and restarted, then the
 * invariants checked straight in the database:
 *   - stock + sold = start, for every product bought;
 *   - no order without items;
 *   - one order per Idempotency-Key: every key the buyers were answered 201 for has exactly one order
 *     (a retry after a crash replays, never buys twice), and no key is stored without its answer.
 * Buyers retry a request that got no answer (or a 503) with the same key until it is answered, as the
 * web app does, so every key's outcome is known at the end.
 *
 * Over PGlite always; over PostgreSQL when CRASH_DATABASE_URL is set (a throwaway database is created
 * beside it), where a second storm runs while PostgreSQL ends the server's connections
 * (pg_terminate_backend) every CRASH_TERMINATE_MS: the server must stay up and the invariants hold.
 *
 *   CRASH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run crash-test
 *   CRASH_BUYERS=20 CRASH_KILLS=3 CRASH_STORM_MS=8000 CRASH_PGLITE=false ...
 * Exits 1 when an invariant fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { centsToRand, priceCheckout } from '@tt/domain';
import { openDatabase, type DatabaseTarget, type Db } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { createSession, demoEmail } from '../src/features/auth/service.ts';
import { users } from '../src/db/schema.ts';
import { subscribe } from '../src/features/subscriptions/service.ts';

const BUYERS = Number(process.env.CRASH_BUYERS ?? 24);
const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const STORM_MS = Number(process.env.CRASH_STORM_MS ?? 8000);
const TERMINATE_MS = Number(process.env.CRASH_TERMINATE_MS ?? 100);
/** Little enough that the storm sells out and the refusals (409) are exercised too. */
const SCARCE_STOCK = Number(process.env.CRASH_SCARCE_STOCK ?? 400);
const PLENTY_STOCK = 1_000_000;
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Product {
  id: number;
  price_cents: number;
  start: number;
}
interface Prepared {
  buyers: { id: number; cookie: string }[];
  scarce: Product;
  plenty: Product;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function prepare(target: DatabaseTarget): Promise<Prepared> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const buyers = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const [row] = await database.db
        .insert(users)
        .values({
          email: `crash.buyer.${i}.${randomBytes(3).toString('hex')}@example.co.za`,
          name: `Crash Buyer ${i}`,
          role: 'retailer',
          company_name: `Crash Spaza ${i}`,
        })
        .returning({ id: users.id });
      // A plan without a monthly order cap (DECISIONS 16), so the storm is not stopped at 20 orders.
      await subscribe(database.db, row!.id, 'trader');
      const { token } = await createSession(database.db, row!.id, 1);
      buyers.push({ id: row!.id, cookie: `tt_session=${token}` });
    }
    const product = async (name: string, cents: number, stock: number): Promise<Product> => {
      const result = await database.db.execute(sql`
        insert into products (seller_id, category_id, name, brand, sku, selling_price_cents, mrp_cents,
                              minimum_order_quantity, stock_quantity, is_active)
        select (select id from users where email = ${demoEmail('supplier')}),
               (select min(id) from categories where parent_id is not null),
               ${name}, 'Crash', ${`CRASH-${randomBytes(4).toString('hex')}`}, ${cents}, ${cents}, 1, ${stock}, true
        returning id`);
      return { id: rowsOf<{ id: number }>(result)[0]!.id, price_cents: cents, start: stock };
    };
    return {
      buyers,
      scarce: await product('Crash Maize Meal 10kg', 8999, SCARCE_STOCK),
      plenty: await product('Crash Sugar 2kg', 3499, PLENTY_STOCK),
    };
  } finally {
    await database.close();
  }
}

interface Server {
  base: string;
  child: ChildProcess;
}

async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'fatal',
      NODE_ENV: 'production',
      DEMO_LOGIN: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The server's stderr, less the one line it prints per connection PostgreSQL ended (expected here).
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (line.trim() && !line.startsWith('PostgreSQL connection lost')) console.error(`  server: ${line}`);
    }
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null)
      throw new Error(`the server stopped while starting (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not start');
}

async function stopServer(server: Server, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

interface Tally {
  attempts: number;
  created: number;
  replayed: number;
  refused: number;
  unavailable: number;
  noAnswer: number;
  other: Record<string, number>;
  /** Key -> the order ids it was answered with (every answer for the key must agree). */
  orders: Map<string, number[]>;
  soldScarce: number;
  soldPlenty: number;
}

const newTally = (): Tally => ({
  attempts: 0,
  created: 0,
  replayed: 0,
  refused: 0,
  unavailable: 0,
  noAnswer: 0,
  other: {},
  orders: new Map(),
  soldScarce: 0,
  soldPlenty: 0,
});

/**
 * One buyer: checkouts one after another, each under a new key, retried with the same key until answered.
 * The base is read on every try, so a restarted server (same port) is found again.
 */
async function buyer(
  n: number,
  prepared: Prepared,
  base: () => string,
  storming: () => boolean,
  tally: Tally,
  problems: string[],
) {
  const { cookie } = prepared.buyers[n]!;
  let serial = 0;
  while (storming()) {
    serial += 1;
    const key = `crash-${n}-${serial}-${randomBytes(4).toString('hex')}`;
    // Every other checkout also wants the scarce product: once it sells out those are refused (409)
    // while the others go on selling, so crashes hit both paths.
    const scarceQty = serial % 2 === 1 ? 1 + (serial % 3) : 0;
    const plentyQty = 1 + (n % 3);
    const lines = [
      ...(scarceQty ? [{ product: prepared.scarce, quantity: scarceQty }] : []),
      { product: prepared.plenty, quantity: plentyQty },
    ];
    const pricing = priceCheckout(
      lines.map((l) => ({
        product_id: l.product.id,
        seller_id: 0,
        quantity: l.quantity,
        unit_price_cents: l.product.price_cents,
      })),
      'standard',
    );
    const body = JSON.stringify({
      order_number: `ORD${Date.now()}${String(n).padStart(2, '0')}${String(serial % 10000).padStart(4, '0')}`,
      total_amount: centsToRand(pricing.total_cents),
      tax_amount: centsToRand(pricing.tax_cents),
      delivery_option: 'standard',
      delivery_address: `${n} Crash Street, Soweto`,
      items: lines.map((l) => ({
        product_id: l.product.id,
        quantity: l.quantity,
        unit_price: centsToRand(l.product.price_cents),
        total_price: centsToRand(l.product.price_cents * l.quantity),
      })),
    });
    // Until answered: a crash or a dropped connection is not an answer.
    for (let attempt = 0; ; attempt += 1) {
      tally.attempts += 1;
      let response: Response;
      try {
        response = await fetch(`${base()}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
          body,
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        tally.noAnswer += 1;
        await sleep(50 + Math.random() * 100);
        continue;
      }
      const text = await response.text();
      if (response.status === 503) {
        tally.unavailable += 1;
        await sleep(20 + Math.random() * 50);
        continue;
      }
      if (response.status === 201) {
        const ids = (JSON.parse(text) as { orders: { id: number }[] }).orders.map((o) => o.id).sort();
        const earlier = tally.orders.get(key);
        if (earlier && earlier.join() !== ids.join()) {
          problems.push(`key ${key} answered orders ${earlier.join()} and later ${ids.join()}`);
        }
        if (response.headers.get('idempotent-replayed') === 'true') tally.replayed += 1;
        if (!earlier) {
          tally.created += 1;
          tally.orders.set(key, ids);
          tally.soldScarce += scarceQty;
          tally.soldPlenty += plentyQty;
        }
        break;
      }
      if (response.status === 409) {
        tally.refused += 1;
        break;
      }
      tally.other[response.status] = (tally.other[response.status] ?? 0) + 1;
      if (response.status >= 500) problems.push(`answered ${response.status}: ${text.slice(0, 200)}`);
      break;
    }
  }
}

/** The invariants, read straight from the database after the server has stopped. */
async function checkInvariants(db: Db, prepared: Prepared, tally: Tally, problems: string[]) {
  for (const product of [prepared.scarce, prepared.plenty]) {
    const [row] = rowsOf<{ stock: number; sold: number }>(
      await db.execute(sql`
        select p.stock_quantity as stock,
               coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                          where i.product_id = p.id and o.status <> 'cancelled'), 0)::int as sold
          from products p where p.id = ${product.id}`),
    );
    if (row!.stock + row!.sold !== product.start) {
      problems.push(
        `product ${product.id}: stock ${row!.stock} + sold ${row!.sold} <> start ${product.start}`,
      );
    }
    if (row!.stock < 0) problems.push(`product ${product.id}: negative stock ${row!.stock}`);
    const expected = product === prepared.scarce ? tally.soldScarce : tally.soldPlenty;
    if (row!.sold !== expected) {
      problems.push(
        `product ${product.id}: ${row!.sold} sold in the database, ${expected} answered to buyers`,
      );
    }
  }
  const [empty] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
    ),
  );
  if (empty!.n !== 0) problems.push(`${empty!.n} orders without items`);

  const buyerIds = prepared.buyers.map((b) => b.id);
  const [orders] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from orders where buyer_id in (${sql.join(
        buyerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  const answered = [...tally.orders.values()].flat();
  if (new Set(answered).size !== answered.length) problems.push('two keys were answered with the same order');
  if (orders!.n !== answered.length) {
    problems.push(`${orders!.n} orders in the database, ${answered.length} answered to buyers (one per key)`);
  }
  const [keys] = rowsOf<{ n: number; unanswered: number }>(
    await db.execute(
      sql`select count(*)::int as n, count(*) filter (where response is null)::int as unanswered
            from checkout_idempotency_keys where user_id in (${sql.join(
              buyerIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    ),
  );
  if (keys!.unanswered !== 0) problems.push(`${keys!.unanswered} keys stored without their answer`);
  if (keys!.n !== tally.created)
    problems.push(`${keys!.n} keys stored, ${tally.created} checkouts answered 201`);
  return { orders: orders!.n, keys: keys!.n };
}

interface Result {
  scenario: string;
  seconds: string;
  attempts: number;
  '201 new': number;
  '201 replay': number;
  '409': number;
  '503': number;
  'no answer': number;
  other: string;
  kills: number;
  terminated: number;
  orders: number;
  'scarce sold': string;
  invariants: string;
}

async function storm(
  scenario: string,
  prepared: Prepared,
  env: Record<string, string>,
  verify: () => Promise<Db & { close?: () => Promise<void> }>,
  disturb: { kills: number } | { terminateUrl: string; database: string },
): Promise<Result> {
  const port = await freePort();
  let server = await startServer(env, port);
  const tally = newTally();
  const problems: string[] = [];
  let storming = true;
  const started = Date.now();
  const buyers = prepared.buyers.map((_, n) =>
    buyer(
      n,
      prepared,
      () => server.base,
      () => storming,
      tally,
      problems,
    ),
  );

  let kills = 0;
  let terminated = 0;
  if ('kills' in disturb) {
    for (let k = 0; k < disturb.kills; k += 1) {
      await sleep(STORM_MS / (disturb.kills + 1) + Math.random() * 300);
      await stopServer(server, 'SIGKILL');
      kills += 1;
      server = await startServer(env, port);
    }
    await sleep(STORM_MS / (disturb.kills + 1));
  } else {
    const admin = new pg.Client({ connectionString: disturb.terminateUrl });
    await admin.connect();
    const until = Date.now() + STORM_MS;
    while (Date.now() < until) {
      const result = await admin.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'
            and state <> 'idle'`,
        [disturb.database],
      );
      terminated += result.rows.filter((r) => r.ok).length;
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        problems.push('the server process stopped while its connections were terminated');
        break;
      }
      await sleep(TERMINATE_MS);
    }
    await admin.end();
  }
  storming = false;
  await Promise.all(buyers);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    problems.push('the server process was not running at the end of the storm');
  }
  await stopServer(server, 'SIGTERM');

  const db = await verify();
  let counts = { orders: 0, keys: 0 };
  try {
    counts = await checkInvariants(db, prepared, tally, problems);
  } finally {
    await db.close?.();
  }
  for (const p of problems.slice(0, 20)) console.error(`  ${scenario}: ${p}`);
  return {
    scenario,
    seconds,
    attempts: tally.attempts,
    '201 new': tally.created,
    '201 replay': tally.replayed,
    '409': tally.refused,
    '503': tally.unavailable,
    'no answer': tally.noAnswer,
    other: JSON.stringify(tally.other),
    kills,
    terminated,
    orders: counts.orders,
    'scarce sold': `${tally.soldScarce}/${prepared.scarce.start}`,
    invariants: problems.length === 0 ? 'hold' : `${problems.length} FAILED`,
  };
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

function withDatabase(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function pgliteRun(): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'tt-crash-'));
  try {
    const prepared = await prepare({ kind: 'pglite', dataDir: dir });
    return await storm(
      `PGlite, ${BUYERS} buyers, kill -9 x${KILLS}`,
      prepared,
      { DATA_DIR: dir },
      async () => {
        const database = await openDatabase({ kind: 'pglite', dataDir: dir });
        return Object.assign(database.db, { close: () => database.close() });
      },
      { kills: KILLS },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRun(adminUrl: string, mode: 'kill' | 'terminate'): Promise<Result> {
  const name = `tt_crash_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = withDatabase(adminUrl, name);
  try {
    const prepared = await prepare({ kind: 'postgres', url, poolSize: 2 });
    const verify = async () => {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      return Object.assign(database.db, { close: () => database.close() });
    };
    return mode === 'kill'
      ? await storm(
          `PostgreSQL, ${BUYERS} buyers, kill -9 x${KILLS}`,
          prepared,
          { DATABASE_URL: url },
          verify,
          {
            kills: KILLS,
          },
        )
      : await storm(
          `PostgreSQL, ${BUYERS} buyers, pg_terminate_backend every ${TERMINATE_MS} ms`,
          prepared,
          { DATABASE_URL: url },
          verify,
          { terminateUrl: adminUrl, database: name },
        );
  } finally {
    await onAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

const results: Result[] = [];
if (process.env.CRASH_PGLITE !== 'false') results.push(await pgliteRun());
const adminUrl = process.env.CRASH_DATABASE_URL;
if (adminUrl) {
  results.push(await postgresRun(adminUrl, 'kill'));
  results.push(await postgresRun(adminUrl, 'terminate'));
} else {
  console.log('CRASH_DATABASE_URL is not set: the PostgreSQL runs are skipped.');
}
console.table(results);
const failed = results.filter((r) => r.invariants !== 'hold');
if (failed.length) {
  console.error(`Invariants failed in: ${failed.map((r) => r.scenario).join('; ')}`);
  process.exit(1);
}
console.log('All invariants hold.');
