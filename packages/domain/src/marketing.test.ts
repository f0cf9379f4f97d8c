import { describe, expect, it } from 'vitest';
import {
  budgetPercent,
  budgetTone,
  campaignInputSchema,
  campaignStatus,
  CONVERSION_WINDOW_MS,
  convertedClicks,
  isSafeAppPath,
  ratePercent,
  sastToday,
} from './marketing.ts';

describe('marketing rules', () => {
  it('derives the shown status from the stored one and the dates', () => {
    expect(campaignStatus('active', '2026-11-01', null, '2026-11-23')).toBe('active');
    expect(campaignStatus('active', '2026-12-01', null, '2026-11-23')).toBe('scheduled');
    expect(campaignStatus('active', '2026-10-01', '2026-11-22', '2026-11-23')).toBe('completed');
    expect(campaignStatus('active', '2026-10-01', '2026-11-23', '2026-11-23')).toBe('active');
    expect(campaignStatus('paused', '2026-10-01', null, '2026-11-23')).toBe('paused');
    expect(campaignStatus('paused', '2026-10-01', '2026-11-01', '2026-11-23')).toBe('completed');
    expect(campaignStatus('cancelled', '2026-10-01', null, '2026-11-23')).toBe('cancelled');
  });

  it('counts the day in South African time', () => {
    expect(sastToday(new Date('2026-11-23T21:59:00Z'))).toBe('2026-11-23');
    expect(sastToday(new Date('2026-11-23T22:00:00Z'))).toBe('2026-11-24');
  });

  it('colours the budget bar as spec 2 §9 says: over 90% red, over 70% yellow, else green', () => {
    expect(budgetTone(0, 1000)).toBe('green');
    expect(budgetTone(700, 1000)).toBe('green');
    expect(budgetTone(701, 1000)).toBe('yellow');
    expect(budgetTone(900, 1000)).toBe('yellow');
    expect(budgetTone(901, 1000)).toBe('red');
    expect(budgetTone(0, 0)).toBe('green');
    expect(budgetPercent(1500, 1000)).toBe(100);
    expect(budgetPercent(333, 1000)).toBe(33);
  });

  it('lets a tracked link lead only to a path of this app', () => {
    for (const ok of ['/', '/products', '/products?category=3', '/academy/2#lesson'])
      expect(isSafeAppPath(ok), ok).toBe(true);
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\tevil',
      'products',
      '',
      '/c/ABCDEF',
    ])
      expect(isSafeAppPath(bad), bad).toBe(false);
  });

  it('converts a click when its member orders within 7 days, once per order and per click', () => {
    const t0 = new Date('2026-11-01T10:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const clicks = [
      { id: 1, user_id: 7, clicked_at: t0 },
      { id: 2, user_id: 7, clicked_at: at(60_000) },
      { id: 3, user_id: null, clicked_at: t0 },
      { id: 4, user_id: 8, clicked_at: t0 },
    ];
    // One order by 7 converts only the latest click before it; 8 orders too late.
    const converted = convertedClicks(clicks, [
      { buyer_id: 7, created_at: at(CONVERSION_WINDOW_MS - 1) },
      { buyer_id: 8, created_at: at(CONVERSION_WINDOW_MS + 1) },
    ]);
    expect([...converted]).toEqual([2]);
    // A second order converts the earlier click; an order before any click converts none.
    expect(
      [
        ...convertedClicks(clicks, [
          { buyer_id: 7, created_at: at(120_000) },
          { buyer_id: 7, created_at: at(180_000) },
          { buyer_id: 8, created_at: at(-1) },
        ]),
      ].sort(),
    ).toEqual([1, 2]);
  });

  it('gives rates with one decimal, none without a base', () => {
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(0, 0)).toBeNull();
    expect(ratePercent(1, null)).toBeNull();
  });

  it('checks the create dialog as spec 2 §5 says', () => {
    const parsed = campaignInputSchema.parse({ name: ' Spring ', start_date: '2026-11-23' });
    expect(parsed).toMatchObject({
      name: 'Spring',
      campaign_type: 'email',
      budget_amount: 0,
      end_date: null,
      target_path: '/products',
    });
    expect(campaignInputSchema.safeParse({ name: '', start_date: '2026-11-23' }).success).toBe(false);
    expect(campaignInputSchema.safeParse({ name: 'x' }).success).toBe(false);
    expect(
      campaignInputSchema.safeParse({ name: 'x', start_date: '2026-11-23', budget_amount: -1 }).success,
    ).toBe(false);
    expect(
      campaignInputSchema.safeParse({ name: 'x', start_date: '2026-11-23', end_date: '2026-11-23' }).success,
    ).toBe(false);
    expect(
      campaignInputSchema.safeParse({ name: 'x', start_date: '2026-11-23', target_path: '//evil.example' })
        .success,
    ).toBe(false);
  });
});
