import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 9: the build writes each text file beside itself compressed (apps/web/precompressed.ts), and the server
 * sends that file as it is, by what the browser accepts, instead of compressing the file again per request.
 */
describe('the built web app, precompressed', () => {
  const dist = mkdtempSync(join(tmpdir(), 'tt-web-dist-'));
  const script = `export const shelf = ${JSON.stringify('maize meal '.repeat(300))};\n`;
  const page = `<!doctype html><title>Township Trade</title><div id="root">${'<p>spaza</p>'.repeat(150)}</div>`;
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(page));
    const asset = join(dist, 'assets', 'app-1a2b.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    // A chunk the build did not compress (too small): sent as the server's own compression writes it.
    writeFileSync(join(dist, 'assets', 'plain-5e6f.js'), `export const plain = '${'x'.repeat(4000)}';\n`);
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends a chunk as its .br to a browser that takes brotli, .gz to one that takes gzip only', async () => {
    const br = await get('/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/app-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1a2b.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the shell of every client-side route precompressed, never cached without asking', async () => {
    for (const url of ['/', '/dashboard', '/cooperative-governance/3']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });

  it('compresses a chunk the build left as it is; a chunk that is not there is a 404', async () => {
    const chunk = await get('/assets/plain-5e6f.js', 'br');
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(chunk.rawPayload).toString()).toMatch(/^export const plain = 'x{4000}';/);
    // A chunk that is not there is a 404 in the one error shape, not the shell.
    const missing = await get('/assets/missing-0000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
