import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices as deviceOf } from './tests/devices';

const PORT = Number(process.env.E2E_PORT ?? 3199);

// Debian's headless build of Chromium (package chromium-headless-shell): the same version, Blink and V8 as
// /usr/bin/chromium without the desktop browser around them, so each test costs the two cores less (ADR 033).
// Without it, the browser itself.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

// Each project has its own server on its own fresh embedded database (project i listens on E2E_PORT + i), so
// every project's tests see exactly the demo seed and the projects run side by side, one worker each. Within a
// project the flows still run one at a time: they share that project's server and database.
// Ports E2E_PORT+50 to +99 are for the second servers of provider-server.ts.
const devices: NonNullable<PlaywrightTestConfig['projects']> = [
  { name: 'phone', use: deviceOf.phone },
  { name: 'desktop', use: deviceOf.desktop },
];
const origin = (index: number) => `http://localhost:${PORT + index}`;
// Every server starts on its own copy of one database migrated and seeded once per run (seeded-data.mjs).
// Set here, in the runner, before it starts the servers and the workers: they all inherit it.
process.env.E2E_TEMPLATE_DIR ??= mkdtempSync(join(tmpdir(), 'tt-e2e-template-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: devices.length,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    screenshot: 'only-on-failure',
    // The service worker has tests of its own, which allow it (first-visit.spec.ts, the offline ones in
    // foundation.spec.ts and pos.spec.ts). In every other test's fresh context it installed itself and downloaded
    // its precache again, beside the flow under test: about a fifth of the e2e run's CPU, checking nothing (ADR 043).
    serviceWorkers: 'block',
    // Recorded for a failed test's retry (CI retries once), not for every test: recording each test's trace and
    // dropping it when the test passed was about a fifth of the e2e run's CPU (ADR 033).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // V8's optimising compilers (Maglev, TurboFan) compile a page's hot functions again on the side. A test's
        // page lives a few seconds, not long enough for that to pay: without them the renderers used a sixth to a
        // quarter less CPU over the same 30 screens (ADR 044). What the code does is the same in every tier.
        '--js-flags=--no-opt,--no-maglev',
      ],
    },
  },
  projects: devices.map((project, index) => ({
    ...project,
    workers: 1,
    use: { ...project.use, baseURL: origin(index) },
  })),
  webServer: [
    {
      // First, once per run: the migrated, seeded database every server below starts on a copy of (as long
      // as one server's start took when each seeded its own).
      name: 'seeded template',
      command: 'node seeded-data.mjs --template',
      wait: { stdout: /seeded template ready/ },
      timeout: 120_000,
      // Seeded as the servers below run.
      env: { NODE_ENV: 'production' },
    },
    ...devices.map((project, index) => ({
      name: project.name,
      // The compiled server, as `npm start` runs it (`npm run test:e2e` builds first), on a fresh copy of the
      // seeded template.
      command: 'node seeded-data.mjs && exec node --enable-source-maps ../apps/server/dist/server/main.js',
      url: `${origin(index)}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // Every test signs in from the same address; the sign-in rate limit itself is covered by the API tests.
      env: {
        PORT: String(PORT + index),
        // A fresh embedded database for every run: the tests see exactly the demo seed (a copy of the template).
        DATA_DIR: mkdtempSync(join(tmpdir(), `tt-e2e-${project.name}-`)),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // The tests sign in to the shared demo accounts, which production mode offers only when asked.
        DEMO_LOGIN: 'true',
        SIGN_IN_RATE_LIMIT: '1000',
      },
    })),
  ],
});
