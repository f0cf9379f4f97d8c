import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bulkOrderSchema, type BulkOrder } from '@tt/domain';
import { bulkOrders } from '../src/db/schema.ts';
import { insertCategory, insertProduct, insertUser } from './support/marketplace.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { newMember, seededCoops } from './support/cooperatives.ts';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();

/** Issue 8 finding 8 (DECISIONS 22): proposals below list price, the seller's commitment, one join each. */
describe('bulk order proposals', () => {
  let t: TestApp;
  let coordinator: string;
  let supplier: string;
  let supplierId: number;
  let coopId: number;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp();
    [coordinator, supplier] = await Promise.all([t.login('coordinator'), t.login('supplier')]);
    supplierId = await t.demoUserId('supplier');
    coopId = (await seededCoops(t.db)).soweto;
    category = await insertCategory(t.db, 'Bulk test', await insertCategory(t.db, 'Bulk dept'));
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: object | undefined, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const product = (stock = 100, price_cents = 1000) =>
    insertProduct(t.db, { seller_id: supplierId, category_id: category, price_cents, stock });
  const proposal = (productId: number, over: Record<string, unknown> = {}) => ({
    coop_id: coopId,
    product_id: productId,
    bulk_discount_percentage: 10,
    minimum_quantity: 5,
    target_quantity: 50,
    end_date: inDays(7),
    ...over,
  });
  const propose = async (productId: number, over: Record<string, unknown> = {}) => {
    const response = await post('/api/bulk-orders', proposal(productId, over), coordinator);
    expect(response.statusCode, response.body).toBe(201);
    return bulkOrderSchema.parse(response.json());
  };
  const stored = async (id: number) =>
    (await t.db.select().from(bulkOrders).where(eq(bulkOrders.id, id)))[0]!;

  it('the founder of a pending one-member cooperative cannot publish a bulk order (403), nothing written', async () => {
    const founderId = await insertUser(t.db, 'retailer');
    const founder = await t.sessionFor(founderId);
    const registered = await post(
      '/api/cooperatives',
      { name: `Pending co-op ${founderId}`, area: 'Soweto', province: 'Gauteng' },
      founder,
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const pendingId = (registered.json() as { cooperative: { id: number } }).cooperative.id;
    const productId = await product();
    const before = await count(t.db, 'bulk_orders');
    expectError(
      await post(
        '/api/bulk-orders',
        proposal(productId, { coop_id: pendingId, unit_price: 0.01, bulk_discount_percentage: 0 }),
        founder,
      ),
      403,
      'bulk_order.coordinator_only',
    );
    expect(await count(t.db, 'bulk_orders')).toBe(before);
  });

  it('below list price starts proposed: not joinable, not in the available list, shown to its seller only', async () => {
    const productId = await product();
    const proposed = await propose(productId, { unit_price: 0.01, bulk_discount_percentage: 0 });
    expect(proposed).toMatchObject({ status: 'proposed', list_price: 10, committed_quantity: null });
    const active = (await get('/api/bulk-orders?status=active', coordinator)).json() as BulkOrder[];
    expect(active.map((o) => o.id)).not.toContain(proposed.id);
    const member = await newMember(t, coopId);
    expectError(
      await post('/api/bulk-orders/participate', { bulk_order_id: proposed.id, quantity: 5 }, member.cookie),
      409,
      'bulk_order.closed',
    );
    const mine = (await get('/api/bulk-orders/proposed-to-me', supplier)).json() as BulkOrder[];
    expect(mine.map((o) => o.id)).toContain(proposed.id);
    const otherSeller = await t.sessionFor(await insertUser(t.db, 'supplier'));
    const theirs = (await get('/api/bulk-orders/proposed-to-me', otherSeller)).json() as BulkOrder[];
    expect(theirs.map((o) => o.id)).not.toContain(proposed.id);
    expectError(await get('/api/bulk-orders/proposed-to-me'), 401, 'unauthorized');
    expectError(await get('/api/bulk-orders/proposed-to-me', coordinator), 403, 'forbidden');
    const coordinatorsView = (await get('/api/bulk-orders/my-proposals', coordinator)).json() as BulkOrder[];
    expect(coordinatorsView.find((o) => o.id === proposed.id)?.status).toBe('proposed');
  });

  it('at list price an order opens at once and joins are capped by the seller’s stock', async () => {
    const productId = await product(30);
    const open = await propose(productId, { bulk_discount_percentage: 0, target_quantity: 100 });
    expect(open.status).toBe('active');
    const member = await newMember(t, coopId);
    expectError(
      await post(
        '/api/bulk-orders/participate',
        { bulk_order_id: open.id, quantity: 1_000_000 },
        member.cookie,
      ),
      409,
      'bulk_order.room_left',
    );
    const ok = await post(
      '/api/bulk-orders/participate',
      { bulk_order_id: open.id, quantity: 30 },
      member.cookie,
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('accept: the seller commits at most their stock; joins never pass the commitment', async () => {
    const productId = await product(40);
    const proposed = await propose(productId);
    const url = `/api/bulk-orders/${proposed.id}/accept`;
    const before = await stored(proposed.id);
    expectError(await post(url, { committed_quantity: 30 }), 401, 'unauthorized');
    expectError(await post(url, { committed_quantity: 30 }, coordinator), 403, 'forbidden');
    const otherSeller = await t.sessionFor(await insertUser(t.db, 'supplier'));
    expectError(
      await post(url, { committed_quantity: 30 }, otherSeller),
      403,
      'bulk_order.product_seller_only',
    );
    const tooMuch = expectError(await post(url, { committed_quantity: 41 }, supplier), 400, 'bad_request');
    expect(tooMuch.fields).toHaveProperty('committed_quantity');
    expectError(await post(url, { committed_quantity: 4 }, supplier), 400, 'bad_request');
    expectError(await post(url, {}, supplier), 400, 'bad_request');
    expect(await stored(proposed.id)).toEqual(before);

    const accepted = await post(url, { committed_quantity: 30 }, supplier);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'active', committed_quantity: 30, target_quantity: 30 });
    expectError(await post(url, { committed_quantity: 30 }, supplier), 409, 'bulk_order.already_answered');

    const [a, b, c] = await Promise.all([newMember(t, coopId), newMember(t, coopId), newMember(t, coopId)]);
    const join = (cookie: string, quantity: number) =>
      post('/api/bulk-orders/participate', { bulk_order_id: proposed.id, quantity }, cookie);
    expectError(await join(a!.cookie, 1_000_000), 409, 'bulk_order.room_left');
    expect((await join(a!.cookie, 20)).statusCode).toBe(201);
    const over = expectError(await join(b!.cookie, 11), 409, 'bulk_order.room_left');
    expect(over.params).toEqual({ room: 10 });
    const last = await join(c!.cookie, 10);
    expect(last.statusCode, last.body).toBe(201);
    expect(await stored(proposed.id)).toMatchObject({ current_quantity: 30, status: 'target_reached' });
  });

  it('decline: the seller gives a reason the coordinator sees; a declined order opens never', async () => {
    const productId = await product();
    const proposed = await propose(productId);
    const url = `/api/bulk-orders/${proposed.id}/decline`;
    expectError(await post(url, { reason: 'No' }), 401, 'unauthorized');
    expectError(await post(url, { reason: 'Not mine' }, coordinator), 403, 'forbidden');
    const blank = expectError(await post(url, { reason: '  ' }, supplier), 400, 'bad_request');
    expect(blank.fields).toHaveProperty('reason');
    expect((await stored(proposed.id)).status).toBe('proposed');

    const declined = await post(url, { reason: 'Below my cost price' }, supplier);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'Below my cost price' });
    const seen = (await get('/api/bulk-orders/my-proposals', coordinator)).json() as BulkOrder[];
    expect(seen.find((o) => o.id === proposed.id)).toMatchObject({
      status: 'declined',
      decline_reason: 'Below my cost price',
    });
    expectError(
      await post(`/api/bulk-orders/${proposed.id}/accept`, { committed_quantity: 10 }, supplier),
      409,
      'bulk_order.already_answered',
    );
  });

  it('one member joins a bulk order once: 10 parallel joins by one user make one participation', async () => {
    const productId = await product(1000);
    const open = await propose(productId, { bulk_discount_percentage: 0, target_quantity: 500 });
    const member = await newMember(t, coopId);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/bulk-orders/participate', { bulk_order_id: open.id, quantity: 5 }, member.cookie),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 201))
      expectError(r, 409, 'bulk_order.already_joined');
    expect(
      await count(
        t.db,
        'bulk_order_participations',
        sql`bulk_order_id = ${open.id} and user_id = ${member.id}`,
      ),
    ).toBe(1);
    expect((await stored(open.id)).current_quantity).toBe(5);
  });
});
