import type { Page } from '@playwright/test';
import { test, expect, locale, key, shot, expectNoHorizontalScroll } from './fixtures';

/**
 * DECISIONS 5 and 6 with the language set to isiZulu: a refused call is told in isiZulu (translated
 * from its code and params, not the server's English), and a field the server refuses is marked under
 * that field, with what was typed kept.
 */
const zuErrors = locale('zu', 'errors');
const zuCoops = locale('zu', 'cooperatives');
const enErrors = locale('en', 'errors');

async function inIsiZulu(page: Page) {
  await page.addInitScript(() => localStorage.setItem('language', 'zu'));
}

test.describe('errors in the user language', () => {
  test.use({ expectedApiErrors: /^409 \/api\/cooperatives(\/join)?$/ });

  test('a refused call shows its isiZulu message', async ({ page, request, login }, testInfo) => {
    const project = testInfo.project.name;
    // A co-op that takes members, founded by someone else.
    expect((await request.post('/api/demo/login', { data: { role: 'coordinator' } })).ok()).toBeTruthy();
    const founded = await request.post('/api/cooperatives', {
      data: {
        name: `E2E Errors ${project} ${Date.now().toString(36)}`,
        area: 'Umlazi',
        province: 'KwaZulu-Natal',
      },
    });
    expect(founded.status(), await founded.text()).toBe(201);
    const coopId = ((await founded.json()) as { cooperative: { id: number } }).cooperative.id;

    await inIsiZulu(page);
    await login('retailer', '/cooperatives?tab=browse');
    const card = page.locator(`[data-testid="coop-card"][data-coop-id="${coopId}"]`);
    await expect(card.getByTestId('join-coop')).toBeVisible();
    // Joined meanwhile on another phone: this screen still offers Join, and the server refuses it.
    expect((await page.request.post('/api/cooperatives/join', { data: { coop_id: coopId } })).status()).toBe(
      201,
    );
    await card.getByTestId('join-coop').click();
    // Joining commits the share: the confirmation comes first (issue 10 point 3).
    await page.getByTestId('confirm-join-coop').click();

    const zulu = key(zuErrors, 'coop.already_member');
    await expect(page.getByText(zulu)).toBeVisible();
    await expect(page.getByText(key(enErrors, 'coop.already_member'))).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await shot(page, 'error-toast-zu', project);
  });

  test('a server field error appears under its field, in isiZulu, and the form keeps what was typed', async ({
    page,
    login,
  }, testInfo) => {
    await inIsiZulu(page);
    await login('retailer', '/cooperatives?tab=create');
    await page.getByTestId('start-registration').click();
    // The browser cannot know the name is taken; only the server can.
    const taken = 'Soweto Spaza Buying Group';
    await page.getByLabel(key(zuCoops, 'create.fields.name')).fill(taken);
    await page.getByLabel(key(zuCoops, 'create.fields.area')).fill('Soweto');
    await page.getByLabel(key(zuCoops, 'create.fields.province')).selectOption('Gauteng');
    await page.getByTestId('submit-registration').click();

    // Under the name field: the field's own code, translated.
    await expect(page.locator('#coop-name-error')).toHaveText(key(zuErrors, 'validation.name_taken'));
    await expect(page.getByLabel(key(zuCoops, 'create.fields.name'))).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(key(zuCoops, 'create.fields.name'))).toBeFocused();
    // The refusal itself in the toast.
    await expect(page.getByText(key(zuErrors, 'coop.name_taken'))).toBeVisible();
    // Nothing typed is lost.
    await expect(page.getByLabel(key(zuCoops, 'create.fields.name'))).toHaveValue(taken);
    await expect(page.getByLabel(key(zuCoops, 'create.fields.area'))).toHaveValue('Soweto');
    await expectNoHorizontalScroll(page);
    await shot(page, 'error-field-zu', testInfo.project.name);
  });
});
