import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressTextFiles } from '../../precompressed';

/** Issue 9: the build's text files are written compressed beside themselves, once, for the server to send. */
describe('compressTextFiles', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz that decompress to the file, for text of 1 KiB or more, in every folder', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tt-precompressed-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const words = ${JSON.stringify('maize meal, sugar, cooking oil '.repeat(200))};\n`;
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><title>Township Trade</title>${'<p>x</p>'.repeat(200)}`,
    );
    writeFileSync(join(dir, 'assets', 'tiny-3c4d.js'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 7));

    await compressTextFiles(dir);

    const js = join(dir, 'assets', 'app-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    expect(readdirSync(dir).sort()).toEqual([
      'assets',
      'icon.png',
      'index.html',
      'index.html.br',
      'index.html.gz',
    ]);
    // Too small to be worth it, and a picture: left as they are.
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'app-1a2b.js',
      'app-1a2b.js.br',
      'app-1a2b.js.gz',
      'tiny-3c4d.js',
    ]);
  });
});
