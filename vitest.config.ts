import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest reads this for the whole run only: `npm run test:unit` must pass while domain or web has no
    // tests yet. scripts/test-api.mjs switches it off, so the server project must have tests.
    passWithNoTests: true,
    projects: [
      {
        test: {
          name: 'domain',
          environment: 'node',
          // The files of a project share one process and module graph instead of a fresh process each: a fresh one
          // imported zod and the domain again for every file, 12 s of a 13 s run for 0.6 s of tests (ADR 045). The
          // domain is pure functions; the web's node tests stub globals only inside a test and undo it after.
          isolate: false,
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'node',
          isolate: false,
          include: ['apps/web/src/**/*.test.ts'],
        },
      },
      {
        // Component tests (Testing Library) in a light DOM, with the app's i18n and real texts.
        test: {
          name: 'web-components',
          environment: 'happy-dom',
          // One DOM and module graph for the files, as above (48 s to 11 s); the setup file puts the language, the
          // storage, the cookies and the page back as a fresh file had them.
          isolate: false,
          include: ['apps/web/src/**/*.test.tsx'],
          // A dialog's test types into a rendered form: on a busy machine (npm test runs the type-check and lint
          // beside it) that takes more than the default 5 s. A time limit, not a check: they still pass or fail alike.
          testTimeout: 30_000,
          setupFiles: ['apps/web/src/test-support/setup.ts'],
        },
      },
      {
        test: {
          // The boundary lint rules, proved on fixtures that must fail (lint/fixtures).
          name: 'lint',
          environment: 'node',
          include: ['lint/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // One process runs the files one after another instead of a fresh process per file: the server's
          // modules are imported and PGlite's WebAssembly compiled once per run, not once per file (most of a
          // file's setup). Every file still builds its own app over its own copy of the template database
          // (createTestApp), and the server keeps no state in its modules but registries of functions and
          // caches keyed by the database (WeakMap<Db>); no test mocks a module or stubs the environment.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
