import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  generatedReportSchema,
  liveAnalyticsSchema,
  nextOccurrence,
  reportOverviewSchema,
  reportRange,
  reportScheduleSchema,
  MAX_REPORTS_GENERATING,
  type GeneratedReport,
} from '@tt/domain';
import { generatedReports, jobs, reportSchedules, users } from '../src/db/schema.ts';
import { jobCatalogue } from '../src/jobs.ts';
import { createJobRunner } from '../src/platform/jobs/runner.ts';
import { runDueSchedules } from '../src/features/reports/service.ts';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { insertUser } from './support/marketplace.ts';

describe('reports (spec 1 /reports; issue 13 point 6; DECISIONS 5, 11, 12)', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let coordinator: string;
  let coordinatorId: number;
  let retailer: string;
  /** A second admin, whose reports the first must not reach. */
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, coordinator, retailer] = await Promise.all([
      t.login('admin'),
      t.login('coordinator'),
      t.login('retailer'),
    ]);
    adminId = await t.demoUserId('admin');
    coordinatorId = await t.demoUserId('coordinator');
    otherAdmin = await t.sessionFor(await insertUser(t.db, 'admin', 'Admin Two'));
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const runner = () => createJobRunner(t.db, { ...jobCatalogue({ demoLogin: false }), baseBackoffMs: 1 });
  const reportsOf = (id: number) => count(t.db, 'generated_reports', sql`owner_id = ${id}`);

  /** The seeded orders, summed by SQL of its own (not the service's), in [from, to) for the buyers in scope. */
  async function seededFigures(from: Date, to: Date, coordinatedBy?: number) {
    const scope = coordinatedBy
      ? sql`and o.buyer_id in (select m.user_id from cooperative_memberships m where m.coop_id in
          (select c.coop_id from cooperative_memberships c where c.user_id = ${coordinatedBy} and c.is_coordinator))`
      : sql``;
    const result = await t.db.execute(sql`
      select count(*)::int as orders,
             coalesce(sum(o.total_cents) filter (where o.status <> 'cancelled'), 0)::bigint as cents,
             (count(*) filter (where o.status = 'cancelled'))::int as cancelled
      from orders o
      where o.created_at >= ${from.toISOString()} and o.created_at < ${to.toISOString()} ${scope}`);
    const row = rowsOf<{ orders: number; cents: string; cancelled: number }>(result)[0]!;
    return { orders: row.orders, revenue: Number(row.cents) / 100, cancelled: row.cancelled };
  }

  describe('GET /api/reports/overview', () => {
    it("gives an admin the platform's figures, equal to the seeded orders", async () => {
      const response = await send('GET', '/api/reports/overview?period=90d', admin);
      expect(response.statusCode, response.body).toBe(200);
      const overview = reportOverviewSchema.parse(response.json());
      expect(overview.scope.kind).toBe('all');
      const expected = await seededFigures(new Date(overview.from), new Date(overview.to));
      expect(expected.orders).toBeGreaterThan(0);
      expect(overview.figures.orders).toBe(expected.orders);
      expect(overview.figures.revenue).toBeCloseTo(expected.revenue, 2);
      expect(overview.figures.cancelled_orders).toBe(expected.cancelled);
      // The series adds up to the figures, week by week.
      expect(overview.bucket).toBe('week');
      const seriesTotal = overview.revenue_series.reduce((sum, p) => sum + p.revenue, 0);
      expect(seriesTotal).toBeCloseTo(overview.figures.revenue, 1);
      expect(overview.revenue_series.reduce((sum, p) => sum + p.orders, 0)).toBe(overview.figures.orders);
      expect(overview.status_breakdown.reduce((sum, s) => sum + s.count, 0)).toBe(overview.figures.orders);
      expect(overview.top_products.length).toBeGreaterThan(0);
      expect(overview.top_products.length).toBeLessThanOrEqual(5);
      const revenues = overview.top_products.map((p) => p.revenue);
      expect([...revenues].sort((a, b) => b - a)).toEqual(revenues);
      expect(overview.cooperatives.length).toBeGreaterThan(0);
    });

    it("gives a coordinator the orders of their co-ops' members only", async () => {
      const response = await send('GET', '/api/reports/overview?period=1y', coordinator);
      expect(response.statusCode, response.body).toBe(200);
      const overview = reportOverviewSchema.parse(response.json());
      expect(overview.scope.kind).toBe('cooperatives');
      expect(overview.scope.cooperatives.length).toBeGreaterThan(0);
      const expected = await seededFigures(new Date(overview.from), new Date(overview.to), coordinatorId);
      expect(overview.figures.orders).toBe(expected.orders);
      expect(overview.figures.revenue).toBeCloseTo(expected.revenue, 2);
      expect(overview.bucket).toBe('month');
      expect(overview.revenue_series).toHaveLength(12);
      const all = await seededFigures(new Date(overview.from), new Date(overview.to));
      expect(expected.orders).toBeLessThan(all.orders);

      // A coordinator of nothing sees nothing (not the platform).
      const lone = await t.sessionFor(await insertUser(t.db, 'coordinator', 'Lone Coordinator'));
      const empty = reportOverviewSchema.parse((await send('GET', '/api/reports/overview', lone)).json());
      expect(empty.figures.orders).toBe(0);
      expect(empty.cooperatives).toEqual([]);
      expect(empty.revenue_series).toHaveLength(30);
    });

    it('refuses anonymous callers (401), a retailer (403) and an unknown period (400)', async () => {
      expectError(await send('GET', '/api/reports/overview'), 401, 'unauthorized');
      expectError(await send('GET', '/api/reports/overview', retailer), 403, 'reports.admin_only');
      const bad = expectError(await send('GET', '/api/reports/overview?period=2d', admin), 400);
      expect(Object.keys(bad.field_codes ?? {})).toContain('period');
    });
  });

  describe('GET /api/reports/live', () => {
    it("answers today's orders by hour and the latest orders", async () => {
      const response = await send('GET', '/api/reports/live', admin);
      expect(response.statusCode, response.body).toBe(200);
      const live = liveAnalyticsSchema.parse(response.json());
      expect(live.hourly).toHaveLength(24);
      expect(live.hourly.reduce((sum, h) => sum + h.orders, 0)).toBe(live.today.orders);
      expect(live.latest_orders.length).toBeGreaterThan(0);
      expect(live.latest_orders.length).toBeLessThanOrEqual(10);
      const [open] = rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select count(*)::int as n from orders where status not in ('delivered', 'cancelled')`,
        ),
      );
      expect(live.open_orders).toBe(open!.n);
    });

    it('refuses anonymous callers (401) and a retailer (403)', async () => {
      expectError(await send('GET', '/api/reports/live'), 401, 'unauthorized');
      expectError(await send('GET', '/api/reports/live', retailer), 403, 'reports.admin_only');
    });
  });

  describe('generated reports', () => {
    let report: GeneratedReport;

    it('POST /api/reports answers generating; the job makes the CSV; then it downloads', async () => {
      const created = await send('POST', '/api/reports', admin, { report_type: 'sales', period: '7d' });
      expect(created.statusCode, created.body).toBe(201);
      report = generatedReportSchema.parse(created.json());
      expect(report.status).toBe('generating');
      expectError(await send('GET', `/api/reports/${report.id}/download`, admin), 409, 'reports.not_ready');

      await runner().tick();
      const list = (await send('GET', '/api/reports', admin)).json() as GeneratedReport[];
      const ready = list.find((r) => r.id === report.id)!;
      expect(ready.status).toBe('ready');
      expect(ready.row_count).toBe(7);

      const file = await send('GET', `/api/reports/${report.id}/download`, admin);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toMatch(
        /^attachment; filename="township-trade-sales-.*\.csv"$/,
      );
      const lines = file.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'date,orders,cancelled_orders,revenue_rand,vat_rand,delivery_rand,discount_rand,buyers',
      );
      expect(lines).toHaveLength(8);
      // The file's figures are the seeded orders of those seven days.
      const range = reportRange('7d', new Date(report.period_to));
      const expected = await seededFigures(range.from, new Date(report.period_to));
      const rows = lines.slice(1).map((l) => l.split(','));
      expect(rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(expected.orders);
      expect(rows.reduce((sum, r) => sum + Number(r[3]), 0)).toBeCloseTo(expected.revenue, 2);
    });

    it('escapes cells a spreadsheet would run as formulas', async () => {
      // A buyer whose business name is a formula, with an order in the register.
      const [order] = rowsOf<{ id: number; buyer_id: number }>(
        await t.db.execute(sql`select id, buyer_id from orders order by created_at desc limit 1`),
      );
      const [buyer] = await t.db
        .select({ company: users.company_name })
        .from(users)
        .where(eq(users.id, order!.buyer_id));
      await t.db
        .update(users)
        .set({ company_name: '=HYPERLINK("http://evil","x")' })
        .where(eq(users.id, order!.buyer_id));
      try {
        const created = generatedReportSchema.parse(
          (await send('POST', '/api/reports', admin, { report_type: 'orders', period: '30d' })).json(),
        );
        await runner().tick();
        const file = await send('GET', `/api/reports/${created.id}/download`, admin);
        expect(file.statusCode).toBe(200);
        expect(file.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
        expect(file.body).not.toMatch(/(^|,)=HYPERLINK/m);
      } finally {
        await t.db.update(users).set({ company_name: buyer!.company }).where(eq(users.id, order!.buyer_id));
      }
    });

    it("lists only the caller's own reports, and another's report is 404", async () => {
      const others = (await send('GET', '/api/reports', otherAdmin)).json() as GeneratedReport[];
      expect(others.some((r) => r.id === report.id)).toBe(false);
      expectError(
        await send('GET', `/api/reports/${report.id}/download`, otherAdmin),
        404,
        'reports.not_found',
      );
      expectError(
        await send('GET', `/api/reports/${report.id}/download`, coordinator),
        404,
        'reports.not_found',
      );
    });

    it('refuses anonymous callers (401), a retailer (403) and bad input (400) with nothing written', async () => {
      const before = await reportsOf(adminId);
      expectError(await send('GET', '/api/reports'), 401, 'unauthorized');
      expectError(await send('POST', '/api/reports', undefined, { report_type: 'sales', period: '7d' }), 401);
      expectError(await send('GET', `/api/reports/${report.id}/download`), 401);
      expectError(await send('GET', '/api/reports', retailer), 403, 'reports.admin_only');
      expectError(await send('POST', '/api/reports', retailer, { report_type: 'sales', period: '7d' }), 403);
      expectError(await send('GET', `/api/reports/${report.id}/download`, retailer), 403);
      const bad = expectError(
        await send('POST', '/api/reports', admin, { report_type: 'payroll', period: '7d' }),
        400,
      );
      expect(Object.keys(bad.field_codes ?? {})).toContain('report_type');
      expectError(await send('POST', '/api/reports', admin, { report_type: 'sales' }), 400);
      expectError(await send('GET', '/api/reports/abc/download', admin), 400);
      expect(await reportsOf(adminId)).toBe(before);
    });

    it('bounds how many reports may be generating at once (409, nothing written)', async () => {
      const lone = await insertUser(t.db, 'admin', 'Busy Admin');
      const cookie = await t.sessionFor(lone);
      for (let i = 0; i < MAX_REPORTS_GENERATING; i += 1) {
        expect(
          (await send('POST', '/api/reports', cookie, { report_type: 'products', period: '30d' })).statusCode,
        ).toBe(201);
      }
      expectError(
        await send('POST', '/api/reports', cookie, { report_type: 'products', period: '30d' }),
        409,
        'reports.too_many_generating',
      );
      expect(await reportsOf(lone)).toBe(MAX_REPORTS_GENERATING);
      await runner().tick();
    });

    it('makes a report of each type for a coordinator, in their scope', async () => {
      for (const report_type of ['products', 'cooperatives'] as const) {
        const created = generatedReportSchema.parse(
          (await send('POST', '/api/reports', coordinator, { report_type, period: '1y' })).json(),
        );
        await runner().tick();
        const file = await send('GET', `/api/reports/${created.id}/download`, coordinator);
        expect(file.statusCode, file.body).toBe(200);
        expect(file.body.split('\r\n').length).toBeGreaterThan(2);
      }
    });
  });

  describe('scheduled reports', () => {
    it('creates, lists and deletes a schedule (the next run is the next 06:00 occurrence)', async () => {
      const created = await send('POST', '/api/reports/schedules', admin, {
        name: 'Weekly sales',
        report_type: 'sales',
        frequency: 'weekly',
      });
      expect(created.statusCode, created.body).toBe(201);
      const schedule = reportScheduleSchema.parse(created.json());
      const next = new Date(schedule.next_run_at);
      expect(next.getTime()).toBe(nextOccurrence('weekly', new Date(schedule.created_at)).getTime());
      expect(next.getUTCDay()).toBe(1);
      expect(next.getUTCHours()).toBe(4);
      const list = (await send('GET', '/api/reports/schedules', admin)).json() as { id: number }[];
      expect(list.map((s) => s.id)).toContain(schedule.id);
      expect(((await send('GET', '/api/reports/schedules', otherAdmin)).json() as unknown[]).length).toBe(0);
      // Someone else's schedule is 404 and stays.
      expectError(
        await send('DELETE', `/api/reports/schedules/${schedule.id}`, otherAdmin),
        404,
        'reports.schedule_not_found',
      );
      expect((await send('DELETE', `/api/reports/schedules/${schedule.id}`, admin)).statusCode).toBe(204);
      expect(await count(t.db, 'report_schedules', sql`id = ${schedule.id}`)).toBe(0);
    });

    it('refuses anonymous callers (401), a retailer (403) and bad input (400) with nothing written', async () => {
      const before = await count(t.db, 'report_schedules');
      const body = { name: 'Daily', report_type: 'sales', frequency: 'daily' };
      expectError(await send('GET', '/api/reports/schedules'), 401);
      expectError(await send('POST', '/api/reports/schedules', undefined, body), 401);
      expectError(await send('DELETE', '/api/reports/schedules/1'), 401);
      expectError(await send('GET', '/api/reports/schedules', retailer), 403, 'reports.admin_only');
      expectError(await send('POST', '/api/reports/schedules', retailer, body), 403, 'reports.admin_only');
      expectError(await send('DELETE', '/api/reports/schedules/1', retailer), 403, 'reports.admin_only');
      const bad = expectError(
        await send('POST', '/api/reports/schedules', admin, { ...body, frequency: 'hourly' }),
        400,
      );
      expect(Object.keys(bad.field_codes ?? {})).toContain('frequency');
      expectError(await send('POST', '/api/reports/schedules', admin, { ...body, name: '   ' }), 400);
      expect(await count(t.db, 'report_schedules')).toBe(before);
    });

    it('makes one report per occurrence, even when two runners run the schedules at once and again', async () => {
      const schedule = reportScheduleSchema.parse(
        (
          await send('POST', '/api/reports/schedules', coordinator, {
            name: 'Daily co-op sales',
            report_type: 'sales',
            frequency: 'daily',
          })
        ).json(),
      );
      // The occurrence came due a minute ago.
      const now = new Date();
      const occurrence = new Date(now.getTime() - 60_000);
      await t.db
        .update(reportSchedules)
        .set({ next_run_at: occurrence })
        .where(eq(reportSchedules.id, schedule.id));
      const clock = () => now;
      const a = createJobRunner(t.db, { ...jobCatalogue({ demoLogin: false }), now: clock });
      const b = createJobRunner(t.db, { ...jobCatalogue({ demoLogin: false }), now: clock });
      // The sweep's own slot job is in the future: run the sweep as both runners would, at once and again.
      await Promise.all([
        t.db.transaction((tx) => runDueSchedules(tx, now)),
        t.db.transaction((tx) => runDueSchedules(tx, now)),
      ]);
      await t.db.transaction((tx) => runDueSchedules(tx, now));
      // Even with the schedule put back to the same occurrence, the occurrence is made once.
      await t.db
        .update(reportSchedules)
        .set({ next_run_at: occurrence })
        .where(eq(reportSchedules.id, schedule.id));
      await t.db.transaction((tx) => runDueSchedules(tx, now));
      await Promise.all([a.tick(), b.tick()]);
      await Promise.all([a.tick(), b.tick()]);

      const made = await t.db
        .select()
        .from(generatedReports)
        .where(eq(generatedReports.schedule_id, schedule.id));
      expect(made).toHaveLength(1);
      expect(made[0]!.status).toBe('ready');
      expect(made[0]!.frequency).toBe('daily');
      expect(made[0]!.occurrence_at?.getTime()).toBe(occurrence.getTime());
      // One generate job for it, run once.
      const generateJobs = await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, 'reports.generate'), eq(jobs.key, `reports.generate:${made[0]!.id}`)));
      expect(generateJobs).toHaveLength(1);
      expect(generateJobs[0]!.attempts).toBe(1);
      // The schedule moved on to the next day's 06:00 and shows its last run.
      const [after] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id));
      expect(after!.next_run_at.getTime()).toBe(nextOccurrence('daily', now).getTime());
      expect(after!.last_run_at?.getTime()).toBe(occurrence.getTime());
      // The coordinator finds it among their reports, ready to download.
      const list = (await send('GET', '/api/reports', coordinator)).json() as GeneratedReport[];
      const listed = list.find((r) => r.id === made[0]!.id)!;
      expect(listed.name).toBe('Daily co-op sales');
      expect((await send('GET', `/api/reports/${listed.id}/download`, coordinator)).statusCode).toBe(200);
    });

    it('marks a report failed when its owner may no longer see reports', async () => {
      const owner = await insertUser(t.db, 'admin', 'Demoted Admin');
      const cookie = await t.sessionFor(owner);
      const created = generatedReportSchema.parse(
        (await send('POST', '/api/reports', cookie, { report_type: 'sales', period: '7d' })).json(),
      );
      await t.db.update(users).set({ role: 'retailer' }).where(eq(users.id, owner));
      await runner().tick();
      const [row] = await t.db.select().from(generatedReports).where(eq(generatedReports.id, created.id));
      expect(row!.status).toBe('failed');
      expect(row!.content).toBeNull();
    });
  });
});
