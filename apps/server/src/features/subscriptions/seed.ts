import { sql } from 'drizzle-orm';
import { PLAN_CATALOGUE, PLAN_TIERS, type DemoRole, type PlanTier } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { DAY, type AreaSeed, type DemoWorld } from '../../db/seed-types.ts';
import { subscribe } from './service.ts';
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
 * Paid plans, so the demo shows the whole catalogue; the demo sales rep and the members stay on the free
 * plan, whose browsing limit and banner the sales rep's account demonstrates.
 */
const demoPlans: Partial<Record<DemoRole, PlanTier>> = {
  retailer: 'trader',
  supplier: 'supplier',
  distributor: 'supplier',
  coordinator: 'professional',
  admin: 'professional',
};

/**
 * The subscriptions area's seed (DECISIONS 16): the plans are reference data every installation needs.
 * Idempotent: a run brings each tier's row to the catalogue's names and prices without changing its id.
 * The demo accounts' subscriptions are demo data (deleted with their users by the demo restore).
 */
export const seed = {
  area: 'subscriptions',
  reference: async (db: Db | Tx) => {
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
  async demo(tx: Tx, { now, users }: DemoWorld) {
    for (const [role, plan] of Object.entries(demoPlans) as [DemoRole, PlanTier][]) {
      await subscribe(tx, users!.demo[role], plan, new Date(now.getTime() - 90 * DAY));
    }
  },
} satisfies AreaSeed;
