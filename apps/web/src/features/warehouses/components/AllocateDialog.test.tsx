import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VirtualWarehouse } from '@tt/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enWarehouses from '../../../locales/en/warehouses.json';
import { renderWithApp } from '../../../test-support/render';
import { AllocateDialog } from './AllocateDialog';

beforeAll(() => {
  i18n.addResourceBundle('en', 'warehouses', enWarehouses);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const warehouse: VirtualWarehouse = {
  id: 3,
  coop_id: 1,
  name: 'Soweto Shared Store',
  description: null,
  total_capacity_cubic_meters: 100,
  allocated_capacity: 40,
  location_description: null,
  warehouse_type: 'shared',
  cost_per_cubic_meter_monthly: 12.5,
  is_active: true,
};

function stubServer(status: number, answer: unknown) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(answer), { status })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const open = (over: Partial<React.ComponentProps<typeof AllocateDialog>> = {}) => {
  const props = {
    coopId: 1,
    warehouses: [warehouse],
    initialWarehouseId: 3,
    onClose: vi.fn(),
    onAllocated: vi.fn(),
    onPlanLimit: vi.fn(),
    planSpaceLeftHundredths: null,
    ...over,
  };
  renderWithApp(<AllocateDialog {...props} />);
  return props;
};

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('the allocate dialog', () => {
  it('estimates the monthly fee at the warehouse’s own rate before anything is asked', async () => {
    open();
    // 10 m³ by default at R 12.50 a m³.
    expect(plain(screen.getByTestId('estimated-fee').textContent)).toBe('R 125.00');
    const space = screen.getByLabelText(/Space \(m³\)/);
    await userEvent.clear(space);
    await userEvent.type(space, '2.5');
    expect(plain(screen.getByTestId('estimated-fee').textContent)).toBe('R 31.25');
  });

  it('offers no submit for more than the warehouse has free, or than the plan allows', async () => {
    open({ planSpaceLeftHundredths: 500 });
    const submit = screen.getByTestId('submit-allocation');
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.getByTestId('allocation-over-plan').textContent).toContain('5');
    const space = screen.getByLabelText(/Space \(m³\)/);
    await userEvent.clear(space);
    await userEvent.type(space, '4');
    expect(submit).toHaveProperty('disabled', false);
    await userEvent.clear(space);
    await userEvent.type(space, '61');
    expect(screen.getByText(/Only .* is free in this warehouse/)).toBeTruthy();
  });

  it('refuses an empty share with the domain’s words, sending nothing', async () => {
    const fetch = stubServer(201, {});
    open();
    await userEvent.clear(screen.getByLabelText(/Ownership/));
    await userEvent.click(screen.getByTestId('submit-allocation'));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('hands a 402 plan limit to the upgrade dialog, with the server’s numbers', async () => {
    stubServer(402, {
      error: { code: 'plan_limit', message: 'Plan limit reached' },
      feature: 'warehouse_space',
      used: 50,
      limit: 50,
      requested: 10,
    });
    const props = open();
    await userEvent.click(screen.getByTestId('submit-allocation'));
    await waitFor(() =>
      expect(props.onPlanLimit).toHaveBeenCalledWith({
        feature: 'warehouse_space',
        used: 50,
        limit: 50,
        requested: 10,
      }),
    );
    expect(props.onAllocated).not.toHaveBeenCalled();
  });
});
