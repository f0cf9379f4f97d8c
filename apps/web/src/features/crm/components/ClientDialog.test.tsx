import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enCrm from '../../../locales/en/crm.json';
import zuCrm from '../../../locales/zu/crm.json';
import { renderWithApp } from '../../../test-support/render';
import { ClientDialog } from './ClientDialog';

beforeAll(() => {
  i18n.addResourceBundle('en', 'crm', enCrm);
  i18n.addResourceBundle('zu', 'crm', zuCrm);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

/** The server's answer to Add Client, echoing what was sent as the saved client. */
function stubServer() {
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const client = {
      id: 41,
      owner_id: 7,
      owner_name: 'Kagiso Sithole',
      won_at: null,
      last_activity_at: null,
      created_at: '2026-11-23T08:00:00.000Z',
      updated_at: '2026-11-23T08:00:00.000Z',
      ...body,
    };
    return Promise.resolve(new Response(JSON.stringify(client), { status: 201 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('Add Client', () => {
  it('refuses a foreign phone under its field in the user’s language, sending nothing', async () => {
    const fetch = stubServer();
    await act(() => i18n.changeLanguage('zu'));
    renderWithApp(<ClientDialog onClose={() => undefined} onSaved={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Igama leklayenti/), 'Mama Joyce');
    await userEvent.type(screen.getByLabelText('Ucingo'), '+44 20 7946 0958');
    await userEvent.click(screen.getByRole('button', { name: 'Londoloza iklayenti' }));
    expect(await screen.findByText(/Faka inombolo yocingo yaseNingizimu Afrika/)).toBeTruthy();
    expect(screen.getByLabelText('Ucingo').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('needs a name and a real e-mail address', async () => {
    const fetch = stubServer();
    renderWithApp(<ClientDialog onClose={() => undefined} onSaved={() => undefined} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'joyce@');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the phone in the one form and the e-mail in lower case, then says the client was added', async () => {
    const fetch = stubServer();
    const onSaved = vi.fn();
    renderWithApp(<ClientDialog onClose={() => undefined} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText(/Client name/), 'Mama Joyce');
    await userEvent.type(screen.getByLabelText('E-mail'), 'Joyce@Example.CO.ZA');
    await userEvent.type(screen.getByLabelText('Phone'), '082-555-0199');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'lead');
    const value = screen.getByLabelText('Value (R)');
    await userEvent.clear(value);
    await userEvent.type(value, '4200.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/crm/clients');
    expect(JSON.parse(String(init.body))).toMatchObject({
      client_name: 'Mama Joyce',
      client_email: 'joyce@example.co.za',
      client_phone: '+27 82 555 0199',
      client_type: 'lead',
      status: 'open',
      client_value: 4200.5,
    });
    expect(onSaved.mock.calls[0]![0]).toBe('Mama Joyce was added to your clients.');
  });
});
