import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppUser } from '@tt/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enAccount from '../../../locales/en/account.json';
import enProfile from '../../../locales/en/profile.json';
import zuAccount from '../../../locales/zu/account.json';
import zuProfile from '../../../locales/zu/profile.json';
import { renderWithApp } from '../../../test-support/render';
import { ProfileForm } from './ProfileForm';

beforeAll(() => {
  i18n.addResourceBundle('en', 'profile', enProfile);
  i18n.addResourceBundle('en', 'account', enAccount);
  i18n.addResourceBundle('zu', 'profile', zuProfile);
  i18n.addResourceBundle('zu', 'account', zuAccount);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const user: AppUser = {
  id: 7,
  name: 'Thandi Mokoena',
  email: 'thandi@example.co.za',
  mobile: null,
  role: 'retailer',
  phone: '+27 82 555 0101',
  company_name: 'Thandi Spaza',
  gst_number: null,
  address: '12 Vilakazi St',
  city: 'Soweto',
  // No province or business type chosen: happy-dom does not select a <select>'s option from a value set
  // before the first change (browsers do), which would show these as changed.
  state: null,
  pincode: '1804',
  whatsapp_number: null,
  business_type: null,
  years_in_business: 4,
  referral_code: 'THANDI7',
  is_verified: true,
  is_demo: false,
  created_at: '2026-01-10T08:00:00.000Z',
};

/** The server: answers the saved user, or refuses with `refusal`. */
function stubServer(refusal?: unknown) {
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    if (refusal) return Promise.resolve(new Response(JSON.stringify(refusal), { status: 400 }));
    const body = JSON.parse(String(init.body)) as Partial<AppUser>;
    return Promise.resolve(new Response(JSON.stringify({ ...user, ...body }), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const show = (onSaved = vi.fn()) => {
  renderWithApp(<ProfileForm user={user} onCancel={() => undefined} onSaved={onSaved} />);
  return onSaved;
};

describe('the profile form', () => {
  it('sends only the fields that changed', async () => {
    const fetch = stubServer();
    const onSaved = show();
    const city = screen.getByLabelText('City or township');
    await userEvent.clear(city);
    await userEvent.type(city, 'Alexandra');
    const years = screen.getByLabelText('Years in business');
    await userEvent.clear(years);
    await userEvent.type(years, '9');
    await userEvent.click(screen.getByTestId('save-profile'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/users/profile');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ city: 'Alexandra', years_in_business: 9 });
  });

  it('sends nothing when nothing changed, and closes', async () => {
    const fetch = stubServer();
    const onSaved = show();
    await userEvent.click(screen.getByTestId('save-profile'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses an impossible value with the domain’s words in isiZulu, sending nothing', async () => {
    const fetch = stubServer();
    await act(() => i18n.changeLanguage('zu'));
    const onSaved = show();
    const years = screen.getByLabelText('Iminyaka usebhizinisini');
    await userEvent.clear(years);
    await userEvent.type(years, '51');
    await userEvent.click(screen.getByTestId('save-profile'));
    expect(await screen.findByText('Iminyaka usebhizinisini kumele ibe phakathi kuka-0 no-50.')).toBeTruthy();
    expect(years.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal under its field and keeps what was typed', async () => {
    stubServer({
      error: {
        code: 'bad_request',
        message: 'Invalid phone',
        fields: { phone: 'Invalid phone' },
        field_codes: { phone: { code: 'validation.phone' } },
      },
    });
    const onSaved = show();
    const phone = screen.getByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+27 82 000 0000');
    await userEvent.click(screen.getByTestId('save-profile'));
    expect(await screen.findByText(/Enter a valid phone number/)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect((phone as HTMLInputElement).value).toBe('+27 82 000 0000');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
