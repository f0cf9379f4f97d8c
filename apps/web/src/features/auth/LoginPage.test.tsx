import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppUser } from '@tt/domain';
import { i18n } from '../../lib/i18n';
import { rememberReturnTo } from '../../lib/return-to';
import enAccounts from '../../locales/en/accounts.json';
import enErrors from '../../locales/en/errors.json';
import zuAccounts from '../../locales/zu/accounts.json';
import zuErrors from '../../locales/zu/errors.json';
import { fakeApi, writes } from '../../test-support/fake-api';
import { renderWithApp } from '../../test-support/render';
import LoginPage from './LoginPage';

// The browser's side of WebAuthn: what the person's phone would answer.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

beforeAll(() => {
  i18n.addResourceBundle('en', 'accounts', enAccounts);
  i18n.addResourceBundle('zu', 'accounts', zuAccounts);
});
beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(startAuthentication).mockReset();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

const user = { id: 41, name: 'Thandi Mokoena', role: 'retailer' } as AppUser;
const locked = () => [
  429,
  {
    error: {
      code: 'auth.password_locked',
      message: 'Too many wrong passwords: the password is refused until 14:05.',
      params: { until: '14:05' },
    },
  },
];

function show() {
  renderWithApp(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<p>opened /dashboard</p>} />
        <Route path="/orders" element={<p>opened /orders</p>} />
        <Route path="/forgot-password" element={<p>opened /forgot-password</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function signIn(identifier: string, password: string) {
  await userEvent.type(screen.getByLabelText(/Mobile number or email address/), identifier);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByTestId('sign-in'));
}

describe('signing in', () => {
  it('sends the number in its one form and opens the page the person was going to', async () => {
    rememberReturnTo('/orders');
    const sent = fakeApi({
      'GET /api/auth/options': { external: false, demo: false },
      'POST /api/auth/login': user,
    });
    show();
    await signIn('(082) 555-0101', 'my shop in Soweto');
    expect(await screen.findByText('opened /orders')).toBeTruthy();
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/auth/login',
        body: { identifier: '+27825550101', password: 'my shop in Soweto' },
      },
    ]);
  });

  it('says until when a locked password is refused, that a reset link still works, and links to one', async () => {
    fakeApi({ 'GET /api/auth/options': { external: false, demo: false }, 'POST /api/auth/login': locked });
    show();
    await signIn('082 555 0101', 'not my password');
    const refused = await screen.findByTestId('login-refused');
    expect(refused.textContent).toContain(enErrors.auth.password_locked.replace('{{until}}', '14:05'));
    expect(refused.getAttribute('role')).toBe('alert');
    await userEvent.click(screen.getByRole('link', { name: enAccounts.login.get_reset_link }));
    expect(await screen.findByText('opened /forgot-password')).toBeTruthy();
  });

  it('says the locked message in isiZulu', async () => {
    await act(() => i18n.changeLanguage('zu'));
    fakeApi({ 'GET /api/auth/options': { external: false, demo: false }, 'POST /api/auth/login': locked });
    show();
    await userEvent.type(screen.getByLabelText(new RegExp(zuAccounts.identifier.label)), '082 555 0101');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${zuAccounts.password.label}`)), 'not mine');
    await userEvent.click(screen.getByTestId('sign-in'));
    expect((await screen.findByTestId('login-refused')).textContent).toContain(
      zuErrors.auth.password_locked.replace('{{until}}', '14:05'),
    );
  });

  it('says a wrong password plainly and keeps what was typed', async () => {
    fakeApi({
      'GET /api/auth/options': { external: false, demo: false },
      'POST /api/auth/login': () => [
        401,
        { error: { code: 'auth.invalid_credentials', message: 'Those do not match.' } },
      ],
    });
    show();
    await signIn('thandi@example.co.za', 'not my password');
    expect((await screen.findByTestId('login-refused')).textContent).toBe(enErrors.auth.invalid_credentials);
    expect((screen.getByLabelText(/Mobile number or email address/) as HTMLInputElement).value).toBe(
      'thandi@example.co.za',
    );
    expect(screen.queryByText('opened /dashboard')).toBeNull();
  });

  it('refuses what is not a number or address without asking the server', async () => {
    const sent = fakeApi({ 'GET /api/auth/options': { external: false, demo: false } });
    show();
    await signIn('thandi', 'my shop in Soweto');
    await waitFor(() => expect(screen.getByText(enErrors.validation.identifier)).toBeTruthy());
    expect(writes(sent)).toEqual([]);
  });

  it('opens the number pad for the identifier, and the keyboard with @ on request', async () => {
    fakeApi({ 'GET /api/auth/options': { external: false, demo: false } });
    show();
    const identifier = screen.getByLabelText(/Mobile number or email address/);
    expect(identifier.getAttribute('inputmode')).toBe('tel');
    expect(identifier.getAttribute('autocomplete')).toBe('username');
    await userEvent.click(screen.getByRole('button', { name: enAccounts.identifier.use_email }));
    expect(identifier.getAttribute('inputmode')).toBe('email');
    await waitFor(() => expect(document.activeElement).toBe(identifier));
    expect(screen.getByRole('button', { name: enAccounts.identifier.use_mobile })).toBeTruthy();
  });

  it('shows the password on request', async () => {
    fakeApi({ 'GET /api/auth/options': { external: false, demo: false } });
    show();
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await userEvent.click(screen.getByRole('button', { name: enAccounts.password.show }));
    expect(password.getAttribute('type')).toBe('text');
  });
});

describe('the other ways in', () => {
  it('offers the provider and the demo where the server does', async () => {
    const sent = fakeApi({ 'GET /api/auth/options': { external: true, demo: true } });
    show();
    expect(await screen.findByTestId('provider-sign-in')).toBeTruthy();
    await userEvent.click(screen.getByTestId('try-demo'));
    await waitFor(() =>
      expect(writes(sent)).toEqual([{ method: 'POST', path: '/api/demo/login', body: { role: 'retailer' } }]),
    );
  });

  it('offers neither where the server offers neither', async () => {
    const sent = fakeApi({ 'GET /api/auth/options': { external: false, demo: false } });
    show();
    await waitFor(() => expect(sent.map((r) => r.path)).toContain('/api/auth/options'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('provider-sign-in')).toBeNull();
    expect(screen.queryByTestId('try-demo')).toBeNull();
  });
});

describe('signing in with a passkey', () => {
  const options = { challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U', rpId: 'localhost', userVerification: 'preferred' };
  const answer = {
    id: 'Y3JlZC0x',
    rawId: 'Y3JlZC0x',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' },
  };
  const passkeyServer = (login: unknown) =>
    fakeApi({
      'GET /api/auth/options': { external: false, demo: false },
      'POST /api/auth/passkey/options': { options },
      'POST /api/auth/passkey/login': login,
    });
  const unknown = () => [
    401,
    {
      error: {
        code: 'auth.passkey_unknown',
        message: 'This passkey does not belong to an account here. Sign in another way.',
      },
    },
  ];

  it('hands the options to the browser, sends its answer alone, and goes where the person was going', async () => {
    rememberReturnTo('/orders');
    vi.mocked(startAuthentication).mockResolvedValue(answer as never);
    const sent = passkeyServer(user);
    show();
    await userEvent.click(await screen.findByTestId('passkey-sign-in'));
    expect(await screen.findByText('opened /orders')).toBeTruthy();
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/api/auth/passkey/options', body: undefined },
      { method: 'POST', path: '/api/auth/passkey/login', body: { response: answer } },
    ]);
  });

  it('says in place that no account holds the passkey, and in isiZulu', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(answer as never);
    passkeyServer(unknown);
    show();
    await userEvent.click(await screen.findByTestId('passkey-sign-in'));
    const refused = await screen.findByTestId('passkey-refused');
    expect(refused.textContent).toBe(enErrors.auth.passkey_unknown);
    expect(refused.getAttribute('role')).toBe('alert');
    expect(screen.queryByText('opened /dashboard')).toBeNull();

    await act(() => i18n.changeLanguage('zu'));
    await userEvent.click(screen.getByTestId('passkey-sign-in'));
    await waitFor(() =>
      expect(screen.getByTestId('passkey-refused').textContent).toBe(zuErrors.auth.passkey_unknown),
    );
    expect(screen.getByTestId('passkey-sign-in').textContent).toBe(zuAccounts.login.passkey);
  });

  it('says nothing when the person closes the prompt, and sends nothing after the options', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const sent = passkeyServer(user);
    show();
    await userEvent.click(await screen.findByTestId('passkey-sign-in'));
    await waitFor(() => expect(startAuthentication).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('passkey-sign-in').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(writes(sent).map((r) => r.path)).toEqual(['/api/auth/passkey/options']);
  });

  it('is not offered where the browser has no passkeys', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    const sent = fakeApi({ 'GET /api/auth/options': { external: false, demo: false } });
    show();
    await waitFor(() => expect(sent.map((r) => r.path)).toContain('/api/auth/options'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('passkey-sign-in')).toBeNull();
  });
});
