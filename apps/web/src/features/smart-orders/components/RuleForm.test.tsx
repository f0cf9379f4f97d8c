import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
    'GET /api/suppliers': [{ id: 5, name: 'Ubuntu Wholesale' }],
    'GET /api/suppliers/5/products': [
      { id: 12, name: 'Maize meal 10 kg', sku: 'MM10', selling_price: 89.99 },
    ],
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
});
