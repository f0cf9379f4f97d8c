import { and, asc, count, desc, eq, gte, ilike, inArray, lt, max, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  can,
  centsToRand,
  CRM_OVERVIEW_LIMIT,
  monthOf,
  monthRange,
  randToCents,
  targetProgress,
  type CrmActivity,
  type CrmActivityInput,
  type CrmClient,
  type CrmClientDetail,
  type CrmClientList,
  type CrmClientInput,
  type CrmSummary,
  type SalesTarget,
  type SalesTargetList,
  type SetSalesTarget,
} from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import type { AuthenticatedUser } from '../../platform/auth.ts';
import { fail, field } from '../../platform/errors.ts';
import { accountsWithRoles, demoWorldAccountIds, userSummaries } from '../auth/service.ts';
import { crmActivities, crmClients, crmSalesTargets } from './tables.ts';

/**
 * Who sees what (packages/domain/src/crm.ts): a manager (crm.manage) every client, anyone else with the
 * CRM only the clients they own. Every read and write below goes through this filter, so another
 * rep's client is simply not there (404).
 */
type Caller = Pick<AuthenticatedUser, 'id' | 'role'> & { is_demo?: boolean };

export const isCrmManager = (user: Pick<AuthenticatedUser, 'role'>) => can(user.role, 'crm.manage');

/** A shared demo manager (anyone can sign in to it) sees the demo world's reps' clients, never a real rep's. */
const visibleClients = (user: Caller): SQL | undefined =>
  isCrmManager(user)
    ? user.is_demo
      ? inArray(crmClients.owner_id, demoWorldAccountIds)
      : undefined
    : eq(crmClients.owner_id, user.id);

type ClientRow = typeof crmClients.$inferSelect;
type ActivityRow = typeof crmActivities.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The latest past activity of each client (the "last contact" on a card). */
async function lastActivities(db: Db | Tx, clientIds: number[], now: Date): Promise<Map<number, Date>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ client_id: crmActivities.client_id, last: max(crmActivities.activity_date) })
    .from(crmActivities)
    .where(and(inArray(crmActivities.client_id, clientIds), lt(crmActivities.activity_date, now)))
    .groupBy(crmActivities.client_id);
  return new Map(rows.filter((r) => r.last).map((r) => [r.client_id, r.last!]));
}

async function toClients(db: Db | Tx, rows: ClientRow[], now = new Date()): Promise<CrmClient[]> {
  const [owners, last] = await Promise.all([
    userSummaries(
      db,
      rows.map((r) => r.owner_id),
    ),
    lastActivities(
      db,
      rows.map((r) => r.id),
      now,
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    owner_id: r.owner_id,
    owner_name: owners.get(r.owner_id)?.name ?? '',
    client_name: r.client_name,
    company_name: r.company_name,
    client_email: r.client_email,
    client_phone: r.client_phone,
    address: r.address,
    client_type: r.client_type,
    status: r.status,
    client_value: centsToRand(r.client_value_cents),
    notes: r.notes,
    won_at: iso(r.won_at),
    last_activity_at: iso(last.get(r.id)),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

async function toActivities(db: Db | Tx, rows: ActivityRow[]): Promise<CrmActivity[]> {
  const clientIds = [...new Set(rows.map((r) => r.client_id))];
  const [clients, people] = await Promise.all([
    clientIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: crmClients.id, client_name: crmClients.client_name })
          .from(crmClients)
          .where(inArray(crmClients.id, clientIds)),
    userSummaries(
      db,
      rows.flatMap((r) => (r.created_by === null ? [] : [r.created_by])),
    ),
  ]);
  const names = new Map(clients.map((c) => [c.id, c.client_name]));
  return rows.map((r) => ({
    id: r.id,
    client_id: r.client_id,
    client_name: names.get(r.client_id) ?? '',
    activity_type: r.activity_type,
    subject: r.subject,
    description: r.description,
    activity_date: r.activity_date.toISOString(),
    created_by_name: r.created_by === null ? null : (people.get(r.created_by)?.name ?? null),
    created_at: r.created_at.toISOString(),
  }));
}

/** GET /api/crm/clients: the clients the caller may see, narrowed by search, type and status. */
export async function listClients(
  db: Db,
  user: Caller,
  query: {
    search?: string | undefined;
    client_type?: string | undefined;
    status?: string | undefined;
    page: number;
    page_size: number;
  },
): Promise<CrmClientList> {
  const filters: (SQL | undefined)[] = [visibleClients(user)];
  if (query.client_type)
    filters.push(eq(crmClients.client_type, query.client_type as ClientRow['client_type']));
  if (query.status) filters.push(eq(crmClients.status, query.status as ClientRow['status']));
  const search = query.search?.trim();
  if (search) {
    const pattern = containing(search);
    const digits = search.replace(/[^0-9]/g, '');
    filters.push(
      or(
        ilike(crmClients.client_name, pattern),
        ilike(crmClients.company_name, pattern),
        ilike(crmClients.client_email, pattern),
        // A phone is stored as +27 82 555 0101: "0825550101" or "555 0101" finds it by its digits.
        digits.length >= 3
          ? sql`regexp_replace(coalesce(${crmClients.client_phone}, ''), '[^0-9]', '', 'g') like ${containing(digits.startsWith('0') ? digits.slice(1) : digits)}`
          : undefined,
      ),
    );
  }
  const where = and(...filters);
  const [rows, matching] = await Promise.all([
    db
      .select()
      .from(crmClients)
      .where(where)
      // The id breaks ties, so pages never overlap.
      .orderBy(desc(crmClients.updated_at), desc(crmClients.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.$count(crmClients, where),
  ]);
  return { clients: await toClients(db, rows), matching, page: query.page, page_size: query.page_size };
}

/** The client when the caller may see it; otherwise it does not exist for them (404). */
async function visibleClient(db: Db | Tx, user: Caller, id: number, lock = false): Promise<ClientRow> {
  const query = db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.id, id), visibleClients(user)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fail('crm.client_not_found');
  return row;
}

/** The crm_client record rule: the client's owner, or a manager. */
export async function assertClientVisible(db: Db, user: Caller, id: number): Promise<void> {
  await visibleClient(db, user, id);
}

/** GET /api/crm/clients/:id: the client with its activities, latest first. */
export async function clientDetail(db: Db, user: Caller, id: number): Promise<CrmClientDetail> {
  const row = await visibleClient(db, user, id);
  const [client] = await toClients(db, [row]);
  const activities = await db
    .select()
    .from(crmActivities)
    .where(eq(crmActivities.client_id, id))
    .orderBy(desc(crmActivities.activity_date), desc(crmActivities.id))
    .limit(100);
  return { ...client!, activities: await toActivities(db, activities) };
}

const clientValues = (input: CrmClientInput) => ({
  client_name: input.client_name,
  company_name: input.company_name,
  client_email: input.client_email,
  client_phone: input.client_phone,
  address: input.address,
  client_type: input.client_type,
  status: input.status,
  client_value_cents: randToCents(input.client_value),
  notes: input.notes,
});

/** POST /api/crm/clients: Add Client; the caller owns it. A client added as won counts from now. */
export async function createClient(db: Db, user: Caller, input: CrmClientInput, now = new Date()) {
  const [row] = await db
    .insert(crmClients)
    .values({
      owner_id: user.id,
      ...clientValues(input),
      won_at: input.status === 'won' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning();
  const [client] = await toClients(db, [row!], now);
  return client!;
}

/**
 * PUT /api/crm/clients/:id: Edit. The owner stays; marking the client won stamps the moment (its value
 * then counts towards the owner's target that month), and moving it off won clears the stamp.
 */
export async function updateClient(
  db: Db,
  user: Caller,
  id: number,
  input: CrmClientInput,
  now = new Date(),
): Promise<CrmClient> {
  return db.transaction(async (tx) => {
    const current = await visibleClient(tx, user, id, true);
    const wonAt = input.status === 'won' ? (current.won_at ?? now) : null;
    const [row] = await tx
      .update(crmClients)
      .set({ ...clientValues(input), won_at: wonAt, updated_at: now })
      .where(eq(crmClients.id, id))
      .returning();
    const [client] = await toClients(tx, [row!], now);
    return client!;
  });
}

/** GET /api/crm/activities: on the clients the caller may see; upcoming soonest first, else latest first. */
export async function listActivities(
  db: Db,
  user: Caller,
  query: { client_id?: number | undefined; upcoming?: 'true' | 'false' | undefined; limit: number },
  now = new Date(),
): Promise<CrmActivity[]> {
  const upcoming = query.upcoming === 'true';
  const rows = await db
    .select({ activity: crmActivities })
    .from(crmActivities)
    .innerJoin(crmClients, eq(crmClients.id, crmActivities.client_id))
    .where(
      and(
        visibleClients(user),
        query.client_id !== undefined ? eq(crmActivities.client_id, query.client_id) : undefined,
        upcoming ? gte(crmActivities.activity_date, now) : undefined,
      ),
    )
    .orderBy(
      upcoming ? asc(crmActivities.activity_date) : desc(crmActivities.activity_date),
      upcoming ? asc(crmActivities.id) : desc(crmActivities.id),
    )
    .limit(query.limit);
  return toActivities(
    db,
    rows.map((r) => r.activity),
  );
}

/** POST /api/crm/activities: logs an activity with a client the caller may see. */
export async function createActivity(db: Db, user: Caller, input: CrmActivityInput, now = new Date()) {
  return db.transaction(async (tx) => {
    // The client is locked so an activity never lands on a client being taken away meanwhile.
    await visibleClient(tx, user, input.client_id, true);
    const [row] = await tx
      .insert(crmActivities)
      .values({
        client_id: input.client_id,
        created_by: user.id,
        activity_type: input.activity_type,
        subject: input.subject,
        description: input.description,
        activity_date: new Date(input.activity_date),
        created_at: now,
      })
      .returning();
    // The client was touched: it moves to the top of the list.
    await tx.update(crmClients).set({ updated_at: now }).where(eq(crmClients.id, input.client_id));
    const [activity] = await toActivities(tx, [row!]);
    return activity!;
  });
}

const sumCents = (column: SQL | typeof crmClients.client_value_cents) =>
  sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** GET /api/crm/summary: the cards, the next five activities and the five most valuable clients not lost. */
export async function crmSummary(db: Db, user: Caller, now = new Date()): Promise<CrmSummary> {
  const month = monthOf(now);
  const { start, end } = monthRange(month);
  const scope = visibleClients(user);
  const [totals] = await db
    .select({
      total: count(),
      customers: sql<number>`count(*) filter (where ${crmClients.client_type} = 'customer')`.mapWith(Number),
      pipeline:
        sql<number>`coalesce(sum(${crmClients.client_value_cents}) filter (where ${crmClients.status} = 'open'), 0)::bigint`.mapWith(
          Number,
        ),
      won: sql<number>`coalesce(sum(${crmClients.client_value_cents}) filter (where ${crmClients.status} = 'won' and ${crmClients.won_at} >= ${start} and ${crmClients.won_at} < ${end}), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(crmClients)
    .where(scope);
  const [activityCount] = await db
    .select({ n: count() })
    .from(crmActivities)
    .innerJoin(crmClients, eq(crmClients.id, crmActivities.client_id))
    .where(and(scope, gte(crmActivities.activity_date, start), lt(crmActivities.activity_date, end)));
  // A lost deal is no top client, whatever it was worth.
  const top = await db
    .select()
    .from(crmClients)
    .where(and(scope, ne(crmClients.status, 'lost')))
    .orderBy(desc(crmClients.client_value_cents), asc(crmClients.client_name), asc(crmClients.id))
    .limit(CRM_OVERVIEW_LIMIT);
  return {
    scope: isCrmManager(user) ? 'all' : 'own',
    month,
    total_clients: totals?.total ?? 0,
    customers: totals?.customers ?? 0,
    pipeline_value: centsToRand(totals?.pipeline ?? 0),
    won_this_month: centsToRand(totals?.won ?? 0),
    activities_this_month: activityCount?.n ?? 0,
    upcoming_activities: await listActivities(db, user, { upcoming: 'true', limit: CRM_OVERVIEW_LIMIT }, now),
    top_clients: await toClients(db, top, now),
  };
}

/** Who has a target: the sales reps. */
const REP_ROLES = ['sales_rep'] as const;

const firstDay = (month: string) => `${month}-01`;

/** Each rep's actual for the month: their own clients won in it. */
async function actuals(db: Db | Tx, repIds: number[], month: string) {
  if (repIds.length === 0) return new Map<number, { cents: number; won: number }>();
  const { start, end } = monthRange(month);
  const rows = await db
    .select({ rep_id: crmClients.owner_id, cents: sumCents(crmClients.client_value_cents), won: count() })
    .from(crmClients)
    .where(
      and(
        inArray(crmClients.owner_id, repIds),
        eq(crmClients.status, 'won'),
        gte(crmClients.won_at, start),
        lt(crmClients.won_at, end),
      ),
    )
    .groupBy(crmClients.owner_id);
  return new Map(rows.map((r) => [r.rep_id, { cents: r.cents, won: r.won }]));
}

/** The month's targets of these reps, or (null) of every rep: of the demo world's only, for a shared demo manager. */
async function targetsOf(db: Db | Tx, repIds: number[] | null, month: string, demoWorldOnly = false) {
  const rows = await db
    .select({ rep_id: crmSalesTargets.rep_id, cents: crmSalesTargets.target_cents })
    .from(crmSalesTargets)
    .where(
      and(
        eq(crmSalesTargets.month, firstDay(month)),
        repIds === null ? undefined : inArray(crmSalesTargets.rep_id, repIds.length > 0 ? repIds : [-1]),
        demoWorldOnly ? inArray(crmSalesTargets.rep_id, demoWorldAccountIds) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.rep_id, r.cents]));
}

function toTarget(
  rep: { id: number; name: string },
  month: string,
  targetCents: number | undefined,
  actual: { cents: number; won: number } | undefined,
): SalesTarget {
  const actualCents = actual?.cents ?? 0;
  return {
    rep_id: rep.id,
    rep_name: rep.name,
    month,
    target_amount: targetCents === undefined ? null : centsToRand(targetCents),
    actual_amount: centsToRand(actualCents),
    won_clients: actual?.won ?? 0,
    progress_percent: targetProgress(actualCents, targetCents ?? null),
  };
}

/**
 * GET /api/crm/sales-targets: a manager sees every sales rep (and anyone else holding a target that
 * month); anyone else sees only their own line.
 */
export async function listTargets(
  db: Db,
  user: Caller,
  month: string | undefined,
  now = new Date(),
): Promise<SalesTargetList> {
  const chosen = month ?? monthOf(now);
  const manager = isCrmManager(user);
  let reps: { id: number; name: string }[];
  let targets: Map<number, number>;
  if (manager) {
    const demo = user.is_demo === true;
    targets = await targetsOf(db, null, chosen, demo);
    const [withRole, holders] = await Promise.all([
      accountsWithRoles(db, REP_ROLES, { demoWorldOnly: demo }),
      userSummaries(db, targets.keys()),
    ]);
    const byId = new Map(withRole.map((r) => [r.id, r.name]));
    for (const [id, holder] of holders) if (!byId.has(id)) byId.set(id, holder.name);
    reps = [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  } else {
    const me = await userSummaries(db, [user.id]);
    reps = [{ id: user.id, name: me.get(user.id)?.name ?? '' }];
    targets = await targetsOf(db, [user.id], chosen);
  }
  const actual = await actuals(
    db,
    reps.map((r) => r.id),
    chosen,
  );
  return {
    month: chosen,
    can_set: manager,
    targets: reps.map((rep) => toTarget(rep, chosen, targets.get(rep.id), actual.get(rep.id))),
  };
}

/** PUT /api/crm/sales-targets: a manager sets (or replaces) a sales rep's target for a month. */
export async function setTarget(
  db: Db,
  user: Caller,
  input: SetSalesTarget,
  now = new Date(),
): Promise<SalesTarget> {
  const [rep] = await accountsWithRoles(db, REP_ROLES, { ids: [input.rep_id] });
  if (!rep) throw fail('bad_request', {}, { fields: { rep_id: field('validation.not_a_rep') } });
  const cents = randToCents(input.target_amount);
  await db
    .insert(crmSalesTargets)
    .values({
      rep_id: rep.id,
      month: firstDay(input.month),
      target_cents: cents,
      set_by: user.id,
      updated_at: now,
    })
    .onConflictDoUpdate({
      target: [crmSalesTargets.rep_id, crmSalesTargets.month],
      set: { target_cents: cents, set_by: user.id, updated_at: now },
    });
  const actual = await actuals(db, [rep.id], input.month);
  return toTarget(rep, input.month, cents, actual.get(rep.id));
}
