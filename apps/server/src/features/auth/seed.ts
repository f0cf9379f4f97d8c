import { eq, inArray } from 'drizzle-orm';
import { DEMO_ROLES, fallbackReferralCode, type DemoRole, type PROVINCES, type Role } from '@tt/domain';
import type { Tx } from '../../db/client.ts';
import { DAY, type AreaSeed } from '../../db/seed-types.ts';
import { demoEmail } from './service.ts';
import { users } from './tables.ts';

type NewUser = typeof users.$inferInsert;

const demoAccounts: Record<DemoRole, Omit<NewUser, 'email' | 'role'>> = {
  retailer: {
    name: 'Thandi Mokoena',
    phone: '+27 82 555 0101',
    company_name: "Thandi's Spaza Shop",
    city: 'Soweto',
    state: 'Gauteng',
    address: '1432 Vilakazi Street, Orlando West',
    pincode: '1804',
    whatsapp_number: '+27 82 555 0101',
    business_type: 'spaza_shop',
    years_in_business: 6,
    is_verified: true,
  },
  supplier: {
    name: 'Sipho Dlamini',
    phone: '+27 11 555 0202',
    company_name: 'Ubuntu Foods Wholesale',
    // VAT registered, so the demo's books show VAT (DECISIONS 23); the spaza shop is not.
    gst_number: '4710254321',
    city: 'Johannesburg',
    state: 'Gauteng',
    address: '18 Main Reef Road, Industria',
    pincode: '2093',
    business_type: 'supplier',
    years_in_business: 14,
    is_verified: true,
  },
  distributor: {
    name: 'Pieter van der Merwe',
    phone: '+27 21 555 0303',
    company_name: 'Kaap Distribution Co',
    city: 'Cape Town',
    state: 'Western Cape',
    address: '7 Voortrekker Road, Bellville',
    pincode: '7530',
    business_type: 'distributor',
    years_in_business: 21,
    is_verified: true,
  },
  coordinator: {
    name: 'Nomsa Khumalo',
    phone: '+27 31 555 0404',
    company_name: 'Umlazi Traders Cooperative',
    city: 'Durban',
    state: 'KwaZulu-Natal',
    business_type: 'general_retailer',
    years_in_business: 9,
    is_verified: true,
  },
  admin: {
    name: 'Lerato Molefe',
    phone: '+27 12 555 0505',
    city: 'Pretoria',
    state: 'Gauteng',
    is_verified: true,
  },
  sales_rep: {
    name: 'Kagiso Sithole',
    phone: '+27 18 555 0606',
    city: 'Mahikeng',
    state: 'North West',
    is_verified: true,
  },
};

const firstNames = [
  'Ayanda',
  'Bongani',
  'Zanele',
  'Mpho',
  'Lindiwe',
  'Tshepo',
  'Nandi',
  'Sibusiso',
  'Palesa',
  'Thabo',
  'Naledi',
  'Vusi',
  'Refilwe',
  'Khanyisile',
  'Lwazi',
  'Dineo',
  'Sizwe',
  'Busisiwe',
  'Tumelo',
  'Ntombi',
];
const lastNames = [
  'Ndlovu',
  'Nkosi',
  'Mahlangu',
  'Mthembu',
  'Zulu',
  'Mokoena',
  'Radebe',
  'Maseko',
  'Baloyi',
  'Shabalala',
  'Mabaso',
  'Cele',
  'Tau',
  'Modise',
  'Petersen',
  'Jacobs',
];
const shopKinds = ['Spaza', 'Tuck Shop', 'Mini Market', 'Butchery', 'Salon', 'Kota Corner', 'General Dealer'];
const businessTypeOf: Record<string, string> = {
  Spaza: 'spaza_shop',
  'Tuck Shop': 'spaza_shop',
  'Mini Market': 'convenience_store',
  Butchery: 'butchery',
  Salon: 'beauty_salon',
  'Kota Corner': 'fast_food_outlet',
  'General Dealer': 'general_retailer',
};
const townships: [string, (typeof PROVINCES)[number]][] = [
  ['Soweto', 'Gauteng'],
  ['Tembisa', 'Gauteng'],
  ['Alexandra', 'Gauteng'],
  ['Umlazi', 'KwaZulu-Natal'],
  ['KwaMashu', 'KwaZulu-Natal'],
  ['Khayelitsha', 'Western Cape'],
  ['Gugulethu', 'Western Cape'],
  ['Mdantsane', 'Eastern Cape'],
  ['Seshego', 'Limpopo'],
  ['Botshabelo', 'Free State'],
];

const MEMBER_COUNT = 60;
/** How long ago the seeded accounts were opened: before the oldest seeded co-op (1 400 days). */
const ACCOUNTS_AGE_DAYS = 1_500;
/** The seeded shop owners' addresses; nobody can sign in with them (no password, no OpenID subject, not demo accounts). */
const MEMBER_EMAIL_DOMAIN = '@example.co.za';

/** The demo accounts of every role and 60 shop owners who fill the cooperatives and place orders. */
export const seed: AreaSeed = {
  area: 'auth',
  async demo(tx, { random, now }) {
    // Accounts opened before everything the demo says they did (the oldest co-op was founded 1 400 days
    // ago by the demo coordinator), so "Member since" agrees with their orders and memberships.
    const since = (days: number) => new Date(now.getTime() - days * DAY);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const demo = {} as Record<DemoRole, number>;
    const deliveryAddress = new Map<number, string>();
    const add = async (values: NewUser) => {
      const id = await insertUser(tx, values);
      // Orders go to the buyer's shop: the address on file, as "street, city, province".
      deliveryAddress.set(
        id,
        [values.address || null, values.city, values.state].filter((part) => part != null).join(', '),
      );
      return id;
    };
    for (const role of DEMO_ROLES) {
      demo[role] = await add({
        ...demoAccounts[role],
        email: demoEmail(role),
        role,
        is_demo: true,
        demo_world: true,
        created_at: since(ACCOUNTS_AGE_DAYS),
      });
    }
    const members: number[] = [];
    for (let i = 0; i < MEMBER_COUNT; i += 1) {
      const first = firstNames[i % firstNames.length]!;
      const last = lastNames[(i * 7) % lastNames.length]!;
      const kind = pick(shopKinds);
      const [city, state] = townships[i % townships.length]!;
      members.push(
        await add({
          email: `${first}.${last}.${i}${MEMBER_EMAIL_DOMAIN}`.toLowerCase(),
          name: `${first} ${last}`,
          role: (i % 5 === 0 ? 'trader' : 'retailer') satisfies Role,
          company_name: `${first}'s ${kind}`,
          business_type: businessTypeOf[kind] ?? 'spaza_shop',
          city,
          state,
          phone: `+27 7${i % 10} 555 ${String(1000 + i).slice(-4)}`,
          years_in_business: 1 + Math.floor(random() * 15),
          is_verified: random() > 0.3,
          demo_world: true,
          created_at: since(ACCOUNTS_AGE_DAYS - (i % 10)),
        }),
      );
    }
    return { users: { demo, members, deliveryAddress, createdAt: since(ACCOUNTS_AGE_DAYS) } };
  },
  async demoScope(tx) {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.demo_world, true));
    return { userIds: rows.map((r) => r.id) };
  },
  async removeDemo(tx, { userIds }) {
    // Sessions, carts, memberships, ballots, subscriptions and notifications go with them (cascade).
    if (userIds.length > 0) await tx.delete(users).where(inArray(users.id, userIds));
  },
};

async function insertUser(tx: Tx, values: NewUser): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  await tx
    .update(users)
    .set({ referral_code: fallbackReferralCode(row!.id) })
    .where(eq(users.id, row!.id));
  return row!.id;
}
