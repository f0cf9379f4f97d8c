import { describe, expect, it } from 'vitest';
import {
  normaliseReferralCode,
  referralLink,
  referralStats,
  REFERRAL_REWARD_CENTS,
  whatsappShareUrl,
} from './referrals.ts';
import { fallbackReferralCode } from './users.ts';

describe('referral codes and links', () => {
  it('accepts the fallback code in any case and refuses what cannot be a code', () => {
    expect(normaliseReferralCode(` ${fallbackReferralCode(7).toLowerCase()} `)).toBe('BETA0007');
    expect(normaliseReferralCode('BE')).toBeNull();
    expect(normaliseReferralCode('BETA-0007')).toBeNull();
    expect(normaliseReferralCode('<script>')).toBeNull();
    expect(normaliseReferralCode(undefined)).toBeNull();
  });

  it('builds the join link on the given address and a WhatsApp link carrying the message', () => {
    expect(referralLink('https://trade.example.co.za/', 'BETA0042')).toBe(
      'https://trade.example.co.za/join?ref=BETA0042',
    );
    const url = whatsappShareUrl('Join with BETA0042: https://x.co.za/join?ref=BETA0042');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(url.slice('https://wa.me/?text='.length))).toContain('join?ref=BETA0042');
  });
});

describe('referral stats', () => {
  it('counts verified and paid referrals as earned and pending ones as to come', () => {
    const r = (status: 'pending' | 'verified' | 'paid') => ({ status, reward_cents: REFERRAL_REWARD_CENTS });
    expect(referralStats([r('pending'), r('verified'), r('paid'), r('pending')])).toEqual({
      total_cents: 10_000,
      pending_cents: 10_000,
      total: 4,
      verified: 2,
    });
    expect(referralStats([])).toEqual({ total_cents: 0, pending_cents: 0, total: 0, verified: 0 });
  });
});
