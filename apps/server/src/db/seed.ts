import { eq, sql } from 'drizzle-orm';
import type { PROVINCES } from '@tt/domain';
import {
  DELIVERY_OPTIONS,
  DEMO_ROLES,
  fallbackReferralCode,
  vatOn,
  type DeliveryOption,
  type DemoRole,
  type OrderStatus,
  type PlanTier,
  type Role,
} from '@tt/domain';
import type { Db, Tx } from './client.ts';
import {
  categories,
  cooperatives,
  memberships,
  notifications,
  orderItems,
  orders,
  products,
  users,
} from './schema.ts';
import { demoEmail } from '../features/auth/service.ts';
import { subscribe } from '../features/subscriptions/service.ts';
import { seed as subscriptionsSeed } from '../features/subscriptions/seed.ts';
import { seedCooperativeLife } from '../features/cooperatives/seed.ts';
import { departments, products as seedProducts } from './seed-catalogue.ts';

/** A small deterministic generator, so every fresh database gets the same demo data. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
const DAY = 24 * 60 * 60 * 1000;

/** Fills a fresh database with the demo world, once: a database that already has it is left alone. */
export async function seedDemoData(db: Db, now = new Date()): Promise<{ seeded: boolean }> {
  // Reference data every installation needs, brought up to date on every start (idempotent). The
  // runtime's seed registry will call the areas' seeds; until then this is where they run.
  await subscriptionsSeed.reference(db);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('retailer')))
    .limit(1);
  if (existing.length > 0) return { seeded: false };
  await db.transaction(async (tx) => {
    const random = mulberry32(20261122);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

    const demo = {} as Record<DemoRole, number>;
    for (const role of DEMO_ROLES) {
      demo[role] = await insertUser(tx, {
        ...demoAccounts[role],
        email: demoEmail(role),
        role,
        is_demo: true,
      });
    }

    // Paid plans, so the demo shows the whole catalogue; the demo sales rep and the members stay on the
    // free plan, whose browsing limit and banner the sales rep's account demonstrates.
    const demoPlans: Partial<Record<DemoRole, PlanTier>> = {
      retailer: 'trader',
      supplier: 'supplier',
      distributor: 'supplier',
      coordinator: 'professional',
      admin: 'professional',
    };
    for (const [role, plan] of Object.entries(demoPlans) as [DemoRole, PlanTier][]) {
      await subscribe(tx, demo[role], plan, new Date(now.getTime() - 90 * DAY));
    }

    const members: number[] = [];
    for (let i = 0; i < MEMBER_COUNT; i += 1) {
      const first = firstNames[i % firstNames.length]!;
      const last = lastNames[(i * 7) % lastNames.length]!;
      const kind = pick(shopKinds);
      const [city, state] = townships[i % townships.length]!;
      members.push(
        await insertUser(tx, {
          email: `${first}.${last}.${i}@example.co.za`.toLowerCase(),
          name: `${first} ${last}`,
          role: (i % 5 === 0 ? 'trader' : 'retailer') satisfies Role,
          company_name: `${first}'s ${kind}`,
          business_type: businessTypeOf[kind] ?? 'spaza_shop',
          city,
          state,
          phone: `+27 7${i % 10} 555 ${String(1000 + i).slice(-4)}`,
          years_in_business: 1 + Math.floor(random() * 15),
          is_verified: random() > 0.3,
        }),
      );
    }

    // Catalogue: departments, their subcategories, then the products.
    const subcategoryIds = new Map<string, number>();
    for (const department of departments) {
      const [dep] = await tx
        .insert(categories)
        .values({ name: department.name })
        .returning({ id: categories.id });
      const subs = await tx
        .insert(categories)
        .values(department.subcategories.map((s) => ({ name: s.name, parent_id: dep!.id })))
        .returning({ id: categories.id });
      department.subcategories.forEach((s, index) => subcategoryIds.set(s.key, subs[index]!.id));
    }
    const productRows = await tx
      .insert(products)
      .values(
        seedProducts.map((p) => ({
          seller_id: demo[p.seller],
          category_id: subcategoryIds.get(p.subcategory)!,
          name: p.name,
          brand: p.brand,
          sku: p.sku,
          description: p.description,
          image_url: p.image,
          selling_price_cents: p.selling_price_cents,
          mrp_cents: p.mrp_cents,
          minimum_order_quantity: p.minimum_order_quantity,
          stock_quantity: p.stock_quantity,
          is_active: p.is_active,
          created_at: new Date(now.getTime() - 200 * DAY),
        })),
      )
      .returning();
    const catalogueOf = (sellerId: number) =>
      productRows.filter((p) => p.seller_id === sellerId && p.is_active);

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

    // Orders over the last six months, in every status, for the demo retailer and for other shops.
    const statusesByAge = (ageDays: number): OrderStatus => {
      if (ageDays > 30) return random() < 0.12 ? 'cancelled' : 'delivered';
      if (ageDays > 14) return pick(['delivered', 'delivered', 'shipped', 'cancelled'] as const);
      if (ageDays > 5) return pick(['shipped', 'processing', 'confirmed'] as const);
      return pick(['pending', 'pending', 'confirmed'] as const);
    };
    let orderSerial = 0;
    const placeOrder = async (buyerId: number, sellerId: number, ageDays: number, status?: OrderStatus) => {
      const catalogue = catalogueOf(sellerId);
      const lines = new Map<number, { productId: number; quantity: number; unit: number }>();
      const lineCount = 1 + Math.floor(random() * 4);
      for (let i = 0; i < lineCount; i += 1) {
        const product = pick(catalogue);
        const quantity = product.minimum_order_quantity * (1 + Math.floor(random() * 3));
        lines.set(product.id, { productId: product.id, quantity, unit: product.selling_price_cents });
      }
      const subtotal = [...lines.values()].reduce((sum, l) => sum + l.unit * l.quantity, 0);
      const option: DeliveryOption = random() < 0.25 ? 'express' : 'standard';
      const delivery = DELIVERY_OPTIONS[option].fee_cents;
      const tax = vatOn(subtotal);
      const createdAt = new Date(now.getTime() - ageDays * DAY - Math.floor(random() * 8) * 60 * 60 * 1000);
      orderSerial += 1;
      const [order] = await tx
        .insert(orders)
        .values({
          order_number: `ORD${createdAt.getTime()}${String(orderSerial).padStart(3, '0')}`,
          buyer_id: buyerId,
          seller_id: sellerId,
          status: status ?? statusesByAge(ageDays),
          subtotal_cents: subtotal,
          tax_cents: tax,
          delivery_cents: delivery,
          total_cents: subtotal + tax + delivery,
          delivery_option: option,
          delivery_address: null,
          notes: random() < 0.3 ? 'Please deliver before 10am; the shop opens at 6.' : null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        [...lines.values()].map((l) => ({
          order_id: order!.id,
          product_id: l.productId,
          quantity: l.quantity,
          unit_price_cents: l.unit,
          total_price_cents: l.unit * l.quantity,
        })),
      );
    };
    const sellers = [demo.supplier, demo.distributor];
    // The demo retailer's newest orders show every live status at least once.
    const recentStatuses: OrderStatus[] = [
      'pending',
      'confirmed',
      'processing',
      'shipped',
      'cancelled',
      'delivered',
    ];
    for (let i = 0; i < 26; i += 1) {
      await placeOrder(demo.retailer, sellers[i % 2]!, Math.floor((i * 175) / 26) + 1, recentStatuses[i]);
    }
    for (let i = 0; i < 40; i += 1)
      await placeOrder(pick(members), sellers[i % 2]!, Math.floor(random() * 178) + 1);
    await addDeliveryAddresses(tx);

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

    await seedCooperativeLife(tx, demo, now);
  });
  return { seeded: true };
}

async function insertUser(tx: Tx, values: NewUser): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  await tx
    .update(users)
    .set({ referral_code: fallbackReferralCode(row!.id) })
    .where(eq(users.id, row!.id));
  return row!.id;
}

/** An order is delivered to the buyer's shop: copy the address the buyer has on file. */
async function addDeliveryAddresses(tx: Tx) {
  await tx.execute(
    sql`update orders o set delivery_address = concat_ws(', ', nullif(u.address, ''), u.city, u.state)
          from users u where u.id = o.buyer_id`,
  );
}
