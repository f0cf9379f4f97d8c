// Compiles the server to one JavaScript file that plain `node` runs (docs/decisions/006): the server's own
// TypeScript and @tt/domain (whose package points at its TypeScript sources) are bundled; every other
// package stays in node_modules and is imported at run time.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;
rmSync(outdir, { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { 'server/main': 'src/main.ts', 'server/users': 'src/users.ts' },
  // Two levels below the package, like src/db/client.ts and src/platform/paths.ts, so the paths they
  // resolve from import.meta.url (drizzle/, ../web/dist) are the same in the bundle.
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  packages: 'external',
  // @tt/domain is a workspace package of TypeScript sources: bundle it rather than import it at run time.
  plugins: [
    {
      name: 'bundle-domain',
      setup(b) {
        b.onResolve({ filter: /^@tt\/domain$/ }, () => ({
          path: fileURLToPath(new URL('../../../packages/domain/src/index.ts', import.meta.url)),
        }));
      },
    },
  ],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `server built: dist/server/main.js and users.js (${Math.round(bytes / 1024)} KiB with its source map)`,
);
