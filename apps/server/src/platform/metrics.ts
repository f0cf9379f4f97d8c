import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import {
  LATENCY_BUCKETS_MS,
  latencyBucket,
  percentileOf,
  PERFORMANCE_HISTORY_MINUTES,
  type PerformanceMinute,
  type PerformanceRoute,
} from '@tt/domain';

/**
 * What this instance answered, minute by minute (the performance monitor, ADR 049): counts, 5xx answers and a
 * response-time histogram per minute, overall and per route pattern, for the last PERFORMANCE_HISTORY_MINUTES, and
 * the event loop's delay per minute. Kept in memory by each app (so each instance reports its own), bounded: one
 * slot a minute in a ring, each with at most one entry per registered route. Recording is a few additions, so
 * the hot routes (the catalogue, health) pay next to nothing for it.
 */
interface Tally {
  requests: number;
  errors: number;
  clientErrors: number;
  histogram: number[];
}
interface Minute extends Tally {
  /** The minute's number since the epoch; a slot whose number is not the one asked for is stale. */
  minute: number;
  /** By route pattern, then method: both strings are the framework's own (no key is built per request). */
  routes: Map<string, Map<string, RouteTally>>;
  /** The event loop's p99 delay over the minute (ms), taken when the minute ends. */
  loopP99: number | null;
}

type RouteTally = Tally & { method: string; route: string };

const SLOTS = PERFORMANCE_HISTORY_MINUTES + 1;
const newTally = (): Tally => ({
  requests: 0,
  errors: 0,
  clientErrors: 0,
  histogram: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0),
});

function add(into: Tally, status: number, bucket: number) {
  into.requests += 1;
  if (status >= 500) into.errors += 1;
  else if (status >= 400) into.clientErrors += 1;
  into.histogram[bucket]! += 1;
}

function merge(into: Tally, from: Tally) {
  into.requests += from.requests;
  into.errors += from.errors;
  into.clientErrors += from.clientErrors;
  for (let i = 0; i < from.histogram.length; i += 1) into.histogram[i]! += from.histogram[i]!;
}

export interface WindowFigures {
  requests: number;
  errors: number;
  clientErrors: number;
  p50: number | null;
  p95: number | null;
  /** The worst minute's event-loop p99 in the window (ms); null before a minute has ended. */
  loopP99: number | null;
}

export class RequestMetrics {
  readonly startedAt: Date;
  private readonly slots: (Minute | undefined)[] = new Array(SLOTS);
  private readonly loop: IntervalHistogram;

  constructor(now = Date.now()) {
    this.startedAt = new Date(now);
    this.loop = monitorEventLoopDelay({ resolution: 20 });
    this.loop.enable();
  }

  stop() {
    this.loop.disable();
  }

  private readonly probes = new Map<string, number | null>();

  /**
   * A figure measured when the report is asked for (the database's round trip, memory...): what it was the time
   * before, for its trend, and the new one kept for the next time.
   */
  lastProbe(name: string, value: number | null): number | null {
    const before = this.probes.get(name) ?? null;
    this.probes.set(name, value);
    return before;
  }

  /** One answered request: its route's pattern (never the caller's values), status and time. */
  record(method: string, route: string, status: number, ms: number, now = Date.now()) {
    const slot = this.slot(Math.floor(now / 60_000));
    const bucket = latencyBucket(ms);
    add(slot, status, bucket);
    let methods = slot.routes.get(route);
    if (!methods) {
      methods = new Map();
      slot.routes.set(route, methods);
    }
    let entry = methods.get(method);
    if (!entry) {
      entry = { ...newTally(), method, route };
      methods.set(method, entry);
    }
    add(entry, status, bucket);
  }

  /** The minute's slot, starting it (and closing the last one's event-loop figure) when the minute is new. */
  private slot(minute: number): Minute {
    const index = minute % SLOTS;
    const existing = this.slots[index];
    if (existing?.minute === minute) return existing;
    this.closeLoopMinute(minute);
    const fresh: Minute = { ...newTally(), minute, routes: new Map(), loopP99: null };
    this.slots[index] = fresh;
    return fresh;
  }

  /** The event loop's delay since the last minute closed is that minute's figure; the histogram starts again. */
  private closeLoopMinute(minute: number) {
    const last = this.slots[(minute - 1 + SLOTS) % SLOTS];
    if (last?.minute === minute - 1 && last.loopP99 === null && this.loop.count > 0)
      last.loopP99 = this.loop.percentile(99) / 1e6;
    this.loop.reset();
  }

  private minutes(fromMinute: number, toMinute: number): Minute[] {
    const found: Minute[] = [];
    for (let m = fromMinute; m <= toMinute; m += 1) {
      const slot = this.slots[m % SLOTS];
      if (slot?.minute === m) found.push(slot);
    }
    return found;
  }

  /** The figures of the `minutes` minutes that end `endsMinutesAgo` minutes before now (the current one counts). */
  window(minutes: number, endsMinutesAgo = 0, now = Date.now()): WindowFigures {
    const last = Math.floor(now / 60_000) - endsMinutesAgo;
    const slots = this.minutes(last - minutes + 1, last);
    const total = newTally();
    let loopP99: number | null = null;
    for (const s of slots) {
      merge(total, s);
      if (s.loopP99 !== null) loopP99 = Math.max(loopP99 ?? 0, s.loopP99);
    }
    // The minute under way has no closed figure yet: what the loop has seen so far stands for it.
    if (endsMinutesAgo === 0 && this.loop.count > 0)
      loopP99 = Math.max(loopP99 ?? 0, this.loop.percentile(99) / 1e6);
    return {
      requests: total.requests,
      errors: total.errors,
      clientErrors: total.clientErrors,
      p50: percentileOf(total.histogram, 50),
      p95: percentileOf(total.histogram, 95),
      loopP99,
    };
  }

  /** Each of the last PERFORMANCE_HISTORY_MINUTES minutes, oldest first, with those that had no request. */
  history(now = Date.now()): PerformanceMinute[] {
    const last = Math.floor(now / 60_000);
    const rows: PerformanceMinute[] = [];
    for (let m = last - PERFORMANCE_HISTORY_MINUTES + 1; m <= last; m += 1) {
      const slot = this.slots[m % SLOTS];
      const live = slot?.minute === m ? slot : undefined;
      rows.push({
        at: new Date(m * 60_000).toISOString(),
        requests: live?.requests ?? 0,
        errors: live?.errors ?? 0,
        p95_ms: live ? percentileOf(live.histogram, 95) : null,
      });
    }
    return rows;
  }

  /** The busiest routes over the history, most requests first. */
  routes(limit: number, now = Date.now()): PerformanceRoute[] {
    const last = Math.floor(now / 60_000);
    const byRoute = new Map<string, RouteTally>();
    for (const slot of this.minutes(last - PERFORMANCE_HISTORY_MINUTES + 1, last))
      for (const methods of slot.routes.values())
        for (const entry of methods.values()) {
          const key = `${entry.method} ${entry.route}`;
          let sum = byRoute.get(key);
          if (!sum) {
            sum = { ...newTally(), method: entry.method, route: entry.route };
            byRoute.set(key, sum);
          }
          merge(sum, entry);
        }
    return [...byRoute.values()]
      .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route))
      .slice(0, limit)
      .map((r) => ({
        method: r.method,
        route: r.route,
        requests: r.requests,
        errors: r.errors,
        p95_ms: percentileOf(r.histogram, 95),
      }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: RequestMetrics;
  }
}

/** Every API answer is counted by its route's pattern; the web's files and unknown paths are not. */
export function registerRequestMetrics(app: FastifyInstance) {
  const metrics = new RequestMetrics();
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && route.startsWith('/api/'))
      metrics.record(request.method, route, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    metrics.stop();
    done();
  });
}
