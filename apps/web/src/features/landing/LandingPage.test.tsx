import { Profiler } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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

describe('the sign-in options', () => {
  it('are asked for as the page opens, and their answer does not draw the page again', async () => {
    const server = slowOptionsServer(true);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let commits = 0;
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Profiler id="landing" onRender={() => commits++}>
            <LandingPage />
          </Profiler>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(server.sent).toContain('GET /api/auth/options'));
    const drawn = commits;
    expect(drawn).toBeGreaterThan(0);

    server.answerOptions();
    // The page's only query.
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .findAll()
          .filter((query) => query.state.status === 'success'),
      ).toHaveLength(1),
    );
    // React Query tells a watching screen in a task of its own (a timer of 0 ms): let one pass.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(commits).toBe(drawn);

    // The answer is kept: Get Started goes to the provider without asking for the options again.
    await userEvent.click(screen.getAllByRole('button', { name: enLanding.get_started })[0]!);
    await waitFor(() => expect(server.sent).toContain('GET /api/oauth/google/redirect_url'));
    expect(server.sent.filter((request) => request === 'GET /api/auth/options')).toHaveLength(1);
  });
});
