import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatRandAmount, type BusinessAnalytics } from '@tt/domain';
import { i18n } from '../../lib/i18n';
import enAnalytics from '../../locales/en/analytics.json';
import { fakeApi } from '../../test-support/fake-api';
import { renderWithApp } from '../../test-support/render';
import AnalyticsPage from './AnalyticsPage';

beforeAll(() => {
  i18n.addResourceBundle('en', 'analytics', enAnalytics);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const period = (timeframe: 'month' | 'week'): BusinessAnalytics['period'] => ({
  timeframe,
  from: timeframe === 'month' ? '2026-11-01' : '2026-11-16',
  to: '2026-11-18',
  end: timeframe === 'month' ? '2026-11-30' : '2026-11-22',
  bucket: timeframe === 'month' ? 'week' : 'day',
  comparison: null,
});

/** A seller's month and week: two sources, so the sales table has a total column. */
function answer(timeframe: 'month' | 'week', hasData = true): BusinessAnalytics {
  const sales =
    timeframe === 'month'
      ? [
          { label: '2026-10-26', marketplace: 0, till: 12.5, total: 12.5, purchases: 0 },
          { label: '2026-11-02', marketplace: 200, till: 0.1, total: 200.1, purchases: 0 },
          { label: '2026-11-09', marketplace: 50, till: 0.2, total: 50.2, purchases: 0 },
        ]
      : [{ label: '2026-11-16', marketplace: 30, till: 0, total: 30, purchases: 0 }];
  const revenue = Math.round(sales.reduce((n, s) => n + s.total * 100, 0)) / 100;
  return {
    period: period(timeframe),
    sources: ['marketplace', 'till'],
    has_data: hasData,
    overview: {
      revenue,
      marketplace_sales: revenue,
      till_sales: 0,
      purchases: 0,
      orders: 3,
      till_transactions: 0,
      average_sale: 1,
      customers: 2,
      revenue_compared: null,
    },
    sales,
    customers: { total: 0, new: 0, returning: 0, repeat_rate: null, top: [] },
    products: [],
    regions: [],
  };
}

function me(role: string) {
  return { id: 7, name: 'Nomsa', email: 'n@example.com', role };
}

/** What the download link was given: the file's name and text. */
function captureDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  let blob: Blob | null = null;
  URL.createObjectURL = vi.fn((b: Blob) => {
    blob = b;
    return 'blob:analytics';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, text: blob!.text() });
  });
  return files;
}

describe('the analytics screen', () => {
  it('sums the sales bars to the revenue, exports those rows, and follows the timeframe', async () => {
    const sent = fakeApi({
      'GET /api/users/me': me('supplier'),
      'GET /api/analytics/business': (_body: unknown, url: URL) => [
        200,
        answer(url.searchParams.get('timeframe') === 'week' ? 'week' : 'month'),
      ],
    });
    const files = captureDownloads();
    renderWithApp(
      <MemoryRouter initialEntries={['/analytics?tab=sales']}>
        <AnalyticsPage />
      </MemoryRouter>,
    );
    const table = await screen.findByTestId('analytics-sales-table');
    const month = answer('month');
    expect(within(table).getAllByTestId('analytics-sales-table-row')).toHaveLength(3);
    // The footer's total is the overview's revenue, to the cent (12.50 + 200.10 + 50.20).
    const footer = table.querySelector('tfoot')!;
    expect(footer.textContent).toContain(formatRandAmount(month.overview.revenue));
    expect(month.overview.revenue).toBe(262.8);

    await userEvent.click(screen.getByTestId('analytics-export'));
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe('analytics-sales-month-2026-11-01_2026-11-18.csv');
    const lines = (await files[0]!.text)
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Period,Marketplace,Till,Total',
      '2026-10-26,0.00,12.50,12.50',
      '2026-11-02,200.00,0.10,200.10',
      '2026-11-09,50.00,0.20,50.20',
      'Total,250.00,12.80,262.80',
    ]);

    await userEvent.selectOptions(screen.getByTestId('analytics-timeframe'), 'week');
    await waitFor(() => expect(screen.getAllByTestId('analytics-sales-table-row')).toHaveLength(1));
    expect(sent.map((r) => r.path)).toContain('/api/analytics/business?timeframe=week');
  });

  it('tells a shop without figures what fills them and links there, and staff why there are none', async () => {
    fakeApi({
      'GET /api/users/me': me('retailer'),
      'GET /api/analytics/business': answer('month', false),
    });
    const view = renderWithApp(
      <MemoryRouter initialEntries={['/analytics']}>
        <AnalyticsPage />
      </MemoryRouter>,
    );
    const empty = await screen.findByTestId('analytics-empty');
    expect(empty.textContent).toContain(enAnalytics.empty.shop);
    expect(within(empty).getByRole('link', { name: enAnalytics.empty.open_till }).getAttribute('href')).toBe(
      '/pos',
    );
    view.unmount();
    vi.unstubAllGlobals();
    fakeApi({
      'GET /api/users/me': me('admin'),
      'GET /api/analytics/business': answer('month', false),
    });
    renderWithApp(
      <MemoryRouter initialEntries={['/analytics']}>
        <AnalyticsPage />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('analytics-empty').textContent).toContain(enAnalytics.empty.staff),
    );
  });
});
