import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '@tt/domain';
import {
  CART_REQUEST,
  CATEGORIES_REQUEST,
  FIRST_REQUESTS,
  LIST_REQUEST,
  ME_REQUEST,
  PLAN_REQUEST,
  SIGNED_IN_HINT,
} from '../../first-screen';
import { cartQuery } from '../features/cart/api';
import { meQuery } from '../features/auth/api';
import { dashboardQuery } from '../features/dashboard/api';
import { categoriesQuery, planRestrictionsQuery, productsQuery } from '../features/products/api';
import { call, dropStartedRequests } from '../lib/api';

/**
 * Issue 9 (the request chain): index.html's head script asks for the user and the first screen's data before
 * the app's code has arrived (first-screen.ts), and `call()` takes those answers instead of asking again. Only
 * an answer to the very path the app asks for can be taken: the head script's paths are the screens' own.
 */
const asked: string[] = [];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('window', {});
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      asked.push(path);
      return Promise.resolve(json({ page: 1, page_size: 24, total: 0, products: [] }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

// What a query asks for: its path as `call()` builds it.
const pathOf = async (run: () => unknown) => {
  await run();
  return asked.at(-1);
};
const context = { signal: new AbortController().signal, meta: undefined, client: undefined } as never;

describe("the head script's requests", () => {
  it("are the paths the first screens' queries ask for", async () => {
    expect(await pathOf(() => meQuery().queryFn!(context))).toBe(ME_REQUEST);
    expect(FIRST_REQUESTS['/dashboard']).toEqual([await pathOf(() => dashboardQuery().queryFn!(context))]);
    const list = await pathOf(() =>
      productsQuery({}).queryFn!({ ...(context as object), pageParam: 1 } as never),
    );
    expect(list).toBe(LIST_REQUEST);
    expect(FIRST_REQUESTS['/products']).toEqual([
      await pathOf(() => categoriesQuery().queryFn!(context)),
      await pathOf(() => planRestrictionsQuery().queryFn!(context)),
      list,
    ]);
    // What the marketplace's first paint reads besides the list, and a buyer's cart (asked for only then).
    expect([CATEGORIES_REQUEST, PLAN_REQUEST]).toEqual(FIRST_REQUESTS['/products']!.slice(0, 2));
    expect(CART_REQUEST).toBe(await pathOf(() => cartQuery().queryFn!(context)));
  });

  it("read the server's signed-in cookie by its name", () => {
    expect(SIGNED_IN_HINT).toBe(SIGNED_IN_COOKIE);
  });

  it('are taken once by the first call of the same path, and nothing is asked again', async () => {
    window.__ttApi = { '/api/dashboard': Promise.resolve(json({ from: 'head' })) };
    expect(await call({ method: 'GET', path: '/api/dashboard' })).toEqual({ from: 'head' });
    expect(asked).toEqual([]);
    // Used once: the next call asks the server.
    await call({ method: 'GET', path: '/api/dashboard' });
    expect(asked).toEqual(['/api/dashboard']);
  });

  it('are not taken by another path, a call with its own headers, or once dropped', async () => {
    window.__ttApi = { '/api/dashboard': Promise.resolve(json({ from: 'head' })) };
    await call({ method: 'GET', path: '/api/categories' });
    await call({ method: 'GET', path: '/api/dashboard' }, { headers: { 'X-Test': '1' } } as never);
    expect(asked).toEqual(['/api/categories', '/api/dashboard']);
    dropStartedRequests();
    await call({ method: 'GET', path: '/api/dashboard' });
    expect(asked).toEqual(['/api/categories', '/api/dashboard', '/api/dashboard']);
  });

  it("turn the head script's network failure into the app's offline error", async () => {
    window.__ttApi = { [ME_REQUEST]: Promise.reject(new TypeError('Failed to fetch')) };
    await expect(call({ method: 'GET', path: ME_REQUEST })).rejects.toMatchObject({ code: 'network' });
  });
});
