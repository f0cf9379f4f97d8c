import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  saleRequest,
  type InventoryProduct,
  type InventoryLocation,
  type PaymentMethod,
  type PosCatalogue,
  type PosProduct,
  type PosTransaction,
  type PosTransactionList,
} from '@tt/domain';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

/** VAT inside a VAT-inclusive amount, amount x 15/115 rounded half up, in integers (independent of the domain). */
const vatInside = (cents: number) => Math.floor((cents * 30 + 115) / 230);

describe('point of sale', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  /** A new shop with one own item in stock at its default location (cost R10.00 a unit). */
  async function newShop(options: { vatNumber?: string; stock?: number; costCents?: number } = {}) {
    const userId = await insertUser(t.db, 'retailer');
    if (options.vatNumber) {
      await t.db.execute(sql`update users set gst_number = ${options.vatNumber} where id = ${userId}`);
    }
    const cookie = await t.sessionFor(userId);
    const [location] = (
      await inject('GET', '/api/inventory/locations', cookie)
    ).json() as InventoryLocation[];
    const created = await inject('POST', '/api/inventory/products', cookie, {
      name: 'Sunlight soap 175g',
      sku: `SOAP-${userId}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as InventoryProduct;
    const stock = options.stock ?? 20;
    if (stock > 0) {
      const moved = await inject('POST', '/api/inventory/movements', cookie, {
        product_id: product.id,
        location_id: location!.id,
        movement_type: 'in',
        quantity: stock,
        unit_cost: (options.costCents ?? 1000) / 100,
      });
      expect(moved.statusCode, moved.body).toBe(201);
    }
    return { userId, cookie, product, location: location! };
  }

  const catalogue = async (cookie: string) => {
    const response = await inject('GET', '/api/pos/products', cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PosCatalogue;
  };
  const tillProduct = async (cookie: string, id: number) =>
    (await catalogue(cookie)).products.find((p) => p.id === id)!;

  function sale(
    product: Pick<PosProduct, 'id' | 'price'>,
    quantity: number,
    extra: {
      discountPercent?: number;
      vatRegistered?: boolean;
      method?: PaymentMethod;
      tenderedCents?: number;
      offline?: boolean;
      clientSaleId?: string;
      receiptNumber?: string;
      priceCents?: number;
    } = {},
  ) {
    return saleRequest({
      clientSaleId: extra.clientSaleId ?? randomUUID(),
      receiptNumber: extra.receiptNumber ?? null,
      lines: [
        {
          product_id: product.id,
          quantity,
          unit_price_cents: extra.priceCents ?? Math.round(product.price * 100),
        },
      ],
      discountPercent: extra.discountPercent ?? 0,
      vatRegistered: extra.vatRegistered ?? false,
      paymentMethod: extra.method ?? 'cash',
      amountTenderedCents: extra.tenderedCents ?? null,
      offline: extra.offline ?? false,
    });
  }
  const pay = (cookie: string, body: object) => inject('POST', '/api/pos/process-payment', cookie, body);

  const postedLines = async (businessId: number, saleId: number) =>
    rowsOf<{ account_code: number; debit_cents: number; credit_cents: number }>(
      await t.db.execute(sql`
        select l.account_code, l.debit_cents::int as debit_cents, l.credit_cents::int as credit_cents
        from journal_lines l join journal_entries e on e.id = l.entry_id
        where e.business_id = ${businessId} and e.source = 'pos_sale' and e.source_id = ${saleId}
        order by l.id`),
    );
  const quantityOf = async (productId: number) =>
    rowsOf<{ q: number }>(
      await t.db.execute(
        sql`select quantity as q from inventory_items where inventory_product_id = ${productId}`,
      ),
    )[0]!.q;
  const written = async () => ({
    sales: await count(t.db, 'pos_sales'),
    movements: await count(t.db, 'inventory_movements'),
    entries: await count(t.db, 'journal_entries'),
    prices: await count(t.db, 'pos_prices'),
    settings: await count(t.db, 'pos_settings'),
  });

  describe('GET /api/pos/products', () => {
    it("lists the shop's stock at default prices (cost plus the 30% markup), with the shop for the receipt", async () => {
      const shop = await newShop({ costCents: 1000 });
      const till = await catalogue(shop.cookie);
      expect(till.markup_percent).toBe(30);
      expect(till.shop).toMatchObject({ vat_number: null, vat_registered: false });
      expect(till.shop.name).not.toBe('');
      expect(till.products).toEqual([
        expect.objectContaining({
          id: shop.product.id,
          name: 'Sunlight soap 175g',
          price: 13,
          price_is_default: true,
          unit_cost: 10,
          available: 20,
        }),
      ]);
    });

    it('gives the demo shop its marketplace goods with brand and picture', async () => {
      const till = await catalogue(await t.login('retailer'));
      expect(till.products.some((p) => p.brand !== null)).toBe(true);
    });

    it('refuses anonymous (401) and staff without a shop (403)', async () => {
      expectError(await inject('GET', '/api/pos/products'), 401, 'unauthorized');
      expectError(await inject('GET', '/api/pos/products', admin), 403, 'pos.business_only');
    });
  });

  describe('PUT /api/pos/settings and /api/pos/products/:id/price', () => {
    it('the markup moves default prices; an own price wins until cleared', async () => {
      const shop = await newShop({ costCents: 999 });
      const saved = await inject('PUT', '/api/pos/settings', shop.cookie, { markup_percent: 50 });
      expect(saved.statusCode, saved.body).toBe(200);
      // 9.99 x 1.5 = 14.985, rounded up to the cent.
      expect((saved.json() as PosCatalogue).products[0]!.price).toBe(14.99);

      const own = await inject('PUT', `/api/pos/products/${shop.product.id}/price`, shop.cookie, {
        price: 17.5,
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({ price: 17.5, price_is_default: false });
      expect(await tillProduct(shop.cookie, shop.product.id)).toMatchObject({ price: 17.5 });

      const cleared = await inject('PUT', `/api/pos/products/${shop.product.id}/price`, shop.cookie, {
        price: null,
      });
      expect(cleared.json()).toMatchObject({ price: 14.99, price_is_default: true });
    });

    it('refuses anonymous (401), staff (403), bad input (400) and another shop’s item (404), writing nothing', async () => {
      const shop = await newShop();
      const other = await newShop();
      const before = await written();
      expectError(await inject('PUT', '/api/pos/settings', undefined, { markup_percent: 10 }), 401);
      expectError(
        await inject('PUT', '/api/pos/settings', admin, { markup_percent: 10 }),
        403,
        'pos.business_only',
      );
      expectError(await inject('PUT', '/api/pos/settings', shop.cookie, { markup_percent: -1 }), 400);
      expectError(await inject('PUT', '/api/pos/settings', shop.cookie, { markup_percent: 'lots' }), 400);
      const url = `/api/pos/products/${shop.product.id}/price`;
      expectError(await inject('PUT', url, undefined, { price: 5 }), 401);
      expectError(await inject('PUT', url, admin, { price: 5 }), 403, 'pos.business_only');
      expectError(await inject('PUT', url, shop.cookie, { price: -5 }), 400);
      expectError(await inject('PUT', url, shop.cookie, { price: 1.234 }), 400);
      expectError(await inject('PUT', url, other.cookie, { price: 5 }), 404, 'pos.product_not_found');
      expect(await written()).toEqual(before);
    });
  });

  describe('POST /api/pos/process-payment', () => {
    it('a business without a VAT number shows and posts no VAT', async () => {
      const shop = await newShop({ costCents: 1000 });
      const product = await tillProduct(shop.cookie, shop.product.id);
      const response = await pay(shop.cookie, sale(product, 3, { discountPercent: 10, tenderedCents: 5000 }));
      expect(response.statusCode, response.body).toBe(201);
      const tx = response.json() as PosTransaction;
      // 3 x R13.00 = R39.00, less 10% = R35.10; no VAT.
      expect(tx).toMatchObject({
        subtotal: 39,
        discount_amount: 3.9,
        total_amount: 35.1,
        tax_amount: 0,
        payment_method: 'cash',
        amount_tendered: 50,
        change_due: 14.9,
      });
      expect(tx.transaction_number).toMatch(/^POS-\d{8}-\d{5}$/);
      expect(tx.shop.vat_number).toBeNull();
      expect(await postedLines(shop.userId, tx.id)).toEqual([
        { account_code: 1000, debit_cents: 3510, credit_cents: 0 },
        { account_code: 4000, debit_cents: 0, credit_cents: 3510 },
        { account_code: 5000, debit_cents: 3000, credit_cents: 0 },
        { account_code: 1200, debit_cents: 0, credit_cents: 3000 },
      ]);
      expect(await quantityOf(shop.product.id)).toBe(17);
    });

    it('a VAT-registered business posts VAT = (lines - discount) x 15/115, card to Bank clearing', async () => {
      const shop = await newShop({ vatNumber: '4123456789', costCents: 777 });
      await inject('PUT', `/api/pos/products/${shop.product.id}/price`, shop.cookie, { price: 12.99 });
      const product = await tillProduct(shop.cookie, shop.product.id);
      const body = sale(product, 7, { discountPercent: 12.5, vatRegistered: true, method: 'card' });
      const response = await pay(shop.cookie, body);
      expect(response.statusCode, response.body).toBe(201);
      const tx = response.json() as PosTransaction;
      const lines = 7 * 1299; // 9093
      const discount = Math.floor((lines * 125 + 500) / 1000); // 12.5%, half up: 1137
      const total = lines - discount;
      const vat = vatInside(total);
      expect(Math.round(tx.total_amount * 100)).toBe(total);
      expect(Math.round(tx.tax_amount * 100)).toBe(vat);
      expect(tx.shop).toMatchObject({ vat_number: '4123456789', vat_registered: true });
      expect(await postedLines(shop.userId, tx.id)).toEqual([
        { account_code: 1020, debit_cents: total, credit_cents: 0 },
        { account_code: 4000, debit_cents: 0, credit_cents: total - vat },
        { account_code: 2100, debit_cents: 0, credit_cents: vat },
        { account_code: 5000, debit_cents: 7 * 777, credit_cents: 0 },
        { account_code: 1200, debit_cents: 0, credit_cents: 7 * 777 },
      ]);
    });

    it('a repeat of the same sale (the offline queue sending again) is the same sale, written once', async () => {
      const shop = await newShop();
      const product = await tillProduct(shop.cookie, shop.product.id);
      const body = sale(product, 2, { offline: true, receiptNumber: 'AB12-0001' });
      const first = await pay(shop.cookie, body);
      expect(first.statusCode, first.body).toBe(201);
      const before = await written();
      const again = await Promise.all([pay(shop.cookie, body), pay(shop.cookie, body)]);
      for (const r of again) {
        expect(r.statusCode, r.body).toBe(201);
        expect(r.json()).toMatchObject({ id: first.json().id, transaction_number: 'AB12-0001' });
      }
      expect(await written()).toEqual(before);
      expect(await quantityOf(shop.product.id)).toBe(18);
      // Another sale may not take a receipt number that is already used.
      expectError(
        await pay(shop.cookie, sale(product, 1, { offline: true, receiptNumber: 'AB12-0001' })),
        409,
        'pos.receipt_taken',
      );
    });

    it('online: a changed price, wrong totals or short stock are refused (409) with nothing written', async () => {
      const shop = await newShop({ stock: 2 });
      const product = await tillProduct(shop.cookie, shop.product.id);
      const before = await written();
      expectError(await pay(shop.cookie, sale(product, 1, { priceCents: 1 })), 409, 'pos.price_changed');
      const wrongTotals = { ...sale(product, 1), total_amount: 1 };
      expectError(await pay(shop.cookie, wrongTotals), 409, 'pos.totals_changed');
      expectError(await pay(shop.cookie, sale(product, 3)), 409, 'inventory.not_enough_stock');
      expect(await written()).toEqual(before);
      expect(await quantityOf(shop.product.id)).toBe(2);
    });

    it('a late-synced offline sale is kept at its rung-up price even when stock ran short, and asks for a count', async () => {
      const shop = await newShop({ stock: 2, costCents: 500 });
      const product = await tillProduct(shop.cookie, shop.product.id);
      const rungUpAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
      const body = { ...sale(product, 5, { offline: true, priceCents: 999 }), rung_up_at: rungUpAt };
      const response = await pay(shop.cookie, body);
      expect(response.statusCode, response.body).toBe(201);
      const tx = response.json() as PosTransaction;
      expect(tx).toMatchObject({
        offline: true,
        stock_short: true,
        total_amount: 49.95,
        rung_up_at: rungUpAt,
      });
      expect(await quantityOf(shop.product.id)).toBe(-3);
      const notices = rowsOf<{ title: string; link: string }>(
        await t.db.execute(sql`select title, link from notifications where user_id = ${shop.userId}`),
      );
      expect(notices).toEqual([{ title: 'notifications.pos.stock_short.title', link: '/inventory' }]);
      const alerts = await count(
        t.db,
        'inventory_alerts',
        sql`business_id = ${shop.userId} and resolved_at is null`,
      );
      expect(alerts).toBe(1);
    });

    it('50 concurrent sales of the last 10 units never take stock below zero', async () => {
      const shop = await newShop({ stock: 10 });
      const product = await tillProduct(shop.cookie, shop.product.id);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => pay(shop.cookie, sale(product, 1))),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(10);
      for (const r of responses.filter((r) => r.statusCode !== 201)) {
        expectError(r, 409, 'inventory.not_enough_stock');
      }
      expect(await quantityOf(shop.product.id)).toBe(0);
      expect(await count(t.db, 'pos_sales', sql`business_id = ${shop.userId}`)).toBe(10);
    });

    it('refuses anonymous (401), staff (403) and bad input (400) with nothing written', async () => {
      const shop = await newShop();
      const product = await tillProduct(shop.cookie, shop.product.id);
      const good = sale(product, 1);
      const other = await newShop();
      const before = await written();
      expectError(await pay('', good), 401);
      expectError(await pay(admin, good), 403, 'pos.business_only');
      expectError(await pay(shop.cookie, { ...good, items: [] }), 400);
      expectError(await pay(shop.cookie, { ...good, payment_method: 'cheque' }), 400);
      expectError(await pay(shop.cookie, { ...good, client_sale_id: 'not-a-uuid' }), 400);
      expectError(await pay(shop.cookie, { ...good, discount_percent: 101 }), 400);
      expectError(await pay(shop.cookie, { ...good, customer_phone: '12345' }), 400);
      expectError(await pay(shop.cookie, { ...good, amount_tendered: 0.5 }), 400);
      expectError(await pay(shop.cookie, { ...good, receipt_number: 'lower-1' }), 400);
      expectError(await pay(other.cookie, good), 404, 'pos.product_not_found');
      expect(await written()).toEqual(before);
    });
  });

  describe('POST /api/pos/transactions/:id/refund', () => {
    it('refunds a whole sale with its reason: stock back, books reversed, once only', async () => {
      const shop = await newShop({ vatNumber: '4987654321', costCents: 1000 });
      const product = await tillProduct(shop.cookie, shop.product.id);
      const sold = (
        await pay(shop.cookie, sale(product, 4, { vatRegistered: true, method: 'card' }))
      ).json() as PosTransaction;
      expect(await quantityOf(shop.product.id)).toBe(16);
      const url = `/api/pos/transactions/${sold.id}/refund`;
      const refunded = await inject('POST', url, shop.cookie, { reason: 'Customer returned it unopened' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ id: sold.id, refund_reason: 'Customer returned it unopened' });
      expect((refunded.json() as PosTransaction).refunded_at).not.toBeNull();
      expect(await quantityOf(shop.product.id)).toBe(20);
      const balances = rowsOf<{ account_code: number; net: number }>(
        await t.db.execute(sql`
          select account_code, sum(debit_cents - credit_cents)::int as net from journal_lines
          where business_id = ${shop.userId} and account_code in (1020, 2100, 4000, 5000)
          group by account_code order by account_code`),
      );
      expect(balances.every((b) => b.net === 0)).toBe(true);
      expectError(await inject('POST', url, shop.cookie, { reason: 'Again' }), 409, 'pos.already_refunded');
      expect(await quantityOf(shop.product.id)).toBe(20);
    });

    it('refuses anonymous (401), staff (403), no reason (400) and another shop (404), writing nothing', async () => {
      const shop = await newShop();
      const other = await newShop();
      const product = await tillProduct(shop.cookie, shop.product.id);
      const sold = (await pay(shop.cookie, sale(product, 1))).json() as PosTransaction;
      const url = `/api/pos/transactions/${sold.id}/refund`;
      const before = await written();
      expectError(await inject('POST', url, undefined, { reason: 'Broken' }), 401);
      expectError(await inject('POST', url, admin, { reason: 'Broken' }), 403, 'pos.business_only');
      expectError(await inject('POST', url, shop.cookie, { reason: '' }), 400);
      expectError(await inject('POST', url, shop.cookie, {}), 400);
      expectError(await inject('POST', url, other.cookie, { reason: 'Broken' }), 404, 'pos.sale_not_found');
      expect(await written()).toEqual(before);
    });
  });

  describe('GET /api/pos/transactions', () => {
    it("lists the shop's own sales newest first", async () => {
      const shop = await newShop();
      const product = await tillProduct(shop.cookie, shop.product.id);
      const one = (await pay(shop.cookie, sale(product, 1))).json() as PosTransaction;
      const two = (
        await pay(shop.cookie, {
          ...sale(product, 2, { method: 'mobile' }),
          customer_name: 'Thandi',
          customer_phone: '082 555 0101',
        })
      ).json() as PosTransaction;
      const response = await inject('GET', '/api/pos/transactions', shop.cookie);
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json() as PosTransactionList;
      expect(list.total).toBe(2);
      expect(list.transactions.map((x) => x.id)).toEqual([two.id, one.id]);
      expect(list.transactions[0]).toMatchObject({
        customer_name: 'Thandi',
        customer_phone: '+27 82 555 0101',
        lines: [expect.objectContaining({ name: 'Sunlight soap 175g', quantity: 2 })],
      });
      const other = await newShop();
      expect(
        ((await inject('GET', '/api/pos/transactions', other.cookie)).json() as PosTransactionList).total,
      ).toBe(0);
    });

    it('refuses anonymous (401), staff (403) and a bad limit (400)', async () => {
      const shop = await newShop();
      expectError(await inject('GET', '/api/pos/transactions'), 401);
      expectError(await inject('GET', '/api/pos/transactions', admin), 403, 'pos.business_only');
      expectError(await inject('GET', '/api/pos/transactions?limit=0', shop.cookie), 400);
      expectError(await inject('GET', '/api/pos/transactions?limit=1000', shop.cookie), 400);
    });
  });
});
