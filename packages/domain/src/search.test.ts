import { describe, expect, it } from 'vitest';
import {
  closestWords,
  correctableWords,
  parseSearch,
  SEARCH_SYNONYMS,
  typoDistance,
  withCorrections,
} from './search.ts';

const texts = (text: string) => parseSearch(text).map((group) => group.map((p) => p.text));

describe('parseSearch', () => {
  it('makes one group per word, each completable when long enough', () => {
    expect(parseSearch('Maize  MEAL')).toEqual([
      [{ text: 'maize', words: ['maize'], prefix: true }],
      [{ text: 'meal', words: ['meal'], prefix: true }],
    ]);
    expect(parseSearch('5 kg')[0]).toEqual([{ text: '5', words: ['5'], prefix: false }]);
  });

  it('keeps words joined by punctuation as one phrase, so % and _ are never wildcards', () => {
    expect(parseSearch('qwerty_oo')).toEqual([
      [{ text: 'qwerty_oo', words: ['qwerty', 'oo'], prefix: false }],
    ]);
    expect(texts('coca-cola 12.5kg')).toEqual([['coca-cola'], ['12.5kg']]);
    expect(parseSearch('%%% ___')).toEqual([]);
  });

  it('turns the local names into the catalogue words, longest phrase first', () => {
    expect(texts('mielie meal')).toEqual([['mielie meal', 'maize meal']]);
    expect(texts('mealie meal 10kg')).toEqual([['mealie meal', 'maize meal'], ['10kg']]);
    expect(texts('pap')).toEqual([['pap', 'maize meal']]);
    expect(texts('cool drink')).toEqual([['cool drink', 'soft drinks', 'cola']]);
    expect(texts('Cooldrink')).toEqual([['cooldrink', 'soft drinks', 'cola']]);
    expect(texts('tin fish')).toEqual([['tin fish', 'pilchards']]);
    expect(texts('suiker')).toEqual([['suiker', 'sugar']]);
    // A brand that is the everyday word for the thing, and a township name.
    expect(texts('Jik 1.5L')).toEqual([['jik', 'bleach'], ['1.5l']]);
    expect(texts('walkie talkies')).toEqual([['walkie talkies', 'chicken feet']]);
    // The typed words are never completed inside a synonym ("pap" must not find paper).
    expect(parseSearch('pap')[0]!.every((p) => !p.prefix)).toBe(true);
  });

  it('has lower-case synonym keys and values only', () => {
    for (const [key, values] of Object.entries(SEARCH_SYNONYMS)) {
      expect(key).toBe(key.toLowerCase());
      for (const v of values) expect(v).toBe(v.toLowerCase());
    }
  });

  it('lets only single words of three letters or more be corrected', () => {
    expect(correctableWords(parseSearch('suger 2kg ab 500 pap qwerty_oo cookng'))).toEqual([
      'suger',
      '2kg',
      'cookng',
    ]);
  });
});

describe('typo corrections', () => {
  it('counts one vowel for another as half an edit', () => {
    expect(typoDistance('suger', 'sugar')).toBe(0.5);
    expect(typoDistance('suger', 'super')).toBe(1);
    expect(typoDistance('cookng', 'cooking')).toBe(1);
    expect(typoDistance('sugra', 'sugar')).toBe(1);
    expect(typoDistance('maize', 'maize')).toBe(0);
  });

  it('keeps the nearest close words, and words containing the typed one', () => {
    expect(closestWords('suger', ['super', 'sugar', 'sugarcane'])).toEqual(['sugar']);
    expect(closestWords('cookng', ['cooking', 'cookies', 'cook'])).toEqual(['cooking']);
    expect(closestWords('xcvbra', ['zxcvbrand'])).toEqual(['zxcvbrand']);
    expect(closestWords('ryce', ['rice', 'race'])).toEqual(['rice', 'race']);
    expect(closestWords('xylophone', ['yellow', 'phone'])).toEqual([]);
  });
});

describe('a search with its typos corrected', () => {
  it('adds each correction as an alternative and reads the search back with the nearest one', () => {
    const corrections = new Map([
      ['cookng', ['cooking']],
      ['ryce', ['rice', 'race']],
    ]);
    const { groups, text } = withCorrections(parseSearch('Cookng oil 2L'), corrections);
    expect(text).toBe('cooking oil 2l');
    expect(groups[0]).toEqual([
      { text: 'cookng', words: ['cookng'], prefix: true },
      { text: 'cooking', words: ['cooking'], prefix: true },
    ]);
    expect(groups.slice(1)).toEqual(parseSearch('oil 2L'));
    expect(withCorrections(parseSearch('ryce 12.5kg'), corrections).text).toBe('rice 12.5kg');
  });

  it('leaves a search alone when no word was corrected, and never corrects inside a synonym', () => {
    const none = withCorrections(parseSearch('sugar'), new Map());
    expect(none).toEqual({ groups: parseSearch('sugar'), text: null });
    // "cool drink" is one group of alternatives (the synonym list), not a word that a correction may replace.
    const synonym = withCorrections(parseSearch('cool drink'), new Map([['cool drink', ['cola']]]));
    expect(synonym.text).toBeNull();
    expect(withCorrections(parseSearch('ryce'), new Map([['ryce', []]])).text).toBeNull();
  });
});
