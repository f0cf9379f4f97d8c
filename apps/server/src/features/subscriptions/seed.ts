import { sql } from 'drizzle-orm';
import { PLAN_CATALOGUE, PLAN_TIERS } from '@tt/domain';
import type { Db } from '../../db/client.ts';
import { plans } from './tables.ts';

const descriptions: Record<(typeof PLAN_TIERS)[number], string> = {
  free: 'Browse the marketplace and join cooperatives.',
  trader: 'For traders and shops buying together.',
  trader_early: 'The trader plan at half price for the first year, while we have fewer than 1,000 members.',
  supplier: 'For suppliers selling to township shops.',
  supplier_early:
    'The supplier plan at half price for the first year, while we have fewer than 1,000 members.',
  professional: 'For growing businesses and cooperatives.',
  enterprise: 'For large cooperatives and distributors.',
};

/**
 * The subscriptions area's seed (DECISIONS 16): the plans are reference data every installation needs.
 * Idempotent: a run brings each tier's row to the catalogue's names and prices without changing its id.
 */
export const seed = {
  area: 'subscriptions',
  reference: async (db: Db) => {
    await db
      .insert(plans)
      .values(
        PLAN_TIERS.map((tier, index) => ({
          tier,
          name: PLAN_CATALOGUE[tier].name,
          description: descriptions[tier],
          price_monthly_cents: PLAN_CATALOGUE[tier].monthly_cents,
          price_yearly_cents: PLAN_CATALOGUE[tier].yearly_cents,
          features: [...PLAN_CATALOGUE[tier].features],
          sort_order: index,
        })),
      )
      .onConflictDoUpdate({
        target: plans.tier,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          price_monthly_cents: sql`excluded.price_monthly_cents`,
          price_yearly_cents: sql`excluded.price_yearly_cents`,
          features: sql`excluded.features`,
          sort_order: sql`excluded.sort_order`,
        },
      });
  },
};
