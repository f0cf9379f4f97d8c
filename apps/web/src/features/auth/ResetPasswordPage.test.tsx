import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppUser } from '@tt/domain';
import { i18n } from '../../lib/i18n';
import enAccounts from '../../locales/en/accounts.json';
import enErrors from '../../locales/en/errors.json';
import { fakeApi, writes } from '../../test-support/fake-api';
import { authKeys } from './api';
import ResetPasswordPage from './ResetPasswordPage';

beforeAll(() => {
  i18n.addResourceBundle('en', 'accounts', enAccounts);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'pwd_0123456789abcdef';

/** The page opened from a link, in a query client that may hold a signed-in user (the link opened on their phone). */
function show(entry = `/reset-password?token=${TOKEN}`) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(authKeys.me(), { id: 41, name: 'Thandi Mokoena', role: 'retailer' } as AppUser);
  client.setQueryData(['orders', 'list'], []);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/login" element={<p>opened /login</p>} />
          <Route path="/forgot-password" element={<p>opened /forgot-password</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const messageOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function choose(password: string, again: string) {
  await userEvent.type(screen.getByLabelText(/^New password\*?$/), password);
  await userEvent.type(screen.getByLabelText(/^New password again/), again);
  await userEvent.click(screen.getByRole('button', { name: enAccounts.reset.submit }));
}

describe('setting a password from a link', () => {
  it('refuses two different passwords without asking the server', async () => {
    const sent = fakeApi({ 'POST /api/auth/password': { ok: true } });
    show();
    await choose('my shop in Soweto', 'my shop in Soweta');
    const again = screen.getByLabelText(/^New password again/);
    await waitFor(() => expect(messageOf(again)).toBe(enAccounts.reset.mismatch));
    expect(again.getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('refuses a password under 10 characters without asking the server', async () => {
    const sent = fakeApi({ 'POST /api/auth/password': { ok: true } });
    show();
    await choose('short', 'short');
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText(/^New password\*?$/))).toBe(
        enErrors.validation.password_too_short,
      ),
    );
    expect(writes(sent)).toEqual([]);
  });

  it('says an expired link has expired and leads to asking for a new one', async () => {
    fakeApi({
      'POST /api/auth/password': () => [
        400,
        { error: { code: 'auth.password_link_expired', message: 'This link has expired.' } },
      ],
    });
    show();
    await choose('my shop in Soweto', 'my shop in Soweto');
    const refused = await screen.findByTestId('link-refused');
    expect(refused.textContent).toContain(enErrors.auth.password_link_expired);
    await userEvent.click(screen.getByTestId('new-link'));
    expect(await screen.findByText('opened /forgot-password')).toBeTruthy();
  });

  it('takes a token the server refuses as malformed for a link that cannot be used', async () => {
    fakeApi({
      'POST /api/auth/password': () => [
        400,
        {
          error: {
            code: 'bad_request',
            message: 'Invalid token',
            fields: { token: 'Too short' },
            field_codes: { token: { code: 'validation.too_short', params: { minimum: 16 } } },
          },
        },
      ],
    });
    show();
    await choose('my shop in Soweto', 'my shop in Soweto');
    expect((await screen.findByTestId('link-refused')).textContent).toContain(
      enErrors.auth.password_link_invalid,
    );
  });

  it('sends the token and the password, says every session was signed out and leads to signing in', async () => {
    const sent = fakeApi({ 'POST /api/auth/password': { ok: true } });
    const client = show();
    await choose('my shop in Soweto', 'my shop in Soweto');
    expect((await screen.findByTestId('password-set')).textContent).toContain(enAccounts.reset.done);
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/api/auth/password', body: { token: TOKEN, password: 'my shop in Soweto' } },
    ]);
    // This browser's session ended with the others: nobody is signed in here any more, and nothing of theirs is kept.
    expect(client.getQueryData(authKeys.me())).toBeNull();
    expect(client.getQueryData(['orders', 'list'])).toBeUndefined();
    await userEvent.click(screen.getByTestId('sign-in-again'));
    expect(await screen.findByText('opened /login')).toBeTruthy();
  });

  it('without a token says the link is incomplete, and sends nothing', async () => {
    const sent = fakeApi({});
    show('/reset-password');
    expect((await screen.findByTestId('link-refused')).textContent).toContain(enAccounts.reset.no_token);
    expect(screen.queryByRole('button', { name: enAccounts.reset.submit })).toBeNull();
    expect(writes(sent)).toEqual([]);
  });
});
