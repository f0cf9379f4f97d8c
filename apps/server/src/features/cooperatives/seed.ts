import { inArray } from 'drizzle-orm';
import { DAY, type AreaSeed } from '../../db/seed-types.ts';
import { cooperatives, memberships } from './tables.ts';

export const seed: AreaSeed = {
  area: 'cooperatives',
  async demo(tx, { now, users }) {
    const { demo, members } = users!;
    const seeded: { id: number; area: string; status: string; memberIds: number[] }[] = [];
    // Cooperatives in every status; member counts are the real number of membership rows.
    const coopPlans: {
      name: string;
      description: string;
      area: string;
      province: string;
      status: 'active' | 'pending' | 'inactive';
      members: number;
      minimum: number;
      ageDays: number;
      demoRetailer: boolean;
    }[] = [
      {
        name: 'Soweto Spaza Buying Group',
        description: 'Spaza owners in Soweto pooling orders of staples to buy at wholesale prices.',
        area: 'Soweto',
        province: 'Gauteng',
        status: 'active',
        members: 32,
        minimum: 25,
        ageDays: 900,
        demoRetailer: true,
      },
      {
        name: 'Umlazi Traders Cooperative',
        description: 'Traders and tuck shops of Umlazi buying beverages and snacks together.',
        area: 'Umlazi',
        province: 'KwaZulu-Natal',
        status: 'active',
        members: 27,
        minimum: 25,
        ageDays: 600,
        demoRetailer: true,
      },
      {
        name: 'Khayelitsha Fresh Produce Co-op',
        description: 'Fresh produce hawkers sharing transport and cold storage.',
        area: 'Khayelitsha',
        province: 'Western Cape',
        status: 'active',
        members: 41,
        minimum: 25,
        ageDays: 1400,
        demoRetailer: false,
      },
      {
        name: 'Tembisa Salon Owners Collective',
        description: 'Hair and beauty salons buying hair care products in bulk.',
        area: 'Tembisa',
        province: 'Gauteng',
        status: 'pending',
        members: 11,
        minimum: 25,
        ageDays: 45,
        demoRetailer: false,
      },
      {
        name: 'Mdantsane Butchers Alliance',
        description: 'Butcheries negotiating together with meat suppliers.',
        area: 'Mdantsane',
        province: 'Eastern Cape',
        status: 'pending',
        members: 6,
        minimum: 25,
        ageDays: 20,
        demoRetailer: false,
      },
      {
        name: 'Seshego Kota Kitchens',
        description: 'Fast-food outlets that paused their buying group.',
        area: 'Seshego',
        province: 'Limpopo',
        status: 'inactive',
        members: 14,
        minimum: 25,
        ageDays: 1100,
        demoRetailer: false,
      },
    ];
    let membershipSerial = 1;
    for (const plan of coopPlans) {
      const createdAt = new Date(now.getTime() - plan.ageDays * DAY);
      const [coop] = await tx
        .insert(cooperatives)
        .values({
          name: plan.name,
          description: plan.description,
          area: plan.area,
          province: plan.province,
          status: plan.status,
          current_members: plan.members,
          minimum_members: plan.minimum,
          founded_by: demo.coordinator,
          created_at: createdAt,
        })
        .returning({ id: cooperatives.id });
      const memberIds = [demo.coordinator, ...(plan.demoRetailer ? [demo.retailer] : [])];
      for (let i = 0; memberIds.length < plan.members; i += 1) {
        const candidate = members[(membershipSerial * 3 + i * 7) % members.length]!;
        if (!memberIds.includes(candidate)) memberIds.push(candidate);
      }
      seeded.push({ id: coop!.id, area: plan.area, status: plan.status, memberIds });
      await tx.insert(memberships).values(
        memberIds.map((userId, index) => ({
          coop_id: coop!.id,
          user_id: userId,
          membership_number: `COOP${String(coop!.id).padStart(3, '0')}-${String(membershipSerial++).padStart(5, '0')}`,
          share_amount_cents: 50000 + (index % 4) * 25000,
          voting_rights: true,
          is_coordinator: userId === demo.coordinator,
          join_date: new Date(createdAt.getTime() + index * 3 * DAY),
        })),
      );
    }

    return { cooperatives: seeded };
  },
  async demoScope(tx, { userIds }) {
    if (userIds.length === 0) return {};
    const rows = await tx
      .select({ id: cooperatives.id })
      .from(cooperatives)
      .where(inArray(cooperatives.founded_by, userIds));
    return { coopIds: rows.map((r) => r.id) };
  },
  async removeDemo(tx, { coopIds }) {
    // Their memberships, votes, meetings, ledgers, bulk orders and warehouses go with them (cascade).
    if (coopIds.length > 0) await tx.delete(cooperatives).where(inArray(cooperatives.id, coopIds));
  },
};
