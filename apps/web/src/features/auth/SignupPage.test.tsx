import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFERRAL_COOKIE, TERMS_VERSION, type AppUser } from '@tt/domain';
import { i18n } from '../../lib/i18n';
import enAccounts from '../../locales/en/accounts.json';
import enErrors from '../../locales/en/errors.json';
import enProfile from '../../locales/en/profile.json';
import { fakeApi, writes } from '../../test-support/fake-api';
import { renderWithApp } from '../../test-support/render';
import SignupPage from './SignupPage';

beforeAll(() => {
  i18n.addResourceBundle('en', 'accounts', enAccounts);
  i18n.addResourceBundle('en', 'profile', enProfile);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${REFERRAL_COOKIE}=; Path=/; Max-Age=0`;
});

const user: AppUser = {
  id: 41,
  name: 'Thandi Mokoena',
  email: null,
  mobile: '+27825550101',
  role: 'retailer',
  phone: null,
  company_name: 'Thandi Spaza',
  gst_number: null,
  address: null,
  city: null,
  state: 'Gauteng',
  pincode: null,
  whatsapp_number: null,
  business_type: 'spaza_shop',
  years_in_business: null,
  referral_code: 'THANDI41',
  is_verified: false,
  is_demo: false,
  created_at: '2026-12-02T08:00:00.000Z',
};

const TOKEN = 'inv_0123456789abcdef';

function show(entry = '/signup') {
  renderWithApp(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/dashboard" element={<p>opened /dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Fills every field as a person would, with the spaces and capitals people type. */
async function fillIn(identifier = '082 555 0101') {
  await userEvent.type(screen.getByLabelText(/Mobile number or email address/), identifier);
  await userEvent.type(screen.getByLabelText(/^Password/), 'my shop in Soweto');
  await userEvent.type(screen.getByLabelText(/Your full name/), '  Thandi Mokoena ');
  await userEvent.type(screen.getByLabelText(/Business name/), 'Thandi Spaza  ');
  await userEvent.selectOptions(screen.getByLabelText(/Type of business/), 'Spaza shop');
  await userEvent.selectOptions(screen.getByLabelText(/Province/), 'Gauteng');
  await userEvent.click(screen.getByLabelText(/I accept the terms of use/));
}

const messageOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the sign-up form', () => {
  it('links the terms and privacy notice, opened in a new tab so the form is kept', () => {
    fakeApi({});
    show();
    const link = screen.getByRole('link', { name: /Read the terms and privacy notice/ });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    // The checkbox keeps the sentence alone as its name.
    expect(
      screen.getByRole('checkbox', { name: /I accept the terms of use/ }).closest('label')?.textContent,
    ).not.toContain('Read the terms');
  });

  it('sends exactly the normalised payload, with the referral code of the link, and opens the dashboard', async () => {
    const sent = fakeApi({ 'POST /api/auth/signup': () => [201, user] });
    show('/signup?ref=beta0042');
    await fillIn();
    await userEvent.click(screen.getByTestId('sign-up'));
    expect(await screen.findByText('opened /dashboard')).toBeTruthy();
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/auth/signup',
        body: {
          identifier: '+27825550101',
          password: 'my shop in Soweto',
          name: 'Thandi Mokoena',
          company_name: 'Thandi Spaza',
          business_type: 'spaza_shop',
          state: 'Gauteng',
          accept_terms: true,
          ref: 'BETA0042',
        },
      },
    ]);
  });

  it('sends an email address in lower case, and the code the join page kept in its cookie, which it then forgets', async () => {
    document.cookie = `${REFERRAL_COOKIE}=JOIN0042; Path=/`;
    const sent = fakeApi({ 'POST /api/auth/signup': () => [201, user] });
    show();
    expect(screen.getByTestId('referral-code').textContent).toContain('JOIN0042');
    await fillIn(' Thandi@Example.CO.ZA ');
    await userEvent.click(screen.getByTestId('sign-up'));
    expect(await screen.findByText('opened /dashboard')).toBeTruthy();
    const body = writes(sent)[0]!.body as Record<string, unknown>;
    expect(body.identifier).toBe('thandi@example.co.za');
    expect(body.ref).toBe('JOIN0042');
    expect(document.cookie).not.toContain(`${REFERRAL_COOKIE}=`);
  });

  it('shows the length rule before anything is sent, and refuses what the schema refuses, sending nothing', async () => {
    const sent = fakeApi({ 'POST /api/auth/signup': () => [201, user] });
    show();
    const password = screen.getByLabelText(/^Password/);
    expect(messageOf(password)).toContain('At least 10 characters');
    expect(screen.getByText(new RegExp(`version ${TERMS_VERSION}`))).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Mobile number or email address/), '012 345 6789');
    await userEvent.type(password, 'short');
    await userEvent.click(screen.getByTestId('sign-up'));
    await waitFor(() => expect(messageOf(password)).toBe('Use at least 10 characters.'));
    expect(messageOf(screen.getByLabelText(/Mobile number or email address/))).toBe(
      enErrors.validation.identifier,
    );
    expect(screen.getByText(enErrors.validation.accept_terms)).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('puts the server’s refusal of a field under that field and keeps what was typed', async () => {
    fakeApi({
      'POST /api/auth/signup': () => [
        400,
        {
          error: {
            code: 'bad_request',
            message: 'Invalid password',
            fields: { password: 'This password is one of the most common ones. Choose another.' },
            field_codes: { password: { code: 'validation.password_common' } },
          },
        },
      ],
    });
    show();
    await fillIn();
    await userEvent.click(screen.getByTestId('sign-up'));
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(messageOf(password)).toBe(enErrors.validation.password_common));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect((password as HTMLInputElement).value).toBe('my shop in Soweto');
    expect(screen.queryByText('opened /dashboard')).toBeNull();
  });

  it('says under the number that an account already has it', async () => {
    fakeApi({
      'POST /api/auth/signup': () => [
        409,
        { error: { code: 'auth.identifier_taken', message: 'An account with this mobile number exists.' } },
      ],
    });
    show();
    await fillIn();
    await userEvent.click(screen.getByTestId('sign-up'));
    const identifier = screen.getByLabelText(/Mobile number or email address/);
    await waitFor(() => expect(messageOf(identifier)).toBe(enErrors.auth.identifier_taken));
  });
});

describe('an invitation link', () => {
  it('shows the role it offers and signs up with it', async () => {
    const sent = fakeApi({
      'POST /api/auth/invitation': { role: 'coordinator', expires_at: '2026-12-09T10:00:00.000Z' },
      'POST /api/auth/signup': () => [201, { ...user, role: 'coordinator' }],
    });
    show(`/signup?invitation=${TOKEN}`);
    expect((await screen.findByTestId('invitation-offer')).textContent).toContain(
      'You are invited to join as Coordinator.',
    );
    expect(screen.getByTestId('invitation-offer').textContent).toContain('9 Dec 2026');
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/auth/invitation',
      body: { token: TOKEN },
    });
    await fillIn();
    await userEvent.click(screen.getByTestId('sign-up'));
    expect(await screen.findByText('opened /dashboard')).toBeTruthy();
    expect((writes(sent)[1]!.body as Record<string, unknown>).invitation_token).toBe(TOKEN);
  });

  it('that cannot be used says so, and the sign-up goes on without it', async () => {
    const sent = fakeApi({
      'POST /api/auth/invitation': () => [
        400,
        { error: { code: 'auth.invitation_invalid', message: 'This invitation can no longer be used.' } },
      ],
      'POST /api/auth/signup': () => [201, user],
    });
    show(`/signup?invitation=${TOKEN}`);
    expect((await screen.findByTestId('invitation-refused')).textContent).toContain(
      enErrors.auth.invitation_invalid,
    );
    await userEvent.click(screen.getByTestId('without-invitation'));
    expect(screen.queryByTestId('invitation-refused')).toBeNull();
    await fillIn();
    await userEvent.click(screen.getByTestId('sign-up'));
    expect(await screen.findByText('opened /dashboard')).toBeTruthy();
    const signup = writes(sent).find((r) => r.path === '/api/auth/signup')!;
    expect(signup.body).not.toHaveProperty('invitation_token');
  });
});
