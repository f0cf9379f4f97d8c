import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@tt/domain';

const dir = new URL('./', import.meta.url);
const namespaces = readdirSync(new URL('en/', dir)).filter((f) => f.endsWith('.json'));

type Tree = { [key: string]: string | Tree };
const load = (language: string, file: string): Tree =>
  JSON.parse(readFileSync(new URL(`${language}/${file}`, dir), 'utf8'));

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(LANGUAGES.map((l) => l.code))('translations: %s', (language) => {
  it.each(namespaces)('%s has every English key, filled, with the same placeholders', (file) => {
    const english = flatten(load('en', file));
    const translated = flatten(load(language, file));
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of translated) {
      expect(typeof value, `${language}/${file}: ${key}`).toBe('string');
      expect((value as string).trim(), `${language}/${file}: ${key} is empty`).not.toBe('');
      expect(placeholders(value as string), `${language}/${file}: ${key}`).toEqual(
        placeholders(english.get(key) as string),
      );
    }
  });

  it.skipIf(language === 'en')('is a translation, not a copy of the English', () => {
    let same = 0;
    let total = 0;
    for (const file of namespaces) {
      const english = flatten(load('en', file));
      for (const [key, value] of flatten(load(language, file))) {
        total += 1;
        if (value === english.get(key)) same += 1;
      }
    }
    // Names (Township Trade, CRM, VAT) and some month abbreviations may match; whole sentences may not.
    expect(same / total).toBeLessThan(0.15);
  });
});
