import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { createTestApp, expectError, type TestApp } from './support/test-app.ts';

/**
 * Every /api call other than these answers 401 to an anonymous caller. Adding to this list is a
 * decision that the endpoint is meant for people who are not signed in.
 */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/demo/login',
  'GET /api/oauth/google/redirect_url',
  'POST /api/sessions',
  'GET /api/logout',
  // Which sign-in methods the landing page offers: asked before anyone signs in.
  'GET /api/auth/options',
  // Own accounts: signing up and in, and the password and invitation links, come before any session.
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/password',
  'POST /api/auth/password-reset',
  'POST /api/auth/invitation',
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey/login',
  // The deployment's branding and its logo: every visitor's app applies them, signed in or not (ADR 049).
  'GET /api/branding',
  'GET /api/branding/logo',
]);
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('anonymous callers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const apiRoutes = () =>
    t.routes
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
          method,
          url: route.url,
        })),
      )
      .filter(({ url }) => url.startsWith('/api/') && !isDocs(url));

  it('sees the routes as they register', () => {
    const seen = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    for (const known of [
      'GET /api/users/me',
      'PUT /api/users/profile',
      'GET /api/dashboard',
      'DELETE /api/notifications/:id',
      'GET /api/products',
      'GET /api/categories',
      'GET /api/user-plan-restrictions',
      'GET /api/cart',
      'POST /api/cart',
      'PUT /api/cart/:id',
      'DELETE /api/cart/:id',
      'GET /api/orders',
      'POST /api/orders',
      'GET /api/orders/:id',
      'POST /api/orders/:id/status',
      'POST /api/orders/:id/cancel',
      ...PUBLIC,
    ]) {
      expect(seen, known).toContain(known);
    }
  });

  it('get 401 JSON from every /api route that is not public', async () => {
    const checked: string[] = [];
    for (const { method, url } of apiRoutes()) {
      const key = `${method} ${url}`;
      if (PUBLIC.has(key) || (method === 'HEAD' && PUBLIC.has(`GET ${url}`))) continue;
      const path = url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');
      const response = await t.app.inject({ method: method as HTTPMethods, url: path });
      if (method === 'HEAD') {
        expect(response.statusCode, key).toBe(401);
      } else {
        expect(response.statusCode, `${key}: ${response.body}`).toBe(401);
        expectError(response, 401, 'unauthorized');
      }
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThanOrEqual(19);
  });

  // Issue 8 finding 2: the router decodes %61 to "a", so the sign-in check must not read the raw URL.
  it('get 401 from a percent-encoded /api path, decided on the matched route', async () => {
    for (const url of [
      '/%61pi/categories',
      '/%61pi/cooperatives',
      '/%61pi/cooperatives/1',
      '/%61pi/bulk-orders',
      '/%61%70%69/orders',
      '/api/%63art',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expectError(response, 401, 'unauthorized');
    }
  });
});
