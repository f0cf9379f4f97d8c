import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLE_PERMISSIONS, rolesWith } from './permissions.ts';
import { ROLES } from './roles.ts';
import { canCheckOut } from './orders.ts';
import { orderScopeFor } from './order-rules.ts';

describe('permissions', () => {
  it('gives every role a set, and each permission at least one role', () => {
    for (const role of ROLES) expect(ROLE_PERMISSIONS[role]).toBeDefined();
    for (const permission of PERMISSIONS) expect(rolesWith(permission).length).toBeGreaterThan(0);
  });

  it("follows the spec's gates", () => {
    expect(rolesWith('crm.use')).toEqual([
      'sales_rep',
      'field_manager',
      'business_dev_manager',
      'admin',
      'coordinator',
    ]);
    expect([...rolesWith('products.manage')].sort()).toEqual([
      'admin',
      'distributor',
      'manufacturer',
      'supplier',
    ]);
    // DECISIONS 21: a retailer has no products to promote; sellers and admins do.
    expect(can('trader', 'promotions.create')).toBe(false);
    expect(can('retailer', 'promotions.create')).toBe(false);
    expect([...rolesWith('promotions.create')].sort()).toEqual([
      'admin',
      'distributor',
      'manufacturer',
      'supplier',
    ]);
    expect(can('admin', 'orders.sell')).toBe(false);
    expect(can('supplier', 'orders.sell')).toBe(true);
    expect(can('admin', 'admin.roles')).toBe(true);
    expect(can('coordinator', 'admin.roles')).toBe(false);
    expect(can('nobody', 'coops.join')).toBe(false);
    expect(can(undefined, 'coops.join')).toBe(false);
  });

  it('is what the order scope and checkout read', () => {
    for (const role of ROLES) {
      expect(canCheckOut(role)).toBe(can(role, 'orders.place'));
      expect(orderScopeFor(role) === 'seller').toBe(can(role, 'orders.sell'));
      expect(orderScopeFor(role) === 'all').toBe(can(role, 'orders.view_all'));
      // Nobody both buys and sells: a seller's cart would check out to themselves.
      expect(can(role, 'orders.place') && can(role, 'orders.sell')).toBe(false);
    }
  });
});
