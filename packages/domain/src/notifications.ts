import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'order',
  'system',
  'cooperative',
  'achievement',
  'message',
  'alert',
] as const;
export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

/** Spec 1 §9. */
export const NOTIFICATIONS_SHOWN = 10;
export const NOTIFICATIONS_KEPT = 50;
export const DEMO_NOTIFICATION_INTERVAL_MS = 15_000;
export const DEMO_NOTIFICATION_CHANCE = 0.3;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Either plain text or a translation key (notifications.*) filled with params. */
  title: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  /** The app path of the notification's subject (e.g. /orders?order=12), or null when it has none. */
  link: z.string().startsWith('/').nullable(),
  read: z.boolean(),
  timestamp: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export type NotificationType = Notification['type'];
export type NotificationPriority = Notification['priority'];

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** The bell's badge: the count, or 9+ above nine. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** The demo simulation's pool (spec 1 §9): translation keys, so each user reads them in their language. */
export const DEMO_NOTIFICATION_TEMPLATES: readonly {
  type: NotificationType;
  priority: NotificationPriority;
  key: string;
}[] = [
  { type: 'order', priority: 'high', key: 'order_shipped' },
  { type: 'order', priority: 'medium', key: 'order_confirmed' },
  { type: 'cooperative', priority: 'medium', key: 'coop_vote' },
  { type: 'cooperative', priority: 'low', key: 'coop_meeting' },
  { type: 'achievement', priority: 'low', key: 'achievement' },
  { type: 'message', priority: 'medium', key: 'supplier_message' },
  { type: 'alert', priority: 'urgent', key: 'low_stock' },
  { type: 'system', priority: 'low', key: 'system_update' },
];
