import type { Page } from '@playwright/test';
import { expect, key, locale, shot, test } from './fixtures';

/**
 * Issue 10 point 10, in every language: on a 360-pixel phone no text is cut on the bottom bar, the tabs,
 * the badges or the buttons of the screens that move money (cart, checkout review, bulk orders, co-ops,
 * subscription, orders, referrals), and nothing scrolls sideways. On the desktop the same screens keep
 * every label whole too (the sidebar replaces the bottom bar).
 */

const LANGUAGES = ['en', 'zu', 'xh', 'af', 'st', 'tn'] as const;

interface Product {
  id: number;
  stock_quantity: number;
  minimum_order_quantity: number;
  is_active: boolean;
}
interface CartLine {
  id: number;
}

/** Bottom bar labels, tabs, badges (rounded-full pills) and buttons: each as wide as its text needs. */
const WATCHED = [
  'nav[aria-label] li a span:last-child',
  '[role="tab"]',
  'button',
  'a[class*="inline-flex"]',
  'span.rounded-full.whitespace-nowrap',
].join(', ');

/**
 * Cut means: the element clips its own text (an ellipsis or hidden overflow narrower than the text), or
 * the text's glyphs run outside the element's box. Text inside absolutely placed parts (a count bubble on
 * an icon) and screen-reader-only text are not the element's own line.
 */
async function cutTexts(page: Page): Promise<string[]> {
  return page.locator(WATCHED).evaluateAll((nodes) => {
    const cut: string[] = [];
    for (const node of nodes as HTMLElement[]) {
      if (node.offsetParent === null || node.closest('.sr-only')) continue;
      const box = node.getBoundingClientRect();
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      let clipped = false;
      for (let text = walker.nextNode(); text && !clipped; text = walker.nextNode()) {
        if (!text.textContent?.trim()) continue;
        let own = true;
        for (let el = text.parentElement; el && el !== node; el = el.parentElement) {
          const position = getComputedStyle(el).position;
          if (position === 'absolute' || position === 'fixed' || el.classList.contains('sr-only'))
            own = false;
        }
        if (!own) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of Array.from(range.getClientRects())) {
          if (rect.width > 0 && (rect.right > box.right + 1 || rect.left < box.left - 1)) clipped = true;
        }
      }
      const style = getComputedStyle(node);
      if (
        style.overflowX !== 'visible' &&
        node.scrollWidth > node.clientWidth + 1 &&
        node.getAttribute('role') !== 'tablist'
      )
        clipped = true;
      if (clipped)
        cut.push(`${node.tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return cut;
  });
}

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
}

async function fillCart(page: Page) {
  for (const line of (await (await page.request.get('/api/cart')).json()) as CartLine[]) {
    await page.request.delete(`/api/cart/${line.id}`);
  }
  const { products } = (await (await page.request.get('/api/products?page_size=50')).json()) as {
    products: Product[];
  };
  const product = products.find((p) => p.is_active && p.stock_quantity >= p.minimum_order_quantity * 2);
  expect(product, 'a product in stock').toBeDefined();
  const added = await page.request.post('/api/cart', {
    data: { product_id: product!.id, quantity: product!.minimum_order_quantity },
  });
  expect(added.ok()).toBeTruthy();
}

const SCREENS = [
  '/dashboard',
  '/cart',
  '/cart?step=review',
  '/bulk-orders',
  '/bulk-orders?tab=create',
  '/cooperatives',
  '/subscription',
  '/orders',
  '/referrals',
];

/** The header's greeting, in that language: the screen was drawn again in it (not just the stored choice). */
function greeting(language: (typeof LANGUAGES)[number]): RegExp {
  const text = key(locale(language, 'common'), 'shell.welcome').split('{{name}}')[0]!;
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

// One test per screen, opened once, then checked in every language through the app's own language switch
// (the header's picker: i18next draws the screen again in the new language, no reload). Every screen is
// still checked in every language, with one page load per screen instead of one per screen and language.
for (const screen of SCREENS) {
  test(`${screen}: no cut text on the bottom bar, tabs, badges and buttons in any language`, async ({
    page,
    login,
    isMobile,
  }, info) => {
    test.slow();
    const width = isMobile ? 360 : 1280;
    await page.setViewportSize({ width, height: isMobile ? 780 : 800 });
    await page.addInitScript((lang) => localStorage.setItem('language', lang), LANGUAGES[0]);
    await login('retailer', false);
    await fillCart(page);
    await page.goto(screen);
    const found: string[] = [];
    for (const language of LANGUAGES) {
      if (language !== LANGUAGES[0]) await page.getByTestId('language-picker').selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('language-picker')).toHaveValue(language);
      await expect(
        page.locator('header').getByText(greeting(language)).filter({ visible: true }),
      ).toHaveCount(1);
      await settle(page);
      if (isMobile) {
        await expect(page.getByRole('navigation', { name: /./ }).last()).toBeVisible();
      }
      found.push(...(await cutTexts(page)).map((cut) => `${language} ${screen}: ${cut}`));
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) found.push(`${language} ${screen}: scrolls sideways (${scrollWidth} px)`);
      if (screen === '/dashboard' || screen === '/cart?step=review' || screen === '/bulk-orders') {
        await shot(page, `${language}-${screen.replace(/[/?=]/g, '_')}`, info.project.name, {
          fullPage: false,
        });
      }
    }
    expect(found).toEqual([]);
  });
}
