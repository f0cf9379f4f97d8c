/**
 * Where a catalogue request spends its database time (issue 9): runs a sample of the buyers' mix through the
 * listing service with the result cache off (PROFILE_CACHE=true: on) and reports, per kind of statement, how many ran and their time.
 * PROFILE_EXPLAIN=true also prints EXPLAIN ANALYZE of the slowest statement of each kind.
 *
 *   PROFILE_DATABASE_URL=postgres://.../tt_profile tsx bench/profile.ts
 *   PROFILE_PGLITE_DIR=/tmp/tt-profile tsx bench/profile.ts   (PGlite, the database `npm start` uses)
 *
 * Besides the statements (PostgreSQL only: they are timed at the driver), every run lists the kinds of
 * question (search or browse, filter, sort) by their time per request, slowest first.
 *
 * The database is migrated and, when it has no bench catalogue yet, seeded as the bench seeds it
 * (PROFILE_PRODUCTS, default 100,000); the buyer is a new bench session each time.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { productQuerySchema } from '@tt/domain';
import { openDatabase } from '../src/db/client.ts';
import { findSessionCaller, findSessionUser } from '../src/features/auth/service.ts';
import { listProductsJson } from '../src/features/catalog/service.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { benchBuyerSessions, seedBenchProducts } from './seed-products.ts';
import { buyerMix, categoryTree, SEARCHES } from './mix.ts';

const url = process.env.PROFILE_DATABASE_URL ?? '';
const pgliteDir = process.env.PROFILE_PGLITE_DIR;
const count = Number(process.env.PROFILE_REQUESTS ?? 300);
const statements: { text: string; values: unknown[]; ms: number }[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const started = performance.now();
  const config = args[0] as { text?: string; values?: unknown[] } | string;
  const text = typeof config === 'string' ? config : (config.text ?? '');
  const values = (typeof config === 'string' ? args[1] : (config.values ?? args[1])) as unknown[];
  const done = () => statements.push({ text, values: values ?? [], ms: performance.now() - started });
  const last = args[args.length - 1];
  if (typeof last === 'function') {
    args[args.length - 1] = (...cb: unknown[]) => {
      done();
      return (last as (...a: unknown[]) => unknown)(...cb);
    };
    return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
  }
  const result = (original as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise) void result.then(done, () => undefined);
  return result;
} as typeof original;

const database = await openDatabase(
  url ? { kind: 'postgres', url, poolSize: 1 } : { kind: 'pglite', dataDir: pgliteDir! },
);
const db = database.db;
const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
await database.migrate();
const productCount = Number(process.env.PROFILE_PRODUCTS ?? 100_000);
const seeded = rows(await db.execute(sql`select count(*)::int as n from products where sku like 'BENCH-%'`));
if (Number(seeded[0]!.n) === 0) {
  await seedDemoData(db);
  await seedBenchProducts(db, productCount);
}
const cats = rows(await db.execute(sql`select id, parent_id from categories`)) as {
  id: number;
  parent_id: number | null;
}[];
const tree = categoryTree(cats);
const token = (await benchBuyerSessions(db, 1))[0]!.replace(/^tt_session=/, '');
const user = (await findSessionUser(db, token))!;
statements.length = 0;
const kinds = new Map<
  string,
  { n: number; ms: number; worst: { text: string; values: unknown[]; ms: number; path: string } | null }
>();
const kindOf = (text: string) =>
  /ses as materialized/.test(text)
    ? 'kept ids: session + page by id'
    : /from "sessions"/.test(text)
      ? 'session'
      : /m as materialized/.test(text)
        ? 'ids + page'
        : /catalogue_words/.test(text)
          ? 'typo correction'
          : /from categories c/.test(text)
            ? 'category tree'
            : /offset/.test(text)
              ? 'page past cap'
              : /json_agg/.test(text)
                ? 'kept ids: page by id'
                : text.slice(0, 40);
/** PROFILE_CACHE=true: with the shared ids cache on (as served), so kept answers cost only their page. */
const keepMs = process.env.PROFILE_CACHE === 'true' ? 10_000 : 0;
let total = 0;
/** The kind of question a path asks: search (which kind of word) or browse (which filter), and the sort. */
const questionOf = (path: string) => {
  const q = new URL(path, 'http://x').searchParams;
  const search = q.get('search');
  const word = search
    ? (Object.entries(SEARCHES).find(([, words]) => (words as string[]).includes(search))?.[0] ?? 'other')
    : null;
  const where = search
    ? `search ${word}${q.has('department_id') ? '+dept' : ''}`
    : `${q.has('category_id') ? 'cat' : q.has('department_id') ? 'dept' : 'all'}${q.has('price_band') ? '+band' : ''}`;
  return `${where}, ${q.get('sort') ?? 'default'}`;
};
const questions = new Map<string, { n: number; ms: number; worst: number; path: string }>();
for (const path of buyerMix(tree, count)) {
  const query = productQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  const started = performance.now();
  // As the route runs it (ADR 030): a kept answer's page reads the session itself, the others look it up.
  await listProductsJson(
    db,
    { token, caller: () => findSessionCaller(db, token).then(() => user) },
    query,
    keepMs,
  );
  const ms = performance.now() - started;
  total += ms;
  const question = questions.get(questionOf(path)) ?? { n: 0, ms: 0, worst: 0, path };
  question.n += 1;
  question.ms += ms;
  if (ms > question.worst) Object.assign(question, { worst: ms, path });
  questions.set(questionOf(path), question);
  for (const s of statements.splice(0)) {
    let kind = kindOf(s.text);
    if (kind === 'ids + page') {
      const q = new URL(path, 'http://x').searchParams;
      const shape = q.has('search')
        ? `search${q.has('department_id') ? '+dept' : ''}`
        : [
            q.has('category_id') ? 'cat' : q.has('department_id') ? 'dept' : 'all',
            q.has('price_band') ? '+band' : '',
          ].join('');
      kind = `ids + page: ${shape}, ${q.get('sort') ?? 'default'}`;
    }
    const k = kinds.get(kind) ?? { n: 0, ms: 0, worst: null };
    k.n += 1;
    k.ms += s.ms;
    if (!k.worst || s.ms > k.worst.ms) k.worst = { ...s, path };
    kinds.set(kind, k);
  }
}
console.log(`${count} requests, ${(total / count).toFixed(2)} ms each on average (one at a time)`);
console.table(
  [...questions]
    .sort((a, b) => b[1].ms / b[1].n - a[1].ms / a[1].n)
    .slice(0, Number(process.env.PROFILE_TOP ?? 25))
    .map(([question, k]) => ({
      question,
      requests: k.n,
      'avg ms': Math.round((k.ms / k.n) * 10) / 10,
      'worst ms': Math.round(k.worst),
      'worst path': k.path,
    })),
);
if (url)
  console.table(
    [...kinds]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([kind, k]) => ({
        kind,
        statements: k.n,
        'total ms': Math.round(k.ms),
        'avg ms': Math.round((k.ms / k.n) * 100) / 100,
        'worst ms': Math.round(k.worst!.ms),
        'worst path': k.worst!.path,
      })),
  );
if (url && process.env.PROFILE_EXPLAIN === 'true') {
  for (const [kind, k] of kinds) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const plan = await client.query(
        `explain (analyze, buffers) ${k.worst!.text}`,
        k.worst!.values as unknown[],
      );
      console.log(`\n--- ${kind}: ${k.worst!.path}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    } catch (error) {
      console.log(`\n--- ${kind}: ${(error as Error).message}`);
    }
    await client.end();
  }
}
await database.close();
