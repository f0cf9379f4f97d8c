import { DAY, type AreaSeed } from '../../db/seed-types.ts';
import { notifications } from './tables.ts';

/** The demo retailer's first notifications (translation keys, shown in the reader's language). */
export const seed: AreaSeed = {
  area: 'notifications',
  async demo(tx, { now, users }) {
    const { demo } = users!;
    await tx.insert(notifications).values([
      {
        user_id: demo.retailer,
        type: 'system',
        priority: 'low',
        title: 'notifications.welcome.title',
        message: 'notifications.welcome.message',
        params: {},
        created_at: new Date(now.getTime() - 2 * DAY),
      },
      {
        user_id: demo.retailer,
        type: 'cooperative',
        priority: 'medium',
        title: 'notifications.demo.coop_meeting.title',
        message: 'notifications.demo.coop_meeting.message',
        params: {},
        created_at: new Date(now.getTime() - DAY),
      },
      {
        user_id: demo.retailer,
        type: 'order',
        priority: 'high',
        title: 'notifications.demo.order_shipped.title',
        message: 'notifications.demo.order_shipped.message',
        params: { number: 4821 },
        created_at: new Date(now.getTime() - 3 * 60 * 60 * 1000),
      },
    ]);
  },
  // A demo user's notifications are deleted with the user (cascade).
};
