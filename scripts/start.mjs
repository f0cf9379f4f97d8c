#!/usr/bin/env node
// `npm start`: runs the compiled server with plain node. It builds first only when a build is missing
// (a fresh clone); after changing the sources, run `npm run build` (or use `npm run dev`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = `${root}apps/server`;
const built = existsSync(`${server}/dist/server/main.js`) && existsSync(`${root}apps/web/dist/index.html`);
if (!built) {
  console.log('No build found: building the web app and the server first (npm run build).');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// DATA_DIR's default (./data) is relative to apps/server, as it always was.
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  cwd: server,
  stdio: 'inherit',
});
// The server shuts down cleanly on SIGINT/SIGTERM (jobs finish, connections close): pass them on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
