import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { addCompileHints, COMPILE_HINT } from '../../compile-hints';

const chunk = (name: string, code: string) =>
  ({ type: 'chunk', name, fileName: `assets/${name}-a1b2.js`, code }) as Rolldown.OutputChunk;
const map = (fileName: string, mappings: string) =>
  ({ type: 'asset', fileName, source: JSON.stringify({ version: 3, mappings }) }) as Rolldown.OutputAsset;

/** ADR 037: V8 reads the compile hint on a file's first line only. */
describe('addCompileHints', () => {
  it('puts the hint on the first line of the chunks named, above any line of its own, and of no other', () => {
    const app = chunk('app', 'const __vite__mapDeps=(i)=>i;\nimport "./react-dom-c3d4.js";');
    const vendor = chunk('vendor', 'export const a=1;');
    const screen = chunk('ProductsPage', 'export default 1;');
    const bundle = { [app.fileName]: app, [vendor.fileName]: vendor, [screen.fileName]: screen };

    expect(addCompileHints(bundle, new Set(['app', 'vendor'])).sort()).toEqual(['app', 'vendor']);

    expect(app.code.split('\n')).toEqual([
      COMPILE_HINT,
      'const __vite__mapDeps=(i)=>i;',
      'import "./react-dom-c3d4.js";',
    ]);
    expect(vendor.code).toBe(`${COMPILE_HINT}\nexport const a=1;`);
    expect(screen.code).toBe('export default 1;');
  });

  it("moves a chunk's source map down by the one line, and only that chunk's", () => {
    const app = chunk('app', 'f();');
    const other = chunk('other', 'g();');
    const bundle = {
      [app.fileName]: app,
      [`${app.fileName}.map`]: map(`${app.fileName}.map`, 'AAAA;AACA'),
      [other.fileName]: other,
      [`${other.fileName}.map`]: map(`${other.fileName}.map`, 'AAAA'),
    };

    addCompileHints(bundle, new Set(['app']));

    const source = (name: string) => {
      const item = bundle[name] as Rolldown.OutputAsset;
      return JSON.parse(String(item.source)) as { mappings: string };
    };
    expect(source(`${app.fileName}.map`).mappings).toBe(';AAAA;AACA');
    expect(source(`${other.fileName}.map`).mappings).toBe('AAAA');
  });

  it('adds the hint once when run again, and stops a build whose named chunk is not there', () => {
    const app = chunk('app', 'f();');
    const bundle = { [app.fileName]: app };
    addCompileHints(bundle, new Set(['app']));
    addCompileHints(bundle, new Set(['app']));
    expect(app.code).toBe(`${COMPILE_HINT}\nf();`);

    expect(() => addCompileHints(bundle, new Set(['app', 'vendor']))).toThrow(/no chunk named vendor/);
  });
});
