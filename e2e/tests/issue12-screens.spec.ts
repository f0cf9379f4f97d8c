import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, shot, test, type DemoRole } from './fixtures';

/**
 * Issue 12, must-show: the four supplier screens (supplier applications, bulk upload with My products and
 * a validation report, trade promotions with the table and the dialog, smart orders) at phone (390x844)
 * and desktop (1280x800) size, each tab settled on its own content with no sideways scroll, also in
 * isiZulu (the longest labels); the screenshots (E2E_SCREENSHOTS=1) go to e2e/artifacts to be looked at.
 */

interface Screen {
  name: string;
  path: string;
  role: DemoRole;
  /** A test id that is there once the tab shows its own content (any of several, as the account allows). */
  ready: string | string[];
  /** What to do on the screen before the shot (open a dialog, upload a file). */
  then?: (page: Page) => Promise<void>;
}

const BAD_FILE = [
  'name,description,category_id,brand,sku,barcode,unit_type,pack_size,mrp,selling_price,wholesale_price,minimum_order_quantity,stock_quantity,image_url',
  'Maize Meal Super 10kg With A Long Name For The Report,Fine white maize meal,1,Golden Fields,SHOT-1,,bag,10kg,120,99.5,,1,12,',
  'Broken row,,1,Golden Fields,SHOT-2,,bag,,30,free,,0,-4,',
].join('\n');

const SCREENS: Screen[] = [
  { name: 'applications-my', path: '/supplier-applications', role: 'supplier', ready: 'my-application' },
  {
    name: 'applications-my-none',
    path: '/supplier-applications',
    role: 'retailer',
    // The demo retailer may not apply (its role is shared): the empty state says so.
    ready: ['empty-apply', 'my-application', 'my-application-empty'],
  },
  {
    name: 'applications-apply',
    path: '/supplier-applications?tab=apply',
    role: 'retailer',
    ready: ['apply-form', 'apply-demo'],
  },
  {
    name: 'applications-review',
    path: '/supplier-applications?tab=review',
    role: 'admin',
    ready: 'review-counts',
  },
  { name: 'bulk-upload-restricted', path: '/bulk-upload', role: 'retailer', ready: 'access-restricted' },
  { name: 'bulk-upload-my-products', path: '/bulk-upload', role: 'supplier', ready: 'my-product' },
  {
    name: 'bulk-upload-report',
    path: '/bulk-upload?tab=upload',
    role: 'supplier',
    ready: 'template-xlsx',
    then: async (page) => {
      await page
        .getByTestId('bulk-file')
        .setInputFiles({ name: 'shot.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_FILE) });
      await expect(page.getByTestId('upload-report')).toBeVisible();
      await expect(page.getByTestId('count-errors')).not.toHaveText('0');
    },
  },
  { name: 'trade-promotions', path: '/trade-promotions', role: 'supplier', ready: 'promotion-stats' },
  {
    name: 'trade-promotions-dialog',
    path: '/trade-promotions',
    role: 'supplier',
    ready: 'create-promotion',
    then: async (page) => {
      await page.getByTestId('create-promotion').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'smart-orders-auto', path: '/smart-orders', role: 'retailer', ready: 'create-smart-order' },
  {
    name: 'smart-orders-scheduled',
    path: '/smart-orders?tab=scheduled',
    role: 'retailer',
    ready: 'create-smart-order',
  },
  {
    name: 'smart-orders-offers',
    path: '/smart-orders?tab=offers',
    role: 'supplier',
    ready: 'create-smart-order',
  },
];

for (const screen of SCREENS) {
  test(`issue 12: ${screen.name} looks finished at this size, in English and isiZulu`, async ({
    page,
    login,
  }, info) => {
    await login(screen.role);
    const languages = info.project.name === 'phone' ? ['en', 'zu'] : ['en'];
    try {
      for (const language of languages) {
        await page.getByTestId('language-picker').selectOption(language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const [first, ...others] = [screen.ready].flat();
        const ready = others.reduce((l, id) => l.or(page.getByTestId(id)), page.getByTestId(first!));
        await expect(ready.first()).toBeVisible();
        await screen.then?.(page);
        await expect(page.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
        await expectNoHorizontalScroll(page);
        await shot(page, `${language}-${screen.name}`, info.project.name, {
          fullPage: !screen.then || !screen.name.endsWith('dialog'),
        });
      }
    } finally {
      await page.getByTestId('language-picker').selectOption('en');
    }
  });
}
