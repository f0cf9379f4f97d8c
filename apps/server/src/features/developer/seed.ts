import { inArray } from 'drizzle-orm';
import type { AreaSeed } from '../../db/seed-types.ts';
import { apiKeys } from './tables.ts';

/**
 * Nothing is seeded; a restore (DECISIONS 9) removes the keys visitors made on the shared demo accounts, and with
 * them their request logs, so that no key made on a demo account outlives the day.
 */
export const seed: AreaSeed = {
  area: 'developer',
  async removeDemo(tx, { userIds }) {
    if (userIds.length === 0) return;
    await tx.delete(apiKeys).where(inArray(apiKeys.owner_id, userIds));
  },
};
