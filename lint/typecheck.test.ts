/**
 * Proves that `npm run typecheck` (scripts/typecheck.mjs, TypeScript 7's compiler: ADR 045) bites: it fails on a
 * project with type errors and names them, one of them an error only the shared tsconfig.base.json's options make,
 * it passes the same code made sound, and it never writes JavaScript beside the sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const typecheck = (project: string) =>
  spawnSync(process.execPath, ['scripts/typecheck.mjs', `lint/fixtures/typecheck/${project}`], {
    cwd: root,
    encoding: 'utf8',
  });

describe('npm run typecheck', () => {
  it('fails on type errors and names each, the shared options included', () => {
    const run = typecheck('broken');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      "mistakes.ts(4,14): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    // noUncheckedIndexedAccess, from tsconfig.base.json.
    expect(run.stdout).toContain(
      "mistakes.ts(9,14): error TS2322: Type 'number | undefined' is not assignable to type 'number'.",
    );
    expect(run.stderr).toContain('typecheck: lint/fixtures/typecheck/broken has type errors');
  });

  it('passes the same code made sound', () => {
    const run = typecheck('sound');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
  });

  it('writes no JavaScript, even for a project whose own options would', () => {
    const emitted = resolve(root, 'lint/fixtures/typecheck/emitting/total.js');
    try {
      const run = typecheck('emitting');
      expect(run.status).toBe(0);
      expect(existsSync(emitted)).toBe(false);
    } finally {
      rmSync(emitted, { force: true });
    }
  });
});
