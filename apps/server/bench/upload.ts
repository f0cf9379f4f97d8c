/**
 * Bulk upload benchmark (issue 12 point 3): a 10,000-row product file uploaded, validated and imported
 * (new listings, each with a stock count as an adjustment movement) over a fresh embedded database, in
 * process through app.inject. Three runs, each by a new seller; prints each run and the median.
 *   npm run bench:upload                                   (BENCH_UPLOAD_ROWS, default 10000)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:upload  (over a throwaway PostgreSQL database)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BULK_UPLOAD_COLUMNS } from '@tt/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { categories, users } from '../src/db/schema.ts';
import { seedDatabase } from '../src/db/seeds.ts';
import { createSession, SESSION_COOKIE } from '../src/features/auth/service.ts';
import { subscribe } from '../src/features/subscriptions/service.ts';

const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'tt-bench-upload-'));
// BENCH_DATABASE_URL: a throwaway PostgreSQL database (its tables are created there); else embedded PGlite.
const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: dir });
console.log(`database: ${database.kind}`);
await database.migrate();
await seedDatabase(database.db, { demo: false });
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-0123456789abcdef0123',
});
const app = await buildApp({ config, database });
await app.ready();
const [category] = await database.db.select({ name: categories.name }).from(categories).limit(1);

const file = (run: number) => {
  const lines = [BULK_UPLOAD_COLUMNS.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const cells: Record<string, string> = {
      name: `Bench product ${run}-${i}`,
      description: 'A product from the upload benchmark',
      category_id: category!.name,
      brand: 'Bench',
      sku: `B${run}-${i}`,
      barcode: String(6000000000000 + i),
      unit_type: 'each',
      pack_size: '1',
      mrp: '25.00',
      selling_price: '19.99',
      wholesale_price: '17.50',
      minimum_order_quantity: '1',
      stock_quantity: String(10 + (i % 90)),
      image_url: '',
    };
    lines.push(BULK_UPLOAD_COLUMNS.map((c) => cells[c]).join(','));
  }
  return Buffer.from(lines.join('\n'));
};

async function once(run: number): Promise<number> {
  const [seller] = await database.db
    .insert(users)
    .values({ email: `bench-${run}-${Date.now()}@bench.example`, name: `Bench ${run}`, role: 'supplier' })
    .returning({ id: users.id });
  // A plan that lists 10,000 products (DECISIONS 16: the free plan lists 10).
  await subscribe(database.db, seller!.id, 'enterprise');
  const { token } = await createSession(database.db, seller!.id, 1);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const bytes = file(run);
  const boundary = '----bench';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/bulk-upload/products',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const validated = performance.now();
  if (uploaded.statusCode !== 201) throw new Error(uploaded.body);
  const report = uploaded.json() as { id: number; valid_rows: number };
  if (report.valid_rows !== ROWS) throw new Error(`valid ${report.valid_rows} of ${ROWS}`);
  const done = await app.inject({
    method: 'POST',
    url: `/api/bulk-uploads/${report.id}/import`,
    headers: { cookie },
    payload: { on_errors: 'skip' },
  });
  const ended = performance.now();
  const result = done.json() as { status: string; successful_imports: number };
  if (result.status !== 'completed' || result.successful_imports !== ROWS) throw new Error(done.body);
  const total = (ended - started) / 1000;
  console.log(
    `run ${run}: ${ROWS} rows, validate ${((validated - started) / 1000).toFixed(2)} s, import ${((ended - validated) / 1000).toFixed(2)} s, total ${total.toFixed(2)} s`,
  );
  return total;
}

const times: number[] = [];
for (let run = 1; run <= 3; run++) times.push(await once(run));
const median = [...times].sort((a, b) => a - b)[1]!;
console.log(`median of three: ${median.toFixed(2)} s (${ROWS} rows validated and imported)`);
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
