import { describe, expect, it } from 'vitest';
import { canChooseRole } from './users.ts';
import { roleBadgeTone, roleLabelKey, SELF_SERVICE_ROLES, ROLES } from './roles.ts';
import { resolveLanguage } from './i18n.ts';
import { unreadBadge } from './notification-rules.ts';
import { achievementsFor, lastSixMonths, percentChange, sameSpanLastMonth } from './dashboard-rules.ts';
import { membershipProgress } from './cooperatives.ts';
import { orderScopeFor } from './order-rules.ts';
import { profileUpdateSchema } from './users.ts';

describe('roles', () => {
  it('shows retailers and traders as Business Owner in green, the rest in their colours', () => {
    expect(roleLabelKey('retailer')).toBe('roles.business_owner');
    expect(roleLabelKey('trader')).toBe('roles.business_owner');
    expect(roleLabelKey('supplier')).toBe('roles.supplier');
    expect(roleBadgeTone('retailer')).toBe('green');
    expect(roleBadgeTone('distributor')).toBe('orange');
    expect(roleBadgeTone('supplier')).toBe('orange');
    expect(roleBadgeTone('manufacturer')).toBe('purple');
    expect(roleBadgeTone('service_provider')).toBe('purple');
    expect(roleBadgeTone('coordinator')).toBe('blue');
    expect(roleBadgeTone('admin')).toBe('grey');
    expect(roleBadgeTone('sales_rep')).toBe('grey');
  });

  it('lets a user keep their role or pick a self-service one, never an admin-granted one', () => {
    for (const next of SELF_SERVICE_ROLES) expect(canChooseRole('retailer', next)).toBe(true);
    // DECISIONS 8: the seller roles come from an approved supplier application, coordinator from an admin.
    for (const next of [
      'supplier',
      'distributor',
      'manufacturer',
      'coordinator',
      'admin',
      'sales_rep',
      'field_manager',
      'business_dev_manager',
    ] as const) {
      expect(canChooseRole('retailer', next)).toBe(false);
      expect(canChooseRole(next, next)).toBe(true);
    }
    expect(ROLES).toHaveLength(11);
  });

  it('scopes orders by role', () => {
    expect(orderScopeFor('retailer')).toBe('buyer');
    expect(orderScopeFor('coordinator')).toBe('buyer');
    expect(orderScopeFor('supplier')).toBe('seller');
    expect(orderScopeFor('manufacturer')).toBe('seller');
    expect(orderScopeFor('admin')).toBe('all');
  });
});

describe('profile rules', () => {
  const base = { name: 'Thandi', role: 'retailer' };
  it('accepts 0..50 years in business and refuses the rest', () => {
    expect(profileUpdateSchema.safeParse({ ...base, years_in_business: 0 }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ ...base, years_in_business: 50 }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ ...base, years_in_business: 51 }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...base, years_in_business: -1 }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...base, years_in_business: 2.5 }).success).toBe(false);
  });
  it('needs a name, turns empty optional fields into null and checks postal codes', () => {
    expect(profileUpdateSchema.safeParse({ ...base, name: '  ' }).success).toBe(false);
    const parsed = profileUpdateSchema.parse({ ...base, phone: '', city: '  ', pincode: '1804' });
    expect(parsed.phone).toBeNull();
    expect(parsed.city).toBeNull();
    expect(parsed.pincode).toBe('1804');
    expect(profileUpdateSchema.safeParse({ ...base, pincode: '18045' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...base, phone: 'call me' }).success).toBe(false);
  });
});

describe('languages', () => {
  it('uses the stored choice, else the browser language, else English', () => {
    expect(resolveLanguage('zu', ['af-ZA'])).toBe('zu');
    expect(resolveLanguage('fr', ['af-ZA', 'en'])).toBe('af');
    expect(resolveLanguage(null, ['xh-ZA'])).toBe('xh');
    expect(resolveLanguage(undefined, ['de-DE', 'fr'])).toBe('en');
    expect(resolveLanguage('', [])).toBe('en');
  });
});

describe('notification badge', () => {
  it('shows the count up to nine and 9+ above', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
  });
});

describe('dashboard rules', () => {
  it('lists the six months ending with the current Johannesburg month', () => {
    expect(lastSixMonths(new Date('2026-11-22T10:00:00Z'))).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(lastSixMonths(new Date('2026-03-05T00:00:00Z'))).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    // 22:30 UTC on 31 December is already January in Johannesburg (UTC+2).
    expect(lastSixMonths(new Date('2026-12-31T22:30:00Z')).at(-1)).toBe('2027-01');
  });
  it('computes the month-on-month change, or nothing without last month', () => {
    expect(percentChange(100, 150)).toBe(50);
    expect(percentChange(300, 200)).toBe(-33.3);
    expect(percentChange(0, 200)).toBeNull();
  });
  it('compares this month so far with the same span of last month, never with all of it', () => {
    // 08:00 on 2 December in Johannesburg: 1 day 8 hours into the month, against 1 November 00:00 to 2 November 08:00.
    expect(sameSpanLastMonth(new Date('2026-12-02T06:00:00Z'))).toEqual({
      this_month_from: new Date('2026-11-30T22:00:00Z'),
      from: new Date('2026-10-31T22:00:00Z'),
      to: new Date('2026-11-02T06:00:00Z'),
    });
    // Just after midnight on the 1st: a minute of each month.
    expect(sameSpanLastMonth(new Date('2026-11-30T22:01:00Z')).to).toEqual(new Date('2026-10-31T22:01:00Z'));
    // 31 March at noon runs longer than February: all of February, which ends where March begins.
    const march = sameSpanLastMonth(new Date('2027-03-31T10:00:00Z'));
    expect(march.from).toEqual(new Date('2027-01-31T22:00:00Z'));
    expect(march.to).toEqual(new Date('2027-02-28T22:00:00Z'));
    expect(march.to).toEqual(march.this_month_from);
  });
  it('earns achievements from real figures', () => {
    const none = achievementsFor({
      total_products: 0,
      total_orders: 0,
      active_coops: 0,
      my_memberships: 0,
      total_revenue: 0,
      revenue_change_percent: null,
    });
    expect(none.every((a) => !a.earned)).toBe(true);
    const some = achievementsFor({
      total_products: 5,
      total_orders: 12,
      active_coops: 3,
      my_memberships: 1,
      total_revenue: 9999.99,
      revenue_change_percent: 4,
    });
    expect(some.filter((a) => a.earned).map((a) => a.key)).toEqual([
      'first_order',
      'ten_orders',
      'coop_member',
    ]);
  });
  it('caps cooperative progress at 100%', () => {
    expect(membershipProgress(10, 25)).toBe(40);
    expect(membershipProgress(40, 25)).toBe(100);
  });
});

describe('cooperative rules', () => {
  it('lets pending cooperatives gather founding members and activates them at the minimum', async () => {
    const { acceptsMembers, statusAfterJoin } = await import('./cooperatives.ts');
    expect(acceptsMembers('active')).toBe(true);
    expect(acceptsMembers('pending')).toBe(true);
    expect(acceptsMembers('inactive')).toBe(false);
    expect(statusAfterJoin('pending', 24, 25)).toBe('pending');
    expect(statusAfterJoin('pending', 25, 25)).toBe('active');
    expect(statusAfterJoin('active', 99, 25)).toBe('active');
  });
  it('carries a vote by a simple majority of ballots cast and opens ballots only within the dates', async () => {
    const { voteOutcome, ballotOpen, turnoutPercent } = await import('./cooperatives.ts');
    expect(voteOutcome({ for: 3, against: 2 })).toBe('carried');
    expect(voteOutcome({ for: 2, against: 2 })).toBe('not_carried');
    expect(turnoutPercent(5, 32)).toBe(15.6);
    const now = new Date('2026-11-22T10:00:00Z');
    expect(ballotOpen({ status: 'active', start_date: null, end_date: null }, now)).toBe(true);
    expect(ballotOpen({ status: 'active', start_date: '2026-11-23T00:00:00Z', end_date: null }, now)).toBe(
      false,
    );
    expect(ballotOpen({ status: 'active', start_date: null, end_date: '2026-11-21T00:00:00Z' }, now)).toBe(
      false,
    );
    expect(ballotOpen({ status: 'completed', start_date: null, end_date: null }, now)).toBe(false);
  });
  it('computes the governance tiles', async () => {
    const { governanceTiles } = await import('./cooperatives.ts');
    const tiles = governanceTiles({
      now: new Date('2026-11-22T10:00:00Z'),
      votes: [{ status: 'active' }, { status: 'completed' }],
      meetings: [
        { status: 'scheduled', meeting_date: '2026-12-01T10:00:00Z' },
        { status: 'scheduled', meeting_date: '2026-11-01T10:00:00Z' },
      ],
      transactions: [
        { amount: 500.5, status: 'approved' },
        { amount: -120.25, status: 'pending' },
      ],
    });
    expect(tiles).toEqual({
      active_votes: 1,
      upcoming_meetings: 1,
      total_transactions_cents: 62075,
      pending_approvals: 1,
    });
  });
});

describe('bulk orders and warehouses', () => {
  it('prices bulk discounts and savings in cents', async () => {
    const { finalUnitPriceCents, totalSavingsCents, statusAfterParticipation } =
      await import('./bulk-orders.ts');
    expect(finalUnitPriceCents(12999, 15)).toBe(11049);
    expect(totalSavingsCents([{ unit_price: 129.99, final_unit_price: 110.49, quantity_ordered: 10 }])).toBe(
      19500,
    );
    expect(statusAfterParticipation(90, 10, 100)).toBe('target_reached');
    expect(statusAfterParticipation(80, 10, 100)).toBe('active');
  });
  it('applies the colours and fees of spec 3', async () => {
    const w = await import('./warehouses.ts');
    expect(w.utilisationTone(70, 100)).toBe('green');
    expect(w.utilisationTone(71, 100)).toBe('yellow');
    expect(w.utilisationTone(91, 100)).toBe('red');
    expect(w.warehouseFull(100, 100)).toBe(true);
    expect(w.monthlyFeeCents(10, 5000)).toBe(50000);
    expect(w.monthlyFeeCents(2.5, 4500)).toBe(11250);
  });
});

describe('warehouse space', () => {
  it('measures utilisation and free space without float drift', async () => {
    const w = await import('./warehouses.ts');
    expect(w.utilisationPercent(96, 100)).toBe(96);
    expect(w.utilisationPercent(120, 100)).toBe(100);
    expect(w.utilisationPercent(1, 0)).toBe(100);
    expect(w.freeSpaceHundredths(100, 99.9)).toBe(10);
    expect(w.freeSpaceHundredths(0.3, 0.1)).toBe(20);
    expect(w.freeSpaceHundredths(10, 12)).toBe(0);
  });
});
