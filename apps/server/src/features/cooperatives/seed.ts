import { asc, eq, sql } from 'drizzle-orm';
import {
  finalUnitPriceCents,
  monthlyFeeCents,
  TRANSACTION_DIRECTION,
  voteOutcome,
  type TransactionType,
} from '@tt/domain';
import type { Tx } from '../../db/client.ts';
import { products } from '../catalog/tables.ts';
import { bulkOrderParticipations, bulkOrders } from '../bulk-orders/tables.ts';
import { ballots, coopTransactions, meetingAttendance, meetings, votes } from '../governance/tables.ts';
import { virtualInventory, virtualWarehouses, warehouseOwnerships } from '../warehouses/tables.ts';
import { cooperatives, memberships } from './tables.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The cooperatives' life in the demo world (issue 4), appended to the seeding transaction: for every active
 * cooperative a running and a completed vote, an upcoming and a past meeting, a small ledger and two
 * warehouses; bulk orders on catalogue products; the demo retailer owns space and stock in one warehouse
 * and has cast no ballot, so Vote Now works for them. Deterministic: everything follows from the ids.
 */
export async function seedCooperativeLife(
  tx: Tx,
  demo: { retailer: number; coordinator: number },
  now: Date,
): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const active = await tx
    .select({ id: cooperatives.id, area: cooperatives.area })
    .from(cooperatives)
    .where(eq(cooperatives.status, 'active'))
    .orderBy(asc(cooperatives.id));
  const catalogue = await tx
    .select({ id: products.id, price: products.selling_price_cents })
    .from(products)
    .where(eq(products.is_active, true))
    .orderBy(asc(products.id))
    .limit(40);

  for (const [index, coop] of active.entries()) {
    const memberRows = await tx
      .select({ user_id: memberships.user_id })
      .from(memberships)
      .where(eq(memberships.coop_id, coop.id))
      .orderBy(asc(memberships.id));
    // Members other than the demo accounts, who vote, attend and own space in the demo.
    const others = memberRows
      .map((m) => m.user_id)
      .filter((id) => id !== demo.retailer && id !== demo.coordinator);

    // Votes: one running without the demo retailer's ballot, one completed with its outcome fixed.
    const [running] = await tx
      .insert(votes)
      .values({
        coop_id: coop.id,
        title: 'Approve the winter stock-up bulk purchase',
        description: 'Pool R25 000 for paraffin, maize meal and candles before the cold months.',
        vote_type: 'financial_approval',
        start_date: at(-2),
        end_date: at(7),
        status: 'active',
        created_by: demo.coordinator,
        created_at: at(-2),
      })
      .returning({ id: votes.id });
    const runningChoices = ['for', 'for', 'against', 'for', 'abstain'] as const;
    await tx
      .insert(ballots)
      .values(runningChoices.map((choice, i) => ({ vote_id: running!.id, user_id: others[i]!, choice })));
    const completedChoices = ['for', 'against', 'for', 'for', 'against', 'for', 'abstain', 'for'] as const;
    const tally = { for: 0, against: 0 };
    for (const c of completedChoices) if (c !== 'abstain') tally[c] += 1;
    const [completed] = await tx
      .insert(votes)
      .values({
        coop_id: coop.id,
        title: 'Elect the treasurer for the coming year',
        description: 'Office bearer election held at the annual general meeting.',
        vote_type: 'office_bearer_election',
        start_date: at(-40),
        end_date: at(-30),
        status: 'completed',
        outcome: voteOutcome(tally),
        created_by: demo.coordinator,
        created_at: at(-40),
        completed_at: at(-30),
      })
      .returning({ id: votes.id });
    await tx
      .insert(ballots)
      .values(
        completedChoices.map((choice, i) => ({ vote_id: completed!.id, user_id: others[i + 2]!, choice })),
      );

    // Meetings: one upcoming, one past with its attendance.
    await tx.insert(meetings).values({
      coop_id: coop.id,
      title: 'Monthly members meeting',
      description: 'Bulk order results and the warehouse roster.',
      meeting_date: at(10 + index),
      agenda: '1. Bulk order results\n2. Warehouse roster\n3. General',
      status: 'scheduled',
      attendees_count: 0,
      created_by: demo.coordinator,
      created_at: at(-3),
    });
    const attended = others.slice(0, 9);
    const [past] = await tx
      .insert(meetings)
      .values({
        coop_id: coop.id,
        title: 'Annual general meeting',
        description: 'Financial statements and the election of office bearers.',
        meeting_date: at(-30),
        agenda: '1. Financial statements\n2. Elections',
        status: 'completed',
        attendees_count: attended.length,
        created_by: demo.coordinator,
        created_at: at(-45),
      })
      .returning({ id: meetings.id });
    await tx
      .insert(meetingAttendance)
      .values(attended.map((user_id) => ({ meeting_id: past!.id, user_id, created_at: at(-31) })));

    // The ledger: approved, rejected and pending rows; reference numbers follow the ids (as in the service).
    const ledger: [TransactionType, number, 'approved' | 'rejected' | 'pending', string, number][] = [
      ['share_payment', 1_250_000, 'approved', 'Share payments collected at the AGM', -28],
      ['bulk_purchase', 842_050, 'approved', 'Maize meal bulk purchase', -20],
      ['commission_earned', 31_500, 'approved', 'Supplier volume rebate', -12],
      ['operational_expense', 95_000, 'rejected', 'Taxi hire for the depot visit', -8],
      ['operational_expense', 45_000, 'pending', 'Storage padlocks and shelving', -2],
      ['dividend_payment', 300_000, 'pending', 'Mid-year dividend to members', -1],
    ];
    for (const [i, [type, cents, status, description, days]] of ledger.entries()) {
      const reviewed = status !== 'pending';
      await tx.insert(coopTransactions).values({
        coop_id: coop.id,
        user_id: i % 2 === 0 ? demo.coordinator : others[i]!,
        transaction_type: type,
        amount_cents: cents * TRANSACTION_DIRECTION[type],
        status,
        description,
        reference_number: `SEED-${coop.id}-${i}`,
        reviewed_by: reviewed ? demo.coordinator : null,
        reviewed_at: reviewed ? at(days + 1) : null,
        review_note: status === 'rejected' ? 'Use the co-op bakkie instead.' : null,
        created_at: at(days),
      });
    }

    // Warehouses: a roomy one and a nearly full one (96%), each created by a member; allocations add up.
    const creator = others[12]!;
    const [roomy] = await tx
      .insert(virtualWarehouses)
      .values({
        coop_id: coop.id,
        created_by: creator,
        name: `${coop.area} Central Depot`,
        description: 'Dry goods on pallets, shared by members.',
        total_capacity_hundredths: 100_00,
        allocated_capacity_hundredths: index === 0 ? 21_00 : 15_00,
        location_description: `${coop.area} industrial area, unit 4`,
        warehouse_type: 'shared',
        cost_per_cubic_meter_cents: 4500,
        is_active: true,
        created_at: at(-120),
      })
      .returning();
    const [full] = await tx
      .insert(virtualWarehouses)
      .values({
        coop_id: coop.id,
        created_by: creator,
        name: `${coop.area} Cold Room`,
        description: 'Refrigerated space for drinks and dairy.',
        total_capacity_hundredths: 200_00,
        allocated_capacity_hundredths: 192_00,
        location_description: `Behind the ${coop.area} taxi rank`,
        warehouse_type: 'premium',
        cost_per_cubic_meter_cents: 8000,
        is_active: true,
        created_at: at(-90),
      })
      .returning();
    const own = (
      warehouse: typeof roomy,
      userId: number,
      hundredths: number,
      percent: number,
      days: number,
    ) => ({
      warehouse_id: warehouse!.id,
      user_id: userId,
      allocated_space_hundredths: hundredths,
      ownership_hundredths: percent * 100,
      monthly_fee_cents: monthlyFeeCents(hundredths / 100, warehouse!.cost_per_cubic_meter_cents),
      start_date: at(days),
      status: 'active',
    });
    await tx.insert(warehouseOwnerships).values([
      // Within the demo retailer's trader plan (10 m³, DECISIONS 16), with room left to allocate more.
      ...(index === 0 ? [own(roomy, demo.retailer, 6_00, 6, -60)] : []),
      own(roomy, others[13]!, 15_00, 15, -80),
      own(full, others[14]!, 60_00, 30, -85),
      own(full, others[15]!, 60_00, 30, -70),
      own(full, others[16]!, 60_00, 30, -50),
      own(full, others[17]!, 12_00, 6, -10),
    ]);
    if (index === 0) {
      await tx.insert(virtualInventory).values(
        catalogue.slice(0, 3).map((p, i) => ({
          warehouse_id: roomy!.id,
          user_id: demo.retailer,
          product_id: p.id,
          quantity: 24 * (i + 1),
          reserved_quantity: i === 1 ? 6 : 0,
          unit_value_cents: p.price,
        })),
      );
    }
  }
  await tx.execute(
    sql`update coop_transactions set reference_number =
          'TXN-' || lpad(coop_id::text, 3, '0') || '-' || lpad(id::text, 6, '0')`,
  );

  // Bulk orders on catalogue products: three running, one that reached its target.
  const plans = [
    { coop: 0, product: 3, discount: 12, min: 10, target: 200, current: 0, days: 14, status: 'active' },
    { coop: 0, product: 7, discount: 8, min: 5, target: 120, current: 0, days: 21, status: 'active' },
    { coop: 1, product: 11, discount: 15, min: 12, target: 240, current: 0, days: 10, status: 'active' },
    {
      coop: 1,
      product: 15,
      discount: 10,
      min: 6,
      target: 60,
      current: 60,
      days: 5,
      status: 'target_reached',
    },
  ] as const;
  for (const [i, plan] of plans.entries()) {
    const coop = active[plan.coop];
    const product = catalogue[plan.product % catalogue.length];
    if (!coop || !product) continue;
    const finalCents = finalUnitPriceCents(product.price, plan.discount);
    const memberRows = await tx
      .select({ user_id: memberships.user_id })
      .from(memberships)
      .where(eq(memberships.coop_id, coop.id))
      .orderBy(asc(memberships.id));
    const others = memberRows
      .map((m) => m.user_id)
      .filter((id) => id !== demo.retailer && id !== demo.coordinator);
    const joiners = plan.status === 'target_reached' ? others.slice(0, 10) : others.slice(i, i + 3);
    const quantity = plan.status === 'target_reached' ? plan.target / 10 : plan.min;
    const [order] = await tx
      .insert(bulkOrders)
      .values({
        coop_id: coop.id,
        product_id: product.id,
        created_by: demo.coordinator,
        unit_price_cents: product.price,
        bulk_discount_hundredths: plan.discount * 100,
        final_unit_price_cents: finalCents,
        minimum_quantity: plan.min,
        current_quantity: joiners.length * quantity,
        target_quantity: plan.target,
        end_date: at(plan.days),
        status: plan.status,
        created_at: at(-7 + i),
      })
      .returning({ id: bulkOrders.id });
    await tx.insert(bulkOrderParticipations).values(
      joiners.map((user_id, j) => ({
        bulk_order_id: order!.id,
        user_id,
        quantity_ordered: quantity,
        unit_price_cents: product.price,
        final_unit_price_cents: finalCents,
        total_amount_cents: finalCents * quantity,
        payment_status: j % 3 === 0 ? 'paid' : 'pending',
        created_at: at(-6 + i),
      })),
    );
  }
}
