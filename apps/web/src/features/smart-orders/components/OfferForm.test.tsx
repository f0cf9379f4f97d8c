import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enSmartOrders from '../../../locales/en/smart_orders.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { OfferForm } from './OfferForm';

beforeAll(() => {
  i18n.addResourceBundle('en', 'smart_orders', enSmartOrders);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const server = () =>
  fakeApi({
    'GET /api/users/me': { id: 7, role: 'supplier', full_name: 'Thandi' },
    'GET /api/suppliers/7/products': [{ id: 21, name: 'Sugar 2.5 kg', sku: 'SU25', selling_price: 45 }],
    'POST /api/trade-offers': () => [201, { id: 4, offer_name: 'Winter sugar' }],
  });

function open() {
  const onSaved = vi.fn();
  renderWithApp(
    <>
      <OfferForm formId="offer" onSaved={onSaved} onPending={() => {}} />
      <button type="submit" form="offer">
        Save
      </button>
    </>,
  );
  return onSaved;
}

const messageOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the trade offer form', () => {
  it('refuses an empty percentage with the schema’s words (the box is not given, so its default 0 is refused)', async () => {
    const sent = server();
    open();
    await userEvent.type(screen.getByLabelText(/Offer name/), 'Winter sugar');
    const percentage = screen.getByLabelText(/Discount \(%\)/);
    await userEvent.clear(percentage);
    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(messageOf(percentage)).toBe('Enter a percentage from 0.1 to 100.'));
    expect(writes(sent)).toHaveLength(0);
  });

  it('shows the shared amount field for a fixed discount and refuses it empty', async () => {
    const sent = server();
    open();
    await userEvent.type(screen.getByLabelText(/Offer name/), 'Winter sugar');
    await userEvent.selectOptions(screen.getByLabelText(/Offer type/), 'fixed_discount');
    const amount = screen.getByLabelText(/Amount off \(R\)/);
    expect(screen.getByText('Taken off each unit, before VAT.')).toBeTruthy();
    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(messageOf(amount)).toBe('Give a percentage or an amount off.'));
    expect(writes(sent)).toHaveLength(0);
  });

  it('sends the schema’s defaults for the boxes left empty: minimum 0, no use limit, from 10 units', async () => {
    const sent = server();
    const onSaved = open();
    await userEvent.type(screen.getByLabelText(/Offer name/), 'Winter sugar');
    await userEvent.selectOptions(screen.getByLabelText(/Offer type/), 'bulk_discount');
    await userEvent.type(screen.getByLabelText(/Discount \(%\)/), '12.5');
    await userEvent.clear(screen.getByLabelText(/From quantity/));
    await userEvent.clear(screen.getByLabelText(/Minimum order value/));
    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Winter sugar'));
    expect(writes(sent)[0]?.body).toMatchObject({
      offer_name: 'Winter sugar',
      offer_type: 'bulk_discount',
      discount_value: 12.5,
      minimum_order_value: 0,
      max_uses: null,
      min_quantity: 10,
      products: [],
    });
  });
});
