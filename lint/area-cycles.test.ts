/**
 * Areas depend on each other in one direction only (DESIGN.md: cycles between files or areas are refused).
 * import-x/no-cycle refuses cycles between files; this refuses cycles between areas, which need no file
 * cycle (orders/checkout.ts -> cart/service.ts while cart/CartPage.tsx -> orders/api.ts, say).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
type Graph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import (static, re-export, side effect, dynamic) of a file, type-only ones included. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * Which area depends on which, from the files under `featuresDir` (one folder per area). A table's foreign
 * key to another area's table is the database's reference, not code calling code, so tables.ts files are
 * left out (a usage table may reference the co-ops whose members it counts while co-ops call the guard).
 */
function areaGraph(featuresDir: string): Graph {
  const dir = join(root, featuresDir);
  const areaOf = (file: string) => {
    const rel = relative(dir, file);
    return rel.startsWith('..') ? null : rel.split(sep)[0]!;
  };
  const graph: Graph = new Map();
  for (const file of sourceFiles(dir)) {
    if (file.endsWith(`${sep}tables.ts`)) continue;
    const from = areaOf(file)!;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = areaOf(resolve(dirname(file), specifier!));
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The cycles of a graph, each as the path that closes it (a -> b -> a). */
export function cyclesOf(graph: Graph): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open')
        found.push([...path.slice(path.indexOf(next)), node, next].join(' -> '));
      else if (!state.has(next)) visit(next, [...path, node]);
    }
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, []);
  return found;
}

describe('areas depend on each other in one direction', () => {
  it('finds a cycle when there is one', () => {
    const graph: Graph = new Map([
      ['orders', new Set(['cart', 'catalog'])],
      ['cart', new Set(['catalog', 'orders'])],
      ['catalog', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual(['cart -> orders -> cart']);
  });

  it.each([
    ['server', 'apps/server/src/features'],
    ['web', 'apps/web/src/features'],
  ])('%s areas have no cycle', (_side, dir) => {
    const graph = areaGraph(dir);
    expect(graph.size).toBeGreaterThan(5);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
