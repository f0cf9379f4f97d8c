import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create({ dataDir: '/tmp/pglite-profile-db', extensions: { pg_trgm } });
const q = process.argv[2]!;
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  const r = await db.query(`explain (analyze, buffers) ${q}`);
  console.log((r.rows as {'QUERY PLAN':string}[]).map((x) => x['QUERY PLAN']).join('\n'), '\n', performance.now() - t);
}
await db.close();
