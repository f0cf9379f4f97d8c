import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  API_KEY_LENGTH,
  API_REQUEST_LOG_MAX_PER_USER,
  MAX_LIVE_API_KEYS,
  type ApiEndpoint,
  type ApiKeyList,
  type ApiSales,
  type ApiUsage,
  type CreatedApiKey,
  type RequestLogList,
} from '@tt/domain';
import { apiKeys, apiRequestLogs } from '../src/db/schema.ts';
import { restoreDemo } from '../src/db/seeds.ts';
import { salesOf } from '../src/features/developer/sales.ts';
import { hashApiKey, pruneRequestLogs } from '../src/features/developer/service.ts';
import { createTestApp, count, expectError, type TestApp } from './support/test-app.ts';
import {
  checkoutBody,
  idempotencyKey,
  insertCategory,
  insertProduct,
  insertUser,
  placeOrder,
} from './support/marketplace.ts';

const DAY = 24 * 60 * 60_000;

describe('developer tools: API keys that authenticate the public API (ADR 050)', () => {
  let t: TestApp;
  let coordinator: { id: number; cookie: string };
  let admin: { id: number; cookie: string };
  let product: number;
  let sellerId: number;
  const keysUrl = '/api/developer/keys';
  const create = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: keysUrl, headers: cookie ? { cookie } : {}, payload });
  const makeKey = async (cookie: string, scopes: string[], name = 'Test key') => {
    const response = await create(cookie, { name, scopes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CreatedApiKey;
  };
  const list = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: keysUrl, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ApiKeyList;
  };
  const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...headers },
      ...(payload ? { payload } : {}),
    });
  const revoke = (cookie: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `${keysUrl}/${id}`, headers: { cookie } });
  /** The log is written once the answer has gone: wait for it. */
  const logsOf = (cookie: string, page = 1) =>
    t.app
      .inject({ method: 'GET', url: `/api/developer/logs?page=${page}`, headers: { cookie } })
      .then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json() as RequestLogList;
      });
  const revokeAll = async (cookie: string) => {
    for (const key of (await list(cookie)).keys) expect((await revoke(cookie, key.id)).statusCode).toBe(204);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const coordinatorId = await insertUser(t.db, 'coordinator', 'Key Coordinator');
    coordinator = { id: coordinatorId, cookie: await t.sessionFor(coordinatorId) };
    const adminId = await insertUser(t.db, 'admin', 'Key Admin');
    admin = { id: adminId, cookie: await t.sessionFor(adminId) };
    sellerId = await insertUser(t.db, 'supplier', 'Key Seller');
    const category = await insertCategory(t.db, 'Key goods', await insertCategory(t.db, 'Key dept'));
    product = await insertProduct(t.db, { seller_id: sellerId, category_id: category, price_cents: 1000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the whole key once, at creation, and keeps only its hash and its ends', async () => {
    const made = await makeKey(coordinator.cookie, ['read:orders', 'read:products'], '  Stock sync  ');
    expect(made.key).toMatch(/^tt_live_[A-Za-z0-9_-]{32}$/);
    expect(made.key).toHaveLength(API_KEY_LENGTH);
    expect(made.name).toBe('Stock sync');
    // In the spec's order, whatever order they were sent in.
    expect(made.permissions).toEqual(['read:products', 'read:orders']);
    expect(made.masked_key).toBe(`${made.key.slice(0, 8)}••••••••${made.key.slice(-8)}`);
    expect(made.last_used_at).toBeNull();

    const listed = await list(coordinator.cookie);
    expect(listed.max_keys).toBe(MAX_LIVE_API_KEYS);
    const row = listed.keys.find((k) => k.id === made.id);
    expect(row).toEqual({
      id: made.id,
      name: 'Stock sync',
      masked_key: made.masked_key,
      permissions: ['read:products', 'read:orders'],
      created_at: made.created_at,
      last_used_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(made.key);
    expect(JSON.stringify(listed)).not.toContain(made.key.slice(8, -8));

    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(stored!.key_hash).toBe(hashApiKey(made.key));
    expect(Object.values(stored!).map(String).join(' ')).not.toContain(made.key);
    await revokeAll(coordinator.cookie);
  });

  it('authenticates each public endpoint with its scope, and refuses a key without it', async () => {
    const reader = await makeKey(coordinator.cookie, ['read:products', 'read:orders', 'read:analytics']);
    const writer = await makeKey(coordinator.cookie, ['write:orders']);

    const products = await withKey(reader.key, 'GET', '/api/products?page_size=5');
    expect(products.statusCode, products.body).toBe(200);
    expect((products.json() as { products: unknown[] }).products.length).toBeGreaterThan(0);
    expectError(await withKey(writer.key, 'GET', '/api/products'), 403, 'api_key.scope_missing');

    // write:orders places an order for the key's owner (a coordinator buys), by the same checkout rules.
    const idempotency = idempotencyKey();
    const body = checkoutBody({ productId: product, quantity: 2 });
    const placed = await withKey(writer.key, 'POST', '/api/orders', body, { 'idempotency-key': idempotency });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { orders: { id: number; buyer_id: number }[] }).orders[0]!;
    expect(order.buyer_id).toBe(coordinator.id);
    const again = await withKey(writer.key, 'POST', '/api/orders', body, { 'idempotency-key': idempotency });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as { orders: { id: number }[] }).orders[0]!.id).toBe(order.id);
    expectError(
      await withKey(reader.key, 'POST', '/api/orders', body, { 'idempotency-key': idempotencyKey() }),
      403,
      'api_key.scope_missing',
    );
    // Totals that differ from the server's are refused as at the till (409 with the server's totals).
    const wrong = await withKey(
      writer.key,
      'POST',
      '/api/orders',
      { ...checkoutBody({ productId: product, quantity: 1 }), total_amount: 1 },
      { 'idempotency-key': idempotencyKey() },
    );
    expect(wrong.statusCode, wrong.body).toBe(409);

    const orders = await withKey(reader.key, 'GET', '/api/orders');
    expect(orders.statusCode, orders.body).toBe(200);
    expect(JSON.stringify(orders.json())).toContain(`"id":${order.id}`);
    expectError(await withKey(writer.key, 'GET', '/api/orders'), 403, 'api_key.scope_missing');

    const sales = await withKey(reader.key, 'GET', '/api/analytics/sales?period=7d');
    expect(sales.statusCode, sales.body).toBe(200);
    const figures = sales.json() as ApiSales;
    expect(figures.side).toBe('purchases');
    expect(figures.figures.orders).toBe(1);
    expect(figures.series).toHaveLength(7);
    expectError(await withKey(writer.key, 'GET', '/api/analytics/sales'), 403, 'api_key.scope_missing');
    expectError(await withKey(reader.key, 'GET', '/api/analytics/sales?period=2d'), 400);
    await revokeAll(coordinator.cookie);
  });

  it('refuses a key on every endpoint outside the public API, whatever its scopes, and never reads its cookie', async () => {
    const key = await makeKey(coordinator.cookie, [
      'read:products',
      'write:orders',
      'read:orders',
      'read:analytics',
    ]);
    expectError(await withKey(key.key, 'GET', keysUrl), 403, 'api_key.not_public');
    expectError(await withKey(key.key, 'GET', '/api/cart'), 403, 'api_key.not_public');
    // A key cannot make another key, even with the owner's cookie beside it.
    const both = await t.app.inject({
      method: 'POST',
      url: keysUrl,
      headers: { authorization: `Bearer ${key.key}`, cookie: coordinator.cookie },
      payload: { name: 'Sneaky', scopes: ['read:products'] },
    });
    expectError(both, 403, 'api_key.not_public');
    // A bad key is not rescued by a good cookie either.
    const badWithCookie = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { authorization: 'Bearer tt_live_' + 'x'.repeat(32), cookie: coordinator.cookie },
    });
    expectError(badWithCookie, 401, 'api_key.invalid');
    expect((await list(coordinator.cookie)).keys).toHaveLength(1);
    await revokeAll(coordinator.cookie);
  });

  it('takes a bearer write from anywhere, while a cookie write from another site is still refused', async () => {
    const key = await makeKey(coordinator.cookie, ['write:orders']);
    const elsewhere = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const byKey = await withKey(
      key.key,
      'POST',
      '/api/orders',
      checkoutBody({ productId: product, quantity: 1 }),
      {
        'idempotency-key': idempotencyKey(),
        ...elsewhere,
      },
    );
    expect(byKey.statusCode, byKey.body).toBe(201);
    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: coordinator.cookie, 'idempotency-key': idempotencyKey(), ...elsewhere },
      payload: checkoutBody({ productId: product, quantity: 1 }),
    });
    expectError(byCookie, 403, 'request.cross_site');
    await revokeAll(coordinator.cookie);
  });

  it('answers 401 to a key that is malformed, unknown or revoked, at once', async () => {
    const key = await makeKey(coordinator.cookie, ['read:products']);
    expect((await withKey(key.key, 'GET', '/api/products')).statusCode).toBe(200);
    for (const header of [
      'Bearer',
      'Bearer nonsense',
      `Basic ${key.key}`,
      `Bearer ${key.key}x`,
      'tt_live_',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { authorization: header },
      });
      expectError(response, 401, 'api_key.invalid');
    }
    expect((await revoke(coordinator.cookie, key.id)).statusCode).toBe(204);
    expectError(await withKey(key.key, 'GET', '/api/products'), 401, 'api_key.invalid');
    expect((await list(coordinator.cookie)).keys.map((k) => k.id)).not.toContain(key.id);
    // Revoked once; a second time it is gone.
    expectError(await revoke(coordinator.cookie, key.id), 404, 'api_key.not_found');
  });

  it("lets nobody see or revoke another user's key", async () => {
    const key = await makeKey(coordinator.cookie, ['read:products']);
    expect((await list(admin.cookie)).keys.map((k) => k.id)).not.toContain(key.id);
    expectError(await revoke(admin.cookie, key.id), 404, 'api_key.not_found');
    expect((await withKey(key.key, 'GET', '/api/products')).statusCode).toBe(200);
    await revokeAll(coordinator.cookie);
  });

  it("acts within its owner's role: an admin's key cannot place an order, whatever its scopes", async () => {
    const key = await makeKey(admin.cookie, ['write:orders', 'read:analytics', 'read:orders']);
    const before = await count(t.db, 'orders');
    expectError(
      await withKey(key.key, 'POST', '/api/orders', checkoutBody({ productId: product, quantity: 1 }), {
        'idempotency-key': idempotencyKey(),
      }),
      403,
      'cart.buyers_only',
    );
    expect(await count(t.db, 'orders')).toBe(before);
    // An admin sees every order, so its figures are the platform's.
    const sales = (await withKey(key.key, 'GET', '/api/analytics/sales')).json() as ApiSales;
    expect(sales.side).toBe('platform');
    expect(sales.figures.orders).toBeGreaterThan(0);
    await revokeAll(admin.cookie);
  });

  it("counts a seller's sales and a buyer's purchases from the same orders", async () => {
    const buyerId = await insertUser(t.db, 'retailer', 'Sales Buyer');
    await placeOrder(t.app, await t.sessionFor(buyerId), { productId: product, quantity: 3 });
    const sold = await salesOf(t.db, { id: sellerId, role: 'supplier' }, '30d');
    expect(sold.side).toBe('sales');
    const bought = await salesOf(t.db, { id: buyerId, role: 'retailer' }, '30d');
    expect(bought).toMatchObject({ side: 'purchases', figures: { orders: 1, cancelled_orders: 0 } });
    expect(bought.figures.total).toBeGreaterThan(30);
    expect(sold.figures.orders).toBeGreaterThanOrEqual(bought.figures.orders);
    expect(sold.series.reduce((n, p) => n + p.orders, 0)).toBe(sold.figures.orders);
  });

  it('answers 401 to nobody, 403 to a role without the screen, and 400 with nothing written', async () => {
    for (const [method, url] of [
      ['GET', keysUrl],
      ['POST', keysUrl],
      ['DELETE', `${keysUrl}/1`],
      ['GET', '/api/developer/logs'],
      ['GET', '/api/developer/usage'],
      ['GET', '/api/developer/endpoints'],
      ['GET', '/api/analytics/sales'],
    ] as const) {
      expectError(await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined }), 401);
    }
    const retailer = await t.sessionFor(await insertUser(t.db, 'retailer'));
    expectError(await create(retailer, { name: 'Mine', scopes: ['read:products'] }), 403);
    expectError(await t.app.inject({ method: 'GET', url: keysUrl, headers: { cookie: retailer } }), 403);
    const before = await count(t.db, 'api_keys');
    for (const payload of [
      {},
      { name: '', scopes: ['read:products'] },
      { name: 'x'.repeat(101), scopes: ['read:products'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Bad scope', scopes: ['write:products'] },
      { name: 'Twice', scopes: ['read:products', 'read:products'] },
      { name: 'Not a list', scopes: 'read:products' },
    ]) {
      expectError(await create(coordinator.cookie, payload), 400);
    }
    expect(await count(t.db, 'api_keys')).toBe(before);
  });

  it('never lets a user hold more than the limit of live keys, even when asked at once', async () => {
    const userId = await insertUser(t.db, 'coordinator', 'Many Keys');
    const cookie = await t.sessionFor(userId);
    await makeKey(cookie, ['read:products'], 'First');
    const answers = await Promise.all(
      Array.from({ length: MAX_LIVE_API_KEYS + 5 }, (_, i) =>
        create(cookie, { name: `Key ${i}`, scopes: ['read:products'] }),
      ),
    );
    const made = answers.filter((r) => r.statusCode === 201).length;
    expect(made).toBe(MAX_LIVE_API_KEYS - 1);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expectError(refused, 409, 'api_key.limit_reached');
    }
    expect((await list(cookie)).keys).toHaveLength(MAX_LIVE_API_KEYS);
    // A revoked key frees its place.
    const [oldest] = (await list(cookie)).keys.slice(-1);
    expect((await revoke(cookie, oldest!.id)).statusCode).toBe(204);
    await makeKey(cookie, ['read:products'], 'After a revoke');
    expectError(
      await create(cookie, { name: 'One too many', scopes: ['read:products'] }),
      409,
      'api_key.limit_reached',
    );
  });

  it("logs every request a key makes, lists the owner's own a page at a time, and sums them", async () => {
    const userId = await insertUser(t.db, 'coordinator', 'Logged');
    const cookie = await t.sessionFor(userId);
    const key = await makeKey(cookie, ['read:products'], 'Logged key');
    // The log is written once the answer has gone: each request's line is waited for before the next is made, so
    // that the two lines are written (and listed, newest first) in the order of the requests.
    const logged = (count: number) =>
      vi.waitFor(async () => expect((await logsOf(cookie)).matching).toBe(count));
    expect((await withKey(key.key, 'GET', '/api/products?page_size=2')).statusCode).toBe(200);
    await logged(1);
    expectError(await withKey(key.key, 'GET', '/api/orders'), 403, 'api_key.scope_missing');
    await logged(2);
    const logs = await logsOf(cookie);
    expect(logs.page_size).toBe(20);
    expect(logs.logs.map((l) => [l.method, l.path, l.status, l.key_name, l.masked_key])).toEqual([
      ['GET', '/api/orders', 403, 'Logged key', key.masked_key],
      ['GET', '/api/products', 200, 'Logged key', key.masked_key],
    ]);
    expect(logs.logs.every((l) => l.duration_ms >= 0 && l.api_key_id === key.id)).toBe(true);
    // Another user sees none of them.
    expect((await logsOf(coordinator.cookie)).logs.map((l) => l.api_key_id)).not.toContain(key.id);
    // The key shows its last use.
    const listed = (await list(cookie)).keys.find((k) => k.id === key.id)!;
    expect(listed.last_used_at).not.toBeNull();
    // A cookie request is not logged.
    await t.app.inject({ method: 'GET', url: '/api/products', headers: { cookie } });

    const usage = (
      await t.app.inject({ method: 'GET', url: '/api/developer/usage', headers: { cookie } })
    ).json() as ApiUsage;
    expect(usage).toEqual({
      requests_today: 2,
      requests_7d: 2,
      error_rate_7d: 0.5,
      average_ms_7d: expect.any(Number),
      live_keys: 1,
      base_url: expect.stringMatching(/^https?:\/\//),
    });

    // Pages: 25 more rows, written straight in, come 20 and then the rest.
    await t.db.insert(apiRequestLogs).values(
      Array.from({ length: 25 }, (_, i) => ({
        api_key_id: key.id,
        owner_id: userId,
        method: 'GET',
        path: `/api/products/${i}`,
        status: 200,
        duration_ms: 3,
      })),
    );
    const first = await logsOf(cookie, 1);
    const second = await logsOf(cookie, 2);
    expect(first.logs).toHaveLength(20);
    expect(second.logs).toHaveLength(7);
    expect(first.matching).toBe(27);
    expect(new Set([...first.logs, ...second.logs].map((l) => l.id)).size).toBe(27);
    expect((await revoke(cookie, key.id)).statusCode).toBe(204);
    // A revoked key's requests stay in the log.
    expect((await logsOf(cookie)).matching).toBe(27);
  });

  it('prunes the log to 30 days and a bounded number of rows per user', async () => {
    const userId = await insertUser(t.db, 'coordinator', 'Pruned');
    const cookie = await t.sessionFor(userId);
    const key = await makeKey(cookie, ['read:products']);
    const now = new Date();
    await t.db.insert(apiRequestLogs).values([
      {
        api_key_id: key.id,
        owner_id: userId,
        method: 'GET',
        path: '/old',
        status: 200,
        duration_ms: 1,
        created_at: new Date(now.getTime() - 31 * DAY),
      },
      {
        api_key_id: key.id,
        owner_id: userId,
        method: 'GET',
        path: '/recent',
        status: 200,
        duration_ms: 1,
        created_at: new Date(now.getTime() - 29 * DAY),
      },
    ]);
    await t.db.transaction((tx) => pruneRequestLogs(tx, now));
    const paths = (await logsOf(cookie)).logs.map((l) => l.path);
    expect(paths).toEqual(['/recent']);
    expect(API_REQUEST_LOG_MAX_PER_USER).toBeGreaterThan(0);
    expect((await revoke(cookie, key.id)).statusCode).toBe(204);
  });

  it('rate-limits each key on its own', async () => {
    const limited = await createTestApp({ env: { API_KEY_RATE_LIMIT: '3' } });
    try {
      const cookie = await limited.sessionFor(await insertUser(limited.db, 'coordinator'));
      const make = async () =>
        (
          await limited.app.inject({
            method: 'POST',
            url: keysUrl,
            headers: { cookie },
            payload: { name: 'Limited', scopes: ['read:products'] },
          })
        ).json() as CreatedApiKey;
      const [one, two] = [await make(), await make()];
      const call = (key: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/api/products',
          headers: { authorization: `Bearer ${key}` },
        });
      for (let i = 0; i < 3; i += 1) expect((await call(one.key)).statusCode).toBe(200);
      expectError(await call(one.key), 429, 'api_key.rate_limited');
      expect((await call(two.key)).statusCode).toBe(200);
      // Cookie requests are not counted against any key.
      expect(
        (await limited.app.inject({ method: 'GET', url: '/api/products', headers: { cookie } })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('describes the public API from the contracts that name a scope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/developer/endpoints',
      headers: { cookie: coordinator.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const endpoints = response.json() as ApiEndpoint[];
    expect(endpoints.map((e) => [e.method, e.path, e.scope])).toEqual([
      ['GET', '/api/analytics/sales', 'read:analytics'],
      ['GET', '/api/orders', 'read:orders'],
      ['POST', '/api/orders', 'write:orders'],
      ['GET', '/api/products', 'read:products'],
    ]);
    const sales = endpoints.find((e) => e.path === '/api/analytics/sales')!;
    expect(sales.parameters).toEqual([
      {
        name: 'period',
        in: 'query',
        required: false,
        type: expect.stringContaining('one of 7d, 30d, 90d, 1y'),
        description: null,
      },
    ]);
    const checkout = endpoints.find((e) => e.method === 'POST')!;
    expect(checkout.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['header:idempotency-key', 'body:items']),
    );
    // The OpenAPI document names the bearer scheme on exactly these.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      components: { securitySchemes: Record<string, { scheme?: string }> };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(doc.components.securitySchemes.bearerAuth?.scheme).toBe('bearer');
    expect(doc.paths['/api/products']?.get?.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(doc.paths['/api/cart']?.get?.security).toBeUndefined();
  });

  it('removes the keys visitors made on the shared demo accounts when the demo is restored', async () => {
    const demo = await t.login('coordinator');
    const key = await makeKey(demo, ['read:products']);
    expect((await withKey(key.key, 'GET', '/api/products')).statusCode).toBe(200);
    await restoreDemo(t.db);
    expectError(await withKey(key.key, 'GET', '/api/products'), 401, 'api_key.invalid');
    expect(await count(t.db, 'api_keys', sql`owner_id = ${await t.demoUserId('coordinator')}`)).toBe(0);
  });
});
