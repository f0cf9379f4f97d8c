import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Content-Security-Policy sources of the inline scripts of the built web app's index.html (issue 9: the
 * first screen's preloads and the landing page's first paint, `apps/web/first-screen.ts`): each allowed by
 * its hash, so any other inline script stays refused.
 */
export function inlineScriptHashes(dist: string | undefined): string[] {
  if (!dist || !existsSync(join(dist, 'index.html'))) return [];
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}
