import { inArray } from 'drizzle-orm';
import { monthOf, monthRange } from '@tt/domain';
import type { AreaSeed } from '../../db/seed-types.ts';
import { at as atDays } from '../../db/seed-world.ts';
import { crmActivities, crmClients, crmSalesTargets } from './tables.ts';

type NewClient = Omit<typeof crmClients.$inferInsert, 'owner_id'>;
type NewActivity = Omit<typeof crmActivities.$inferInsert, 'created_by' | 'created_at'>;

/**
 * The demo sales rep's book: six shops around Mahikeng at each stage (two won this month, one won last
 * month, two open, one lost), their calls and meetings past and planned, and the targets the demo admin
 * set for this month and last. Nothing else in the CRM is seeded: every figure on the screen is computed
 * from these rows.
 */
export const seed: AreaSeed = {
  area: 'crm',
  async demo(tx, world) {
    const { demo } = world.users!;
    const rep = demo.sales_rep;
    const now = world.now;
    const at = (days: number) => atDays(now, days);
    const thisMonth = monthOf(now);
    const { start } = monthRange(thisMonth);
    const lastMonth = monthOf(new Date(start.getTime() - 1));
    /** A moment this month, `days` ago where the month is that old, never in the future. */
    const wonThisMonth = (days: number) =>
      new Date(Math.min(now.getTime(), Math.max(start.getTime() + 60_000, at(-days).getTime())));
    const wonLastMonth = new Date(monthRange(lastMonth).start.getTime() + 10 * 24 * 60 * 60 * 1000);

    const clients: NewClient[] = [
      {
        client_name: 'Boitumelo Mokgosi',
        company_name: 'Mokgosi General Dealer',
        client_email: 'boitumelo@mokgosi-dealer.co.za',
        client_phone: '+27 72 555 0711',
        address: '14 Shippard Street, Mahikeng',
        client_type: 'customer',
        status: 'won',
        client_value_cents: 48_500_00,
        notes: 'Monthly order of maize meal, oil and sugar. Pays on delivery.',
        won_at: wonThisMonth(4),
        created_at: at(-40),
      },
      {
        client_name: 'Lesego Phiri',
        company_name: 'Phiri Tuck Shop',
        client_email: null,
        client_phone: '+27 83 555 0712',
        address: 'Stand 2231, Montshiwa',
        client_type: 'customer',
        status: 'won',
        client_value_cents: 22_000_00,
        notes: 'Wants cold drinks delivered before month end.',
        won_at: wonThisMonth(9),
        created_at: at(-25),
      },
      {
        client_name: 'Kabelo Molefe',
        company_name: 'Molefe Butchery',
        client_email: 'kabelo.molefe@example.co.za',
        client_phone: '+27 76 555 0713',
        address: '3 Station Road, Lichtenburg',
        client_type: 'lead',
        status: 'open',
        client_value_cents: 65_000_00,
        notes: 'Interested in a cold-room share with the co-op.',
        won_at: null,
        created_at: at(-18),
      },
      {
        client_name: 'Dimakatso Seleke',
        company_name: 'Seleke Mini Market',
        client_email: 'dimakatso@seleke.co.za',
        client_phone: '+27 18 555 0714',
        address: '88 Main Road, Zeerust',
        client_type: 'prospect',
        status: 'open',
        client_value_cents: 35_000_00,
        notes: null,
        won_at: null,
        created_at: at(-6),
      },
      {
        client_name: 'Tebogo Nkwe',
        company_name: 'Nkwe Kota Corner',
        client_email: null,
        client_phone: '+27 61 555 0715',
        address: 'Unit 6, Mmabatho taxi rank',
        client_type: 'lead',
        status: 'lost',
        client_value_cents: 12_000_00,
        notes: 'Chose a supplier closer to Mmabatho.',
        won_at: null,
        created_at: at(-50),
      },
      {
        client_name: 'Onalenna Motsepe',
        company_name: 'Motsepe Salon',
        client_email: 'onalenna@motsepe-salon.co.za',
        client_phone: '+27 71 555 0716',
        address: '21 Nelson Mandela Drive, Mahikeng',
        client_type: 'customer',
        status: 'won',
        client_value_cents: 18_500_00,
        notes: 'Hair products every six weeks.',
        won_at: wonLastMonth,
        created_at: at(-60),
      },
    ];
    const rows = await tx
      .insert(crmClients)
      .values(clients.map((c) => ({ ...c, owner_id: rep, updated_at: c.created_at ?? now })))
      .returning({ id: crmClients.id });
    const id = (index: number) => rows[index]!.id;
    const hour = (days: number, h: number) => {
      const d = at(days);
      // Office hours in South African time (UTC+2).
      d.setUTCHours(h - 2, 0, 0, 0);
      return d;
    };
    const activities: NewActivity[] = [
      {
        client_id: id(0),
        activity_type: 'meeting',
        subject: 'Signed the monthly order',
        activity_date: hour(-4, 10),
      },
      {
        client_id: id(0),
        activity_type: 'call',
        subject: 'Introduced the maize meal bulk price',
        activity_date: hour(-12, 14),
      },
      {
        client_id: id(1),
        activity_type: 'email',
        subject: 'Sent the cold drinks price list',
        activity_date: hour(-10, 9),
      },
      {
        client_id: id(2),
        activity_type: 'call',
        subject: 'Asked about cold-room space',
        activity_date: hour(-3, 11),
      },
      {
        client_id: id(4),
        activity_type: 'other',
        subject: 'Dropped off samples',
        activity_date: hour(-20, 12),
      },
      {
        client_id: id(2),
        activity_type: 'meeting',
        subject: 'Visit the butchery with the co-op coordinator',
        activity_date: hour(1, 10),
      },
      {
        client_id: id(3),
        activity_type: 'call',
        subject: 'Follow up on the first quote',
        activity_date: hour(2, 9),
      },
      {
        client_id: id(1),
        activity_type: 'email',
        subject: 'Confirm the delivery date',
        activity_date: hour(4, 8),
      },
      {
        client_id: id(5),
        activity_type: 'meeting',
        subject: 'Review the six-weekly order',
        activity_date: hour(6, 15),
      },
      {
        client_id: id(3),
        activity_type: 'other',
        subject: 'Leave a catalogue at the shop',
        activity_date: hour(9, 11),
      },
      {
        client_id: id(0),
        activity_type: 'call',
        subject: 'Check next month’s quantities',
        activity_date: hour(12, 10),
      },
    ];
    await tx.insert(crmActivities).values(
      activities.map((a) => {
        const date = a.activity_date as Date;
        return { ...a, created_by: rep, created_at: date < now ? date : now };
      }),
    );
    await tx.insert(crmSalesTargets).values([
      { rep_id: rep, month: `${thisMonth}-01`, target_cents: 150_000_00, set_by: demo.admin },
      { rep_id: rep, month: `${lastMonth}-01`, target_cents: 100_000_00, set_by: demo.admin },
    ]);
  },
  /** The demo accounts' clients (their activities go with them) and targets. */
  async removeDemo(tx, { userIds }) {
    if (userIds.length === 0) return;
    await tx.delete(crmClients).where(inArray(crmClients.owner_id, userIds));
    await tx.delete(crmSalesTargets).where(inArray(crmSalesTargets.rep_id, userIds));
  },
};
