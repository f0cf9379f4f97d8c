import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RewardKind } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import { registerCreditProvider } from '../orders/service.ts';
import { balanceCents } from './service.ts';
import { rewardEntries } from './tables.ts';

/** The advisory lock's first key: one lock per user's rewards ledger (the second key is the user id). */
const LEDGER_LOCK = 1_302_003;

/**
 * The rewards balance is spent at checkout (issue 13.3, DECISIONS 21, ADR 022). Checkout reads the
 * balance under a per-user transaction lock, so a second checkout of the same buyer waits and then sees
 * the first one's debit: a credit is spent once. Debits are ledger rows (checkout_use, negative, one per
 * order); a cancelled order's debit comes back as a checkout_release row, at most once per order.
 */
registerCreditProvider({
  async balance(tx: Db | Tx, buyerId: number, lock: boolean) {
    if (lock) await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK}, ${buyerId})`);
    return balanceCents(tx, buyerId);
  },
  async spend(tx: Tx, buyerId: number, spends: { order_id: number; cents: number }[]) {
    const total = spends.reduce((sum, s) => sum + s.cents, 0);
    // Priced under the lock from this balance, so this holds; checked again so the ledger never goes negative.
    if (total > (await balanceCents(tx, buyerId))) throw fail('checkout.prices_changed');
    await tx.insert(rewardEntries).values(
      spends
        .filter((s) => s.cents > 0)
        .map((s) => ({
          user_id: buyerId,
          kind: 'checkout_use' satisfies RewardKind,
          amount_cents: -s.cents,
          order_id: s.order_id,
        })),
    );
  },
  async released(tx: Tx, orderIds: number[]) {
    const used = await tx
      .select()
      .from(rewardEntries)
      .where(and(inArray(rewardEntries.order_id, orderIds), eq(rewardEntries.kind, 'checkout_use')));
    if (used.length === 0) return;
    await tx
      .insert(rewardEntries)
      .values(
        used.map((u) => ({
          user_id: u.user_id,
          kind: 'checkout_release' satisfies RewardKind,
          amount_cents: -u.amount_cents,
          order_id: u.order_id,
        })),
      )
      .onConflictDoNothing();
  },
});
