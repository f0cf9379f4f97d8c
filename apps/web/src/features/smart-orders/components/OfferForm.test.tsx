import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPPLIER_PRODUCTS_PAGE } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enSmartOrders from '../../../locales/en/smart_orders.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { supplierGoods } from './supplier-goods';
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
    'GET /api/suppliers/7/products': {
      products: [{ id: 21, name: 'Sugar 2.5 kg', sku: 'SU25', selling_price: 45 }],
      total: 1,
    },
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

  it('lists the seller’s few products whole, with no search box', async () => {
    server();
    open();
    expect(await screen.findByRole('checkbox', { name: /Sugar 2.5 kg/ })).toBeTruthy();
    expect(screen.queryByTestId('offer-product-search')).toBeNull();
  });

  it('finds a product past the first page by search, and keeps the ticked ones on top while searching', async () => {
    const { goods, last, answer } = supplierGoods();
    const sent = fakeApi({
      'GET /api/users/me': { id: 7, role: 'supplier', full_name: 'Thandi' },
      'GET /api/suppliers/7/products': answer,
      'POST /api/trade-offers': () => [201, { id: 4, offer_name: 'Clearance' }],
    });
    const onSaved = open();
    await userEvent.type(screen.getByLabelText(/Offer name/), 'Clearance');
    await userEvent.type(screen.getByLabelText(/Discount \(%\)/), '10');
    expect((await screen.findByTestId('offer-products-capped')).textContent).toBe(
      `Showing the first ${SUPPLIER_PRODUCTS_PAGE} of ${goods.length}: search to find the others.`,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Item 002/ }));
    expect(screen.queryByRole('checkbox', { name: new RegExp(last.name) })).toBeNull();
    await userEvent.type(screen.getByTestId('offer-product-search'), last.sku);
    await userEvent.click(await screen.findByRole('checkbox', { name: new RegExp(last.name) }));

    await userEvent.clear(screen.getByTestId('offer-product-search'));
    await userEvent.type(screen.getByTestId('offer-product-search'), 'nothing like it');
    expect((await screen.findByTestId('offer-products-none')).textContent).toBe(
      'No products match "nothing like it".',
    );
    const chosen = screen.getByTestId('offer-products-chosen');
    expect(chosen.textContent).toContain('Item 002');
    expect(chosen.textContent).toContain(last.name);
    expect(
      [...chosen.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].map((box) => box.checked),
    ).toEqual([true, true]);

    await userEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Clearance'));
    expect(writes(sent)[0]?.body).toMatchObject({ products: [goods[1]!.id, last.id] });
  });
});
