import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 9 (ADR 024, fourth pass): zod and the contracts' schemas stay out of the code a signed-in first load of
 * the dashboard or the marketplace evaluates. The bundler keeps a domain module whose export is used, with
 * every schema it defines at its top level, so what these screens import from `@tt/domain` must come from
 * modules that import no zod (the *-rules.ts modules, money, roles, permissions, ...), and their api modules
 * name endpoints with `endpoint()`/`endpoints()` instead of the contracts. Static imports only: a screen's
 * lazily loaded parts (forms, dialogs) may use zod.
 */
const web = fileURLToPath(new URL('..', import.meta.url));
const domain = fileURLToPath(new URL('../../../../packages/domain/src', import.meta.url));
const FIRST_SCREENS = [
  'main.tsx',
  'app/shell/AppShell.tsx',
  'features/dashboard/DashboardPage.tsx',
  'features/products/ProductsPage.tsx',
];

const STATIC_IMPORT = /^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm;

function resolve(from: string, spec: string): string | undefined {
  const base = join(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (p) => existsSync(p) && statSync(p).isFile(),
  );
}

/** The names a statement imports as values (not `import type`, not `type X` members). */
function valueNames(clause: string): string[] {
  const braces = /\{([\s\S]*)\}/.exec(clause);
  if (!braces) return [];
  return braces[1]!
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '))
    .map((s) => s.split(/\s+as\s+/)[0]!);
}

/** Every web module the first screens import statically, and the names they take from the domain. */
function firstScreensImports() {
  const seen = new Set<string>();
  const domainNames = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, isType, clause, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (isType) continue;
      if (spec === '@tt/domain') {
        for (const name of valueNames(clause!)) domainNames.set(name, relative(web, file));
      } else if (spec!.startsWith('.') && !spec!.endsWith('.css') && !spec!.endsWith('.json')) {
        const target = resolve(file, spec!);
        if (target) visit(target);
      }
    }
  };
  for (const screen of FIRST_SCREENS) visit(join(web, screen));
  return { modules: seen, domainNames };
}

/** Which domain module defines each exported value, and whether it (or what it imports) imports zod. */
function domainModules() {
  const definedIn = new Map<string, string>();
  const files = [
    ...readdirSync(domain).map((f) => join(domain, f)),
    ...readdirSync(join(domain, 'contracts')).map((f) => join(domain, 'contracts', f)),
  ].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(
      /^export\s+(?:const|function|class|let)\s+(\w+)/gm,
    ))
      definedIn.set(name!, file);
  }
  const zodReached = (file: string, seen = new Set<string>()): string | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const [, isType, , spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (isType) continue;
      if (spec === 'zod') return relative(domain, file);
      if (spec!.startsWith('.')) {
        const found = zodReached(join(dirname(file), spec!), seen);
        if (found) return found;
      }
    }
    return null;
  };
  return { definedIn, zodReached };
}

describe('the first screens (dashboard, marketplace, the shell)', () => {
  const { modules, domainNames } = firstScreensImports();
  const { definedIn, zodReached } = domainModules();

  it('are found (the walk reads their imports)', () => {
    expect(modules.size).toBeGreaterThan(30);
    expect([...domainNames.keys()]).toEqual(expect.arrayContaining(['orderScopeFor', 'PRICE_BAND_KEYS']));
  });

  it('use nothing of the domain that brings zod with it', () => {
    const withZod = [...domainNames]
      .map(([name, user]) => {
        const file = definedIn.get(name);
        const zod = file ? zodReached(file) : `(no module defines ${name})`;
        return zod ? `${user}: ${name} (${zod})` : null;
      })
      .filter(Boolean);
    expect(withZod).toEqual([]);
  });

  it('import no zod of their own', () => {
    const direct = [...modules].filter((m) => /^import .* from 'zod';/m.test(readFileSync(m, 'utf8')));
    expect(direct.map((m) => relative(web, m))).toEqual([]);
  });
});
