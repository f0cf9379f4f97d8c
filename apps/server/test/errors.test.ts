import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp } from './support/test-app.ts';

const SECRET = 'password=hunter2 at db.internal:5432';

describe('errors', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        // Test-only routes declare their access rule like every route (an undeclared one is refused).
        app.get('/api/test/boom', { config: { access: 'signed_in' } }, async () => {
          throw new Error(SECRET);
        });
        app.get('/api/test/boom-status', { config: { access: 'signed_in' } }, async () => {
          throw Object.assign(new Error(SECRET), { statusCode: 502 });
        });
      },
    });
    cookie = await t.login('retailer');
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with 404 JSON, anonymous or signed in', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expectError(await t.app.inject({ method, url: '/api/nope' }), 404, 'not_found');
      expectError(
        await t.app.inject({ method, url: '/api/nope?x=1', headers: { cookie } }),
        404,
        'not_found',
      );
    }
  });

  it('answers a malformed JSON body with 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"name": "Thandi",',
    });
    expectError(response, 400, 'request.malformed_body');
  });

  it('answers a request that fails its schema with a code and params per field, and English text', async () => {
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { name: '  ', role: 'retailer', phone: 'call me', years_in_business: 51 },
    });
    const refused = expectError(profile, 400, 'bad_request');
    expect(refused.field_codes).toEqual({
      name: { code: 'validation.required' },
      phone: { code: 'validation.phone' },
      years_in_business: { code: 'validation.years_range' },
    });
    expect(refused.fields?.years_in_business).toBe('Years in business must be between 0 and 50.');

    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie },
      payload: { product_id: 'x', quantity: 0 },
    });
    const error = expectError(cart, 400, 'bad_request');
    expect(error.field_codes).toEqual({
      product_id: { code: 'validation.number' },
      quantity: { code: 'validation.too_small', params: { minimum: 1 } },
    });
    expect(error.fields).toEqual({ product_id: 'Enter a number.', quantity: 'At least 1.' });
    expect(error.message).toBe('Invalid product_id: Enter a number.');
  });

  it('answers a JSON body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), role: 'retailer' }),
    });
    expectError(response, 413, 'payload_too_large');
  });

  it('never leaks the message of an error inside a route (500)', async () => {
    for (const url of ['/api/test/boom', '/api/test/boom-status']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      const error = expectError(response, 500, 'internal');
      expect(error.message).not.toContain('hunter2');
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain('db.internal');
    }
  });
});
