import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enInventory from '../../../locales/en/inventory.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { MovementDialog } from './MovementDialog';

beforeAll(() => {
  i18n.addResourceBundle('en', 'inventory', enInventory);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const server = () =>
  fakeApi({
    'GET /api/inventory/products': [{ id: 4, name: 'Bread loaf', sku: 'BR01' }],
    'GET /api/inventory/locations': [
      { id: 1, name: 'Shop floor' },
      { id: 2, name: 'Back room' },
    ],
    'POST /api/inventory/movements': () => [201, { id: 99 }],
  });

function open(initialType: 'in' | 'adjustment' = 'in') {
  const onSaved = vi.fn();
  renderWithApp(<MovementDialog open initialType={initialType} onClose={() => {}} onSaved={onSaved} />);
  return onSaved;
}

const messageOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function choose(type: string) {
  // The type is chosen by hand: happy-dom does not show a select's react-hook-form default.
  await userEvent.selectOptions(screen.getByTestId('movement-type'), type);
  await userEvent.selectOptions(
    screen.getByTestId('movement-product'),
    await screen.findByText(/Bread loaf/),
  );
  await userEvent.selectOptions(
    screen.getByTestId('movement-location'),
    (await screen.findAllByText('Shop floor'))[0]!,
  );
}

describe('the movement dialog', () => {
  it('offers its button only with a product, a location and a quantity other than 0', async () => {
    server();
    open();
    const submit = screen.getByTestId('submit-movement');
    expect(submit).toHaveProperty('disabled', true);
    await choose('in');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.clear(screen.getByTestId('movement-quantity'));
    await userEvent.type(screen.getByTestId('movement-quantity'), '3');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('refuses an adjustment without a reason under the reason, sending nothing', async () => {
    const sent = server();
    open('adjustment');
    await choose('adjustment');
    await userEvent.clear(screen.getByTestId('movement-quantity'));
    await userEvent.type(screen.getByTestId('movement-quantity'), '-2');
    await userEvent.click(screen.getByTestId('submit-movement'));
    await waitFor(() =>
      expect(messageOf(screen.getByTestId('movement-reason'))).toBe('This field is required.'),
    );
    expect(writes(sent)).toHaveLength(0);
  });

  it('refuses a transfer with no destination under the destination', async () => {
    const sent = server();
    open();
    await choose('transfer');
    await userEvent.clear(screen.getByTestId('movement-quantity'));
    await userEvent.type(screen.getByTestId('movement-quantity'), '5');
    await userEvent.click(screen.getByTestId('submit-movement'));
    await waitFor(() =>
      expect(messageOf(screen.getByTestId('movement-to-location'))).toBe('This field is required.'),
    );
    expect(writes(sent)).toHaveLength(0);
  });

  it('records stock in with a cost written with a comma, and starts again', async () => {
    const sent = server();
    const onSaved = open();
    await choose('in');
    await userEvent.clear(screen.getByTestId('movement-quantity'));
    await userEvent.type(screen.getByTestId('movement-quantity'), '12');
    await userEvent.type(screen.getByTestId('movement-cost'), '14,50');
    await userEvent.click(screen.getByTestId('submit-movement'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/inventory/movements',
        body: {
          product_id: 4,
          location_id: 1,
          movement_type: 'in',
          quantity: 12,
          reason: null,
          unit_cost: 14.5,
        },
      },
    ]);
    expect(screen.getByTestId('movement-quantity')).toHaveProperty('value', '0');
  });
});
