import { describe, expect, it } from 'vitest';
import {
  addDays,
  aiInsights,
  changePercent,
  confidencePercent,
  daysLeftBucket,
  daysOfStock,
  doublingBucket,
  forecastSum,
  impactOf,
  marginPercent,
  monthComparisonRange,
  netOfVat,
  observedDays,
  runOutDate,
  salesRate,
  weekdayForecasts,
  weekdayOf,
  type InsightInput,
  type InsightItem,
  type InsightSale,
} from './ai-insights.ts';

describe('the rules behind AI insights', () => {
  it('counts the observed days from the first sale, at most the window, today included', () => {
    expect(observedDays(null, '2026-12-01')).toBe(0);
    expect(observedDays('2026-12-01', '2026-12-01')).toBe(1);
    expect(observedDays('2026-11-22', '2026-12-01')).toBe(10);
    expect(observedDays('2026-01-01', '2026-12-01')).toBe(28);
    expect(observedDays('2026-12-02', '2026-12-01')).toBe(0);
  });

  it('gives a rate in units a day and the days of stock it leaves', () => {
    expect(salesRate(56, 28)).toBe(2);
    expect(salesRate(5, 0)).toBe(0);
    expect(daysOfStock(10, 2)).toBe(5);
    expect(daysOfStock(-3, 2)).toBe(0);
    expect(daysOfStock(10, 0)).toBeNull();
    expect(runOutDate('2026-12-01', 11, 2)).toBe('2026-12-06');
    expect(runOutDate('2026-12-01', 0, 2)).toBe('2026-12-01');
    expect(runOutDate('2026-12-01', 5, 0)).toBeNull();
  });

  it('grows confidence with the days of sales and the days the item sold, never past 95', () => {
    expect(confidencePercent(0, 0)).toBe(30);
    expect(confidencePercent(14, 7)).toBe(63);
    expect(confidencePercent(28, 14)).toBe(95);
    expect(confidencePercent(100, 100)).toBe(95);
    expect(confidencePercent(28, 1)).toBeLessThan(confidencePercent(28, 10));
  });

  it('judges impact on the rand at stake', () => {
    expect(impactOf(50_000)).toBe('high');
    expect(impactOf(49_999)).toBe('medium');
    expect(impactOf(15_000)).toBe('medium');
    expect(impactOf(14_999)).toBe('low');
    expect(impactOf(0)).toBe('low');
  });

  it('takes VAT out of a registered shop’s till price and works out margins', () => {
    expect(netOfVat(11_500, true)).toBe(10_000);
    expect(netOfVat(11_500, false)).toBe(11_500);
    expect(marginPercent(10_000, 7_500)).toBe(25);
    expect(marginPercent(0, 100)).toBeNull();
  });

  it('buckets figures so a dismissed card returns only when they change materially', () => {
    expect(doublingBucket(0)).toBe(0);
    expect(doublingBucket(300)).toBe(doublingBucket(500));
    expect(doublingBucket(300)).not.toBe(doublingBucket(600));
    expect([0.5, 2, 4, 6].map(daysLeftBucket)).toEqual([0, 1, 2, 3]);
  });

  it('compares this month’s completed days with the same days of last month', () => {
    expect(monthComparisonRange('2026-12-01')).toBeNull();
    expect(monthComparisonRange('2026-12-02')).toEqual({
      days: 1,
      this_month_from: '2026-12-01',
      this_month_to: '2026-12-01',
      last_month_from: '2026-11-01',
      last_month_to: '2026-11-01',
    });
    expect(monthComparisonRange('2026-12-16')).toMatchObject({ days: 15, last_month_to: '2026-11-15' });
    // 31 March against February stops at February's last day; January rolls back a year.
    expect(monthComparisonRange('2027-03-31')).toMatchObject({ days: 30, last_month_to: '2027-02-28' });
    expect(monthComparisonRange('2027-01-10')).toMatchObject({
      last_month_from: '2026-12-01',
      last_month_to: '2026-12-09',
    });
    expect(changePercent(100, 150)).toBe(50);
    expect(changePercent(0, 150)).toBeNull();
  });

  it('forecasts a weekday from the same weekdays, with their lowest and highest as the range', () => {
    expect(weekdayOf('2026-11-30')).toBe(0); // a Monday
    expect(weekdayOf('2026-12-06')).toBe(6);
    const days = Array.from({ length: 14 }, (_, i) => addDays('2026-11-16', i));
    const daily = new Map(days.map((d, i) => [d, weekdayOf(d) === 0 ? (i < 7 ? 1_000 : 3_000) : 500]));
    daily.delete('2026-11-18'); // a day without sales counts as nothing sold
    const forecasts = weekdayForecasts(daily, days);
    expect(forecasts.get(0)).toEqual({ expected: 2_000, low: 1_000, high: 3_000, samples: 2 });
    expect(forecasts.get(2)).toEqual({ expected: 250, low: 0, high: 500, samples: 2 });
    expect(forecastSum(forecasts, '2026-11-30', 7)).toEqual({
      expected: 2_000 + 250 + 5 * 500,
      low: 1_000 + 0 + 5 * 500,
      high: 3_000 + 500 + 5 * 500,
    });
    expect(forecastSum(weekdayForecasts(daily, days.slice(0, 3)), '2026-11-30', 7)).toBeNull();
  });
});

describe('aiInsights', () => {
  const today = '2026-12-10';
  const item = (over: Partial<InsightItem> & { product_id: number }): InsightItem => ({
    name: `Item ${over.product_id}`,
    sku: `SKU-${over.product_id}`,
    marketplace_product_id: null,
    available: 100,
    unit_cost_cents: 1_000,
    price_cents: 1_500,
    stocked_since: '2026-09-01',
    ...over,
  });
  const sale = (
    date: string,
    product_id: number,
    quantity: number,
    unitPrice: number,
    unitCost: number,
    method = 'cash',
  ): InsightSale => ({
    date,
    payment_method: method,
    total_cents: quantity * unitPrice,
    lines: [{ product_id, quantity, revenue_cents: quantity * unitPrice, cost_cents: quantity * unitCost }],
  });
  // 29 days of sales (28 full days before today): bread 2 a day (5 left), milk 1 a day, and sweets once long ago.
  const sales: InsightSale[] = [];
  for (let i = 0; i <= 28; i += 1) {
    const day = addDays(today, -i);
    sales.push(sale(day, 1, 2, 1_500, 1_000, i % 4 === 0 ? 'card' : 'cash'));
    sales.push(sale(day, 2, 1, 2_000, 1_900));
  }
  sales.push(sale(addDays(today, -60), 3, 1, 500, 100));
  const input: InsightInput = {
    today,
    vat_registered: false,
    first_sale: addDays(today, -60),
    sales,
    items: [
      item({ product_id: 1, name: 'Bread', available: 5, marketplace_product_id: 77 }),
      item({ product_id: 2, name: 'Milk', price_cents: 2_000, unit_cost_cents: 1_900, available: 200 }),
      item({ product_id: 3, name: 'Sweets', available: 400, unit_cost_cents: 100, price_cents: 500 }),
      item({ product_id: 4, name: 'Paraffin', available: 10, unit_cost_cents: 2_100, price_cents: 2_000 }),
    ],
  };

  it('recommends reordering what runs out within the lead time, with its figures', () => {
    const result = aiInsights(input);
    const reorder = result.recommendations.find((r) => r.kind === 'reorder')!;
    expect(reorder).toMatchObject({
      key: 'reorder:1:2',
      type: 'inventory',
      product_id: 1,
      confidence: 95,
      figures: { available: 5, rate: 2, days_left: 2.5, run_out: '2026-12-12', order_quantity: 37 },
      action: { screen: 'marketplace', search: 'Bread' },
      dismissed: false,
    });
    // Two a day at R15 for 30 days.
    expect(reorder.at_stake).toBe(900);
    expect(reorder.impact).toBe('high');
    expect(result.recommendations.filter((r) => r.kind === 'reorder')).toHaveLength(1);
  });

  it('flags a till price under cost, and a margin far under the shop’s average', () => {
    const result = aiInsights(input);
    const below = result.recommendations.find((r) => r.kind === 'below_cost')!;
    expect(below).toMatchObject({
      product_id: 4,
      type: 'pricing',
      figures: { price: 20, unit_cost: 21, loss_per_unit: 1, units: 0 },
      action: { screen: 'till_prices', search: 'Paraffin' },
    });
    // It has not sold: the loss on the 10 in stock.
    expect(below.at_stake).toBe(10);
    const low = result.recommendations.find((r) => r.kind === 'low_margin')!;
    // Shop: (84000 + 56000 takings, 56000 + 53200 cost) -> 22%; milk 5%.
    expect(low).toMatchObject({ product_id: 2, figures: { margin_percent: 5, shop_margin_percent: 22 } });
    expect(low.key).toBe('low_margin:2:1');
  });

  it('sums the stock not sold for 30 days as cash tied up', () => {
    const slow = aiInsights(input).recommendations.find((r) => r.kind === 'slow_stock')!;
    // Sweets (400 x R1) last sold 60 days ago; paraffin (never sold, stocked in September) 10 x R21.
    expect(slow.figures).toMatchObject({ items: 2, value: 610, top: 'Sweets, Paraffin' });
    expect(slow.product_id).toBeNull();
    // A shop that has sold for fewer than 30 days cannot tell slow stock yet.
    const young = aiInsights({ ...input, first_sale: addDays(today, -20) });
    expect(young.recommendations.some((r) => r.kind === 'slow_stock')).toBe(false);
  });

  it('marks the dismissed and orders by impact, then rand at stake', () => {
    const result = aiInsights(input, new Set(['reorder:1:2']));
    expect(result.recommendations.find((r) => r.kind === 'reorder')!.dismissed).toBe(true);
    const ranks = result.recommendations.map((r) => ['high', 'medium', 'low'].indexOf(r.impact));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('shows the patterns: weekdays, top items, payment methods and the month so far', () => {
    const { insights } = aiInsights(input);
    expect(insights.takings).toBe(28 * 50);
    expect(insights.sales).toBe(56);
    expect(insights.top_by_takings.map((i) => i.name)).toEqual(['Bread', 'Milk']);
    expect(insights.top_by_profit[0]).toMatchObject({
      name: 'Bread',
      gross_profit: 280,
      margin_percent: 33.3,
    });
    expect(insights.payment_methods[0]).toMatchObject({ method: 'cash', sales: 49 });
    expect(insights.payment_methods.reduce((n, m) => n + m.takings, 0)).toBe(28 * 50);
    // The 1st to the 9th of December against the 1st to the 9th of November (only 9 - 12 = none before the 12th).
    expect(insights.month).toMatchObject({
      days: 9,
      this_month: 9 * 50,
      last_month: 0,
      change_percent: null,
    });
    expect(insights.weekdays).toHaveLength(7);
  });

  it('forecasts the next 7 and 30 days and when each item runs out', () => {
    const { predictions } = aiInsights(input);
    expect(predictions.days).toBe(28);
    expect(predictions.next_7).toEqual({ expected: 350, low: 350, high: 350 });
    expect(predictions.next_30?.expected).toBe(1_500);
    expect(predictions.daily).toHaveLength(7);
    expect(predictions.run_out.map((r) => [r.name, r.date])).toEqual([
      ['Bread', '2026-12-12'],
      ['Milk', '2027-06-28'],
    ]);
  });

  it('has nothing to say without sales, and no forecast with under a week of them', () => {
    const none = aiInsights({ ...input, sales: [], first_sale: null });
    expect(none.has_sales).toBe(false);
    expect(none.recommendations.filter((r) => r.kind !== 'below_cost')).toEqual([]);
    expect(none.predictions.next_7).toBeNull();
    const week = aiInsights({ ...input, sales: sales.slice(0, 8), first_sale: addDays(today, -3) });
    expect(week.predictions.next_7).toBeNull();
    expect(week.days).toBe(4);
  });
});
