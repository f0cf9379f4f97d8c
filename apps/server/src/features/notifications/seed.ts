import { DAY, type AreaSeed } from '../../db/seed-types.ts';
import { notifications } from './tables.ts';

/**
 * The demo retailer's first notifications (translation keys, shown in the reader's language). Each one
 * states a fact of the demo world and links to it (issue 10 point 9): the order that was shipped, the
 * vote their cooperative opened two days ago (the governance seed's running vote).
 */
export const seed: AreaSeed = {
  area: 'notifications',
  async demo(tx, { now, users, orderLines, cooperatives }) {
    const { demo } = users!;
    const shipped = orderLines!
      .filter((l) => l.buyer_id === demo.retailer && l.status === 'shipped')
      .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    const coop = cooperatives!
      .filter((c) => c.status === 'active' && c.memberIds.includes(demo.retailer))
      .sort((a, b) => a.id - b.id)[0];
    await tx.insert(notifications).values([
      {
        user_id: demo.retailer,
        type: 'system',
        priority: 'low',
        title: 'notifications.welcome.title',
        message: 'notifications.welcome.message',
        params: {},
        link: '/products',
        // Welcomed when the account was opened (the auth seed's users are years old).
        created_at: users!.createdAt,
      },
      ...(coop
        ? [
            {
              user_id: demo.retailer,
              type: 'cooperative',
              priority: 'medium',
              title: 'notifications.demo.coop_vote.title',
              message: 'notifications.demo.coop_vote.message',
              params: {},
              link: `/cooperative-governance/${coop.id}`,
              created_at: new Date(now.getTime() - 2 * DAY),
            },
          ]
        : []),
      ...(shipped
        ? [
            {
              user_id: demo.retailer,
              type: 'order',
              priority: 'high',
              title: 'notifications.demo.order_shipped.title',
              message: 'notifications.demo.order_shipped.message',
              params: { number: shipped.order_number },
              link: `/orders?order=${shipped.order_id}`,
              // Shipped the day after it was ordered (the order's own date comes from the orders seed).
              created_at: new Date(Math.min(shipped.at.getTime() + DAY, now.getTime())),
            },
          ]
        : []),
    ]);
  },
  // A demo user's notifications are deleted with the user (cascade).
};
