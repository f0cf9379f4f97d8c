import type { TFunction } from 'i18next';
import type { TicketPriority, TicketStatus } from '@tt/domain';
import type { Tone } from '../../components/ui/Badge';

/** A response time: minutes under an hour, else hours with one decimal. */
export function formatMinutes(minutes: number, t: TFunction<'support'>): string {
  if (minutes < 60) return t('summary.minutes', { count: minutes });
  return t('summary.hours', { value: (Math.round(minutes / 6) / 10).toFixed(1) });
}

export const STATUS_TONE: Record<TicketStatus, Tone> = {
  open: 'blue',
  in_progress: 'purple',
  pending_customer: 'yellow',
  resolved: 'green',
  closed: 'grey',
};

export const PRIORITY_TONE: Record<TicketPriority, Tone> = {
  low: 'grey',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};
