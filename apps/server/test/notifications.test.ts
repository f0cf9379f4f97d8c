import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  NOTIFICATIONS_KEPT,
  NOTIFICATIONS_SHOWN,
  type DemoRole,
  type Notification,
  type NotificationList,
} from '@tt/domain';
import { notifications, users } from '../src/db/schema.ts';
import { createSession, demoEmail, SESSION_COOKIE } from '../src/features/auth/service.ts';
import { notify } from '../src/features/notifications/service.ts';
import { count, createTestApp, expectError, type TestApp } from './support/test-app.ts';

describe('notifications', () => {
  let t: TestApp;
  let retailer: string;
  let retailerId: number;
  let supplierId: number;
  beforeAll(async () => {
    t = await createTestApp();
    retailer = await t.login('retailer');
    retailerId = await userId('retailer');
    supplierId = await userId('supplier');
  });
  afterAll(() => t.close());

  async function userId(role: DemoRole) {
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(role)));
    return row!.id;
  }
  const rowsOf = (userId: number) =>
    t.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, userId))
      .orderBy(desc(notifications.created_at), desc(notifications.id));
  const list = async (cookie: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as NotificationList;
  };

  it('refuses every notification call to an anonymous caller', async () => {
    const [own] = await rowsOf(retailerId);
    const calls = [
      { method: 'GET', url: '/api/notifications' },
      { method: 'POST', url: `/api/notifications/${own!.id}/read` },
      { method: 'POST', url: '/api/notifications/read-all' },
      { method: 'DELETE', url: `/api/notifications/${own!.id}` },
      { method: 'POST', url: '/api/notifications/demo' },
    ] as const;
    const before = await count(t.db, 'notifications');
    for (const call of calls) expectError(await t.app.inject(call), 401, 'unauthorized');
    expect(await count(t.db, 'notifications')).toBe(before);
    expect((await rowsOf(retailerId)).find((n) => n.id === own!.id)?.read).toBe(false);
  });

  it('lists at most 10, newest first, with the unread count', async () => {
    const seeded = await list(retailer);
    expect(seeded.notifications.length).toBe(3);
    expect(seeded.unread_count).toBe(3);

    for (let i = 0; i < 12; i += 1) {
      await notify(t.db, {
        userId: retailerId,
        type: 'order',
        title: `Order ${i}`,
        message: `Order ${i} shipped`,
        params: { number: i },
      });
    }
    const body = await list(retailer);
    expect(body.notifications).toHaveLength(NOTIFICATIONS_SHOWN);
    const stored = await rowsOf(retailerId);
    expect(body.notifications.map((n) => n.id)).toEqual(
      stored.slice(0, NOTIFICATIONS_SHOWN).map((n) => n.id),
    );
    expect(body.notifications[0]).toMatchObject({
      title: 'Order 11',
      message: 'Order 11 shipped',
      params: { number: 11 },
      read: false,
      priority: 'medium',
      type: 'order',
    });
    const times = body.notifications.map((n) => Date.parse(n.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.unread_count).toBe(15);
  });

  it('marks one read', async () => {
    const [newest] = await rowsOf(retailerId);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${newest!.id}/read`,
      headers: { cookie: retailer },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: newest!.id, read: true });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, newest!.id));
    expect(row!.read).toBe(true);
    expect((await list(retailer)).unread_count).toBe(14);
  });

  it("answers 404 for another user's notification and leaves it untouched", async () => {
    const supplier = await t.login('supplier');
    const [theirs] = await rowsOf(retailerId).then((rows) => rows.filter((n) => !n.read));
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${theirs!.id}/read`,
      headers: { cookie: supplier },
    });
    expectError(read, 404, 'notification.not_found');
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${theirs!.id}`,
      headers: { cookie: supplier },
    });
    expectError(remove, 404, 'notification.not_found');
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs!.id));
    expect(row).toEqual(theirs);
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/abc/read',
      headers: { cookie: retailer },
    });
    expectError(response, 400, 'bad_request');
  });

  it("marks all read, only the caller's", async () => {
    const supplier = await t.login('supplier');
    await notify(t.db, { userId: supplierId, type: 'system', title: 'Hello', message: 'Welcome' });
    const unreadBefore = await count(
      t.db,
      'notifications',
      and(eq(notifications.user_id, retailerId), eq(notifications.read, false)),
    );
    expect(unreadBefore).toBeGreaterThan(0);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: retailer },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: unreadBefore });
    expect((await list(retailer)).unread_count).toBe(0);
    expect((await list(supplier)).unread_count).toBe(1);
  });

  it('deletes one', async () => {
    const [newest] = await rowsOf(retailerId);
    const before = await count(t.db, 'notifications');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${newest!.id}`,
      headers: { cookie: retailer },
    });
    expect(response.statusCode).toBe(204);
    expect(await count(t.db, 'notifications')).toBe(before - 1);
    expect((await rowsOf(retailerId)).some((n) => n.id === newest!.id)).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${newest!.id}`,
      headers: { cookie: retailer },
    });
    expectError(again, 404, 'notification.not_found');
  });

  it('simulates a notification for a demo user (201)', async () => {
    const before = await count(t.db, 'notifications', eq(notifications.user_id, retailerId));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/demo',
      headers: { cookie: retailer },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as Notification;
    expect(created.title).toMatch(/^notifications\.demo\..+\.title$/);
    expect(created.read).toBe(false);
    expect(await count(t.db, 'notifications', eq(notifications.user_id, retailerId))).toBe(before + 1);
    expect((await list(retailer)).notifications[0]!.id).toBe(created.id);
  });

  it('refuses the simulation to a user who is not a demo account (403) and writes nothing', async () => {
    const [member] = await t.db.select().from(users).where(eq(users.is_demo, false)).limit(1);
    const { token } = await createSession(t.db, member!.id, 1);
    const before = await count(t.db, 'notifications');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/demo',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expectError(response, 403, 'notification.demo_only');
    expect(await count(t.db, 'notifications')).toBe(before);
  });

  it('keeps at most 50 per user, the newest', async () => {
    const created: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      created.push(
        (await notify(t.db, { userId: supplierId, type: 'system', title: `n${i}`, message: `m${i}` })).id,
      );
    }
    const kept = await rowsOf(supplierId);
    expect(kept).toHaveLength(NOTIFICATIONS_KEPT);
    expect(kept.map((n) => n.id).sort((a, b) => a - b)).toEqual(created.slice(-NOTIFICATIONS_KEPT));
    // Other users' notifications are not trimmed by it.
    expect((await rowsOf(retailerId)).length).toBeGreaterThan(0);
  });
});
