import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import enLanding from '../../locales/en/landing.json';
import { renderWithApp } from '../../test-support/render';
import LandingPage from './LandingPage';

beforeAll(() => {
  i18n.addResourceBundle('en', 'landing', enLanding);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A server whose sign-in options answer only when `answerOptions` is called (a server just started, a slow
 * link); everything else answers at once (the provider's address: refused, so that nothing navigates).
 */
function slowOptionsServer(external: boolean) {
  const sent: string[] = [];
  let answerOptions: () => void = () => undefined;
  const options = new Promise<Response>((resolve) => {
    answerOptions = () => resolve(new Response(JSON.stringify({ external, demo: true }), { status: 200 }));
  });
  const refused = () =>
    new Response(JSON.stringify({ error: { code: 'auth.provider_unreachable', message: 'No' } }), {
      status: 503,
    });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      sent.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`);
      return url.pathname === '/api/auth/options' ? options : Promise.resolve(refused());
    }),
  );
  return { sent, answerOptions: () => answerOptions() };
}

describe('Get Started', () => {
  it('clicked before the sign-in options are known, waits for them and goes to the provider, not the demo', async () => {
    const server = slowOptionsServer(true);
    renderWithApp(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getAllByRole('button', { name: enLanding.get_started })[0]!);
    expect(server.sent).not.toContain('POST /api/demo/login');
    server.answerOptions();
    await waitFor(() => expect(server.sent).toContain('GET /api/oauth/google/redirect_url'));
    expect(server.sent).not.toContain('POST /api/demo/login');
  });

  it('without a provider, signs in to the demo once the options say so', async () => {
    const server = slowOptionsServer(false);
    renderWithApp(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getAllByRole('button', { name: enLanding.get_started })[0]!);
    server.answerOptions();
    await waitFor(() => expect(server.sent).toContain('POST /api/demo/login'));
    expect(server.sent).not.toContain('GET /api/oauth/google/redirect_url');
  });
});
