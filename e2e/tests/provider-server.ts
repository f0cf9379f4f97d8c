import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startTestProvider,
  type TestAccount,
  type TestProvider,
} from '../../apps/server/test/support/oidc-provider.ts';
import { copySeededDatabase, serverMain } from '../seeded-data.mjs';

export interface SecondServer {
  origin: string;
  /** Where its embedded database lives. */
  dataDir: string;
  stop(): Promise<void>;
}

export interface ProviderServer extends SecondServer {
  provider: TestProvider;
}

/**
 * A second server of the app on its own fresh database, signing in through a real OpenID Connect
 * provider whose one account is `account`: for the flows that need a real (not demo) account. The
 * main e2e server has no provider configured, as `npm start` has none.
 */
export async function startProviderServer(options: {
  /**
   * 50 to 74, one per describe block. The server listens on E2E_PORT + portOffset, plus 25 on the second of
   * the two parallel workers (one per project), so that the projects running side by side do not collide.
   */
  portOffset: number;
  account: TestAccount;
  dataDirPrefix: string;
  env?: Record<string, string>;
  beforeStart?: (env: Record<string, string>) => Promise<void> | void;
}): Promise<ProviderServer> {
  const origin = `http://localhost:${secondPort(options.portOffset)}`;
  const provider = await startTestProvider({
    redirectUri: `${origin}/auth/callback`,
    account: options.account,
  });
  try {
    const server = await startSecondServer({
      portOffset: options.portOffset,
      dataDirPrefix: options.dataDirPrefix,
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ALLOW_INSECURE: 'true',
        // These flows sign in to demo accounts beside the provider's, which production mode offers only when asked.
        DEMO_LOGIN: 'true',
        ...options.env,
      },
      ...(options.beforeStart ? { beforeStart: options.beforeStart } : {}),
    });
    return {
      ...server,
      provider,
      async stop() {
        await server.stop();
        await provider.close();
      },
    };
  } catch (error) {
    await provider.close();
    throw error;
  }
}

function secondPort(portOffset: number): number {
  if (!Number.isInteger(portOffset) || portOffset < 50 || portOffset > 74) {
    throw new Error(`portOffset ${portOffset} is outside 50 to 74`);
  }
  const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  if (parallelIndex > 1) throw new Error('Ports E2E_PORT+50 to +99 hold two parallel workers, not more');
  return Number(process.env.E2E_PORT ?? 3199) + portOffset + 25 * parallelIndex;
}

/**
 * A second server of the app, in production mode, on a fresh copy of the run's seeded database; `beforeStart` runs
 * on that database before the server opens it (the users command, which needs it to itself).
 */
export async function startSecondServer(options: {
  portOffset: number;
  dataDirPrefix: string;
  env?: Record<string, string>;
  beforeStart?: (env: Record<string, string>) => Promise<void> | void;
}): Promise<SecondServer> {
  const port = secondPort(options.portOffset);
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
  // A fresh copy of the run's seeded template (playwright.config.ts, seeded-data.mjs): exactly the demo seed,
  // without seeding it again.
  const templateDir = process.env.E2E_TEMPLATE_DIR;
  if (!templateDir) throw new Error('E2E_TEMPLATE_DIR is set by playwright.config.ts');
  await copySeededDatabase(templateDir, dataDir);
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: origin,
    SIGN_IN_RATE_LIMIT: '1000',
    ...options.env,
  };
  await options.beforeStart?.(env);
  // The compiled server, as the main e2e server runs (`npm run test:e2e` builds first).
  const main = ['--enable-source-maps', serverMain];
  const server: ChildProcess = spawn(process.execPath, main, {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...env },
    stdio: 'ignore',
    // Its own process group, so stopping it stops everything it started.
    detached: true,
  });
  const up = async () =>
    fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
      // The next project starts its own server on this port: wait until this one has let it go.
      for (let i = 0; i < 40 && (await up()); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 200; i += 1) {
    if (await up()) return { origin, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('The second server did not start');
}

const execute = promisify(execFile);
const usersCommand = fileURLToPath(new URL('../../apps/server/dist/server/users.js', import.meta.url));

/**
 * Makes a real administrator on a second server's database with the users command (before the server starts: the
 * command needs the embedded database to itself) and sets its password through the link it prints.
 */
export async function addAdministrator(
  env: Record<string, string>,
  mobile: string,
  name: string,
): Promise<{ link: string }> {
  const { stdout } = await execute(process.execPath, [usersCommand, 'add-admin', mobile, '--name', name], {
    env: { ...process.env, ...env },
    cwd: fileURLToPath(new URL('../../apps/server', import.meta.url)),
  });
  const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(stdout);
  if (!link) throw new Error(`The users command printed no link:\n${stdout}`);
  return { link: link[1]! };
}

/** Signs a request context in with a password (after setting it through a password link's token). */
export async function signInWithPassword(
  request: APIRequestContext,
  origin: string,
  account: { link?: string; identifier: string; password: string },
): Promise<void> {
  if (account.link) {
    const token = new URL(account.link).searchParams.get('token');
    const set = await request.post(`${origin}/api/auth/password`, {
      data: { token, password: account.password },
    });
    if (!set.ok()) throw new Error(`Setting the password failed: ${set.status()} ${await set.text()}`);
  }
  const signedIn = await request.post(`${origin}/api/auth/login`, {
    data: { identifier: account.identifier, password: account.password },
  });
  if (!signedIn.ok()) throw new Error(`Signing in failed: ${signedIn.status()} ${await signedIn.text()}`);
}
