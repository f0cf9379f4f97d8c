import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  centsToRand,
  monthlyFeeCents,
  randToCents,
  spaceHundredths,
  type allocateSpaceSchema,
  type createWarehouseSchema,
  type VirtualWarehouse,
  type WarehouseOwnership,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field, invalidFields } from '../../platform/errors.ts';
import { userSummaries, type UserRow } from '../auth/service.ts';
import { membershipOf, requireMember } from '../cooperatives/service.ts';
import { enforcePlanLimit, registerUsageCounter } from '../subscriptions/service.ts';
import { coopWarehouseLocation, coopWarehouseStock } from '../inventory/service.ts';
import { virtualWarehouses, warehouseOwnerships } from './tables.ts';

const LIST_LIMIT = 200;
type Caller = Pick<UserRow, 'id' | 'role'>;
const m3 = (hundredths: number) => hundredths / 100;
/** Code point order: what ORDER BY gives under the C collation the embedded database uses. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// The plan guard counts warehouses created and space owned through these (DECISIONS 16).
registerUsageCounter('warehouses', (db, userId) =>
  db.$count(virtualWarehouses, eq(virtualWarehouses.created_by, userId)),
);
registerUsageCounter('warehouse_space', async (db, userId) => {
  const [owned] = await db
    .select({ h: sql<number>`coalesce(sum(${warehouseOwnerships.allocated_space_hundredths}), 0)::int` })
    .from(warehouseOwnerships)
    .where(eq(warehouseOwnerships.user_id, userId));
  return m3(owned?.h ?? 0);
});

const toWarehouse = (w: typeof virtualWarehouses.$inferSelect): VirtualWarehouse => ({
  id: w.id,
  coop_id: w.coop_id,
  name: w.name,
  description: w.description,
  total_capacity_cubic_meters: m3(w.total_capacity_hundredths),
  allocated_capacity: m3(w.allocated_capacity_hundredths),
  location_description: w.location_description,
  warehouse_type: w.warehouse_type as VirtualWarehouse['warehouse_type'],
  cost_per_cubic_meter_monthly: centsToRand(w.cost_per_cubic_meter_cents),
  is_active: w.is_active,
});

export async function listWarehouses(db: Db, coopId: number, user: Caller): Promise<VirtualWarehouse[]> {
  await requireMember(db, coopId, user);
  const rows = await db
    .select()
    .from(virtualWarehouses)
    .where(eq(virtualWarehouses.coop_id, coopId))
    .orderBy(asc(virtualWarehouses.name), asc(virtualWarehouses.id))
    .limit(LIST_LIMIT);
  return rows.map(toWarehouse);
}

export async function createWarehouse(
  db: Db,
  coopId: number,
  user: Caller,
  input: z.output<typeof createWarehouseSchema>,
): Promise<VirtualWarehouse> {
  await requireMember(db, coopId, user, { admins: false });
  const total = spaceHundredths(input.total_capacity_cubic_meters);
  if (total <= 0) {
    throw invalidFields({ total_capacity_cubic_meters: field('validation.too_small', { minimum: 0.01 }) });
  }
  let costCents: number;
  try {
    costCents = randToCents(input.cost_per_cubic_meter_monthly);
  } catch {
    throw invalidFields({ cost_per_cubic_meter_monthly: field('validation.decimals') });
  }
  const row = await db.transaction(async (tx) => {
    // Counted and written under the account's plan lock: parallel creates cannot pass the allowance.
    await enforcePlanLimit(tx, user.id, 'warehouses', 1);
    const [inserted] = await tx
      .insert(virtualWarehouses)
      .values({
        coop_id: coopId,
        created_by: user.id,
        name: input.name,
        description: input.description ?? null,
        total_capacity_hundredths: total,
        allocated_capacity_hundredths: 0,
        location_description: input.location_description ?? null,
        warehouse_type: input.warehouse_type,
        cost_per_cubic_meter_cents: costCents,
        is_active: true,
      })
      .returning();
    return inserted!;
  });
  return toWarehouse(row);
}

function ownershipsQuery(db: Db | Tx) {
  return db
    .select({ o: warehouseOwnerships, warehouse_name: virtualWarehouses.name })
    .from(warehouseOwnerships)
    .innerJoin(virtualWarehouses, eq(virtualWarehouses.id, warehouseOwnerships.warehouse_id));
}

/** The owners' names come from the auth area: one more query for the whole list. */
async function withOwnerNames<R extends { o: typeof warehouseOwnerships.$inferSelect }>(
  db: Db | Tx,
  rows: R[],
): Promise<(R & { owner_name: string })[]> {
  const owners = await userSummaries(
    db,
    rows.map((r) => r.o.user_id),
  );
  return rows.map((r) => ({ ...r, owner_name: owners.get(r.o.user_id)?.name ?? '' }));
}

const toOwnership = (r: {
  o: typeof warehouseOwnerships.$inferSelect;
  warehouse_name: string;
  owner_name: string;
}): WarehouseOwnership => ({
  id: r.o.id,
  warehouse_id: r.o.warehouse_id,
  warehouse_name: r.warehouse_name,
  owner_name: r.owner_name,
  allocated_space_cubic_meters: m3(r.o.allocated_space_hundredths),
  ownership_percentage: r.o.ownership_hundredths / 100,
  monthly_fee: centsToRand(r.o.monthly_fee_cents),
  start_date: r.o.start_date.toISOString(),
  status: r.o.status as WarehouseOwnership['status'],
});

export async function myOwnership(db: Db, userId: number): Promise<WarehouseOwnership[]> {
  const rows = await ownershipsQuery(db)
    .where(eq(warehouseOwnerships.user_id, userId))
    .orderBy(desc(warehouseOwnerships.start_date), desc(warehouseOwnerships.id))
    .limit(LIST_LIMIT);
  return (await withOwnerNames(db, rows)).map(toOwnership);
}

/**
 * The caller's stock in the co-ops' warehouses: the inventory area's items at the caller's
 * 'coop_warehouse' locations (one per warehouse it has space in), so it is the same stock movements as
 * /inventory. By warehouse then product name; the value is the quantity at the item's average cost.
 */
export async function myInventory(db: Db, userId: number) {
  const rows = await coopWarehouseStock(db, userId);
  const ids = [
    ...new Set(rows.flatMap((r) => (r.virtual_warehouse_id === null ? [] : [r.virtual_warehouse_id]))),
  ];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: virtualWarehouses.id, name: virtualWarehouses.name })
            .from(virtualWarehouses)
            .where(inArray(virtualWarehouses.id, ids))
        ).map((w) => [w.id, w.name]),
  );
  return rows
    .map((r) => ({
      id: r.item_id,
      product_name: r.product_name,
      warehouse_name:
        (r.virtual_warehouse_id === null ? undefined : names.get(r.virtual_warehouse_id)) ?? r.location_name,
      quantity: r.quantity,
      reserved_quantity: r.reserved,
      total_value: centsToRand(r.value_cents),
    }))
    .sort(
      (a, b) =>
        byText(a.warehouse_name, b.warehouse_name) || byText(a.product_name, b.product_name) || a.id - b.id,
    )
    .slice(0, LIST_LIMIT);
}

/**
 * POST /api/virtual-warehouses/allocate-space. The space is taken with one conditional update
 * (`allocated + space <= total`), so racing allocations can never hand out more than is free
 * (DECISIONS 14); the fee is the space times this warehouse's own cost per m³.
 */
export async function allocateSpace(
  db: Db,
  user: Caller,
  input: z.output<typeof allocateSpaceSchema>,
): Promise<WarehouseOwnership> {
  const space = spaceHundredths(input.allocated_space_cubic_meters);
  if (space <= 0) {
    throw invalidFields({ allocated_space_cubic_meters: field('validation.too_small', { minimum: 0.01 }) });
  }
  const [warehouse] = await db
    .select()
    .from(virtualWarehouses)
    .where(eq(virtualWarehouses.id, input.warehouse_id));
  if (!warehouse) throw fail('warehouse.not_found');
  if (!(await membershipOf(db, warehouse.coop_id, user.id))) {
    throw fail('warehouse.members_only');
  }
  if (!warehouse.is_active) throw fail('warehouse.inactive');
  return db.transaction(async (tx) => {
    // The owned space is counted under the account's plan lock, in the transaction that takes the space.
    await enforcePlanLimit(tx, user.id, 'warehouse_space', m3(space));
    const [taken] = await tx
      .update(virtualWarehouses)
      .set({
        allocated_capacity_hundredths: sql`${virtualWarehouses.allocated_capacity_hundredths} + ${space}`,
      })
      .where(
        and(
          eq(virtualWarehouses.id, warehouse.id),
          eq(virtualWarehouses.is_active, true),
          sql`${virtualWarehouses.allocated_capacity_hundredths} + ${space} <= ${virtualWarehouses.total_capacity_hundredths}`,
        ),
      )
      .returning();
    if (!taken) {
      const [now] = await tx.select().from(virtualWarehouses).where(eq(virtualWarehouses.id, warehouse.id));
      const free = now ? m3(now.total_capacity_hundredths - now.allocated_capacity_hundredths) : 0;
      // Also under the field, so the allocation form says it where the space was typed.
      throw fail(
        'warehouse.space_taken',
        { free },
        { fields: { allocated_space_cubic_meters: field('validation.too_big', { maximum: free }) } },
      );
    }
    const [inserted] = await tx
      .insert(warehouseOwnerships)
      .values({
        warehouse_id: warehouse.id,
        user_id: user.id,
        allocated_space_hundredths: space,
        ownership_hundredths: Math.round(input.ownership_percentage * 100),
        monthly_fee_cents: monthlyFeeCents(space / 100, taken.cost_per_cubic_meter_cents),
        status: 'active',
      })
      .returning({ id: warehouseOwnerships.id });
    // The member's space is an inventory location from now on (My Inventory is its stock).
    await coopWarehouseLocation(tx, user.id, warehouse.id, warehouse.name);
    const [row] = await withOwnerNames(
      tx,
      await ownershipsQuery(tx).where(eq(warehouseOwnerships.id, inserted!.id)),
    );
    return toOwnership(row!);
  });
}
