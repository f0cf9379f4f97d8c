import { sql } from 'drizzle-orm';
import { seed as academy } from '../features/academy/seed.ts';
import { findDemoUser, hasRealAccounts } from '../features/auth/service.ts';
import { seed as auth } from '../features/auth/seed.ts';
import { seed as branding } from '../features/branding/seed.ts';
import { seed as betacrowd } from '../features/betacrowd/seed.ts';
import { seed as bulkOrders } from '../features/bulk-orders/seed.ts';
import { seed as catalog } from '../features/catalog/seed.ts';
import { seed as community } from '../features/community/seed.ts';
import { seed as crm } from '../features/crm/seed.ts';
import { seed as cooperatives } from '../features/cooperatives/seed.ts';
import { seed as governance } from '../features/governance/seed.ts';
import { seed as ledger } from '../features/ledger/seed.ts';
import { seed as inventory } from '../features/inventory/seed.ts';
import { seed as notifications } from '../features/notifications/seed.ts';
import { seed as orders } from '../features/orders/seed.ts';
import { seed as pos } from '../features/pos/seed.ts';
import { seed as subscriptions } from '../features/subscriptions/seed.ts';
import { seed as support } from '../features/support/seed.ts';
import { seed as warehouses } from '../features/warehouses/seed.ts';
import { seed as reports } from '../features/reports/seed.ts';
import { seed as suppliers } from '../features/suppliers/seed.ts';
import { seed as developer } from '../features/developer/seed.ts';
import type { Db, Tx } from './client.ts';
import { seededRandom, type AreaSeed, type DemoScope, type DemoWorld } from './seed-types.ts';

/**
 * Every area's seed, in the order they run: an area comes after the areas whose ids its demo data needs.
 * The demo generator is shared in this order, so reordering changes the demo data.
 */
export const SEEDS: readonly AreaSeed[] = [
  auth,
  subscriptions,
  catalog,
  cooperatives,
  orders,
  ledger,
  inventory,
  notifications,
  governance,
  warehouses,
  bulkOrders,
  crm,
  academy,
  community,
  support,
  reports,
  suppliers,
  developer,
  branding,
  betacrowd,
  // Last: it has its own random generator and only needs the shop's stock and books.
  pos,
];

const DEMO_SEED = 20261122;
/** Instances that start together seed one at a time (a transaction-scoped advisory lock). */
const SEED_LOCK = 727_372_005;

async function lockSeeding(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
}

async function runReference(tx: Tx) {
  for (const s of SEEDS) await s.reference?.(tx);
}

async function runDemo(tx: Tx, now: Date) {
  const world: DemoWorld = { now, random: seededRandom(DEMO_SEED) };
  for (const s of SEEDS) {
    const part = await s.demo?.(tx, world);
    if (part) Object.assign(world, part);
  }
}

async function hasDemo(tx: Tx) {
  return (await findDemoUser(tx, 'retailer')) !== null;
}

export interface SeedOptions {
  /** Seed the demo world too (when demo sign-in is on). */
  demo: boolean;
  now?: Date;
}

/**
 * What every start runs: the reference data (always; idempotent) and, when asked, the demo world if the
 * database does not have it yet. A database that already has it is left alone: visitors' changes stay
 * until the daily restore (restoreDemo). A database that holds real accounts never gets the demo world: its
 * shared accounts would see them.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<{ demoSeeded: boolean }> {
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    await runReference(tx);
    if (!options.demo || (await hasDemo(tx)) || (await hasRealAccounts(tx))) return { demoSeeded: false };
    await runDemo(tx, options.now ?? new Date());
    return { demoSeeded: true };
  });
}

/**
 * Puts the demo world back to its seeded state (DECISIONS 9), in one transaction: every area removes its
 * demo rows (the demo accounts, the seeded shop owners and what hangs off them, whoever made it), in
 * reverse order, and the demo is seeded afresh with dates relative to now. Other users' own data stays,
 * except where it points at the demo world (an order from a demo supplier, a membership of a demo co-op).
 */
export async function restoreDemo(db: Db | Tx, now = new Date()): Promise<DemoScope> {
  return db.transaction(async (tx) => {
    await lockSeeding(tx);
    const scope: DemoScope = { userIds: [], productIds: [], coopIds: [] };
    for (const s of SEEDS) Object.assign(scope, await s.demoScope?.(tx, scope));
    for (const s of [...SEEDS].reverse()) await s.removeDemo?.(tx, scope);
    await runReference(tx);
    await runDemo(tx, now);
    return scope;
  });
}
