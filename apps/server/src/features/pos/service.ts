import { and, asc, count, desc, eq, inArray, isNotNull, isNull, max, min, or, sql } from 'drizzle-orm';
import {
  ACCOUNTS,
  CASH_UP_HISTORY,
  cashDifference,
  cashUpLines,
  cashUpTotals,
  centsToRand,
  changeDue,
  DEFAULT_MARKUP_PERCENT,
  defaultPriceCents,
  isVatRegistered,
  POS_PRODUCTS_CAP,
  randToCents,
  sastDate,
  tillTotals,
  type InventoryItem,
  type LedgerLine,
  type CashUpMethodTotals,
  type PaymentMethod,
  type PosCashUp,
  type PosCashUpRequest,
  type PosCashUpSummary,
  type PosCatalogue,
  type PosProduct,
  type PosSaleRequest,
  type PosShop,
  type PosTransaction,
  type PosTransactionList,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { userSummaries, vatNumbersOf } from '../auth/service.ts';
import { productBrands } from '../catalog/service.ts';
import { defaultLocation, itemAvailable, listInventory, recordMovement } from '../inventory/service.ts';
import { postEntry } from '../ledger/service.ts';
import { notify } from '../notifications/service.ts';
import { posCashUps, posPrices, posSaleLines, posSales, posSettings } from './tables.ts';

/**
 * The point of sale (spec 3 /pos; issue 11 point 2). The till sells the shop's own stock at its default
 * location, at the shop's retail prices (VAT included; DECISIONS 23). A sale is one transaction: the sale
 * and its lines, an out movement per line (inventory's recordMovement, which never takes stock below zero
 * for an online sale: 409), and the books (Cash or Bank clearing / Sales and VAT output; Cost of sales /
 * Inventory at weighted-average cost). The device names each sale (client_sale_id), so a sale sent twice
 * (the offline queue retrying) is recorded once. A sale rung up offline is accepted at the prices it was
 * rung up at and recorded even when the stock ran short meanwhile: the goods have left the shop, so the
 * stock goes below zero and the owner is asked for a count.
 */

// ---------------------------------------------------------------------------------------------------
// Shop, prices and the till's products

async function shopOf(db: Db | Tx, businessId: number): Promise<PosShop> {
  const [people, vat] = await Promise.all([userSummaries(db, [businessId]), vatNumbersOf(db, [businessId])]);
  const number = vat.get(businessId)?.trim() || null;
  return {
    name: people.get(businessId)?.display_name ?? '',
    vat_number: number,
    vat_registered: isVatRegistered(number),
  };
}

async function markupPercent(db: Db | Tx, businessId: number): Promise<number> {
  const [row] = await db
    .select({ bp: posSettings.markup_basis_points })
    .from(posSettings)
    .where(eq(posSettings.business_id, businessId));
  return row ? row.bp / 100 : DEFAULT_MARKUP_PERCENT;
}

async function ownPrices(db: Db | Tx, businessId: number, ids?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: posPrices.inventory_product_id, cents: posPrices.price_cents })
    .from(posPrices)
    .where(
      and(
        eq(posPrices.business_id, businessId),
        ids ? inArray(posPrices.inventory_product_id, ids) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.id, r.cents]));
}

interface TillItem {
  item: InventoryItem;
  priceCents: number;
  priceIsDefault: boolean;
  unitCostCents: number;
}

/** The shop's products at its default location, each with its retail price. */
async function tillItems(db: Db | Tx, businessId: number): Promise<Map<number, TillItem>> {
  const location = await defaultLocation(db, businessId);
  const [list, markup, prices] = await Promise.all([
    // listInventory reads with the plain database handle type; a transaction serves as well.
    listInventory(db as Db, businessId, { limit: POS_PRODUCTS_CAP * 4 }),
    markupPercent(db, businessId),
    ownPrices(db, businessId),
  ]);
  const result = new Map<number, TillItem>();
  for (const item of list.items) {
    if (item.location_id !== location.id || result.size >= POS_PRODUCTS_CAP) continue;
    const unitCostCents = randToCents(item.unit_cost);
    const own = prices.get(item.product_id);
    result.set(item.product_id, {
      item,
      unitCostCents,
      priceCents: own ?? defaultPriceCents(unitCostCents, markup),
      priceIsDefault: own === undefined,
    });
  }
  return result;
}

function toProduct(
  t: TillItem,
  brands: Map<number, { brand: string; image_url: string | null }>,
): PosProduct {
  const listing =
    t.item.marketplace_product_id === null ? undefined : brands.get(t.item.marketplace_product_id);
  return {
    id: t.item.product_id,
    name: t.item.product_name,
    sku: t.item.product_sku,
    brand: listing?.brand ?? null,
    image_url: listing?.image_url ?? null,
    price: centsToRand(t.priceCents),
    price_is_default: t.priceIsDefault,
    unit_cost: centsToRand(t.unitCostCents),
    available: t.item.available_quantity,
  };
}

async function productsOf(db: Db | Tx, items: Iterable<TillItem>): Promise<PosProduct[]> {
  const list = [...items];
  const brands = await productBrands(
    db,
    list.flatMap((t) => (t.item.marketplace_product_id === null ? [] : [t.item.marketplace_product_id])),
  );
  return list.map((t) => toProduct(t, brands));
}

/** GET /api/pos/products. */
export async function tillCatalogue(db: Db, businessId: number): Promise<PosCatalogue> {
  const [shop, items, markup] = await Promise.all([
    shopOf(db, businessId),
    tillItems(db, businessId),
    markupPercent(db, businessId),
  ]);
  return { shop, markup_percent: markup, products: await productsOf(db, items.values()) };
}

/** PUT /api/pos/settings: the markup of default prices. */
export async function saveSettings(db: Db, businessId: number, markup: number): Promise<PosCatalogue> {
  const bp = Math.round(markup * 100);
  await db
    .insert(posSettings)
    .values({ business_id: businessId, markup_basis_points: bp })
    .onConflictDoUpdate({
      target: posSettings.business_id,
      set: { markup_basis_points: bp, updated_at: new Date() },
    });
  return tillCatalogue(db, businessId);
}

/** PUT /api/pos/products/:id/price: an item's own price, or back to the default (null). */
export async function savePrice(
  db: Db,
  businessId: number,
  productId: number,
  price: number | null,
): Promise<PosProduct> {
  const items = await tillItems(db, businessId);
  if (!items.has(productId)) throw fail('pos.product_not_found');
  if (price === null) {
    await db
      .delete(posPrices)
      .where(and(eq(posPrices.business_id, businessId), eq(posPrices.inventory_product_id, productId)));
  } else {
    const cents = randToCents(price);
    await db
      .insert(posPrices)
      .values({ business_id: businessId, inventory_product_id: productId, price_cents: cents })
      .onConflictDoUpdate({
        target: [posPrices.business_id, posPrices.inventory_product_id],
        set: { price_cents: cents, updated_at: new Date() },
      });
  }
  const after = (await tillItems(db, businessId)).get(productId)!;
  const [product] = await productsOf(db, [after]);
  return product!;
}

// ---------------------------------------------------------------------------------------------------
// Sales

type SaleRow = typeof posSales.$inferSelect;

async function toTransactions(db: Db | Tx, rows: SaleRow[]): Promise<PosTransaction[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(posSaleLines)
    .where(
      inArray(
        posSaleLines.sale_id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(posSaleLines.id));
  const shop = await shopOf(db, rows[0]!.business_id);
  return rows.map((r) => ({
    id: r.id,
    client_sale_id: r.client_sale_id,
    transaction_number: r.transaction_number,
    subtotal: centsToRand(r.subtotal_cents),
    discount_percent: r.discount_basis_points / 100,
    discount_amount: centsToRand(r.discount_cents),
    tax_amount: centsToRand(r.vat_cents),
    total_amount: centsToRand(r.total_cents),
    payment_method: r.payment_method as PaymentMethod,
    amount_tendered: r.amount_tendered_cents === null ? null : centsToRand(r.amount_tendered_cents),
    change_due:
      r.amount_tendered_cents === null
        ? null
        : centsToRand(changeDue(r.amount_tendered_cents, r.total_cents)),
    customer_name: r.customer_name,
    customer_phone: r.customer_phone,
    offline: r.offline,
    stock_short: r.stock_short,
    rung_up_at: r.rung_up_at.toISOString(),
    created_at: r.created_at.toISOString(),
    refunded_at: r.refunded_at?.toISOString() ?? null,
    refund_reason: r.refund_reason,
    lines: lines
      .filter((l) => l.sale_id === r.id)
      .map((l) => ({
        product_id: l.inventory_product_id,
        name: l.name,
        sku: l.sku,
        quantity: l.quantity,
        unit_price: centsToRand(l.unit_price_cents),
        total_price: centsToRand(l.unit_price_cents * l.quantity),
      })),
    shop,
  }));
}

async function saleByClientId(db: Db | Tx, businessId: number, clientSaleId: string) {
  const rows = await db
    .select()
    .from(posSales)
    .where(and(eq(posSales.business_id, businessId), eq(posSales.client_sale_id, clientSaleId)));
  return rows[0];
}

const debit = (account_code: number, cents: number): LedgerLine => ({
  account_code,
  debit_cents: cents,
  credit_cents: 0,
});
const credit = (account_code: number, cents: number): LedgerLine => ({
  account_code,
  debit_cents: 0,
  credit_cents: cents,
});

/** When the sale happened: the device's time for a sale rung up offline (never in the future), else now. */
function rungUpAt(sale: PosSaleRequest, now: Date): Date {
  if (!sale.offline || !sale.rung_up_at) return now;
  const at = new Date(sale.rung_up_at);
  return at.getTime() > now.getTime() ? now : at;
}

/**
 * POST /api/pos/process-payment. A repeat of a recorded client_sale_id answers that sale and writes
 * nothing. Online: the server's current prices must be the ones the till showed (409 pos.price_changed),
 * the totals must follow the one rule (409 pos.totals_changed) and stock must cover every line (409
 * inventory.not_enough_stock). Offline: the rung-up prices stand and stock may go below zero, in which case
 * the owner is notified to count it.
 */
export async function processPayment(
  db: Db,
  businessId: number,
  sale: PosSaleRequest,
  now = new Date(),
): Promise<PosTransaction> {
  const existing = await saleByClientId(db, businessId, sale.client_sale_id);
  if (existing) return (await toTransactions(db, [existing]))[0]!;

  const row = await db.transaction(async (tx) => {
    const [shop, items] = await Promise.all([shopOf(tx, businessId), tillItems(tx, businessId)]);
    const lines = sale.items.map((line) => {
      const till = items.get(line.product_id);
      if (!till) throw fail('pos.product_not_found');
      const shown = randToCents(line.unit_price);
      if (!sale.offline) {
        if (till.priceCents <= 0) throw fail('pos.no_price', { product: till.item.product_name });
        if (shown !== till.priceCents) throw fail('pos.price_changed', { product: till.item.product_name });
      }
      return { till, quantity: line.quantity, unit_price_cents: shown };
    });
    const totals = tillTotals(lines, sale.discount_percent, shop.vat_registered);
    const sent = {
      subtotal: randToCents(sale.subtotal),
      discount: randToCents(sale.discount_amount),
      total: randToCents(sale.total_amount),
      vat: randToCents(sale.tax_amount),
    };
    // An offline sale is never refused for its totals (its VAT follows the shop's registration now).
    const differs = (Object.keys(sent) as (keyof typeof sent)[]).some((k) => sent[k] !== totals[k]);
    if (differs && !sale.offline) throw fail('pos.totals_changed');

    const tendered =
      sale.payment_method === 'cash' && sale.amount_tendered != null
        ? randToCents(sale.amount_tendered)
        : null;
    const at = rungUpAt(sale, now);
    const [inserted] = await tx
      .insert(posSales)
      .values({
        business_id: businessId,
        client_sale_id: sale.client_sale_id,
        transaction_number: sale.receipt_number ?? `pending-${sale.client_sale_id}`,
        subtotal_cents: totals.subtotal,
        discount_basis_points: Math.round(sale.discount_percent * 100),
        discount_cents: totals.discount,
        vat_cents: totals.vat,
        total_cents: totals.total,
        payment_method: sale.payment_method,
        amount_tendered_cents: tendered === null ? null : Math.max(tendered, totals.total),
        customer_name: sale.customer_name || null,
        customer_phone: sale.customer_phone,
        offline: sale.offline,
        rung_up_at: at,
        created_by: businessId,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      // The same sale committed meanwhile (a concurrent repeat): answer it. Otherwise the number is taken.
      const same = await saleByClientId(tx, businessId, sale.client_sale_id);
      if (same) return same;
      throw fail('pos.receipt_taken', { number: sale.receipt_number ?? '' });
    }
    const number =
      sale.receipt_number ??
      `POS-${sastDate(at).replaceAll('-', '')}-${String(inserted.id).padStart(5, '0')}`;

    const location = await defaultLocation(tx, businessId);
    let cost = 0;
    let short = false;
    // Lines in product order, so two sales of the same products lock their stock rows in the same order.
    for (const line of [...lines].sort((a, b) => a.till.item.product_id - b.till.item.product_id)) {
      const outcome = await recordMovement(tx, {
        businessId,
        performedBy: businessId,
        inventoryProductId: line.till.item.product_id,
        locationId: location.id,
        type: 'out',
        quantity: line.quantity,
        reason: 'Till sale',
        reference: number,
        allowNegative: sale.offline,
      });
      cost += line.till.unitCostCents * line.quantity;
      if (sale.offline && (await itemAvailable(tx, outcome.itemIds[0]!)) < 0) short = true;
    }
    await tx.insert(posSaleLines).values(
      lines.map((l) => ({
        sale_id: inserted.id,
        inventory_product_id: l.till.item.product_id,
        name: l.till.item.product_name,
        sku: l.till.item.product_sku,
        quantity: l.quantity,
        unit_price_cents: l.unit_price_cents,
        unit_cost_cents: l.till.unitCostCents,
      })),
    );
    const [saved] = await tx
      .update(posSales)
      .set({ transaction_number: number, cost_cents: cost, stock_short: short })
      .where(eq(posSales.id, inserted.id))
      .returning();

    await postEntry(tx, {
      businessId,
      date: sastDate(at),
      reference: number,
      description: `Till sale ${number} (${sale.payment_method})`,
      source: 'pos_sale',
      sourceId: inserted.id,
      createdBy: businessId,
      lines: [
        debit(sale.payment_method === 'cash' ? ACCOUNTS.cash : ACCOUNTS.bankClearing, totals.total),
        credit(ACCOUNTS.sales, totals.total - totals.vat),
        credit(ACCOUNTS.vatOutput, totals.vat),
        debit(ACCOUNTS.costOfSales, cost),
        credit(ACCOUNTS.inventory, cost),
      ],
    });
    if (short) {
      await notify(tx, {
        userId: businessId,
        type: 'alert',
        priority: 'high',
        title: 'notifications.pos.stock_short.title',
        message: 'notifications.pos.stock_short.message',
        params: { number },
        link: '/inventory',
      });
    }
    return saved!;
  });
  return (await toTransactions(db, [row]))[0]!;
}

/**
 * POST /api/pos/transactions/:id/refund: a refund or void of the whole sale, with its reason, in one
 * transaction: each line's goods come back in at the cost they left at, and the sale's entry is undone
 * (Sales, VAT output / Cash or Bank clearing; Inventory / Cost of sales). A sale is refunded once.
 */
export async function refundSale(
  db: Db,
  businessId: number,
  saleId: number,
  reason: string,
  now = new Date(),
): Promise<PosTransaction> {
  const row = await db.transaction(async (tx) => {
    const [sale] = await tx
      .select()
      .from(posSales)
      .where(and(eq(posSales.id, saleId), eq(posSales.business_id, businessId)))
      .for('update');
    if (!sale) throw fail('pos.sale_not_found');
    if (sale.refunded_at) throw fail('pos.already_refunded', { number: sale.transaction_number });
    const lines = await tx
      .select()
      .from(posSaleLines)
      .where(eq(posSaleLines.sale_id, sale.id))
      .orderBy(asc(posSaleLines.inventory_product_id));
    const location = await defaultLocation(tx, businessId);
    for (const line of lines) {
      await recordMovement(tx, {
        businessId,
        performedBy: businessId,
        inventoryProductId: line.inventory_product_id,
        locationId: location.id,
        type: 'in',
        quantity: line.quantity,
        unitCostCents: line.unit_cost_cents,
        reason: `Refund: ${reason}`.slice(0, 240),
        reference: sale.transaction_number,
      });
    }
    const money = sale.payment_method === 'cash' ? ACCOUNTS.cash : ACCOUNTS.bankClearing;
    await postEntry(tx, {
      businessId,
      date: sastDate(now),
      reference: `REF-${sale.transaction_number}`.slice(0, 60),
      description: `Refund of till sale ${sale.transaction_number}: ${reason}`.slice(0, 240),
      source: 'pos_refund',
      sourceId: sale.id,
      createdBy: businessId,
      lines: [
        debit(ACCOUNTS.sales, sale.total_cents - sale.vat_cents),
        debit(ACCOUNTS.vatOutput, sale.vat_cents),
        credit(money, sale.total_cents),
        debit(ACCOUNTS.inventory, sale.cost_cents),
        credit(ACCOUNTS.costOfSales, sale.cost_cents),
      ],
    });
    const [updated] = await tx
      .update(posSales)
      .set({ refunded_at: now, refund_reason: reason })
      .where(eq(posSales.id, sale.id))
      .returning();
    return updated!;
  });
  return (await toTransactions(db, [row]))[0]!;
}

/** GET /api/pos/transactions: the newest sales. */
export async function listTransactions(
  db: Db,
  businessId: number,
  limit: number,
): Promise<PosTransactionList> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(posSales)
      .where(eq(posSales.business_id, businessId))
      .orderBy(desc(posSales.created_at), desc(posSales.id))
      .limit(limit),
    db.select({ n: count() }).from(posSales).where(eq(posSales.business_id, businessId)),
  ]);
  return { transactions: await toTransactions(db, rows), total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------
// Cash-up (ADR 017)

type CashUpRow = typeof posCashUps.$inferSelect;

const methodsOut = (methods: CashUpMethodTotals[]) =>
  methods.map((m) => ({
    method: m.method,
    sales_count: m.sales_count,
    sales_total: centsToRand(m.sales_cents),
    refunds_count: m.refunds_count,
    refunds_total: centsToRand(m.refunds_cents),
    net: centsToRand(m.net_cents),
  }));

function toCashUp(row: CashUpRow): PosCashUp {
  const { outcome } = cashDifference(row.counted_cents, row.expected_cents);
  return {
    id: row.id,
    session: row.session,
    opened_at: row.opened_at?.toISOString() ?? null,
    closed_at: row.closed_at.toISOString(),
    methods: methodsOut(row.methods),
    opening_float: centsToRand(row.float_cents),
    expected_cash: centsToRand(row.expected_cents),
    counted_cash: centsToRand(row.counted_cents),
    difference: centsToRand(row.difference_cents),
    outcome,
    notes: row.notes,
    journal_reference: row.journal_reference,
  };
}

/** The sales and refunds no cash-up covers yet: the open session. */
async function openSession(db: Db | Tx, businessId: number) {
  const rows = await db
    .select({
      id: posSales.id,
      payment_method: posSales.payment_method,
      total_cents: posSales.total_cents,
      created_at: posSales.created_at,
      refunded_at: posSales.refunded_at,
      cash_up_id: posSales.cash_up_id,
      refund_cash_up_id: posSales.refund_cash_up_id,
    })
    .from(posSales)
    .where(
      and(
        eq(posSales.business_id, businessId),
        or(
          isNull(posSales.cash_up_id),
          and(isNotNull(posSales.refunded_at), isNull(posSales.refund_cash_up_id)),
        ),
      ),
    );
  const sales = rows.filter((r) => r.cash_up_id === null);
  const refunds = rows.filter((r) => r.refunded_at !== null && r.refund_cash_up_id === null);
  const times = [...sales.map((r) => r.created_at), ...refunds.map((r) => r.refunded_at!)];
  const openedAt = times.length === 0 ? null : new Date(Math.min(...times.map((d) => d.getTime())));
  const asMovement = (r: (typeof rows)[number]) => ({
    payment_method: r.payment_method as PaymentMethod,
    total_cents: r.total_cents,
  });
  return {
    sales,
    refunds,
    openedAt,
    totals: (floatCents: number) => cashUpTotals(sales.map(asMovement), refunds.map(asMovement), floatCents),
  };
}

async function nextSession(db: Db | Tx, businessId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(posCashUps.session) })
    .from(posCashUps)
    .where(eq(posCashUps.business_id, businessId));
  return (row?.last ?? 0) + 1;
}

/** GET /api/pos/cash-up: the open session (what a cash-up now covers) and the latest cash-ups. */
export async function cashUpSummary(db: Db, businessId: number): Promise<PosCashUpSummary> {
  const [open, session, history] = await Promise.all([
    openSession(db, businessId),
    nextSession(db, businessId),
    db
      .select()
      .from(posCashUps)
      .where(eq(posCashUps.business_id, businessId))
      .orderBy(desc(posCashUps.session))
      .limit(CASH_UP_HISTORY),
  ]);
  const totals = open.totals(0);
  return {
    session,
    opened_at: open.openedAt?.toISOString() ?? null,
    methods: methodsOut(totals.methods),
    sales_count: open.sales.length,
    refunds_count: open.refunds.length,
    cash_net: centsToRand(totals.expected_cash_cents),
    history: history.map(toCashUp),
  };
}

/**
 * POST /api/pos/cash-up: closes the open session in one transaction. The cash-up row is written first
 * under the unique (business, session), so a second submit of the same session (a double tap, a second
 * device) waits for the first and is refused (409 pos.cash_up_done). Then every uncovered sale and refund
 * is marked as this cash-up's (rows a concurrent sale has not committed yet stay for the next one), the
 * expected cash is computed from exactly those rows and must be the one the screen showed (409
 * pos.cash_up_changed, nothing written), and the difference is posted: over Cash / Cash over/short, short
 * the reverse, in the same transaction.
 */
export async function cashUp(
  db: Db,
  businessId: number,
  input: PosCashUpRequest,
  now = new Date(),
): Promise<PosCashUp> {
  const row = await db.transaction(async (tx) => {
    const session = await nextSession(tx, businessId);
    if (input.session !== session) throw fail('pos.cash_up_done');
    const floatCents = randToCents(input.opening_float);
    const countedCents = randToCents(input.counted_cash);
    const [inserted] = await tx
      .insert(posCashUps)
      .values({
        business_id: businessId,
        session,
        closed_at: now,
        methods: [],
        float_cents: floatCents,
        expected_cents: countedCents,
        counted_cents: countedCents,
        difference_cents: 0,
        notes: input.notes || null,
        created_by: businessId,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw fail('pos.cash_up_done');

    const sales = await tx
      .update(posSales)
      .set({ cash_up_id: inserted.id })
      .where(and(eq(posSales.business_id, businessId), isNull(posSales.cash_up_id)))
      .returning({
        payment_method: posSales.payment_method,
        total_cents: posSales.total_cents,
        at: posSales.created_at,
      });
    const refunds = await tx
      .update(posSales)
      .set({ refund_cash_up_id: inserted.id })
      .where(
        and(
          eq(posSales.business_id, businessId),
          isNotNull(posSales.refunded_at),
          isNull(posSales.refund_cash_up_id),
        ),
      )
      .returning({
        payment_method: posSales.payment_method,
        total_cents: posSales.total_cents,
        at: posSales.refunded_at,
      });
    const asMovement = (r: { payment_method: string; total_cents: number }) => ({
      payment_method: r.payment_method as PaymentMethod,
      total_cents: r.total_cents,
    });
    const totals = cashUpTotals(sales.map(asMovement), refunds.map(asMovement), floatCents);
    if (totals.expected_cash_cents !== randToCents(input.expected_cash)) {
      throw fail('pos.cash_up_changed', { expected: centsToRand(totals.expected_cash_cents) });
    }
    const { difference_cents } = cashDifference(countedCents, totals.expected_cash_cents);
    const times = [...sales, ...refunds].map((r) => r.at!.getTime());
    const reference = `CASHUP-${sastDate(now).replaceAll('-', '')}-${session}`;
    const lines = cashUpLines(difference_cents);
    if (lines.length > 0) {
      await postEntry(tx, {
        businessId,
        date: sastDate(now),
        reference,
        description: `Cash-up ${session}: cash ${difference_cents > 0 ? 'over' : 'short'} by R ${centsToRand(
          Math.abs(difference_cents),
        ).toFixed(2)}`,
        source: 'cash_up',
        sourceId: inserted.id,
        createdBy: businessId,
        lines,
      });
    }
    const [saved] = await tx
      .update(posCashUps)
      .set({
        opened_at: times.length === 0 ? null : new Date(Math.min(...times)),
        methods: totals.methods,
        expected_cents: totals.expected_cash_cents,
        difference_cents,
        journal_reference: lines.length > 0 ? reference : null,
      })
      .where(eq(posCashUps.id, inserted.id))
      .returning();
    return saved!;
  });
  return toCashUp(row);
}

/** At most this many till sales are read for the insights (a busy spaza's ten weeks). */
const INSIGHT_SALES_MAX = 10_000;

/**
 * What AI insights (ADR 053) read of the till: the sales not refunded since a date (when they were rung up, the
 * newest first, bounded) with their lines, the shop's first sale ever, its VAT registration and its till prices.
 */
export async function tillHistory(db: Db, businessId: number, since: Date) {
  const [sales, [first], catalogue] = await Promise.all([
    db
      .select({
        id: posSales.id,
        at: posSales.rung_up_at,
        total_cents: posSales.total_cents,
        payment_method: posSales.payment_method,
      })
      .from(posSales)
      .where(
        and(
          eq(posSales.business_id, businessId),
          isNull(posSales.refunded_at),
          sql`${posSales.rung_up_at} >= ${since.toISOString()}`,
        ),
      )
      .orderBy(desc(posSales.rung_up_at))
      .limit(INSIGHT_SALES_MAX),
    db
      .select({ at: min(posSales.rung_up_at) })
      .from(posSales)
      .where(and(eq(posSales.business_id, businessId), isNull(posSales.refunded_at))),
    tillCatalogue(db, businessId),
  ]);
  const lines =
    sales.length === 0
      ? []
      : await db
          .select({
            sale_id: posSaleLines.sale_id,
            product_id: posSaleLines.inventory_product_id,
            quantity: posSaleLines.quantity,
            unit_price_cents: posSaleLines.unit_price_cents,
            unit_cost_cents: posSaleLines.unit_cost_cents,
          })
          .from(posSaleLines)
          .where(
            inArray(
              posSaleLines.sale_id,
              sales.map((s) => s.id),
            ),
          );
  const bySale = new Map<number, typeof lines>();
  for (const line of lines) bySale.set(line.sale_id, [...(bySale.get(line.sale_id) ?? []), line]);
  return {
    sales: sales.map((s) => ({ ...s, lines: bySale.get(s.id) ?? [] })),
    firstSale: first?.at ? new Date(first.at) : null,
    vatRegistered: catalogue.shop.vat_registered,
    prices: new Map(catalogue.products.map((p) => [p.id, randToCents(p.price)])),
    names: new Map(catalogue.products.map((p) => [p.id, p.name])),
  };
}
