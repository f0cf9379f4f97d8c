import type { DemoRole, OrderStatus } from '@tt/domain';
import type { Tx } from './client.ts';

/**
 * What the demo seeds of the areas hand on to each other (docs: README "Seeds"). Each area's `demo`
 * returns the part it owns; the registry (db/seeds.ts) merges it in and passes the whole to the next
 * area, so no area reads another area's tables to find the ids it needs.
 */
export interface DemoWorld {
  now: Date;
  /** One deterministic generator shared in registry order, so every fresh database gets the same data. */
  random: () => number;
  /** auth: the demo accounts and the seeded shop owners, with the address orders are delivered to. */
  users?: {
    demo: Record<DemoRole, number>;
    members: number[];
    deliveryAddress: Map<number, string>;
    /** When the demo accounts were opened. */
    createdAt: Date;
  };
  /** catalog: the seeded products. */
  products?: {
    id: number;
    seller_id: number;
    is_active: boolean;
    minimum_order_quantity: number;
    selling_price_cents: number;
  }[];
  /** orders: every seeded order line with its order's status (the inventory seed turns them into stock). */
  orderLines?: DemoOrderLine[];
  /** cooperatives: every seeded cooperative with its members in joining order. */
  cooperatives?: { id: number; area: string; status: string; memberIds: number[] }[];
}

export interface DemoOrderLine {
  /** The order's id, for seeds that point at it (a notification's link). */
  order_id: number;
  order_number: string;
  buyer_id: number;
  seller_id: number;
  product_id: number;
  quantity: number;
  unit_price_cents: number;
  status: OrderStatus;
  at: Date;
}

/** The demo world's rows to remove before a restore, collected by the areas that own them. */
export interface DemoScope {
  userIds: number[];
  productIds: number[];
  coopIds: number[];
}

export interface AreaSeed {
  area: string;
  /** Data every installation needs; runs on every start, so it must be idempotent. */
  reference?: (tx: Tx) => Promise<void>;
  /** The area's part of the demo world, inserted once into a database that does not have it. */
  demo?: (tx: Tx, world: DemoWorld) => Promise<Partial<Omit<DemoWorld, 'now' | 'random'>> | void>;
  /** Adds the ids of this area's demo rows that later removals need (run in registry order). */
  demoScope?: (tx: Tx, scope: DemoScope) => Promise<Partial<DemoScope>>;
  /** Deletes this area's demo rows (run in reverse registry order, before the demo is seeded again). */
  removeDemo?: (tx: Tx, scope: DemoScope) => Promise<void>;
}

/** A small deterministic generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY = 24 * 60 * 60 * 1000;

/** The days before today the demo shop's till has sales for (the pos seed rings them up; the ledger seed leaves
 * the months they cover to the till's own postings instead of banking takings by hand). */
export const DEMO_TILL_DAYS = 35;
