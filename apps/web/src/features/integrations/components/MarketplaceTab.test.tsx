import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketplaceEntries, type MarketplaceEntry } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enIntegrations from '../../../locales/en/integrations.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { MarketplaceTab } from './MarketplaceTab';

beforeAll(() => {
  i18n.addResourceBundle('en', 'integrations', enIntegrations);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const me = (role: string) => ({ id: 7, name: 'Thandi', email: 't@example.com', role });
const entry = async (key: string) =>
  (await screen.findAllByTestId('marketplace-entry')).find((e) => e.getAttribute('data-key') === key)!;

describe('the marketplace tab', () => {
  it('says nothing is connected, asks for a service once and shows it asked, as the server answers', async () => {
    const user = userEvent.setup();
    let asked = new Set<string>();
    const sent = fakeApi({
      'GET /api/users/me': me('retailer'),
      'GET /api/integrations/marketplace': () => [200, marketplaceEntries(asked)],
      'PUT /api/integrations/marketplace/yoco/request': () => {
        asked = new Set(['yoco']);
        return [
          200,
          marketplaceEntries(asked).find((e) => e.key === 'yoco') satisfies MarketplaceEntry | undefined,
        ];
      },
    });
    renderWithApp(
      <MemoryRouter>
        <MarketplaceTab />
      </MemoryRouter>,
    );
    const yoco = within(await entry('yoco'));
    expect(screen.getByTestId('showcase-note').textContent).toBe(enIntegrations.marketplace.note);
    expect(yoco.getByText(enIntegrations.marketplace.not_connected)).toBeTruthy();
    await user.click(yoco.getByTestId('request'));
    expect(await yoco.findByTestId('requested')).toBeTruthy();
    expect(yoco.getByTestId('request').textContent).toBe(enIntegrations.marketplace.withdraw);
    expect(writes(sent)).toEqual([
      { method: 'PUT', path: '/api/integrations/marketplace/yoco/request', body: undefined },
    ]);
    // A shop is not asked how many others want it (the server would refuse).
    expect(screen.queryAllByTestId('asked')).toEqual([]);
    expect(sent.some((r) => r.path === '/api/integrations/marketplace/requests')).toBe(false);
  });

  it('finds services by name, provider or type in the reader’s words, with the type filter', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/users/me': me('retailer'),
      'GET /api/integrations/marketplace': marketplaceEntries(new Set()),
    });
    renderWithApp(
      <MemoryRouter>
        <MarketplaceTab />
      </MemoryRouter>,
    );
    await entry('payfast');
    const shown = () => screen.getAllByTestId('marketplace-entry').map((e) => e.getAttribute('data-key'));
    await user.type(screen.getByTestId('marketplace-search'), 'standard bank');
    await waitFor(() => expect(shown()).toEqual(['snapscan']));
    await user.clear(screen.getByTestId('marketplace-search'));
    await user.type(screen.getByTestId('marketplace-search'), 'Accounting');
    await waitFor(() => expect(shown()).toEqual(['sage_accounting', 'xero']));
    await user.clear(screen.getByTestId('marketplace-search'));
    await user.selectOptions(screen.getByTestId('marketplace-type'), 'shipping');
    await waitFor(() => expect(shown()).toEqual(['courier_guy', 'pargo']));
  });

  it('shows an admin how many asked for each service', async () => {
    fakeApi({
      'GET /api/users/me': me('admin'),
      'GET /api/integrations/marketplace': marketplaceEntries(new Set()),
      'GET /api/integrations/marketplace/requests': [{ key: 'xero', requests: 3 }],
    });
    renderWithApp(
      <MemoryRouter>
        <MarketplaceTab />
      </MemoryRouter>,
    );
    const xero = within(await entry('xero'));
    await waitFor(() => expect(xero.getByTestId('asked').textContent).toBe('3 users asked for this'));
    expect(within(await entry('yoco')).getByTestId('asked').textContent).toBe('0 users asked for this');
  });
});
