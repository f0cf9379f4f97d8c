import type { CDPSession } from '@playwright/test';
import { blockingViolations } from './axe';
import { expect, expectNoHorizontalScroll, key, locale, shot, test } from './fixtures';
import { startSecondServer, type SecondServer } from './provider-server';

/**
 * A passkey from sign-up to sign-in: a new shop owner signs up, adds a passkey on their profile, signs out, and signs
 * in again with the passkey alone, no identifier or password typed; once removed, the same passkey signs nobody in.
 * The phone's authenticator is Chromium's virtual one (CDP), holding discoverable credentials and verifying the
 * user by itself. A real account is needed (the shared demo accounts are offered none), so it runs on a second
 * server of its own, with a fresh database; at phone size.
 */

const enAccounts = locale('en', 'accounts');
const enProfile = locale('en', 'profile');
const enErrors = locale('en', 'errors');

// The passkey that is removed is presented once more at the end: the server's refusal is what the test expects.
test.use({ expectedApiErrors: /^401 \/api\/auth\/passkey\/login$/ });

test.describe('a passkey added from the profile signs in alone', () => {
  let server: SecondServer;

  test.beforeAll(async ({ browserName: _browserName }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone project runs it');
    test.setTimeout(120_000);
    server = await startSecondServer({ portOffset: 63, dataDirPrefix: 'tt-e2e-passkeys-' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** The phone's own authenticator: a platform one that keeps passkeys and checks the person itself. */
  async function phoneAuthenticator(cdp: CDPSession) {
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  }

  test('sign up, add a passkey, sign out, and sign in with the passkey alone', async ({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone project runs it');
    test.setTimeout(120_000);
    const project = info.project.name;
    const { origin } = server;
    const credentials = await phoneAuthenticator(await page.context().newCDPSession(page));

    // 1. A new shop owner signs up.
    await page.goto(`${origin}/signup`);
    const form = page.getByTestId('signup-form');
    await form.getByLabel(key(enAccounts, 'identifier.label')).fill('zanele.passkey@example.co.za');
    await form.locator('#field-password').fill('Zanele keeps her spaza open late');
    await form.getByLabel(key(enAccounts, 'signup.name')).fill('Zanele Khumalo');
    await form.getByLabel(key(enAccounts, 'signup.company_name')).fill("Zanele's Spaza");
    await form.getByLabel(key(enAccounts, 'signup.business_type')).selectOption('spaza_shop');
    await form.getByLabel(key(enAccounts, 'signup.state')).selectOption('KwaZulu-Natal');
    await form.getByRole('checkbox').check();
    await page.getByTestId('sign-up').click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    const account = await (await page.request.get(`${origin}/api/users/me`)).json();
    expect(account).toMatchObject({ email: 'zanele.passkey@example.co.za', is_demo: false });

    // 2. On the profile she adds a passkey, named, and it is listed.
    await page.goto(`${origin}/profile`);
    const card = page.getByTestId('passkeys');
    await expect(card.getByTestId('no-passkeys')).toHaveText(key(enProfile, 'passkeys.none'));
    await card.getByLabel(key(enProfile, 'passkeys.name_label')).fill('My Android phone');
    const added = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/auth/passkeys' && r.request().method() === 'POST',
    );
    await card.getByTestId('add-passkey').click();
    expect((await added).status()).toBe(201);
    const row = card.getByTestId('passkey');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('My Android phone');
    await expect(row).toContainText(key(enProfile, 'passkeys.never_used'));
    await expect(card.getByTestId('passkey-added')).toHaveText(key(enProfile, 'passkeys.added_note'));
    // A discoverable credential, kept on the phone: what lets the sign-in ask for no identifier.
    const held = await credentials();
    expect(held).toHaveLength(1);
    expect(held[0]!.isResidentCredential).toBe(true);
    await expectNoHorizontalScroll(page);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(card, 'passkeys-card', project);

    // 3. She signs out.
    await page.goto('about:blank');
    expect((await page.request.get(`${origin}/api/logout`)).ok()).toBe(true);
    expect((await page.request.get(`${origin}/api/users/me`)).status()).toBe(401);

    // 4. On the sign-in page she types nothing: the passkey alone signs her in.
    await page.goto(`${origin}/login`);
    const withPasskey = page.getByTestId('passkey-sign-in');
    await expect(withPasskey).toHaveText(key(enAccounts, 'login.passkey'));
    await expectNoHorizontalScroll(page);
    await shot(page, 'passkeys-sign-in', project);
    await withPasskey.click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    const signedIn = await (await page.request.get(`${origin}/api/users/me`)).json();
    expect(signedIn).toMatchObject({ id: account.id, email: 'zanele.passkey@example.co.za' });
    const { events } = await (await page.request.get(`${origin}/api/security/events`)).json();
    // Newest first: this sign-in, the sign-out before it, the passkey added.
    expect(events.slice(0, 3)).toMatchObject([
      { type: 'login', details: 'passkey' },
      { type: 'logout' },
      { type: 'passkey_added', details: 'My Android phone' },
    ]);

    // 5. The card says it was used; she removes it, after saying so.
    await page.goto(`${origin}/profile`);
    await expect(row).not.toContainText(key(enProfile, 'passkeys.never_used'));
    await row.getByTestId('remove-passkey').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('My Android phone');
    await shot(page, 'passkeys-remove', project, { fullPage: false });
    await dialog.getByTestId('confirm-action').click();
    await expect(card.getByTestId('no-passkeys')).toBeVisible();

    // 6. The phone still holds it, but it signs nobody in now: the sign-in page says so in place.
    await page.goto('about:blank');
    expect((await page.request.get(`${origin}/api/logout`)).ok()).toBe(true);
    await page.goto(`${origin}/login`);
    await page.getByTestId('passkey-sign-in').click();
    await expect(page.getByTestId('passkey-refused')).toHaveText(key(enErrors, 'auth.passkey_unknown'));
    await expect(page).toHaveURL(`${origin}/login`);
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, 'passkeys-refused', project);
  });
});
