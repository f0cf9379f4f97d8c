import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { jobs, notifications, orders, outboxEvents, users, votes } from '../src/db/schema.ts';
import { moveOrder } from '../src/features/orders/service.ts';
import { findSessionUser } from '../src/features/auth/service.ts';
import { DEMO_RESTORE_JOB, jobCatalogue } from '../src/jobs.ts';
import {
  backoffMs,
  createJobRunner,
  enqueue,
  type JobDefinition,
  type Logger,
} from '../src/platform/jobs/runner.ts';
import { count, createTestApp, expectError, rowsOf, type TestApp } from './support/test-app.ts';
import { seededCoops } from './support/cooperatives.ts';
import {
  idempotencyKey,
  insertCategory,
  insertProduct,
  insertUser,
  orderNumber,
} from './support/marketplace.ts';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
let serial = 0;
const uniqueKey = (name: string) => `${name}:${Date.now()}:${(serial += 1)}`;

async function jobByKey(db: Db, key: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
  return row!;
}

describe('jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('the runner', () => {
    it('runs a job once even when two runners poll at once', async () => {
      const runs = new Map<string, number>();
      const definition: JobDefinition = {
        name: 'test.count',
        async handler(payload, { tx }) {
          const key = String(payload.key);
          runs.set(key, (runs.get(key) ?? 0) + 1);
          // Hold the claim for a moment, so the other runner polls while this one works.
          await tx.execute(sql`select pg_sleep(0.02)`);
        },
      };
      const keys = Array.from({ length: 8 }, () => uniqueKey('test.count'));
      for (const key of keys) {
        await enqueue(t.db, { name: 'test.count', key, payload: { key } });
        // The same occurrence enqueued again is the same job.
        expect(await enqueue(t.db, { name: 'test.count', key, payload: { key } })).toBe(false);
      }
      const a = createJobRunner(t.db, { jobs: [definition] });
      const b = createJobRunner(t.db, { jobs: [definition] });
      const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
      await Promise.all([a.tick(), b.tick()]);
      expect(ranA + ranB).toBe(keys.length);
      for (const key of keys) {
        expect(runs.get(key), key).toBe(1);
        expect(await jobByKey(t.db, key)).toMatchObject({ status: 'succeeded', attempts: 1 });
      }
    });

    it('retries a failing job with exponential backoff, records its error, and gives up after max_attempts', async () => {
      const retailerId = await t.demoUserId('retailer');
      const halfDone = () => count(t.db, 'notifications', sql`title = 'half done'`);
      const start = new Date('2030-01-01T00:00:00Z');
      let clock = start;
      let failuresLeft = 2;
      const log: Logger = { info: vi.fn(), error: vi.fn() };
      const flaky: JobDefinition = {
        name: 'test.flaky',
        async handler(_payload, { tx }) {
          // Written, then undone by the failure: a failed attempt leaves nothing behind.
          await tx
            .insert(notifications)
            .values({ user_id: retailerId, type: 'system', title: 'half done', message: '-' });
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error(`supplier API unreachable (${failuresLeft} left)`);
          }
        },
      };
      const hopeless: JobDefinition = {
        name: 'test.hopeless',
        maxAttempts: 2,
        async handler() {
          throw new Error('never works');
        },
      };
      const runner = createJobRunner(t.db, {
        jobs: [flaky, hopeless],
        baseBackoffMs: 10 * SECOND,
        log,
        now: () => clock,
      });
      const flakyKey = uniqueKey('test.flaky');
      const hopelessKey = uniqueKey('test.hopeless');
      await enqueue(t.db, { name: 'test.flaky', key: flakyKey, runAt: start });
      await enqueue(t.db, { name: 'test.hopeless', key: hopelessKey, runAt: start });

      await runner.tick();
      let job = await jobByKey(t.db, flakyKey);
      expect(job).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'supplier API unreachable (1 left)',
      });
      expect(job.run_at.getTime()).toBe(start.getTime() + 10 * SECOND);
      expect(await halfDone()).toBe(0);
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ job: 'test.flaky', key: flakyKey, attempts: 1 }),
        'job failed; will retry',
      );

      // Not due yet: nothing runs.
      clock = new Date(start.getTime() + 9 * SECOND);
      await runner.tick();
      expect((await jobByKey(t.db, flakyKey)).attempts).toBe(1);

      clock = new Date(start.getTime() + 10 * SECOND);
      await runner.tick();
      job = await jobByKey(t.db, flakyKey);
      expect(job).toMatchObject({
        status: 'pending',
        attempts: 2,
        last_error: 'supplier API unreachable (0 left)',
      });
      // The wait doubles: 10 s, then 20 s.
      expect(job.run_at.getTime()).toBe(clock.getTime() + 20 * SECOND);
      expect(await jobByKey(t.db, hopelessKey)).toMatchObject({
        status: 'failed',
        attempts: 2,
        last_error: 'never works',
      });

      clock = new Date(clock.getTime() + 20 * SECOND);
      await runner.tick();
      expect(await jobByKey(t.db, flakyKey)).toMatchObject({ status: 'succeeded', attempts: 3 });
      // Only the attempt that succeeded left its write.
      expect(await halfDone()).toBe(1);
      expect(backoffMs(1, 30_000, 3_600_000)).toBe(30_000);
      expect(backoffMs(4, 30_000, 3_600_000)).toBe(240_000);
      expect(backoffMs(20, 30_000, 3_600_000)).toBe(3_600_000);
    });

    it('enqueues one occurrence of a recurring job per slot, however many runners', async () => {
      const ran: string[] = [];
      const definition: JobDefinition = {
        name: 'test.every-minute',
        async handler(_payload, { job }) {
          ran.push(job.key);
        },
      };
      let clock = new Date('2031-03-01T10:00:30Z');
      const make = () =>
        createJobRunner(t.db, {
          jobs: [definition],
          schedules: [{ job: 'test.every-minute', everyMs: 60 * SECOND }],
          now: () => clock,
        });
      const [a, b] = [make(), make()];
      await Promise.all([a.tick(), b.tick(), a.tick()]);
      clock = new Date('2031-03-01T10:00:59Z');
      await Promise.all([a.tick(), b.tick()]);
      expect(ran).toEqual([]);
      clock = new Date('2031-03-01T10:01:00Z');
      await Promise.all([a.tick(), b.tick()]);
      // A runner that was down when a slot came runs it when it is back, once.
      clock = new Date('2031-03-01T10:02:40Z');
      await Promise.all([a.tick(), b.tick()]);
      expect(ran).toEqual([
        'test.every-minute@2031-03-01T10:01:00.000Z',
        'test.every-minute@2031-03-01T10:02:00.000Z',
      ]);
    });

    it('stops cleanly: start, then stop waits for the round in hand', async () => {
      const runner = createJobRunner(t.db, { jobs: [], pollMs: 100 });
      runner.start();
      await new Promise((resolve) => setTimeout(resolve, 250));
      await expect(runner.stop()).resolves.toBeUndefined();
    });
  });

  describe('the outbox', () => {
    let supplierId: number;
    let category: number;
    beforeAll(async () => {
      supplierId = await t.demoUserId('supplier');
      category = await insertCategory(t.db, 'Outbox test');
    });

    const eventsOf = async (orderId: number) =>
      (
        await t.db
          .select()
          .from(outboxEvents)
          .where(sql`(${outboxEvents.payload}->>'order_id')::int = ${orderId}`)
          .orderBy(outboxEvents.id)
      ).map((e) => ({ topic: e.topic, payload: e.payload }));

    it('writes order.created, order.updated and order.cancelled with their orders and dispatches them to subscribers as jobs', async () => {
      const buyerId = await insertUser(t.db, 'retailer');
      const cookie = await t.sessionFor(buyerId);
      const productId = await insertProduct(t.db, {
        seller_id: supplierId,
        category_id: category,
        price_cents: 1000,
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { cookie },
        payload: { product_id: productId, quantity: 1 },
      });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, 'idempotency-key': idempotencyKey() },
        payload: {
          order_number: orderNumber(),
          total_amount: 51.49,
          tax_amount: 1.5,
          discount_amount: 0,
          delivery_option: 'standard',
          items: [{ product_id: productId, quantity: 1, unit_price: 10, total_price: 10 }],
        },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = (placed.json() as { orders: { id: number; order_number: string }[] }).orders[0]!;
      const supplier = await t.login('supplier');
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/status`,
        headers: { cookie: supplier },
        payload: { status: 'confirmed' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/cancel`,
        headers: { cookie },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const base = {
        order_id: order.id,
        order_number: order.order_number,
        buyer_id: buyerId,
        seller_id: supplierId,
      };
      expect(await eventsOf(order.id)).toEqual([
        { topic: 'order.created', payload: { ...base, status: 'pending', total_cents: 5149 } },
        { topic: 'order.updated', payload: { ...base, status: 'confirmed', previous_status: 'pending' } },
        { topic: 'order.cancelled', payload: { ...base, status: 'cancelled', previous_status: 'confirmed' } },
      ]);

      // A subscriber gets each event once, as a job, however often the dispatcher runs.
      const seen: { topic: string; order_id: unknown }[] = [];
      const subscriber: JobDefinition = {
        name: 'test.on-order',
        async handler(payload) {
          const event = payload.event as { topic: string; payload: { order_id: number } };
          if (event.payload.order_id === order.id)
            seen.push({ topic: event.topic, order_id: event.payload.order_id });
        },
      };
      const runner = createJobRunner(t.db, {
        jobs: [subscriber],
        subscriptions: [
          { topic: 'order.created', job: 'test.on-order' },
          { topic: 'order.cancelled', job: 'test.on-order' },
        ],
      });
      await runner.tick();
      await runner.tick();
      expect(seen).toEqual([
        { topic: 'order.created', order_id: order.id },
        { topic: 'order.cancelled', order_id: order.id },
      ]);
      expect(await count(t.db, 'outbox_events', sql`dispatched_at is null`)).toBe(0);
    });

    it('rolls an event back with its order: a failed transaction leaves neither the change nor the event', async () => {
      const retailerId = await t.demoUserId('retailer');
      const [pending] = await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.buyer_id, retailerId),
            eq(orders.seller_id, supplierId),
            eq(orders.status, 'pending'),
          ),
        )
        .limit(1);
      const seller = (await findSessionUser(t.db, (await t.login('supplier')).split('=')[1]!))!;
      const before = await count(t.db, 'outbox_events');
      await expect(
        t.db.transaction(async (tx) => {
          await moveOrder(tx as unknown as Db, seller, pending!.id, 'confirmed');
          // The event is there inside the transaction...
          expect(await count(tx as unknown as Db, 'outbox_events')).toBe(before + 1);
          throw new Error('something later in the same transaction fails');
        }),
      ).rejects.toThrow('something later');
      // ...and gone with the order's change.
      expect(await count(t.db, 'outbox_events')).toBe(before);
      const [after] = await t.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, pending!.id));
      expect(after!.status).toBe('pending');
    });
  });

  describe('vote closing', () => {
    it('a job enqueued with the vote completes it when it ends; the sweep catches votes without one', async () => {
      const { soweto } = await seededCoops(t.db);
      const cookie = await t.login('retailer');
      const end = new Date(Date.now() + 60 * 60 * SECOND);
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/cooperatives/${soweto}/votes`,
        headers: { cookie },
        payload: { title: 'Close me on time', end_date: end.toISOString() },
      });
      expect(created.statusCode, created.body).toBe(201);
      const voteId = (created.json() as { id: number }).id;
      const closeJob = await jobByKey(t.db, `governance.close-vote:${voteId}`);
      expect(closeJob).toMatchObject({ status: 'pending', payload: { vote_id: voteId } });
      expect(closeJob.run_at.toISOString()).toBe(end.toISOString());
      await t.app.inject({
        method: 'POST',
        url: `/api/cooperatives/${soweto}/votes/${voteId}/ballots`,
        headers: { cookie },
        payload: { choice: 'for' },
      });

      const { jobs: definitions, schedules } = jobCatalogue({ demoLogin: false });
      let clock = new Date(end.getTime() - SECOND);
      const runner = createJobRunner(t.db, { jobs: definitions, now: () => clock });
      await runner.tick();
      expect((await t.db.select().from(votes).where(eq(votes.id, voteId)))[0]!.status).toBe('active');

      clock = new Date(end.getTime() + SECOND);
      await runner.tick();
      const [closed] = await t.db.select().from(votes).where(eq(votes.id, voteId));
      expect(closed).toMatchObject({ status: 'completed', outcome: 'carried' });
      expect(closed!.completed_at!.toISOString()).toBe(end.toISOString());
      expect(await jobByKey(t.db, `governance.close-vote:${voteId}`)).toMatchObject({ status: 'succeeded' });

      // A vote that ended with no job of its own (as the seeded ones may): the recurring sweep closes it.
      const [orphan] = await t.db
        .insert(votes)
        .values({
          coop_id: soweto,
          title: 'Ended without a job',
          vote_type: 'general_resolution',
          status: 'active',
          end_date: new Date(Date.now() - DAY),
          created_by: await t.demoUserId('coordinator'),
        })
        .returning({ id: votes.id });
      let sweepClock = new Date();
      const sweeper = createJobRunner(t.db, { jobs: definitions, schedules, now: () => sweepClock });
      await sweeper.tick();
      sweepClock = new Date(sweepClock.getTime() + 5 * 60 * SECOND);
      await sweeper.tick();
      const [swept] = await t.db.select().from(votes).where(eq(votes.id, orphan!.id));
      expect(swept).toMatchObject({ status: 'completed', outcome: 'not_carried' });
    });
  });

  describe('GET /api/admin/jobs', () => {
    it('shows an admin the counts and the failures; others get 401/403', async () => {
      const key = uniqueKey('test.visible-failure');
      await enqueue(t.db, { name: 'test.visible-failure', key });
      // A runner without a handler for it records that as the job's error.
      await createJobRunner(t.db, { jobs: [] }).tick();
      const admin = await t.login('admin');
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/jobs',
        headers: { cookie: admin },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        counts: Record<string, number>;
        problems: { key: string; status: string; last_error: string; attempts: number }[];
      };
      expect(body.counts.succeeded).toBeGreaterThan(0);
      expect(body.problems.find((p) => p.key === key)).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'No handler for job test.visible-failure',
      });
      expectError(await t.app.inject({ method: 'GET', url: '/api/admin/jobs' }), 401);
      const retailer = await t.login('retailer');
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie: retailer } }),
        403,
      );
    });
  });

  describe('the daily demo restore', () => {
    it('puts the demo world back to its seeded state, and waits while real accounts exist', async () => {
      const tables = [
        'users',
        'products',
        'orders',
        'order_items',
        'cooperatives',
        'cooperative_memberships',
        'votes',
        'ballots',
        'meetings',
        'coop_transactions',
        'virtual_warehouses',
        'warehouse_ownerships',
        'bulk_orders',
        'bulk_order_participations',
        'subscriptions',
        'notifications',
        'categories',
      ];
      // Its own copy of the template (exactly the seeded world), untouched by the other tests here.
      const r = await createTestApp();
      const seeded = Object.fromEntries(
        await Promise.all(tables.map(async (table) => [table, await count(r.db, table)] as const)),
      );

      // Visitors break the demo: the admin demotes itself, the retailer renames itself.
      const adminId = await r.demoUserId('admin');
      await r.db.update(users).set({ role: 'retailer' }).where(eq(users.id, adminId));
      await r.db
        .update(users)
        .set({ name: 'Vandalised' })
        .where(eq(users.id, await r.demoUserId('retailer')));

      const { jobs: definitions, schedules } = jobCatalogue({ demoLogin: true });
      expect(schedules.map((s) => s.job)).toContain(DEMO_RESTORE_JOB);
      expect(jobCatalogue({ demoLogin: false }).schedules.map((s) => s.job)).not.toContain(DEMO_RESTORE_JOB);
      let at = new Date(Date.UTC(2032, 0, 2, 1, 59, 0));
      const runner = createJobRunner(r.db, { jobs: definitions, schedules, now: () => at });
      await runner.tick();
      expect(await count(r.db, 'users', sql`name = 'Vandalised'`)).toBe(1);
      at = new Date(Date.UTC(2032, 0, 2, 2, 0, 30));
      await runner.tick();
      expect(await jobByKey(r.db, `${DEMO_RESTORE_JOB}@2032-01-02T02:00:00.000Z`)).toMatchObject({
        status: 'succeeded',
      });

      const restored = Object.fromEntries(
        await Promise.all(tables.map(async (table) => [table, await count(r.db, table)] as const)),
      );
      expect(restored).toEqual(seeded);
      const admin = await r.db.select().from(users).where(eq(users.email, 'demo.admin@township-trade.co.za'));
      expect(admin[0]!.role).toBe('admin');
      const retailer = await r.db
        .select()
        .from(users)
        .where(eq(users.email, 'demo.retailer@township-trade.co.za'));
      expect(retailer[0]!.name).toBe('Thandi Mokoena');
      // The demo's dates follow the restore: the running votes end a week after it.
      const running = rowsOf<{ end_date: string }>(
        await r.db.execute(
          sql`select end_date::text from votes where title = 'Approve the winter stock-up bulk purchase' limit 1`,
        ),
      );
      expect(new Date(running[0]!.end_date).toISOString()).toBe(
        new Date(at.getTime() + 7 * DAY).toISOString(),
      );
      // Demo sign-in works on the restored accounts.
      expect(
        (await r.app.inject({ method: 'POST', url: '/api/demo/login', payload: { role: 'admin' } }))
          .statusCode,
      ).toBe(200);

      // A real account: the restore removes whatever points at the demo world, so it waits, and keeps everything.
      const [outsiderRow] = await r.db
        .insert(users)
        .values({
          email: 'real.person@gmail.test',
          name: 'Real Person',
          role: 'retailer',
          oidc_subject: 'sub-real',
        })
        .returning({ id: users.id });
      await r.db
        .insert(notifications)
        .values({ user_id: outsiderRow!.id, type: 'system', title: 'Mine', message: 'Kept' });
      await r.db
        .update(users)
        .set({ name: 'Vandalised again' })
        .where(eq(users.id, await r.demoUserId('retailer')));
      at = new Date(Date.UTC(2032, 0, 3, 2, 0, 30));
      await runner.tick();
      expect(await jobByKey(r.db, `${DEMO_RESTORE_JOB}@2032-01-03T02:00:00.000Z`)).toMatchObject({
        status: 'succeeded',
      });
      expect(await count(r.db, 'users', sql`name = 'Vandalised again'`)).toBe(1);
      expect(await count(r.db, 'notifications', sql`user_id = ${outsiderRow!.id}`)).toBe(1);
      await r.close();
    });
  });
});
