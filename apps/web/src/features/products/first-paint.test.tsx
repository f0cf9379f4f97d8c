import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FREE_PLAN_BROWSE_LIMIT,
  LANGUAGES,
  PRICE_BAND_KEYS,
  PRODUCT_SORTS,
  STOCK_GREEN_ABOVE,
  formatRand,
  type AppUser,
} from '@tt/domain';
import { i18n } from '../../lib/i18n';
import { meQuery } from '../auth/api';
import { canBuy, cartQuery } from '../cart/api';
import ProductsPage from './ProductsPage';
import { productKeys, productsQuery } from './api';
import { productsFirstPaint, productsFirstPaintWords, type ProductsFirstPaintData } from './first-paint';

/**
 * Issue 9: the marketplace's part of the signed-in first paint (index.html draws it from the head script's answers
 * before the app's code has run) is the markup ProductsPage renders for the same answers, in every language, for
 * a buyer and a seller, on the free plan and another: nothing moves or changes when the app takes its place.
 */
const locale = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../locales/${language}/${namespace}.json`), 'utf8'),
  ) as Record<string, unknown>;

const product = (
  id: number,
  overrides: Partial<ProductsFirstPaintData['list']['products'][number]> = {},
) => ({
  id,
  product_id: id,
  name: `Maize Meal ${id}kg "Super" & <Co>'s`,
  brand: 'Iwisa',
  sku: `SKU-${id}`,
  description: 'A bag',
  image_url: `/products/maize-${id}.svg`,
  category_id: 2,
  category_name: 'Maize Meal & Samp',
  parent_id: 1,
  selling_price: 1234.5,
  mrp: 1299.99,
  minimum_order_quantity: 6,
  stock_quantity: 130,
  is_active: true,
  seller_id: 3,
  seller_name: 'Kaap Distribution Co',
  ...overrides,
});

// The first row: an ordinary card, one with little stock and no struck price, one out of stock with no picture,
// one of the user's own listings that is hidden, and one past the first row (not painted).
const firstPage = (capped: boolean) => ({
  products: [
    product(1),
    product(2, { stock_quantity: 1, minimum_order_quantity: 1, mrp: 1234.5, selling_price: 1234.5 }),
    product(3, { stock_quantity: 0, image_url: null, selling_price: 0.5, mrp: 0.99 }),
    product(4, { seller_id: 7, is_active: false, stock_quantity: 12, minimum_order_quantity: 24 }),
  ],
  total: capped ? 12345 : 58,
  total_capped: capped,
  page: 1,
  page_size: 24,
  browse_limit: null,
  corrected: null,
});
const categories = [
  { id: 1, name: 'Groceries & Staples', parent_id: null },
  { id: 2, name: 'Maize Meal & Samp', parent_id: 1 },
  { id: 6, name: "Fresh 'n Frozen", parent_id: null },
];

for (const language of LANGUAGES.map((l) => l.code)) {
  i18n.addResourceBundle(language, 'products', locale(language, 'products'), true, true);
  if (language !== 'en' && language !== 'zu')
    i18n.addResourceBundle(language, 'common', locale(language, 'common'), true, true);
}

function render(
  user: AppUser,
  plan: ProductsFirstPaintData['plan'],
  list: ReturnType<typeof firstPage>,
  cart: number,
) {
  const client = new QueryClient();
  client.setQueryData(meQuery().queryKey, user);
  client.setQueryData(productKeys.categories(), categories);
  client.setQueryData(productKeys.plan(), plan);
  client.setQueryData(
    cartQuery().queryKey,
    Array.from({ length: cart }, (_, i) => ({ id: i }) as never),
  );
  client.setQueryData(productsQuery({}).queryKey, { pages: [list], pageParams: [1] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/products']}>
        <ProductsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cases = [
  { role: 'retailer', plan: { plan_type: 'free', max_products_browse: 10 }, capped: false, cart: 1 },
  { role: 'retailer', plan: { plan_type: 'free', max_products_browse: -1 }, capped: true, cart: 0 },
  { role: 'trader', plan: { plan_type: 'trader', max_products_browse: -1 }, capped: false, cart: 3 },
  { role: 'supplier', plan: { plan_type: 'enterprise', max_products_browse: -1 }, capped: true, cart: 0 },
] as const;

describe("the marketplace's first paint", () => {
  it.each(LANGUAGES.map((l) => l.code))('is what ProductsPage renders, in %s', async (language) => {
    await i18n.changeLanguage(language);
    const t = productsFirstPaintWords(locale(language, 'products'));
    for (const c of cases) {
      const user = { id: 7, name: 'Thandi Mokoena', role: c.role } as unknown as AppUser;
      const list = firstPage(c.capped);
      const react = render(user, c.plan, list, c.cart);
      const [action, body] = productsFirstPaint({
        lang: language,
        t,
        user: { id: user.id, buyer: canBuy(user.role) },
        list,
        categories,
        plan: c.plan,
        cart: c.cart,
        c: {
          bands: PRICE_BAND_KEYS,
          sorts: PRODUCT_SORTS,
          green: STOCK_GREEN_ABOVE,
          freeLimit: FREE_PLAN_BROWSE_LIMIT,
        },
        cards: 3,
      });
      const label = `${language} ${c.role} ${c.plan.plan_type}`;
      // The heading's action, then (after the heading) the banner, the filter bar and the first cards.
      expect(react, label).toContain(`</p></div>${action}</div>`);
      expect(action === '', label).toBe(!canBuy(user.role));
      const [head] = body.split('<li class="min-w-0">');
      expect(react, label).toContain(`${action}</div>${head}`);
      expect(react, label).toContain(body.replace(/<\/ul>$/, '<li class="min-w-0">'));
      expect(body.match(/data-testid="product-card"/g), label).toHaveLength(3);
      expect(body.includes('free-plan-banner'), label).toBe(c.plan.plan_type === 'free');
    }
  });

  it('formats money as formatRand does', () => {
    const painted = (rand: number) =>
      /data-testid="price">([^<]+)</.exec(
        productsFirstPaint({
          lang: 'en',
          t: {},
          user: { id: 1, buyer: false },
          list: { products: [product(1, { selling_price: rand, mrp: 0 })], total: 1, total_capped: false },
          categories: [],
          plan: null,
          cart: 0,
          c: { bands: [], sorts: [], green: 50, freeLimit: 10 },
          cards: 1,
        })[1],
      )![1];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(painted(cents / 100)).toBe(formatRand(cents));
      }),
    );
  });
});
