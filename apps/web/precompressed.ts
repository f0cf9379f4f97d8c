import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; pictures and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
/** Below this a file is sent as it is (as the server's own compression does, `threshold` in app.ts). */
const SMALLEST = 1024;

/**
 * Issue 9 (prepaid data, and the server's CPU): every text file of the build written beside itself compressed
 * once, at the highest levels (brotli 11, gzip 9), as `name.br` and `name.gz`. The server sends those as they are
 * (`preCompressed` in app.ts) instead of compressing the same file again on every request at the quick level it
 * can afford per request (brotli 3). Runs after every other plugin has written its files (the service worker's
 * too); a variant that would not be smaller is not written.
 */
export function precompressed(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tt-precompressed',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => compressTextFiles(outDir),
    },
  };
}

/** Writes `name.br` and `name.gz` beside every text file of `dir` (and its folders) of at least 1 KiB. */
export async function compressTextFiles(dir: string): Promise<void> {
  const files = await textFiles(dir);
  await Promise.all(files.map(compressBeside));
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile() && TEXT.test(e.name)).map((e) => join(e.parentPath, e.name));
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
  return files.filter((_f, i) => (sizes[i] ?? 0) >= SMALLEST);
}

async function compressBeside(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < content.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < content.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}
