import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Package } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { QueryState } from './QueryState';

type Query<T> = { data: T | undefined; isPending: boolean; refetch: () => Promise<unknown> };
const query = <T,>(over: Partial<Query<T>>): Query<T> => ({
  data: undefined,
  isPending: false,
  refetch: vi.fn(() => Promise.resolve()),
  ...over,
});

const show = <T,>(q: Query<T>, empty = true) =>
  renderWithApp(
    // The query's other fields are not read by QueryState.
    <QueryState
      query={q as never}
      icon={Package}
      loading="Loading products"
      empty={empty ? { title: 'No products yet', message: 'Add your first product.' } : undefined}
    >
      {(items: string[]) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState', () => {
  it('says what is loading while the first load runs', () => {
    show(query<string[]>({ isPending: true }));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading products');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('offers a retry when the first load failed, and the retry refetches', async () => {
    const q = query<string[]>({});
    show(q);
    expect(screen.getByText('This screen could not load')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state for an empty list', () => {
    show(query<string[]>({ data: [] }));
    expect(screen.getByText('No products yet')).toBeTruthy();
    expect(screen.getByText('Add your first product.')).toBeTruthy();
  });

  it('gives an empty list to the children when the screen draws its own empty state', () => {
    show(query<string[]>({ data: [] }), false);
    expect(screen.getByRole('list').children).toHaveLength(0);
  });

  it('renders the data, and keeps it when a background refetch failed', () => {
    // A refetch that failed leaves the data and isPending false: the list stays on screen.
    show(query<string[]>({ data: ['Maize meal 10 kg', 'Sugar 2 kg'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Maize meal 10 kg',
      'Sugar 2 kg',
    ]);
    expect(screen.queryByText('This screen could not load')).toBeNull();
  });
});
