import type { Dashboard } from './dashboard.ts';
import { inSast } from './sast.ts';

// The dashboard's rules without its schemas: zod-free, so the dashboard screen can use them (ADR 024,
// fourth pass).

/** Percent change from previous to current, one decimal; null when there is nothing to compare with. */
export function percentChange(previous: number, current: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The six calendar months ending with the month of `now`, as YYYY-MM in Africa/Johannesburg time. */
export function lastSixMonths(now: Date): string[] {
  // Not through Intl: its first formatter costs a phone some 100-200 ms of one task (issue 9).
  const sast = inSast(now);
  const year = sast.getUTCFullYear();
  const month = sast.getUTCMonth() + 1;
  const months: string[] = [];
  for (let i = 5; i >= 0; i -= 1) {
    const index = year * 12 + (month - 1) - i;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/**
 * Like with like for "this month so far": last month from its 1st for as long as this month has run (to the same
 * day and time), stopping at its own end (the 31st of March at noon against all of February). Johannesburg
 * calendar, so the month starts at midnight there. This month's span is from `this_month_from` to `now`.
 */
export function sameSpanLastMonth(now: Date): { this_month_from: Date; from: Date; to: Date } {
  const sast = inSast(now);
  const offset = sast.getTime() - now.getTime();
  const year = sast.getUTCFullYear();
  const month = sast.getUTCMonth();
  const thisMonthFrom = new Date(Date.UTC(year, month, 1) - offset);
  const from = new Date(Date.UTC(year, month - 1, 1) - offset);
  const elapsed = now.getTime() - thisMonthFrom.getTime();
  return {
    this_month_from: thisMonthFrom,
    from,
    to: new Date(Math.min(from.getTime() + elapsed, thisMonthFrom.getTime())),
  };
}

export interface Achievement {
  key: 'first_order' | 'ten_orders' | 'coop_member' | 'big_spender';
  earned: boolean;
}

/** Achievements earned from the user's real figures (DECISIONS 12), not a fixed list. */
export function achievementsFor(stats: Dashboard['stats']): Achievement[] {
  return [
    { key: 'first_order', earned: stats.total_orders >= 1 },
    { key: 'ten_orders', earned: stats.total_orders >= 10 },
    { key: 'coop_member', earned: stats.my_memberships >= 1 },
    { key: 'big_spender', earned: stats.total_revenue >= 10_000 },
  ];
}
