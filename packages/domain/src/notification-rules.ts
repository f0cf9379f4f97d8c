// The notifications' rules without their schemas: zod-free, so the shell's bell can use them (ADR 024,
// fourth pass).

export const NOTIFICATION_TYPES = [
  'order',
  'system',
  'cooperative',
  'achievement',
  'message',
  'alert',
] as const;
export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** Spec 1 §9. */
export const NOTIFICATIONS_SHOWN = 10;
export const NOTIFICATIONS_KEPT = 50;
export const DEMO_NOTIFICATION_INTERVAL_MS = 15_000;
export const DEMO_NOTIFICATION_CHANCE = 0.3;

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
