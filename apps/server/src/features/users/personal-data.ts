import type { Db } from '../../db/client.ts';
import { learningRecordsOf } from '../academy/service.ts';
import {
  accountForChange,
  anonymiseUser,
  isLastAdmin,
  passkeysOf,
  securityEventsOf,
  sessionsOf,
  toAppUser,
  type UserRow,
} from '../auth/service.ts';
import { myParticipations } from '../bulk-orders/service.ts';
import { cartOf, clearCart } from '../cart/service.ts';
import { crowdfundingRecordsOf } from '../betacrowd/service.ts';
import { communityRecordsOf } from '../community/service.ts';
import { myMemberships } from '../cooperatives/service.ts';
import { governanceRecordsOf } from '../governance/service.ts';
import { deleteNotificationsOf, notificationsOf } from '../notifications/service.ts';
import { forgetBuyerDetails, ordersPlacedBy } from '../orders/service.ts';
import { referralRecordsOf } from '../referrals/service.ts';
import { mySubscription } from '../subscriptions/service.ts';
import { supportRecordsOf } from '../support/service.ts';
import { myInventory, myOwnership } from '../warehouses/service.ts';
import { fail } from '../../platform/errors.ts';

// Kept apart from service.ts, which other areas import (subscriptions counts users): this file reaches
// into every area, and importing it from there would make a cycle.

/**
 * GET /api/users/me/export (POPIA): everything the product holds about the caller, gathered from each
 * area through its own service. Other people appear only by the name on a shared record (a seller's
 * name on an order), never with their own details.
 */
export async function exportPersonalData(db: Db, user: UserRow) {
  const governance = await governanceRecordsOf(db, user.id);
  return {
    exported_at: new Date().toISOString(),
    profile: {
      ...toAppUser(user),
      updated_at: user.updated_at.toISOString(),
      signs_in_with_oidc: !!user.oidc_subject,
      has_password: user.password_hash !== null,
      terms_version: user.terms_version,
      terms_accepted_at: user.terms_accepted_at?.toISOString() ?? null,
    },
    sessions: await sessionsOf(db, user.id),
    passkeys: await passkeysOf(db, user.id),
    security_events: await securityEventsOf(db, user.id),
    subscription: await mySubscription(db, user.id),
    cart: await cartOf(db, user.id),
    orders: await ordersPlacedBy(db, user.id),
    cooperative_memberships: await myMemberships(db, user.id),
    bulk_order_participations: await myParticipations(db, user.id),
    ballots: governance.ballots,
    meeting_attendance: governance.meeting_attendance,
    cooperative_transactions: governance.cooperative_transactions,
    warehouse_space: await myOwnership(db, user.id),
    warehouse_inventory: await myInventory(db, user.id),
    notifications: await notificationsOf(db, user.id),
    learning: await learningRecordsOf(db, user.id),
    community: await communityRecordsOf(db, user.id),
    referrals: await referralRecordsOf(db, user.id),
    support: await supportRecordsOf(db, user.id),
    crowdfunding: await crowdfundingRecordsOf(db, user.id),
  };
}

const csvCell = (value: unknown): string => {
  const text =
    value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The same export as one CSV in long form (section, record, field, value), so sections of different
 * shapes fit one sheet; nested values (an order's items) are dotted paths.
 */
export function personalDataCsv(data: Record<string, unknown>): string {
  const lines = ['section,record,field,value'];
  const flatten = (value: unknown, path: string, out: [string, unknown][]) => {
    if (value instanceof Date || value === null || typeof value !== 'object') out.push([path, value]);
    else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${path}.${i + 1}`, out));
    else for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  };
  for (const [section, content] of Object.entries(data)) {
    const records = Array.isArray(content) ? content : [content];
    records.forEach((record, i) => {
      const fields: [string, unknown][] = [];
      flatten(record, '', fields);
      for (const [field, value] of fields) {
        lines.push([section, i + 1, field || 'value', value].map(csvCell).join(','));
      }
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * POST /api/users/me/close (POPIA), one transaction: the profile is anonymised ("Closed account #id"),
 * every session ends, the cart and notifications go, and the orders lose their delivery address and
 * notes. Orders, ledger entries and co-op records keep their figures under the anonymous name.
 */
export async function closeAccount(db: Db, user: UserRow): Promise<void> {
  if (user.is_demo) {
    throw fail('demo_account');
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    // Locked with every administrator's change to accounts: two closings at once cannot leave none.
    const account = await accountForChange(tx, user.id, user);
    if (await isLastAdmin(tx, account)) throw fail('admin_users.last_admin');
    await clearCart(tx, user.id);
    await deleteNotificationsOf(tx, user.id);
    await forgetBuyerDetails(tx, user.id);
    await anonymiseUser(tx, user.id, now);
  });
}
