import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { createTestApp, expectError, type TestApp } from './support/test-app.ts';

/**
 * Issue 8 finding 4: ids past the integer column's range (2,147,483,648 up) gave a 500 in every path,
 * body and query id. One id schema: decimal digits only, 1..2147483647, 400 naming the field.
 */
describe('ids', () => {
  let t: TestApp;
  let retailer: string;
  let coordinator: string;
  beforeAll(async () => {
    t = await createTestApp();
    retailer = await t.login('retailer');
    coordinator = await t.login('coordinator');
  });
  afterAll(() => t.close());

  const call = (method: HTTPMethods, url: string, cookie: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

  // Spaces go percent-encoded: a raw space is not part of a URL (the client library would trim it).
  const badTexts = [
    '2147483648',
    '99999999999999999999',
    '0',
    '-1',
    '+1',
    '0x10',
    '1e3',
    '1.5',
    '%201',
    '1%20',
  ];

  it('refuses a path id out of range or not plain digits with 400 naming the field', async () => {
    for (const bad of badTexts) {
      for (const [method, url] of [
        ['GET', `/api/orders/${bad}`],
        ['GET', `/api/cooperatives/${bad}`],
        ['GET', `/api/cooperatives/${bad}/votes`],
        ['GET', `/api/cooperatives/1/votes/${bad}/results`],
        ['POST', `/api/notifications/${bad}/read`],
        ['DELETE', `/api/cart/${bad}`],
      ] as const) {
        const error = expectError(await call(method, url, retailer), 400, 'bad_request');
        expect(Object.keys(error.fields ?? {}).join(), `${method} ${url}`).toMatch(/id|voteId/);
      }
    }
  });

  it('refuses a query id out of range with 400 naming the field', async () => {
    for (const bad of badTexts.filter((b) => !b.includes('%'))) {
      const error = expectError(
        await call('GET', `/api/products?category_id=${encodeURIComponent(bad)}`, retailer),
        400,
        'bad_request',
      );
      expect(error.fields).toHaveProperty('category_id');
    }
  });

  it('refuses a body id out of range with 400 naming the field, writing nothing', async () => {
    for (const bad of [2147483648, 1e20, 0, -1, 1.5]) {
      let error = expectError(
        await call('POST', '/api/cart', retailer, { product_id: bad, quantity: 1 }),
        400,
        'bad_request',
      );
      expect(error.fields).toHaveProperty('product_id');
      error = expectError(await call('POST', '/api/cooperatives/join', retailer, { coop_id: bad }), 400);
      expect(error.fields).toHaveProperty('coop_id');
      error = expectError(
        await call('POST', '/api/bulk-orders/participate', retailer, { bulk_order_id: bad, quantity: 1 }),
        400,
      );
      expect(error.fields).toHaveProperty('bulk_order_id');
      error = expectError(
        await call('POST', '/api/virtual-warehouses/allocate-space', coordinator, {
          warehouse_id: bad,
          allocated_space_cubic_meters: 1,
          ownership_percentage: 1,
        }),
        400,
      );
      expect(error.fields).toHaveProperty('warehouse_id');
    }
    const cart = await call('GET', '/api/cart', retailer);
    expect(cart.json()).toEqual([]);
  });

  it('accepts the largest id and answers 404 for a row that does not exist', async () => {
    expectError(await call('GET', '/api/orders/2147483647', retailer), 404, 'order.not_found');
    expectError(await call('GET', '/api/cooperatives/2147483647', retailer), 404);
  });
});
