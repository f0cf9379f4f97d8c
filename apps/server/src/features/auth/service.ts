import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AppUser, DemoRole, ProfilePatch, Role } from '@tt/domain';
import { closedAccountName, fallbackReferralCode } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import type { SessionCaller } from '../../platform/auth.ts';
import { emit } from '../../platform/jobs/runner.ts';
import { sessions, users } from './tables.ts';

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

/** A session that is the placeholder `hash`, has not expired and whose account is not closed. */
const validSession = and(
  eq(sessions.id, sql.placeholder('hash')),
  gt(sessions.expires_at, sql`now()`),
  isNull(users.closed_at),
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
    .select({ created_at: sessions.created_at, expires_at: sessions.expires_at })
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
      closed_at: now,
      updated_at: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.user_id, userId));
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
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
export async function saveProfile(db: Db, userId: number, update: ProfilePatch): Promise<UserRow> {
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  const [updated] = await db
    .update(users)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
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
  options: { ids?: readonly number[]; limit?: number } = {},
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
  options: { ids?: readonly number[]; search?: string | undefined; limit?: number } = {},
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
  await tx.update(users).set({ role, updated_at: new Date() }).where(eq(users.id, userId));
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
