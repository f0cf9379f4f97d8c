import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';
import { products } from '../catalog/tables.ts';
import { virtualWarehouses } from '../warehouses/tables.ts';

/** Where a business keeps stock: a shop, a back room, a co-op warehouse space. One is the default. */
export const inventoryLocations = pgTable(
  'inventory_locations',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    /** 'store': the business's own place; 'coop_warehouse': its space in a co-op's virtual warehouse. */
    kind: text('kind').notNull().default('store'),
    /** The co-op warehouse of a 'coop_warehouse' location (one location per business and warehouse). */
    virtual_warehouse_id: integer('virtual_warehouse_id').references(() => virtualWarehouses.id, {
      onDelete: 'set null',
    }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inventory_locations_kind_check', sql`${t.kind} in ('store', 'coop_warehouse')`),
    uniqueIndex('inventory_locations_warehouse_unique')
      .on(t.business_id, t.virtual_warehouse_id)
      .where(sql`${t.virtual_warehouse_id} is not null`),
    uniqueIndex('inventory_locations_default_unique')
      .on(t.business_id)
      .where(sql`${t.is_default}`),
    uniqueIndex('inventory_locations_name_unique').on(t.business_id, sql`lower(${t.name})`),
  ],
);

/**
 * What a business keeps stock of: a marketplace product (its own listing, or one it bought) or its own
 * item that is not on the marketplace (product_id null). Name and SKU are copied when it is added, so the
 * business's search and export read one table.
 */
export const inventoryProducts = pgTable(
  'inventory_products',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id),
    /** The business is this marketplace product's seller: its default location's stock is the listing's. */
    sells_on_marketplace: boolean('sells_on_marketplace').notNull().default(false),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_products_product_unique').on(t.business_id, t.product_id),
    uniqueIndex('inventory_products_sku_unique').on(t.business_id, sql`lower(${t.sku})`),
  ],
);

/**
 * Stock of one product at one location. quantity and reserved change only through movements and
 * reservations (service.ts), each a conditional update, so concurrent writers cannot take it below zero.
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inventory_product_id: integer('inventory_product_id')
      .notNull()
      .references(() => inventoryProducts.id, { onDelete: 'cascade' }),
    location_id: integer('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    /** Held for orders not yet shipped (DECISIONS 20). */
    reserved: integer('reserved').notNull().default(0),
    reorder_point: integer('reorder_point'),
    overstock_level: integer('overstock_level'),
    /** Weighted average cost of a unit, in cents. */
    unit_cost_cents: integer('unit_cost_cents').notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_items_product_location_unique').on(t.inventory_product_id, t.location_id),
    index('inventory_items_business_idx').on(t.business_id),
    check('inventory_items_reserved_check', sql`${t.reserved} >= 0`),
  ],
);

/**
 * Every change of a quantity, one row per location touched (a transfer writes two), never edited: an
 * item's quantity is the sum of its movements' quantities.
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    movement_type: text('movement_type').notNull(),
    /** The change to the item's quantity: negative for what left. */
    quantity: integer('quantity').notNull(),
    unit_cost_cents: integer('unit_cost_cents'),
    reason: text('reason'),
    /** What caused it, e.g. an order number. */
    reference: text('reference'),
    /** A transfer's other location. */
    other_location_id: integer('other_location_id').references(() => inventoryLocations.id, {
      onDelete: 'set null',
    }),
    performed_by: integer('performed_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_movements_item_idx').on(t.item_id),
    index('inventory_movements_business_created_idx').on(t.business_id, t.created_at, t.id),
  ],
);

/** A threshold crossed; at most one unresolved alert per item. */
export const inventoryAlerts = pgTable(
  'inventory_alerts',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    alert_type: text('alert_type').notNull(),
    alert_level: text('alert_level').notNull(),
    current_value: integer('current_value').notNull(),
    threshold_value: integer('threshold_value').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    resolved_by: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('inventory_alerts_active_unique')
      .on(t.item_id)
      .where(sql`${t.resolved_at} is null`),
    index('inventory_alerts_business_idx').on(t.business_id, t.resolved_at),
  ],
);
