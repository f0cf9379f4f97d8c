import {
  deviceFromUserAgent,
  SECURITY_DETAIL_MAX,
  type SecurityEventStatus,
  type SecurityEventType,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { securityEvents } from './tables.ts';

/** Where a request came from, as a security event or a session keeps it. */
export interface SecurityClient {
  ip: string | null;
  device: string;
}

/**
 * The client of a request: its address (as TRUST_PROXY lets Fastify believe it) and the device its User-Agent
 * names. A shared demo account keeps no address: its sessions and events are seen by every other visitor.
 */
export function clientOf(
  request: { ip: string; headers: { 'user-agent'?: string | undefined } },
  account?: { is_demo: boolean } | null,
): SecurityClient {
  return {
    ip: account?.is_demo ? null : request.ip.slice(0, 64),
    device: deviceFromUserAgent(request.headers['user-agent']),
  };
}

export interface NewSecurityEvent {
  userId: number | null;
  type: SecurityEventType;
  status?: SecurityEventStatus;
  client: SecurityClient;
  details?: string | null;
}

/** Writes one security event, inside the caller's transaction when given one (the event is part of the change). */
export async function recordSecurityEvent(db: Db | Tx, event: NewSecurityEvent): Promise<void> {
  await db.insert(securityEvents).values({
    user_id: event.userId,
    type: event.type,
    status: event.status ?? 'success',
    ip: event.client.ip,
    device: event.client.device.slice(0, SECURITY_DETAIL_MAX),
    details: event.details?.slice(0, SECURITY_DETAIL_MAX) ?? null,
  });
}
