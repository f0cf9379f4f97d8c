#!/usr/bin/env node
// `npm run users -- <command>`: the administrators' command (apps/server/src/cli/users.ts), compiled like the
// server; built first only when the build is missing. Runs where the server runs, so DATA_DIR means the same.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = `${root}apps/server`;
if (!existsSync(`${server}/dist/server/users.js`)) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const child = spawn(
  process.execPath,
  ['--enable-source-maps', 'dist/server/users.js', ...process.argv.slice(2)],
  { cwd: server, stdio: 'inherit' },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
