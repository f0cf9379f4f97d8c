import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SecuritySessionList } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enSecurity from '../../../locales/en/security.json';
import { fakeApi } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { SessionsCard } from './SessionsCard';

beforeAll(() => {
  i18n.addResourceBundle('en', 'security', enSecurity);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const session = (id: number, device: string, current = false) => ({
  id,
  device,
  ip: current ? '10.0.0.1' : null,
  created_at: '2026-11-30T08:00:00.000Z',
  expires_at: '2026-12-30T08:00:00.000Z',
  current,
});

function renderWith(list: SecuritySessionList) {
  let current = list;
  const sent = fakeApi({
    'GET /api/security/sessions': () => [200, current],
    'DELETE /api/security/sessions/12': () => {
      current = { ...current, sessions: current.sessions.filter((s) => s.id !== 12), open: current.open - 1 };
      return [204, null];
    },
    'POST /api/security/sessions/sign-out-others': () => {
      current = { ...current, sessions: current.sessions.filter((s) => s.current), open: 1 };
      return [200, { ended: 2 }];
    },
  });
  renderWithApp(
    <MemoryRouter>
      <SessionsCard />
    </MemoryRouter>,
  );
  return sent;
}

describe('where the account is signed in', () => {
  it('marks this device, and signs out another session only after asking, as the server is told', async () => {
    const sent = renderWith({
      sessions: [
        session(11, 'Chrome on Android', true),
        session(12, 'Firefox on Windows'),
        session(13, 'Safari on iPhone'),
      ],
      open: 3,
      shared_account: false,
    });
    const rows = await screen.findAllByTestId('session');
    expect(within(rows[0]!).getByText(enSecurity.sessions.this_device)).toBeTruthy();
    // The current session has no Sign out of its own: signing out ends it.
    expect(within(rows[0]!).queryByTestId('end-session')).toBeNull();
    fireEvent.click(within(rows[1]!).getByTestId('end-session'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Firefox on Windows');
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: enSecurity.sessions.sign_out }));
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/security/sessions/12',
    ]);

    fireEvent.click(screen.getByTestId('sign-out-others'));
    const all = await screen.findByRole('dialog');
    fireEvent.click(within(all).getByRole('button', { name: enSecurity.sessions.sign_out_others }));
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/security/sessions/sign-out-others',
    ]);
    expect(screen.getByText(enSecurity.sessions.none_other)).toBeTruthy();
  });

  it('offers no "sign out all" on a shared demo account, and says why', async () => {
    renderWith({
      sessions: [session(11, 'Chrome on Android', true), session(12, 'Firefox on Windows')],
      open: 2,
      shared_account: true,
    });
    expect(await screen.findByTestId('shared-account')).toBeTruthy();
    expect(screen.queryByTestId('sign-out-others')).toBeNull();
    expect(screen.getAllByTestId('end-session')).toHaveLength(1);
  });
});
