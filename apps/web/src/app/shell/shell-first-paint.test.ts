import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Globe, Menu } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { can, LANGUAGES, ROLES, roleBadgeTone, roleLabelKey } from '@tt/domain';
import { BADGE_CLASS, BADGE_TONES, FIRST_PAINT_ROLES } from './first-paint-roles';
import { bottomTabs } from './nav';

/**
 * Issue 9: the signed-in first paint (first-paint.html, put in index.html by the build and shown before the app
 * has loaded) is the same shell and heading as AppShell and the screens render, in every language and for every
 * role: nothing moves or changes words when the app takes its place.
 */
const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const html = source('./first-paint.html');
const shell = source('./AppShell.tsx');
const bar = source('./BottomBar.tsx');
const sidebar = source('./Sidebar.tsx');
const pageHeader = source('../../components/ui/PageHeader.tsx');
const logo = source('../../components/ui/Logo.tsx');
const picker = source('../../components/ui/LanguagePicker.tsx');
const badge = source('../../components/ui/Badge.tsx');
const roleBadge = source('../../components/ui/RoleBadge.tsx');
const dashboard = source('../../features/dashboard/DashboardPage.tsx');

const locale = (language: string, namespace: string): unknown =>
  JSON.parse(source(`../../locales/${language}/${namespace}.json`));
const lookup = (tree: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/** Every key the first paint can show: its own, the two headings, and each role's badge and subtitles. */
const keys = [
  ...[...html.matchAll(/data-t(?:-label)?="([^"]+)"/g)].map((m) => m[1]!),
  'dashboard:title',
  'products:title',
  ...Object.values(FIRST_PAINT_ROLES).flatMap((r) => [
    `common:${r.badge}`,
    `dashboard:${r.dashboard}`,
    `products:${r.products}`,
  ]),
];
const classes = (markup: string) => [...markup.matchAll(/class="([^"]+)"/g)].map((m) => m[1]!.trim());

describe('the signed-in first paint', () => {
  it.each(LANGUAGES.map((l) => l.code))('has every text in %s', (language) => {
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys) {
      const [namespace, path] = key.split(':') as [string, string];
      expect(typeof lookup(locale(language, namespace), path), `${language} ${key}`).toBe('string');
    }
  });

  it('shows each role as RoleBadge and the screens do', () => {
    const subtitleRoles = /const subtitleRoles = \[([^\]]+)\]/.exec(dashboard)?.[1];
    expect(subtitleRoles).toBeDefined();
    expect(Object.keys(FIRST_PAINT_ROLES).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) {
      const painted = FIRST_PAINT_ROLES[role]!;
      expect(painted.badge, role).toBe(roleLabelKey(role));
      expect(painted.tone, role).toBe(roleBadgeTone(role));
      expect(painted.dashboard, role).toBe(
        subtitleRoles!.includes(`'${role}'`) ? `subtitle.${role}` : 'subtitle.default',
      );
      // ProductsPage: canBuy (the cart's rule) picks the buyer's subtitle.
      expect(painted.products, role).toBe(can(role, 'orders.place') ? 'subtitle' : 'subtitle_seller');
    }
    for (const [tone, toneClass] of Object.entries(BADGE_TONES))
      expect(badge, tone).toContain(`${tone}: '${toneClass}'`);
    expect(badge).toContain(`'${BADGE_CLASS[0]}'`);
    expect(roleBadge).toContain(`"${BADGE_CLASS[1]}"`);
  });

  it('uses the classes the shell, its bottom bar, the logo, the language picker and the heading use', () => {
    const sources = [shell, bar, sidebar, pageHeader, logo, picker, badge, roleBadge].join('\n');
    const own = new Set([
      // Filled in by the first paint's script from first-paint-roles.ts (checked above).
      `${BADGE_CLASS[0]} ${BADGE_TONES.green} ${BADGE_CLASS[1]}`,
      // BottomBar's and Logo's classes are composed in code; their parts are checked here.
      'flex min-h-14 flex-col items-center justify-center gap-0.5 py-1 text-[11px] font-medium text-stone-500',
      'min-w-0 leading-tight whitespace-nowrap',
      'relative flex items-center',
    ]);
    for (const part of classes(html)) {
      if (own.has(part) || part.startsWith('lucide ')) continue;
      expect(sources, part).toContain(part);
    }
    expect(bar).toContain(
      "'flex min-h-14 flex-col items-center justify-center gap-0.5 py-1 text-[11px] font-medium'",
    );
    expect(bar).toContain("isActive ? 'text-brand-700' : 'text-stone-500'");
    expect(logo).toContain('min-w-0 leading-tight whitespace-nowrap ${');
    expect(picker).toContain('relative flex items-center ${className}');
  });

  it('has the bottom bar’s tabs, in order, with their icons', () => {
    const links = [...html.matchAll(/<a\s+href="([^"]+)"[\s\S]*?data-t="common:nav\.([a-z_]+)"/g)];
    expect(links.map((m) => [m[1], m[2]])).toEqual(bottomTabs.map((tab) => [tab.path, tab.label]));
    const flat = html
      .replace(/\s+/g, ' ')
      .replace(/\s*>\s*</g, '><')
      .replace(/\s+>/g, '>');
    for (const tab of bottomTabs)
      expect(flat, tab.label).toContain(
        renderToStaticMarkup(createElement(tab.icon, { 'aria-hidden': true, className: 'size-5' })),
      );
    expect(flat).toContain(
      renderToStaticMarkup(createElement(Menu, { 'aria-hidden': true, className: 'size-5' })),
    );
    expect(flat).toContain(
      renderToStaticMarkup(
        createElement(Globe, {
          'aria-hidden': true,
          className: 'pointer-events-none absolute left-2 size-4 text-stone-500',
        }),
      ),
    );
  });

  it('has no control that does nothing before the app: its one button is the menu, replayed by AppShell', () => {
    const buttons = [...html.matchAll(/<button[\s\S]*?>/g)].map((m) => m[0]);
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toContain('data-tap="common:shell.open_menu"');
    expect(shell).toContain('takeFirstPaintTap(MENU_TAP)');
    // Links are plain links to the screens (the logo's to the dashboard, the tabs').
    for (const [, href] of html.matchAll(/href="([^"]+)"/g))
      expect(['/dashboard', ...bottomTabs.map((t) => t.path)]).toContain(href);
  });
});
