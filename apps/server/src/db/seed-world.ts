import type { DemoWorld } from './seed-types.ts';

/**
 * Views of the demo world that several areas' seeds share: the active cooperatives with their members
 * other than the demo accounts (who vote, attend and own space in the demo), and the first 40 active
 * products (in id order).
 */
export function activeCooperatives(world: DemoWorld) {
  const { demo } = world.users!;
  return world
    .cooperatives!.filter((c) => c.status === 'active')
    .sort((a, b) => a.id - b.id)
    .map((c) => ({
      id: c.id,
      area: c.area,
      others: c.memberIds.filter((id) => id !== demo.retailer && id !== demo.coordinator),
    }));
}

export function seedCatalogue(world: DemoWorld) {
  return world
    .products!.filter((p) => p.is_active)
    .sort((a, b) => a.id - b.id)
    .slice(0, 40)
    .map((p) => ({ id: p.id, price: p.selling_price_cents }));
}

export const at = (now: Date, days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
