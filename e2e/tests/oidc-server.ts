import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startTestProvider,
  type TestAccount,
  type TestProvider,
} from '../../apps/server/test/support/oidc-provider.ts';

/**
 * Real accounts come from the OpenID Connect provider (demo accounts are shared and keep their role): a
 * second server on its own port and database, beside a test provider that signs `account` in.
 */
export interface OidcServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startOidcServer(port: number, account: TestAccount): Promise<OidcServer> {
  const origin = `http://localhost:${port}`;
  const provider: TestProvider = await startTestProvider({ redirectUri: `${origin}/auth/callback`, account });
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-e2e-oidc-'));
  const server: ChildProcess = spawn('npx', ['tsx', '../apps/server/src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: origin,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOW_INSECURE: 'true',
    },
    stdio: 'ignore',
    // Its own process group, so stopping it stops the server under npx too (not only npx).
    detached: true,
  });
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
      // The next project starts its own server on this port: wait until this one has let it go.
      for (let i = 0; i < 40; i += 1) {
        const down = await fetch(`${origin}/api/health`).then(
          () => false,
          () => true,
        );
        if (down) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 200; i += 1) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('The second server did not start');
}
