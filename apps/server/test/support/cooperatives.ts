import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { cooperatives, memberships } from '../../src/db/schema.ts';
import { insertUser } from './marketplace.ts';
import type { TestApp } from './test-app.ts';

/** Fixtures for the cooperative tests: rows written straight into the test's own database. */

export async function coopIdByName(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ id: cooperatives.id })
    .from(cooperatives)
    .where(eq(cooperatives.name, name));
  if (!row) throw new Error(`No cooperative ${name}`);
  return row.id;
}

/** The seeded cooperatives (see features/cooperatives/seed.ts). */
export async function seededCoops(db: Db) {
  return {
    soweto: await coopIdByName(db, 'Soweto Spaza Buying Group'),
    umlazi: await coopIdByName(db, 'Umlazi Traders Cooperative'),
    khayelitsha: await coopIdByName(db, 'Khayelitsha Fresh Produce Co-op'),
    tembisa: await coopIdByName(db, 'Tembisa Salon Owners Collective'),
    seshego: await coopIdByName(db, 'Seshego Kota Kitchens'),
  };
}

let serial = 0;
/** Adds a user to a cooperative without going through the API (the member count is test-irrelevant here). */
export async function addMember(
  db: Db,
  coopId: number,
  userId: number,
  options: { voting_rights?: boolean; is_coordinator?: boolean } = {},
) {
  serial += 1;
  await db.insert(memberships).values({
    coop_id: coopId,
    user_id: userId,
    membership_number: `TEST-${coopId}-${userId}-${serial}`,
    share_amount_cents: 50_000,
    voting_rights: options.voting_rights ?? true,
    is_coordinator: options.is_coordinator ?? false,
  });
}

/** A new user, a member of the cooperative, with a session. */
export async function newMember(
  t: TestApp,
  coopId: number,
  options: { voting_rights?: boolean; is_coordinator?: boolean } = {},
) {
  const id = await insertUser(t.db, 'retailer');
  await addMember(t.db, coopId, id, options);
  return { id, cookie: await t.sessionFor(id) };
}

/** A new user who belongs to no cooperative, with a session. */
export async function outsider(t: TestApp) {
  const id = await insertUser(t.db, 'retailer');
  return { id, cookie: await t.sessionFor(id) };
}
