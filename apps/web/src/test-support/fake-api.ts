import { vi } from 'vitest';

/** One request the component made: method, path (with its query) and the JSON body sent. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

type Answer = unknown | ((body: unknown, url: URL) => [status: number, answer: unknown]);

/**
 * Stands in for the server in a component test: `routes` answers "METHOD /path" (200 with the value, or
 * what a function returns for the body sent and the URL, with its query); anything else is a 404.
 * Returns the requests, in order.
 */
export function fakeApi(routes: Record<string, Answer>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = url.pathname + url.search;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path, body });
      const route = routes[`${method} ${url.pathname}`];
      const [status, answer] =
        typeof route === 'function'
          ? (route as (body: unknown, url: URL) => [number, unknown])(body, url)
          : route === undefined
            ? [404, { error: { code: 'not_found', message: 'Not found' } }]
            : [200, route];
      return Promise.resolve(
        new Response(status === 204 ? null : JSON.stringify(answer), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return sent;
}

/** The requests that wrote something (not GET). */
export const writes = (sent: readonly SentRequest[]) => sent.filter((r) => r.method !== 'GET');
