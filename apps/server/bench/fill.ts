/**
 * What the catalogue's fill at start costs (ADR 028): how many questions it keeps and in how long, on PGlite.
 *
 *   FILL_PGLITE_DIR=/tmp/tt-profile tsx bench/fill.ts   (a data dir with the bench catalogue, as profile.ts seeds it)
 *   tsx bench/fill.ts                                    (in memory, with the demo seed)
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seeds.ts';
import { startCatalogueFill } from '../src/features/catalog/fill.ts';

const dataDir = process.env.FILL_PGLITE_DIR;
const database = await openDatabase({ kind: 'pglite', ...(dataDir ? { dataDir } : {}) });
await database.migrate();
if (!dataDir) await seedDatabase(database.db, { demo: true });
const [row] = (
  (await database.db.execute(sql`select count(*)::int as n from products where is_active`)) as unknown as {
    rows: { n: number }[];
  }
).rows;
const fill = startCatalogueFill(database.db, 10_000);
const { questions, ms } = await fill.filled();
console.log(`${row!.n} active products: ${questions} questions kept in ${ms} ms`);
await fill.stop();
await database.close();
