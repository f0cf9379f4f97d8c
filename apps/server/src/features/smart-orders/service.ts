import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  centsToRand,
  isDue,
  nextOrderDate,
  randToCents,
  reorderDue,
  rolesWith,
  sastDate,
  SMART_ORDERS_LISTED,
  SUPPLIER_PRODUCTS_PAGE,
  SUPPLIERS_PAGE,
  TRADE_OFFER_PRODUCTS_MAX,
  tradeOfferRule,
  tradeOfferStatus,
  type Offer,
  type OrderFrequency,
  type ProductTradeOffer,
  type ProposalReason,
  type ProposedOrder,
  type ReorderRule,
  type ReorderRuleFields,
  type ScheduledOrder,
  type ScheduledOrderFields,
  type SmartProductList,
  type SupplierList,
  type TradeOffer,
  type TradeOfferFields,
  type TradeOfferType,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail, field, invalidFields } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/runner.ts';
import {
  accountsWithRoles,
  accountsWithRolesMatching,
  userSummaries,
  type UserRow,
} from '../auth/service.ts';
import { activeListingsOf, productsForSale, productSummaries } from '../catalog/service.ts';
import { setReorderPoint, watchedItem } from '../inventory/service.ts';
import { quantityOnOrder, registerOfferProvider } from '../orders/service.ts';
import { quote } from './place.ts';
import {
  proposedOrders,
  reorderRules,
  scheduledOrders,
  smartOrderRuns,
  tradeOffers,
  tradeOfferUses,
  type ScheduledItem,
} from './tables.ts';

interface Caller {
  id: number;
}

export const REORDER_CHECK_JOB = 'smart_orders.reorder_check';
export const SCHEDULE_RUN_JOB = 'smart_orders.schedule_run';

// ---------------------------------------------------------------------------------------------------
// Suppliers (spec 3 §7 GET /api/suppliers)

const SELLER_ROLES = rolesWith('orders.sell');

/**
 * The sellers a buyer can order from, by name: the first SUPPLIERS_PAGE whose shown name contains the
 * search, and how many match (a platform with thousands of sellers is searched, not scrolled).
 */
export async function listSuppliers(
  db: Db | Tx,
  query: { search?: string | undefined },
): Promise<SupplierList> {
  const found = await accountsWithRolesMatching(db, SELLER_ROLES, {
    search: query.search,
    limit: SUPPLIERS_PAGE,
  });
  return { suppliers: found.accounts.map((r) => ({ id: r.id, name: r.display_name })), total: found.total };
}

/**
 * One supplier's active products (what the forms offer): the first SUPPLIER_PRODUCTS_PAGE whose name,
 * brand or SKU contains the search, and how many match.
 */
export async function supplierProducts(
  db: Db,
  supplierId: number,
  query: { search?: string | undefined },
): Promise<SmartProductList> {
  const found = await activeListingsOf(db, supplierId, {
    search: query.search,
    limit: SUPPLIER_PRODUCTS_PAGE,
  });
  return {
    products: found.listings.map((r) => ({
      id: r.id,
      name: r.name,
      sku: r.sku,
      brand: r.brand,
      selling_price: centsToRand(r.selling_price_cents),
      stock_quantity: r.stock_quantity,
      image_url: r.image_url,
    })),
    total: found.total,
  };
}

async function assertSupplier(db: Db | Tx, supplierId: number) {
  const found = await accountsWithRoles(db, SELLER_ROLES, { ids: [supplierId], limit: 1 });
  if (found.length === 0) throw invalidFields({ supplier_id: field('validation.not_a_supplier') });
}

/** Each product must be one the supplier sells now; answers them by id. */
async function assertSupplierProducts(db: Db | Tx, supplierId: number, ids: { id: number; field: string }[]) {
  const found = await productsForSale(
    db,
    ids.map((i) => i.id),
  );
  const wrong = ids.filter((i) => {
    const p = found.get(i.id);
    return !p || !p.is_active || p.seller_id !== supplierId;
  });
  if (wrong.length > 0)
    throw invalidFields(
      Object.fromEntries(wrong.map((w) => [w.field, field('validation.not_supplier_product')])),
    );
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Auto re-order rules

type RuleRow = typeof reorderRules.$inferSelect;

async function toRules(db: Db | Tx, rows: RuleRow[]): Promise<ReorderRule[]> {
  const [names, products] = await Promise.all([
    userSummaries(
      db,
      rows.map((r) => r.supplier_id),
    ),
    productSummaries(
      db,
      rows.map((r) => r.product_id),
    ),
  ]);
  const out: ReorderRule[] = [];
  for (const r of rows) {
    const item = await watchedItem(db, r.buyer_id, r.product_id);
    out.push({
      id: r.id,
      product_id: r.product_id,
      supplier_id: r.supplier_id,
      product_name: products.get(r.product_id)?.name ?? '',
      supplier_name: names.get(r.supplier_id)?.display_name ?? '',
      reorder_point: item.reorder_point ?? 0,
      reorder_quantity: r.reorder_quantity,
      lead_time_days: r.lead_time_days,
      safety_stock: r.safety_stock,
      auto_reorder_enabled: r.auto_reorder_enabled,
      is_active: r.is_active,
      available: item.available,
      on_order: await quantityOnOrder(db, r.buyer_id, r.supplier_id, r.product_id),
      last_triggered_at: r.last_triggered_at?.toISOString() ?? null,
    });
  }
  return out;
}

export async function listRules(db: Db, user: Caller): Promise<ReorderRule[]> {
  const rows = await db
    .select()
    .from(reorderRules)
    .where(eq(reorderRules.buyer_id, user.id))
    .orderBy(desc(reorderRules.created_at), desc(reorderRules.id))
    .limit(SMART_ORDERS_LISTED);
  return toRules(db, rows);
}

const isUnique = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint;
  return code === '23505' && name === constraint;
};

/** A rule is checked at once after it is saved (the job looks at the stock in its own transaction). */
async function checkSoon(tx: Tx, ruleId: number, now: Date) {
  await enqueue(tx, {
    name: REORDER_CHECK_JOB,
    key: `${REORDER_CHECK_JOB}:rule:${ruleId}:${now.getTime()}`,
    payload: { rule_id: ruleId },
  });
}

async function validateRule(db: Db | Tx, input: ReorderRuleFields) {
  await assertSupplier(db, input.supplier_id);
  await assertSupplierProducts(db, input.supplier_id, [{ id: input.product_id, field: 'product_id' }]);
}

const ruleColumns = (input: ReorderRuleFields) => ({
  product_id: input.product_id,
  supplier_id: input.supplier_id,
  reorder_quantity: input.reorder_quantity,
  lead_time_days: input.lead_time_days,
  safety_stock: input.safety_stock,
  auto_reorder_enabled: input.auto_reorder_enabled,
  is_active: input.is_active,
});

export async function createRule(db: Db, user: Caller, input: ReorderRuleFields, now = new Date()) {
  await validateRule(db, input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reorderRules)
        .values({ ...ruleColumns(input), buyer_id: user.id, created_at: now, updated_at: now })
        .returning();
      await setReorderPoint(tx, user.id, input.product_id, input.reorder_point);
      await checkSoon(tx, row!.id, now);
      return (await toRules(tx, [row!]))[0]!;
    });
  } catch (error) {
    if (isUnique(error, 'smart_reorder_rules_product_unique')) throw fail('smart_orders.rule_exists');
    throw error;
  }
}

async function lockRule(tx: Tx, user: Caller, id: number): Promise<RuleRow> {
  const [row] = await tx.select().from(reorderRules).where(eq(reorderRules.id, id)).for('update');
  if (!row || row.buyer_id !== user.id) throw fail('smart_orders.rule_not_found');
  return row;
}

export async function updateRule(
  db: Db,
  user: Caller,
  id: number,
  input: ReorderRuleFields,
  now = new Date(),
) {
  await validateRule(db, input);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockRule(tx, user, id);
      const [row] = await tx
        .update(reorderRules)
        .set({
          ...ruleColumns(input),
          // A rule pointed at another product or supplier starts afresh.
          ...(before.product_id !== input.product_id || before.supplier_id !== input.supplier_id
            ? { armed: true }
            : {}),
          updated_at: now,
        })
        .where(eq(reorderRules.id, id))
        .returning();
      await setReorderPoint(tx, user.id, input.product_id, input.reorder_point);
      await checkSoon(tx, id, now);
      return (await toRules(tx, [row!]))[0]!;
    });
  } catch (error) {
    if (isUnique(error, 'smart_reorder_rules_product_unique')) throw fail('smart_orders.rule_exists');
    throw error;
  }
}

export async function deleteRule(db: Db, user: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRule(tx, user, id);
    await tx.delete(reorderRules).where(eq(reorderRules.id, id));
  });
}

// ---------------------------------------------------------------------------------------------------
// Scheduled orders

type ScheduleRow = typeof scheduledOrders.$inferSelect;

async function toSchedules(db: Db | Tx, rows: ScheduleRow[]): Promise<ScheduledOrder[]> {
  const productIds = rows.flatMap((r) => r.items.map((i) => i.product_id));
  const [names, products] = await Promise.all([
    userSummaries(
      db,
      rows.map((r) => r.supplier_id),
    ),
    productsForSale(db, productIds),
  ]);
  return rows.map((r) => ({
    id: r.id,
    order_name: r.order_name,
    supplier_id: r.supplier_id,
    supplier_name: names.get(r.supplier_id)?.display_name ?? '',
    frequency: r.frequency as OrderFrequency,
    next_order_date: r.next_order_date,
    last_order_date: r.last_order_date,
    auto_confirm: r.auto_confirm,
    notes: r.notes,
    is_active: r.is_active,
    items: r.items.map((i) => {
      const p = products.get(i.product_id);
      return {
        product_id: i.product_id,
        product_name: p?.name ?? '',
        quantity: i.quantity,
        unit_price: centsToRand(i.unit_price_cents),
        current_price: centsToRand(p?.selling_price_cents ?? i.unit_price_cents),
      };
    }),
  }));
}

export async function listSchedules(db: Db, user: Caller): Promise<ScheduledOrder[]> {
  const rows = await db
    .select()
    .from(scheduledOrders)
    .where(eq(scheduledOrders.buyer_id, user.id))
    .orderBy(asc(scheduledOrders.next_order_date), asc(scheduledOrders.id))
    .limit(SMART_ORDERS_LISTED);
  return toSchedules(db, rows);
}

/** The items with today's prices remembered (a later rise makes the occurrence wait for the buyer). */
async function scheduleItems(db: Db | Tx, input: ScheduledOrderFields): Promise<ScheduledItem[]> {
  await assertSupplier(db, input.supplier_id);
  const found = await assertSupplierProducts(
    db,
    input.supplier_id,
    input.items.map((item, index) => ({ id: item.product_id, field: `items.${index}.product_id` })),
  );
  return input.items.map((item) => ({
    product_id: item.product_id,
    quantity: item.quantity,
    unit_price_cents: found.get(item.product_id)!.selling_price_cents,
  }));
}

function assertNotPast(date: string, now: Date) {
  if (date < sastDate(now)) throw invalidFields({ next_order_date: field('validation.future_date') });
}

const scheduleColumns = (input: ScheduledOrderFields, items: ScheduledItem[]) => ({
  order_name: input.order_name,
  supplier_id: input.supplier_id,
  frequency: input.frequency,
  next_order_date: input.next_order_date,
  anchor_day: Number(input.next_order_date.slice(8, 10)),
  auto_confirm: input.auto_confirm,
  notes: input.notes ?? null,
  is_active: input.is_active,
  items,
});

/**
 * A schedule saved due today is acted on at once (a job enqueued in the saving transaction) rather than at
 * the next ten-minute round; the job is the same locked, exactly-once run (ADR 023).
 */
async function runSoonIfDue(tx: Tx, row: ScheduleRow, now: Date) {
  if (!row.is_active || !isDue(row.next_order_date, sastDate(now))) return;
  await enqueue(tx, {
    name: SCHEDULE_RUN_JOB,
    key: `${SCHEDULE_RUN_JOB}:${row.id}:${row.next_order_date}:${now.getTime()}`,
    payload: { schedule_id: row.id },
  });
}

export async function createSchedule(db: Db, user: Caller, input: ScheduledOrderFields, now = new Date()) {
  assertNotPast(input.next_order_date, now);
  const items = await scheduleItems(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scheduledOrders)
      .values({ ...scheduleColumns(input, items), buyer_id: user.id, created_at: now, updated_at: now })
      .returning();
    await runSoonIfDue(tx, row!, now);
    return (await toSchedules(tx, [row!]))[0]!;
  });
}

async function lockSchedule(tx: Tx, user: Caller, id: number): Promise<ScheduleRow> {
  const [row] = await tx.select().from(scheduledOrders).where(eq(scheduledOrders.id, id)).for('update');
  if (!row || row.buyer_id !== user.id) throw fail('smart_orders.schedule_not_found');
  return row;
}

export async function updateSchedule(
  db: Db,
  user: Caller,
  id: number,
  input: ScheduledOrderFields,
  now = new Date(),
) {
  const items = await scheduleItems(db, input);
  return db.transaction(async (tx) => {
    const before = await lockSchedule(tx, user, id);
    if (input.next_order_date !== before.next_order_date) assertNotPast(input.next_order_date, now);
    const [row] = await tx
      .update(scheduledOrders)
      .set({ ...scheduleColumns(input, items), updated_at: now })
      .where(eq(scheduledOrders.id, id))
      .returning();
    await runSoonIfDue(tx, row!, now);
    return (await toSchedules(tx, [row!]))[0]!;
  });
}

export async function deleteSchedule(db: Db, user: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSchedule(tx, user, id);
    await tx.delete(scheduledOrders).where(eq(scheduledOrders.id, id));
  });
}

// ---------------------------------------------------------------------------------------------------
// Trade offers

type OfferRow = typeof tradeOffers.$inferSelect;

async function usesOf(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tradeOfferUses.offer_id, n: sql<number>`count(*)::int` })
    .from(tradeOfferUses)
    .where(and(inArray(tradeOfferUses.offer_id, ids), sql`${tradeOfferUses.released_at} is null`))
    .groupBy(tradeOfferUses.offer_id);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

const discountValue = (r: OfferRow) =>
  r.offer_type === 'fixed_discount' ? centsToRand(r.discount_cents) : r.discount_tenths / 10;

async function toOffers(db: Db | Tx, rows: OfferRow[], now: Date): Promise<TradeOffer[]> {
  const [names, products, uses] = await Promise.all([
    userSummaries(
      db,
      rows.map((r) => r.seller_id),
    ),
    productSummaries(
      db,
      rows.flatMap((r) => r.products),
    ),
    usesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => {
    const current_uses = uses.get(r.id) ?? 0;
    return {
      id: r.id,
      seller_id: r.seller_id,
      seller_name: names.get(r.seller_id)?.display_name ?? '',
      offer_name: r.offer_name,
      offer_type: r.offer_type as TradeOfferType,
      discount_value: discountValue(r),
      start_date: r.start_date,
      end_date: r.end_date,
      minimum_order_value: centsToRand(r.minimum_order_value_cents),
      max_uses: r.max_uses,
      current_uses,
      description: r.description,
      is_active: r.is_active,
      min_quantity: r.min_quantity,
      buy_quantity: r.buy_quantity,
      get_quantity: r.get_quantity,
      products: r.products.map((id) => ({ id, name: products.get(id)?.name ?? '' })),
      status: tradeOfferStatus({ ...r, current_uses }, now),
    };
  });
}

export async function listOffers(db: Db, user: Caller, now = new Date()): Promise<TradeOffer[]> {
  const rows = await db
    .select()
    .from(tradeOffers)
    .where(eq(tradeOffers.seller_id, user.id))
    .orderBy(desc(tradeOffers.created_at), desc(tradeOffers.id))
    .limit(SMART_ORDERS_LISTED);
  return toOffers(db, rows, now);
}

async function assertOwnProducts(db: Db | Tx, user: Caller, ids: number[]) {
  const found = await productsForSale(db, ids);
  if (ids.some((id) => found.get(id)?.seller_id !== user.id))
    throw invalidFields({ products: field('validation.not_own_product') });
}

const offerColumns = (input: TradeOfferFields) => ({
  offer_name: input.offer_name,
  offer_type: input.offer_type,
  discount_tenths:
    input.offer_type === 'percentage_discount' || input.offer_type === 'bulk_discount'
      ? Math.round(input.discount_value * 10)
      : 0,
  discount_cents: input.offer_type === 'fixed_discount' ? randToCents(input.discount_value) : 0,
  min_quantity: input.min_quantity,
  buy_quantity: input.buy_quantity,
  get_quantity: input.get_quantity,
  start_date: input.start_date,
  end_date: input.end_date,
  minimum_order_value_cents: randToCents(input.minimum_order_value),
  max_uses: input.max_uses ?? null,
  description: input.description ?? null,
  is_active: input.is_active,
  products: [...new Set(input.products.map(Number))].slice(0, TRADE_OFFER_PRODUCTS_MAX),
});

export async function createOffer(db: Db, user: Caller, input: TradeOfferFields, now = new Date()) {
  await assertOwnProducts(db, user, input.products.map(Number));
  const [row] = await db
    .insert(tradeOffers)
    .values({ ...offerColumns(input), seller_id: user.id, created_at: now, updated_at: now })
    .returning();
  return (await toOffers(db, [row!], now))[0]!;
}

async function lockOffer(tx: Tx, user: Caller, id: number): Promise<OfferRow> {
  const [row] = await tx.select().from(tradeOffers).where(eq(tradeOffers.id, id)).for('update');
  if (!row || row.seller_id !== user.id) throw fail('smart_orders.offer_not_found');
  return row;
}

export async function updateOffer(
  db: Db,
  user: Caller,
  id: number,
  input: TradeOfferFields,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    await lockOffer(tx, user, id);
    await assertOwnProducts(tx, user, input.products.map(Number));
    const [row] = await tx
      .update(tradeOffers)
      .set({ ...offerColumns(input), updated_at: now })
      .where(eq(tradeOffers.id, id))
      .returning();
    return (await toOffers(tx, [row!], now))[0]!;
  });
}

export async function deleteOffer(db: Db, user: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOffer(tx, user, id);
    const [used] = await tx
      .select({ id: tradeOfferUses.id })
      .from(tradeOfferUses)
      .where(eq(tradeOfferUses.offer_id, id))
      .limit(1);
    if (used) throw fail('smart_orders.offer_in_use');
    await tx.delete(tradeOffers).where(eq(tradeOffers.id, id));
  });
}

/** The offers running today for these sellers (switched on, within dates, uses left). */
/**
 * The trade offers running today and not used up. lock (inside a checkout): the capped offers' rows are
 * locked in id order before their uses are counted, so concurrent checkouts take the last use one after
 * the other and never pass max_uses (the promotions' way, ADR 022).
 */
async function runningOffers(db: Db | Tx, sellerIds: number[], now: Date, lock = false): Promise<OfferRow[]> {
  if (sellerIds.length === 0) return [];
  const today = sastDate(now);
  const rows = await db
    .select()
    .from(tradeOffers)
    .where(
      and(
        inArray(tradeOffers.seller_id, [...new Set(sellerIds)]),
        eq(tradeOffers.is_active, true),
        lte(tradeOffers.start_date, today),
        gte(tradeOffers.end_date, today),
      ),
    )
    .orderBy(tradeOffers.id);
  const capped = rows.filter((r) => r.max_uses !== null).map((r) => r.id);
  if (lock && capped.length > 0)
    await db
      .select({ id: tradeOffers.id })
      .from(tradeOffers)
      .where(inArray(tradeOffers.id, capped))
      .orderBy(tradeOffers.id)
      .for('update');
  const uses = await usesOf(db, capped);
  return rows.filter((r) => r.max_uses === null || (uses.get(r.id) ?? 0) < r.max_uses);
}

/** The running trade offers as offers for the one pricing rule (checkout prices with these). */
export async function tradeOfferOffers(
  db: Db | Tx,
  sellerIds: number[],
  now = new Date(),
  lock = false,
): Promise<Offer[]> {
  return (await runningOffers(db, sellerIds, now, lock)).map((r) => ({
    source: { type: 'trade_offer', id: r.id },
    name: r.offer_name,
    seller_id: r.seller_id,
    product_ids: r.products.length > 0 ? r.products : null,
    min_order_value_cents: r.minimum_order_value_cents,
    rule: tradeOfferRule({
      offer_type: r.offer_type as TradeOfferType,
      discount_tenths: r.discount_tenths,
      discount_cents: r.discount_cents,
      min_quantity: r.min_quantity,
      buy_quantity: r.buy_quantity,
      get_quantity: r.get_quantity,
    }),
  }));
}

/** Checkout records each order that used a trade offer (max_uses counts them), in its transaction. */
export async function recordTradeOfferUses(
  tx: Tx,
  uses: ReadonlyArray<{ offer_id: number; order_id: number; discount_cents: number }>,
): Promise<void> {
  if (uses.length > 0)
    await tx
      .insert(tradeOfferUses)
      .values([...uses])
      .onConflictDoNothing();
}

/**
 * Cancelled or declined orders give their offers' uses back (DECISIONS 21), in the cancelling transaction
 * (checkout's provider interface), so the use is free the moment the cancel commits. Idempotent.
 */
export async function releaseTradeOfferUses(tx: Tx, orderIds: number[], now = new Date()): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(tradeOfferUses)
    .set({ released_at: now })
    .where(and(inArray(tradeOfferUses.order_id, orderIds), sql`${tradeOfferUses.released_at} is null`));
}

/** What buyers see on products: the trade offers running today that cover each. */
export async function offersForProducts(
  db: Db,
  productIds: number[],
  now = new Date(),
): Promise<ProductTradeOffer[]> {
  const products = await productsForSale(db, productIds);
  const list = [...products.values()];
  const rows = await runningOffers(
    db,
    list.map((p) => p.seller_id),
    now,
  );
  const names = await userSummaries(
    db,
    rows.map((r) => r.seller_id),
  );
  const out: ProductTradeOffer[] = [];
  for (const p of list) {
    for (const r of rows) {
      if (r.seller_id !== p.seller_id || (r.products.length > 0 && !r.products.includes(p.id))) continue;
      out.push({
        id: r.id,
        product_id: p.id,
        offer_name: r.offer_name,
        offer_type: r.offer_type as TradeOfferType,
        discount_value: discountValue(r),
        minimum_order_value: centsToRand(r.minimum_order_value_cents),
        min_quantity: r.min_quantity,
        buy_quantity: r.buy_quantity,
        get_quantity: r.get_quantity,
        end_date: r.end_date,
        seller_name: names.get(r.seller_id)?.display_name ?? '',
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Proposed orders

type ProposalRow = typeof proposedOrders.$inferSelect;

async function toProposals(
  db: Db | Tx,
  buyer: UserRow,
  rows: ProposalRow[],
  now: Date,
): Promise<ProposedOrder[]> {
  const [names, products] = await Promise.all([
    userSummaries(
      db,
      rows.map((r) => r.supplier_id),
    ),
    productsForSale(
      db,
      rows.flatMap((r) => r.items.map((i) => i.product_id)),
    ),
  ]);
  const out: ProposedOrder[] = [];
  for (const r of rows) {
    const priced = await quote(db, buyer, r.items, now);
    out.push({
      id: r.id,
      source: r.source as ProposedOrder['source'],
      source_name: r.source_name,
      supplier_id: r.supplier_id,
      supplier_name: names.get(r.supplier_id)?.display_name ?? '',
      reason: r.reason as ProposalReason,
      occurrence_date: r.occurrence_date,
      items: r.items.map((i) => ({
        product_id: i.product_id,
        product_name: products.get(i.product_id)?.name ?? '',
        quantity: i.quantity,
        unit_price: centsToRand(products.get(i.product_id)?.selling_price_cents ?? 0),
      })),
      estimated_total: priced.total_amount,
      discount_amount: priced.discount_amount,
      tax_amount: priced.tax_amount,
      delivery_fee: priced.delivery_fee,
      created_at: r.created_at.toISOString(),
    });
  }
  return out;
}

export async function listProposals(db: Db, user: UserRow, now = new Date()): Promise<ProposedOrder[]> {
  const rows = await db
    .select()
    .from(proposedOrders)
    .where(and(eq(proposedOrders.buyer_id, user.id), eq(proposedOrders.status, 'open')))
    .orderBy(desc(proposedOrders.created_at), desc(proposedOrders.id))
    .limit(SMART_ORDERS_LISTED);
  return toProposals(db, user, rows, now);
}

export async function lockProposal(tx: Tx, user: Caller, id: number): Promise<ProposalRow> {
  const [row] = await tx.select().from(proposedOrders).where(eq(proposedOrders.id, id)).for('update');
  if (!row || row.buyer_id !== user.id || row.status !== 'open')
    throw fail('smart_orders.proposal_not_found');
  return row;
}

export async function dismissProposal(db: Db, user: Caller, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProposal(tx, user, id);
    await tx
      .update(proposedOrders)
      .set({ status: 'dismissed', updated_at: now })
      .where(eq(proposedOrders.id, id));
  });
}

// ---------------------------------------------------------------------------------------------------
// Occurrences: what the jobs record (see jobs.ts)

export interface Occurrence {
  buyer_id: number;
  source: 'scheduled_order' | 'reorder_rule';
  source_id: number;
  /** The run's key: a schedule's due date, a rule's crossing number. */
  occurrence: string;
}

/** Claims an occurrence; false when another run already acted on it (the unique key). */
export async function claimOccurrence(tx: Tx, o: Occurrence, outcome: 'placed' | 'proposed') {
  const [row] = await tx
    .insert(smartOrderRuns)
    .values({ ...o, outcome })
    .onConflictDoNothing()
    .returning({ id: smartOrderRuns.id });
  return row?.id ?? null;
}

export async function markRun(tx: Tx, runId: number, outcome: 'placed' | 'proposed', orderIds: number[]) {
  await tx.update(smartOrderRuns).set({ outcome, order_ids: orderIds }).where(eq(smartOrderRuns.id, runId));
}

export async function addProposal(
  tx: Tx,
  runId: number,
  o: Occurrence & {
    source_name: string;
    supplier_id: number;
    reason: ProposalReason;
    occurrence_date: string;
    items: { product_id: number; quantity: number }[];
  },
): Promise<number> {
  const [row] = await tx
    .insert(proposedOrders)
    .values({
      buyer_id: o.buyer_id,
      run_id: runId,
      source: o.source,
      source_id: o.source_id,
      source_name: o.source_name,
      supplier_id: o.supplier_id,
      reason: o.reason,
      occurrence_date: o.occurrence_date,
      items: o.items,
    })
    .returning({ id: proposedOrders.id });
  return row!.id;
}

export async function markProposalPlaced(tx: Tx, id: number, orderIds: number[], now: Date) {
  await tx
    .update(proposedOrders)
    .set({ status: 'placed', order_ids: orderIds, updated_at: now })
    .where(eq(proposedOrders.id, id));
}

/** Due schedules (a bounded batch, oldest first). */
export async function dueScheduleIds(db: Db | Tx, now: Date, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: scheduledOrders.id })
    .from(scheduledOrders)
    .where(and(eq(scheduledOrders.is_active, true), lte(scheduledOrders.next_order_date, sastDate(now))))
    .orderBy(asc(scheduledOrders.next_order_date), asc(scheduledOrders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Locks a schedule for its run; null when it is gone, switched off or (no longer) due. */
export async function lockDueSchedule(tx: Tx, id: number, now: Date): Promise<ScheduleRow | null> {
  const [row] = await tx.select().from(scheduledOrders).where(eq(scheduledOrders.id, id)).for('update');
  if (!row || !row.is_active || !isDue(row.next_order_date, sastDate(now))) return null;
  return row;
}

/** Moves a schedule on past today by its frequency, recording the occurrence as its last order date. */
export async function advanceSchedule(tx: Tx, row: ScheduleRow, now: Date) {
  const today = sastDate(now);
  let next = row.next_order_date;
  while (next <= today) next = nextOrderDate(next, row.frequency as OrderFrequency, row.anchor_day);
  await tx
    .update(scheduledOrders)
    .set({ next_order_date: next, last_order_date: row.next_order_date, updated_at: now })
    .where(eq(scheduledOrders.id, row.id));
}

/** Rules to look at: all active ones (the sweep), or those of a buyer's product (an inventory event). */
export async function activeRuleIds(
  db: Db | Tx,
  filter: { buyer_id: number; product_id: number } | null,
  limit = 1000,
): Promise<number[]> {
  const rows = await db
    .select({ id: reorderRules.id })
    .from(reorderRules)
    .where(
      and(
        eq(reorderRules.is_active, true),
        filter ? eq(reorderRules.buyer_id, filter.buyer_id) : undefined,
        filter ? eq(reorderRules.product_id, filter.product_id) : undefined,
      ),
    )
    .orderBy(asc(reorderRules.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Locks a rule and reads where its stock stands: due when available + on order <= reorder point + safety
 * stock. A rule not due is armed again (the next crossing may fire); a due, armed rule is disarmed and
 * its crossing numbered, and the caller raises one order (or proposal) for it.
 */
export async function crossRule(
  tx: Tx,
  id: number,
  now: Date,
): Promise<{ rule: RuleRow; crossing: number } | null> {
  const [rule] = await tx.select().from(reorderRules).where(eq(reorderRules.id, id)).for('update');
  if (!rule || !rule.is_active) return null;
  const item = await watchedItem(tx, rule.buyer_id, rule.product_id);
  const onOrder = await quantityOnOrder(tx, rule.buyer_id, rule.supplier_id, rule.product_id);
  const due = reorderDue({
    available: item.available,
    on_order: onOrder,
    reorder_point: item.reorder_point,
    safety_stock: rule.safety_stock,
  });
  if (!due) {
    if (!rule.armed) await tx.update(reorderRules).set({ armed: true }).where(eq(reorderRules.id, id));
    return null;
  }
  if (!rule.armed) return null;
  const crossing = rule.crossings + 1;
  await tx
    .update(reorderRules)
    .set({ armed: false, crossings: crossing, last_triggered_at: now })
    .where(eq(reorderRules.id, id));
  return { rule, crossing };
}

// Every checkout prices the running trade offers through the one rule (DECISIONS 21), tells this area
// which orders used one (max_uses counts them) and, in the cancelling or declining transaction, which
// orders give their use back (ADR 022, 023).
registerOfferProvider('trade_offer', {
  offers: (tx, sellerIds, now, context) => tradeOfferOffers(tx, sellerIds, now, context?.lock ?? false),
  released: (tx, orderIds) => releaseTradeOfferUses(tx, orderIds),
  used: (tx, uses) =>
    recordTradeOfferUses(
      tx,
      uses.map((u) => ({ offer_id: u.source.id, order_id: u.order_id, discount_cents: 0 })),
    ),
});
