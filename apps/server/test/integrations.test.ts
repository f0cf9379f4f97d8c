import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  MARKETPLACE_KEYS,
  type Connection,
  type CreatedApiKey,
  type IntegrationLogList,
  type IntegrationsOverview,
  type MarketplaceDemand,
  type MarketplaceEntry,
} from '@tt/domain';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('integrations (/api/integrations, ADR 055)', () => {
  let t: TestApp;
  let coordinator: { id: number; cookie: string };
  let admin: string;
  let retailer: { id: number; cookie: string };
  let supplier: string;

  const inject = (method: Method, url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const ok = async <T>(method: Method, url: string, cookie: string, status = 200) => {
    const response = await inject(method, url, cookie);
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  const overview = (cookie: string) => ok<IntegrationsOverview>('GET', '/api/integrations', cookie);
  const connection = <I extends Connection['id']>(o: IntegrationsOverview, id: I) =>
    o.connections.find((c) => c.id === id) as Extract<Connection, { id: I }> | undefined;
  const requests = () => count(t.db, 'integration_requests');

  beforeAll(async () => {
    t = await createTestApp();
    const coordinatorId = await insertUser(t.db, 'coordinator', 'Integration Coordinator');
    coordinator = { id: coordinatorId, cookie: await t.sessionFor(coordinatorId) };
    admin = await t.sessionFor(await insertUser(t.db, 'admin', 'Integration Admin'));
    const retailerId = await insertUser(t.db, 'retailer', 'Integration Retailer');
    retailer = { id: retailerId, cookie: await t.sessionFor(retailerId) };
    supplier = await t.sessionFor(await insertUser(t.db, 'supplier', 'Integration Supplier'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every route to a visitor who is not signed in (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/integrations'],
      ['GET', '/api/integrations/activity'],
      ['GET', '/api/integrations/marketplace'],
      ['PUT', '/api/integrations/marketplace/payfast/request'],
      ['DELETE', '/api/integrations/marketplace/payfast/request'],
      ['GET', '/api/integrations/marketplace/requests'],
    ] as const)
      expectError(await inject(method, url), 401, 'unauthorized');
  });

  it('shows the public API as it is: inactive without a key, pending with an unused one, then its real figures', async () => {
    let o = await overview(coordinator.cookie);
    expect(connection(o, 'public_api')).toMatchObject({ status: 'inactive', live_keys: 0, requests_24h: 0 });
    // Sign-in by OIDC is not configured in the tests' environment: inactive, naming what would switch it on.
    expect(connection(o, 'sso')).toMatchObject({
      status: 'inactive',
      issuer_host: null,
      env_vars: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
    });
    // Only admins see the database.
    expect(connection(o, 'database')).toBeUndefined();

    const made = await inject('POST', '/api/developer/keys', coordinator.cookie, {
      name: 'Till sync',
      scopes: ['read:products'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json() as CreatedApiKey;
    o = await overview(coordinator.cookie);
    expect(connection(o, 'public_api')).toMatchObject({ status: 'pending', live_keys: 1 });
    expect(o.counts.needs_setup).toBeGreaterThanOrEqual(1);

    const bearer = { authorization: `Bearer ${key.key}` };
    // The log is written once the answer has gone: each request's line is waited for before the next is made, so
    // that the two lines are written in the order of the requests (two writes under way at once may not be).
    const logged = (count: number) =>
      vi.waitFor(async () =>
        expect(connection(await overview(coordinator.cookie), 'public_api')?.requests_24h).toBe(count),
      );
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: bearer })).statusCode).toBe(
      200,
    );
    await logged(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer })).statusCode).toBe(403);
    await logged(2);
    o = await overview(coordinator.cookie);
    expect(connection(o, 'public_api')).toMatchObject({ status: 'active', errors_24h: 1 });
    expect(connection(o, 'public_api')!.last_activity_at).not.toBeNull();
    expect(o.counts).toMatchObject({ requests_24h: 2, errors_24h: 1 });
    expect(o.recent.map((r) => [r.action, r.status, r.http_status])).toEqual([
      ['GET /api/orders', 'error', 403],
      ['GET /api/products', 'success', 200],
    ]);
    expect(o.recent[0]!.key_name).toBe('Till sync');

    // Half of three or more failing is an error.
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer })).statusCode).toBe(403);
    await vi.waitFor(async () =>
      expect(connection(await overview(coordinator.cookie), 'public_api')?.status).toBe('error'),
    );

    // The activity log filters by outcome and pages as the developer log does.
    const all = await ok<IntegrationLogList>('GET', '/api/integrations/activity', coordinator.cookie);
    expect(all.matching).toBe(3);
    const errors = await ok<IntegrationLogList>(
      'GET',
      '/api/integrations/activity?status=error',
      coordinator.cookie,
    );
    expect(errors.logs.map((l) => l.http_status)).toEqual([403, 403]);
    const successes = await ok<IntegrationLogList>(
      'GET',
      '/api/integrations/activity?status=success&page=1',
      coordinator.cookie,
    );
    expect(successes).toMatchObject({ matching: 1, page: 1 });
    expect(successes.logs[0]).toMatchObject({ action: 'GET /api/products', integration: 'public_api' });

    // Another key holder sees none of it.
    const other = await overview(admin);
    expect(connection(other, 'public_api')).toMatchObject({ live_keys: 0, requests_24h: 0 });
    expect(other.recent).toEqual([]);
  });

  it("shows each role what it uses: a seller's spreadsheets, a shop's inventory export, an admin's database", async () => {
    const shop = await overview(retailer.cookie);
    expect(connection(shop, 'public_api')).toMatchObject({ available: false, status: 'inactive' });
    expect(connection(shop, 'spreadsheet_import')).toMatchObject({ available: false, status: 'inactive' });
    expect(connection(shop, 'inventory_export')).toMatchObject({ available: true, status: 'active' });
    expect(connection(shop, 'sso')?.can_set_up).toBe(false);
    expect(shop.counts.needs_setup).toBe(0);

    const seller = await overview(supplier);
    expect(connection(seller, 'spreadsheet_import')).toMatchObject({
      available: true,
      status: 'pending',
      uploads: 0,
    });

    const platform = await overview(admin);
    expect(connection(platform, 'database')).toMatchObject({ status: 'active', engine: t.dbKind });
    expect(connection(platform, 'database')!.version).toMatch(/^PostgreSQL \d+/);
    expect(connection(platform, 'sso')?.can_set_up).toBe(true);
  });

  it('reports single sign-on as active when the deployment configures it', async () => {
    const configured = await createTestApp({
      env: { OIDC_ISSUER: 'https://login.example.co.za/realms/shops', OIDC_CLIENT_ID: 'township-trade' },
    });
    try {
      const cookie = await configured.sessionFor(await insertUser(configured.db, 'retailer'));
      const response = await configured.app.inject({
        method: 'GET',
        url: '/api/integrations',
        headers: { cookie },
      });
      const sso = (response.json() as IntegrationsOverview).connections.find((c) => c.id === 'sso');
      expect(sso).toMatchObject({ status: 'active', issuer_host: 'login.example.co.za' });
    } finally {
      await configured.close();
    }
  });

  it('keeps the activity log and the demand to the roles that may see them (403)', async () => {
    expectError(await inject('GET', '/api/integrations/activity', retailer.cookie), 403, 'forbidden');
    expectError(await inject('GET', '/api/integrations/activity', supplier), 403, 'forbidden');
    expectError(
      await inject('GET', '/api/integrations/marketplace/requests', coordinator.cookie),
      403,
      'forbidden',
    );
    expectError(
      await inject('GET', '/api/integrations/marketplace/requests', retailer.cookie),
      403,
      'forbidden',
    );
  });

  it('lists the fixed marketplace, none of it connected, and records a request once, even asked at once', async () => {
    const listed = await ok<MarketplaceEntry[]>('GET', '/api/integrations/marketplace', retailer.cookie);
    expect(listed.map((e) => e.key)).toEqual(MARKETPLACE_KEYS);
    expect(listed.every((e) => !e.connected && !e.requested)).toBe(true);
    expect(new Set(listed.map((e) => e.integration_type))).toEqual(
      new Set(['payment', 'shipping', 'inventory', 'accounting', 'crm', 'marketing', 'analytics']),
    );

    const before = await requests();
    const at = await Promise.all(
      Array.from({ length: 6 }, () =>
        inject('PUT', '/api/integrations/marketplace/payfast/request', retailer.cookie),
      ),
    );
    for (const response of at) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ key: 'payfast', requested: true, connected: false });
    }
    expect(await requests()).toBe(before + 1);
    await ok('PUT', '/api/integrations/marketplace/xero/request', retailer.cookie);
    await ok('PUT', '/api/integrations/marketplace/payfast/request', supplier);

    const mine = await ok<MarketplaceEntry[]>('GET', '/api/integrations/marketplace', retailer.cookie);
    expect(mine.filter((e) => e.requested).map((e) => e.key)).toEqual(['payfast', 'xero']);
    expect(await ok<MarketplaceDemand>('GET', '/api/integrations/marketplace/requests', admin)).toEqual([
      { key: 'payfast', requests: 2 },
      { key: 'xero', requests: 1 },
    ]);

    // Withdrawn, and withdrawing again is already done.
    const withdrawn = await ok<MarketplaceEntry>(
      'DELETE',
      '/api/integrations/marketplace/xero/request',
      retailer.cookie,
    );
    expect(withdrawn.requested).toBe(false);
    await ok('DELETE', '/api/integrations/marketplace/xero/request', retailer.cookie);
    expect(await ok<MarketplaceDemand>('GET', '/api/integrations/marketplace/requests', admin)).toEqual([
      { key: 'payfast', requests: 2 },
    ]);
  });

  it('refuses a service that is not in the catalogue and a bad filter (400), writing nothing', async () => {
    const before = await requests();
    for (const url of [
      '/api/integrations/marketplace/stripe/request',
      '/api/integrations/marketplace/PAYFAST/request',
      `/api/integrations/marketplace/${'x'.repeat(60)}/request`,
    ])
      expectError(await inject('PUT', url, retailer.cookie), 400);
    expectError(await inject('GET', '/api/integrations/activity?status=failed', coordinator.cookie), 400);
    expectError(await inject('GET', '/api/integrations/activity?page=0', coordinator.cookie), 400);
    expect(await requests()).toBe(before);
    expect(await count(t.db, 'integration_requests', sql`integration_key = 'stripe'`)).toBe(0);
  });
});
