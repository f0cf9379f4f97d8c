import { inArray } from 'drizzle-orm';
import type { AreaSeed } from '../../db/seed-types.ts';
import { branding } from './tables.ts';

/**
 * No branding is seeded: the product's own is the default. A branding last changed by a shared demo account
 * (any visitor can sign in as the demo admin) goes with the daily restore (DECISIONS 9), back to the defaults;
 * one saved by the deployment's own administrator stays.
 */
export const seed: AreaSeed = {
  area: 'branding',
  async removeDemo(tx, { userIds }) {
    if (userIds.length === 0) return;
    await tx.delete(branding).where(inArray(branding.updated_by, userIds));
  },
};
