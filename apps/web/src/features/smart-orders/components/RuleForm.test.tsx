import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPPLIER_PRODUCTS_PAGE, SUPPLIERS_PAGE } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enSmartOrders from '../../../locales/en/smart_orders.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { RuleForm } from './RuleForm';

beforeAll(() => {
  i18n.addResourceBundle('en', 'smart_orders', enSmartOrders);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = { id: 9, product_name: 'Maize meal 10 kg' };
const server = () =>
  fakeApi({
    'GET /api/suppliers': { suppliers: [{ id: 5, name: 'Ubuntu Wholesale' }], total: 1 },
    'GET /api/suppliers/5/products': {
      products: [{ id: 12, name: 'Maize meal 10 kg', sku: 'MM10', selling_price: 89.99 }],
      total: 1,
    },
    'POST /api/reorder-rules': () => [201, saved],
  });

function open() {
  const onSaved = vi.fn();
  renderWithApp(
    <>
      <RuleForm formId="rule" onSaved={onSaved} onPending={() => {}} />
      <button type="submit" form="rule">
        Save
      </button>
    </>,
  );
  return onSaved;
}

async function chooseProduct() {
  await userEvent.selectOptions(
    await screen.findByLabelText(/Supplier/),
    await screen.findByText('Ubuntu Wholesale'),
  );
  await userEvent.selectOptions(
    screen.getByLabelText(/Product/),
    await screen.findByText(/Maize meal 10 kg/),
  );
}

describe('the re-order rule form', () => {
  it('says, beside the automatic choice, that the orders it places never spend the rewards', async () => {
    server();
    open();
    // The server places these orders without the buyer's reward credit (smart-orders/place.ts).
    const choice = (await screen.findByText('Place the order automatically')).closest('label')!;
    expect(choice.textContent).toContain(enSmartOrders.form.rewards_hint);
  });

  it('refuses an empty reorder point and quantity with the schema’s words, sending nothing', async () => {
    const sent = server();
    open();
    await chooseProduct();
    await userEvent.clear(screen.getByLabelText(/Reorder point/));
    await userEvent.clear(screen.getByLabelText(/Reorder quantity/));
    await userEvent.click(screen.getByText('Save'));
    // Each box says why, under it (aria-describedby), in the catalogue's words.
    await waitFor(() =>
      expect(screen.getByLabelText(/Reorder point/).getAttribute('aria-invalid')).toBe('true'),
    );
    const point = screen.getByLabelText(/Reorder point/);
    expect(document.getElementById(point.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a number.',
    );
    const quantity = screen.getByLabelText(/Reorder quantity/);
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a number.',
    );
    expect(writes(sent)).toHaveLength(0);
  });

  it('refuses a missing supplier and product, sending nothing', async () => {
    const sent = server();
    open();
    await screen.findByText('Ubuntu Wholesale');
    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(screen.getByLabelText(/Supplier/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/Product/).getAttribute('aria-invalid')).toBe('true');
    // An id not given is a missing field in the domain's id schema, worded as the server would.
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(writes(sent)).toHaveLength(0);
  });

  it('sends the spec’s lead time (7) and safety stock (0) when those boxes are left empty', async () => {
    const sent = server();
    const onSaved = open();
    await chooseProduct();
    await userEvent.type(screen.getByLabelText(/Reorder point/), '5');
    await userEvent.clear(screen.getByLabelText(/Lead time/));
    await userEvent.clear(screen.getByLabelText(/Safety stock/));
    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Maize meal 10 kg'));
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/reorder-rules',
        body: {
          product_id: 12,
          supplier_id: 5,
          reorder_point: 5,
          reorder_quantity: 1,
          lead_time_days: 7,
          safety_stock: 0,
          auto_reorder_enabled: false,
          is_active: true,
        },
      },
    ]);
  });

  it('lists a short list whole, with no search box', async () => {
    server();
    open();
    await screen.findByText('Ubuntu Wholesale');
    expect(screen.queryByTestId('rule-supplier-search')).toBeNull();
    await chooseProduct();
    expect(screen.queryByTestId('rule-product-search')).toBeNull();
    expect(screen.queryByTestId('rule-supplier-list-capped')).toBeNull();
  });

  describe('with more suppliers and products than a page', () => {
    const suppliers = Array.from({ length: SUPPLIERS_PAGE + 10 }, (_, i) => ({
      id: 100 + i,
      name: `Trader ${String(i + 1).padStart(2, '0')}`,
    }));
    const far = suppliers.at(-1)!;
    const goods = Array.from({ length: SUPPLIER_PRODUCTS_PAGE + 20 }, (_, i) => ({
      id: 1000 + i,
      name: `Item ${String(i + 1).padStart(3, '0')}`,
      sku: `P-${String(i + 1).padStart(3, '0')}`,
      selling_price: 10,
    }));
    const last = goods.at(-1)!;
    /** The server's first page of what contains the search (name or SKU), and how many match. */
    const pageOf = <T extends { name: string; sku?: string }>(rows: T[], url: URL, size: number) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const found = rows.filter((r) => `${r.name} ${r.sku ?? ''}`.toLowerCase().includes(search));
      return { rows: found.slice(0, size), total: found.length };
    };
    const bigServer = () =>
      fakeApi({
        'GET /api/suppliers': (_body: unknown, url: URL) => {
          const { rows, total } = pageOf(suppliers, url, SUPPLIERS_PAGE);
          return [200, { suppliers: rows, total }];
        },
        [`GET /api/suppliers/${far.id}/products`]: (_body: unknown, url: URL) => {
          const { rows, total } = pageOf(goods, url, SUPPLIER_PRODUCTS_PAGE);
          return [200, { products: rows, total }];
        },
        'POST /api/reorder-rules': () => [201, saved],
      });

    it('finds a supplier and a product past the first page by search, keeps them chosen, and saves them', async () => {
      const sent = bigServer();
      const onSaved = open();
      expect((await screen.findByTestId('rule-supplier-list-capped')).textContent).toBe(
        `Showing the first ${SUPPLIERS_PAGE} of ${suppliers.length}: search to find the others.`,
      );
      expect(screen.queryByText(far.name)).toBeNull();
      await userEvent.type(screen.getByTestId('rule-supplier-search'), far.name);
      const supplierSelect = document.getElementById('rule-supplier') as HTMLSelectElement;
      await userEvent.selectOptions(supplierSelect, await screen.findByText(far.name));
      // The server was asked: the first page never held this supplier.
      const searched = sent.map((r) => new URL(r.path, 'http://localhost'));
      expect(
        searched.some((u) => u.pathname === '/api/suppliers' && u.searchParams.get('search') === far.name),
      ).toBe(true);

      expect((await screen.findByTestId('rule-products-capped')).textContent).toBe(
        `Showing the first ${SUPPLIER_PRODUCTS_PAGE} of ${goods.length}: search to find the others.`,
      );
      await userEvent.type(screen.getByTestId('rule-product-search'), last.sku.toLowerCase());
      const productSelect = document.getElementById('rule-product') as HTMLSelectElement;
      await userEvent.selectOptions(productSelect, await screen.findByText(`${last.name} (${last.sku})`));

      // Searches that no longer find them leave both chosen, on screen, and say nothing matches.
      await userEvent.clear(screen.getByTestId('rule-product-search'));
      await userEvent.type(screen.getByTestId('rule-product-search'), 'no such thing');
      expect((await screen.findByTestId('rule-products-none')).textContent).toBe(
        'No products match "no such thing".',
      );
      expect(productSelect.value).toBe(String(last.id));
      expect(screen.getByText(`${last.name} (${last.sku})`)).toBeTruthy();
      await userEvent.clear(screen.getByTestId('rule-supplier-search'));
      await userEvent.type(screen.getByTestId('rule-supplier-search'), 'nobody');
      expect((await screen.findByTestId('rule-supplier-list-none')).textContent).toBe(
        'No suppliers match "nobody".',
      );
      expect(supplierSelect.value).toBe(String(far.id));

      await userEvent.type(screen.getByLabelText(/Reorder point/), '5');
      await userEvent.click(screen.getByText('Save'));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(writes(sent)[0]?.body).toMatchObject({ supplier_id: far.id, product_id: last.id });
    });
  });
});
