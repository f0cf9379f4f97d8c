import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_IDS, type PerformanceReport } from '@tt/domain';
import { jobs } from '../src/platform/jobs/tables.ts';
import { RequestMetrics } from '../src/platform/metrics.ts';
import { createTestApp, expectError, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

describe('the performance monitor (GET /api/performance)', () => {
  let t: TestApp;
  let admin: string;
  const report = async (cookie = admin): Promise<PerformanceReport> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/performance', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.sessionFor(await insertUser(t.db, 'admin', 'Monitor Admin'));
  });
  afterAll(async () => t.close());

  it('counts the API answers this instance gave, by route pattern, with their status class', async () => {
    const before = await report();
    for (let i = 0; i < 5; i += 1) await t.app.inject({ method: 'GET', url: '/api/health' });
    // A refused query is a client error; a path no route has is not counted at all.
    await t.app.inject({
      method: 'GET',
      url: '/api/performance?x=1',
      headers: { cookie: 'tt_session=nobody' },
    });
    await t.app.inject({ method: 'GET', url: '/api/orders/not-a-number' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint' });
    const after = await report();

    const health = (r: PerformanceReport) =>
      r.realtime.routes.find((route) => route.method === 'GET' && route.route === '/api/health')?.requests ??
      0;
    expect(health(after) - health(before)).toBe(5);
    const byPattern = after.realtime.routes.find((r) => r.route === '/api/orders/:id');
    expect(byPattern?.requests).toBe(1);
    expect(after.realtime.routes.some((r) => r.route.includes('no-such-endpoint'))).toBe(false);
    // The report itself was answered once before this one (200), the two refused calls (401 each).
    expect(after.realtime.statuses.client_error - before.realtime.statuses.client_error).toBe(2);
    const total = (r: PerformanceReport) => r.realtime.minutes.reduce((sum, m) => sum + m.requests, 0);
    expect(total(after) - total(before)).toBe(5 + 1 + 1 + 1); // health x5, two refused, the first report
    expect(after.realtime.minutes).toHaveLength(30);
  });

  it('scores the metrics by spec 2’s rule and reads the system’s parts live', async () => {
    const r = await report();
    expect(r.metrics.map((m) => m.id)).toEqual([...METRIC_IDS]);
    expect(r.instance).toMatchObject({ database: t.dbKind, runs_jobs: t.app.config.jobs });
    const p95 = r.metrics.find((m) => m.id === 'response_p95')!;
    expect(p95.value).toBeGreaterThan(0);
    expect(p95).toMatchObject({ unit: 'ms', benchmark: 500 });
    const database = r.components.find((c) => c.id === 'database')!;
    expect(database.status).toBe('operational');
    expect(database.response_time_ms).toBeGreaterThanOrEqual(0);
    // The score is the rounded mean of (benchmark - value) / benchmark, clamped, over the measured metrics.
    const scores = r.metrics
      .filter((m) => m.value !== null)
      .map((m) => Math.min(100, Math.max(0, ((m.benchmark - m.value!) / m.benchmark) * 100)));
    expect(r.score).toBe(Math.round(scores.reduce((a, b) => a + b, 0) / scores.length));
    expect(r.realtime.open_sessions).toBeGreaterThanOrEqual(1);
    expect(r.realtime.sign_ins_last_hour).toBeGreaterThanOrEqual(1);
  });

  it('shows a job that gave up: the jobs part degraded, the job listed, a tip to look at it', async () => {
    await t.db.insert(jobs).values({
      name: 'test.broken',
      key: `test.broken:${Date.now()}`,
      status: 'failed',
      attempts: 5,
      last_error: 'boom',
      finished_at: new Date(),
    });
    const r = await report();
    expect(r.components.find((c) => c.id === 'jobs')).toMatchObject({ status: 'degraded' });
    expect(r.failed_jobs[0]).toMatchObject({ name: 'test.broken', attempts: 5, last_error: 'boom' });
    expect(r.tips.some((tip) => tip.kind === 'failed_jobs')).toBe(true);
  });

  it('refuses anyone but the platform’s operators', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/performance' }), 401, 'unauthorized');
    for (const role of ['retailer', 'coordinator', 'supplier'] as const) {
      const cookie = await t.sessionFor(await insertUser(t.db, role));
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/performance', headers: { cookie } }),
        403,
        'forbidden',
      );
    }
  });
});

describe('the request recorder', () => {
  const MINUTE = 60_000;
  const start = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE);

  it('keeps each minute apart and forgets what is older than the history', () => {
    const m = new RequestMetrics(start);
    try {
      m.record('GET', '/api/a', 200, 3, start);
      m.record('GET', '/api/a', 500, 400, start + 1000);
      m.record('GET', '/api/b', 404, 8, start + MINUTE);
      const now = start + MINUTE + 5;
      expect(m.window(1, 0, now)).toMatchObject({ requests: 1, errors: 0, clientErrors: 1, p50: 10 });
      expect(m.window(2, 0, now)).toMatchObject({ requests: 3, errors: 1, clientErrors: 1, p95: 500 });
      expect(m.window(1, 1, now)).toMatchObject({ requests: 2, errors: 1 });
      expect(m.routes(5, now)).toEqual([
        { method: 'GET', route: '/api/a', requests: 2, errors: 1, p95_ms: 500 },
        { method: 'GET', route: '/api/b', requests: 1, errors: 0, p95_ms: 10 },
      ]);
      // 31 minutes on, the ring slot of the first minute is reused and its figures are gone.
      const later = start + 31 * MINUTE;
      m.record('GET', '/api/c', 200, 1, later);
      expect(m.window(30, 0, later).requests).toBe(1);
      expect(m.history(later).map((x) => x.requests)).toEqual([...new Array<number>(29).fill(0), 1]);
      expect(m.routes(5, later).map((r) => r.route)).toEqual(['/api/c']);
    } finally {
      m.stop();
    }
  });
});
