import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_LINK_MINUTES } from '@tt/domain';
import { i18n } from '../../lib/i18n';
import enAccounts from '../../locales/en/accounts.json';
import { fakeApi, writes } from '../../test-support/fake-api';
import { renderWithApp } from '../../test-support/render';
import ForgotPasswordPage from './ForgotPasswordPage';

beforeAll(() => {
  i18n.addResourceBundle('en', 'accounts', enAccounts);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function ask(emailSent: boolean) {
  const sent = fakeApi({ 'POST /api/auth/password-reset': { email_sent: emailSent } });
  renderWithApp(
    <MemoryRouter initialEntries={['/forgot-password']}>
      <ForgotPasswordPage />
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText(/Mobile number or email address/), '+27 82 555 0101');
  await userEvent.click(screen.getByRole('button', { name: enAccounts.forgot.submit }));
  return sent;
}

describe('asking for a reset link', () => {
  it('sends the number in its one form and, where email is sent, says a link went if the account exists', async () => {
    const sent = await ask(true);
    expect((await screen.findByTestId('reset-emailed')).textContent).toBe(
      enAccounts.forgot.sent.replace('{{minutes}}', String(PASSWORD_LINK_MINUTES)),
    );
    expect(writes(sent)).toEqual([
      { method: 'POST', path: '/api/auth/password-reset', body: { identifier: '+27825550101' } },
    ]);
  });

  it('where this network sends no email, says to ask an administrator', async () => {
    await ask(false);
    expect((await screen.findByTestId('reset-no-email')).textContent).toBe(enAccounts.forgot.no_email);
    expect(screen.queryByTestId('reset-emailed')).toBeNull();
  });
});
