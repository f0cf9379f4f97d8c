/**
 * How the marketplace reads what a buyer types (issue 9): words, the local names people use for a product,
 * and which words may be completed (prefix matching). The server turns the result into a PostgreSQL
 * full-text query; the rules live here so they can be tested without a database.
 */

/**
 * The longest search a list or picker takes: a few words a person types to find a row. The server refuses a
 * longer one (400), and a search box takes no more.
 */
export const SEARCH_TEXT_MAX = 100;

/**
 * Local and everyday names -> the words the catalogue uses. Keys and values are lower-case phrases. A search
 * for a key finds what the key itself finds plus what its values find.
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  'mielie meal': ['maize meal'],
  'mealie meal': ['maize meal'],
  'mielie pap': ['maize meal'],
  mieliepap: ['maize meal'],
  mealies: ['maize'],
  pap: ['maize meal'],
  'cool drink': ['soft drinks', 'cola'],
  'cool drinks': ['soft drinks', 'cola'],
  cooldrink: ['soft drinks', 'cola'],
  cooldrinks: ['soft drinks', 'cola'],
  'fizzy drink': ['soft drinks', 'cola'],
  'tin fish': ['pilchards'],
  'tinned fish': ['pilchards'],
  suiker: ['sugar'],
  ushukela: ['sugar'],
  'white sugar': ['sugar'],
  'brown sugar': ['sugar'],
  maas: ['amasi'],
  'sour milk': ['amasi'],
  vaseline: ['petroleum jelly'],
  kerosene: ['paraffin'],
  crisps: ['chips'],
  'washing powder': ['detergent', 'washing powder'],
  'tooth paste': ['toothpaste'],
  nappy: ['nappies'],
  diapers: ['nappies'],
  'long life': ['long life milk', 'uht'],
  isinkwa: ['bread'],
  brood: ['bread'],
  rys: ['rice'],
  olie: ['oil'],
  // Brands whose names are the everyday word for the thing, whoever made it.
  coke: ['cola'],
  jik: ['bleach'],
  omo: ['washing powder'],
  colgate: ['toothpaste'],
  pampers: ['nappies'],
  huggies: ['nappies'],
  simba: ['chips'],
  'lucky star': ['pilchards'],
  // Chicken feet, as the township's kitchens and braais call them.
  runaways: ['chicken feet'],
  'walkie talkies': ['chicken feet'],
};

/**
 * One alternative: `text` as typed (one token, perhaps with punctuation, or a synonym's phrase), whose
 * words must follow one another; `prefix`: a single word that may be completed ("mai" finds maize).
 */
export interface SearchPhrase {
  text: string;
  words: string[];
  prefix: boolean;
}

/** Every group must match (several words narrow the result); a group matches when one of its phrases does. */
export type SearchGroup = SearchPhrase[];

/** Words shorter than this are matched whole, never completed ("pa" would otherwise find everything). */
const MIN_PREFIX = 3;
const MAX_WORDS = 8;

/** Lower-case letters and digits of every script; everything else separates words. */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_WORDS) ?? []
  );
}

/**
 * The search's groups. Words joined by punctuation ("12.5kg", "coca-cola", "qwerty_oo") stay one phrase,
 * so a character such as % or _ is never a wildcard. A synonym phrase (longest first) becomes one group with
 * the typed words and the catalogue's words as alternatives.
 */
export function parseSearch(text: string): SearchGroup[] {
  const tokens = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/)
    .map((token) => ({ text: token, words: searchWords(token) }))
    .filter((token) => token.words.length > 0)
    .slice(0, MAX_WORDS);
  const groups: SearchGroup[] = [];
  let i = 0;
  while (i < tokens.length) {
    let matched = false;
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !matched; n -= 1) {
      const slice = tokens.slice(i, i + n);
      if (slice.some((t) => t.words.length !== 1)) continue;
      const key = slice.map((t) => t.words[0]).join(' ');
      const synonyms = SEARCH_SYNONYMS[key];
      if (!synonyms) continue;
      groups.push([
        { text: key, words: key.split(' '), prefix: false },
        ...synonyms.map((s) => ({ text: s, words: searchWords(s), prefix: false })),
      ]);
      i += n;
      matched = true;
    }
    if (matched) continue;
    const { words, text: typed } = tokens[i]!;
    const single = words.length === 1;
    groups.push([
      { text: single ? words[0]! : typed, words, prefix: single && words[0]!.length >= MIN_PREFIX },
    ]);
    i += 1;
  }
  return groups;
}

/** The words of a search that a spelling correction may replace: single plain words of a few letters. */
export function correctableWords(groups: SearchGroup[]): string[] {
  return groups
    .filter((g) => g.length === 1 && g[0]!.words.length === 1 && g[0]!.words[0]!.length >= MIN_PREFIX)
    .map((g) => g[0]!.words[0]!)
    .filter((w) => !/^\p{N}+$/u.test(w));
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

/**
 * Edit distance between a typed word and a catalogue word, for choosing among close words: insertions,
 * deletions and substitutions cost 1, swapping two neighbours costs 1, and one vowel typed for another
 * costs 0.5 (people spell by ear: "suger" is sugar more likely than super).
 */
export function typoDistance(typed: string, word: string): number {
  const a = [...typed];
  const b = [...word];
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const x = a[i - 1]!;
      const y = b[j - 1]!;
      const substitution = x === y ? 0 : VOWELS.has(x) && VOWELS.has(y) ? 0.5 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + substitution);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The corrections of a typed word among candidate catalogue words: those nearest by typoDistance, when
 * near enough (a third of the word's length, at least 1); a candidate that contains the typed word whole
 * (an infix such as "xcvbra" of "zxcvbrand") always counts.
 */
export function closestWords(typed: string, candidates: readonly string[]): string[] {
  const containing = candidates.filter((c) => c.includes(typed));
  const limit = Math.max(1, Math.floor(typed.length / 3));
  const scored = candidates
    .filter((c) => !c.includes(typed))
    .map((c) => ({ c, d: typoDistance(typed, c) }))
    .filter((s) => s.d <= limit);
  const best = Math.min(...scored.map((s) => s.d));
  return [...containing, ...scored.filter((s) => s.d === best).map((s) => s.c)];
}

/**
 * A search with its typos corrected: each corrected word (`corrections`: typed word -> catalogue words, from
 * closestWords) keeps what was typed and gains its corrections as completable alternatives. `text` is the
 * search as a shop owner reads it back ("cooking oil" for "cookng oil": each corrected word replaced by its
 * nearest correction); null when no word was corrected.
 */
export function withCorrections(
  groups: readonly SearchGroup[],
  corrections: ReadonlyMap<string, readonly string[]>,
): { groups: SearchGroup[]; text: string | null } {
  let corrected = false;
  const words: string[] = [];
  const out = groups.map((group) => {
    const first = group[0]!;
    const alternatives =
      group.length === 1 && first.words.length === 1 ? corrections.get(first.words[0]!) : undefined;
    if (!alternatives || alternatives.length === 0) {
      words.push(first.text);
      return group;
    }
    corrected = true;
    words.push(alternatives[0]!);
    return [...group, ...alternatives.map((word) => ({ text: word, words: [word], prefix: true }))];
  });
  return { groups: out, text: corrected ? words.join(' ') : null };
}
