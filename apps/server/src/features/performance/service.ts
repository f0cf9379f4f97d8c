import { statfs } from 'node:fs/promises';
import { performance as clock } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { sql } from 'drizzle-orm';
import {
  HEALTH_LIMITS,
  metricStatus,
  METRIC_BENCHMARKS,
  PERFORMANCE_TOP_ROUTES,
  PERFORMANCE_WINDOW_MINUTES,
  performanceBand,
  performanceMetric,
  performanceScore,
  performanceTips,
  type ComponentStatus,
  type PerformanceReport,
  type SystemComponent,
} from '@tt/domain';
import type { Config } from '../../config.ts';
import type { DatabaseKind, Db } from '../../db/client.ts';
import { jobHealth } from '../../platform/jobs/runner.ts';
import type { RequestMetrics } from '../../platform/metrics.ts';
import { sessionCounts } from '../auth/service.ts';

export interface Instance {
  db: Db;
  dbKind: DatabaseKind;
  config: Config;
  metrics: RequestMetrics;
}

/** The database's round trip (ms, one decimal), or null when it did not answer. */
async function databaseRoundTrip(db: Db): Promise<number | null> {
  const started = clock.now();
  try {
    await db.execute(sql`select 1`);
    return Math.round((clock.now() - started) * 10) / 10;
  } catch {
    return null;
  }
}

/** The share of the embedded database's disk that is free (percent), or null where it cannot be read. */
async function freeDiskPercent(dir: string): Promise<number | null> {
  try {
    const s = await statfs(dir);
    return s.blocks > 0 ? Math.round((s.bavail / s.blocks) * 1000) / 10 : null;
  } catch {
    return null;
  }
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/**
 * What the performance monitor shows (ADR 049), measured now: this instance's answers over the last
 * PERFORMANCE_WINDOW_MINUTES (and the window before, for the trend), a round trip to the database, the job queue,
 * memory, and the last half hour minute by minute.
 */
export async function performanceReport(app: Instance, now = new Date()): Promise<PerformanceReport> {
  const at = now.getTime();
  const current = app.metrics.window(PERFORMANCE_WINDOW_MINUTES, 0, at);
  const previous = app.metrics.window(PERFORMANCE_WINDOW_MINUTES, PERFORMANCE_WINDOW_MINUTES, at);
  const [database, queue, sessions, freeDisk] = await Promise.all([
    databaseRoundTrip(app.db),
    jobHealth(app.db, now),
    sessionCounts(app.db, now),
    app.dbKind === 'pglite' ? freeDiskPercent(app.config.dataDir) : Promise.resolve(null),
  ]);
  const heap = getHeapStatistics();
  const memory = percent(heap.used_heap_size, heap.heap_size_limit);
  const errorRate = (w: typeof current) => (w.requests > 0 ? percent(w.errors, w.requests) : null);

  const metrics = [
    performanceMetric('response_p50', current.p50, previous.p50),
    performanceMetric('response_p95', current.p95, previous.p95),
    performanceMetric('error_rate', errorRate(current), errorRate(previous)),
    performanceMetric('database', database, app.metrics.lastProbe('database', database)),
    performanceMetric(
      'event_loop',
      current.loopP99 === null ? null : Math.round(current.loopP99 * 10) / 10,
      previous.loopP99,
    ),
    performanceMetric(
      'job_wait',
      queue.oldestDueWaitSeconds,
      app.metrics.lastProbe('job_wait', queue.oldestDueWaitSeconds),
    ),
    performanceMetric('memory', memory, app.metrics.lastProbe('memory', memory)),
  ];
  const score = performanceScore(metrics);

  const checked = now.toISOString();
  const component = (
    id: SystemComponent['id'],
    status: ComponentStatus,
    responseTime: number | null,
    detail: number | null,
  ): SystemComponent => ({ id, status, response_time_ms: responseTime, detail, last_check: checked });
  const current5xx = current.requests > 0 ? current.errors / current.requests : 0;
  const components: SystemComponent[] = [
    // This instance answers (it is answering this); it is degraded while its answers fail more than the benchmark.
    component(
      'api',
      metricStatus(current5xx * 100, METRIC_BENCHMARKS.error_rate.benchmark) === 'critical'
        ? 'degraded'
        : 'operational',
      current.p50,
      current.requests,
    ),
    component(
      'database',
      database === null ? 'down' : database > HEALTH_LIMITS.databaseDegradedMs ? 'degraded' : 'operational',
      database,
      null,
    ),
    component(
      'jobs',
      queue.oldestDueWaitSeconds > HEALTH_LIMITS.jobWaitDegradedSeconds || queue.failedLastDay > 0
        ? 'degraded'
        : 'operational',
      null,
      queue.failedLastDay,
    ),
    component(
      'events',
      queue.oldestEventWaitSeconds > HEALTH_LIMITS.eventWaitDegradedSeconds ? 'degraded' : 'operational',
      null,
      queue.oldestEventWaitSeconds,
    ),
    ...(app.dbKind === 'pglite'
      ? [
          component(
            'storage',
            freeDisk !== null && freeDisk < HEALTH_LIMITS.storageFreeDegradedPercent
              ? 'degraded'
              : 'operational',
            null,
            freeDisk,
          ),
        ]
      : []),
  ];

  const minutes = app.metrics.history(at);
  const statuses = { success: 0, client_error: 0, server_error: 0 };
  const history = app.metrics.window(minutes.length, 0, at);
  statuses.server_error = history.errors;
  statuses.client_error = history.clientErrors;
  statuses.success = history.requests - history.errors - history.clientErrors;

  return {
    checked_at: checked,
    instance: {
      started_at: app.metrics.startedAt.toISOString(),
      uptime_seconds: Math.max(0, Math.floor((at - app.metrics.startedAt.getTime()) / 1000)),
      database: app.dbKind,
      runs_jobs: app.config.jobs,
    },
    score,
    band: score === null ? null : performanceBand(score),
    metrics,
    components,
    failed_jobs: queue.recentFailures.map((j) => ({
      name: j.name,
      attempts: j.attempts,
      last_error: j.last_error,
      updated_at: j.updated_at.toISOString(),
    })),
    tips: performanceTips({
      metrics,
      failedJobs: queue.failedLastDay,
      database: app.dbKind,
      requestsPerMinute: current.requests / PERFORMANCE_WINDOW_MINUTES,
    }),
    realtime: {
      minutes,
      routes: app.metrics.routes(PERFORMANCE_TOP_ROUTES, at),
      statuses,
      open_sessions: sessions.open,
      sign_ins_last_hour: sessions.lastHour,
    },
  };
}
