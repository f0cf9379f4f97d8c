import { and, count, desc, eq, lte } from 'drizzle-orm';
import {
  bucketLabels,
  can,
  centsToRand,
  daysBack,
  nextOccurrence,
  occurrenceRange,
  percentChange,
  reportRange,
  sastDay,
  toCsv,
  COOPERATIVES_SHOWN,
  LATEST_ORDERS_SHOWN,
  MAX_REPORT_ROWS,
  MAX_REPORTS_GENERATING,
  MAX_SCHEDULES_PER_USER,
  REPORT_LIST_LIMIT,
  TOP_PRODUCTS_SHOWN,
  type CreateSchedule,
  type GeneratedReport,
  type LiveAnalytics,
  type ReportFrequency,
  type ReportOverview,
  type ReportPeriod,
  type ReportSchedule,
  type ReportScope,
  type ReportType,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/runner.ts';
import { roleOf, type UserRow } from '../auth/service.ts';
import { cooperativesWithMembers, membersCoordinatedBy } from '../cooperatives/service.ts';
import {
  latestOrdersOf,
  openOrderCount,
  orderRegister,
  orderStatusCounts,
  orderTotals,
  orderTotalsBy,
  orderTotalsByBuyer,
  productSales,
  unitsSold,
} from '../orders/service.ts';
import { generatedReports, reportSchedules } from './tables.ts';

export const GENERATE_REPORT_JOB = 'reports.generate';
export const RUN_SCHEDULES_JOB = 'reports.run-schedules';
/** More co-ops than any coordinator runs: the scope's list of names is bounded like every list. */
const SCOPE_COOPS_LIMIT = 100;

type Caller = Pick<UserRow, 'id' | 'role'>;

interface Scope extends ReportScope {
  /** Whose orders count: null for every order (an admin), else the coordinated co-ops' members. */
  buyers: number[] | null;
  /** The coordinator whose co-ops are listed, or null for every co-op. */
  coordinatorId: number | null;
}

/** An admin (who sees every order) reports on the platform; a coordinator on the co-ops they coordinate. */
async function scopeOf(db: Db | Tx, caller: Caller): Promise<Scope> {
  if (can(caller.role, 'orders.view_all')) {
    return { kind: 'all', cooperatives: [], buyers: null, coordinatorId: null };
  }
  const coops = await cooperativesWithMembers(db, caller.id, SCOPE_COOPS_LIMIT);
  return {
    kind: 'cooperatives',
    cooperatives: coops.map((c) => ({ id: c.id, name: c.name })),
    buyers: await membersCoordinatedBy(db, caller.id),
    coordinatorId: caller.id,
  };
}

const publicScope = ({ kind, cooperatives }: Scope): ReportScope => ({ kind, cooperatives });

/** Each co-op in scope with its members' orders in [from, to). */
async function cooperativeFigures(db: Db | Tx, scope: Scope, from: Date, to: Date, limit: number) {
  const coops = await cooperativesWithMembers(db, scope.coordinatorId, limit);
  const members = [...new Set(coops.flatMap((c) => c.memberIds))];
  const byBuyer = await orderTotalsByBuyer(db, members, from, to);
  return coops.map((c) => {
    const sums = c.memberIds.map((id) => byBuyer.get(id) ?? { orders: 0, cents: 0 });
    return {
      id: c.id,
      name: c.name,
      status: c.status,
      members: c.current_members,
      orders: sums.reduce((n, s) => n + s.orders, 0),
      cents: sums.reduce((n, s) => n + s.cents, 0),
    };
  });
}

export async function reportOverview(
  db: Db,
  caller: Caller,
  period: ReportPeriod,
  now = new Date(),
): Promise<ReportOverview> {
  const scope = await scopeOf(db, caller);
  const range = reportRange(period, now);
  const { from, to } = range;
  const [totals, previous, byBucket, statuses, top, units, coops] = await Promise.all([
    orderTotals(db, scope.buyers, from, to),
    orderTotals(db, scope.buyers, range.previousFrom, from),
    orderTotalsBy(db, range.bucket, scope.buyers, from, to),
    orderStatusCounts(db, scope.buyers, from, to),
    productSales(db, scope.buyers, from, to, TOP_PRODUCTS_SHOWN),
    unitsSold(db, scope.buyers, from, to),
    cooperativeFigures(db, scope, from, to, COOPERATIVES_SHOWN),
  ]);
  const kept = totals.orders - totals.cancelled;
  return {
    period,
    from: from.toISOString(),
    to: to.toISOString(),
    bucket: range.bucket,
    scope: publicScope(scope),
    figures: {
      revenue: centsToRand(totals.total_cents),
      revenue_change_percent: percentChange(previous.total_cents, totals.total_cents),
      orders: totals.orders,
      orders_change_percent: percentChange(previous.orders, totals.orders),
      average_order_value: kept === 0 ? 0 : centsToRand(Math.round(totals.total_cents / kept)),
      active_buyers: totals.buyers,
      units_sold: units,
      cancelled_orders: totals.cancelled,
    },
    revenue_series: bucketLabels(range).map((label) => ({
      label,
      revenue: centsToRand(byBucket.get(label)?.total_cents ?? 0),
      orders: byBucket.get(label)?.orders ?? 0,
    })),
    status_breakdown: statuses,
    top_products: top.map((p) => ({
      product_id: p.product_id,
      name: p.name,
      sku: p.sku,
      units: p.units,
      revenue: centsToRand(p.revenue_cents),
    })),
    cooperatives: coops.map(({ cents, ...c }) => ({ ...c, revenue: centsToRand(cents) })),
  };
}

export async function liveAnalytics(db: Db, caller: Caller, now = new Date()): Promise<LiveAnalytics> {
  const scope = await scopeOf(db, caller);
  const dayStart = daysBack(now, 0);
  const [today, hourly, lastHour, open, latest] = await Promise.all([
    orderTotals(db, scope.buyers, dayStart, now),
    orderTotalsBy(db, 'hour', scope.buyers, dayStart, now),
    orderTotals(db, scope.buyers, new Date(now.getTime() - 60 * 60_000), now),
    openOrderCount(db, scope.buyers),
    latestOrdersOf(db, scope.buyers, LATEST_ORDERS_SHOWN),
  ]);
  return {
    generated_at: now.toISOString(),
    scope: publicScope(scope),
    today: { orders: today.orders, revenue: centsToRand(today.total_cents) },
    last_hour_orders: lastHour.orders,
    open_orders: open,
    hourly: Array.from({ length: 24 }, (_, h) => {
      const hour = String(h).padStart(2, '0');
      return {
        hour,
        orders: hourly.get(hour)?.orders ?? 0,
        revenue: centsToRand(hourly.get(hour)?.total_cents ?? 0),
      };
    }),
    latest_orders: latest,
  };
}

// ---- The files

const rand = (cents: number) => (cents / 100).toFixed(2);

/** A report's rows, built from the other areas' figures for [from, to); at most MAX_REPORT_ROWS rows. */
async function reportRows(
  tx: Tx,
  type: ReportType,
  scope: Scope,
  from: Date,
  to: Date,
): Promise<{ header: string[]; rows: (string | number | null)[][] }> {
  switch (type) {
    case 'sales': {
      const byDay = await orderTotalsBy(tx, 'day', scope.buyers, from, to);
      const days = bucketLabels({ from, to: new Date(to.getTime() - 1), bucket: 'day' });
      return {
        header: [
          'date',
          'orders',
          'cancelled_orders',
          'revenue_rand',
          'vat_rand',
          'delivery_rand',
          'discount_rand',
          'buyers',
        ],
        rows: days.slice(-MAX_REPORT_ROWS).map((day) => {
          const t = byDay.get(day);
          return [
            day,
            t?.orders ?? 0,
            t?.cancelled ?? 0,
            rand(t?.total_cents ?? 0),
            rand(t?.tax_cents ?? 0),
            rand(t?.delivery_cents ?? 0),
            rand(t?.discount_cents ?? 0),
            t?.buyers ?? 0,
          ];
        }),
      };
    }
    case 'products': {
      const sales = await productSales(tx, scope.buyers, from, to, MAX_REPORT_ROWS);
      return {
        header: ['product', 'sku', 'units_sold', 'orders', 'revenue_rand'],
        rows: sales.map((p) => [p.name, p.sku, p.units, p.orders, rand(p.revenue_cents)]),
      };
    }
    case 'orders': {
      const register = await orderRegister(tx, scope.buyers, from, to, MAX_REPORT_ROWS);
      return {
        header: [
          'order_number',
          'placed_at',
          'status',
          'buyer',
          'seller',
          'subtotal_rand',
          'vat_rand',
          'delivery_rand',
          'discount_rand',
          'total_rand',
        ],
        rows: register.map((o) => [
          o.order_number,
          o.created_at.toISOString(),
          o.status,
          o.buyer,
          o.seller,
          rand(o.subtotal_cents),
          rand(o.tax_cents),
          rand(o.delivery_cents),
          rand(o.discount_cents),
          rand(o.total_cents),
        ]),
      };
    }
    case 'cooperatives': {
      const coops = await cooperativeFigures(tx, scope, from, to, MAX_REPORT_ROWS);
      return {
        header: ['cooperative', 'status', 'members', 'orders', 'revenue_rand'],
        rows: coops.map((c) => [c.name, c.status, c.members, c.orders, rand(c.cents)]),
      };
    }
  }
}

type ReportRow = typeof generatedReports.$inferSelect;

const toGeneratedReport = (r: ReportRow): GeneratedReport => ({
  id: r.id,
  name: r.name,
  report_type: r.report_type as ReportType,
  format: 'csv',
  status: r.status as GeneratedReport['status'],
  period: r.period as ReportPeriod | null,
  frequency: r.frequency as ReportFrequency | null,
  period_from: r.period_from.toISOString(),
  period_to: r.period_to.toISOString(),
  row_count: r.row_count,
  byte_size: r.byte_size,
  created_at: r.created_at.toISOString(),
  finished_at: r.finished_at?.toISOString() ?? null,
});

const reportColumns = {
  id: generatedReports.id,
  owner_id: generatedReports.owner_id,
  schedule_id: generatedReports.schedule_id,
  occurrence_at: generatedReports.occurrence_at,
  name: generatedReports.name,
  report_type: generatedReports.report_type,
  format: generatedReports.format,
  period: generatedReports.period,
  frequency: generatedReports.frequency,
  period_from: generatedReports.period_from,
  period_to: generatedReports.period_to,
  status: generatedReports.status,
  content: generatedReports.content,
  row_count: generatedReports.row_count,
  byte_size: generatedReports.byte_size,
  error: generatedReports.error,
  created_at: generatedReports.created_at,
  finished_at: generatedReports.finished_at,
};
/** The list leaves the files out. */
const { content: _content, ...listColumns } = reportColumns;

export async function listReports(db: Db, caller: Caller): Promise<GeneratedReport[]> {
  const rows = await db
    .select(listColumns)
    .from(generatedReports)
    .where(eq(generatedReports.owner_id, caller.id))
    .orderBy(desc(generatedReports.created_at), desc(generatedReports.id))
    .limit(REPORT_LIST_LIMIT);
  return rows.map((r) => toGeneratedReport({ ...r, content: null }));
}

/** Asks for a report: the row (generating) and its job are written together; the job makes the file. */
export async function requestReport(
  db: Db,
  caller: Caller,
  input: { report_type: ReportType; period: ReportPeriod },
  now = new Date(),
): Promise<GeneratedReport> {
  return db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ n: count() })
      .from(generatedReports)
      .where(and(eq(generatedReports.owner_id, caller.id), eq(generatedReports.status, 'generating')));
    if ((waiting?.n ?? 0) >= MAX_REPORTS_GENERATING) {
      throw fail('reports.too_many_generating', { limit: MAX_REPORTS_GENERATING });
    }
    const { from } = reportRange(input.period, now);
    const [row] = await tx
      .insert(generatedReports)
      .values({
        owner_id: caller.id,
        name: `${input.report_type}-${input.period}-${sastDay(now)}`,
        report_type: input.report_type,
        period: input.period,
        period_from: from,
        period_to: now,
        created_at: now,
      })
      .returning();
    await enqueue(tx, {
      name: GENERATE_REPORT_JOB,
      key: `${GENERATE_REPORT_JOB}:${row!.id}`,
      payload: { report_id: row!.id },
      runAt: now,
    });
    return toGeneratedReport(row!);
  });
}

/**
 * The job's work: builds the file of a report that is still generating, in the owner's scope as it is
 * now. A report already made (the job run again) is left as it is.
 */
export async function generateReport(tx: Tx, reportId: number, now: Date): Promise<void> {
  const [report] = await tx
    .select()
    .from(generatedReports)
    .where(eq(generatedReports.id, reportId))
    .for('update');
  if (!report || report.status !== 'generating') return;
  const role = await roleOf(tx, report.owner_id);
  if (!can(role, 'reports.view')) {
    await markReportFailed(tx, reportId, 'The owner may no longer see reports.', now);
    return;
  }
  const scope = await scopeOf(tx, { id: report.owner_id, role: role! });
  const { header, rows } = await reportRows(
    tx,
    report.report_type as ReportType,
    scope,
    report.period_from,
    report.period_to,
  );
  // The byte-order mark lets spreadsheet programs read the names' accents as UTF-8.
  const content = `\uFEFF${toCsv(header, rows)}`;
  await tx
    .update(generatedReports)
    .set({
      status: 'ready',
      content,
      row_count: rows.length,
      byte_size: Buffer.byteLength(content, 'utf8'),
      finished_at: now,
    })
    .where(eq(generatedReports.id, reportId));
}

export async function markReportFailed(tx: Tx, reportId: number, error: string, now: Date): Promise<void> {
  await tx
    .update(generatedReports)
    .set({ status: 'failed', error: error.slice(0, 2000), finished_at: now })
    .where(and(eq(generatedReports.id, reportId), eq(generatedReports.status, 'generating')));
}

/** A ready report's file; someone else's report is 404, one still generating 409. */
export async function reportFile(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(generatedReports)
    .where(and(eq(generatedReports.id, id), eq(generatedReports.owner_id, caller.id)));
  if (!row) throw fail('reports.not_found');
  if (row.status !== 'ready' || row.content === null) throw fail('reports.not_ready');
  const file = `township-trade-${row.report_type}-${sastDay(row.period_from)}-to-${sastDay(new Date(row.period_to.getTime() - 1))}-${row.id}.csv`;
  return { file, content: row.content };
}

// ---- Schedules

type ScheduleRow = typeof reportSchedules.$inferSelect;
const toSchedule = (r: ScheduleRow): ReportSchedule => ({
  id: r.id,
  name: r.name,
  report_type: r.report_type as ReportType,
  frequency: r.frequency as ReportFrequency,
  format: 'csv',
  next_run_at: r.next_run_at.toISOString(),
  last_run_at: r.last_run_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

export async function listSchedules(db: Db, caller: Caller): Promise<ReportSchedule[]> {
  const rows = await db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.owner_id, caller.id))
    .orderBy(reportSchedules.next_run_at, reportSchedules.id)
    .limit(MAX_SCHEDULES_PER_USER);
  return rows.map(toSchedule);
}

export async function createSchedule(
  db: Db,
  caller: Caller,
  input: Required<Pick<CreateSchedule, 'name' | 'report_type' | 'frequency'>>,
  now = new Date(),
): Promise<ReportSchedule> {
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ n: count() })
      .from(reportSchedules)
      .where(eq(reportSchedules.owner_id, caller.id));
    if ((mine?.n ?? 0) >= MAX_SCHEDULES_PER_USER) {
      throw fail('reports.schedule_limit', { limit: MAX_SCHEDULES_PER_USER });
    }
    const [row] = await tx
      .insert(reportSchedules)
      .values({
        owner_id: caller.id,
        name: input.name,
        report_type: input.report_type,
        frequency: input.frequency,
        next_run_at: nextOccurrence(input.frequency, now),
        created_at: now,
      })
      .returning();
    return toSchedule(row!);
  });
}

export async function deleteSchedule(db: Db, caller: Caller, id: number): Promise<void> {
  const deleted = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.owner_id, caller.id)))
    .returning({ id: reportSchedules.id });
  if (deleted.length === 0) throw fail('reports.schedule_not_found');
}

/**
 * The recurring job: every schedule that is due gets one report for its latest due occurrence (missed
 * ones while no runner was up are not made up one by one) and moves on to its next occurrence. The
 * unique (schedule_id, occurrence_at) makes an occurrence one report even if this runs twice.
 */
export async function runDueSchedules(tx: Tx, now: Date): Promise<number> {
  const due = await tx
    .select()
    .from(reportSchedules)
    .where(lte(reportSchedules.next_run_at, now))
    .orderBy(reportSchedules.next_run_at, reportSchedules.id)
    .limit(100)
    .for('update', { skipLocked: true });
  let made = 0;
  for (const schedule of due) {
    const frequency = schedule.frequency as ReportFrequency;
    let occurrence = schedule.next_run_at;
    for (
      let next = nextOccurrence(frequency, occurrence);
      next <= now;
      next = nextOccurrence(frequency, next)
    ) {
      occurrence = next;
    }
    const { from, to } = occurrenceRange(frequency, occurrence);
    const [row] = await tx
      .insert(generatedReports)
      .values({
        owner_id: schedule.owner_id,
        schedule_id: schedule.id,
        occurrence_at: occurrence,
        name: schedule.name,
        report_type: schedule.report_type,
        frequency,
        period_from: from,
        period_to: to,
        created_at: now,
      })
      .onConflictDoNothing({ target: [generatedReports.schedule_id, generatedReports.occurrence_at] })
      .returning({ id: generatedReports.id });
    if (row) {
      made += 1;
      await enqueue(tx, {
        name: GENERATE_REPORT_JOB,
        key: `${GENERATE_REPORT_JOB}:${row.id}`,
        payload: { report_id: row.id },
        runAt: now,
      });
    }
    await tx
      .update(reportSchedules)
      .set({ next_run_at: nextOccurrence(frequency, now), last_run_at: occurrence })
      .where(eq(reportSchedules.id, schedule.id));
  }
  return made;
}
