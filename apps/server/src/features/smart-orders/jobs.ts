import { canCheckOut, randToCents, sastDate, type Order, type ProposalReason } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  eventPayload,
  type JobDefinition,
  type Schedule,
  type Subscription,
} from '../../platform/jobs/runner.ts';
import { userRowById, type UserRow } from '../auth/service.ts';
import { productsForSale, productSummaries } from '../catalog/service.ts';
import { notify } from '../notifications/service.ts';
import { placeSmartOrder, quote } from './place.ts';
import {
  activeRuleIds,
  addProposal,
  advanceSchedule,
  claimOccurrence,
  crossRule,
  dueScheduleIds,
  lockDueSchedule,
  lockProposal,
  markProposalPlaced,
  markRun,
  releaseTradeOfferUses,
  REORDER_CHECK_JOB,
  SCHEDULE_RUN_JOB,
  type Occurrence,
} from './service.ts';

export const SCHEDULES_DUE_JOB = 'smart_orders.schedules_due';
export const REORDER_SWEEP_JOB = 'smart_orders.reorder_sweep';
export const INVENTORY_EVENT_JOB = 'smart_orders.inventory_event';
export const ORDER_CANCELLED_JOB = 'smart_orders.order_cancelled';

const MINUTE = 60_000;

interface Raise extends Occurrence {
  source_name: string;
  supplier_id: number;
  occurrence_date: string;
  items: { product_id: number; quantity: number }[];
  notes: string | null;
  /** null: place it now; otherwise it waits for the buyer for this reason. */
  wait: ProposalReason | null;
}

/**
 * Acts on one occurrence, exactly once (its run key is unique): places the order through checkout, or
 * records a proposed order the buyer confirms. A refusal from checkout (stock short, plan limit, a
 * product gone) leaves a proposed order too, so nothing is lost silently; the buyer is told either way.
 */
async function raise(tx: Tx, buyer: UserRow, r: Raise, now: Date): Promise<void> {
  const occurrence: Occurrence = {
    buyer_id: r.buyer_id,
    source: r.source,
    source_id: r.source_id,
    occurrence: r.occurrence,
  };
  const runId = await claimOccurrence(tx, occurrence, r.wait ? 'proposed' : 'placed');
  if (runId === null) return;
  let wait = r.wait;
  if (wait === null) {
    try {
      // A savepoint: a refused checkout undoes only its own writes, and the occurrence becomes a proposal.
      const placed: Order[] = await tx.transaction((sp) =>
        placeSmartOrder(sp, buyer, { items: r.items, notes: r.notes }, undefined, now),
      );
      await markRun(
        tx,
        runId,
        'placed',
        placed.map((o) => o.id),
      );
      for (const order of placed) {
        await notify(tx, {
          userId: buyer.id,
          type: 'order',
          priority: 'medium',
          title: 'notifications.smart.placed.title',
          message: 'notifications.smart.placed.message',
          params: { name: r.source_name, number: order.order_number },
          link: `/orders?order=${order.id}`,
        });
      }
      return;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      wait = 'not_placed';
      await markRun(tx, runId, 'proposed', []);
    }
  }
  await addProposal(tx, runId, { ...occurrence, ...r, reason: wait });
  await notify(tx, {
    userId: buyer.id,
    type: 'order',
    priority: 'high',
    title: 'notifications.smart.proposed.title',
    message: `notifications.smart.proposed.${wait}`,
    params: { name: r.source_name },
    link: '/smart-orders?tab=proposed',
  });
}

const buyerOf = async (tx: Tx, id: number) => {
  const buyer = await userRowById(tx, id);
  return buyer && buyer.closed_at === null && canCheckOut(buyer.role) ? buyer : null;
};

/**
 * One due schedule: its occurrence (the due date) places an order when the schedule auto-confirms and no
 * price rose since it was saved, else waits as a proposed order; then the schedule moves on by its
 * frequency. The row is locked and re-read, so a second run or instance finds it no longer due.
 */
export async function runSchedule(tx: Tx, id: number, now: Date): Promise<void> {
  const row = await lockDueSchedule(tx, id, now);
  if (!row) return;
  const buyer = await buyerOf(tx, row.buyer_id);
  if (buyer) {
    const current = await productsForSale(
      tx,
      row.items.map((i) => i.product_id),
    );
    const rose = row.items.some(
      (i) => (current.get(i.product_id)?.selling_price_cents ?? 0) > i.unit_price_cents,
    );
    await raise(
      tx,
      buyer,
      {
        buyer_id: row.buyer_id,
        source: 'scheduled_order',
        source_id: row.id,
        occurrence: row.next_order_date,
        occurrence_date: row.next_order_date,
        source_name: row.order_name,
        supplier_id: row.supplier_id,
        items: row.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
        notes: row.notes,
        wait: !row.auto_confirm ? 'needs_confirmation' : rose ? 'price_rose' : null,
      },
      now,
    );
  }
  await advanceSchedule(tx, row, now);
}

/** The due schedules, each once. */
export async function runDueSchedules(tx: Tx, now: Date): Promise<void> {
  for (const id of await dueScheduleIds(tx, now)) await runSchedule(tx, id, now);
}

/** One rule: raises the reorder quantity once per crossing of the reorder point plus safety stock. */
export async function checkRule(tx: Tx, id: number, now: Date): Promise<void> {
  const crossed = await crossRule(tx, id, now);
  if (!crossed) return;
  const { rule, crossing } = crossed;
  const buyer = await buyerOf(tx, rule.buyer_id);
  if (!buyer) return;
  const name = (await productSummaries(tx, [rule.product_id])).get(rule.product_id)?.name ?? '';
  await raise(
    tx,
    buyer,
    {
      buyer_id: rule.buyer_id,
      source: 'reorder_rule',
      source_id: rule.id,
      occurrence: String(crossing),
      occurrence_date: sastDate(now),
      source_name: name,
      supplier_id: rule.supplier_id,
      items: [{ product_id: rule.product_id, quantity: rule.reorder_quantity }],
      notes: null,
      wait: rule.auto_reorder_enabled ? null : 'needs_confirmation',
    },
    now,
  );
}

/**
 * Confirm on a proposed order: placed through checkout at the total the buyer was shown (checkout answers
 * 409 with the new totals when it changed), in one transaction with the proposal's closing.
 */
export async function confirmProposal(
  db: Db,
  user: UserRow,
  id: number,
  totalAmount: number,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const proposal = await lockProposal(tx, user, id);
    // The VAT follows the total: checkout compares the total the buyer saw with its own.
    const now_ = await quote(tx, user, proposal.items, now);
    const placed = await placeSmartOrder(
      tx,
      user,
      { items: proposal.items, notes: null },
      { total_cents: randToCents(totalAmount), tax_cents: randToCents(now_.tax_amount) },
      now,
    );
    const ids = placed.map((o) => o.id);
    await markProposalPlaced(tx, id, ids, now);
    await markRun(tx, proposal.run_id, 'placed', ids);
    return { orders: placed };
  });
}

export const smartOrderJobs: JobDefinition[] = [
  {
    name: SCHEDULES_DUE_JOB,
    async handler(_payload, { tx, now }) {
      await runDueSchedules(tx, now);
    },
  },
  {
    // A schedule saved due today: the same locked run as the ten-minute round's (a no-op once moved on).
    name: SCHEDULE_RUN_JOB,
    async handler(payload, { tx, now }) {
      await runSchedule(tx, Number(payload.schedule_id), now);
    },
  },
  {
    name: REORDER_SWEEP_JOB,
    async handler(_payload, { tx, now }) {
      for (const id of await activeRuleIds(tx, null)) await checkRule(tx, id, now);
    },
  },
  {
    name: REORDER_CHECK_JOB,
    async handler(payload, { tx, now }) {
      await checkRule(tx, Number(payload.rule_id), now);
    },
  },
  {
    // inventory.low_stock / inventory.out_of_stock of a buyer's item: its rules look at once.
    name: INVENTORY_EVENT_JOB,
    async handler(job, { tx, now }) {
      const event = eventPayload(job);
      if (event.product_id == null) return;
      const filter = { buyer_id: Number(event.business_id), product_id: Number(event.product_id) };
      for (const id of await activeRuleIds(tx, filter)) await checkRule(tx, id, now);
    },
  },
  {
    // No longer subscribed: the cancelling transaction releases the use (the offer provider's `released`).
    // Kept so an order.cancelled job queued before that change still drains; releasing twice is a no-op.
    name: ORDER_CANCELLED_JOB,
    async handler(job, { tx, now }) {
      await releaseTradeOfferUses(tx, [Number(eventPayload(job).order_id)], now);
    },
  },
];

/** Due schedules are placed within ten minutes; the sweep catches what no inventory event announced. */
export const smartOrderSchedules: Schedule[] = [
  { job: SCHEDULES_DUE_JOB, everyMs: 10 * MINUTE },
  { job: REORDER_SWEEP_JOB, everyMs: 30 * MINUTE },
];

export const smartOrderSubscriptions: Subscription[] = [
  { topic: 'inventory.low_stock', job: INVENTORY_EVENT_JOB },
  { topic: 'inventory.out_of_stock', job: INVENTORY_EVENT_JOB },
];
