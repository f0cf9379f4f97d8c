import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import {
  brandingSchema,
  DEFAULT_BRANDING,
  LOGO_MAX_BYTES,
  type ApiErrorBody,
  type Branding,
} from '@tt/domain';
import { branding } from '../src/db/schema.ts';
import { restoreDemo } from '../src/db/seeds.ts';
import { insertUser } from './support/marketplace.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';

describe('branding (GET/PUT /api/branding, the logo)', () => {
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let retailer: string;
  const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const current = async () => {
    const response = await send('GET', '/api/branding');
    expect(response.statusCode, response.body).toBe(200);
    return brandingSchema.parse(response.json());
  };
  const upload = (cookie: string | undefined, bytes: Buffer, filename = 'logo.png', type = 'image/png') => {
    const boundary = `----tt${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/branding/logo',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
      payload,
    });
  };
  const pngOf = (width: number, height: number) => {
    const png = new PNG({ width, height });
    for (let i = 0; i < width * height; i += 1)
      png.data.set([200, (i * 3) % 256, 40, i % 2 ? 255 : 0], i * 4);
    return PNG.sync.write(png);
  };
  const blue = {
    ...DEFAULT_BRANDING,
    primary_color: '#3B82F6',
    app_name: '  Kasi Market  ',
    font: 'poppins',
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
    coordinator = await t.login('coordinator');
    retailer = await t.login('retailer');
  });
  beforeEach(async () => {
    await t.db.delete(branding);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers anyone with the defaults while nothing was saved', async () => {
    expect(await current()).toEqual({ ...DEFAULT_BRANDING, logo_url: null, version: 0, updated_at: null });
  });

  it('saves what an admin sends, and every visitor reads it; the version goes up with each save', async () => {
    const saved = await send('PUT', '/api/branding', admin, blue);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as Branding;
    expect(body).toMatchObject({
      primary_color: '#3b82f6',
      app_name: 'Kasi Market',
      font: 'poppins',
      version: 1,
    });
    expect(await current()).toEqual(body);
    const again = (
      await send('PUT', '/api/branding', admin, { ...blue, tagline: 'Buy together' })
    ).json() as Branding;
    expect(again).toMatchObject({ tagline: 'Buy together', version: 2 });
    expect(await count(t.db, 'branding')).toBe(1);
  });

  it('answers 304 with no body to a visitor whose copy is the current version (ETag)', async () => {
    const first = await send('GET', '/api/branding');
    const etag = first.headers.etag as string;
    expect(etag).toBe('"b0"');
    expect(first.headers['cache-control']).toBe('no-cache');
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/api/branding',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    await send('PUT', '/api/branding', admin, blue);
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/branding',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe('"b1"');
  });

  it('refuses nobody (401), a coordinator and a retailer (403), writing nothing', async () => {
    expectError(await send('PUT', '/api/branding', undefined, blue), 401);
    expectError(await send('PUT', '/api/branding', coordinator, blue), 403, 'branding.admin_only');
    expectError(await send('PUT', '/api/branding', retailer, blue), 403, 'branding.admin_only');
    expectError(await send('DELETE', '/api/branding/logo', coordinator), 403, 'branding.admin_only');
    expectError(await upload(coordinator, pngOf(8, 8)), 403, 'branding.admin_only');
    expectError(await upload(undefined, pngOf(8, 8)), 401);
    expect(await count(t.db, 'branding')).toBe(0);
  });

  it('refuses a bad colour, a colour white text cannot be read on, a long name or an unknown font (400), writing nothing', async () => {
    const refused = async (body: unknown, field: string, code: string) => {
      const error = expectError(
        await send('PUT', '/api/branding', admin, body),
        400,
      ) as ApiErrorBody['error'];
      expect(error.field_codes?.[field]?.code, JSON.stringify(error)).toBe(code);
    };
    await refused({ ...blue, primary_color: 'blue' }, 'primary_color', 'validation.hex_colour');
    await refused({ ...blue, accent_color: '#12345' }, 'accent_color', 'validation.hex_colour');
    await refused({ ...blue, primary_color: '#fef08a' }, 'primary_color', 'validation.contrast');
    await refused({ ...blue, app_name: 'x'.repeat(41) }, 'app_name', 'validation.too_long');
    await refused({ ...blue, app_name: ' ' }, 'app_name', 'validation.required');
    await refused({ ...blue, font: 'comic_sans' }, 'font', 'validation.invalid_option');
    await refused({ ...blue, theme: 'dark' }, 'theme', 'validation.invalid_option');
    expect(await count(t.db, 'branding')).toBe(0);
  });

  it('keeps a logo the server re-encoded, serves it by its version, and removes it', async () => {
    const response = await upload(admin, pngOf(600, 300));
    expect(response.statusCode, response.body).toBe(200);
    const withLogo = brandingSchema.parse(response.json());
    expect(withLogo.logo_url).toBe(`/api/branding/logo?v=${withLogo.version}`);
    // The settings stay the defaults: a logo alone makes the row.
    expect(withLogo).toMatchObject({ ...DEFAULT_BRANDING, version: 1 });
    const served = await send('GET', withLogo.logo_url!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const image = jpeg.decode(served.rawPayload);
    expect([image.width, image.height]).toEqual([256, 128]);
    // Saving the settings afterwards keeps the logo.
    const saved = (await send('PUT', '/api/branding', admin, blue)).json() as Branding;
    expect(saved.logo_url).toBe(`/api/branding/logo?v=${saved.version}`);

    const removed = await send('DELETE', '/api/branding/logo', admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(brandingSchema.parse(removed.json())).toMatchObject({ logo_url: null, app_name: 'Kasi Market' });
    expectError(await send('GET', '/api/branding/logo'), 404);
  });

  it('refuses a logo that is not a JPEG or PNG (400) or is over the limit (413), keeping the one there', async () => {
    const first = brandingSchema.parse((await upload(admin, pngOf(20, 20))).json());
    expectError(
      await upload(admin, Buffer.from('<svg onload="alert(1)"/>'), 'logo.svg', 'image/svg+xml'),
      400,
      'community.image_type',
    );
    expectError(
      await upload(admin, Buffer.from('GIF89a\x01\x00\x01\x00'), 'a.png'),
      400,
      'community.image_type',
    );
    const big = Buffer.concat([pngOf(10, 10), Buffer.alloc(LOGO_MAX_BYTES)]);
    expectError(await upload(admin, big), 413, 'community.image_too_large');
    expect(await current()).toEqual(first);
  });

  // One restore a test: each rebuilds the whole demo world, seconds of work on PGlite beside the e2e run.
  it('the daily demo restore takes back what a shared demo admin saved', async () => {
    await send('PUT', '/api/branding', admin, blue);
    await restoreDemo(t.db);
    expect(await count(t.db, 'branding')).toBe(0);
    // The demo accounts were made afresh: sign in again for any test after this one.
    admin = await t.login('admin');
  });

  it("the daily demo restore keeps what the deployment's own admin saved", async () => {
    const own = await t.sessionFor(await insertUser(t.db, 'admin', 'Own Admin'));
    expect((await send('PUT', '/api/branding', own, blue)).statusCode).toBe(200);
    await restoreDemo(t.db);
    expect((await current()).app_name).toBe('Kasi Market');
    admin = await t.login('admin');
  });
});
