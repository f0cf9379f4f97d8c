import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enPromotions from '../../../locales/en/promotions.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { PromotionDialog } from './PromotionDialog';

beforeAll(() => {
  i18n.addResourceBundle('en', 'promotions', enPromotions);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const server = () =>
  fakeApi({
    'GET /api/trade-promotions/my-products': [{ id: 21, name: 'Sugar 2.5 kg', sku: 'SU25' }],
    'POST /api/trade-promotions': () => [201, { id: 8, promotion_name: 'Winter' }],
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
