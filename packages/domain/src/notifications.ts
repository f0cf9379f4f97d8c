import { z } from 'zod';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from './notification-rules.ts';

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

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
