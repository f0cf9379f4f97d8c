import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiKey, CreatedApiKey } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enDeveloper from '../../../locales/en/developer.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { ApiKeysTab } from './ApiKeysTab';

beforeAll(() => {
  i18n.addResourceBundle('en', 'developer', enDeveloper);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const FULL = 'tt_live_abcdefghijklmnopqrstuvwxyz012345';
const listed: ApiKey = {
  id: 5,
  name: 'Till sync',
  masked_key: 'tt_live_••••••••yz012345',
  permissions: ['read:products', 'read:orders'],
  created_at: '2026-12-01T08:00:00.000Z',
  last_used_at: null,
};

describe('the API keys tab', () => {
  it('sends the name and the ticked scopes, shows the whole key once, and only masked after', async () => {
    const user = userEvent.setup();
    let keys: ApiKey[] = [];
    const sent = fakeApi({
      'GET /api/developer/keys': () => [200, { keys, max_keys: 10 }],
      'POST /api/developer/keys': () => {
        keys = [listed];
        return [201, { ...listed, key: FULL } satisfies CreatedApiKey];
      },
    });
    renderWithApp(
      <MemoryRouter>
        <ApiKeysTab />
      </MemoryRouter>,
    );
    await user.click(await screen.findByTestId('generate-key'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Key name/), 'Till sync');
    await user.click(within(dialog).getByTestId('scope-read:orders'));
    await user.click(within(dialog).getByTestId('create-key'));

    expect(await within(dialog).findByTestId('new-key')).toHaveProperty('value', FULL);
    expect(within(dialog).getByText(enDeveloper.created.once)).toBeTruthy();
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/developer/keys',
        body: { name: 'Till sync', scopes: ['read:products', 'read:orders'] },
      },
    ]);
    await user.click(within(dialog).getByTestId('key-done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(listed.masked_key)).toBeTruthy();
    expect(document.body.textContent).not.toContain(FULL);
  });

  it('refuses a key without a scope before asking the server', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({ 'GET /api/developer/keys': { keys: [], max_keys: 10 } });
    renderWithApp(
      <MemoryRouter>
        <ApiKeysTab />
      </MemoryRouter>,
    );
    await user.click(await screen.findByTestId('generate-key'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Key name/), 'Nothing');
    await user.click(within(dialog).getByTestId('scope-read:products'));
    await user.click(within(dialog).getByTestId('create-key'));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
  });

  it('offers no new key at the limit, and says why', async () => {
    fakeApi({
      'GET /api/developer/keys': {
        keys: Array.from({ length: 10 }, (_, i) => ({ ...listed, id: i + 1 })),
        max_keys: 10,
      },
    });
    renderWithApp(
      <MemoryRouter>
        <ApiKeysTab />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/the most you can hold/)).toBeTruthy();
    expect(screen.getByTestId('generate-key')).toHaveProperty('disabled', true);
  });
});
