import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AiInsights, Recommendation } from '@tt/domain';
import { i18n } from '../../../lib/i18n';
import enInsights from '../../../locales/en/ai_insights.json';
import { fakeApi, writes } from '../../../test-support/fake-api';
import { renderWithApp } from '../../../test-support/render';
import { actionPath, RecommendationsTab } from './RecommendationsTab';

beforeAll(() => {
  i18n.addResourceBundle('en', 'ai_insights', enInsights);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const reorder: Recommendation = {
  key: 'reorder:7:1',
  kind: 'reorder',
  type: 'inventory',
  confidence: 76,
  impact: 'high',
  at_stake: 840,
  product_id: 7,
  name: 'Bread',
  figures: {
    available: 2,
    rate: 1.87,
    days_left: 1.1,
    run_out: '2026-12-03',
    lead_time: 7,
    units: 28,
    order_quantity: 38,
  },
  days: 15,
  evidence_days: 14,
  action: { screen: 'inventory', search: 'BREAD-1' },
  dismissed: false,
};
const data = (dismissed: boolean): AiInsights =>
  ({ has_sales: true, days: 15, recommendations: [{ ...reorder, dismissed }] }) as AiInsights;

describe('the recommendation cards', () => {
  it('open the screen that acts on them, at the item', () => {
    expect(actionPath({ screen: 'marketplace', search: 'Milk 1L' })).toBe('/products?q=Milk%201L');
    expect(actionPath({ screen: 'inventory', search: 'BREAD-1' })).toBe('/inventory?search=BREAD-1');
    expect(actionPath({ screen: 'inventory', search: null })).toBe('/inventory');
    expect(actionPath({ screen: 'till_prices', search: 'Paraffin' })).toBe('/pos?prices=Paraffin');
  });

  it('say the figures and how they were worked out, and dismiss with an undo', async () => {
    const sent = fakeApi({
      'POST /api/ai-insights/dismissals': () => [200, data(true)],
      'DELETE /api/ai-insights/dismissals/reorder%3A7%3A1': () => [200, data(false)],
    });
    renderWithApp(
      <MemoryRouter>
        <RecommendationsTab data={data(false)} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('recommendation');
    expect(card.textContent).toContain('Reorder Bread');
    expect(card.textContent).toContain('2 left, selling 1.87 a day: it runs out in 1.1 days');
    expect(card.textContent).toContain('28 sold over the last 15 days gives 1.87 a day');
    expect(within(card).getByTestId('confidence').textContent).toContain('76% confidence');
    expect(within(card).getByTestId('take-action').getAttribute('href')).toBe('/inventory?search=BREAD-1');

    await userEvent.click(within(card).getByTestId('dismiss'));
    expect((await screen.findByTestId('dismissed-notice')).textContent).toContain('Dismissed: Reorder Bread');
    await userEvent.click(screen.getByTestId('undo-dismiss'));
    await waitFor(() =>
      expect(writes(sent).map((r) => [r.method, r.path, r.body])).toEqual([
        ['POST', '/api/ai-insights/dismissals', { key: 'reorder:7:1' }],
        ['DELETE', '/api/ai-insights/dismissals/reorder%3A7%3A1', undefined],
      ]),
    );
  });

  it('list the dismissed ones to bring back', () => {
    renderWithApp(
      <MemoryRouter>
        <RecommendationsTab data={data(true)} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('recommendation')).toBeNull();
    expect(screen.getByTestId('dismissed-list').textContent).toContain('1 dismissed recommendation');
    expect(screen.getByTestId('no-recommendations')).not.toBeNull();
  });
});
