import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfter, queryRoots, staleAfter, type QueryRoot } from './invalidation';

function clientWithOneQueryPerArea() {
  const client = new QueryClient();
  for (const root of Object.values(queryRoots)) client.setQueryData([root, 'list'], []);
  return client;
}

const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey[0])
    .sort();

describe('cross-area invalidation', () => {
  it('placing an order makes the cart, the catalogue, the dashboard, the rewards it spent, the promotions it used, the supplier figures and the seller’s analytics stale, and nothing else', async () => {
    const client = clientWithOneQueryPerArea();
    await invalidateAfter(client, 'order.placed');
    expect(invalidated(client)).toEqual([
      'analytics',
      'cart',
      'dashboard',
      'products',
      'promotions',
      'referrals',
      'supply-chain',
    ]);
  });

  it.each(Object.entries(staleAfter))('%s invalidates exactly its table row', async (event, roots) => {
    const client = clientWithOneQueryPerArea();
    await invalidateAfter(client, event as keyof typeof staleAfter);
    expect(invalidated(client)).toEqual(roots.map((root: QueryRoot) => queryRoots[root]).sort());
  });
});
