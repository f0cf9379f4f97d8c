import { describe, expect, it } from 'vitest';
import {
  accountAmount,
  analyticsPeriod,
  booksByDay,
  bucketLabelsOf,
  bucketOfDay,
  compareDays,
  dayStart,
  isNewCustomer,
  periodStart,
  projectPeriod,
  repeatRate,
  seriesOf,
  shiftPeriod,
  sumDays,
} from './analytics.ts';
import { addDays } from './ai-insights.ts';

describe('analytics periods', () => {
  it('starts a week on Monday, a month on the 1st, a quarter on its first month and a year in January', () => {
    // 18 November 2026 is a Wednesday.
    expect(periodStart('week', '2026-11-18')).toBe('2026-11-16');
    expect(periodStart('week', '2026-11-16')).toBe('2026-11-16');
    expect(periodStart('week', '2026-11-22')).toBe('2026-11-16');
    expect(periodStart('month', '2026-11-18')).toBe('2026-11-01');
    expect(periodStart('quarter', '2026-11-18')).toBe('2026-10-01');
    expect(periodStart('quarter', '2026-03-31')).toBe('2026-01-01');
    expect(periodStart('year', '2026-11-18')).toBe('2026-01-01');
    expect(shiftPeriod('quarter', '2026-01-01', -1)).toBe('2025-10-01');
    expect(shiftPeriod('month', '2026-12-01', 1)).toBe('2027-01-01');
  });

  it('compares the completed days with the same days of the previous period', () => {
    expect(analyticsPeriod('month', '2026-11-18')).toEqual({
      timeframe: 'month',
      from: '2026-11-01',
      to: '2026-11-18',
      end: '2026-11-30',
      bucket: 'week',
      comparison: {
        days: 17,
        from: '2026-11-01',
        to: '2026-11-17',
        previous_from: '2026-10-01',
        previous_to: '2026-10-17',
      },
    });
    expect(analyticsPeriod('week', '2026-11-18').comparison).toEqual({
      days: 2,
      from: '2026-11-16',
      to: '2026-11-17',
      previous_from: '2026-11-09',
      previous_to: '2026-11-10',
    });
    expect(analyticsPeriod('year', '2026-11-18')).toMatchObject({ bucket: 'month', end: '2026-12-31' });
    expect(analyticsPeriod('quarter', '2026-11-18')).toMatchObject({ bucket: 'week', end: '2026-12-31' });
  });

  it('stops the previous days at the previous period’s own last day', () => {
    // 31 March: 30 completed days against February's 28.
    expect(analyticsPeriod('month', '2026-03-31').comparison).toMatchObject({
      days: 30,
      previous_from: '2026-02-01',
      previous_to: '2026-02-28',
    });
    // The quarter's 31 December: 91 completed days against July-September's 92.
    expect(analyticsPeriod('quarter', '2026-12-31').comparison).toMatchObject({
      days: 91,
      previous_from: '2026-07-01',
      previous_to: '2026-09-29',
    });
  });

  it('has no comparison on a period’s first day, so a new period never reads -100%', () => {
    for (const [timeframe, day] of [
      ['week', '2026-11-16'],
      ['month', '2026-11-01'],
      ['quarter', '2026-10-01'],
      ['year', '2026-01-01'],
    ] as const) {
      expect(analyticsPeriod(timeframe, day).comparison).toBeNull();
      const daily = new Map([[addDays(day, -1), 5000]]);
      expect(compareDays(daily, analyticsPeriod(timeframe, day))).toBeNull();
    }
  });

  it('compares like with like and leaves out today', () => {
    const period = analyticsPeriod('week', '2026-11-18');
    const daily = new Map([
      ['2026-11-09', 1000],
      ['2026-11-10', 1000],
      ['2026-11-11', 9000], // the previous week's Wednesday: not among the compared days
      ['2026-11-16', 1500],
      ['2026-11-17', 1500],
      ['2026-11-18', 7000], // today, partial
    ]);
    expect(compareDays(daily, period)).toEqual({ current: 3000, previous: 2000, change_percent: 50 });
    expect(compareDays(new Map([['2026-11-16', 100]]), period)).toEqual({
      current: 100,
      previous: 0,
      change_percent: null,
    });
  });

  it('labels bars as the orders area does and their sum is the period’s total', () => {
    expect(bucketOfDay('2026-11-01', 'week')).toBe('2026-10-26');
    expect(bucketOfDay('2026-11-18', 'month')).toBe('2026-11');
    expect(bucketLabelsOf('2026-11-01', '2026-11-18', 'week')).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    const period = analyticsPeriod('month', '2026-11-18');
    const daily = new Map([
      ['2026-10-31', 999], // before the period
      ['2026-11-01', 100],
      ['2026-11-03', 250],
      ['2026-11-18', 75],
    ]);
    const bars = seriesOf(daily, period);
    expect([...bars]).toEqual([
      ['2026-10-26', 100],
      ['2026-11-02', 250],
      ['2026-11-09', 0],
      ['2026-11-16', 75],
    ]);
    expect([...bars.values()].reduce((a, b) => a + b, 0)).toBe(sumDays(daily, period.from, period.to));
  });

  it('begins a day at Johannesburg midnight', () => {
    expect(dayStart('2026-11-18').toISOString()).toBe('2026-11-17T22:00:00.000Z');
  });
});

describe('analytics customers and books', () => {
  it('tells new buyers from returning ones and counts repeat buyers', () => {
    const period = { from: '2026-11-01', to: '2026-11-18' };
    expect(isNewCustomer('2026-11-01', period)).toBe(true);
    expect(isNewCustomer('2026-10-31', period)).toBe(false);
    expect(repeatRate([1, 2, 3, 1])).toBe(50);
    expect(repeatRate([1, 1, 2])).toBe(33.3);
    expect(repeatRate([])).toBeNull();
  });

  it('reads income by credits and expenses by debits, per day and per expense account', () => {
    expect(accountAmount(4000, 0, 5000)).toBe(5000);
    expect(accountAmount(5300, 150000, 0)).toBe(150000);
    expect(accountAmount(4000, 1000, 0)).toBe(-1000); // a refund reduces sales
    const books = booksByDay([
      { day: '2026-11-02', code: 4000, debits: 0, credits: 10000 },
      { day: '2026-11-02', code: 1000, debits: 10000, credits: 0 },
      { day: '2026-11-02', code: 5000, debits: 6000, credits: 0 },
      { day: '2026-11-03', code: 5300, debits: 20000, credits: 0 },
      { day: '2026-11-03', code: 5000, debits: 500, credits: 0 },
    ]);
    expect([...books.income]).toEqual([['2026-11-02', 10000]]);
    expect([...books.expenses]).toEqual([
      ['2026-11-02', 6000],
      ['2026-11-03', 20500],
    ]);
    expect(sumDays(books.byAccount.get(5000)!, '2026-11-01', '2026-11-30')).toBe(6500);
    const parts = [...books.byAccount.values()].reduce(
      (n, d) => n + sumDays(d, '2026-11-01', '2026-11-30'),
      0,
    );
    expect(parts).toBe(sumDays(books.expenses, '2026-11-01', '2026-11-30'));
  });
});

describe('analytics projection', () => {
  const today = '2026-11-18';
  /** R100 every completed day for `days` days before today, R1 000 on Saturdays. */
  const history = (days: number) => {
    const daily = new Map<string, number>();
    for (let i = 1; i <= days; i += 1) {
      const day = addDays(today, -i);
      daily.set(day, new Date(`${day}T00:00:00Z`).getUTCDay() === 6 ? 100000 : 10000);
    }
    return daily;
  };

  it('projects from the weekday averages of completed days only', () => {
    const daily = history(40);
    daily.set(today, 999999); // today is partial and must not move the projection
    const period = analyticsPeriod('week', today);
    const p = projectPeriod(daily, addDays(today, -40), period)!;
    expect(p.days).toBe(28);
    // Wednesday to Sunday left: four ordinary days and one Saturday.
    expect(p.rest_of_period).toEqual({ expected: 140000, low: 140000, high: 140000 });
    // Monday and Tuesday are done (R200), then the rest.
    expect(p.period_total.expected).toBe(160000);
    // The next week: six ordinary days and a Saturday.
    expect(p.next_period.expected).toBe(160000);
  });

  it('gives a range from the lowest and highest of each weekday', () => {
    const daily = history(28);
    daily.set('2026-11-17', 30000); // one Tuesday much busier
    const p = projectPeriod(daily, addDays(today, -28), analyticsPeriod('week', today))!;
    // Next week's Tuesday: average (3 x R100 + R300) / 4 = R150, low R100, high R300.
    expect(p.next_period.expected).toBe(165000);
    expect(p.next_period.low).toBe(160000);
    expect(p.next_period.high).toBe(180000);
  });

  it('makes none from fewer than seven completed days or from nothing', () => {
    const period = analyticsPeriod('month', today);
    expect(projectPeriod(history(6), addDays(today, -6), period)).toBeNull();
    expect(projectPeriod(new Map(), null, period)).toBeNull();
    // Seven days: every weekday seen once.
    expect(projectPeriod(history(7), addDays(today, -7), period)?.days).toBe(7);
  });

  it('counts the days before the first figure as not traded, not as zero', () => {
    const daily = history(10);
    const p = projectPeriod(daily, addDays(today, -10), analyticsPeriod('week', today))!;
    expect(p.days).toBe(10);
    expect(p.next_period.expected).toBe(160000);
  });
});
