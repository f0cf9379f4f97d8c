import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { and, asc, eq, ne } from 'drizzle-orm';
import {
  API_SCOPES,
  buildPath,
  can,
  ROLES,
  sastDate,
  type Access,
  type ApiScope,
  type ResourceRule,
  type Role,
} from '@tt/domain';
import {
  apiKeys,
  bulkOrderParticipations,
  bulkOrders,
  bulkUploads,
  cartItems,
  communityPosts,
  coopTransactions,
  crmClients,
  journalLines,
  meetings,
  notifications,
  orders,
  products,
  sessions as sessionRows,
  supportTickets,
  votes,
  virtualWarehouses,
} from '../src/db/schema.ts';
import { runDueSchedules } from '../src/features/smart-orders/jobs.ts';
import { hashApiKey, newApiKey } from '../src/features/developer/service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addMember, outsider, seededCoops } from './support/cooperatives.ts';
import { insertUser } from './support/marketplace.ts';

/**
 * The authorization matrix (issue 7 part 5), generated from the routes the app registered: every /api
 * endpoint is called as an anonymous visitor, as a user of each of the 11 roles, and (where its rule
 * depends on the record) as someone who does not own the record, and each answer is compared with the
 * rule the endpoint's contract declares. An endpoint without a declared rule fails the test.
 */

interface Endpoint {
  key: string;
  method: HTTPMethods;
  url: string;
  access: Access | undefined;
  resource: ResourceRule | undefined;
  apiScope: ApiScope | undefined;
}

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
/** An id that is valid but names no row: the permission gate is passed, the record is missing. */
const NO_SUCH_ID = 2147483647;

/** Answers that mean "you may call this" (whatever the input's fate). */
const allowed = (status: number) => status !== 401 && status !== 403;

// The app is built before the tests are collected, so that each endpoint is a test of its own: a slow
// endpoint names itself, and the whole matrix is never one test racing one timeout on a busy machine.
const t: TestApp = await createTestApp();
const endpoints: Endpoint[] = t.routes
  .flatMap((route: RouteOptions) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        key: `${method} ${route.url}`,
        method: method as HTTPMethods,
        url: route.url,
        access: route.config?.access,
        resource: route.config?.resource,
        apiScope: route.config?.contract?.apiScope,
      })),
  )
  .filter(({ url }) => url.startsWith('/api/') && !isDocs(url));

describe('authorization matrix', () => {
  const sessions = new Map<Role, string>();
  const bearerKeys = new Map<Role, { all: string; none: string }>();
  const keyFor = async (ownerId: number, scopes: string[]) => {
    const key = newApiKey();
    await t.db.insert(apiKeys).values({
      owner_id: ownerId,
      name: 'Matrix',
      key_hash: hashApiKey(key),
      key_prefix: key.slice(0, 8),
      key_suffix: key.slice(-8),
      scopes,
    });
    return key;
  };

  beforeAll(async () => {
    // A fresh user of every role (not a demo account: nothing seeded belongs to them).
    for (const role of ROLES) {
      const id = await insertUser(t.db, role);
      sessions.set(role, await t.sessionFor(id));
      // Keys are made on the developer screen, which not every role has: the matrix writes them in directly, as a
      // key kept after its owner's role changed would be. One with every scope, and one with none (the table
      // allows it though the API makes none), which every public endpoint must refuse for its scope.
      bearerKeys.set(role, { all: await keyFor(id, [...API_SCOPES]), none: await keyFor(id, []) });
    }
  });
  afterAll(() => t.close());

  const call = (
    endpoint: Endpoint,
    cookie: string | undefined,
    params: Record<string, number> = {},
    body?: object,
    bearer?: string,
  ) =>
    t.app.inject({
      method: endpoint.method,
      url: buildPath(
        endpoint.url,
        Object.fromEntries(
          [...endpoint.url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => [
            name!,
            params[name!] ?? NO_SUCH_ID,
          ]),
        ),
      ),
      headers: { ...(cookie ? { cookie } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      ...(body ? { payload: body } : {}),
    });

  it('finds every endpoint, and each declares its access rule', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(45);
    const undeclared = endpoints.filter((e) => e.access === undefined).map((e) => e.key);
    expect(undeclared, 'endpoints without a declared access rule').toEqual([]);
  });

  it('lists every endpoint in the OpenAPI document, with its access rule', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, { description?: string }>> };
    const missing = endpoints.filter((e) => {
      const operation = doc.paths[e.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[e.method.toLowerCase()];
      return !operation?.description?.includes('Access:');
    });
    expect(missing.map((e) => e.key)).toEqual([]);
  });

  it.each(endpoints.map((endpoint) => [endpoint.key, endpoint] as const))(
    '%s answers anonymous callers and every role as it declares',
    async (_key, endpoint) => {
      const wrong: string[] = [];
      const anonymous = await call(endpoint, undefined);
      if (endpoint.access === 'public' ? anonymous.statusCode === 401 : anonymous.statusCode !== 401) {
        wrong.push(`as anonymous: ${anonymous.statusCode}`);
      }
      if (endpoint.access !== 'public') {
        for (const role of ROLES) {
          const response = await call(endpoint, sessions.get(role));
          const permitted = endpoint.access === 'signed_in' || can(role, endpoint.access!);
          const status = response.statusCode;
          // With the permission, a 403 may only come from the record rule of an endpoint that names no
          // record in its path (the caller's own account, say); every path id here names no row (404).
          const recordRefusal =
            status === 403 && endpoint.resource !== undefined && !endpoint.url.includes(':');
          const ok = permitted ? allowed(status) || recordRefusal : status === 403;
          if (!ok) wrong.push(`as ${role}: ${status} ${response.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  // The public API (ADR 050): a key of each role, holding every scope, on every endpoint. A route whose contract
  // names no scope refuses every key (403, never the handler); one that names a scope answers a key as its owner's
  // session would be answered; and a key without the scope is refused (403) even where the role may.
  it.each(endpoints.map((endpoint) => [endpoint.key, endpoint] as const))(
    '%s answers an API key of every role as its contract declares',
    async (_key, endpoint) => {
      const wrong: string[] = [];
      const scope = endpoint.apiScope;
      for (const role of ROLES) {
        const keys = bearerKeys.get(role)!;
        const response = await call(endpoint, undefined, {}, undefined, keys.all);
        const status = response.statusCode;
        const code =
          status >= 400 ? (response.json() as { error?: { code?: string } }).error?.code : undefined;
        if (scope === undefined) {
          if (status !== 403 || code !== 'api_key.not_public') wrong.push(`as ${role}: ${status} ${code}`);
          continue;
        }
        const permitted =
          endpoint.access === 'public' || endpoint.access === 'signed_in' || can(role, endpoint.access!);
        if (permitted ? !allowed(status) : status !== 403) wrong.push(`as ${role}: ${status} ${code}`);
        const without = await call(endpoint, undefined, {}, undefined, keys.none);
        const missing =
          without.statusCode >= 400 ? (without.json() as { error?: { code?: string } }).error?.code : '';
        if (without.statusCode !== 403 || missing !== 'api_key.scope_missing') {
          wrong.push(`as ${role} without ${scope}: ${without.statusCode} ${missing}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('covers every endpoint as anonymous and every role that needs a sign-in', () => {
    const publicCount = endpoints.filter((e) => e.access === 'public').length;
    const pairs = endpoints.length + (endpoints.length - publicCount) * ROLES.length;
    console.info(
      `authorization matrix: ${endpoints.length} endpoints, ${pairs} endpoint x caller pairs ` +
        `(anonymous on all, ${ROLES.length} roles on the ${endpoints.length - publicCount} that need a sign-in)`,
    );
    expect(endpoints.length).toBeGreaterThanOrEqual(45);
  });

  it('refuses every record rule to someone who does not own the record (403 or 404)', async () => {
    const coops = await seededCoops(t.db);
    const coopId = coops.soweto;
    // The record's owner side: a coordinator of the co-op, and records that belong to the co-op or to others.
    const coordinatorId = await insertUser(t.db, 'retailer');
    await addMember(t.db, coopId, coordinatorId, { is_coordinator: true });
    const plainMemberId = await insertUser(t.db, 'retailer');
    await addMember(t.db, coopId, plainMemberId);
    const plainMember = await t.sessionFor(plainMemberId);
    const stranger = (await outsider(t)).cookie;
    const strangerSeller = await t.sessionFor(await insertUser(t.db, 'supplier'));
    const demoRetailer = await t.login('retailer');
    const demoRetailerId = await t.demoUserId('retailer');
    const [upload] = await t.db
      .insert(bulkUploads)
      .values({
        seller_id: await t.demoUserId('supplier'),
        upload_filename: 'theirs.csv',
        total_rows: 0,
        valid_rows: 0,
        error_rows: 0,
        issues: [],
        issue_count: 0,
        rows: [],
      })
      .returning({ id: bulkUploads.id });
    if (!upload) throw new Error('upload fixture');

    const first = async <T>(rows: Promise<T[]>): Promise<T> => {
      const [row] = await rows;
      if (row === undefined) throw new Error('fixture missing from the seed');
      return row;
    };
    const product = await first(
      t.db.select({ id: products.id }).from(products).where(eq(products.is_active, true)).limit(1),
    );
    // Make sure the demo retailer has a cart line and a notification of their own to aim at.
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: demoRetailer },
      payload: { product_id: product.id, quantity: 1 },
    });
    const cartLine = await first(
      t.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.user_id, demoRetailerId)).limit(1),
    );
    const notification = await first(
      t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.user_id, demoRetailerId))
        .limit(1),
    );
    const order = await first(
      t.db
        .select({ id: orders.id, buyer_id: orders.buyer_id })
        .from(orders)
        .where(ne(orders.status, 'cancelled'))
        .orderBy(asc(orders.id))
        .limit(1),
    );
    const vote = await first(
      t.db.select({ id: votes.id }).from(votes).where(eq(votes.coop_id, coopId)).limit(1),
    );
    const meeting = await first(
      t.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.coop_id, coopId)).limit(1),
    );
    const tx = await first(
      t.db
        .select({ id: coopTransactions.id })
        .from(coopTransactions)
        .where(eq(coopTransactions.coop_id, coopId))
        .limit(1),
    );
    const warehouse = await first(
      t.db
        .select({ id: virtualWarehouses.id })
        .from(virtualWarehouses)
        .where(eq(virtualWarehouses.coop_id, coopId))
        .limit(1),
    );
    const bulkOrder = await first(
      t.db
        .select({ id: bulkOrders.id })
        .from(bulkOrders)
        .where(and(eq(bulkOrders.coop_id, coopId), eq(bulkOrders.status, 'active')))
        .limit(1),
    );
    const bankLine = await first(
      t.db
        .select({ id: journalLines.id, entry_id: journalLines.entry_id })
        .from(journalLines)
        .where(and(eq(journalLines.business_id, demoRetailerId), eq(journalLines.account_code, 1010)))
        .limit(1),
    );
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    // A CRM client of the demo sales rep, aimed at by another (fresh) sales rep.
    const crmClient = await first(
      t.db
        .select({ id: crmClients.id })
        .from(crmClients)
        .where(eq(crmClients.owner_id, await t.demoUserId('sales_rep')))
        .limit(1),
    );
    const otherRep = sessions.get('sales_rep')!;
    // A published promotion of the demo supplier, aimed at by another seller.
    const promotionBody = {
      promotion_name: 'Matrix special',
      description: 'For the matrix',
      start_date: '2026-01-01',
      end_date: '2099-12-31',
      discount_percentage: 5,
      publish: true,
    };
    const promotion = await t.app.inject({
      method: 'POST',
      url: '/api/trade-promotions',
      headers: { cookie: await t.login('supplier') },
      payload: promotionBody,
    });
    expect(promotion.statusCode, promotion.body).toBe(201);
    const promotionId = (promotion.json() as { id: number }).id;
    // A seeded member's share in a bulk order, aimed at by a stranger.
    const participation = await first(
      t.db.select({ id: bulkOrderParticipations.id }).from(bulkOrderParticipations).limit(1),
    );
    // A community post of the demo coordinator, aimed at by an outsider.
    const communityPost = await first(
      t.db
        .select({ id: communityPosts.id })
        .from(communityPosts)
        .where(eq(communityPosts.author_id, await t.demoUserId('coordinator')))
        .limit(1),
    );
    // A support ticket of the demo retailer, aimed at by another customer.
    const ticket = await first(
      t.db
        .select({ id: supportTickets.id })
        .from(supportTickets)
        .where(eq(supportTickets.customer_id, demoRetailerId))
        .limit(1),
    );
    // A report and a schedule of the demo admin, aimed at by another (fresh) admin.
    const demoAdmin = await t.login('admin');
    const adminReport = (
      await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie: demoAdmin },
        payload: { report_type: 'sales', period: '7d' },
      })
    ).json() as { id: number };
    const adminSchedule = (
      await t.app.inject({
        method: 'POST',
        url: '/api/reports/schedules',
        headers: { cookie: demoAdmin },
        payload: { name: 'Weekly', report_type: 'sales', frequency: 'weekly' },
      })
    ).json() as { id: number };
    const otherAdmin = sessions.get('admin')!;
    const demoRetailerSession = await first(
      t.db
        .select({ number: sessionRows.number })
        .from(sessionRows)
        .where(eq(sessionRows.user_id, demoRetailerId))
        .limit(1),
    );
    const adminKey = (
      await t.app.inject({
        method: 'POST',
        url: '/api/developer/keys',
        headers: { cookie: demoAdmin },
        payload: { name: 'Matrix key', scopes: ['read:products'] },
      })
    ).json() as { id: number };

    // Smart orders of the demo retailer (a rule, a schedule, a proposed order) and an offer of the demo
    // supplier, aimed at by another buyer or seller: not theirs, so not found.
    const smartProduct = await first(
      t.db
        .select({ id: products.id, seller_id: products.seller_id })
        .from(products)
        .where(and(eq(products.is_active, true), eq(products.seller_id, await t.demoUserId('supplier'))))
        .limit(1),
    );
    const smartPost = async (url: string, cookie: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number };
    };
    const ruleBody = {
      product_id: smartProduct.id,
      supplier_id: smartProduct.seller_id,
      reorder_point: 1,
      reorder_quantity: 5,
    };
    const scheduleBody = {
      order_name: 'Matrix staples',
      supplier_id: smartProduct.seller_id,
      next_order_date: sastDate(),
      items: [{ product_id: smartProduct.id, quantity: 1 }],
    };
    const offerBody = {
      offer_name: 'Matrix offer',
      discount_value: 5,
      start_date: sastDate(),
      end_date: sastDate(),
    };
    const smartBuyer = await t.sessionFor(await insertUser(t.db, 'retailer'));
    const smartRule = await smartPost('/api/reorder-rules', smartBuyer, ruleBody);
    const smartSchedule = await smartPost('/api/scheduled-orders', smartBuyer, scheduleBody);
    await t.db.transaction((tx) => runDueSchedules(tx, new Date()));
    const [smartProposal] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/smart-orders/proposed',
        headers: { cookie: smartBuyer },
      })
    ).json() as { id: number }[];
    const smartOffer = await smartPost('/api/trade-offers', await t.login('supplier'), offerBody);

    /** For each endpoint with a record rule: who calls, on which record, with a valid body. */
    const attempts: Record<
      string,
      Array<{ cookie: string; params?: Record<string, number>; body?: object }>
    > = {
      'PUT /api/cart/:id': [{ cookie: stranger, params: { id: cartLine.id }, body: { quantity: 1 } }],
      'DELETE /api/cart/:id': [{ cookie: stranger, params: { id: cartLine.id } }],
      'POST /api/notifications/:id/read': [{ cookie: stranger, params: { id: notification.id } }],
      'DELETE /api/notifications/:id': [{ cookie: stranger, params: { id: notification.id } }],
      'POST /api/notifications/demo': [{ cookie: stranger }],
      'GET /api/orders/:id': [
        { cookie: stranger, params: { id: order.id } },
        { cookie: strangerSeller, params: { id: order.id } },
      ],
      'POST /api/orders/:id/status': [
        { cookie: strangerSeller, params: { id: order.id }, body: { status: 'confirmed' } },
        { cookie: sessions.get('admin')!, params: { id: order.id }, body: { status: 'confirmed' } },
      ],
      'POST /api/orders/:id/cancel': [{ cookie: stranger, params: { id: order.id } }],
      'POST /api/orders/:id/mark-paid': [{ cookie: stranger, params: { id: order.id } }],
      'POST /api/finance/journal-entries/:id/reverse': [
        { cookie: stranger, params: { id: bankLine.entry_id } },
      ],
      'POST /api/finance/bank-reconciliation/:id': [
        { cookie: stranger, params: { id: bankLine.id }, body: { reconciled: true } },
      ],
      'POST /api/orders/:id/decline': [
        { cookie: strangerSeller, params: { id: order.id }, body: { reason: 'Not my order' } },
        { cookie: sessions.get('admin')!, params: { id: order.id }, body: { reason: 'Not my order' } },
      ],
      'GET /api/cooperatives/:id/votes': [{ cookie: stranger, params: { id: coopId } }],
      'POST /api/cooperatives/:id/votes': [
        {
          cookie: stranger,
          params: { id: coopId },
          body: { title: 'Buy a bakkie', description: 'For deliveries', end_date: future },
        },
      ],
      'POST /api/cooperatives/:id/votes/:voteId/ballots': [
        { cookie: stranger, params: { id: coopId, voteId: vote.id }, body: { choice: 'for' } },
      ],
      'GET /api/cooperatives/:id/votes/:voteId/results': [
        { cookie: stranger, params: { id: coopId, voteId: vote.id } },
      ],
      'POST /api/cooperatives/:id/votes/:voteId/close': [
        { cookie: stranger, params: { id: coopId, voteId: vote.id } },
      ],
      'GET /api/cooperatives/:id/meetings': [{ cookie: stranger, params: { id: coopId } }],
      'POST /api/cooperatives/:id/meetings': [
        {
          cookie: stranger,
          params: { id: coopId },
          body: { title: 'AGM', meeting_date: future },
        },
      ],
      'POST /api/cooperatives/:id/meetings/:meetingId/attendance': [
        { cookie: stranger, params: { id: coopId, meetingId: meeting.id } },
      ],
      'GET /api/cooperatives/:id/financial-transactions': [{ cookie: stranger, params: { id: coopId } }],
      'POST /api/cooperatives/:id/financial-transactions': [
        {
          cookie: stranger,
          params: { id: coopId },
          body: { transaction_type: 'share_payment', amount: 10, description: 'Petrol' },
        },
      ],
      'POST /api/cooperatives/:id/financial-transactions/:txId/review': [
        { cookie: stranger, params: { id: coopId, txId: tx.id }, body: { decision: 'approved' } },
        { cookie: plainMember, params: { id: coopId, txId: tx.id }, body: { decision: 'approved' } },
      ],
      'GET /api/cooperatives/:id/virtual-warehouses': [{ cookie: stranger, params: { id: coopId } }],
      'POST /api/cooperatives/:id/virtual-warehouses': [
        {
          cookie: stranger,
          params: { id: coopId },
          body: {
            name: 'Depot',
            description: 'Dry goods',
            total_capacity_cubic_meters: 10,
            location_description: 'Soweto',
            cost_per_cubic_meter_monthly: 10,
          },
        },
      ],
      'POST /api/virtual-warehouses/allocate-space': [
        {
          cookie: stranger,
          body: { warehouse_id: warehouse.id, allocated_space_cubic_meters: 1, ownership_percentage: 1 },
        },
      ],
      'POST /api/bulk-orders/participate': [
        { cookie: stranger, body: { bulk_order_id: bulkOrder.id, quantity: 1 } },
      ],
      'POST /api/bulk-orders': [
        {
          cookie: stranger,
          body: {
            coop_id: coopId,
            product_id: product.id,
            bulk_discount_percentage: 5,
            minimum_quantity: 1,
            target_quantity: 10,
            end_date: future,
          },
        },
        {
          cookie: plainMember,
          body: {
            coop_id: coopId,
            product_id: product.id,
            bulk_discount_percentage: 5,
            minimum_quantity: 1,
            target_quantity: 10,
            end_date: future,
          },
        },
      ],
      'PUT /api/trade-promotions/:id': [
        { cookie: strangerSeller, params: { id: promotionId }, body: promotionBody },
      ],
      'POST /api/trade-promotions/:id/cancel': [{ cookie: strangerSeller, params: { id: promotionId } }],
      'DELETE /api/trade-promotions/:id': [{ cookie: strangerSeller, params: { id: promotionId } }],
      'GET /api/crm/clients/:id': [{ cookie: otherRep, params: { id: crmClient.id } }],
      'PUT /api/crm/clients/:id': [
        { cookie: otherRep, params: { id: crmClient.id }, body: { client_name: 'Taken over' } },
      ],
      'POST /api/crm/activities': [
        {
          cookie: otherRep,
          body: { client_id: crmClient.id, activity_type: 'call', subject: 'Poach', activity_date: future },
        },
      ],
      'DELETE /api/bulk-orders/participations/:id': [{ cookie: stranger, params: { id: participation.id } }],
      'POST /api/bulk-orders/:id/close': [
        { cookie: stranger, params: { id: bulkOrder.id } },
        { cookie: plainMember, params: { id: bulkOrder.id } },
      ],
      'PUT /api/community/posts/:id': [
        { cookie: stranger, params: { id: communityPost.id }, body: { content: 'Taken over' } },
      ],
      'DELETE /api/community/posts/:id': [{ cookie: stranger, params: { id: communityPost.id } }],
      'GET /api/support/tickets/:id': [{ cookie: stranger, params: { id: ticket.id } }],
      'POST /api/support/tickets/:id/messages': [
        { cookie: stranger, params: { id: ticket.id }, body: { message: 'Peek' } },
      ],
      'POST /api/support/tickets/:id/rating': [
        { cookie: stranger, params: { id: ticket.id }, body: { satisfaction_rating: 1 } },
      ],
      'GET /api/reports/:id/download': [{ cookie: otherAdmin, params: { id: adminReport.id } }],
      'DELETE /api/reports/schedules/:id': [{ cookie: otherAdmin, params: { id: adminSchedule.id } }],
      'DELETE /api/developer/keys/:id': [{ cookie: otherAdmin, params: { id: adminKey.id } }],
      // A session of the demo retailer, aimed at by another customer: not theirs, so not found.
      'DELETE /api/security/sessions/:id': [{ cookie: stranger, params: { id: demoRetailerSession.number } }],
      // A seller's own listing, aimed at by another (fresh) seller: not theirs, so not found.
      'PUT /api/my-products/:id': [
        {
          cookie: strangerSeller,
          params: { id: product.id },
          body: {
            name: 'Taken over',
            brand: 'Other',
            category_id: 1,
            selling_price: 1,
            mrp: 1,
            minimum_order_quantity: 1,
          },
        },
      ],
      'PUT /api/reorder-rules/:id': [{ cookie: stranger, params: { id: smartRule.id }, body: ruleBody }],
      'DELETE /api/reorder-rules/:id': [{ cookie: stranger, params: { id: smartRule.id } }],
      'PUT /api/scheduled-orders/:id': [
        { cookie: stranger, params: { id: smartSchedule.id }, body: scheduleBody },
      ],
      'DELETE /api/scheduled-orders/:id': [{ cookie: stranger, params: { id: smartSchedule.id } }],
      'POST /api/smart-orders/proposed/:id/confirm': [
        { cookie: stranger, params: { id: smartProposal!.id }, body: { total_amount: 1 } },
      ],
      'DELETE /api/smart-orders/proposed/:id': [{ cookie: stranger, params: { id: smartProposal!.id } }],
      'PUT /api/trade-offers/:id': [
        { cookie: strangerSeller, params: { id: smartOffer.id }, body: offerBody },
      ],
      'DELETE /api/trade-offers/:id': [{ cookie: strangerSeller, params: { id: smartOffer.id } }],
      'PUT /api/my-products/:id/status': [
        { cookie: strangerSeller, params: { id: product.id }, body: { is_active: false } },
      ],
      // Another seller's pending upload: neither its report nor its import is the stranger's.
      'GET /api/bulk-uploads/:id': [{ cookie: strangerSeller, params: { id: upload.id } }],
      'POST /api/bulk-uploads/:id/import': [
        { cookie: strangerSeller, params: { id: upload.id }, body: { on_errors: 'skip' } },
      ],
    };

    const withRecordRule = endpoints.filter((e) => e.resource !== undefined);
    // Generated: an endpoint that declares a record rule must have its attempt here.
    expect(
      withRecordRule.map((e) => e.key).filter((key) => !(key in attempts)),
      'record-rule endpoints without an attempt',
    ).toEqual([]);
    const wrong: string[] = [];
    let checked = 0;
    for (const endpoint of withRecordRule) {
      for (const attempt of attempts[endpoint.key]!) {
        const response = await call(endpoint, attempt.cookie, attempt.params, attempt.body);
        checked += 1;
        if (response.statusCode !== 403 && response.statusCode !== 404) {
          wrong.push(
            `${endpoint.key} (${endpoint.resource}): ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(withRecordRule.length);
    // The order is untouched by all of it.
    const [after] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(after?.status).not.toBe('cancelled');
    console.info(
      `authorization matrix: ${checked} record-rule refusals over ${withRecordRule.length} endpoints`,
    );
  });

  it('an endpoint registered without a rule is refused to everyone and fails the declaration check', async () => {
    const probe = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/undeclared-probe', async () => ({ leaked: true }));
      },
    });
    try {
      const route = probe.routes.find((r) => r.url === '/api/undeclared-probe');
      expect(route?.config?.access).toBeUndefined();
      const admin = await probe.sessionFor(await insertUser(probe.db, 'admin'));
      const response = await probe.app.inject({
        method: 'GET',
        url: '/api/undeclared-probe',
        headers: { cookie: admin },
      });
      expect(response.statusCode).toBe(403);
      expect((await probe.app.inject({ method: 'GET', url: '/api/undeclared-probe' })).statusCode).toBe(401);
    } finally {
      await probe.close();
    }
  });
});
