import {
  addTo,
  analyticsPeriod,
  ANALYTICS_PRODUCTS_MAX,
  ANALYTICS_REGIONS_MAX,
  ANALYTICS_TOP_CUSTOMERS,
  ANALYTICS_TRANSACTIONS_PAGE,
  booksByDay,
  CHART_OF_ACCOUNTS,
  can,
  centsToRand,
  compareDays,
  dayStart,
  isNewCustomer,
  marginPercent,
  netOfVat,
  projectPeriod,
  randCompared,
  randRange,
  repeatRate,
  sastDate,
  seriesOf,
  sumDays,
  type AnalyticsPeriod,
  type AnalyticsSource,
  type AnalyticsTimeframe,
  type BusinessAnalytics,
  type Cents,
  type FinancialAnalytics,
  type JournalList,
  type Role,
} from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { placesOf, userSummaries } from '../auth/service.ts';
import { dailyAccountTotals, dailyCashFlow, listEntries } from '../ledger/service.ts';
import { partyOrderTotals, partyProductSales, sellerCustomers } from '../orders/service.ts';
import { tillHistory } from '../pos/service.ts';

interface Caller {
  id: number;
  role: Role;
}

/** More buyers than a township seller has in a year: the customer figures are counted over at most these. */
const CUSTOMERS_READ_MAX = 1_000;

/** The days the answers read: from the previous period's compared days (or the period's first day) to today. */
const readRange = (period: AnalyticsPeriod) => ({
  from: period.comparison?.previous_from ?? period.from,
  to: period.to,
});

const dailyOf = (byDay: Map<string, { total_cents: number }>) =>
  new Map([...byDay].map(([day, t]) => [day, t.total_cents]));

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Business intelligence (ADR 056): the caller's marketplace sales as a seller, till sales and purchases as a
 * buyer, each read through its owner's functions, over the timeframe so far (today included).
 */
export async function businessAnalytics(
  db: Db,
  caller: Caller,
  timeframe: AnalyticsTimeframe,
  now = new Date(),
): Promise<BusinessAnalytics> {
  const period = analyticsPeriod(timeframe, sastDate(now));
  const read = readRange(period);
  const readFrom = dayStart(read.from);
  const periodFrom = dayStart(period.from);
  const sells = can(caller.role, 'orders.sell');
  const buys = can(caller.role, 'orders.place');
  const keepsTill = can(caller.role, 'inventory.manage');
  const [sold, bought, till, products, customers] = await Promise.all([
    sells ? partyOrderTotals(db, { side: 'seller', id: caller.id }, 'day', readFrom, now) : null,
    buys ? partyOrderTotals(db, { side: 'buyer', id: caller.id }, 'day', readFrom, now) : null,
    keepsTill ? tillHistory(db, caller.id, readFrom) : null,
    sells
      ? partyProductSales(db, { side: 'seller', id: caller.id }, periodFrom, now, ANALYTICS_PRODUCTS_MAX)
      : [],
    sells ? sellerCustomers(db, caller.id, periodFrom, now, CUSTOMERS_READ_MAX) : [],
  ]);

  // Till sales per day, and per item over the period with their cost.
  const tillDaily = new Map<string, Cents>();
  const tillCount = new Map<string, number>();
  const items = new Map<number, { units: number; cents: Cents; net: Cents; cost: Cents }>();
  for (const sale of till?.sales ?? []) {
    const day = sastDate(new Date(sale.at));
    addTo(tillDaily, day, sale.total_cents);
    addTo(tillCount, day, 1);
    if (day < period.from) continue;
    for (const line of sale.lines) {
      const item = items.get(line.product_id) ?? { units: 0, cents: 0, net: 0, cost: 0 };
      const cents = line.quantity * line.unit_price_cents;
      item.units += line.quantity;
      item.cents += cents;
      item.net += netOfVat(cents, till!.vatRegistered);
      item.cost += line.quantity * line.unit_cost_cents;
      items.set(line.product_id, item);
    }
  }
  const marketDaily = sold ? dailyOf(sold.byBucket) : new Map<string, Cents>();
  const buyDaily = bought ? dailyOf(bought.byBucket) : new Map<string, Cents>();
  const revenueDaily = new Map(marketDaily);
  for (const [day, cents] of tillDaily) addTo(revenueDaily, day, cents);

  const sources: AnalyticsSource[] = [];
  if (sells) sources.push('marketplace');
  if (keepsTill && (!sells || tillDaily.size > 0)) sources.push('till');
  if (buys) sources.push('purchases');

  const inPeriod = (daily: Map<string, Cents>) => sumDays(daily, period.from, period.to);
  const orders = sold
    ? [...sold.byBucket].reduce((n, [d, t]) => (d >= period.from ? n + t.orders - t.cancelled : n), 0)
    : 0;
  const tillTransactions = inPeriod(tillCount);
  const revenue = inPeriod(revenueDaily);
  const sales = orders + tillTransactions;

  // Customers: the seller's buyers in the period, new (first order from this seller in it) or returning.
  const [names, places] = await Promise.all([
    userSummaries(
      db,
      customers.slice(0, ANALYTICS_TOP_CUSTOMERS).map((c) => c.buyer_id),
    ),
    placesOf(
      db,
      customers.map((c) => c.buyer_id),
    ),
  ]);
  const newCount = customers.filter((c) => isNewCustomer(sastDate(c.first_order_at), period)).length;
  const regions = new Map<
    string,
    { province: string | null; city: string | null; customers: number; orders: number; cents: Cents }
  >();
  for (const c of customers) {
    const place = places.get(c.buyer_id) ?? { province: null, city: null };
    const province = place.province?.trim() || null;
    const city = place.city?.trim() || null;
    const key = `${province ?? ''}\u0000${city ?? ''}`;
    const region = regions.get(key) ?? { province, city, customers: 0, orders: 0, cents: 0 };
    region.customers += 1;
    region.orders += c.orders;
    region.cents += c.cents;
    regions.set(key, region);
  }

  const marketSeries = seriesOf(marketDaily, period);
  const tillSeries = seriesOf(tillDaily, period);
  const buySeries = seriesOf(buyDaily, period);
  return {
    period,
    sources,
    has_data: revenue > 0 || inPeriod(buyDaily) > 0 || sales > 0,
    overview: {
      revenue: centsToRand(revenue),
      marketplace_sales: centsToRand(inPeriod(marketDaily)),
      till_sales: centsToRand(inPeriod(tillDaily)),
      purchases: centsToRand(inPeriod(buyDaily)),
      orders,
      till_transactions: tillTransactions,
      average_sale: sales === 0 ? null : centsToRand(Math.round(revenue / sales)),
      customers: customers.length,
      revenue_compared: randCompared(compareDays(revenueDaily, period)),
    },
    sales: [...marketSeries.keys()].map((label) => {
      const marketplace = marketSeries.get(label) ?? 0;
      const t = tillSeries.get(label) ?? 0;
      return {
        label,
        marketplace: centsToRand(marketplace),
        till: centsToRand(t),
        total: centsToRand(marketplace + t),
        purchases: centsToRand(buySeries.get(label) ?? 0),
      };
    }),
    customers: {
      total: customers.length,
      new: newCount,
      returning: customers.length - newCount,
      repeat_rate: repeatRate(customers.map((c) => c.orders)),
      top: customers.slice(0, ANALYTICS_TOP_CUSTOMERS).map((c) => ({
        buyer_id: c.buyer_id,
        name: names.get(c.buyer_id)?.display_name ?? '',
        orders: c.orders,
        spent: centsToRand(c.cents),
        is_new: isNewCustomer(sastDate(c.first_order_at), period),
      })),
    },
    products: [
      ...products.map((p) => ({
        source: 'marketplace' as const,
        product_id: p.product_id,
        name: p.name,
        units: p.units,
        cents: p.revenue_cents,
        margin_percent: null,
      })),
      ...[...items].map(([id, item]) => {
        const margin = marginPercent(item.net, item.cost);
        return {
          source: 'till' as const,
          product_id: id,
          name: till?.names.get(id) ?? '',
          units: item.units,
          cents: item.cents,
          margin_percent: margin === null ? null : round1(margin),
        };
      }),
    ]
      .sort((a, b) => b.cents - a.cents || a.source.localeCompare(b.source) || a.product_id - b.product_id)
      .slice(0, ANALYTICS_PRODUCTS_MAX)
      .map(({ cents, ...p }) => ({ ...p, revenue: centsToRand(cents) })),
    regions: [...regions.values()]
      .sort((a, b) => b.cents - a.cents || b.customers - a.customers)
      .slice(0, ANALYTICS_REGIONS_MAX)
      .map(({ cents, ...r }) => ({ ...r, revenue: centsToRand(cents) })),
  };
}

const NAME_OF = new Map<number, string>(CHART_OF_ACCOUNTS.map((a) => [a.code, a.name]));

/** Financial analytics (ADR 056): the caller's own books over the timeframe so far, by entry date. */
export async function financialAnalytics(
  db: Db,
  caller: Caller,
  timeframe: AnalyticsTimeframe,
  now = new Date(),
): Promise<FinancialAnalytics> {
  const period = analyticsPeriod(timeframe, sastDate(now));
  const read = readRange(period);
  // The projection averages the 28 completed days before today, which may reach before the compared days.
  const projectionFrom = new Date(dayStart(period.to).getTime() - 28 * 86_400_000);
  const from = sastDate(projectionFrom) < read.from ? sastDate(projectionFrom) : read.from;
  const [books, cash] = await Promise.all([
    dailyAccountTotals(db, caller.id, { from, to: period.to }),
    dailyCashFlow(db, caller.id, { from: period.from, to: period.to }),
  ]);
  const { income, expenses, byAccount } = booksByDay(books.rows);
  const profit = new Map(income);
  for (const [day, cents] of expenses) addTo(profit, day, -cents);
  const inPeriod = (daily: Map<string, Cents>) => sumDays(daily, period.from, period.to);
  const totalExpenses = inPeriod(expenses);
  const cashIn = seriesOf(cash.cashIn, period);
  const cashOut = seriesOf(cash.cashOut, period);
  const incomeProjection = projectPeriod(income, books.firstDay, period);
  const expenseProjection = projectPeriod(expenses, books.firstDay, period);
  const projected = (p: typeof incomeProjection) =>
    p && {
      rest_of_period: randRange(p.rest_of_period),
      period_total: randRange(p.period_total),
      next_period: randRange(p.next_period),
    };
  return {
    period,
    has_data: books.rows.some((r) => r.day >= period.from) || cash.cashIn.size + cash.cashOut.size > 0,
    overview: {
      income: centsToRand(inPeriod(income)),
      expenses: centsToRand(totalExpenses),
      profit: centsToRand(inPeriod(profit)),
      income_compared: randCompared(compareDays(income, period)),
      expenses_compared: randCompared(compareDays(expenses, period)),
      profit_compared: randCompared(compareDays(profit, period)),
    },
    cash_flow: [...cashIn.keys()].map((label) => {
      const cin = cashIn.get(label) ?? 0;
      const cout = cashOut.get(label) ?? 0;
      return { label, cash_in: centsToRand(cin), cash_out: centsToRand(cout), net: centsToRand(cin - cout) };
    }),
    expenses: [...byAccount]
      .map(([code, daily]) => ({ code, cents: inPeriod(daily) }))
      .filter((e) => e.cents !== 0)
      .sort((a, b) => b.cents - a.cents || a.code - b.code)
      .map((e) => ({
        code: e.code,
        name: NAME_OF.get(e.code) ?? String(e.code),
        amount: centsToRand(e.cents),
        share: totalExpenses === 0 ? 0 : round1((e.cents / totalExpenses) * 100),
      })),
    projections: {
      days: incomeProjection?.days ?? expenseProjection?.days ?? 0,
      income: projected(incomeProjection),
      expenses: projected(expenseProjection),
    },
  };
}

/** The transactions tab: the journal entries dated in the timeframe so far, a page at a time (ADR 046). */
export async function analyticsTransactions(
  db: Db,
  caller: Caller,
  timeframe: AnalyticsTimeframe,
  page: number,
  now = new Date(),
): Promise<JournalList> {
  const period = analyticsPeriod(timeframe, sastDate(now));
  return listEntries(db, caller.id, { from: period.from, to: period.to }, page, ANALYTICS_TRANSACTIONS_PAGE);
}
