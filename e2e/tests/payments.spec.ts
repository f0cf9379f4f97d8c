import type { Page } from '@playwright/test';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

const en = locale('en', 'payments');
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ').trim();

/**
 * The lowest text contrast on the page: each element's own text colour against the first opaque
 * background behind it. Colours go through a canvas so that oklch() and friends come back as sRGB.
 */
async function lowestContrast(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return { r: r!, g: g!, b: b!, a: a! };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let worst = { ratio: 21, text: '' };
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const own = Array.from(element.childNodes).some((n) => n.nodeType === 3 && n.textContent!.trim());
      if (!own || element.offsetParent === null) continue;
      const fg = rgba(getComputedStyle(element).color);
      let bg = { r: 255, g: 255, b: 255, a: 1 };
      for (let node: HTMLElement | null = element; node; node = node.parentElement) {
        const colour = rgba(getComputedStyle(node).backgroundColor);
        if (colour.a === 255) {
          bg = colour;
          break;
        }
      }
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      if (ratio < worst.ratio) worst = { ratio, text: element.textContent!.trim().slice(0, 60) };
    }
    return worst;
  });
}

test('a signed-out visitor sees the methods with their fees and picks EFT for its guide', async ({
  page,
}, info) => {
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: key(en, 'page.title'), level: 1 })).toBeVisible();
  // Not sent to the landing page: the hub needs no sign-in.
  expect(new URL(page.url()).pathname).toBe('/payments');

  // Spec 1's figures, rand amounts through the app's money formatter.
  const fee = (id: string) => page.getByTestId(`method-${id}`).getByTestId('method-fee');
  expect(plain(await fee('card').textContent())).toBe('2.9% + R 2.50');
  expect(plain(await fee('eft').textContent())).toBe('R 8.50 per transaction');
  expect(plain(await fee('qr_one').textContent())).toBe('3.5%');
  expect(plain(await fee('qr_two').textContent())).toBe('3.2%');
  await expect(page.getByTestId('method-card').getByTestId('method-timing')).toHaveText('Instant');
  await expect(page.getByTestId('method-eft').getByTestId('method-timing')).toHaveText('1-3 business days');
  const soon = (id: string) => page.getByTestId(`soon-${id}`).getByTestId('method-fee');
  expect(plain(await soon('bank_pay_one').textContent())).toBe('R 2.00 per transaction');
  expect(plain(await soon('bank_pay_two').textContent())).toBe('2.5%');
  expect(plain(await soon('crypto').textContent())).toBe('1.5%');
  await expect(page.getByTestId('soon-crypto').getByTestId('method-timing')).toHaveText('10-30 minutes');

  // The four steps, and the security items labelled as the providers' (DECISIONS 17).
  await expect(page.getByTestId('payment-steps').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByTestId('security-items')).toContainText(key(en, 'security.subtitle'));
  for (const id of ['pci_dss', 'ssl_tls', 'fraud_detection']) {
    await expect(page.getByTestId(`security-${id}`)).toContainText('Implemented');
  }
  await expect(page.getByTestId('security-three_d_secure')).toContainText('In development');
  await expect(page.getByTestId('information-only')).toBeVisible();

  // Card is chosen first; a click on EFT shows EFT's guide.
  const guide = page.getByTestId('integration-guide');
  await expect(page.getByRole('radio', { name: /^Card/ })).toHaveAttribute('aria-checked', 'true');
  await expect(guide).toHaveAttribute('data-method', 'card');
  await page.getByTestId('method-eft').click();
  await expect(page.getByTestId('method-eft')).toHaveAttribute('aria-checked', 'true');
  await expect(guide).toHaveAttribute('data-method', 'eft');
  await expect(guide).toContainText(key(en, 'guide.eft.two'));

  // Keyboard: arrow keys move the choice within the radio group.
  await page.getByTestId('method-eft').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('method-qr_one')).toBeFocused();
  await expect(guide).toHaveAttribute('data-method', 'qr_one');
  await page.keyboard.press('ArrowLeft');
  await expect(guide).toHaveAttribute('data-method', 'eft');

  await expectNoHorizontalScroll(page);
  const worst = await lowestContrast(page);
  expect(worst.ratio, `lowest contrast: "${worst.text}"`).toBeGreaterThanOrEqual(4.5);
  await shot(page, 'payments', info.project.name);

  // A 360-pixel phone: nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoHorizontalScroll(page);
  await shot(page, 'payments-360', info.project.name);
});

test('a signed-in user opens the hub inside the app shell', async ({ page, login }, info) => {
  await login('admin', '/payments');
  await expect(page.getByRole('heading', { name: key(en, 'page.title'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('method-card')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, 'payments-signed-in', info.project.name);
});

test('the hub in isiXhosa on a 360-pixel phone: translated, nothing runs off the side', async ({
  page,
}, info) => {
  const xh = locale('xh', 'payments');
  await page.addInitScript(() => localStorage.setItem('language', 'xh'));
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: key(xh, 'page.title'), level: 1 })).toBeVisible();
  await page.getByTestId('method-eft').click();
  await expect(page.getByTestId('integration-guide')).toContainText(key(xh, 'guide.eft.one'));
  expect(plain(await page.getByTestId('method-eft').getByTestId('method-fee').textContent())).toBe(
    'R 8.50 ngentlawulo nganye',
  );
  await expectNoHorizontalScroll(page);
  await shot(page, 'payments-xh-360', info.project.name);
});
