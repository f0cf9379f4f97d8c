import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Popover } from 'radix-ui';
import { Bell, Check, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { unreadBadge, type Notification, type NotificationPriority } from '@tt/domain';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/format';
import { sameOriginPath } from '../../lib/return-to';
import { useDeleteNotification, useMarkAllRead, useMarkRead, useNotifications } from './api';

const priorityStyle: Record<NotificationPriority, string> = {
  low: 'border-l-stone-300',
  medium: 'border-l-blue-400',
  high: 'border-l-orange-500',
  urgent: 'border-l-red-600 bg-red-50/60',
};

export function NotificationBell() {
  const { t } = useTranslation();
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const badge = unreadBadge(data?.unread_count ?? 0);
  /** Opening a notice marks it read and, when it names its subject, opens that (issue 10 point 9). */
  const openNotification = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    const link = sameOriginPath(n.link);
    if (link) {
      setOpen(false);
      void navigate(link);
    }
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="relative grid size-10 place-items-center rounded-full text-stone-600 hover:bg-stone-100"
        // The name says what the badge shows ("9+" past nine), so the visible label is part of the
        // accessible name (WCAG 2.5.3 Label in Name).
        aria-label={badge ? t('notifications.bell_unread', { count: badge }) : t('notifications.bell')}
      >
        <Bell aria-hidden className="size-5" />
        {badge && (
          <span
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {badge}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notifications-title"
          className="z-50 w-[min(92vw,380px)] rounded-xl border border-stone-200 bg-white shadow-xl"
        >
          <NotificationPanel badge={badge} onOpen={openNotification} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The open popover's header and list: its own component, so that a closed bell builds none of it (issue 9: the
 * list's elements and dates were made on every render of the shell's bell, open or not).
 */
function NotificationPanel({ badge, onOpen }: { badge: string | null; onOpen: (n: Notification) => void }) {
  const { t, i18n } = useTranslation();
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useDeleteNotification();
  const text = (n: Notification, part: 'title' | 'message') => {
    const value = n[part];
    return value.startsWith('notifications.') ? t(value, n.params) : value;
  };
  return (
    <>
      <div className="flex items-center justify-between border-b border-stone-100 px-4 py-3">
        <p id="notifications-title" className="font-semibold">
          {t('notifications.title')}
        </p>
        <button
          type="button"
          className="text-sm font-medium text-brand-700 hover:underline disabled:text-stone-500 disabled:no-underline"
          disabled={!badge || markAll.isPending}
          onClick={() => markAll.mutate(undefined)}
        >
          {t('notifications.mark_all_read')}
        </button>
      </div>
      {data && data.notifications.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-stone-500">{t('notifications.empty')}</p>
      ) : (
        <ul className="max-h-[60vh] overflow-y-auto">
          {data?.notifications.map((n) => (
            <li
              key={n.id}
              data-priority={n.priority}
              data-testid="notification-item"
              className={cn(
                'group flex gap-2 border-b border-l-4 border-b-stone-100 px-3 py-2.5',
                priorityStyle[n.priority],
                !n.read && 'bg-brand-50/60',
              )}
            >
              <button
                type="button"
                className="min-w-0 flex-1 text-left"
                onClick={() => onOpen(n)}
                data-testid="notification-open"
                data-link={n.link ?? undefined}
              >
                <p className={cn('text-sm', n.read ? 'text-stone-700' : 'font-semibold text-stone-900')}>
                  {text(n, 'title')}
                </p>
                <p className="text-sm text-stone-600">{text(n, 'message')}</p>
                <p className="mt-0.5 text-xs text-stone-500">
                  {t(`notifications.priority.${n.priority}`)} · {formatDateTime(n.timestamp, i18n.language)}
                </p>
              </button>
              <div className="flex shrink-0 flex-col gap-1">
                {!n.read && (
                  <button
                    type="button"
                    className="rounded p-1 text-stone-400 hover:bg-stone-100 hover:text-stone-700"
                    aria-label={t('notifications.mark_read')}
                    onClick={() => markRead.mutate(n.id)}
                  >
                    <Check aria-hidden className="size-4" />
                  </button>
                )}
                <button
                  type="button"
                  className="rounded p-1 text-stone-400 hover:bg-stone-100 hover:text-red-600"
                  aria-label={t('notifications.remove')}
                  onClick={() => remove.mutate(n.id)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
