import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationsOverview } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enIntegrations from '../../../locales/en/integrations.json';
import { renderWithApp } from '../../../test-support/render';
import { useOfflineTill } from '../offline';
import { ConnectionsTab } from './ConnectionsTab';

beforeAll(() => {
  i18n.addResourceBundle('en', 'integrations', enIntegrations);
});

const overview: IntegrationsOverview = {
  connections: [
    {
      id: 'sso',
      status: 'inactive',
      available: true,
      can_set_up: false,
      last_activity_at: null,
      issuer_host: null,
      env_vars: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
    },
    {
      id: 'public_api',
      status: 'active',
      available: true,
      can_set_up: true,
      last_activity_at: '2026-12-01T08:00:00.000Z',
      live_keys: 2,
      requests_24h: 14,
      errors_24h: 3,
    },
    {
      id: 'spreadsheet_import',
      status: 'inactive',
      available: false,
      can_set_up: false,
      last_activity_at: null,
      uploads: 0,
      last_upload_status: null,
      imported_rows: 0,
    },
    { id: 'inventory_export', status: 'active', available: true, can_set_up: false, last_activity_at: null },
  ],
  counts: { connected: 2, needs_setup: 0, requests_24h: 14, errors_24h: 3 },
  recent: [],
};

function Harness() {
  const query = useQuery({ queryKey: ['test-integrations'], queryFn: () => overview });
  return <ConnectionsTab query={query} offline={useOfflineTill()} />;
}

const card = (id: string) =>
  screen.getAllByTestId('connection').find((c) => c.getAttribute('data-id') === id)!;

describe('the integrations tab', () => {
  it("draws each connection with the server's status and figures, and links only what the role may manage", async () => {
    renderWithApp(
      <MemoryRouter>
        <Harness />
      </MemoryRouter>,
    );
    await screen.findAllByTestId('connection');
    const api = within(card('public_api'));
    expect(api.getByTestId('requests-24h').textContent).toBe('14');
    expect(api.getByTestId('errors-24h').textContent).toBe('3');
    expect(api.getByTestId('manage').getAttribute('href')).toBe('/developer');
    expect(within(card('sso')).getByText('OIDC_CLIENT_SECRET')).toBeTruthy();
    expect(within(card('sso')).queryByTestId('manage')).toBeNull();
    // A role without spreadsheet import is told so, with nothing to open.
    const sheets = within(card('spreadsheet_import'));
    expect(sheets.getByText(enIntegrations.connections.spreadsheet_import.unavailable)).toBeTruthy();
    expect(sheets.queryByTestId('manage')).toBeNull();
    // This test's browser has no service worker: the offline till is inactive, and says why.
    expect(card('offline_till').getAttribute('data-status')).toBe('inactive');
    expect(
      within(card('offline_till')).getByText(enIntegrations.connections.offline_till.unavailable),
    ).toBeTruthy();
  });

  it('searches name, provider and type, and filters by status', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <MemoryRouter>
        <Harness />
      </MemoryRouter>,
    );
    await screen.findAllByTestId('connection');
    const shown = () => screen.queryAllByTestId('connection').map((c) => c.getAttribute('data-id'));
    await user.type(screen.getByTestId('connection-search'), 'openid');
    await waitFor(() => expect(shown()).toEqual(['sso']));
    await user.clear(screen.getByTestId('connection-search'));
    await user.type(screen.getByTestId('connection-search'), 'csv');
    await waitFor(() => expect(shown()).toEqual(['spreadsheet_import', 'inventory_export']));
    await user.clear(screen.getByTestId('connection-search'));
    await user.selectOptions(screen.getByTestId('connection-status'), 'active');
    await waitFor(() => expect(shown()).toEqual(['public_api', 'inventory_export']));
    await user.type(screen.getByTestId('connection-search'), 'nothing like it');
    expect(await screen.findByText(enIntegrations.search.none)).toBeTruthy();
  });
});
