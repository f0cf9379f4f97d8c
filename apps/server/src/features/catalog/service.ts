import { and, eq } from 'drizzle-orm';
import { isSeller, type Role } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../auth/service.ts';
import { products } from './tables.ts';

/** Products a user works with: a seller's own listings, otherwise the active catalogue. */
export async function countProductsFor(db: Db, user: UserRow): Promise<number> {
  if (isSeller(user.role as Role)) return db.$count(products, eq(products.seller_id, user.id));
  if (user.role === 'admin') return db.$count(products);
  return db.$count(products, and(eq(products.is_active, true)));
}
