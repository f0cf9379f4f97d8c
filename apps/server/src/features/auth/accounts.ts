import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_USER_PAGE_SIZE,
  fallbackReferralCode,
  formatE164,
  INVITATION_DAYS,
  inSast,
  parseIdentifier,
  PASSWORD_LINK_MINUTES,
  previousRoleAfter,
  SIGN_IN_LOCK_FAILURES,
  SIGN_IN_LOCK_MINUTES,
  SIGN_IN_LOCK_WINDOW_MINUTES,
  TERMS_VERSION,
  type AccountStatus,
  type AdminUser,
  type AdminUserList,
  type Identifier,
  type Invitation,
  type Role,
  type StaffRole,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { emit } from '../../platform/jobs/runner.ts';
import { fail, field, invalidFields } from '../../platform/errors.ts';
import { recordSecurityEvent, type SecurityClient } from './events.ts';
import { hashPassword, isGuessable, verifyNothing, verifyPassword } from './passwords.ts';
import { invitations, passwordTokens, sessions, signInFailures, users } from './tables.ts';

/**
 * Accounts of the deployment's own (docs/accounts.md): sign-up and password sign-in with its lockout, one-time
 * password links and staff invitations, and what an administrator changes on an account. The users table is this
 * area's; the People area reaches it through service.ts.
 */

type UserRow = typeof users.$inferSelect;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** The signed-up event other areas act on (referrals records who brought the account). */
const SIGNED_UP = 'user.signed_up';

const byIdentifier = (id: Identifier): SQL =>
  id.kind === 'email' ? sql`lower(${users.email}) = ${id.value}` : eq(users.mobile, id.value);

export async function accountByIdentifier(db: Db | Tx, id: Identifier): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(byIdentifier(id)).limit(1);
  return row ?? null;
}

// ---- Sign-up

export interface NewPasswordAccount {
  identifier: Identifier;
  password: string;
  name: string;
  company_name: string;
  business_type: string;
  state: string;
  referralCode: string | null;
  invitationToken?: string | undefined;
}

/** The invitation a token names, locked for the sign-up's transaction; refused when it can no longer be used. */
async function openInvitation(tx: Tx, token: string, now: Date) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.token_hash, sha256(token)))
    .for('update');
  if (!row || row.revoked_at || row.used_at || row.expires_at <= now) throw fail('auth.invitation_invalid');
  return row;
}

/**
 * Opens an account with a password (hashed before the transaction: it takes a while), recording the terms it
 * accepted; through an invitation it gets the invitation's staff role and the invitation is used up. Refused when
 * the mobile number or email address already has an account, also when two sign-ups race for it.
 */
export async function signUpWithPassword(
  db: Db,
  input: NewPasswordAccount,
  client: SecurityClient,
  now = new Date(),
): Promise<UserRow> {
  if (isGuessable(input.password, input.identifier.value)) {
    throw invalidFields({ password: field('validation.password_common') });
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const invitation = input.invitationToken ? await openInvitation(tx, input.invitationToken, now) : null;
      if (await accountByIdentifier(tx, input.identifier)) throw fail('auth.identifier_taken');
      const mobile = input.identifier.kind === 'mobile' ? input.identifier.value : null;
      const role: Role = invitation?.role ?? 'retailer';
      const [created] = await tx
        .insert(users)
        .values({
          email: input.identifier.kind === 'email' ? input.identifier.value : null,
          mobile,
          phone: mobile ? formatE164(mobile) : null,
          name: input.name,
          company_name: input.company_name,
          business_type: input.business_type,
          state: input.state,
          role,
          password_hash: passwordHash,
          terms_version: TERMS_VERSION,
          terms_accepted_at: now,
        })
        .returning();
      const [account] = await tx
        .update(users)
        .set({ referral_code: fallbackReferralCode(created!.id) })
        .where(eq(users.id, created!.id))
        .returning();
      if (invitation) {
        await tx
          .update(invitations)
          .set({ used_by: account!.id, used_at: now })
          .where(eq(invitations.id, invitation.id));
      }
      await recordSecurityEvent(tx, {
        userId: account!.id,
        type: 'signup',
        client,
        details: invitation ? `invitation:${invitation.role}` : 'password',
      });
      await emit(tx, SIGNED_UP, { user_id: account!.id, referral_code: input.referralCode });
      return account!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('auth.identifier_taken');
    throw error;
  }
}

// ---- Password sign-in and its lockout

const failureKeys = (accountId: number | null, ip: string | null) => [
  ...(accountId === null ? [] : [`account:${accountId}`]),
  ...(ip === null ? [] : [`ip:${ip}`]),
];

/**
 * When the password is refused until, for any of these keys: SIGN_IN_LOCK_FAILURES failures within the window lock
 * it for SIGN_IN_LOCK_MINUTES after the last of them. Refused attempts are not counted, so a lock always ends.
 */
async function lockedUntil(db: Db, keys: string[], now: Date): Promise<Date | null> {
  let until: Date | null = null;
  for (const key of keys) {
    const [row] = await db
      .select({ n: count(), last: sql<string | null>`max(${signInFailures.created_at})` })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.key, key),
          gte(signInFailures.created_at, new Date(now.getTime() - SIGN_IN_LOCK_WINDOW_MINUTES * MINUTE)),
        ),
      );
    if (!row || row.n < SIGN_IN_LOCK_FAILURES || !row.last) continue;
    const end = new Date(new Date(row.last).getTime() + SIGN_IN_LOCK_MINUTES * MINUTE);
    if (end > now && (!until || end > until)) until = end;
  }
  return until;
}

/** 14:05 in South African time: when a lock ends, as the refusal says it. */
const sastClock = (at: Date) => inSast(at).toISOString().slice(11, 16);

/**
 * The account a mobile number or email address and password sign in to. A wrong password, an unknown account and
 * an account without a password are one answer (and take as long); each failure counts against the account and
 * the address. A suspended account is told so only once its password was right.
 */
export async function checkPassword(
  db: Db,
  identifier: Identifier,
  password: string,
  client: SecurityClient,
  now = new Date(),
): Promise<UserRow> {
  const account = await accountByIdentifier(db, identifier);
  const usable = account && account.closed_at === null && account.password_hash !== null ? account : null;
  const keys = failureKeys(usable?.id ?? null, client.ip);
  const until = await lockedUntil(db, keys, now);
  if (until) {
    await recordSecurityEvent(db, {
      userId: usable?.id ?? null,
      type: 'failed_login',
      status: 'blocked',
      client,
      details: 'auth.password_locked',
    });
    throw fail('auth.password_locked', { until: sastClock(until) });
  }
  const right = usable
    ? await verifyPassword(password, usable.password_hash!)
    : (await verifyNothing(password), false);
  if (!right || !usable) {
    await db.transaction(async (tx) => {
      if (keys.length > 0)
        await tx.insert(signInFailures).values(keys.map((key) => ({ key, created_at: now })));
      await recordSecurityEvent(tx, {
        userId: usable?.id ?? null,
        type: 'failed_login',
        status: 'failed',
        client,
        details: 'auth.invalid_credentials',
      });
    });
    throw fail('auth.invalid_credentials');
  }
  if (usable.suspended_at) {
    await recordSecurityEvent(db, {
      userId: usable.id,
      type: 'failed_login',
      status: 'blocked',
      client,
      details: 'auth.account_suspended',
    });
    throw fail('auth.account_suspended');
  }
  // A right password forgives the account's earlier failures (the address's stay: it may be guessing others).
  await db.delete(signInFailures).where(eq(signInFailures.key, `account:${usable.id}`));
  return usable;
}

/** Keeps the failures table small: those older than the window count for nothing. */
export async function pruneSignInFailures(tx: Tx, now: Date): Promise<number> {
  const gone = await tx
    .delete(signInFailures)
    .where(lt(signInFailures.created_at, new Date(now.getTime() - SIGN_IN_LOCK_WINDOW_MINUTES * MINUTE)))
    .returning({ id: signInFailures.id });
  return gone.length;
}

// ---- Password links

/**
 * A one-time link's token for setting the account's password, valid PASSWORD_LINK_MINUTES; any earlier link of the
 * account stops working. Only the hash is kept: the token is shown once.
 */
async function issuePasswordToken(
  tx: Tx,
  userId: number,
  purpose: 'reset' | 'setup',
  createdBy: number | null,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_MINUTES * MINUTE);
  await tx
    .update(passwordTokens)
    .set({ used_at: now })
    .where(and(eq(passwordTokens.user_id, userId), isNull(passwordTokens.used_at)));
  await tx.insert(passwordTokens).values({
    token_hash: sha256(token),
    user_id: userId,
    purpose,
    created_by: createdBy,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Sets a password from a link, once: the link is used up, every session of the account ends and its failed
 * sign-ins are forgiven. A link used already (also by a request at the same moment) or unknown is not valid.
 */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  password: string,
  client: SecurityClient,
  now = new Date(),
): Promise<void> {
  const hash = sha256(token);
  const [found] = await db
    .select({ token: passwordTokens, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.user_id))
    .where(eq(passwordTokens.token_hash, hash));
  if (!found || found.token.used_at || found.user.closed_at) throw fail('auth.password_link_invalid');
  if (found.token.expires_at <= now) throw fail('auth.password_link_expired');
  if (isGuessable(password, found.user.email ?? found.user.mobile ?? undefined)) {
    throw invalidFields({ password: field('validation.password_common') });
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordTokens)
      .set({ used_at: now })
      .where(and(eq(passwordTokens.id, found.token.id), isNull(passwordTokens.used_at)))
      .returning({ id: passwordTokens.id });
    if (!used) throw fail('auth.password_link_invalid');
    await tx
      .update(users)
      .set({ password_hash: passwordHash, updated_at: now })
      .where(eq(users.id, found.user.id));
    await tx.delete(sessions).where(eq(sessions.user_id, found.user.id));
    await tx.delete(signInFailures).where(eq(signInFailures.key, `account:${found.user.id}`));
    await recordSecurityEvent(tx, {
      userId: found.user.id,
      type: 'password_set',
      client,
      details: found.token.purpose,
    });
  });
}

// ---- Invitations

/** What an invitation link offers, when it can still be used. */
export async function invitationOffer(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select({ role: invitations.role, expires_at: invitations.expires_at })
    .from(invitations)
    .where(
      and(
        eq(invitations.token_hash, sha256(token)),
        isNull(invitations.revoked_at),
        isNull(invitations.used_at),
        gt(invitations.expires_at, now),
      ),
    );
  if (!row) throw fail('auth.invitation_invalid');
  return { role: row.role, expires_at: row.expires_at.toISOString() };
}

const openInvitations = (now: Date) =>
  and(isNull(invitations.revoked_at), isNull(invitations.used_at), gt(invitations.expires_at, now));

export async function createInvitation(
  tx: Tx,
  role: StaffRole,
  createdBy: { id: number; name: string },
  client: SecurityClient,
  now = new Date(),
): Promise<Invitation & { token: string }> {
  const token = newToken();
  const [row] = await tx
    .insert(invitations)
    .values({
      token_hash: sha256(token),
      role,
      created_by: createdBy.id,
      expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY),
      created_at: now,
    })
    .returning();
  await recordSecurityEvent(tx, { userId: createdBy.id, type: 'invitation_created', client, details: role });
  return {
    id: row!.id,
    role: row!.role,
    created_by_name: createdBy.name,
    created_at: row!.created_at.toISOString(),
    expires_at: row!.expires_at.toISOString(),
    token,
  };
}

/** The invitations still open, newest first (bounded: an administrator revokes what is not wanted). */
export async function listInvitations(db: Db, now = new Date()): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: invitations, name: users.name })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.created_by))
    .where(openInvitations(now))
    .orderBy(desc(invitations.id))
    .limit(200);
  return rows.map(({ invitation, name }) => ({
    id: invitation.id,
    role: invitation.role,
    created_by_name: name,
    created_at: invitation.created_at.toISOString(),
    expires_at: invitation.expires_at.toISOString(),
  }));
}

export async function revokeInvitation(
  tx: Tx,
  id: number,
  actorId: number,
  client: SecurityClient,
  now = new Date(),
): Promise<void> {
  const [row] = await tx
    .update(invitations)
    .set({ revoked_at: now })
    .where(and(eq(invitations.id, id), openInvitations(now)))
    .returning({ role: invitations.role });
  if (!row) throw fail('admin_users.invitation_not_found');
  await recordSecurityEvent(tx, { userId: actorId, type: 'invitation_revoked', client, details: row.role });
}

// ---- What an administrator sees and changes

const accountStatusOf = (row: Pick<UserRow, 'closed_at' | 'suspended_at'>): AccountStatus =>
  row.closed_at ? 'closed' : row.suspended_at ? 'suspended' : 'active';

// Qualified by hand: in a one-table select Drizzle writes a column without its table, which inside this sub-select
// would name the event's own id.
const lastSignIn = sql<string | null>`(select max(e.created_at) from security_events e
                                         where e.user_id = "users"."id" and e.type = 'login')`;

function toAdminUser(row: UserRow, lastSignInAt: string | Date | null): AdminUser {
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    email: row.email,
    mobile: row.mobile,
    role: row.role,
    previous_role: row.previous_role,
    status: accountStatusOf(row),
    suspended_reason: row.suspended_at ? row.suspended_reason : null,
    has_password: row.password_hash !== null,
    is_demo: row.is_demo,
    created_at: row.created_at.toISOString(),
    last_sign_in_at: lastSignInAt === null ? null : new Date(lastSignInAt).toISOString(),
  };
}

const statusWhere = (status: AccountStatus | undefined): SQL | undefined => {
  switch (status) {
    case 'active':
      return and(isNull(users.closed_at), isNull(users.suspended_at));
    case 'suspended':
      return and(isNull(users.closed_at), isNotNull(users.suspended_at));
    case 'closed':
      return isNotNull(users.closed_at);
    default:
      return undefined;
  }
};

export interface AccountSearch {
  search?: string | undefined;
  role?: Role | undefined;
  status?: AccountStatus | undefined;
  page: number;
  /** A demo administrator sees only the demo world's accounts (it is shared by every visitor). */
  demoWorldOnly: boolean;
}

/** Accounts by name, company, email or phone; by role and status; newest first, a page at a time. */
export async function searchAccounts(db: Db, query: AccountSearch): Promise<AdminUserList> {
  const text = query.search?.trim();
  const identifier = text ? parseIdentifier(text) : null;
  const where = and(
    query.role ? eq(users.role, query.role) : undefined,
    statusWhere(query.status),
    query.demoWorldOnly ? eq(users.demo_world, true) : undefined,
    text
      ? or(
          sql`${users.name} ilike ${containing(text)}`,
          sql`${users.company_name} ilike ${containing(text)}`,
          sql`${users.email} ilike ${containing(text)}`,
          sql`${users.phone} ilike ${containing(text)}`,
          identifier?.kind === 'mobile' ? eq(users.mobile, identifier.value) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, last: lastSignIn })
      .from(users)
      .where(where)
      .orderBy(desc(users.created_at), desc(users.id))
      .limit(ADMIN_USER_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_USER_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((r) => toAdminUser(r.user, r.last)),
    matching: total?.n ?? 0,
    page: query.page,
    page_size: ADMIN_USER_PAGE_SIZE,
  };
}

export async function adminUserById(db: Db | Tx, id: number): Promise<AdminUser> {
  const [row] = await db.select({ user: users, last: lastSignIn }).from(users).where(eq(users.id, id));
  if (!row) throw fail('admin_users.not_found');
  return toAdminUser(row.user, row.last);
}

/** Administrators' changes to accounts run one at a time, so two of them can never remove the last administrator. */
const ACCOUNT_ADMIN_LOCK = 727_372_040;

/**
 * The account an administrator is changing, locked for the transaction with every other such change. Refused when
 * there is none, or when a shared demo account would change a real one.
 */
export async function accountForChange(tx: Tx, id: number, actor: { is_demo: boolean }): Promise<UserRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_ADMIN_LOCK})`);
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw fail('admin_users.not_found');
  if (actor.is_demo && !row.demo_world) throw fail('admin_users.demo_on_real');
  return row;
}

/** The administrators who can act: real (not the demo world's), open and not suspended. */
const actingRealAdmins = and(
  eq(users.role, 'admin'),
  eq(users.demo_world, false),
  isNull(users.closed_at),
  isNull(users.suspended_at),
);

/** Whether the account is the deployment's only administrator that can act (open, not suspended, not a demo). */
export async function isLastAdmin(tx: Db | Tx, account: Pick<UserRow, 'id' | 'role' | 'demo_world'>) {
  if (account.role !== 'admin' || account.demo_world) return false;
  const [row] = await tx.select({ n: count() }).from(users).where(actingRealAdmins);
  return (row?.n ?? 0) <= 1;
}

/** A role set by an administrator, with the role it replaces kept for revoking, and recorded with the reason. */
export async function applyRole(
  tx: Tx,
  account: UserRow,
  role: Role,
  reason: string,
  client: SecurityClient,
  now = new Date(),
): Promise<void> {
  await tx
    .update(users)
    .set({
      role,
      previous_role: previousRoleAfter(account.role, account.previous_role, role),
      updated_at: now,
    })
    .where(eq(users.id, account.id));
  await recordSecurityEvent(tx, {
    userId: account.id,
    type: 'role_change',
    client,
    details: `${account.role}>${role}: ${reason}`,
  });
}

/**
 * Suspends an account (with the reason), when every session ends now, or reactivates it (null); recorded with the
 * reason either way. Its API keys are the developer area's to end.
 */
export async function setSuspension(
  tx: Tx,
  account: UserRow,
  suspended: boolean,
  reason: string,
  client: SecurityClient,
  now = new Date(),
): Promise<void> {
  await tx
    .update(users)
    .set({
      suspended_at: suspended ? now : null,
      suspended_reason: suspended ? reason : null,
      updated_at: now,
    })
    .where(eq(users.id, account.id));
  if (suspended) await tx.delete(sessions).where(eq(sessions.user_id, account.id));
  await recordSecurityEvent(tx, {
    userId: account.id,
    type: suspended ? 'account_suspended' : 'account_reactivated',
    client,
    details: reason,
  });
}

/** A password link an administrator passes on: recorded for the account it opens. */
export async function issuePasswordLinkFor(
  tx: Tx,
  account: UserRow,
  actorId: number,
  client: SecurityClient,
  now = new Date(),
) {
  const link = await issuePasswordToken(
    tx,
    account.id,
    account.password_hash ? 'reset' : 'setup',
    actorId,
    now,
  );
  await recordSecurityEvent(tx, {
    userId: account.id,
    type: 'password_link_issued',
    client,
    details: 'admin',
  });
  return link;
}

// ---- The first administrator (the users command)

/**
 * Makes the account with this mobile number or email address an administrator, opening it when there is none, and
 * issues a link to set its password. The role it had is kept for revoking, as a grant on the People screen keeps it.
 */
export async function addAdministrator(
  db: Db,
  identifier: Identifier,
  name: string | undefined,
  now = new Date(),
): Promise<{ account: UserRow; created: boolean; token: string; expiresAt: Date }> {
  const client: SecurityClient = { ip: null, device: 'users command' };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_ADMIN_LOCK})`);
    let account = await accountByIdentifier(tx, identifier);
    if (account?.closed_at) throw fail('admin_users.closed_account');
    if (account?.is_demo) throw fail('demo_account');
    const created = account === null;
    if (!account) {
      const mobile = identifier.kind === 'mobile' ? identifier.value : null;
      const [row] = await tx
        .insert(users)
        .values({
          email: identifier.kind === 'email' ? identifier.value : null,
          mobile,
          phone: mobile ? formatE164(mobile) : null,
          // Until its owner names it on the profile: the greeting says "Welcome back, Administrator".
          name: name ?? 'Administrator',
          role: 'admin',
        })
        .returning();
      const [withCode] = await tx
        .update(users)
        .set({ referral_code: fallbackReferralCode(row!.id) })
        .where(eq(users.id, row!.id))
        .returning();
      account = withCode!;
      await recordSecurityEvent(tx, { userId: account!.id, type: 'signup', client, details: 'admin' });
    } else if (account.role !== 'admin') {
      await applyRole(tx, account, 'admin', 'users command', client, now);
    }
    const link = await issuePasswordToken(
      tx,
      account!.id,
      account!.password_hash ? 'reset' : 'setup',
      null,
      now,
    );
    await recordSecurityEvent(tx, {
      userId: account!.id,
      type: 'password_link_issued',
      client,
      details: 'command',
    });
    const [fresh] = await tx.select().from(users).where(eq(users.id, account!.id));
    return { account: fresh!, created, token: link.token, expiresAt: link.expiresAt };
  });
}

/** The deployment's administrators, for the users command's list. */
export async function listAdministrators(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      is_demo: users.is_demo,
      suspended_at: users.suspended_at,
      closed_at: users.closed_at,
      has_password: sql<boolean>`${users.password_hash} is not null`,
    })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.id);
}

// ---- The demo world and real accounts

/** Whether the database holds any account that is not the seeded demo world's. */
export async function hasRealAccounts(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.demo_world, false)).limit(1);
  return row !== undefined;
}

/** Whether a real administrator can act: then demo sign-in turns itself off, unless it was asked for. */
export async function hasRealAdministrator(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(actingRealAdmins).limit(1);
  return row !== undefined;
}

/** Ends every session of the shared demo accounts (when demo sign-in is off, none may go on). */
export async function endDemoSessions(db: Db | Tx): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(sql`${sessions.user_id} in (select id from ${users} where ${users.is_demo})`)
    .returning({ id: sessions.id });
  return ended.length;
}
