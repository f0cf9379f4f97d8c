import {
  grantableRoles,
  invitationLinkUrl,
  isSeller,
  isStaffRole,
  passwordLinkUrl,
  type AdminUser,
  type AdminUserList,
  type AccountStatus,
  type Invitation,
  type NewInvitation,
  type PasswordLink,
  type Role,
  type StaffRole,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import {
  accountForChange,
  adminUserById,
  applyRole,
  createInvitation,
  isLastAdmin,
  issuePasswordLinkFor,
  listInvitations,
  revokeInvitation,
  searchAccounts,
  setSuspension,
  type SecurityClient,
  type UserRow,
} from '../auth/service.ts';
import { sellerListingCounts } from '../catalog/service.ts';
import { revokeKeysOf } from '../developer/service.ts';
import { notify } from '../notifications/service.ts';
import { openOrdersAsSeller } from '../orders/service.ts';

/**
 * People: what administrators do to accounts (docs/accounts.md). Each change runs in one transaction, locked with
 * every other (the last administrator stays), is a security event of the account changed, and tells its owner.
 */

type Actor = Pick<UserRow, 'id' | 'name' | 'is_demo'>;

const PROFILE_LINK = '/profile';

/**
 * One administrator's change to an account: locked with every other, refused on a closed account, and answered with
 * the account as it is after.
 */
async function changeAccount(
  db: Db,
  actor: Actor,
  id: number,
  change: (tx: Tx, account: UserRow) => Promise<void>,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const account = await accountForChange(tx, id, actor);
    if (account.closed_at) throw fail('admin_users.closed_account');
    await change(tx, account);
  });
  return adminUserById(db, id);
}

export async function listPeople(
  db: Db,
  actor: Actor,
  query: {
    search?: string | undefined;
    role?: Role | undefined;
    status?: AccountStatus | undefined;
    page: number;
  },
): Promise<AdminUserList> {
  return searchAccounts(db, {
    search: query.search,
    role: query.role,
    status: query.status,
    page: query.page,
    demoWorldOnly: actor.is_demo,
  });
}

/**
 * Grants a staff role, or restores the role the last grant replaced. Seller roles come only from an approved
 * supplier application; a seller still in business (active listings, open orders) cannot hold a staff role; the
 * last administrator cannot be demoted; nothing is granted to a closed account; demo accounts keep their roles.
 */
export async function setRole(
  db: Db,
  actor: Actor,
  id: number,
  role: Role,
  reason: string,
  client: SecurityClient,
): Promise<AdminUser> {
  return changeAccount(db, actor, id, async (tx, account) => {
    if (account.is_demo) throw fail('demo_account');
    if (role === account.role) return;
    if (!grantableRoles(account).includes(role)) {
      throw fail('admin_users.role_not_grantable', { role });
    }
    if (account.role === 'admin' && (await isLastAdmin(tx, account))) throw fail('admin_users.last_admin');
    if (isStaffRole(role) && isSeller(account.role)) {
      const [{ active }, orders] = await Promise.all([
        sellerListingCounts(tx, account.id),
        openOrdersAsSeller(tx, account.id),
      ]);
      if (active > 0 || orders > 0) {
        throw fail('admin_users.seller_in_business', { listings: active, orders });
      }
    }
    await applyRole(tx, account, role, reason, client);
    await notify(tx, {
      userId: account.id,
      type: 'system',
      priority: 'high',
      title: 'notifications.account.role.title',
      message: 'notifications.account.role.message',
      params: { role },
      link: PROFILE_LINK,
    });
  });
}

/** Suspends an account: its sessions and API keys end at once; the last administrator and oneself are refused. */
export async function suspend(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  client: SecurityClient,
): Promise<AdminUser> {
  return changeAccount(db, actor, id, async (tx, account) => {
    if (account.is_demo) throw fail('demo_account');
    if (account.id === actor.id) throw fail('admin_users.not_on_self');
    if (account.suspended_at) throw fail('admin_users.already_suspended');
    if (await isLastAdmin(tx, account)) throw fail('admin_users.last_admin');
    await setSuspension(tx, account, true, reason, client);
    await revokeKeysOf(tx, account.id);
    await notify(tx, {
      userId: account.id,
      type: 'system',
      priority: 'high',
      title: 'notifications.account.suspended.title',
      message: 'notifications.account.suspended.message',
      params: { reason },
    });
  });
}

export async function reactivate(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  client: SecurityClient,
): Promise<AdminUser> {
  return changeAccount(db, actor, id, async (tx, account) => {
    if (!account.suspended_at) throw fail('admin_users.not_suspended');
    await setSuspension(tx, account, false, reason, client);
    await notify(tx, {
      userId: account.id,
      type: 'system',
      title: 'notifications.account.reactivated.title',
      message: 'notifications.account.reactivated.message',
      link: PROFILE_LINK,
    });
  });
}

/** A one-time password link for an account, to pass on where the deployment has no email. */
export async function passwordLinkFor(
  db: Db,
  actor: Actor,
  id: number,
  publicUrl: string,
  client: SecurityClient,
): Promise<PasswordLink> {
  return db.transaction(async (tx) => {
    const account = await accountForChange(tx, id, actor);
    if (account.closed_at) throw fail('admin_users.closed_account');
    if (account.is_demo) throw fail('demo_account');
    const { token, expiresAt } = await issuePasswordLinkFor(tx, account, actor.id, client);
    return { link: passwordLinkUrl(publicUrl, token), expires_at: expiresAt.toISOString() };
  });
}

export async function invite(
  db: Db,
  actor: Actor,
  role: StaffRole,
  publicUrl: string,
  client: SecurityClient,
): Promise<NewInvitation> {
  // A shared demo administrator's invitation would make a real staff account out of a visitor's link.
  if (actor.is_demo) throw fail('demo_account');
  const { token, ...invitation } = await db.transaction((tx) => createInvitation(tx, role, actor, client));
  return { ...invitation, link: invitationLinkUrl(publicUrl, token) };
}

export async function invitationsOpen(db: Db, actor: Actor): Promise<Invitation[]> {
  return actor.is_demo ? [] : listInvitations(db);
}

export async function revoke(db: Db, actor: Actor, id: number, client: SecurityClient): Promise<void> {
  if (actor.is_demo) throw fail('admin_users.invitation_not_found');
  await db.transaction((tx) => revokeInvitation(tx, id, actor.id, client));
}
