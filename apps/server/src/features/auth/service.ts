import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type {
  AppUser,
  DemoRole,
  ProfilePatch,
  Role,
  SecurityEvent,
  SecurityEventList,
  SecurityEventStatus,
  SecurityEventType,
  SecuritySessionList,
} from '@tt/domain';
import {
  closedAccountName,
  fallbackReferralCode,
  SECURITY_EVENT_DAYS,
  SECURITY_EVENT_EXPORT_MAX,
  SECURITY_EVENT_PAGE_SIZE,
  SECURITY_SESSION_LIST_MAX,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import type { SessionCaller } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { emit } from '../../platform/jobs/runner.ts';
import { endDemoSessions, hasRealAdministrator } from './accounts.ts';
import { recordSecurityEvent, type SecurityClient } from './events.ts';
import { passkeys, passwordTokens, securityEvents, sessions, users } from './tables.ts';

export { clientOf, recordSecurityEvent, type NewSecurityEvent, type SecurityClient } from './events.ts';
export {
  accountForChange,
  endDemoSessions,
  hasRealAdministrator,
  adminUserById,
  applyRole,
  createInvitation,
  hasRealAccounts,
  isLastAdmin,
  issuePasswordLinkFor,
  listInvitations,
  pruneSignInFailures,
  revokeInvitation,
  searchAccounts,
  setSuspension,
} from './accounts.ts';
export { passkeysOf } from './passkeys.ts';

/** What the auth area tells other areas through the outbox (platform/jobs subscriptions). */
export const AUTH_EVENTS = {
  /** A new account was created by a first sign-in: { user_id, referral_code (or null) }. */
  signedUp: 'user.signed_up',
} as const;

export type UserRow = typeof users.$inferSelect;

declare module '../../platform/auth.ts' {
  /** The platform's signed-in user is this area's whole user row (see AuthenticatedUser). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the row's fields
  interface AuthenticatedUser extends UserRow {}
}

export const SESSION_COOKIE = 'tt_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 24 * 60 * 60_000;

export async function createSession(
  db: Db,
  userId: number,
  days: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({ id: hashToken(token), user_id: userId, expires_at: expiresAt });
  // Sweeping expired sessions here keeps the table small without a separate job.
  await db.delete(sessions).where(lt(sessions.expires_at, new Date()));
  return { token, expiresAt };
}

/** A session that is the placeholder `hash`, has not expired and whose account is neither closed nor suspended. */
const validSession = and(
  eq(sessions.id, sql.placeholder('hash')),
  gt(sessions.expires_at, sql`now()`),
  isNull(users.closed_at),
  isNull(users.suspended_at),
);

/**
 * The statement that finds a session's user, built once per database and sent as a named prepared
 * statement (every /api request runs it: PostgreSQL parses and plans it once per connection, and Drizzle
 * does not build its text again). The user is read whole, as routes get it; never kept between requests.
 */
const sessionUserStatements = new WeakMap<Db, ReturnType<typeof sessionUserStatement>>();
function sessionUserStatement(db: Db) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(validSession)
    .limit(1)
    .prepare('auth_session_user');
}

export async function findSessionUser(db: Db, token: string): Promise<UserRow | null> {
  let statement = sessionUserStatements.get(db);
  if (!statement) sessionUserStatements.set(db, (statement = sessionUserStatement(db)));
  const rows = await statement.execute({ hash: hashToken(token) });
  return rows[0]?.user ?? null;
}

/**
 * The user id of a valid session as a scalar sub-select (null when there is no such session, it has
 * expired or its account is closed): the same rule as findSessionUser, for a route that reads its caller's
 * session in its own statement (platform/auth.ts, OwnSession). `key` is the session's key as SQL: a column or
 * a placeholder filled with `sessionKey(token)`, so that a statement holding it can be compiled once and prepared.
 */
export const sessionUserIdOf = (key: SQL) => sql<number | null>`(select s.user_id from ${sessions} s
                                                    join ${users} u on u.id = s.user_id
                                                   where s.id = ${key}
                                                     and s.expires_at > now() and u.closed_at is null
                                                     and u.suspended_at is null
                                                   limit 1)`;

/** The key sessionUserIdOf looks up for a cookie's token (its hash: the table keeps no token). */
export const sessionKey = (token: string) => hashToken(token);

/**
 * The caller of a route that reads its own session, when it needs more than the id: the id and the role
 * only (a prepared statement of two columns, mapped by hand), never kept between requests.
 */
const sessionCallerStatements = new WeakMap<Db, ReturnType<typeof sessionCallerStatement>>();
function sessionCallerStatement(db: Db) {
  return db
    .select({ id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(validSession)
    .limit(1)
    .prepare('auth_session_caller');
}

export async function findSessionCaller(db: Db, token: string): Promise<SessionCaller | null> {
  let statement = sessionCallerStatements.get(db);
  if (!statement) sessionCallerStatements.set(db, (statement = sessionCallerStatement(db)));
  const rows = await statement.execute({ hash: hashToken(token) });
  return rows[0] ?? null;
}

/** A user's sessions, for their personal-data export (the token hashes are not theirs to need). */
export async function sessionsOf(db: Db | Tx, userId: number) {
  return db
    .select({
      created_at: sessions.created_at,
      expires_at: sessions.expires_at,
      device: sessions.device,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.user_id, userId))
    .orderBy(asc(sessions.created_at));
}

/** The performance monitor's sign-in figures: sessions not yet expired, and those opened in the last hour. */
export async function sessionCounts(db: Db, now: Date): Promise<{ open: number; lastHour: number }> {
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const [row] = await db
    .select({
      open: count(),
      lastHour: sql<number>`count(*) filter (where ${sessions.created_at} >= ${hourAgo.toISOString()})`,
    })
    .from(sessions)
    .where(gt(sessions.expires_at, now));
  return { open: Number(row?.open ?? 0), lastHour: Number(row?.lastHour ?? 0) };
}

/**
 * Closing an account (POPIA): every personal field is removed and the name becomes "Closed account #id",
 * so the orders, ledger entries and co-op records that keep pointing at the row keep their figures
 * without the person. Every session ends in the same transaction.
 */
export async function anonymiseUser(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      name: closedAccountName(userId),
      // Unique and never deliverable (.invalid is reserved), so the address can be signed up with again.
      email: `closed-${userId}@closed.invalid`,
      phone: null,
      company_name: null,
      gst_number: null,
      address: null,
      city: null,
      state: null,
      pincode: null,
      whatsapp_number: null,
      business_type: null,
      years_in_business: null,
      referral_code: null,
      is_verified: false,
      oidc_subject: null,
      mobile: null,
      password_hash: null,
      previous_role: null,
      suspended_reason: null,
      closed_at: now,
      updated_at: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.user_id, userId));
  // Nothing signs in to a closed account again: its passkeys and password links go.
  await tx.delete(passkeys).where(eq(passkeys.user_id, userId));
  await tx.delete(passwordTokens).where(eq(passwordTokens.user_id, userId));
  // The account's security events hold its addresses and devices: they go with it (POPIA).
  await tx.delete(securityEvents).where(eq(securityEvents.user_id, userId));
}

// ---- Security events and sessions (ADR 054)

/**
 * A sign-in, in one transaction: the browser's earlier session ends (a planted or seen session id is worth nothing
 * after it), the new one is opened with its device and address, and the sign-in is recorded.
 */
export async function signIn(
  db: Db,
  user: Pick<UserRow, 'id' | 'is_demo'>,
  days: number,
  client: SecurityClient,
  earlierToken: string | undefined,
  method: 'demo' | 'oidc' | 'password' | 'passkey',
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    if (earlierToken) await tx.delete(sessions).where(eq(sessions.id, hashToken(earlierToken)));
    await tx.insert(sessions).values({
      id: hashToken(token),
      user_id: user.id,
      expires_at: expiresAt,
      device: client.device,
      ip: client.ip,
    });
    await tx.delete(sessions).where(lt(sessions.expires_at, new Date()));
    await recordSecurityEvent(tx, { userId: user.id, type: 'login', client, details: method });
  });
  return { token, expiresAt };
}

/** A sign-out: the session ends and, when it was a valid one, the sign-out is recorded for its account. */
export async function signOut(db: Db, token: string, client: SecurityClient): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.id, hashToken(token)))
      .returning({ user_id: sessions.user_id });
    if (!ended) return;
    const [account] = await tx
      .select({ is_demo: users.is_demo })
      .from(users)
      .where(eq(users.id, ended.user_id));
    await recordSecurityEvent(tx, {
      userId: ended.user_id,
      type: 'logout',
      client: { device: client.device, ip: account?.is_demo ? null : client.ip },
    });
  });
}

const openSessionsOf = (userId: number) =>
  and(eq(sessions.user_id, userId), gt(sessions.expires_at, sql`now()`));

/** The caller's open sessions, newest first (at most SECURITY_SESSION_LIST_MAX), the current one marked. */
export async function sessionList(
  db: Db,
  user: Pick<UserRow, 'id' | 'is_demo'>,
  token: string | null,
): Promise<SecuritySessionList> {
  const current = token ? hashToken(token) : null;
  const [rows, [open]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        number: sessions.number,
        device: sessions.device,
        ip: sessions.ip,
        created_at: sessions.created_at,
        expires_at: sessions.expires_at,
      })
      .from(sessions)
      .where(openSessionsOf(user.id))
      .orderBy(desc(sessions.created_at), desc(sessions.number))
      .limit(SECURITY_SESSION_LIST_MAX),
    db.select({ n: count() }).from(sessions).where(openSessionsOf(user.id)),
  ]);
  const list = rows.map((r) => ({
    id: r.number,
    device: r.device ?? 'Unknown device',
    ip: r.ip,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    current: r.id === current,
  }));
  // The current session first, whatever its age: it is the one the screen says "this device" of.
  list.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions: list, open: open?.n ?? 0, shared_account: user.is_demo };
}

/**
 * Ends one of the caller's sessions by its number, and records it. Another user's session is not found (404), the
 * current one is refused (409: signing out ends it).
 */
export async function endSession(
  db: Db,
  user: Pick<UserRow, 'id'>,
  number: number,
  token: string | null,
  client: SecurityClient,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: sessions.id, device: sessions.device })
      .from(sessions)
      .where(and(eq(sessions.number, number), openSessionsOf(user.id)));
    if (!row) throw fail('security.session_not_found');
    if (token && row.id === hashToken(token)) throw fail('security.current_session');
    await tx.delete(sessions).where(eq(sessions.id, row.id));
    await recordSecurityEvent(tx, {
      userId: user.id,
      type: 'session_revoked',
      client,
      details: row.device ?? 'Unknown device',
    });
  });
}

/**
 * Ends every session of the caller's account but the current one, and records it. A shared demo account refuses
 * (DECISIONS 9): its other sessions are other visitors'.
 */
export async function endOtherSessions(
  db: Db,
  user: Pick<UserRow, 'id' | 'is_demo'>,
  token: string | null,
  client: SecurityClient,
): Promise<number> {
  if (user.is_demo) throw fail('demo_account');
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.user_id, user.id), token ? ne(sessions.id, hashToken(token)) : undefined))
      .returning({ id: sessions.id });
    if (ended.length > 0) {
      await recordSecurityEvent(tx, {
        userId: user.id,
        type: 'session_revoked',
        client,
        details: `others:${ended.length}`,
      });
    }
    return ended.length;
  });
}

export interface SecurityEventSelection {
  /** One account's events, or null: the whole deployment's (with the account's name). */
  userId: number | null;
  type?: SecurityEventType | undefined;
  status?: SecurityEventStatus | undefined;
  /** Only the demo world's accounts' events (what a shared demo account may see of the deployment). */
  demoWorldOnly?: boolean;
}

const eventWhere = (s: SecurityEventSelection) =>
  and(
    s.userId === null ? undefined : eq(securityEvents.user_id, s.userId),
    s.demoWorldOnly
      ? sql`${securityEvents.user_id} in (select ${users.id} from ${users} where ${users.demo_world})`
      : undefined,
    s.type ? eq(securityEvents.type, s.type) : undefined,
    s.status ? eq(securityEvents.status, s.status) : undefined,
  );

async function selectEvents(db: Db, s: SecurityEventSelection, limit: number, offset: number) {
  const rows = await db
    .select({ event: securityEvents, name: users.name, company: users.company_name })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.user_id))
    .where(eventWhere(s))
    .orderBy(desc(securityEvents.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ event, name, company }): SecurityEvent => ({
    id: event.id,
    type: event.type,
    status: event.status,
    user_id: event.user_id,
    user_name: s.userId === null && name !== null ? (company ?? name) : null,
    ip: event.ip,
    device: event.device,
    details: event.details,
    created_at: event.created_at.toISOString(),
  }));
}

/** Security events, newest first, a page at a time (ADR 046). */
export async function listSecurityEvents(
  db: Db,
  selection: SecurityEventSelection,
  page: number,
): Promise<SecurityEventList> {
  const pageSize = SECURITY_EVENT_PAGE_SIZE;
  const [events, [total]] = await Promise.all([
    selectEvents(db, selection, pageSize, (page - 1) * pageSize),
    db.select({ n: count() }).from(securityEvents).where(eventWhere(selection)),
  ]);
  return { events, matching: total?.n ?? 0, page, page_size: pageSize };
}

/** The events an export holds: the same selection, newest first, at most SECURITY_EVENT_EXPORT_MAX. */
export async function securityEventsForExport(db: Db, selection: SecurityEventSelection) {
  return selectEvents(db, selection, SECURITY_EVENT_EXPORT_MAX, 0);
}

/** A user's security events, for their personal-data export. */
export async function securityEventsOf(db: Db | Tx, userId: number) {
  return db
    .select({
      type: securityEvents.type,
      status: securityEvents.status,
      ip: securityEvents.ip,
      device: securityEvents.device,
      details: securityEvents.details,
      created_at: securityEvents.created_at,
    })
    .from(securityEvents)
    .where(eq(securityEvents.user_id, userId))
    .orderBy(asc(securityEvents.id));
}

/** The Security Center's figures of one account over 30 days, and the deployment's failed sign-ins when asked. */
export async function signInFigures(db: Db, userId: number, now: Date, withDeployment: boolean) {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const [[mine], [open], [failed], previous] = await Promise.all([
    db
      .select({ n: count() })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.user_id, userId),
          eq(securityEvents.type, 'login'),
          gte(securityEvents.created_at, since),
        ),
      ),
    db.select({ n: count() }).from(sessions).where(openSessionsOf(userId)),
    withDeployment
      ? db
          .select({ n: count() })
          .from(securityEvents)
          .where(and(eq(securityEvents.type, 'failed_login'), gte(securityEvents.created_at, since)))
      : Promise.resolve([undefined]),
    db
      .select({ at: securityEvents.created_at })
      .from(securityEvents)
      .where(and(eq(securityEvents.user_id, userId), eq(securityEvents.type, 'login')))
      .orderBy(desc(securityEvents.id))
      .limit(2),
  ]);
  return {
    sign_ins_30d: mine?.n ?? 0,
    open_sessions: open?.n ?? 0,
    failed_sign_ins_30d: withDeployment ? (failed?.n ?? 0) : null,
    // The newest sign-in is most likely this session's own: the one before it is the "last sign-in".
    last_sign_in_at: previous[1]?.at.toISOString() ?? null,
  };
}

/** Keeps the event log bounded: events older than SECURITY_EVENT_DAYS go. Returns how many went. */
export async function pruneSecurityEvents(tx: Tx, now: Date): Promise<number> {
  const gone = await tx
    .delete(securityEvents)
    .where(lt(securityEvents.created_at, new Date(now.getTime() - SECURITY_EVENT_DAYS * DAY_MS)))
    .returning({ id: securityEvents.id });
  return gone.length;
}

/** The demo world's accounts' ids, as a sub-select: what a shared demo account may see of the whole deployment. */
export const demoWorldAccountIds = sql`(select ${users.id} from ${users} where ${users.demo_world})`;

/** Whether the account is one of the demo world's (a demo account acts on no other). */
export async function isDemoWorldAccount(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db.select({ demo: users.demo_world }).from(users).where(eq(users.id, userId));
  return row?.demo ?? false;
}

/** Whether demo sign-in was turned off by a real administrator, per database (it never turns on again by itself). */
const demoTurnedOff = new WeakSet<Db>();

/**
 * Whether demo sign-in is on now: as configured (config.ts), and, unless DEMO_LOGIN=true asked for it, only until the
 * deployment has a real administrator. Once off, the demo accounts' sessions end: none may read real accounts' data.
 */
export async function demoSignInOn(
  db: Db,
  config: { demoLogin: boolean; demoLoginExplicit: boolean },
): Promise<boolean> {
  if (!config.demoLogin || demoTurnedOff.has(db)) return false;
  if (config.demoLoginExplicit || !(await hasRealAdministrator(db))) return true;
  demoTurnedOff.add(db);
  await endDemoSessions(db);
  return false;
}

export function demoEmail(role: DemoRole): string {
  return `demo.${role}@township-trade.co.za`;
}

export async function findDemoUser(db: Db, role: DemoRole): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.email, demoEmail(role)), eq(users.is_demo, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** The user behind an OpenID Connect subject; a first sign-in creates a retailer account. */
export async function upsertOidcUser(
  db: Db,
  claims: { sub: string; email?: string | undefined; name?: string | undefined },
  signUp: { referralCode?: string | null } = {},
): Promise<UserRow> {
  const existing = await db.select().from(users).where(eq(users.oidc_subject, claims.sub)).limit(1);
  if (existing[0]) return existing[0];
  const email = claims.email ?? `${claims.sub}@users.township-trade.co.za`;
  const byEmail = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (byEmail[0] && !byEmail[0].is_demo) {
    const [linked] = await db
      .update(users)
      .set({ oidc_subject: claims.sub, updated_at: new Date() })
      .where(eq(users.id, byEmail[0].id))
      .returning();
    return linked!;
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: byEmail[0] ? `${claims.sub}@users.township-trade.co.za` : email,
        name: claims.name ?? email.split('@')[0] ?? 'New member',
        role: 'retailer' satisfies Role,
        oidc_subject: claims.sub,
      })
      .returning();
    const [withCode] = await tx
      .update(users)
      .set({ referral_code: fallbackReferralCode(created!.id) })
      .where(eq(users.id, created!.id))
      .returning();
    // Other areas act on a new account through the outbox (referrals records who brought them).
    await emit(tx, AUTH_EVENTS.signedUp, {
      user_id: withCode!.id,
      referral_code: signUp.referralCode ?? null,
    });
    return withCode!;
  });
}

export function toAppUser(row: UserRow): AppUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    role: row.role as AppUser['role'],
    phone: row.phone,
    company_name: row.company_name,
    gst_number: row.gst_number,
    address: row.address,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    whatsapp_number: row.whatsapp_number,
    business_type: row.business_type as AppUser['business_type'],
    years_in_business: row.years_in_business,
    referral_code: row.referral_code ?? fallbackReferralCode(row.id),
    is_verified: row.is_verified,
    is_demo: row.is_demo,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * The account a referral code belongs to: its stored code, or spec 1's fallback (BETA + id) for an
 * account that has none stored. Null when no account has it.
 */
export async function userIdByReferralCode(db: Db | Tx, code: string): Promise<number | null> {
  const [stored] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referral_code, code))
    .limit(1);
  if (stored) return stored.id;
  const fallback = /^BETA(\d{4,9})$/.exec(code);
  if (!fallback) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, Number(fallback[1])), isNull(users.referral_code)))
    .limit(1);
  return row?.id ?? null;
}

/** What other areas show of a user. The users table is this area's: other areas read it only through here. */
export interface UserSummary {
  id: number;
  name: string;
  company_name: string | null;
  /** The business name where there is one, else the person's: how a buyer or seller is named in lists. */
  display_name: string;
}

/** The summaries of the given users, by id; one query, inside the caller's transaction when given one. */
export async function userSummaries(db: Db | Tx, ids: Iterable<number>): Promise<Map<number, UserSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, company_name: users.company_name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { ...r, display_name: r.company_name ?? r.name }]));
}

/** Where the given users are, from their profiles (province and city as they typed them), by id. */
export async function placesOf(
  db: Db | Tx,
  ids: Iterable<number>,
): Promise<Map<number, { province: string | null; city: string | null }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, province: users.state, city: users.city })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { province: r.province, city: r.city }]));
}

/**
 * Writes a user's own profile fields, only those sent (a save used to null every field it left out);
 * whether the change is allowed is the users area's rule.
 */
export async function saveProfile(
  db: Db,
  user: Pick<UserRow, 'id' | 'role'>,
  update: ProfilePatch,
  client: SecurityClient,
): Promise<UserRow> {
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updated_at: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (updated!.role !== user.role) {
      await recordSecurityEvent(tx, {
        userId: user.id,
        type: 'role_change',
        client,
        details: `${user.role}>${updated!.role}`,
      });
    }
    return updated!;
  });
}

/** How many accounts the network has (the early-adopter offer closes at a member cap). */
export async function countUsers(db: Db | Tx): Promise<number> {
  return db.$count(users);
}

/**
 * Open accounts holding one of the roles, by name (the CRM's sales reps, say); `ids` narrows it to
 * those accounts. Bounded: a list screen names at most `limit`.
 */
export async function accountsWithRoles(
  db: Db | Tx,
  roles: readonly Role[],
  options: { ids?: readonly number[]; limit?: number; demoWorldOnly?: boolean } = {},
): Promise<UserSummary[]> {
  return (await accountsWithRolesMatching(db, roles, options)).accounts;
}

/**
 * accountsWithRoles narrowed by a search on the name shown (the business name, else the person's;
 * case-insensitive, LIKE wildcards taken as themselves), with how many match in all before the limit:
 * a picker shows a page and says that a search reaches the rest.
 */
export async function accountsWithRolesMatching(
  db: Db | Tx,
  roles: readonly Role[],
  options: {
    ids?: readonly number[];
    search?: string | undefined;
    limit?: number;
    /** Only the demo world's accounts (what a shared demo account is shown). */
    demoWorldOnly?: boolean;
  } = {},
): Promise<{ accounts: UserSummary[]; total: number }> {
  if (roles.length === 0 || options.ids?.length === 0) return { accounts: [], total: 0 };
  const search = options.search?.trim();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      company_name: users.company_name,
      // Counted before the limit applies; no row matching means a total of 0.
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(users)
    .where(
      and(
        inArray(users.role, [...roles]),
        isNull(users.closed_at),
        options.ids ? inArray(users.id, [...options.ids]) : undefined,
        options.demoWorldOnly ? eq(users.demo_world, true) : undefined,
        search ? sql`coalesce(${users.company_name}, ${users.name}) ilike ${containing(search)}` : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(options.limit ?? 500);
  return {
    accounts: rows.map(({ total: _, ...r }) => ({ ...r, display_name: r.company_name ?? r.name })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The VAT numbers of these businesses (the profile's gst_number), by id; a business without one is not
 * VAT registered and its books post no VAT (DECISIONS 23).
 */
export async function vatNumbersOf(db: Db | Tx, ids: Iterable<number>): Promise<Map<number, string | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, gst_number: users.gst_number })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.gst_number]));
}

/** A user's role (null when there is no such user): jobs acting for a user check what it may still do. */
export async function roleOf(db: Db | Tx, userId: number): Promise<Role | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return (row?.role as Role | undefined) ?? null;
}

/**
 * How many open accounts with these roles there are per business type and per province (the profile's
 * state field): the marketing area's audiences. Only counts leave this area, never who.
 */
export async function accountCountsBy(
  db: Db | Tx,
  roles: readonly Role[],
): Promise<{ business_type: string | null; province: string | null; accounts: number }[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .select({ business_type: users.business_type, province: users.state, accounts: count() })
    .from(users)
    .where(and(inArray(users.role, [...roles]), isNull(users.closed_at)))
    .groupBy(users.business_type, users.state);
  return rows.map((r) => ({ ...r, accounts: Number(r.accounts) }));
}

/**
 * Gives an account a role granted by someone else (DECISIONS 8: an approved supplier application grants
 * the seller role it named), inside the caller's transaction. Whether the grant is allowed is the caller's rule.
 */
export async function grantRole(tx: Db | Tx, userId: number, role: Role): Promise<void> {
  const [before] = await tx
    .select({ role: users.role, closed_at: users.closed_at })
    .from(users)
    .where(eq(users.id, userId));
  if (before?.closed_at) throw fail('admin_users.closed_account');
  await tx.update(users).set({ role, updated_at: new Date() }).where(eq(users.id, userId));
  if (before && before.role !== role) {
    // Granted by someone else: the grantee's device is not known, so the event names none.
    await recordSecurityEvent(tx, {
      userId,
      type: 'role_change',
      client: { ip: null, device: 'Unknown device' },
      details: `${before.role}>${role}`,
    });
  }
}

/** Whether an account is a shared demo account (DECISIONS 9), and its name. */
export async function accountOf(
  db: Db | Tx,
  userId: number,
): Promise<{ name: string; role: Role; is_demo: boolean } | null> {
  const [row] = await db
    .select({ name: users.name, role: users.role, is_demo: users.is_demo })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, role: row.role as Role } : null;
}

/** The whole account, for a job that acts for its owner (a scheduled order, a completed bulk order). */
export async function userRowById(db: Db | Tx, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}
