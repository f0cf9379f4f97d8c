import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SENTINELS, stacklessSentinels } from '../../stackless-sentinels';

const require = createRequire(import.meta.url);
const reactDomClient = readFileSync(
  join(dirname(require.resolve('react-dom/package.json')), 'cjs/react-dom-client.production.js'),
  'utf8',
);

/** Evaluates a CommonJS source as a bundle would, counting the Errors made while it runs; returns its exports. */
function evaluate(source: string) {
  let made = 0;
  function CountingError(this: unknown, ...args: [string?, ErrorOptions?]) {
    made++;
    return new Error(...args);
  }
  CountingError.prototype = Error.prototype;
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', 'Error', source)(
    module,
    module.exports,
    require,
    CountingError,
  );
  return { exports: module.exports, made };
}

/** ADR 040: React DOM's sentinels cost an inspector a parse of the whole module when they are made as Errors. */
describe('stacklessSentinels', () => {
  it("leaves React DOM's production client making no Error as it is evaluated, where it made one per sentinel", () => {
    const before = evaluate(reactDomClient);
    expect(before.made).toBe(SENTINELS.length);

    const after = evaluate(stacklessSentinels(reactDomClient));
    expect(after.made).toBe(0);
    // Still the whole module: the same exports, and a root it can render into.
    expect(Object.keys(after.exports).sort()).toEqual(Object.keys(before.exports).sort());
    expect(typeof after.exports.createRoot).toBe('function');
  });

  it('makes each sentinel an Error by its prototype and message, with no stack, and keeps "use strict" first', () => {
    const source = [
      '"use strict";',
      'var HydrationMismatchException = Error(formatProdErrorMessage(519));',
      'var SuspenseException = Error(formatProdErrorMessage(460)),',
      '  SuspenseyCommitException = Error(formatProdErrorMessage(474)),',
      '  SuspenseActionException = Error(formatProdErrorMessage(542));',
      'var SelectiveHydrationException = Error(formatProdErrorMessage(461));',
      'function formatProdErrorMessage(code) { return "Minified React error #" + code; }',
      'module.exports = [HydrationMismatchException, SuspenseException, SelectiveHydrationException];',
    ].join('\n');

    const code = stacklessSentinels(source);
    expect(code.split('\n')[0]).toBe('"use strict";');
    const { exports, made } = evaluate(code);
    expect(made).toBe(0);
    const [hydration, suspense, selective] = exports as unknown as [Error, Error, Error];
    expect(suspense).toBeInstanceOf(Error);
    expect(suspense.message).toBe('Minified React error #460');
    expect(String(suspense)).toBe('Error: Minified React error #460');
    expect(Object.hasOwn(suspense, 'stack')).toBe(false);
    expect(hydration.message).toBe('Minified React error #519');
    expect(selective).not.toBe(suspense);
  });

  it('stops the build when a sentinel is missing or made another way, rather than rewrite less', () => {
    const renamed = reactDomClient.replace('SuspenseException = Error(', 'SuspendedException = Error(');
    expect(() => stacklessSentinels(renamed)).toThrow(/not \[.*SuspenseException/);
    const otherwise = reactDomClient.replace(
      'SelectiveHydrationException = Error(formatProdErrorMessage(461))',
      'SelectiveHydrationException = new Error(formatProdErrorMessage(461))',
    );
    expect(() => stacklessSentinels(otherwise)).toThrow(/stackless sentinels/);
  });
});
