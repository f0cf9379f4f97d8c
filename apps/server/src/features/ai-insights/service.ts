import { and, eq, inArray } from 'drizzle-orm';
import {
  aiInsights,
  HISTORY_DAYS,
  INSIGHT_ITEMS_MAX,
  randToCents,
  sastDate,
  type AiInsights,
  type InsightItem,
  type InsightSale,
} from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { listInventory, stockHistory } from '../inventory/service.ts';
import { tillHistory } from '../pos/service.ts';
import { aiInsightDismissals } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * AI Business Insights (spec 2; DECISIONS 12; ADR 053): the business's till sales and shipments of the last ten
 * weeks and its stock now, through the till's and inventory's own functions, worked out by the domain's rules.
 * The dismissals are the user's own.
 */
export async function insightsOf(db: Db, userId: number, now = new Date()): Promise<AiInsights> {
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  const [stock, till, history, dismissed] = await Promise.all([
    listInventory(db, userId, { limit: INSIGHT_ITEMS_MAX * 4 }),
    tillHistory(db, userId, since),
    stockHistory(db, userId, since),
    db
      .select({ key: aiInsightDismissals.key })
      .from(aiInsightDismissals)
      .where(eq(aiInsightDismissals.user_id, userId)),
  ]);
  // An item is kept per location; the insights are about the item in the whole business.
  const items = new Map<number, InsightItem>();
  for (const row of stock.items) {
    const item = items.get(row.product_id);
    if (item) {
      item.available += row.available_quantity;
      continue;
    }
    if (items.size >= INSIGHT_ITEMS_MAX) continue;
    const stocked = history.stockedSince.get(row.product_id);
    items.set(row.product_id, {
      product_id: row.product_id,
      name: row.product_name,
      sku: row.product_sku,
      marketplace_product_id: row.marketplace_product_id,
      available: row.available_quantity,
      unit_cost_cents: randToCents(row.unit_cost),
      price_cents: till.prices.get(row.product_id) ?? null,
      stocked_since: stocked ? sastDate(stocked) : null,
    });
  }
  const sales: InsightSale[] = [
    ...till.sales.map((s) => ({
      date: sastDate(s.at),
      payment_method: s.payment_method,
      total_cents: s.total_cents,
      lines: s.lines.map((l) => ({
        product_id: l.product_id,
        quantity: l.quantity,
        revenue_cents: l.unit_price_cents * l.quantity,
        cost_cents: l.unit_cost_cents * l.quantity,
      })),
    })),
    ...history.shipped.map((s) => ({
      date: sastDate(s.at),
      payment_method: 'marketplace',
      total_cents: 0,
      lines: [{ product_id: s.product_id, quantity: s.quantity, revenue_cents: null, cost_cents: 0 }],
    })),
  ];
  const firsts = [till.firstSale, ...history.shipped.map((s) => s.at)].filter((d): d is Date => d !== null);
  const first = firsts.length === 0 ? null : new Date(Math.min(...firsts.map((d) => d.getTime())));
  return aiInsights(
    {
      today: sastDate(now),
      vat_registered: till.vatRegistered,
      items: [...items.values()],
      sales,
      first_sale: first ? sastDate(first) : null,
    },
    new Set(dismissed.map((d) => d.key)),
  );
}

/** Dismisses one of the current recommendations (404 for a key that is not among them); a repeat is a no-op. */
export async function dismiss(db: Db, userId: number, key: string, now = new Date()): Promise<AiInsights> {
  const current = await insightsOf(db, userId, now);
  if (!current.recommendations.some((r) => r.key === key)) throw fail('ai_insights.not_found');
  await db.insert(aiInsightDismissals).values({ user_id: userId, key }).onConflictDoNothing();
  return insightsOf(db, userId, now);
}

/** Undoes a dismissal (a key not dismissed is a no-op: the card is back either way). */
export async function undismiss(db: Db, userId: number, key: string, now = new Date()): Promise<AiInsights> {
  await db
    .delete(aiInsightDismissals)
    .where(and(eq(aiInsightDismissals.user_id, userId), inArray(aiInsightDismissals.key, [key])));
  return insightsOf(db, userId, now);
}
