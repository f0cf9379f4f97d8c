import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '@tt/domain';

const src = new URL('../src/', import.meta.url).pathname;
/** The domain's schemas, whose messages are `validation.*` codes the server sends under field_codes. */
const domainSchemas = new URL('../../../packages/domain/src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every quoted `area.reason` or generic code in the server's source and the domain's schemas. */
const quoted = [...sources(src), ...sources(domainSchemas).filter((f) => !f.endsWith('errors.ts'))].flatMap(
  (file) =>
    [...readFileSync(file, 'utf8').matchAll(/'([a-z_]+(?:\.[a-z_]+)?)'/g)].map((m) => [file, m[1]!] as const),
);

describe('the error catalogue and the server', () => {
  it('every code the server throws with fail() or field() is in the catalogue', () => {
    for (const file of sources(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:fail|field)\(\s*'([^']+)'/g)) {
        expect(isErrorCode(m[1]!), `${file}: ${m[1]}`).toBe(true);
      }
    }
  });

  it('every code of the catalogue is sent by the server somewhere (none is left for the web alone)', () => {
    const used = new Set(quoted.map(([, code]) => code));
    // Throw sites, the request-validation mapper and the domain's schema messages.
    const unused = ERROR_CODES.filter((code) => !used.has(code));
    expect(unused).toEqual([]);
  });
});
