import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useQueryParams, type QueryChange } from './query-params';

const without =
  (name: string): QueryChange =>
  (current) => {
    const next = new URLSearchParams(current);
    next.delete(name);
    return next;
  };
const withValue =
  (name: string, value: string): QueryChange =>
  (current) => {
    const next = new URLSearchParams(current);
    next.set(name, value);
    return next;
  };

/**
 * Two changes of the query from one render: what a screen does when a second tap reaches a handler of the render
 * before the first tap's (a slow phone: Clear filters, then a sort). The second starts after the first has reached
 * the router, before the screen has rendered it.
 */
function Filters() {
  const [params, update] = useQueryParams();
  const clearThenSort = async () => {
    update(without('category'), { replace: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    update(withValue('sort', 'price_desc'), { replace: true });
  };
  return (
    <>
      <p data-testid="query">{params.toString()}</p>
      <button onClick={() => void clearThenSort()}>clear, then sort</button>
    </>
  );
}

describe('useQueryParams', () => {
  it('a change made from an earlier render keeps the changes made since', async () => {
    const router = createMemoryRouter([{ path: '/products', element: <Filters /> }], {
      initialEntries: ['/products?category=7&price=over_200'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('query').textContent).toBe('category=7&price=over_200');

    fireEvent.click(screen.getByText('clear, then sort'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    // React Router's own setter would have started the sort from category=7 and put the category back.
    expect(router.state.location.search).toBe('?price=over_200&sort=price_desc');
    expect(screen.getByTestId('query').textContent).toBe('price=over_200&sort=price_desc');
  });
});
