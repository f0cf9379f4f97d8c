import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { sastDate, type Order, type SubscriptionPlan } from '@tt/domain';
import { AppError } from '../src/platform/errors.ts';
import {
  postManualEntry,
  postMarketplaceDelivery,
  postOrderPayment,
  postPlanPayment,
  reportCents,
  reverseEntry,
} from '../src/features/ledger/service.ts';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import {
  insertCategory,
  insertProduct,
  insertUser,
  placeOrder as placeOrderFixture,
  STANDARD_DELIVERY_CENTS,
  vat15,
} from './support/marketplace.ts';

/** VAT inside a VAT-inclusive amount, amount x 15/115 rounded half up, in integers (independent of the domain). */
const vatInside = (cents: number) => Math.floor((cents * 30 + 115) / 230);

interface Line {
  account_code: number;
  debit_cents: number;
  credit_cents: number;
}

describe('automatic postings and the balance invariant', () => {
  let t: TestApp;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    category = await insertCategory(t.db, 'Books test', await insertCategory(t.db, 'Books dept'));
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  async function business(role: 'retailer' | 'supplier', vatNumber: string | null) {
    const id = await insertUser(t.db, role);
    if (vatNumber) await t.db.execute(sql`update users set gst_number = ${vatNumber} where id = ${id}`);
    return { id, cookie: await t.sessionFor(id) };
  }

  /** A buyer checks out `quantity` units at R12.34 from the seller, through the real checkout. */
  async function placeOrder(buyer: { cookie: string }, sellerId: number, quantity = 3): Promise<Order> {
    const productId = await insertProduct(t.db, {
      seller_id: sellerId,
      category_id: category,
      price_cents: 1234,
      stock: 50,
    });
    return placeOrderFixture(t.app, buyer.cookie, { productId, quantity, priceCents: 1234 });
  }

  async function deliver(orderId: number, sellerCookie: string) {
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) {
      const response = await inject('POST', `/api/orders/${orderId}/status`, sellerCookie, { status });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  const postedLines = async (businessId: number, source: string, orderId: number) =>
    rowsOf<{ account_code: number; debit_cents: number; credit_cents: number }>(
      await t.db.execute(sql`
        select l.account_code, l.debit_cents::int as debit_cents, l.credit_cents::int as credit_cents
        from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.business_id = ${businessId} and e.source = ${source} and e.source_id = ${orderId}
        order by l.id`),
    );
  const totalCents = (order: Order) => Math.round(order.total_amount * 100);

  it('a delivery posts no VAT for businesses without a VAT number', async () => {
    const seller = await business('supplier', null);
    const buyer = await business('retailer', null);
    const order = await placeOrder(buyer, seller.id);
    expect(await count(t.db, 'journal_entries', sql`source_id = ${order.id}`)).toBe(0);
    await deliver(order.id, seller.cookie);
    const total = totalCents(order);
    expect(await postedLines(buyer.id, 'marketplace_purchase', order.id)).toEqual([
      { account_code: 1200, debit_cents: total, credit_cents: 0 },
      { account_code: 2000, debit_cents: 0, credit_cents: total },
    ]);
    // The seller's goods leave the books at their weighted-average cost: a listing written straight into
    // the catalogue enters inventory on its first sale valued at its price (no cost was ever recorded).
    const cost = 1234 * 3;
    expect(await postedLines(seller.id, 'marketplace_sale', order.id)).toEqual([
      { account_code: 1100, debit_cents: total, credit_cents: 0 },
      { account_code: 4000, debit_cents: 0, credit_cents: total },
      { account_code: 5000, debit_cents: cost, credit_cents: 0 },
      { account_code: 1200, debit_cents: 0, credit_cents: cost },
    ]);
    const summary = (await inject('GET', '/api/finance/reports', buyer.cookie)).json() as {
      vat_registered: boolean;
      vat_summary: { output_vat: number; input_vat: number; net_payable: number };
    };
    expect(summary.vat_registered).toBe(false);
    expect(summary.vat_summary).toEqual({ output_vat: 0, input_vat: 0, net_payable: 0 });
  });

  it('a delivery posts VAT = amount x 15/115 for businesses with a VAT number, at what checkout charged', async () => {
    const seller = await business('supplier', '4123456789');
    const buyer = await business('retailer', '4987654321');
    const order = await placeOrder(buyer, seller.id, 7);
    await deliver(order.id, seller.cookie);
    const total = 1234 * 7 + vat15(1234 * 7) + STANDARD_DELIVERY_CENTS;
    expect(totalCents(order)).toBe(total);
    const vat = vatInside(total);
    expect(await postedLines(buyer.id, 'marketplace_purchase', order.id)).toEqual([
      { account_code: 1200, debit_cents: total - vat, credit_cents: 0 },
      { account_code: 1300, debit_cents: vat, credit_cents: 0 },
      { account_code: 2000, debit_cents: 0, credit_cents: total },
    ]);
    expect(await postedLines(seller.id, 'marketplace_sale', order.id)).toEqual([
      { account_code: 1100, debit_cents: total, credit_cents: 0 },
      { account_code: 4000, debit_cents: 0, credit_cents: total - vat },
      { account_code: 2100, debit_cents: 0, credit_cents: vat },
      { account_code: 5000, debit_cents: 1234 * 7, credit_cents: 0 },
      { account_code: 1200, debit_cents: 0, credit_cents: 1234 * 7 },
    ]);
    const sellerReports = (await inject('GET', '/api/finance/reports', seller.cookie)).json() as {
      vat_summary: { output_vat: number; input_vat: number; net_payable: number };
    };
    expect(sellerReports.vat_summary).toEqual({
      output_vat: vat / 100,
      input_vat: 0,
      net_payable: vat / 100,
    });
    const buyerReports = (await inject('GET', '/api/finance/reports', buyer.cookie)).json() as {
      vat_summary: { output_vat: number; input_vat: number; net_payable: number };
    };
    expect(buyerReports.vat_summary).toEqual({
      output_vat: 0,
      input_vat: vat / 100,
      net_payable: -vat / 100,
    });
  });

  it('the seller’s cost of sales posts only when the delivery is given a cost', async () => {
    const seller = await business('supplier', null);
    const buyer = await business('retailer', null);
    await t.db.transaction(async (tx) => {
      await postMarketplaceDelivery(tx, {
        orderId: 900_001,
        orderNumber: 'ORD-COST-1',
        buyerId: buyer.id,
        sellerId: seller.id,
        totalCents: 11_500,
        costCents: 7_000,
      });
    });
    expect(await postedLines(seller.id, 'marketplace_sale', 900_001)).toEqual([
      { account_code: 1100, debit_cents: 11_500, credit_cents: 0 },
      { account_code: 4000, debit_cents: 0, credit_cents: 11_500 },
      { account_code: 5000, debit_cents: 7_000, credit_cents: 0 },
      { account_code: 1200, debit_cents: 0, credit_cents: 7_000 },
    ]);
  });

  it('nothing posts for an order cancelled before delivery', async () => {
    const seller = await business('supplier', '4123456789');
    const buyer = await business('retailer', null);
    const order = await placeOrder(buyer, seller.id);
    const cancelled = await inject('POST', `/api/orders/${order.id}/cancel`, buyer.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const declined = await placeOrder(buyer, seller.id);
    expect(
      (await inject('POST', `/api/orders/${declined.id}/decline`, seller.cookie, { reason: 'Out of stock' }))
        .statusCode,
    ).toBe(200);
    expect(await count(t.db, 'journal_entries', sql`business_id in (${buyer.id}, ${seller.id})`)).toBe(0);
  });

  describe('POST /api/orders/:id/mark-paid', () => {
    it('the buyer marks a delivered order paid: the buyer pays its payable, the seller banks its receivable', async () => {
      const seller = await business('supplier', null);
      const buyer = await business('retailer', null);
      const order = await placeOrder(buyer, seller.id);
      await deliver(order.id, seller.cookie);
      const response = await inject('POST', `/api/orders/${order.id}/mark-paid`, buyer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as Order).paid_at).not.toBeNull();
      const total = totalCents(order);
      expect(await postedLines(buyer.id, 'order_payment', order.id)).toEqual([
        { account_code: 2000, debit_cents: total, credit_cents: 0 },
        { account_code: 1010, debit_cents: 0, credit_cents: total },
      ]);
      expect(await postedLines(seller.id, 'order_receipt', order.id)).toEqual([
        { account_code: 1010, debit_cents: total, credit_cents: 0 },
        { account_code: 1100, debit_cents: 0, credit_cents: total },
      ]);
      const sellerChart = (await inject('GET', '/api/finance/chart-of-accounts', seller.cookie)).json() as {
        accounts: { code: number; balance: number }[];
      };
      expect(sellerChart.accounts.find((a) => a.code === 1100)!.balance).toBe(0);
      expect(sellerChart.accounts.find((a) => a.code === 1010)!.balance).toBe(total / 100);
      expectError(
        await inject('POST', `/api/orders/${order.id}/mark-paid`, buyer.cookie),
        409,
        'order.already_paid',
      );
    });

    it('401 anonymous, 403 the seller, 404 another buyer, 409 not delivered, 400 a bad id; nothing written', async () => {
      const seller = await business('supplier', null);
      const buyer = await business('retailer', null);
      const stranger = await business('retailer', null);
      const order = await placeOrder(buyer, seller.id);
      const url = `/api/orders/${order.id}/mark-paid`;
      const before = await count(t.db, 'journal_entries');
      expectError(await inject('POST', url), 401);
      expectError(await inject('POST', url, seller.cookie), 403, 'order.buyer_only');
      expectError(await inject('POST', url, stranger.cookie), 404, 'order.not_found');
      expectError(await inject('POST', url, buyer.cookie), 409, 'order.not_delivered');
      expectError(await inject('POST', '/api/orders/x1/mark-paid', buyer.cookie), 400);
      expect(await count(t.db, 'journal_entries')).toBe(before);
      expect(await count(t.db, 'orders', sql`id = ${order.id} and paid_at is not null`)).toBe(0);
    });
  });

  it('a plan upgrade posts its fee: Subscription expense / Bank', async () => {
    const user = await business('retailer', null);
    const plans = (await inject('GET', '/api/subscription-plans', user.cookie)).json() as SubscriptionPlan[];
    const trader = plans.find((p) => p.tier === 'trader')!;
    const response = await inject('POST', '/api/subscription/upgrade', user.cookie, {
      plan_id: trader.id,
      billing_period: 'monthly',
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = rowsOf<Line & { source: string; entry_date: string }>(
      await t.db.execute(sql`
        select e.source, e.entry_date::text as entry_date, l.account_code,
          l.debit_cents::int as debit_cents, l.credit_cents::int as credit_cents
        from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.business_id = ${user.id} order by l.id`),
    );
    const fee = Math.round(trader.price_monthly * 100);
    expect(rows).toEqual([
      {
        source: 'plan_payment',
        entry_date: sastDate(),
        account_code: 5200,
        debit_cents: fee,
        credit_cents: 0,
      },
      {
        source: 'plan_payment',
        entry_date: sastDate(),
        account_code: 1010,
        debit_cents: 0,
        credit_cents: fee,
      },
    ]);
  });

  it('property: every posted journal balances and the trial balance sums to zero, for any sequence of purchases, sales, payments, reversals and manual entries', async () => {
    const codes = [1000, 1010, 1020, 1100, 1200, 1300, 2000, 2100, 3000, 4000, 5000, 5100, 5200, 5300];
    const cents = fc.integer({ min: 1, max: 2_000_000_000 });
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('delivery' as const),
        buyer: fc.nat(2),
        seller: fc.nat(2),
        total: cents,
        cost: fc.option(cents, { nil: undefined }),
      }),
      fc.record({ kind: fc.constant('payment' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('plan' as const), who: fc.nat(2), amount: cents }),
      fc.record({
        kind: fc.constant('manual' as const),
        who: fc.nat(2),
        debits: fc.array(fc.tuple(fc.constantFrom(...codes), fc.integer({ min: 1, max: 50_000_000 })), {
          minLength: 1,
          maxLength: 4,
        }),
        creditCodes: fc.array(fc.constantFrom(...codes), { minLength: 1, maxLength: 3 }),
      }),
      fc.record({
        kind: fc.constant('unbalanced' as const),
        who: fc.nat(2),
        debit: fc.integer({ min: 1, max: 50_000_000 }),
        off: fc.integer({ min: 1, max: 1000 }),
      }),
      fc.record({ kind: fc.constant('reverse' as const), who: fc.nat(2), pick: fc.nat() }),
    );
    let orderSerial = 800_000_000;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
        runs += 1;
        // Three fresh businesses a run: one VAT registered, two not.
        const ids = [
          (await business('retailer', '4111111111')).id,
          (await business('supplier', null)).id,
          (await business('retailer', null)).id,
        ];
        const delivered: { orderId: number; buyerId: number; sellerId: number; total: number }[] = [];
        for (const a of actions) {
          switch (a.kind) {
            case 'delivery': {
              if (a.buyer === a.seller) break;
              orderSerial += 1;
              const posting = {
                orderId: orderSerial,
                orderNumber: `ORD-P-${orderSerial}`,
                buyerId: ids[a.buyer]!,
                sellerId: ids[a.seller]!,
                totalCents: a.total,
                ...(a.cost !== undefined ? { costCents: a.cost } : {}),
              };
              await t.db.transaction((tx) => postMarketplaceDelivery(tx, posting));
              delivered.push({
                orderId: orderSerial,
                buyerId: posting.buyerId,
                sellerId: posting.sellerId,
                total: a.total,
              });
              break;
            }
            case 'payment': {
              const order = delivered.splice(a.pick % Math.max(delivered.length, 1), 1)[0];
              if (!order) break;
              await t.db.transaction((tx) =>
                postOrderPayment(tx, {
                  ...order,
                  orderNumber: `ORD-P-${order.orderId}`,
                  totalCents: order.total,
                }),
              );
              break;
            }
            case 'plan':
              orderSerial += 1;
              await t.db.transaction((tx) =>
                postPlanPayment(tx, {
                  businessId: ids[a.who]!,
                  changeId: orderSerial,
                  planName: 'Trader',
                  amountCents: a.amount,
                }),
              );
              break;
            case 'manual': {
              // Debits on random accounts; the same total split over the credit accounts.
              const total = a.debits.reduce((s, [, c]) => s + c, 0);
              const share = Math.floor(total / a.creditCodes.length);
              const credits = a.creditCodes.map((code, i) => ({
                account_code: code,
                credit: (i === 0 ? total - share * (a.creditCodes.length - 1) : share) / 100,
              }));
              if (credits.some((c) => c.credit <= 0)) break;
              await postManualEntry(t.db, ids[a.who]!, {
                entry_date: sastDate(),
                reference: 'PROP',
                description: 'Property test',
                lines: [...a.debits.map(([code, c]) => ({ account_code: code, debit: c / 100 })), ...credits],
              });
              break;
            }
            case 'unbalanced': {
              const before = await count(t.db, 'journal_entries');
              await expect(
                postManualEntry(t.db, ids[a.who]!, {
                  entry_date: sastDate(),
                  reference: 'BAD',
                  description: 'Does not balance',
                  lines: [
                    { account_code: 5300, debit: a.debit / 100 },
                    { account_code: 1010, credit: (a.debit + a.off) / 100 },
                  ],
                }),
              ).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'ledger.unbalanced');
              expect(await count(t.db, 'journal_entries')).toBe(before);
              break;
            }
            case 'reverse': {
              const candidates = rowsOf<{ id: number }>(
                await t.db.execute(sql`
                  select e.id from journal_entries e
                  where e.business_id = ${ids[a.who]!} and e.reverses_id is null
                    and not exists (select 1 from journal_entries r where r.reverses_id = e.id)
                  order by e.id`),
              );
              const target = candidates[a.pick % Math.max(candidates.length, 1)];
              if (target) await reverseEntry(t.db, ids[a.who]!, target.id);
              break;
            }
          }
        }
        // Every entry of these businesses balances, with at least two lines, each on one side.
        const unbalanced = rowsOf<{ id: number }>(
          await t.db.execute(sql`
            select e.id from journal_entries e join journal_lines l on l.entry_id = e.id
            where e.business_id in (${ids[0]!}, ${ids[1]!}, ${ids[2]!})
            group by e.id
            having sum(l.debit_cents) <> sum(l.credit_cents) or count(*) < 2`),
        );
        expect(unbalanced).toEqual([]);
        // Each business's trial balance sums to zero and its balance sheet balances.
        const range = { from: '2000-01-01', to: sastDate() };
        for (const id of ids) {
          const r = await reportCents(t.db, id, range);
          expect(r.trial.total_debit - r.trial.total_credit).toBe(0);
          expect(r.totalAssets).toBe(r.totalLiabilities + r.totalEquity);
        }
      }),
      { numRuns: 25, seed: 20261123 },
    );
    expect(runs).toBeGreaterThanOrEqual(25);
  });
});
