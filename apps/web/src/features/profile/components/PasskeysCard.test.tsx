import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppUser, Passkey } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enProfile from '../../../locales/en/profile.json';
import zuErrors from '../../../locales/zu/errors.json';
import zuProfile from '../../../locales/zu/profile.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { PasskeysCard } from './PasskeysCard';

// The browser's side of WebAuthn: what the person's phone would answer.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

beforeAll(() => {
  i18n.addResourceBundle('en', 'profile', enProfile);
  i18n.addResourceBundle('zu', 'profile', zuProfile);
});
beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(startRegistration).mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const user = { id: 7, name: 'Thandi Mokoena', is_demo: false } as AppUser;
const options = { challenge: 'c2VydmVyLWNoYWxsZW5nZQ', rp: { id: 'localhost', name: 'Township Trade' } };
const answer = { id: 'Y3JlZC0x', rawId: 'Y3JlZC0x', type: 'public-key', response: { clientDataJSON: 'e30' } };
const passkey = (id: number, name: string, extra: Partial<Passkey> = {}): Passkey => ({
  id,
  name,
  backed_up: false,
  created_at: '2026-11-02T08:00:00.000Z',
  last_used_at: null,
  ...extra,
});

/** The server: the account's passkeys as they are, the options, and what an added one is answered with. */
function server(
  held: Passkey[],
  added: () => [number, unknown] = () => [201, passkey(9, 'Chrome on Android')],
) {
  let list = held;
  return fakeApi({
    'GET /api/auth/passkeys': () => [200, { passkeys: list }],
    'POST /api/auth/passkeys/options': { options },
    'POST /api/auth/passkeys': () => {
      const [status, body] = added();
      if (status === 201) list = [...list, body as Passkey];
      return [status, body];
    },
    'DELETE /api/auth/passkeys/5': () => {
      list = list.filter((p) => p.id !== 5);
      return [204, null];
    },
  });
}

const show = (who: AppUser = user) => renderWithApp(<PasskeysCard user={who} />);

describe('the passkeys card', () => {
  it('hands the options to the browser, sends its answer without a name, and lists the new passkey', async () => {
    vi.mocked(startRegistration).mockResolvedValue(answer as never);
    const sent = server([], () => [201, passkey(9, 'Chrome on Android', { backed_up: true })]);
    show();
    expect(await screen.findByText(enProfile.passkeys.none)).toBeTruthy();
    await userEvent.click(await screen.findByTestId('add-passkey'));
    const row = await screen.findByTestId('passkey');
    expect(row.textContent).toContain('Chrome on Android');
    expect(within(row).getByText(enProfile.passkeys.synced)).toBeTruthy();
    expect(within(row).getByText(enProfile.passkeys.never_used, { exact: false })).toBeTruthy();
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: options });
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/api/auth/passkeys/options', body: undefined },
      { method: 'POST', path: '/api/auth/passkeys', body: { response: answer } },
    ]);
    expect(screen.getByTestId('passkey-added').textContent).toBe(enProfile.passkeys.added_note);
  });

  it('sends the name the person typed, trimmed', async () => {
    vi.mocked(startRegistration).mockResolvedValue(answer as never);
    const sent = server([], () => [201, passkey(9, 'My phone')]);
    show();
    await userEvent.type(await screen.findByLabelText(enProfile.passkeys.name_label), '  My phone ');
    await userEvent.click(screen.getByTestId('add-passkey'));
    expect((await screen.findByTestId('passkey')).textContent).toContain('My phone');
    expect(writes(sent).at(-1)).toEqual({
      method: 'POST',
      path: '/api/auth/passkeys',
      body: { response: answer, name: 'My phone' },
    });
  });

  it('removes a passkey only after asking', async () => {
    const sent = server([
      passkey(5, 'Samsung Internet on Android', { last_used_at: '2026-11-20T08:00:00.000Z' }),
      passkey(6, 'Safari on iPhone', { backed_up: true }),
    ]);
    show();
    const rows = await screen.findAllByTestId('passkey');
    expect(within(rows[0]!).getByText(enProfile.passkeys.one_device)).toBeTruthy();
    await userEvent.click(
      within(rows[0]!).getByRole('button', {
        name: enProfile.passkeys.remove_named.replace('{{name}}', 'Samsung Internet on Android'),
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('"Samsung Internet on Android" will no longer sign you in.');
    expect(writes(sent)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: enProfile.passkeys.remove }));
    await waitFor(() => expect(screen.getAllByTestId('passkey')).toHaveLength(1));
    expect(screen.queryByText('Samsung Internet on Android')).toBeNull();
    expect(writes(sent)).toEqual([{ method: 'DELETE', path: '/api/auth/passkeys/5', body: undefined }]);
  });

  it('takes a closed prompt quietly: no refusal, nothing sent after the options', async () => {
    vi.mocked(startRegistration).mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const sent = server([]);
    show();
    await userEvent.click(await screen.findByTestId('add-passkey'));
    expect((await screen.findByTestId('passkey-cancelled')).textContent).toBe(enProfile.passkeys.cancelled);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(writes(sent).map((r) => r.path)).toEqual(['/api/auth/passkeys/options']);
  });

  it('says a refusal in place, in the person’s language', async () => {
    await act(() => i18n.changeLanguage('zu'));
    vi.mocked(startRegistration).mockResolvedValue(answer as never);
    server([], () => [
      409,
      { error: { code: 'auth.passkey_exists', message: 'This passkey is already on an account.' } },
    ]);
    show();
    await userEvent.click(await screen.findByTestId('add-passkey'));
    expect((await screen.findByRole('alert')).textContent).toBe(zuErrors.auth.passkey_exists);
    expect(screen.queryByTestId('passkey')).toBeNull();
  });

  it('says the limit, and offers no button once the account holds that many', async () => {
    server(Array.from({ length: 10 }, (_, i) => passkey(20 + i, `Key ${i + 1}`)));
    show();
    expect(await screen.findAllByTestId('passkey')).toHaveLength(10);
    expect(screen.getByTestId('passkeys-full').textContent).toBe(
      enProfile.passkeys.at_limit.replace('{{limit}}', '10'),
    );
    expect(screen.queryByTestId('add-passkey')).toBeNull();
  });

  it('says where the browser has no passkeys, instead of a button that cannot work', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    server([]);
    show();
    expect((await screen.findByTestId('passkeys-unsupported')).textContent).toBe(
      enProfile.passkeys.unsupported,
    );
    expect(screen.queryByTestId('add-passkey')).toBeNull();
  });

  it('offers a shared demo account none, and asks the server nothing', async () => {
    const sent = server([]);
    show({ ...user, is_demo: true });
    expect(screen.getByTestId('passkeys-demo').textContent).toBe(enProfile.passkeys.demo);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('add-passkey')).toBeNull();
    expect(sent).toEqual([]);
  });
});
