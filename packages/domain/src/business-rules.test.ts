import { describe, expect, it } from 'vitest';
import { bulkOrderIsFull, bulkRoomLeft, needsSellerAcceptance } from './bulk-orders.ts';
import { canReviewTransaction, voteEndInPast, voteStatusAt } from './cooperatives.ts';
import { sellerCanDecline } from './orders.ts';
import { closeAccountSchema, closedAccountName, profilePatchSchema } from './users.ts';

const now = new Date('2026-11-23T10:00:00Z');

describe('issue 8 rules in the domain', () => {
  it('a vote whose start is ahead shows scheduled; at its start it is active; closed ones keep their status', () => {
    expect(voteStatusAt('active', '2026-11-24T00:00:00Z', now)).toBe('scheduled');
    expect(voteStatusAt('active', '2026-11-23T09:59:59Z', now)).toBe('active');
    expect(voteStatusAt('active', null, now)).toBe('active');
    expect(voteStatusAt('completed', '2026-11-24T00:00:00Z', now)).toBe('completed');
  });

  it('refuses a vote end date that is not in the future', () => {
    expect(voteEndInPast('2026-11-22T10:00:00Z', now)).toBe(true);
    expect(voteEndInPast('2026-11-23T10:00:00Z', now)).toBe(true);
    expect(voteEndInPast('2026-11-23T10:00:01Z', now)).toBe(false);
    expect(voteEndInPast(null, now)).toBe(false);
  });

  it('nobody reviews their own transaction; only coordinators and admins review; once', () => {
    const pending = { user_id: 7, status: 'pending' };
    expect(canReviewTransaction({ id: 7, is_coordinator: true, is_admin: false }, pending)).toBe('own');
    expect(canReviewTransaction({ id: 7, is_coordinator: false, is_admin: true }, pending)).toBe('own');
    expect(canReviewTransaction({ id: 8, is_coordinator: true, is_admin: false }, pending)).toBe('ok');
    expect(canReviewTransaction({ id: 9, is_coordinator: false, is_admin: true }, pending)).toBe('ok');
    expect(canReviewTransaction({ id: 9, is_coordinator: false, is_admin: false }, pending)).toBe(
      'not_reviewer',
    );
    expect(
      canReviewTransaction(
        { id: 8, is_coordinator: true, is_admin: false },
        { ...pending, status: 'approved' },
      ),
    ).toBe('reviewed');
  });

  it('a bulk price below list needs the seller; joins stop at the commitment, or at the stock', () => {
    expect(needsSellerAcceptance(1, 5499)).toBe(true);
    expect(needsSellerAcceptance(5499, 5499)).toBe(false);
    expect(bulkRoomLeft({ current_quantity: 20, committed_quantity: 30, stock_quantity: 1000 })).toBe(10);
    expect(bulkRoomLeft({ current_quantity: 20, committed_quantity: null, stock_quantity: 25 })).toBe(5);
    expect(bulkRoomLeft({ current_quantity: 40, committed_quantity: null, stock_quantity: 25 })).toBe(0);
  });

  it('a bulk order is full at its target or with less room left than the minimum a member takes', () => {
    expect(bulkOrderIsFull({ status: 'active', room_left: 10, minimum_quantity: 10 })).toBe(false);
    expect(bulkOrderIsFull({ status: 'active', room_left: 9, minimum_quantity: 10 })).toBe(true);
    expect(bulkOrderIsFull({ status: 'active', room_left: 0, minimum_quantity: 1 })).toBe(true);
    expect(bulkOrderIsFull({ status: 'target_reached', room_left: 50, minimum_quantity: 1 })).toBe(true);
  });

  it('only a pending order can be declined by its seller', () => {
    expect(sellerCanDecline('pending')).toBe(true);
    expect(sellerCanDecline('confirmed')).toBe(false);
    expect(sellerCanDecline('cancelled')).toBe(false);
  });

  it('a profile save carries only what is sent, and something must be sent', () => {
    expect(profilePatchSchema.parse({ city: 'Soweto' })).toEqual({ city: 'Soweto' });
    expect(profilePatchSchema.parse({ phone: '' })).toEqual({ phone: null });
    expect(profilePatchSchema.safeParse({}).success).toBe(false);
    expect(profilePatchSchema.safeParse({ name: ' ' }).success).toBe(false);
  });

  it('closing asks for an explicit confirmation and names the account anonymously', () => {
    expect(closeAccountSchema.safeParse({ confirm: true }).success).toBe(true);
    expect(closeAccountSchema.safeParse({ confirm: 'yes' }).success).toBe(false);
    expect(closeAccountSchema.safeParse({}).success).toBe(false);
    expect(closedAccountName(42)).toBe('Closed account #42');
  });
});
