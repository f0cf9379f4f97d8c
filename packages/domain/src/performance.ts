import { z } from 'zod';

/**
 * The performance monitor (spec 2; DECISIONS 12): the platform's own figures, measured by the server that answers,
 * in place of spec 2's sample metrics. The scores, bands and statuses are spec 2's rules (§4, §9); the metrics are
 * what this product really measures: response times, failures, the database, the event loop, the job queue and
 * memory.
 */

/** Spec 2 §9: the auto-refresh choices, in seconds (30 by default, and on by default: §4). */
export const PERFORMANCE_REFRESH_SECONDS = [10, 30, 60, 300] as const;
export type PerformanceRefreshSeconds = (typeof PERFORMANCE_REFRESH_SECONDS)[number];
export const PERFORMANCE_REFRESH_DEFAULT: PerformanceRefreshSeconds = 30;

/** The window the metrics are measured over, and the one before it that their trend compares with. */
export const PERFORMANCE_WINDOW_MINUTES = 5;
/** How far back the real-time chart and the busiest routes go. */
export const PERFORMANCE_HISTORY_MINUTES = 30;
/** The busiest routes listed. */
export const PERFORMANCE_TOP_ROUTES = 8;

/**
 * The upper bounds (ms) of the response-time histogram's buckets; one more bucket holds everything slower. A
 * percentile is read as the upper bound of the bucket it falls in, so it is never better than the truth.
 */
export const LATENCY_BUCKETS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 300, 500, 1000, 2000, 5000] as const;

/** The bucket a response time falls in (the last, past the bounds, for anything slower than 5 s). */
export function latencyBucket(ms: number): number {
  for (let i = 0; i < LATENCY_BUCKETS_MS.length; i += 1) if (ms <= LATENCY_BUCKETS_MS[i]!) return i;
  return LATENCY_BUCKETS_MS.length;
}

/**
 * The p-th percentile (0 < p <= 100) of a histogram of LATENCY_BUCKETS_MS counts: the upper bound of the bucket it
 * falls in (the slowest bound for the overflow bucket); null when nothing was counted.
 */
export function percentileOf(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let i = 0; i < counts.length; i += 1) {
    seen += counts[i] ?? 0;
    if (seen >= rank) return LATENCY_BUCKETS_MS[Math.min(i, LATENCY_BUCKETS_MS.length - 1)]!;
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
}

export const METRIC_IDS = [
  'response_p50',
  'response_p95',
  'error_rate',
  'database',
  'event_loop',
  'job_wait',
  'memory',
] as const;
export type MetricId = (typeof METRIC_IDS)[number];

export const METRIC_UNITS = ['ms', '%', 's'] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

/**
 * Each metric's benchmark: what a healthy instance stays under. All of these are "lower is better", so spec 2's
 * score for a metric is (benchmark - value) / benchmark, in percent, clamped to 0-100.
 */
export const METRIC_BENCHMARKS: Record<MetricId, { unit: MetricUnit; benchmark: number }> = {
  response_p50: { unit: 'ms', benchmark: 100 },
  response_p95: { unit: 'ms', benchmark: 500 },
  error_rate: { unit: '%', benchmark: 1 },
  database: { unit: 'ms', benchmark: 50 },
  event_loop: { unit: 'ms', benchmark: 100 },
  job_wait: { unit: 's', benchmark: 60 },
  memory: { unit: '%', benchmark: 80 },
};

export const METRIC_STATUSES = ['excellent', 'good', 'warning', 'critical'] as const;
export type MetricStatus = (typeof METRIC_STATUSES)[number];
export const METRIC_TRENDS = ['up', 'down', 'stable'] as const;
export type MetricTrend = (typeof METRIC_TRENDS)[number];

/** At most half the benchmark: excellent; up to it: good; up to one and a half times: warning; past that: critical. */
export function metricStatus(value: number, benchmark: number): MetricStatus {
  if (value <= benchmark / 2) return 'excellent';
  if (value <= benchmark) return 'good';
  if (value <= benchmark * 1.5) return 'warning';
  return 'critical';
}

/** Up or down when the window moved by more than a tenth from the one before (or from nothing to something). */
export function metricTrend(current: number | null, previous: number | null): MetricTrend {
  if (current === null || previous === null) return 'stable';
  if (previous === 0) return current === 0 ? 'stable' : 'up';
  const ratio = current / previous;
  if (ratio > 1.1) return 'up';
  if (ratio < 0.9) return 'down';
  return 'stable';
}

/** Spec 2 §9: a lower-is-better metric's score, (benchmark - value) / benchmark in percent, clamped to 0-100. */
export function metricScore(value: number, benchmark: number): number {
  if (benchmark <= 0) return 0;
  return Math.min(100, Math.max(0, ((benchmark - value) / benchmark) * 100));
}

export const PERFORMANCE_BANDS = ['excellent', 'good', 'needs_optimization'] as const;
export type PerformanceBand = (typeof PERFORMANCE_BANDS)[number];

/** Spec 2 §4: 90 and up Excellent, 70 to 89 Good, below 70 Needs Optimization. */
export function performanceBand(score: number): PerformanceBand {
  if (score >= 90) return 'excellent';
  if (score >= 70) return 'good';
  return 'needs_optimization';
}

export const performanceMetricSchema = z.object({
  id: z.enum(METRIC_IDS),
  /** Null while there is nothing to measure (no request in the window yet). */
  value: z.number().nullable(),
  unit: z.enum(METRIC_UNITS),
  benchmark: z.number(),
  status: z.enum(METRIC_STATUSES).nullable(),
  trend: z.enum(METRIC_TRENDS),
});
export type PerformanceMetric = z.infer<typeof performanceMetricSchema>;

/** A metric with its benchmark, status and trend, from the window's value and the one before it. */
export function performanceMetric(
  id: MetricId,
  value: number | null,
  previous: number | null,
): PerformanceMetric {
  const { unit, benchmark } = METRIC_BENCHMARKS[id];
  return {
    id,
    value,
    unit,
    benchmark,
    status: value === null ? null : metricStatus(value, benchmark),
    trend: metricTrend(value, previous),
  };
}

/** Spec 2 §9: the average of the measured metrics' scores, rounded; null when none was measured. */
export function performanceScore(
  metrics: readonly Pick<PerformanceMetric, 'value' | 'benchmark'>[],
): number | null {
  const scores = metrics.flatMap((m) => (m.value === null ? [] : [metricScore(m.value, m.benchmark)]));
  if (scores.length === 0) return null;
  return Math.round(scores.reduce((sum, s) => sum + s, 0) / scores.length);
}

export const COMPONENT_IDS = ['api', 'database', 'jobs', 'events', 'storage'] as const;
export type ComponentId = (typeof COMPONENT_IDS)[number];
export const COMPONENT_STATUSES = ['operational', 'degraded', 'down'] as const;
export type ComponentStatus = (typeof COMPONENT_STATUSES)[number];

/** When a part of the system counts as degraded. */
export const HEALTH_LIMITS = {
  /** The database's round trip. */
  databaseDegradedMs: 500,
  /** A due job waiting this long means no runner is taking them (or they cannot keep up). */
  jobWaitDegradedSeconds: 300,
  /** Events not yet turned into jobs after this long. */
  eventWaitDegradedSeconds: 300,
  /** The data directory's disk with less free than this share. */
  storageFreeDegradedPercent: 10,
} as const;

export const systemComponentSchema = z.object({
  id: z.enum(COMPONENT_IDS),
  status: z.enum(COMPONENT_STATUSES),
  /** How long the check took (ms), where the check is a call. */
  response_time_ms: z.number().nullable(),
  /** What the status is read from: failed jobs, waiting events, free disk... */
  detail: z.number().nullable(),
  last_check: z.string(),
});
export type SystemComponent = z.infer<typeof systemComponentSchema>;

export const TIP_KINDS = [
  'slow_responses',
  'failures',
  'slow_database',
  'busy_event_loop',
  'jobs_waiting',
  'failed_jobs',
  'memory',
  'embedded_database_load',
  'all_good',
] as const;
export type TipKind = (typeof TIP_KINDS)[number];
export const performanceTipSchema = z.object({
  kind: z.enum(TIP_KINDS),
  impact: z.enum(['high', 'medium', 'low']),
  /** The figure the tip's sentence names. */
  value: z.number().nullable(),
});
export type PerformanceTip = z.infer<typeof performanceTipSchema>;

/** Requests a minute past which the embedded database is worth moving off (one process, one connection). */
export const EMBEDDED_DATABASE_BUSY_PER_MINUTE = 600;

const TIP_FOR: Partial<Record<MetricId, TipKind>> = {
  response_p95: 'slow_responses',
  error_rate: 'failures',
  database: 'slow_database',
  event_loop: 'busy_event_loop',
  job_wait: 'jobs_waiting',
  memory: 'memory',
};

/**
 * What to do about the figures: a tip for each metric at warning (medium) or critical (high), one for jobs that
 * gave up, and one for the embedded database under a load it is not made for; "all good" when there is none.
 */
export function performanceTips(input: {
  metrics: readonly PerformanceMetric[];
  failedJobs: number;
  database: 'pglite' | 'postgres';
  requestsPerMinute: number;
}): PerformanceTip[] {
  const tips: PerformanceTip[] = [];
  for (const m of input.metrics) {
    const kind = TIP_FOR[m.id];
    if (!kind || (m.status !== 'warning' && m.status !== 'critical')) continue;
    tips.push({ kind, impact: m.status === 'critical' ? 'high' : 'medium', value: m.value });
  }
  if (input.failedJobs > 0) tips.push({ kind: 'failed_jobs', impact: 'medium', value: input.failedJobs });
  if (input.database === 'pglite' && input.requestsPerMinute >= EMBEDDED_DATABASE_BUSY_PER_MINUTE)
    tips.push({ kind: 'embedded_database_load', impact: 'low', value: Math.round(input.requestsPerMinute) });
  const order = { high: 0, medium: 1, low: 2 } as const;
  tips.sort((a, b) => order[a.impact] - order[b.impact]);
  return tips.length > 0 ? tips : [{ kind: 'all_good', impact: 'low', value: null }];
}

export const performanceMinuteSchema = z.object({
  /** The minute's start (ISO 8601). */
  at: z.string(),
  requests: z.number().int(),
  /** Answers with a 5xx status. */
  errors: z.number().int(),
  p95_ms: z.number().nullable(),
});
export type PerformanceMinute = z.infer<typeof performanceMinuteSchema>;

export const performanceRouteSchema = z.object({
  method: z.string(),
  /** The route's pattern, e.g. /api/orders/:id: never a caller's own values. */
  route: z.string(),
  requests: z.number().int(),
  errors: z.number().int(),
  p95_ms: z.number().nullable(),
});
export type PerformanceRoute = z.infer<typeof performanceRouteSchema>;

export const failedJobSchema = z.object({
  name: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  updated_at: z.string(),
});

export const performanceReportSchema = z.object({
  checked_at: z.string(),
  instance: z.object({
    started_at: z.string(),
    uptime_seconds: z.number().int(),
    database: z.enum(['pglite', 'postgres']),
    /** Whether this instance runs the background jobs (JOBS). */
    runs_jobs: z.boolean(),
  }),
  score: z.number().int().nullable(),
  band: z.enum(PERFORMANCE_BANDS).nullable(),
  metrics: z.array(performanceMetricSchema),
  components: z.array(systemComponentSchema),
  /** Jobs that used up their attempts (the latest few). */
  failed_jobs: z.array(failedJobSchema),
  tips: z.array(performanceTipSchema),
  realtime: z.object({
    minutes: z.array(performanceMinuteSchema),
    routes: z.array(performanceRouteSchema),
    /** Answers over the history by class. */
    statuses: z.object({
      success: z.number().int(),
      client_error: z.number().int(),
      server_error: z.number().int(),
    }),
    /** Signed-in sessions that have not expired, and those opened in the last hour. */
    open_sessions: z.number().int(),
    sign_ins_last_hour: z.number().int(),
  }),
});
export type PerformanceReport = z.infer<typeof performanceReportSchema>;
