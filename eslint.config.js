import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = dirname(fileURLToPath(import.meta.url));
/** Absolute glob: import-x matches `from` and `except` against resolved absolute paths. */
const abs = (path) => resolve(root, path);
/** The areas are the folders under features/, read at lint time, so a new area is covered the day it appears. */
const areasIn = (dir) =>
  readdirSync(abs(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[a-z]/.test(entry.name))
    .map((entry) => entry.name);

/*
 * Server boundaries (DESIGN.md, "Layout"):
 * - An area owns its tables. features/<area>/tables.ts is imported by its own area, db/schema.ts, tests,
 *   benchmarks, and other areas' tables.ts (a foreign key names the table it references); nothing else.
 * - An area reaches another area only through that area's service.ts (its exported functions): never its
 *   tables, routes or other internals. A user's name comes from auth's userSummaries, a product's from
 *   catalog's productSummaries, and so on.
 * - db/schema.ts (every table at once) is for the database client, migrations, tests and benchmarks: a
 *   feature importing it would bypass the rule above.
 * - platform/ imports no feature: features are handed to it by app.ts (see registerAuthentication).
 */
const serverAreas = areasIn('apps/server/src/features');
const serverFeature = (area) => `apps/server/src/features/${area}`;
const otherServerAreas = (area) => abs(`apps/server/src/features/!(${area})/**`);

const serverZones = [
  ...serverAreas.map((area) => ({
    target: `${serverFeature(area)}/**`,
    from: otherServerAreas(area),
    except: [abs('apps/server/src/features/*/service.ts')],
    message: `The ${area} area reaches another area only through that area's service.ts (its exported functions), never its tables or other files.`,
  })),
  {
    target: ['apps/server/src/features/**', 'apps/server/src/platform/**'],
    from: abs('apps/server/src/db/schema.ts'),
    message: "db/schema.ts holds every area's tables: read another area's data through its service.ts.",
  },
  {
    target: ['apps/server/src/*.ts', 'apps/server/src/db/!(schema).ts'],
    from: abs('apps/server/src/features/*/tables.ts'),
    message: "An area's tables are imported by that area and db/schema.ts only.",
  },
  {
    target: 'apps/server/src/platform/**',
    from: abs('apps/server/src/features/**'),
    message: 'platform/ imports no feature: app.ts hands it what it needs from the features.',
  },
];

/** A table may reference another area's table for a foreign key, and nothing else of that area. */
const serverTableZones = serverAreas.map((area) => ({
  target: `${serverFeature(area)}/tables.ts`,
  from: otherServerAreas(area),
  except: [abs('apps/server/src/features/*/tables.ts')],
  message: `${area}/tables.ts may reference another area's tables (foreign keys) and nothing else of that area.`,
}));

/*
 * Web boundaries:
 * - The layers point one way: app/ (routes, shell, providers) -> features/ -> components/ and lib/.
 *   components/ and lib/ import no feature and nothing from app/; features import nothing from app/.
 * - A feature imports another area only through that area's public files:
 *     api.ts    its query and mutation hooks (and their query options), for data;
 *     index.ts  the components and helpers it offers other areas, where it offers any. Only what index.ts
 *               re-exports is public; everything else in the folder is the area's own business.
 * - Cross-area cache invalidation is declared once, in lib/invalidation.ts, by event: a mutation raises
 *   its event there and never imports another area's query keys.
 */
const webAreas = areasIn('apps/web/src/features');
const webZones = [
  ...webAreas.map((area) => ({
    target: `apps/web/src/features/${area}/**`,
    from: abs(`apps/web/src/features/!(${area})/**`),
    except: [abs('apps/web/src/features/*/api.ts'), abs('apps/web/src/features/*/index.ts')],
    message: `The ${area} area uses another area only through its api.ts (hooks) or index.ts (the components it offers).`,
  })),
  {
    target: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    from: [abs('apps/web/src/features/**'), abs('apps/web/src/app/**')],
    message: 'components/ and lib/ import no feature and nothing from app/: they sit below both.',
  },
  {
    target: 'apps/web/src/features/**',
    from: abs('apps/web/src/app/**'),
    message:
      'A feature imports nothing from app/ (app composes the features; shared parts go to components/).',
  },
];

const webNeverImportsServer = {
  group: ['**/server/**', '@tt/server', 'drizzle-orm*', 'fastify*'],
  message: 'The web never imports the server.',
};
/** An area's query keys are its own: what another area's change makes stale is declared in lib/invalidation.ts. */
const noOtherAreasQueryKeys = {
  group: ['../*/api', '../../features/*/api'],
  importNamePattern: 'Keys$',
  message:
    "Raise an event with invalidateAfter (lib/invalidation.ts) instead of using another area's query keys.",
};

/**
 * Cycles between files are refused everywhere (lint/boundaries.test.ts lints lint/fixtures/cycles with the
 * same rule); cycles between areas, which need no file cycle, are refused by lint/area-cycles.test.ts.
 */
const noCycle = ['error', { ignoreExternal: true }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      'test-results/**',
      // Code that must fail lint, each file for one rule; lint/boundaries.test.ts lints it on purpose.
      'lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import resolution for the boundary and cycle rules below (real paths, so `../x/tables.ts` and
  // `../../features/x/tables.ts` are the same file).
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'lint/fixtures/cycles/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-cycle': noCycle,
      // The path rules skip an import they cannot resolve, so every import must resolve.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/features/*/tables.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    files: ['apps/server/src/features/*/tables.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverTableZones }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
  // The domain is pure: zod and its own files, nothing else (no Node, no apps). Its tsconfig has
  // `types: []`, so Node's globals (process, Buffer) do not typecheck there either. Tests may use their tools.
  {
    files: ['packages/domain/**/*.ts'],
    ignores: ['packages/domain/**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'packages/domain/**',
              from: [abs('apps/**'), abs('e2e/**'), abs('scripts/**')],
              message: 'The domain package is pure: it imports nothing from the apps.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.\\.?/)',
              message: 'The domain package is pure: it imports only zod and its own files (./x.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webNeverImportsServer] }] },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webNeverImportsServer, noOtherAreasQueryKeys] }],
    },
  },
);
