import type { Db } from './client.ts';
import { seedDatabase } from './seeds.ts';

/**
 * The reference data and the demo world, for tests, benchmarks and a demo database; leaves a database
 * that already has the demo alone. The per-area seeds and their registry live in db/seeds.ts.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<{ seeded: boolean }> {
  const { demoSeeded } = await seedDatabase(db, { demo: true, now });
  return { seeded: demoSeeded };
}
