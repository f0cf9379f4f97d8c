import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enProducts from '../../../locales/en/products.json';
import { fakeApi } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { ProductFilterBar } from './ProductFilterBar';

beforeAll(() => {
  i18n.addResourceBundle('en', 'products', enProducts);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const categories = [
  { id: 1, name: 'Groceries', parent_id: null },
  { id: 2, name: 'Maize', parent_id: 1 },
  { id: 3, name: 'Drinks', parent_id: null },
];

function open(props: Partial<React.ComponentProps<typeof ProductFilterBar>> = {}) {
  fakeApi({ 'GET /api/categories': categories });
  const all = {
    filters: {},
    view: 'grid' as const,
    update: vi.fn(),
    text: '',
    onText: vi.fn(),
    total: { total: 1234, total_capped: false },
    onClear: vi.fn(),
    ...props,
  };
  renderWithApp(<ProductFilterBar {...all} />);
  return all;
}

describe('the marketplace’s filter bar (a part of ProductsPage)', () => {
  it('counts the listing and offers Clear only when something is filtered', async () => {
    open();
    expect(screen.getByTestId('product-count').textContent).toBe('1234 products');
    expect(screen.queryByTestId('clear-filters')).toBeNull();
  });

  it('sends each choice to the URL: a department clears the category; the list view replaces the entry', async () => {
    const props = open({ filters: { department_id: 1 } });
    await userEvent.selectOptions(screen.getByTestId('filter-department'), await screen.findByText('Drinks'));
    expect(props.update).toHaveBeenCalledWith({ department: '3', category: undefined });
    // Only the chosen department's categories are offered.
    expect(screen.getByTestId('filter-category').textContent).toContain('Maize');
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(props.update).toHaveBeenCalledWith({ view: 'list' }, true);
    await userEvent.click(screen.getByTestId('clear-filters'));
    expect(props.onClear).toHaveBeenCalled();
  });
});
