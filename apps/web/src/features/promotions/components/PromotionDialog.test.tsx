import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enPromotions from '../../../locales/en/promotions.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import type { Promotion } from '@tt/domain';
import { PromotionDialog } from './PromotionDialog';

beforeAll(() => {
  i18n.addResourceBundle('en', 'promotions', enPromotions);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const catalogue = [
  { id: 21, name: 'Sugar 2.5 kg', sku: 'SU25' },
  { id: 22, name: 'Maize meal 10 kg', sku: 'MM10' },
  { id: 23, name: 'Sunflower oil 2 L', sku: 'OIL2' },
];

/** The seller's products as the server answers them: narrowed by the search (by name or SKU here). */
const myProducts = (_body: unknown, url: URL): [number, { products: typeof catalogue; total: number }] => {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const found = catalogue.filter((p) => `${p.name} ${p.sku}`.toLowerCase().includes(search));
  return [200, { products: found, total: found.length }];
};

const server = (products: unknown = myProducts) =>
  fakeApi({
    'GET /api/trade-promotions/my-products': products,
    'POST /api/trade-promotions': () => [201, { id: 8, promotion_name: 'Winter' }],
    'PUT /api/trade-promotions/5': () => [200, { id: 5, promotion_name: 'Autumn' }],
  });

const messageOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function fill() {
  await userEvent.type(screen.getByLabelText(/Promotion name/), 'Winter');
  await userEvent.type(screen.getByLabelText(/^Description/), 'Sugar for less');
}

describe('the promotion dialog’s discount fields (the group it shares with trade offers)', () => {
  it('sends only the kind chosen: an amount, with the percentage zero and an empty minimum read as 0', async () => {
    const sent = server();
    const onSaved = vi.fn();
    renderWithApp(<PromotionDialog onClose={() => {}} onSaved={onSaved} />);
    await fill();
    expect(screen.getByLabelText(/Discount \(%\)/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Amount off each unit'));
    expect(screen.queryByLabelText(/Discount \(%\)/)).toBeNull();
    expect(screen.getByText('Taken off each unit, before VAT.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Amount off \(R\)/), '2.50');
    await userEvent.clear(screen.getByLabelText(/Minimum order value/));
    await userEvent.click(screen.getByTestId('save-promotion'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(sent)[0]?.body).toMatchObject({
      discount_amount: 2.5,
      discount_percentage: 0,
      minimum_order_value: 0,
      max_uses: null,
    });
  });

  it('refuses a use limit of 0 under its field with the schema’s words', async () => {
    const sent = server();
    renderWithApp(<PromotionDialog onClose={() => {}} onSaved={() => {}} />);
    await fill();
    const maxUses = screen.getByLabelText(/Most orders/);
    await userEvent.type(maxUses, '0');
    await userEvent.click(screen.getByTestId('save-promotion'));
    await waitFor(() => expect(messageOf(maxUses)).toBe('Enter at least 1.'));
    expect(writes(sent)).toHaveLength(0);
  });
});

describe('the promotion dialog’s product picker (a search, not a capped list)', () => {
  const results = () => screen.getByTestId('promotion-products');
  const search = (text: string) => userEvent.type(screen.getByLabelText('Search your products'), text);
  // A checkbox's name is the product's name, then its SKU.
  const named = (name: string) => ({ name: (text: string) => text.startsWith(name) });
  const box = (name: string) => within(results()).getByRole('checkbox', named(name));

  it('asks the server with the search and shows what it answers', async () => {
    const sent = server();
    renderWithApp(<PromotionDialog onClose={() => {}} onSaved={() => {}} />);
    expect(await within(results()).findByText('Sunflower oil 2 L')).toBeTruthy();
    await search('maize');
    await waitFor(() => expect(within(results()).queryByText('Sugar 2.5 kg')).toBeNull());
    expect(box('Maize meal 10 kg')).toBeTruthy();
    expect(sent.map((r) => r.path)).toContain('/api/trade-promotions/my-products?search=maize');
  });

  it('keeps a ticked product visible and ticked when the search no longer finds it; unticking works there', async () => {
    const sent = server();
    const onSaved = vi.fn();
    renderWithApp(<PromotionDialog onClose={() => {}} onSaved={onSaved} />);
    await fill();
    await userEvent.type(screen.getByLabelText(/Discount \(%\)/), '10');
    await userEvent.click(await within(results()).findByRole('checkbox', named('Sugar 2.5 kg')));
    await search('oil');
    await waitFor(() => expect(within(results()).queryByText('Maize meal 10 kg')).toBeNull());
    // Sugar does not match "oil", yet it stays, ticked, among the chosen.
    const chosen = screen.getByTestId('promotion-chosen');
    expect((within(chosen).getByRole('checkbox', named('Sugar 2.5 kg')) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByText('Chosen (1)')).toBeTruthy();
    await userEvent.click(box('Sunflower oil 2 L'));
    expect(screen.getByText('Chosen (2)')).toBeTruthy();
    await userEvent.click(within(chosen).getByRole('checkbox', named('Sugar 2.5 kg')));
    expect(within(results()).queryByText('Sugar 2.5 kg')).toBeNull();
    // Enter in the search box searches; it does not send the form.
    await userEvent.type(screen.getByLabelText('Search your products'), '{Enter}');
    expect(writes(sent)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('save-promotion'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(sent)[0]?.body).toMatchObject({ target_products: [23] });
  });

  it('shows an existing promotion’s products ticked by their names, even beyond the first page', async () => {
    server({ products: [catalogue[0]], total: 1 });
    const promotion = {
      id: 5,
      promotion_name: 'Autumn',
      promotion_type: 'seasonal_offer',
      description: 'Autumn deals',
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      minimum_order_value: 0,
      discount_percentage: 5,
      discount_amount: 0,
      target_products: [{ id: 450, name: 'Product number 450' }],
      terms_conditions: null,
      max_uses: null,
      status: 'draft',
    } as unknown as Promotion;
    renderWithApp(<PromotionDialog promotion={promotion} onClose={() => {}} onSaved={() => {}} />);
    const chosen = await screen.findByTestId('promotion-chosen');
    expect(
      (within(chosen).getByRole('checkbox', named('Product number 450')) as HTMLInputElement).checked,
    ).toBe(true);
    expect(await within(results()).findByText('Sugar 2.5 kg')).toBeTruthy();
  });

  it('says when the page is capped, and when a search finds nothing', async () => {
    server((_body: unknown, url: URL) =>
      url.searchParams.get('search')
        ? [200, { products: [], total: 0 }]
        : [200, { products: catalogue, total: 600 }],
    );
    renderWithApp(<PromotionDialog onClose={() => {}} onSaved={() => {}} />);
    expect((await screen.findByTestId('promotion-products-capped')).textContent).toBe(
      'Showing the first 3 of 600. Search to find the others.',
    );
    await search('zzz');
    expect((await screen.findByTestId('promotion-products-none')).textContent).toBe(
      'No products match "zzz".',
    );
    expect(screen.queryByTestId('promotion-products-capped')).toBeNull();
  });

  it('offers a retry when the products cannot load, keeping the form', async () => {
    server(() => [500, { error: { code: 'internal', message: 'Something went wrong' } }]);
    renderWithApp(<PromotionDialog onClose={() => {}} onSaved={() => {}} />);
    await fill();
    expect(await within(results()).findByRole('button')).toBeTruthy();
    expect((screen.getByLabelText(/Promotion name/) as HTMLInputElement).value).toBe('Winter');
  });
});
