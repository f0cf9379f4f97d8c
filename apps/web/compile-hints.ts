import type { Plugin, Rolldown } from 'vite';

/**
 * V8's compile hint (Chromium 136 and later): on a script's first line, it asks V8 to compile every function of the
 * file at once, on a background thread while the file streams in, instead of each function on the main thread
 * when it is first called. Other browsers read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the compile hint on the first line of the chunks named (ADR 037): the code that every first load runs
 * most of. Added once the bundle is complete, because Vite puts a line of its own (`__vite__mapDeps`) at the top
 * of a chunk after `renderChunk`, and V8 reads the hint on the first line only. A chunk's source map, when there
 * is one, gets an empty first line to match. The file's name keeps the hash of its content without the line;
 * every build adds it the same way, so one name still means one content.
 */
export function addCompileHints(bundle: Rolldown.OutputBundle, chunkNames: ReadonlySet<string>): string[] {
  const hinted: string[] = [];
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk' || !chunkNames.has(item.name)) continue;
    hinted.push(item.name);
    if (item.code.startsWith(COMPILE_HINT)) continue;
    item.code = `${COMPILE_HINT}\n${item.code}`;
    const map = bundle[`${item.fileName}.map`];
    if (map?.type === 'asset') {
      const parsed = JSON.parse(String(map.source)) as { mappings: string };
      parsed.mappings = `;${parsed.mappings}`;
      map.source = JSON.stringify(parsed);
    }
  }
  const missing = [...chunkNames].filter((name) => !hinted.includes(name));
  // A renamed chunk would lose its hint without a word: the build says so instead.
  if (missing.length > 0) throw new Error(`compile hints: no chunk named ${missing.join(', ')}`);
  return hinted;
}

export function compileHints(chunkNames: readonly string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'tt-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle, names);
      },
    },
  };
}
