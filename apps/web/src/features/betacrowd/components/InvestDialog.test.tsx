import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CrowdCampaign } from '@tt/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import enBetacrowd from '../../../locales/en/betacrowd.json';
import { renderWithApp } from '../../../test-support/render';
import { InvestDialog } from './InvestDialog';

beforeAll(() => {
  i18n.addResourceBundle('en', 'betacrowd', enBetacrowd);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const campaign: CrowdCampaign = {
  id: 7,
  entrepreneur_id: 2,
  entrepreneur_name: 'Ubuntu Foods',
  campaign_title: 'Cold room',
  description: 'A cold room for fresh produce at the depot.',
  target_amount: 20_000,
  raised_amount: 18_000,
  minimum_investment: 1_000,
  campaign_type: 'equipment_purchase',
  interest_rate: 12,
  loan_term_months: 12,
  repayment_frequency: 'monthly',
  risk_level: 'medium',
  campaign_status: 'active',
  start_date: null,
  end_date: '2030-01-31',
  business_plan_url: null,
  collateral_description: 'The cold room.',
  review_note: null,
  investor_count: 3,
  repaid_instalments: 0,
  repaid_amount: 0,
  created_at: '2026-11-01T08:00:00.000Z',
};

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

function stubServer() {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({ id: 1 }), { status: 201 })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the invest dialog', () => {
  it('shows the schedule and expected return, and invests only after the second confirmation', async () => {
    const fetch = stubServer();
    const onClose = vi.fn();
    renderWithApp(<InvestDialog campaign={campaign} walletRand={5_000} onClose={onClose} />);
    // R1 000 at 12% over 12 months: the level payment is R88.85, the interest R66.19 (domain's schedule).
    expect(screen.getByTestId('invest-schedule').querySelectorAll('tbody tr')).toHaveLength(12);
    expect(plain(screen.getByTestId('expected-return').textContent)).toBe('R 66.19');
    await userEvent.click(screen.getByTestId('invest-review'));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByTestId('no-money-notice')).toBeTruthy();
    await userEvent.click(screen.getByTestId('invest-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/api/betacrowd/campaigns/7/invest');
    expect(JSON.parse(String(init.body))).toEqual({ amount: 1000 });
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/.{8,}/);
  });

  it('offers no review for more than is left or than the wallet holds', async () => {
    stubServer();
    renderWithApp(<InvestDialog campaign={campaign} walletRand={1_500} onClose={vi.fn()} />);
    const amount = screen.getByTestId('invest-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2000.01');
    expect(screen.getByRole('alert').textContent).toContain('Only R');
    expect((screen.getByTestId('invest-review') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1600');
    expect(screen.getByRole('alert').textContent).toContain('Your wallet holds');
    await userEvent.clear(amount);
    await userEvent.type(amount, '999');
    expect(screen.getByRole('alert').textContent).toContain('The least you can invest');
    expect((screen.getByTestId('invest-review') as HTMLButtonElement).disabled).toBe(true);
  });
});
