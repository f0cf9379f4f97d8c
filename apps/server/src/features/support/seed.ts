import { inArray } from 'drizzle-orm';
import type { AreaSeed } from '../../db/seed-types.ts';
import { supportChatMessages, supportTicketMessages, supportTickets } from './tables.ts';

const MINUTE = 60_000;

/**
 * The demo retailer's conversations with support (answered by the demo admin): one ticket about a real
 * delivered order of theirs, resolved and rated; one waiting on them; one just opened; and a short Live
 * Chat. The Support Center's figures (response time, satisfaction) are computed from these rows.
 */
export const seed: AreaSeed = {
  area: 'support',
  async demo(tx, world) {
    const { demo } = world.users!;
    const customer = demo.retailer;
    const support = demo.admin;
    const ago = (minutes: number) => new Date(world.now.getTime() - minutes * MINUTE);
    const delivered = world.orderLines?.find((l) => l.buyer_id === customer && l.status === 'delivered');
    const orderText = delivered ? `order ${delivered.order_number}` : 'my last order';

    const [damaged, address] = await tx
      .insert(supportTickets)
      .values([
        {
          customer_id: customer,
          category: 'order_issue',
          priority: 'high',
          status: 'resolved',
          subject: 'Two crates damaged on delivery',
          description: `Two crates in ${orderText} arrived broken. Can they be replaced?`,
          assigned_to: support,
          satisfaction_rating: 5,
          first_response_at: ago(6 * 1440 - 95),
          resolved_at: ago(5 * 1440),
          created_at: ago(6 * 1440),
          updated_at: ago(5 * 1440 - 30),
        },
        {
          customer_id: customer,
          category: 'account_issue',
          priority: 'low',
          status: 'pending_customer',
          subject: 'Change my delivery address',
          description: 'I moved the shop to the next street. How do I change the delivery address?',
          assigned_to: support,
          first_response_at: ago(2 * 1440 - 40),
          created_at: ago(2 * 1440),
          updated_at: ago(2 * 1440 - 40),
        },
        {
          customer_id: customer,
          category: 'payment_problem',
          priority: 'medium',
          status: 'open',
          subject: 'EFT payment not showing yet',
          description: 'I paid by EFT this morning and the order still shows unpaid.',
          created_at: ago(180),
          updated_at: ago(180),
        },
      ])
      .returning({ id: supportTickets.id });
    await tx.insert(supportTicketMessages).values([
      {
        ticket_id: damaged!.id,
        sender_id: support,
        sender_type: 'support',
        message: 'Sorry about that. Please send a photo of the crates and we will arrange replacements.',
        created_at: ago(6 * 1440 - 95),
      },
      {
        ticket_id: damaged!.id,
        sender_id: customer,
        sender_type: 'customer',
        message: 'Photo sent on WhatsApp. Thank you.',
        created_at: ago(6 * 1440 - 60),
      },
      {
        ticket_id: damaged!.id,
        sender_id: support,
        sender_type: 'support',
        message: 'The supplier is sending two new crates with your next delivery at no charge.',
        created_at: ago(5 * 1440),
      },
      {
        ticket_id: address!.id,
        sender_id: support,
        sender_type: 'support',
        message: 'Open your profile, change the address and save. Is the new address a shop or a house?',
        created_at: ago(2 * 1440 - 40),
      },
    ]);
    await tx.insert(supportChatMessages).values([
      {
        customer_id: customer,
        sender_id: customer,
        sender_type: 'customer',
        message: 'Hello, can I join a co-op if I only have a small spaza?',
        created_at: ago(1440),
      },
      {
        customer_id: customer,
        sender_id: support,
        sender_type: 'support',
        message: 'Yes! Any shop can join. Open Cooperatives and choose one near you.',
        created_at: ago(1440 - 4),
      },
    ]);
  },
  /** The demo accounts' tickets (their threads go with them) and chats. */
  async removeDemo(tx, { userIds }) {
    if (userIds.length === 0) return;
    await tx.delete(supportTickets).where(inArray(supportTickets.customer_id, userIds));
    await tx.delete(supportChatMessages).where(inArray(supportChatMessages.customer_id, userIds));
  },
};
