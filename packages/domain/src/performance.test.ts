import { describe, expect, it } from 'vitest';
import {
  LATENCY_BUCKETS_MS,
  latencyBucket,
  metricScore,
  metricStatus,
  metricTrend,
  percentileOf,
  performanceBand,
  performanceMetric,
  performanceScore,
  performanceTips,
} from './performance.ts';

const histogram = (entries: Record<number, number>) => {
  const counts = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
  for (const [ms, n] of Object.entries(entries)) counts[latencyBucket(Number(ms))]! += n;
  return counts;
};

describe('the response-time histogram', () => {
  it('puts a time in the first bucket whose bound it does not pass', () => {
    expect(latencyBucket(0.3)).toBe(0);
    expect(latencyBucket(1)).toBe(0);
    expect(latencyBucket(1.01)).toBe(1);
    expect(latencyBucket(49)).toBe(LATENCY_BUCKETS_MS.indexOf(50));
    expect(latencyBucket(60_000)).toBe(LATENCY_BUCKETS_MS.length);
  });

  it('reads a percentile as the bound of the bucket it falls in, never better than the truth', () => {
    // 90 fast answers and 10 slow ones: the median is fast, p95 is slow.
    const counts = histogram({ 4: 90, 180: 10 });
    expect(percentileOf(counts, 50)).toBe(5);
    expect(percentileOf(counts, 90)).toBe(5);
    expect(percentileOf(counts, 91)).toBe(200);
    expect(percentileOf(counts, 95)).toBe(200);
    expect(percentileOf(counts, 100)).toBe(200);
  });

  it('reads the slowest bound for the overflow bucket, and nothing from an empty histogram', () => {
    expect(percentileOf(histogram({ 9000: 3 }), 50)).toBe(5000);
    expect(percentileOf(histogram({}), 95)).toBeNull();
  });
});

describe('spec 2 §9: scores', () => {
  it('scores a lower-is-better metric (benchmark - value) / benchmark, clamped to 0-100', () => {
    expect(metricScore(25, 100)).toBe(75);
    expect(metricScore(0, 1)).toBe(100);
    expect(metricScore(150, 100)).toBe(0);
    expect(metricScore(100, 100)).toBe(0);
  });

  it('averages the measured metrics and leaves out those with nothing to measure', () => {
    expect(
      performanceScore([
        { value: 25, benchmark: 100 },
        { value: 0, benchmark: 1 },
        { value: null, benchmark: 500 },
      ]),
    ).toBe(88); // (75 + 100) / 2 = 87.5, rounded
    expect(performanceScore([{ value: null, benchmark: 500 }])).toBeNull();
  });

  it('bands the score as spec 2 §4 does', () => {
    expect(performanceBand(100)).toBe('excellent');
    expect(performanceBand(90)).toBe('excellent');
    expect(performanceBand(89)).toBe('good');
    expect(performanceBand(70)).toBe('good');
    expect(performanceBand(69)).toBe('needs_optimization');
  });
});

describe('a metric against its benchmark', () => {
  it('is excellent up to half the benchmark, good up to it, warning up to one and a half times, then critical', () => {
    expect(metricStatus(50, 100)).toBe('excellent');
    expect(metricStatus(51, 100)).toBe('good');
    expect(metricStatus(100, 100)).toBe('good');
    expect(metricStatus(150, 100)).toBe('warning');
    expect(metricStatus(151, 100)).toBe('critical');
  });

  it('trends up or down only past a tenth of the window before', () => {
    expect(metricTrend(111, 100)).toBe('up');
    expect(metricTrend(110, 100)).toBe('stable');
    expect(metricTrend(89, 100)).toBe('down');
    expect(metricTrend(5, 0)).toBe('up');
    expect(metricTrend(0, 0)).toBe('stable');
    expect(metricTrend(null, 100)).toBe('stable');
  });

  it('has no status while there is nothing to measure', () => {
    expect(performanceMetric('response_p95', null, 200)).toMatchObject({ status: null, trend: 'stable' });
    expect(performanceMetric('response_p95', 600, 200)).toMatchObject({
      unit: 'ms',
      benchmark: 500,
      status: 'warning',
      trend: 'up',
    });
  });
});

describe('tips', () => {
  const healthy = [performanceMetric('response_p95', 20, 20), performanceMetric('error_rate', 0, 0)];

  it('says all is well when nothing needs doing', () => {
    expect(
      performanceTips({ metrics: healthy, failedJobs: 0, database: 'postgres', requestsPerMinute: 10 }),
    ).toEqual([{ kind: 'all_good', impact: 'low', value: null }]);
  });

  it('names each metric past its benchmark, the critical first, and the jobs that gave up', () => {
    const tips = performanceTips({
      metrics: [
        performanceMetric('response_p95', 700, 700), // warning
        performanceMetric('error_rate', 4, 0), // critical
        performanceMetric('database', 10, 10), // excellent
      ],
      failedJobs: 2,
      database: 'postgres',
      requestsPerMinute: 10,
    });
    expect(tips).toEqual([
      { kind: 'failures', impact: 'high', value: 4 },
      { kind: 'slow_responses', impact: 'medium', value: 700 },
      { kind: 'failed_jobs', impact: 'medium', value: 2 },
    ]);
  });

  it('suggests PostgreSQL only for the embedded database under load', () => {
    const busy = { metrics: healthy, failedJobs: 0, requestsPerMinute: 900 };
    expect(performanceTips({ ...busy, database: 'pglite' }).map((t) => t.kind)).toEqual([
      'embedded_database_load',
    ]);
    expect(performanceTips({ ...busy, database: 'postgres' }).map((t) => t.kind)).toEqual(['all_good']);
    expect(
      performanceTips({ ...busy, database: 'pglite', requestsPerMinute: 100 }).map((t) => t.kind),
    ).toEqual(['all_good']);
  });
});
