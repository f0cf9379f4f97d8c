import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sastDate, SUPPLIER_PRODUCTS_PAGE } from '@tt/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enSmartOrders from '../../../locales/en/smart_orders.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { ScheduleForm } from './ScheduleForm';
import { supplierGoods } from './supplier-goods';

beforeAll(() => {
  i18n.addResourceBundle('en', 'smart_orders', enSmartOrders);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const server = () =>
  fakeApi({
    'GET /api/suppliers': { suppliers: [{ id: 5, name: 'Ubuntu Wholesale' }], total: 1 },
    'GET /api/suppliers/5/products': {
      products: [{ id: 12, name: 'Maize meal 10 kg', sku: 'MM10', selling_price: 89.99 }],
      total: 1,
    },
    'POST /api/scheduled-orders': () => [201, { id: 3, order_name: 'Weekly maize' }],
  });

function open() {
  const onSaved = vi.fn();
  renderWithApp(
    <>
      <ScheduleForm formId="schedule" onSaved={onSaved} onPending={() => {}} />
      <button type="submit" form="schedule">
        Save
      </button>
    </>,
  );
  return onSaved;
}

async function fill() {
  await userEvent.type(screen.getByLabelText(/Order name/), 'Weekly maize');
  await userEvent.selectOptions(
    screen.getByLabelText(/Supplier/),
    await screen.findByText('Ubuntu Wholesale'),
  );
  await userEvent.selectOptions(
    document.getElementById('schedule-item-0-product')!,
    await screen.findByText(/Maize meal 10 kg/),
  );
}

describe('the scheduled order form', () => {
  it('says, beside the automatic choice, that the orders it places never spend the rewards', async () => {
    server();
    open();
    // The server places these orders without the buyer's reward credit (smart-orders/place.ts).
    const choice = (await screen.findByText('Confirm automatically')).closest('label')!;
    expect(choice.textContent).toContain(enSmartOrders.form.rewards_hint);
  });

  it('refuses a line with an empty quantity under that line, sending nothing', async () => {
    const sent = server();
    open();
    await fill();
    const quantity = document.getElementById('schedule-item-0-quantity') as HTMLInputElement;
    await userEvent.clear(quantity);
    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a number.',
    );
    expect(writes(sent)).toHaveLength(0);
  });

  it('refuses an empty name with the catalogue’s words', async () => {
    const sent = server();
    open();
    await userEvent.click(screen.getByText('Save'));
    const name = screen.getByLabelText(/Order name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This field is required.',
    );
    expect(writes(sent)).toHaveLength(0);
  });

  it('sends the line as numbers and today as the first date', async () => {
    const sent = server();
    const onSaved = open();
    await fill();
    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Weekly maize'));
    // (Weekly, the default frequency, is checked in the e2e spec: happy-dom does not show a select's
    // react-hook-form default, so here the select would hand back its first option.)
    expect(writes(sent)[0]?.body).toMatchObject({
      order_name: 'Weekly maize',
      supplier_id: 5,
      next_order_date: sastDate(),
      items: [{ product_id: 12, quantity: 1 }],
      auto_confirm: false,
      is_active: true,
    });
  });

  it('finds a product past the first page by search for one line, keeping the other lines’ products and quantities', async () => {
    const { goods, last, answer } = supplierGoods();
    const sent = fakeApi({
      'GET /api/suppliers': { suppliers: [{ id: 5, name: 'Ubuntu Wholesale' }], total: 1 },
      'GET /api/suppliers/5/products': answer,
      'POST /api/scheduled-orders': () => [201, { id: 3, order_name: 'Weekly items' }],
    });
    const onSaved = open();
    await userEvent.type(screen.getByLabelText(/Order name/), 'Weekly items');
    await userEvent.selectOptions(
      document.getElementById('schedule-supplier')!,
      await screen.findByText('Ubuntu Wholesale'),
    );
    expect((await screen.findByTestId('schedule-products-capped')).textContent).toBe(
      `Showing the first ${SUPPLIER_PRODUCTS_PAGE} of ${goods.length}: search to find the others.`,
    );
    // Two lines first: (happy-dom drops a select's shown choice when react-hook-form sets the lines again.)
    await userEvent.click(screen.getByText('Add item'));
    await userEvent.selectOptions(
      document.getElementById('schedule-item-0-product')!,
      screen.getAllByText(/^Item 001 ·/)[0]!,
    );
    await userEvent.type(screen.getByTestId('schedule-product-search'), last.sku);
    await waitFor(() => expect(screen.getAllByText(new RegExp(`^${last.name} ·`))).toHaveLength(2));
    await userEvent.selectOptions(
      document.getElementById('schedule-item-1-product')!,
      screen.getAllByText(new RegExp(`^${last.name} ·`))[1]!,
    );
    const quantity = document.getElementById('schedule-item-1-quantity') as HTMLInputElement;
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');

    // A search that finds neither leaves both lines as they were.
    await userEvent.clear(screen.getByTestId('schedule-product-search'));
    await userEvent.type(screen.getByTestId('schedule-product-search'), 'nothing like it');
    expect((await screen.findByTestId('schedule-products-none')).textContent).toBe(
      'No products match "nothing like it".',
    );
    const lines = [0, 1].map(
      (i) => document.getElementById(`schedule-item-${i}-product`) as HTMLSelectElement,
    );
    expect(lines.map((l) => l.value)).toEqual([String(goods[0]!.id), String(last.id)]);
    expect(quantity.value).toBe('3');

    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Weekly items'));
    expect(writes(sent)[0]?.body).toMatchObject({
      supplier_id: 5,
      items: [
        { product_id: goods[0]!.id, quantity: 1 },
        { product_id: last.id, quantity: 3 },
      ],
    });
  });
});
