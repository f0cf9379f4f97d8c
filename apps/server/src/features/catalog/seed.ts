import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DAY, type AreaSeed } from '../../db/seed-types.ts';
import { departments, products as seedProducts } from './seed-catalogue.ts';
import { categories, products } from './tables.ts';

/** The departments and their subcategories: the catalogue's tree, the same in every installation. */
async function seedCategories(tx: Parameters<NonNullable<AreaSeed['reference']>>[0]) {
  const ids = new Map<string, number>();
  for (const department of departments) {
    const depId = await findOrInsertCategory(tx, department.name, null);
    for (const sub of department.subcategories) {
      ids.set(sub.key, await findOrInsertCategory(tx, sub.name, depId));
    }
  }
  return ids;
}

async function findOrInsertCategory(
  tx: Parameters<NonNullable<AreaSeed['reference']>>[0],
  name: string,
  parentId: number | null,
): Promise<number> {
  const [existing] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.name, name),
        parentId === null ? isNull(categories.parent_id) : eq(categories.parent_id, parentId),
      ),
    )
    .limit(1);
  if (existing) return existing.id;
  const [row] = await tx
    .insert(categories)
    .values({ name, parent_id: parentId })
    .returning({ id: categories.id });
  return row!.id;
}

export const seed: AreaSeed = {
  area: 'catalog',
  async reference(tx) {
    await seedCategories(tx);
  },
  /** 60 wholesale products of the demo supplier and distributor. */
  async demo(tx, { now, users }) {
    const subcategoryIds = await seedCategories(tx);
    const rows = await tx
      .insert(products)
      .values(
        seedProducts.map((p) => ({
          seller_id: users!.demo[p.seller],
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
      .returning({
        id: products.id,
        seller_id: products.seller_id,
        is_active: products.is_active,
        minimum_order_quantity: products.minimum_order_quantity,
        selling_price_cents: products.selling_price_cents,
      });
    return { products: rows };
  },
  async demoScope(tx, { userIds }) {
    if (userIds.length === 0) return {};
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.seller_id, userIds));
    return { productIds: rows.map((r) => r.id) };
  },
  async removeDemo(tx, { productIds }) {
    // Carts holding them go with them (cascade); orders, bulk orders and stock were removed before.
    if (productIds.length > 0) await tx.delete(products).where(inArray(products.id, productIds));
  },
};
