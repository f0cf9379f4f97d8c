import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { crowdToday, type CreateCrowdCampaignInput } from '@tt/domain';
import type { AreaSeed } from '../../db/seed-types.ts';
import { at as atDays } from '../../db/seed-world.ts';
import { createCampaign, deposit, invest, recordRepayment, refundStakes, reviewCampaign } from './service.ts';
import { crowdCampaigns, crowdInvestments } from './tables.ts';

/**
 * Crowdfunding's demo (ADR 052), made through the area's own service so every wallet is the sum of its movements:
 * the demo supplier and distributor raise spec 3 §9's three sample loans (minimums R1,000, R2,500 and R500 at
 * 14.5%, 16% and 12.5% over 36, 48 and 24 months), the distributor has a funded loan two instalments into its
 * repayments, and one campaign waits for the admin's review. The demo retailer has a wallet, a share of the funded
 * loan with its returns, and a stake in an open one; seeded shop owners invest beside it.
 */
export const seed: AreaSeed = {
  area: 'betacrowd',
  async demo(tx, world) {
    const { demo, members } = world.users!;
    const at = (days: number) => atDays(world.now, days);
    const admin = { id: demo.admin, role: 'admin' as const };
    const campaign = async (
      entrepreneur: number,
      input: Omit<CreateCrowdCampaignInput, 'end_date'> & { end_in_days: number },
      createdDaysAgo: number,
      approve = true,
    ) => {
      const { end_in_days, ...rest } = input;
      const created = await createCampaign(
        tx,
        entrepreneur,
        { ...rest, end_date: crowdToday(at(end_in_days)) },
        at(-createdDaysAgo),
      );
      if (approve) {
        await reviewCampaign(
          tx,
          admin,
          created.id,
          { decision: 'approve', note: 'Collateral and plan checked.' },
          at(-createdDaysAgo + 2),
        );
      }
      return created.id;
    };
    const fund = (userId: number, amount: number, days: number) =>
      deposit(tx, userId, { amount, method: 'eft' }, at(days));
    let keys = 0;
    const put = (userId: number, campaignId: number, amount: number, days: number) =>
      invest(
        tx,
        { id: userId, role: 'retailer' },
        campaignId,
        { amount },
        `demo-seed-${(keys += 1)}`,
        at(days),
      );

    const coldRoom = await campaign(
      demo.supplier,
      {
        campaign_title: 'Cold room for fresh produce',
        description:
          'A walk-in cold room at our Soweto depot so that spaza shops can buy dairy and vegetables fresh every day.',
        campaign_type: 'equipment_purchase',
        target_amount: 120_000,
        interest_rate: 14.5,
        loan_term_months: 36,
        repayment_frequency: 'monthly',
        minimum_investment: 1_000,
        risk_level: 'medium',
        collateral_description: 'The cold room itself and the depot’s delivery van (2021, paid off).',
        end_in_days: 40,
      },
      30,
    );
    const bakkie = await campaign(
      demo.distributor,
      {
        campaign_title: 'Second delivery bakkie',
        description:
          'A second one-tonne bakkie to deliver to the townships east of the depot twice a week instead of once.',
        campaign_type: 'asset_financing',
        target_amount: 250_000,
        interest_rate: 16,
        loan_term_months: 48,
        repayment_frequency: 'quarterly',
        minimum_investment: 2_500,
        risk_level: 'high',
        collateral_description: 'The bakkie, registered to the business, with comprehensive insurance.',
        end_in_days: 55,
      },
      20,
    );
    await campaign(
      demo.supplier,
      {
        campaign_title: 'Festive season stock',
        description:
          'Working capital to stock up on rice, oil and cold drinks before December, when our retailers order most.',
        campaign_type: 'working_capital',
        target_amount: 60_000,
        interest_rate: 12.5,
        loan_term_months: 24,
        repayment_frequency: 'monthly',
        minimum_investment: 500,
        risk_level: 'low',
        collateral_description: 'Signed purchase orders from twelve retailers for December.',
        end_in_days: 25,
      },
      12,
    );
    const shelving = await campaign(
      demo.distributor,
      {
        campaign_title: 'Shelving and scanners for the depot',
        description:
          'Steel shelving and two barcode scanners, so that orders are picked faster and counted right.',
        campaign_type: 'business_loan',
        target_amount: 40_000,
        interest_rate: 12,
        loan_term_months: 12,
        repayment_frequency: 'monthly',
        minimum_investment: 500,
        risk_level: 'low',
        collateral_description: 'The shelving and scanners, and a personal surety by the owner.',
        end_in_days: 10,
      },
      90,
    );
    await campaign(
      demo.supplier,
      {
        campaign_title: 'Solar backup for the warehouse',
        description:
          'Panels and batteries so that the cold chain and the tills keep running through load-shedding.',
        campaign_type: 'equipment_purchase',
        target_amount: 85_000,
        interest_rate: 13,
        loan_term_months: 30,
        repayment_frequency: 'monthly',
        minimum_investment: 1_000,
        risk_level: 'medium',
        collateral_description: 'The solar installation, insured.',
        end_in_days: 60,
      },
      2,
      false,
    );

    const [first, second, third, fourth] = members;
    await fund(demo.retailer, 30_000, -85);
    for (const [i, m] of [first, second, third, fourth].entries()) {
      if (m !== undefined) await fund(m, 50_000 + i * 10_000, -86);
    }
    // The shelving loan fills up and has paid two instalments.
    await put(demo.retailer, shelving, 10_000, -80);
    if (first !== undefined) await put(first, shelving, 18_000, -78);
    if (second !== undefined) await put(second, shelving, 12_000, -75);
    for (const [n, days] of [
      [1, -45],
      [2, -15],
    ] as const) {
      await recordRepayment(
        tx,
        { id: demo.distributor, role: 'distributor' },
        shelving,
        { instalment_number: n, method: 'eft' },
        at(days),
      );
    }
    // Open loans with money in them.
    await put(demo.retailer, coldRoom, 5_000, -10);
    if (third !== undefined) await put(third, coldRoom, 25_000, -20);
    if (fourth !== undefined) await put(fourth, bakkie, 40_000, -15);
  },
  /**
   * The demo entrepreneurs' campaigns. Anyone else who invested in one gets back what they put in (less what its
   * repayments paid them) before it goes, so a visitor's money never vanishes with the demo world; their movements
   * stay, without the campaign, so every wallet is still the sum of its movements. The demo users' own wallets go
   * with their accounts; what they had invested in someone else's campaign is taken off its raised amount first.
   */
  async removeDemo(tx, { userIds }) {
    if (userIds.length === 0) return;
    const demoCampaigns = await tx
      .select({ id: crowdCampaigns.id })
      .from(crowdCampaigns)
      .where(inArray(crowdCampaigns.entrepreneur_id, userIds));
    for (const c of demoCampaigns) await refundStakes(tx, c.id, new Date(), userIds);
    await tx.delete(crowdCampaigns).where(inArray(crowdCampaigns.entrepreneur_id, userIds));
    const theirs = await tx
      .select({
        campaign_id: crowdInvestments.campaign_id,
        total: sql<number>`sum(${crowdInvestments.amount_cents})::int`,
      })
      .from(crowdInvestments)
      .where(inArray(crowdInvestments.investor_id, userIds))
      .groupBy(crowdInvestments.campaign_id);
    for (const r of theirs) {
      await tx
        .update(crowdCampaigns)
        .set({
          raised_cents: sql`${crowdCampaigns.raised_cents} - ${r.total}`,
          status: sql`case when ${crowdCampaigns.status} = 'funded' then 'active' else ${crowdCampaigns.status} end`,
        })
        .where(
          and(eq(crowdCampaigns.id, r.campaign_id), notInArray(crowdCampaigns.entrepreneur_id, userIds)),
        );
    }
    await tx.delete(crowdInvestments).where(inArray(crowdInvestments.investor_id, userIds));
  },
};
