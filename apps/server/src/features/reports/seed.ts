import { inArray } from 'drizzle-orm';
import type { AreaSeed } from '../../db/seed-types.ts';
import { generatedReports, reportSchedules } from './tables.ts';

/** Nothing is seeded (reports are made from the seeded orders on request); a restore removes the demo accounts' reports. */
export const seed: AreaSeed = {
  area: 'reports',
  async removeDemo(tx, { userIds }) {
    if (userIds.length === 0) return;
    await tx.delete(generatedReports).where(inArray(generatedReports.owner_id, userIds));
    await tx.delete(reportSchedules).where(inArray(reportSchedules.owner_id, userIds));
  },
};
