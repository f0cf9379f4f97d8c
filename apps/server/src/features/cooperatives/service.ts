import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cooperatives, memberships } from './tables.ts';

export async function countActiveCooperatives(db: Db): Promise<number> {
  return db.$count(cooperatives, eq(cooperatives.status, 'active'));
}

export async function countMemberships(db: Db, userId: number): Promise<number> {
  return db.$count(memberships, eq(memberships.user_id, userId));
}
