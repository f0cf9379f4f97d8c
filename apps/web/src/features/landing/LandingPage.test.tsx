import { Profiler } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
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
function slowOptionsServer(external: boolean | 'unreadable') {
  const sent: string[] = [];
  let answerOptions: () => void = () => undefined;
  const options = new Promise<Response>((resolve) => {
    answerOptions = () =>
      resolve(
        external === 'unreadable'
          ? new Response(JSON.stringify({ error: { code: 'internal', message: 'No' } }), { status: 500 })
          : new Response(JSON.stringify({ external, demo: true }), { status: 200 }),
      );
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

/** The landing page at /, with the screens its links and buttons open standing in as their paths. */
function renderLanding() {
  return renderWithApp(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/signup" element={<p>opened /signup</p>} />
        <Route path="/login" element={<p>opened /login</p>} />
        <Route path="/dashboard" element={<p>opened /dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
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

  it.each([enLanding.get_started, enLanding.hero.start_journey])(
    '%s without a provider opens the sign-up once the options say so, not the demo',
    async (name) => {
      const server = slowOptionsServer(false);
      renderLanding();
      await userEvent.click(screen.getAllByRole('button', { name })[0]!);
      // Nothing is guessed before the answer.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByText('opened /signup')).toBeNull();
      server.answerOptions();
      expect(await screen.findByText('opened /signup')).toBeTruthy();
      expect(server.sent).not.toContain('POST /api/demo/login');
      expect(server.sent).not.toContain('GET /api/oauth/google/redirect_url');
    },
  );

  it('opens the sign-up when the options cannot be read, never the demo', async () => {
    const server = slowOptionsServer('unreadable');
    renderLanding();
    await userEvent.click(screen.getAllByRole('button', { name: enLanding.get_started })[0]!);
    server.answerOptions();
    expect(await screen.findByText('opened /signup')).toBeTruthy();
    expect(server.sent).not.toContain('POST /api/demo/login');
  });

  it('tapped on the first paint before the app arrived, is pressed once the page takes its place', async () => {
    const server = slowOptionsServer(false);
    window.__ttTap = 'landing:get_started';
    renderLanding();
    server.answerOptions();
    expect(await screen.findByText('opened /signup')).toBeTruthy();
    expect(window.__ttTap).toBeUndefined();
    expect(server.sent).not.toContain('POST /api/demo/login');
  });
});

describe('the other ways in', () => {
  it('Sign in in the header leads to the sign-in page', async () => {
    const server = slowOptionsServer(false);
    renderLanding();
    const signIn = screen.getByRole('link', { name: enLanding.sign_in });
    expect(signIn.getAttribute('href')).toBe('/login');
    await userEvent.click(signIn);
    expect(await screen.findByText('opened /login')).toBeTruthy();
    expect(server.sent).not.toContain('POST /api/demo/login');
  });

  it('Try Demo still signs in to the shared demo account', async () => {
    const server = slowOptionsServer(false);
    renderLanding();
    await userEvent.click(screen.getByTestId('try-demo'));
    await waitFor(() => expect(server.sent).toContain('POST /api/demo/login'));
    expect(screen.queryByText('opened /signup')).toBeNull();
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
