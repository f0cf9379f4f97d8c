import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/features/auth/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';
import {
  idempotencyKey,
  insertCategory,
  insertProduct,
  insertUser,
  orderNumber,
  rand,
  vat15,
} from './support/marketplace.ts';
import { openTestDatabase } from './support/test-database.ts';
import { inject } from 'vitest';

/** Issue 8: findings 3, 5 and the platform items of 9, each reproduced as the review found it. */

const signIn = (t: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/demo/login',
    headers,
    payload: { role: 'retailer' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const sessionCookie = (response: LightMyRequestResponse) =>
  response.cookies.find((c) => c.name === SESSION_COOKIE);

describe('finding 3: TRUST_PROXY decides whose address the sign-in limit counts', () => {
  it('parses TRUST_PROXY as off, a hop count or a list of addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  describe('no proxy configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '3' } });
    });
    afterAll(() => t.close());

    it('ignores a forged X-Forwarded-For: rotating it does not get past the limit', async () => {
      for (let i = 0; i < 3; i += 1) {
        expect((await signIn(t, { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode).toBe(200);
      }
      const before = await count(t.db, 'sessions');
      const limited = await signIn(t, { 'x-forwarded-for': '198.51.100.99' });
      expectError(limited, 429, 'auth.rate_limited');
      expect(await count(t.db, 'sessions')).toBe(before);
    });
  });

  describe('one trusted proxy hop', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: '1' } });
    });
    afterAll(() => t.close());

    it('counts each client the proxy names separately', async () => {
      const from = (ip: string) => signIn(t, { 'x-forwarded-for': ip });
      expect((await from('203.0.113.5')).statusCode).toBe(200);
      expect((await from('203.0.113.5')).statusCode).toBe(200);
      expectError(await from('203.0.113.5'), 429, 'auth.rate_limited');
      expect((await from('203.0.113.6')).statusCode).toBe(200);
    });
  });

  describe('trusted proxy addresses', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: '10.0.0.1' } });
    });
    afterAll(() => t.close());

    it('believes X-Forwarded-For only from the listed proxy', async () => {
      // A caller that is not the proxy is counted by its own address, whatever it claims.
      for (let i = 0; i < 2; i += 1) {
        const ok = await signIn(t, { 'x-forwarded-for': `198.51.100.${i}` }, '192.0.2.9');
        expect(ok.statusCode).toBe(200);
      }
      expectError(await signIn(t, { 'x-forwarded-for': '198.51.100.7' }, '192.0.2.9'), 429);
      // Through the proxy, the client it names is counted.
      expect((await signIn(t, { 'x-forwarded-for': '198.51.100.7' }, '10.0.0.1')).statusCode).toBe(200);
    });
  });
});

describe('finding 5: NUL, invalid UTF-8 and lone surrogates are refused with 400 naming the field', () => {
  let t: TestApp;
  let userId: number;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    userId = await insertUser(t.db, 'retailer', 'Thandi Nkosi');
    cookie = await t.sessionFor(userId);
  });
  afterAll(() => t.close());

  const saved = async () => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;
  const putProfile = (payload: string | Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload,
    });

  it('refuses a NUL character in a body field (was a 500)', async () => {
    const before = await saved();
    const response = await putProfile(
      JSON.stringify({ name: 'Thandi', role: 'retailer', address: '12 Main\u0000Road' }),
    );
    const error = expectError(response, 400, 'bad_request');
    expect(error.fields).toHaveProperty('address');
    expect(error.message).toMatch(/address/);
    expect(await saved()).toEqual(before);
  });

  it('refuses invalid UTF-8 in a JSON body instead of storing a replacement character', async () => {
    const before = await saved();
    const payload = Buffer.concat([
      Buffer.from('{"name":"Thandi","role":"retailer","city":"Sowet'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('o"}'),
    ]);
    const response = await putProfile(payload);
    expectError(response, 400, 'request.malformed_body');
    expect(await saved()).toEqual(before);
  });

  it('refuses a lone surrogate (escaped in JSON) naming the field, nested ones too', async () => {
    const before = await saved();
    const response = await putProfile('{"name":"Thandi","role":"retailer","city":"Soweto\\ud800"}');
    const error = expectError(response, 400, 'bad_request');
    expect(error.fields).toHaveProperty('city');
    expect(await saved()).toEqual(before);

    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': idempotencyKey() },
      payload: '{"items":[{"product_id":1,"quantity":1,"note":"a\\udc00"}]}',
    });
    expect(expectError(nested, 400, 'bad_request').fields).toHaveProperty(['items.0.note']);
  });

  it('refuses NUL and lone surrogates in the query string and the path too', async () => {
    const nul = await t.app.inject({
      method: 'GET',
      url: '/api/products?search=maize%00',
      headers: { cookie },
    });
    expect(expectError(nul, 400, 'bad_request').fields).toHaveProperty('search');
    const surrogate = await t.app.inject({
      method: 'GET',
      url: '/api/products?search=%ED%A0%80',
      headers: { cookie },
    });
    expect(expectError(surrogate, 400, 'bad_request').fields).toHaveProperty('search');
    const inPath = await t.app.inject({ method: 'GET', url: '/api/orders/1%00', headers: { cookie } });
    expectError(inPath, 400, 'bad_request');
  });
});

describe("finding 9: Fastify's own errors answer in the one error shape", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('retailer');
  });
  afterAll(() => t.close());

  it.each([
    ['a bad percent-escape in the path', 'GET', '/api/orders/%E0%A4%A', undefined, undefined],
    ['a lone % in the path', 'GET', '/api/%', undefined, undefined],
    ['malformed JSON', 'PUT', '/api/users/profile', 'application/json', '{"name": "Thandi",'],
    ['an empty body with a JSON content type', 'POST', '/api/orders/1/cancel', 'application/json', ''],
    ['a JSON body that is only a string', 'PUT', '/api/users/profile', 'application/json', '"x"'],
    ['an unsupported content type', 'PUT', '/api/users/profile', 'application/xml', '<a/>'],
    [
      'a JSON content type in an unknown charset',
      'PUT',
      '/api/users/profile',
      'application/json; charset=utf-16',
      '{}',
    ],
  ])('%s', async (_label, method, url, contentType, payload) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectError(response, response.statusCode);
  });
});

describe("finding 9: the HTTP parser's own refusals answer in the one error shape", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends raw bytes over a socket and returns the status and body of the answer. */
  function raw(request: string): Promise<{ status: number; body: string; contentType: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        resolve({
          status: Number(head.split(' ')[1]),
          body,
          contentType: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '',
        });
      });
    });
  }

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n', 400],
    [
      'headers over the size limit',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('%s', async (_label, request, status) => {
    const answer = await raw(request);
    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
    expect(body).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
  });
});

describe('finding 9: an Idempotency-Key reused for a different delivery address or notes', () => {
  let t: TestApp;
  let cookie: string;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const supplierId = await t.demoUserId('supplier');
    const category = await insertCategory(t.db, 'Idem', await insertCategory(t.db, 'Idem dept'));
    productId = await insertProduct(t.db, {
      seller_id: supplierId,
      category_id: category,
      price_cents: 1000,
    });
    cookie = await t.sessionFor(await insertUser(t.db, 'retailer'));
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    order_number: orderNumber(),
    total_amount: rand(1000 + vat15(1000) + 3999),
    tax_amount: rand(vat15(1000)),
    items: [{ product_id: productId, quantity: 1, unit_price: 10, total_price: 10 }],
    delivery_option: 'standard',
    delivery_address: '12 Vilakazi Street, Soweto',
    notes: 'Ring twice',
    ...over,
  });
  const post = (key: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, 'idempotency-key': key },
      payload,
    });

  it('refuses with 409 and creates nothing; the same content under a new order number replays', async () => {
    const key = idempotencyKey();
    const first = await post(key, body());
    expect(first.statusCode, first.body).toBe(201);
    const orders = await count(t.db, 'orders');

    expectError(
      await post(key, body({ delivery_address: '3 Other Road, Tembisa' })),
      409,
      'checkout.idempotency_key_reused',
    );
    expectError(
      await post(key, body({ notes: 'Leave at the gate' })),
      409,
      'checkout.idempotency_key_reused',
    );
    expectError(await post(key, body({ notes: null })), 409, 'checkout.idempotency_key_reused');
    expect(await count(t.db, 'orders')).toBe(orders);

    // The client's order number is ignored (DECISIONS 19), so it does not make a request different.
    const again = await post(key, body());
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(t.db, 'orders')).toBe(orders);
  });
});

describe('finding 9: only JSON bodies, and no cross-site writes', () => {
  let t: TestApp;
  let userId: number;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://shop.example.co.za' },
      beforeReady(app) {
        // A route that declares a multipart upload (none of the product's routes does yet).
        app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_r, body, done) =>
          done(null, { raw: body }),
        );
        app.post(
          '/api/test/upload',
          { config: { access: 'signed_in', multipartUpload: true } },
          async () => ({ ok: true }),
        );
      },
    });
    userId = await insertUser(t.db, 'retailer', 'Sipho Dlamini');
    cookie = await t.sessionFor(userId);
  });
  afterAll(() => t.close());

  const name = async () => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.name;
  const profile = JSON.stringify({ name: 'Changed', role: 'retailer' });

  it('refuses text/plain and form bodies with 415, even empty ones, writing nothing', async () => {
    for (const contentType of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { cookie, 'content-type': contentType },
        payload: profile,
      });
      expectError(response, 415);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/demo/login',
        headers: { 'content-type': contentType },
      });
      expectError(empty, 415);
    }
    expect(await name()).toBe('Sipho Dlamini');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie, 'content-type': 'application/json; charset=utf-8' },
      payload: profile,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('accepts multipart only on a route that declares an upload', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/upload',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses writes from another origin or site (Origin, Sec-Fetch-Site), writing nothing', async () => {
    const before = await name();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'https://sibling.example.co.za' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ name: 'Forged', role: 'retailer' }),
      });
      expectError(response, 403, 'request.cross_site');
    }
    expect(await name()).toBe(before);

    // The app's own origin, and callers that are not browsers, still write.
    for (const headers of [{ origin: 'https://shop.example.co.za', 'sec-fetch-site': 'same-origin' }, {}]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ name: 'Sipho D', role: 'retailer' }),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('refuses the cross-site logout and keeps the session', async () => {
    const own = await t.sessionFor(userId);
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { referer: 'https://evil.example/' }]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: own, ...headers },
      });
      expectError(response, 403, 'request.cross_site');
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: own } });
    expect(me.statusCode).toBe(200);
  });
});

describe('finding 9: the session cookie', () => {
  let http: TestApp;
  let proxied: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await createTestApp();
    proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    https = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.co.za' } });
  });
  afterAll(async () => {
    await http.close();
    await proxied.close();
    await https.close();
  });

  it('is Secure when PUBLIC_URL is https, or a trusted proxy says the request came over https', async () => {
    expect(sessionCookie(await signIn(https))?.secure).toBe(true);
    expect(sessionCookie(await signIn(http))?.secure).toBeFalsy();
    expect(sessionCookie(await signIn(http, { 'x-forwarded-proto': 'https' }))?.secure).toBeFalsy();
    expect(sessionCookie(await signIn(proxied, { 'x-forwarded-proto': 'https' }))?.secure).toBe(true);
    expect(sessionCookie(await signIn(proxied))?.secure).toBeFalsy();
  });

  it('is rotated when signing in again: the earlier session ends', async () => {
    const first = sessionCookie(await signIn(http))!;
    const old = `${SESSION_COOKIE}=${first.value}`;
    const second = await signIn(http, { cookie: old });
    expect(sessionCookie(second)!.value).not.toBe(first.value);
    expectError(
      await http.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: old } }),
      401,
    );
    const fresh = `${SESSION_COOKIE}=${sessionCookie(second)!.value}`;
    const me = await http.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: fresh } });
    expect(me.statusCode).toBe(200);
  });

  it('is cleared on logout with the same HttpOnly, SameSite and Secure attributes', async () => {
    const cookie = `${SESSION_COOKIE}=${sessionCookie(await signIn(https))!.value}`;
    const response = await https.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const cleared = sessionCookie(response)!;
    expect(cleared.value).toBe('');
    expect(cleared.httpOnly).toBe(true);
    expect(cleared.secure).toBe(true);
    expect(cleared.sameSite).toBe('Lax');
  });
});

describe('finding 9: personal data stays out of the error logs', () => {
  it('logs a failed query without its parameters or the database detail', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const { database, dispose } = await openTestDatabase(inject('testDatabase'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SESSION_SECRET: 'x'.repeat(32) });
    const app = await buildApp({ config, database, logStream: stream });
    app.get('/api/test/leak', { config: { access: 'public' } }, async () => {
      await app.db.execute(
        sql`select ${'12 Vilakazi Street, Soweto'}::text as address, ${'Ring twice, ask for Thandi'}::int as notes`,
      );
      return { ok: true };
    });
    app.get('/api/test/leak-detail', { config: { access: 'public' } }, async () => {
      const email = 'thandi.private@example.com';
      await app.db.insert(users).values({ email, name: 'A', role: 'retailer' });
      await app.db.insert(users).values({ email, name: 'B', role: 'retailer' });
      return { ok: true };
    });
    try {
      await app.ready();
      expectError(await app.inject({ method: 'GET', url: '/api/test/leak' }), 500, 'internal');
      expectError(await app.inject({ method: 'GET', url: '/api/test/leak-detail' }), 500, 'internal');
      const log = lines.join('');
      expect(log).toMatch(/request failed/);
      expect(log).toMatch(/Failed query/);
      expect(log).not.toMatch(/Vilakazi|Thandi|thandi\.private/);
    } finally {
      await app.close();
      await dispose();
    }
  });
});
