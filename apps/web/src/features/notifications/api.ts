import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  DEMO_NOTIFICATION_CHANCE,
  DEMO_NOTIFICATION_INTERVAL_MS,
  type notificationContracts,
} from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

// Named by method and path, typed by the contracts, without their schemas: zod stays out of the shell
// (the bell is on every screen; ADR 024, fourth pass).
const c = endpoints<typeof notificationContracts>({
  list: ['GET', '/api/notifications'],
  markRead: ['POST', '/api/notifications/:id/read'],
  markAllRead: ['POST', '/api/notifications/read-all'],
  remove: ['DELETE', '/api/notifications/:id'],
  demo: ['POST', '/api/notifications/demo'],
});

export const notificationKeys = {
  all: [queryRoots.notifications] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: () => call(c.list),
    refetchInterval: 60_000,
  });

export function useNotifications() {
  return useQuery(notificationsQuery());
}

function useNotificationMutation<T>(mutationFn: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkRead = () =>
  useNotificationMutation((id: number) => call(c.markRead, { params: { id } }));
export const useMarkAllRead = () => useNotificationMutation(() => call(c.markAllRead));
export const useDeleteNotification = () =>
  useNotificationMutation((id: number) => call(c.remove, { params: { id } }));

/** Spec 1 §9: in a demo session a new notification may arrive every 15 seconds (30% chance). */
export function useDemoNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      if (Math.random() >= DEMO_NOTIFICATION_CHANCE || !navigator.onLine) return;
      call(c.demo)
        .then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }))
        // A missed simulated notification is not worth interrupting anyone for.
        .catch(() => undefined);
    }, DEMO_NOTIFICATION_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [enabled, queryClient]);
}
