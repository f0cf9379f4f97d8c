import { Calendar, Mail, MessageSquare, Phone, type LucideIcon } from 'lucide-react';
import type { ActivityType, ClientStatus, ClientType } from '@tt/domain';
import type { Tone } from '../../components/ui/Badge';

export const activityIcons: Record<ActivityType, LucideIcon> = {
  call: Phone,
  meeting: Calendar,
  email: Mail,
  other: MessageSquare,
};

export const typeTones: Record<ClientType, Tone> = { prospect: 'grey', lead: 'blue', customer: 'green' };
export const statusTones: Record<ClientStatus, Tone> = { open: 'yellow', won: 'green', lost: 'red' };

/** South African time (UTC+2 all year): what a datetime-local field means here. */
const SAST_OFFSET = '+02:00';
const SAST_MS = 2 * 60 * 60 * 1000;

/** A datetime-local value (wall clock in South Africa) as an ISO instant; blank: undefined. */
export function localInputToIso(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const [date, time = '00:00'] = value.split('T');
  const withSeconds = time.length === 5 ? `${time}:00` : time.slice(0, 8);
  return `${date}T${withSeconds}${SAST_OFFSET}`;
}

/** The next whole hour in South African time, as a datetime-local value (the form's default). */
export function nextHourLocal(now = new Date()): string {
  const next = new Date(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000);
  return new Date(next.getTime() + SAST_MS).toISOString().slice(0, 16);
}
