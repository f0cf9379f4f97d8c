import { brandPalette, DEFAULT_BRANDING, type Branding } from '@tt/domain';
import type { Page } from '@playwright/test';
import { blockingViolations } from './axe';
import { test, expect, locale, key, shot, expectNoHorizontalScroll, holdApp } from './fixtures';

const en = locale('en', 'white_label');
const common = locale('en', 'common');
/** A 2 x 2 PNG (red, green, blue, white). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGklEQVR4AWO8o6b232RyNANLfMwFhvdunAwAPd0GGHwtsLYAAAAASUVORK5CYII=',
  'base64',
);
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/**
 * The e2e servers share one database per project across spec files: whatever this spec saves is put back to the
 * product's own branding at its end, or every later spec would see a re-branded app.
 */
async function restoreDefaults(page: Page) {
  await page.goto('about:blank');
  expect((await page.request.post('/api/demo/login', { data: { role: 'admin' } })).ok()).toBeTruthy();
  await page.request.delete('/api/branding/logo');
  const reset = await page.request.put('/api/branding', { data: DEFAULT_BRANDING });
  expect(reset.status()).toBe(200);
}

test('an admin re-brands the app: colour, name and logo are saved, applied at once and after a reload', async ({
  page,
  login,
  isMobile,
}, info) => {
  const project = info.project.name;
  const axe: string[] = [];
  const sweep = async (label: string) => {
    if (isMobile) axe.push(...(await blockingViolations(page)).map((line) => `${label}: ${line}`));
  };
  const blue = brandPalette('#3b82f6');
  try {
    await login('admin', false);
    // The enterprise menu's link reaches a working screen (it was "on its way").
    await page.goto('/dashboard');
    if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: key(common, 'nav.white_label'), exact: true }).click();
    await expect(page).toHaveURL(/\/white-label$/);
    await expect(page.getByRole('heading', { name: key(en, 'title'), level: 1 })).toBeVisible();

    // Colors & Theme: spec 2's swatches; the contrast the buttons will have; dark and auto are not offered.
    await expect(page.locator('[data-testid^="preset-"]')).toHaveCount(8);
    await page.getByTestId('preset-blue').click();
    await expect(page.getByTestId('primary_color-text')).toHaveValue('#3b82f6');
    await expect(page.getByTestId('contrast')).toContainText(blue[600]);
    await expect(page.getByRole('radio', { name: new RegExp(key(en, 'theme.dark')) })).toBeDisabled();
    await expect(page.getByTestId('unsaved')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, 'white-label-colors', project);
    await sweep('colors');
    // A colour white text cannot be read on is refused before it is sent.
    await page.getByTestId('primary_color-text').fill('#fef08a');
    await expect(page.getByTestId('contrast-problem')).toBeVisible();
    await page.getByTestId('preset-blue').click();

    await page.getByTestId('tab-typography').click();
    await page.getByTestId('font-select').selectOption('poppins');
    await expect(page.getByTestId('font-sample')).toHaveCSS('font-family', /Poppins/);
    await shot(page, 'white-label-typography', project);
    await sweep('typography');

    await page.getByTestId('tab-assets').click();
    await page.getByTestId('app-name').fill('Kasi Market');
    await expect(page.getByTestId('generated-css')).toHaveValue(/--primary-color: #3b82f6;/);
    await shot(page, 'white-label-assets', project);
    await sweep('assets');

    // The preview shows the unsaved draft, at each device size.
    await page.getByTestId('tab-preview').click();
    const sample = page.getByTestId('sample-page');
    await expect(sample).toContainText('Kasi Market');
    await expect(page.getByTestId('preview-frame')).toHaveAttribute('data-device', 'mobile');
    await page.getByTestId('device-desktop').click();
    await expect(page.getByTestId('preview-frame')).toHaveAttribute('data-device', 'desktop');
    const frame = await page.getByTestId('preview-frame').boundingBox();
    expect(frame!.height).toBeLessThanOrEqual((page.viewportSize()!.height * 70) / 100 + 1);
    await expectNoHorizontalScroll(page);
    await shot(page, 'white-label-preview', project);
    await sweep('preview');

    // Save Changes: the server keeps it and the app applies it at once.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/branding') && r.request().method() === 'PUT',
    );
    await page.getByTestId('save-branding').click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(key(en, 'save.saved'))).toBeVisible();
    const server = (await (await page.request.get('/api/branding')).json()) as Branding;
    expect(server).toMatchObject({ primary_color: '#3b82f6', app_name: 'Kasi Market', font: 'poppins' });

    // The logo: uploaded to the app, shown in the header.
    await page.getByTestId('tab-assets').click();
    await page
      .getByTestId('logo-file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('logo-preview')).toHaveAttribute('src', /\/api\/branding\/logo\?v=\d+/);

    // After a reload: the head script applies the kept copy before the first paint, the app the rest.
    await page.reload();
    await expect(page).toHaveTitle('Kasi Market');
    expect(
      await page.evaluate(() => document.documentElement.style.getPropertyValue('--color-brand-600')),
    ).toBe(blue[600]);
    await expect(page.getByTestId('save-branding')).toHaveCSS('background-color', rgb(blue[600]));
    if (project === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const logo = page.getByRole('link', { name: 'Kasi Market' }).first();
    await expect(logo).toBeVisible();
    await expect(logo.locator('img')).toHaveAttribute('src', /\/api\/branding\/logo\?v=\d+/);
    await shot(page, 'white-label-rebranded', project);
    if (project === 'phone') await page.keyboard.press('Escape');

    // Removing the logo brings the product's mark back.
    await page.getByTestId('tab-assets').click();
    await page.getByTestId('logo-remove').click();
    await expect(page.getByTestId('logo-preview')).toHaveAttribute('src', '/favicon.svg');

    // Reset to defaults asks first, then puts the product's own settings in the form (saved on Save Changes).
    await page.getByTestId('reset-defaults').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: key(en, 'reset.confirm') })
      .click();
    await expect(page.getByTestId('app-name')).toHaveValue(DEFAULT_BRANDING.app_name);
    await page.getByTestId('save-branding').click();
    await expect(page.getByText(key(en, 'save.saved'))).toBeVisible();
    await expect(page).toHaveTitle(DEFAULT_BRANDING.app_name);
    // Not hovered (hover takes the darker shade).
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('save-branding')).toHaveCSS('background-color', rgb('#c2410c'));
    expect(axe).toEqual([]);
  } finally {
    await restoreDefaults(page);
  }
});

test('a coordinator previews and exports, and is told that saving needs an administrator', async ({
  page,
  login,
}) => {
  await login('coordinator', '/white-label');
  await expect(page.getByTestId('admin-only-note')).toContainText(key(en, 'admin_only'));
  await expect(page.getByTestId('save-branding')).toHaveCount(0);
  await expect(page.getByTestId('logo-file')).toHaveCount(0);
  await page.getByTestId('preset-green').click();
  await expect(page.getByTestId('unsaved')).toContainText(key(en, 'unsaved_preview'));

  const download = page.waitForEvent('download');
  await page.getByTestId('export-config').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('township-trade-branding.json');
  const { readFile } = await import('node:fs/promises');
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    settings: Branding;
    css: string;
    exported_at: string;
  };
  expect(exported.settings).toMatchObject({ primary_color: '#10b981', app_name: DEFAULT_BRANDING.app_name });
  expect(exported.css).toContain('--primary-color: #10b981;');
  expect(Date.parse(exported.exported_at)).not.toBeNaN();

  // The server refuses the coordinator whatever the screen shows.
  const refused = await page.request.put('/api/branding', {
    data: { ...DEFAULT_BRANDING, app_name: 'Mine' },
  });
  expect(refused.status()).toBe(403);
  expect(((await (await page.request.get('/api/branding')).json()) as Branding).app_name).toBe(
    DEFAULT_BRANDING.app_name,
  );
});

test.describe('before the app has run', () => {
  test("index.html draws the first paint in the kept branding's colours, name and title", async ({
    page,
    login,
  }) => {
    const kept = {
      v: 99,
      vars: {
        '--color-brand-500': '#3b82f6',
        '--color-brand-600': '#1d4ed8',
        '--color-brand-700': '#1e3a8a',
      },
      name: 'Kasi Market',
      tagline: 'Buy together',
      logo: null,
      font: 'system',
    };
    await page.addInitScript(
      ([storageKey, value]) => localStorage.setItem(storageKey!, value!),
      ['tt_branding', JSON.stringify(kept)],
    );
    const app = await holdApp(page);
    await login('retailer', false);
    await page.goto('/dashboard');
    const firstPaint = page.locator('#first-paint');
    await expect(firstPaint).toBeVisible();
    // The header's mark (hidden on the narrowest phones, so read as markup, not as what is seen).
    const mark = firstPaint.locator('a[aria-label="Kasi Market"]').first();
    await expect(mark).toBeAttached();
    await expect(mark).toContainText('Kasi Market');
    await expect(mark).toContainText('Buy together');
    await expect(page).toHaveTitle('Kasi Market');
    expect(
      await page.evaluate(() => document.documentElement.style.getPropertyValue('--color-brand-600')),
    ).toBe('#1d4ed8');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#3b82f6');
    // The app's own code has not run: nothing but index.html's scripts put these there.
    expect(await page.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
    app.release();
    await expect(page.getByTestId('revenue-chart')).toBeVisible();
    // The app takes the kept copy over, then the server's (the product's own, here) once the page has loaded.
    await expect(page).toHaveTitle('Township Trade');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#f97316');
  });
});
