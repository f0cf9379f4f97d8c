import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { seededCoops } from './support/cooperatives.ts';

/**
 * Issue 4, "must show": every call the spec lists for /cooperatives, /cooperative-governance/{id},
 * /bulk-orders and /virtual-warehouses/:id answers with the spec's fields (spec 1 §3 and §7, spec 3 §3
 * and §7). Each list must be non-empty in the demo world, so every field is checked on real rows.
 */
const SPEC: Record<string, string[]> = {
  '/api/cooperatives': [
    'id',
    'name',
    'description',
    'area',
    'province',
    'status',
    'current_members',
    'minimum_members',
    'created_at',
  ],
  '/api/cooperatives/my-memberships': [
    'id',
    'coop_id',
    'coop_name',
    'membership_number',
    'join_date',
    'share_amount',
    'voting_rights',
  ],
  '/api/cooperatives/{id}/votes': [
    'id',
    'title',
    'description',
    'vote_type',
    'start_date',
    'end_date',
    'status',
    'created_by_name',
  ],
  '/api/cooperatives/{id}/meetings': [
    'id',
    'title',
    'description',
    'meeting_date',
    'agenda',
    'status',
    'created_by_name',
    'attendees_count',
  ],
  '/api/cooperatives/{id}/financial-transactions': [
    'id',
    'transaction_type',
    'amount',
    'status',
    'description',
    'created_at',
    'member_name',
    'reference_number',
  ],
  '/api/bulk-orders': [
    'id',
    'product_name',
    'product_image_url',
    'coop_name',
    'unit_price',
    'final_unit_price',
    'bulk_discount_percentage',
    'minimum_quantity',
    'current_quantity',
    'target_quantity',
    'end_date',
    'status',
  ],
  '/api/bulk-orders/my-participations': [
    'id',
    'bulk_order_id',
    'quantity_ordered',
    'total_amount',
    'payment_status',
  ],
  '/api/cooperatives/{id}/virtual-warehouses': [
    'id',
    'name',
    'description',
    'total_capacity_cubic_meters',
    'allocated_capacity',
    'location_description',
    'warehouse_type',
    'cost_per_cubic_meter_monthly',
    'is_active',
  ],
  '/api/virtual-warehouses/my-ownership': [
    'id',
    'warehouse_name',
    'owner_name',
    'allocated_space_cubic_meters',
    'ownership_percentage',
    'monthly_fee',
    'start_date',
    'status',
  ],
  '/api/virtual-warehouses/my-inventory': [
    'id',
    'product_name',
    'warehouse_name',
    'quantity',
    'reserved_quantity',
    'total_value',
  ],
};

describe("the spec's fields on every call of the cooperative screens", () => {
  let t: TestApp;
  let cookie: string;
  let coopId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('retailer');
    coopId = (await seededCoops(t.db)).soweto;
    // The demo retailer joins a bulk order, so My Participations has a row to check.
    const orders = (
      await t.app.inject({ method: 'GET', url: '/api/bulk-orders?status=active', headers: { cookie } })
    ).json() as {
      id: number;
      coop_id: number;
      minimum_quantity: number;
    }[];
    const order = orders.find((o) => o.coop_id === coopId)!;
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/bulk-orders/participate',
      headers: { cookie },
      payload: { bulk_order_id: order.id, quantity: order.minimum_quantity },
    });
    expect(joined.statusCode, joined.body).toBe(201);
  });
  afterAll(() => t.close());

  for (const [path, fields] of Object.entries(SPEC)) {
    it(`GET ${path}`, async () => {
      const url = path.replace('{id}', String(coopId));
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json() as Record<string, unknown>[];
      expect(rows.length, `${path} has rows to check`).toBeGreaterThan(0);
      for (const row of rows) {
        for (const field of fields) expect(row, `${path} ${field}`).toHaveProperty(field);
      }
    });
  }

  it('POST /api/cooperatives/join takes coop_id, POST /api/bulk-orders/participate bulk_order_id and quantity, allocate-space its three fields', async () => {
    // The request bodies of the spec: a wrong field name is refused, so the names are the spec's.
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect((await post('/api/cooperatives/join', { cooperative_id: coopId })).statusCode).toBe(400);
    expect((await post('/api/bulk-orders/participate', { order_id: 1, qty: 1 })).statusCode).toBe(400);
    expect(
      (await post('/api/virtual-warehouses/allocate-space', { warehouse: 1, space: 1, percent: 1 }))
        .statusCode,
    ).toBe(400);
  });

  it('GET /api/my-subscription answers the plan with a real plan id (the upgrade dialog and plan gates read it)', async () => {
    const plans = (
      await t.app.inject({ method: 'GET', url: '/api/subscription-plans', headers: { cookie } })
    ).json() as { id: number; tier: string }[];
    const idOf = (tier: string) => plans.find((p) => p.tier === tier)!.id;
    const response = await t.app.inject({ method: 'GET', url: '/api/my-subscription', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      plan_id: idOf('trader'),
      plan_tier: 'trader',
      plan_name: 'Trader',
      status: 'active',
    });
    expect(response.json()).toHaveProperty('next_payment_date');
    const free = await t.app.inject({
      method: 'GET',
      url: '/api/my-subscription',
      headers: { cookie: await t.login('sales_rep') },
    });
    expect(free.json()).toMatchObject({
      plan_id: idOf('free'),
      plan_tier: 'free',
      plan_name: 'Free',
      status: 'active',
      next_payment_date: null,
    });
  });
});
