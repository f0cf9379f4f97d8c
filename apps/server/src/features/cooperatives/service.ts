import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  acceptsMembers,
  centsToRand,
  COOP_SHARE_CENTS,
  DEFAULT_MINIMUM_MEMBERS,
  statusAfterJoin,
  type Cooperative,
  type CooperativeStatus,
  type Membership,
} from '@tt/domain';
import type { z } from 'zod';
import type { registerCooperativeSchema } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { UserRow } from '../auth/service.ts';
import { fail, field } from '../../platform/errors.ts';
import { enforcePlanLimit, registerUsageCounter } from '../subscriptions/service.ts';
import { cooperatives, memberships } from './tables.ts';

/** A new member's share (the domain's, so the screen shows the same figure before joining). */
export const DEFAULT_SHARE_CENTS = COOP_SHARE_CENTS;
const LIST_LIMIT = 100;

/** DECISIONS 16's co-op members: the members of the cooperatives the user coordinates. */
registerUsageCounter('coop_members', (db, userId) =>
  db.$count(
    memberships,
    inArray(
      memberships.coop_id,
      db
        .select({ id: memberships.coop_id })
        .from(memberships)
        .where(and(eq(memberships.user_id, userId), eq(memberships.is_coordinator, true))),
    ),
  ),
);

/**
 * A new member counts against the plan of every coordinator of the cooperative (DECISIONS 16), each
 * checked under that account's plan lock, taken in id order so two joins cannot deadlock.
 */
async function admitAgainstCoordinatorPlans(tx: Tx, coopId: number, joiningUserId: number) {
  const coordinators = await tx
    .select({ id: memberships.user_id })
    .from(memberships)
    .where(and(eq(memberships.coop_id, coopId), eq(memberships.is_coordinator, true)))
    .orderBy(asc(memberships.user_id));
  for (const { id } of coordinators) {
    await enforcePlanLimit(tx, id, 'coop_members', 1, { onBehalfOf: id !== joiningUserId });
  }
}

export async function countActiveCooperatives(db: Db): Promise<number> {
  return db.$count(cooperatives, eq(cooperatives.status, 'active'));
}

export async function countMemberships(db: Db, userId: number): Promise<number> {
  return db.$count(memberships, eq(memberships.user_id, userId));
}

type CoopRow = typeof cooperatives.$inferSelect;

const toCooperative = (r: CoopRow): Cooperative => ({
  id: r.id,
  name: r.name,
  description: r.description,
  area: r.area,
  province: r.province,
  status: r.status as CooperativeStatus,
  current_members: r.current_members,
  minimum_members: r.minimum_members,
  created_at: r.created_at.toISOString(),
});

export async function listCooperatives(
  db: Db,
  query: { status?: CooperativeStatus | undefined; search?: string | undefined },
): Promise<Cooperative[]> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(cooperatives.status, query.status));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(cooperatives.name, pattern),
        ilike(cooperatives.area, pattern),
        ilike(cooperatives.province, pattern),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(cooperatives)
    .where(and(...filters))
    .orderBy(
      sql`case ${cooperatives.status} when 'active' then 0 when 'pending' then 1 else 2 end`,
      asc(cooperatives.name),
      asc(cooperatives.id),
    )
    .limit(LIST_LIMIT);
  return rows.map(toCooperative);
}

export async function getCooperative(db: Db | Tx, id: number): Promise<Cooperative> {
  const [row] = await db.select().from(cooperatives).where(eq(cooperatives.id, id));
  if (!row) throw fail('coop.not_found');
  return toCooperative(row);
}

/** The names of the given cooperatives, by id (a bulk order or a participation names its co-op). */
export async function cooperativeNames(db: Db | Tx, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: cooperatives.id, name: cooperatives.name })
    .from(cooperatives)
    .where(inArray(cooperatives.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const membershipColumns = {
  id: memberships.id,
  coop_id: memberships.coop_id,
  coop_name: cooperatives.name,
  membership_number: memberships.membership_number,
  join_date: memberships.join_date,
  share_amount_cents: memberships.share_amount_cents,
  voting_rights: memberships.voting_rights,
  is_coordinator: memberships.is_coordinator,
};

type MembershipRow = {
  id: number;
  coop_id: number;
  coop_name: string;
  membership_number: string;
  join_date: Date;
  share_amount_cents: number;
  voting_rights: boolean;
  is_coordinator: boolean;
};

const toMembership = (r: MembershipRow): Membership => ({
  id: r.id,
  coop_id: r.coop_id,
  coop_name: r.coop_name,
  membership_number: r.membership_number,
  join_date: r.join_date.toISOString(),
  share_amount: centsToRand(r.share_amount_cents),
  voting_rights: r.voting_rights,
  is_coordinator: r.is_coordinator,
});

export async function myMemberships(db: Db, userId: number): Promise<Membership[]> {
  const rows = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(cooperatives, eq(cooperatives.id, memberships.coop_id))
    .where(eq(memberships.user_id, userId))
    .orderBy(asc(memberships.join_date), asc(memberships.id))
    .limit(LIST_LIMIT);
  return rows.map(toMembership);
}

/** Unique by construction: one membership per (cooperative, user), and a format the seed never uses. */
const membershipNumber = (coopId: number, userId: number) =>
  `COOP${String(coopId).padStart(3, '0')}-U${String(userId).padStart(5, '0')}`;

const pgCode = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/** True when the error is PostgreSQL's unique violation (23505). */
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';

async function membershipById(tx: Tx, id: number): Promise<Membership> {
  const [row] = await tx
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(cooperatives, eq(cooperatives.id, memberships.coop_id))
    .where(eq(memberships.id, id));
  return toMembership(row!);
}

/**
 * POST /api/cooperatives/join, one transaction: the member count rises with a conditional
 * `current_members + 1` (which also locks the cooperative's row, so joins to one cooperative queue up),
 * the membership is written (its unique (coop, user) key refuses a second join), and a pending
 * cooperative turns active at its minimum.
 */
export async function joinCooperative(
  db: Db,
  user: UserRow,
  coopId: number,
): Promise<{ cooperative: Cooperative; membership: Membership }> {
  try {
    return await db.transaction(async (tx) => {
      const coop = await getCooperative(tx, coopId);
      const [already] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.coop_id, coopId), eq(memberships.user_id, user.id)));
      if (already) throw fail('coop.already_member');
      if (!acceptsMembers(coop.status)) throw fail('coop.not_accepting_members');
      await admitAgainstCoordinatorPlans(tx, coopId, user.id);
      const [raised] = await tx
        .update(cooperatives)
        .set({ current_members: sql`${cooperatives.current_members} + 1` })
        .where(and(eq(cooperatives.id, coopId), sql`${cooperatives.status} in ('active', 'pending')`))
        .returning();
      if (!raised) throw fail('coop.not_accepting_members');
      let row: CoopRow | undefined = raised;
      const next = statusAfterJoin(
        raised.status as CooperativeStatus,
        raised.current_members,
        raised.minimum_members,
      );
      if (next !== raised.status) {
        [row] = await tx
          .update(cooperatives)
          .set({ status: next })
          .where(eq(cooperatives.id, coopId))
          .returning();
      }
      const [inserted] = await tx
        .insert(memberships)
        .values({
          coop_id: coopId,
          user_id: user.id,
          membership_number: membershipNumber(coopId, user.id),
          share_amount_cents: DEFAULT_SHARE_CENTS,
          voting_rights: true,
          is_coordinator: false,
        })
        .returning({ id: memberships.id });
      return { cooperative: toCooperative(row!), membership: await membershipById(tx, inserted!.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('coop.already_member');
    throw error;
  }
}

/** Start Registration (DECISIONS 13): a pending cooperative whose founder is its first member and coordinator. */
export async function registerCooperative(
  db: Db,
  user: UserRow,
  input: z.output<typeof registerCooperativeSchema>,
): Promise<{ cooperative: Cooperative; membership: Membership }> {
  try {
    return await db.transaction(async (tx) => {
      // The founder coordinates the new cooperative: its first member counts against the founder's plan.
      await enforcePlanLimit(tx, user.id, 'coop_members', 1);
      const [coop] = await tx
        .insert(cooperatives)
        .values({
          name: input.name,
          description: input.description ?? null,
          area: input.area,
          province: input.province,
          status: 'pending',
          current_members: 1,
          minimum_members: DEFAULT_MINIMUM_MEMBERS,
          founded_by: user.id,
        })
        .returning();
      const [inserted] = await tx
        .insert(memberships)
        .values({
          coop_id: coop!.id,
          user_id: user.id,
          membership_number: membershipNumber(coop!.id, user.id),
          share_amount_cents: DEFAULT_SHARE_CENTS,
          voting_rights: true,
          is_coordinator: true,
        })
        .returning({ id: memberships.id });
      return { cooperative: toCooperative(coop!), membership: await membershipById(tx, inserted!.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw fail('coop.name_taken', {}, { fields: { name: field('validation.name_taken') } });
    throw error;
  }
}

export interface MemberStanding {
  coop_id: number;
  coop_name: string;
  /** Null for an admin who is not a member. */
  membership: { voting_rights: boolean; is_coordinator: boolean } | null;
  is_admin: boolean;
}

/** The caller's standing in a cooperative, or null when not a member. Other areas ask this. */
export async function membershipOf(
  db: Db | Tx,
  coopId: number,
  userId: number,
): Promise<{ voting_rights: boolean; is_coordinator: boolean } | null> {
  const [row] = await db
    .select({ voting_rights: memberships.voting_rights, is_coordinator: memberships.is_coordinator })
    .from(memberships)
    .where(and(eq(memberships.coop_id, coopId), eq(memberships.user_id, userId)));
  return row ?? null;
}

/**
 * For the cooperative's own pages (governance, warehouses): 404 for an unknown cooperative, 403 unless
 * the caller is a member, or an admin when `admins` allows it.
 */
export async function requireMember(
  db: Db | Tx,
  coopId: number,
  user: Pick<UserRow, 'id' | 'role'>,
  { admins = true }: { admins?: boolean } = {},
): Promise<MemberStanding> {
  const [coop] = await db
    .select({ id: cooperatives.id, name: cooperatives.name })
    .from(cooperatives)
    .where(eq(cooperatives.id, coopId));
  if (!coop) throw fail('coop.not_found');
  const membership = await membershipOf(db, coopId, user.id);
  const isAdmin = user.role === 'admin';
  if (!membership && !(admins && isAdmin)) {
    throw fail('coop.not_member');
  }
  return { coop_id: coop.id, coop_name: coop.name, membership, is_admin: isAdmin };
}

/** How many members of a cooperative may vote. */
export async function countVotingMembers(db: Db | Tx, coopId: number): Promise<number> {
  return db.$count(memberships, and(eq(memberships.coop_id, coopId), eq(memberships.voting_rights, true)));
}

export interface CooperativeStanding {
  id: number;
  name: string;
  status: string;
  current_members: number;
  memberIds: number[];
}

/**
 * Cooperatives with their members, for reports: the ones `coordinatorId` coordinates, or (null) every
 * cooperative; the largest first, at most `limit`.
 */
export async function cooperativesWithMembers(
  db: Db | Tx,
  coordinatorId: number | null,
  limit: number,
): Promise<CooperativeStanding[]> {
  const coordinated = db
    .select({ id: memberships.coop_id })
    .from(memberships)
    .where(and(eq(memberships.user_id, coordinatorId ?? 0), eq(memberships.is_coordinator, true)));
  const coops = await db
    .select({
      id: cooperatives.id,
      name: cooperatives.name,
      status: cooperatives.status,
      current_members: cooperatives.current_members,
    })
    .from(cooperatives)
    .where(coordinatorId === null ? undefined : inArray(cooperatives.id, coordinated))
    .orderBy(desc(cooperatives.current_members), asc(cooperatives.name), asc(cooperatives.id))
    .limit(limit);
  if (coops.length === 0) return [];
  const members = await db
    .select({ coop_id: memberships.coop_id, user_id: memberships.user_id })
    .from(memberships)
    .where(
      inArray(
        memberships.coop_id,
        coops.map((c) => c.id),
      ),
    );
  return coops.map((c) => ({
    ...c,
    memberIds: members.filter((m) => m.coop_id === c.id).map((m) => m.user_id),
  }));
}

/** Every member of the cooperatives `coordinatorId` coordinates (whose orders a coordinator's reports count). */
export async function membersCoordinatedBy(db: Db | Tx, coordinatorId: number): Promise<number[]> {
  const coordinated = db
    .select({ id: memberships.coop_id })
    .from(memberships)
    .where(and(eq(memberships.user_id, coordinatorId), eq(memberships.is_coordinator, true)));
  const rows = await db
    .selectDistinct({ user_id: memberships.user_id })
    .from(memberships)
    .where(inArray(memberships.coop_id, coordinated));
  return rows.map((r) => r.user_id);
}
