import Papa from 'papaparse';
import {
  can,
  PERSONAL_DATA_REGISTER,
  SECURITY_EVENT_DAYS,
  securityBand,
  securityMeasures,
  securityScore,
  type SecurityEvent,
  type SecurityOverview,
} from '@tt/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { demoSignInOn, signInFigures, type SecurityEventSelection, type UserRow } from '../auth/service.ts';

/**
 * The deployment's measures from its configuration, read at start: each is on only when the configuration or
 * the code really does it (ADR 054). The code's own (headers, hashed keys, logs) are always on.
 */
export function measuresOf(config: Config, demoSignIn: boolean) {
  return securityMeasures({
    https: config.publicUrl.startsWith('https://'),
    singleSignOn: config.oidc !== undefined,
    demoSignIn,
    signInRateLimitPerMinute: config.signInRateLimit,
    apiKeyRateLimitPerMinute: config.apiKeyRateLimit,
    sessionDays: config.sessionDays,
  });
}

export async function securityOverview(
  db: Db,
  config: Config,
  user: Pick<UserRow, 'id' | 'role'>,
  now = new Date(),
): Promise<SecurityOverview> {
  const measures = measuresOf(config, await demoSignInOn(db, config));
  const score = securityScore(measures);
  const figures = await signInFigures(db, user.id, now, can(user.role, 'security.monitor'));
  return {
    measures,
    score,
    band: securityBand(score),
    ...figures,
    event_days: SECURITY_EVENT_DAYS,
    register: PERSONAL_DATA_REGISTER.map((entry) => ({ ...entry, sections: [...entry.sections] })),
  };
}

/** Whose events a filter asks for: the caller's own, or the deployment's (security.monitor, else 403). */
export function selectionFor(
  user: Pick<UserRow, 'id' | 'role' | 'is_demo'>,
  filter: {
    scope: 'mine' | 'deployment';
    type?: SecurityEvent['type'] | undefined;
    status?: SecurityEvent['status'] | undefined;
  },
): SecurityEventSelection {
  if (filter.scope === 'deployment' && !can(user.role, 'security.monitor'))
    throw fail('security.monitor_only');
  return {
    userId: filter.scope === 'deployment' ? null : user.id,
    type: filter.type,
    status: filter.status,
    // A shared demo account is anyone's: it sees the demo world's events, never a real account's.
    demoWorldOnly: user.is_demo,
  };
}

const CSV_COLUMNS = [
  'created_at',
  'type',
  'status',
  'user_id',
  'user_name',
  'device',
  'ip',
  'details',
] as const;

/** Export Log: the events as CSV (papaparse writes the quoting), in the API's own words and UTC times. */
export function securityEventsCsv(events: SecurityEvent[]): string {
  const csv = Papa.unparse({
    fields: [...CSV_COLUMNS],
    data: events.map((event) => CSV_COLUMNS.map((column) => event[column] ?? '')),
  });
  // Every line ends in CRLF, the last too (papaparse ends only a header-only file so).
  return `${csv.replace(/\r\n$/, '')}\r\n`;
}
