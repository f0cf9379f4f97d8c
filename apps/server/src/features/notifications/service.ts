import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  NOTIFICATIONS_KEPT,
  NOTIFICATIONS_SHOWN,
  type Notification,
  type NotificationList,
  type NotificationPriority,
  type NotificationType,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { notifications } from './tables.ts';

type Row = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  priority?: NotificationPriority;
  params?: Record<string, string | number>;
  /** The app path of the subject, opened when the notification is clicked (must start with '/'). */
  link?: string;
}

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    params: row.params,
    priority: row.priority as NotificationPriority,
    link: row.link,
    read: row.read,
    timestamp: row.created_at.toISOString(),
  };
}

export async function listNotifications(db: Db, userId: number): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
  const [unread] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.read, false)));
  return { notifications: rows.map(toNotification), unread_count: unread?.count ?? 0 };
}

/** Stores a notification and keeps only the newest NOTIFICATIONS_KEPT of that user. Other areas call this. */
export async function notify(db: Db | Tx, input: NewNotification): Promise<Notification> {
  const [row] = await db
    .insert(notifications)
    .values({
      user_id: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      priority: input.priority ?? 'medium',
      params: input.params ?? {},
      link: input.link ?? null,
    })
    .returning();
  const keep = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.user_id, input.userId))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(NOTIFICATIONS_KEPT);
  await db
    .delete(notifications)
    .where(and(eq(notifications.user_id, input.userId), notInArray(notifications.id, keep)));
  return toNotification(row!);
}

/**
 * Like notify, unless the user still has an unread notice with the same link: a busy conversation (live
 * chat) then shows one notice until it is read, not one per message.
 */
export async function notifyUnlessUnread(db: Db | Tx, input: NewNotification & { link: string }) {
  const [waiting] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.user_id, input.userId),
        eq(notifications.link, input.link),
        eq(notifications.read, false),
      ),
    )
    .limit(1);
  if (waiting) return null;
  return notify(db, input);
}

export async function markRead(db: Db, userId: number, id: number): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning();
  if (!row) throw fail('notification.not_found');
  return toNotification(row);
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.user_id, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<void> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw fail('notification.not_found');
}

/** Every notification a user holds, for their personal-data export. */
export async function notificationsOf(db: Db | Tx, userId: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(NOTIFICATIONS_KEPT);
  return rows.map(toNotification);
}

/** Closing an account: notifications are only for the person, so they go. */
export async function deleteNotificationsOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.user_id, userId));
}

export async function countNotifications(db: Db, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  return db.$count(notifications, inArray(notifications.user_id, userIds));
}
