import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../auth/tables.ts';
import { cooperatives } from '../cooperatives/tables.ts';

/** Capacities are kept in hundredths of a cubic metre, as integers. */
export const virtualWarehouses = pgTable(
  'virtual_warehouses',
  {
    id: serial('id').primaryKey(),
    coop_id: integer('coop_id')
      .notNull()
      .references(() => cooperatives.id, { onDelete: 'cascade' }),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description'),
    total_capacity_hundredths: integer('total_capacity_hundredths').notNull(),
    allocated_capacity_hundredths: integer('allocated_capacity_hundredths').notNull().default(0),
    location_description: text('location_description'),
    warehouse_type: text('warehouse_type').notNull().default('shared'),
    cost_per_cubic_meter_cents: integer('cost_per_cubic_meter_cents').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('virtual_warehouses_coop_idx').on(t.coop_id),
    index('virtual_warehouses_creator_idx').on(t.created_by),
    // The last line of defence behind the conditional update in allocateSpace.
    check(
      'virtual_warehouses_capacity',
      sql`${t.allocated_capacity_hundredths} >= 0 and ${t.allocated_capacity_hundredths} <= ${t.total_capacity_hundredths}`,
    ),
  ],
);

export const warehouseOwnerships = pgTable(
  'warehouse_ownerships',
  {
    id: serial('id').primaryKey(),
    warehouse_id: integer('warehouse_id')
      .notNull()
      .references(() => virtualWarehouses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    allocated_space_hundredths: integer('allocated_space_hundredths').notNull(),
    /** Hundredths of a percent. */
    ownership_hundredths: integer('ownership_hundredths').notNull(),
    monthly_fee_cents: integer('monthly_fee_cents').notNull(),
    start_date: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('active'),
  },
  (t) => [
    index('warehouse_ownerships_user_idx').on(t.user_id),
    index('warehouse_ownerships_warehouse_idx').on(t.warehouse_id),
  ],
);
