import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@tt/domain';
import { paths } from '../../lib/paths';

/**
 * Issue 9: the landing page's first paint (first-paint.html, put in index.html by the build) is the same
 * header and hero as LandingPage renders, in every language: nothing moves or changes words when the app
 * takes its place.
 */
const html = readFileSync(new URL('./first-paint.html', import.meta.url), 'utf8');
const page = readFileSync(new URL('./LandingPage.tsx', import.meta.url), 'utf8');
const keys = [...html.matchAll(/data-t="([^"]+)"/g)].map((m) => m[1]!);
const locale = (language: string, namespace: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../locales/${language}/${namespace}.json`, import.meta.url), 'utf8'));
const lookup = (tree: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('the landing page first paint', () => {
  it('says what the page says: every landing text it shows is one LandingPage shows', () => {
    expect(keys.length).toBeGreaterThan(8);
    for (const key of keys.filter((k) => k.startsWith('landing:')))
      expect(page, key).toContain(`t('${key.slice('landing:'.length)}')`);
  });

  it.each(LANGUAGES.map((l) => l.code))('has every text in %s', (language) => {
    for (const key of keys) {
      const [namespace, path] = key.split(':') as [string, string];
      expect(typeof lookup(locale(language, namespace), path), `${language} ${key}`).toBe('string');
    }
  });

  it('signs in through a plain link to the page LandingPage links to, which needs no app to follow', () => {
    const link = /<a\s+href="([^"]+)"[^>]*data-t="landing:sign_in"/.exec(html);
    expect(link?.[1]).toBe(paths.login);
    expect(page).toContain('to={paths.login}');
    // Narrower than a laptop the header's demo button gives way to it in both.
    expect(/<button[^>]*max-lg:hidden"\s+data-t="landing:demo_login"/.test(html)).toBe(true);
    expect(page).toContain('className="max-lg:hidden"');
  });

  it('uses the classes LandingPage uses for its heading and buttons', () => {
    const heading = /<h1\s+class="([^"]+)"/.exec(html)?.[1];
    expect(page).toContain(`<h1 className="${heading}"`);
    for (const part of [
      'bg-gradient-to-br from-brand-600 via-brand-600 to-brand-800',
      'mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:py-20 lg:grid-cols-2 lg:items-center',
      'inline-flex rounded-full bg-white/15 px-3 py-1 text-xs font-medium sm:text-sm',
      'mt-4 max-w-xl text-base text-white sm:text-lg',
    ])
      expect(html, part).toContain(part);
    for (const part of [
      'bg-gradient-to-br from-brand-600 via-brand-600 to-brand-800',
      'mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:py-20 lg:grid-cols-2 lg:items-center',
    ])
      expect(page, part).toContain(part);
  });
});
