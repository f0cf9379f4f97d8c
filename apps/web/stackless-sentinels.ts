import type { Plugin } from 'vite';

/**
 * Issue 9 (ADR 040): React DOM's production build makes five Errors as it is evaluated, at the top level of its
 * module: sentinels that React throws to itself (to suspend a render, to stop a hydration) and recognises by
 * identity alone. No user ever sees them, and their stacks are never read.
 *
 * Under an inspector (Lighthouse, DevTools, Playwright) V8 records a detailed stack, lines and columns, for every
 * Error made. To find the lines it parses again each function on the stack, and the outermost one here is React
 * DOM's whole module (some 220 KB), which V8 compiled without its source positions. That parse was 17-33 ms of the
 * entry's evaluation on this machine, and Lighthouse counts it four times over for a phone. A phone without an
 * inspector pays none of it.
 *
 * So each sentinel is made as an object of Error's prototype with the same message, which makes no stack at all.
 * React compares the value it catches with the sentinel, so one object serves as well as the other.
 */
export const REACT_DOM_PRODUCTION = /\/react-dom\/cjs\/react-dom-client\.production\.js$/;

/** The module-level sentinels of React DOM 19's production client, by the names its source gives them. */
export const SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

const MAKER = '__ttStacklessError';
const SENTINEL = new RegExp(
  `\\b(${SENTINELS.join('|')}) = Error\\((formatProdErrorMessage\\(\\d+\\))\\)`,
  'g',
);

/**
 * React DOM's production source with its sentinels made without stacks. The maker is declared at the end of the
 * file (a declaration is hoisted), so that the file's `"use strict"` stays its first statement. Throws when the
 * source does not declare exactly these sentinels in this form: a React that changed them needs a look, not a
 * build that quietly loses this or rewrites something else.
 */
export function stacklessSentinels(source: string): string {
  const found: string[] = [];
  const code = source.replace(SENTINEL, (_match, name: string, message: string) => {
    found.push(name);
    return `${name} = ${MAKER}(${message})`;
  });
  const expected = [...SENTINELS].sort().join(', ');
  if ([...found].sort().join(', ') !== expected)
    throw new Error(
      `stackless sentinels: React DOM's production client declares [${found.join(', ')}], not [${expected}] ` +
        `as \`name = Error(formatProdErrorMessage(n))\`; see ADR 040 before changing the list`,
    );
  return (
    `${code}\nfunction ${MAKER}(message) {\n  var error = Object.create(Error.prototype);\n` +
    `  error.message = message;\n  return error;\n}\n`
  );
}

/** Applies `stacklessSentinels` to React DOM's production client in a build, and stops a build that never met it. */
export function stacklessReactSentinels(): Plugin {
  let met = false;
  return {
    name: 'tt-stackless-sentinels',
    apply: 'build',
    transform: {
      filter: { id: REACT_DOM_PRODUCTION },
      handler(code, id) {
        if (!REACT_DOM_PRODUCTION.test(id)) return null;
        met = true;
        // Only the replaced expressions change, each within its line, and the maker comes after the last line: every
        // line keeps its place, so the source map stays as it is (`map: null`).
        return { code: stacklessSentinels(code), map: null };
      },
    },
    buildEnd(error) {
      if (!error && !met)
        this.error("stackless sentinels: the build did not include React DOM's production client");
    },
  };
}
