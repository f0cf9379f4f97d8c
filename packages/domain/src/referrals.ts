import { z } from 'zod';

/**
 * Referrals (spec 1 /referrals; issue 13 point 3). A trader shares a link to `/join?ref=CODE`; a visitor who
 * arrives through it and creates an account is recorded as referred (pending). The referral is verified when
 * that trader's first order is delivered, and the referrer is credited R50 then, once, into a rewards
 * balance (a ledger of credits). Nobody refers themselves, and a trader is referred at most once.
 */
export const REFERRAL_STATUSES = ['pending', 'verified', 'paid'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Spec 1 §9: R50 per verified trader. */
export const REFERRAL_REWARD_CENTS = 5000;

/** How long the invitation travels with the visitor (the cookie set by the join page). */
export const REFERRAL_COOKIE = 'tt_ref';
export const REFERRAL_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The most referrals and reward lines a list answers (newest first). */
export const REFERRALS_LISTED = 100;
export const REWARDS_LISTED = 50;

/** What a referral code looks like: spec 1's fallback (BETA + the id padded to 4) or any code of 4-20 letters and digits. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{4,20}$/;

/** The code as typed or pasted (any case, surrounding spaces), or null when it cannot be a code. */
export function normaliseReferralCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/** The join link on the product's own address (spec 1 §9). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/join?ref=${encodeURIComponent(code)}`;
}

/** A WhatsApp share link, pre-filled with the message (which carries the code and link). */
export function whatsappShareUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

export const referralSchema = z.object({
  id: z.number().int(),
  referred_user_name: z.string(),
  created_at: z.string(),
  /** Rand: what the referral pays (or paid) the referrer. */
  reward_amount: z.number(),
  status: z.enum(REFERRAL_STATUSES),
  verified_at: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralStatsSchema = z.object({
  /** Rand credited for verified referrals. */
  total_earnings: z.number(),
  /** Rand still to come: R50 for each referral not yet verified. */
  pending_earnings: z.number(),
  total_referrals: z.number().int(),
  verified_referrals: z.number().int(),
  /** Rand in the rewards balance now (credits less what was used). */
  rewards_balance: z.number(),
  referral_code: z.string(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

export const REWARD_KINDS = ['referral_credit', 'checkout_use', 'checkout_release'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export const rewardEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(REWARD_KINDS),
  /** Rand; positive credits the balance, negative uses it. */
  amount: z.number(),
  /** The referred trader's name for a referral credit. */
  referred_user_name: z.string().nullable(),
  created_at: z.string(),
});
export type RewardEntry = z.infer<typeof rewardEntrySchema>;

export const rewardsSchema = z.object({
  balance: z.number(),
  entries: z.array(rewardEntrySchema),
});
export type Rewards = z.infer<typeof rewardsSchema>;

/** Stats as shown: earnings from the referrals themselves, so the tiles and the history always agree. */
export function referralStats(referrals: ReadonlyArray<{ status: ReferralStatus; reward_cents: number }>): {
  total_cents: number;
  pending_cents: number;
  total: number;
  verified: number;
} {
  let total_cents = 0;
  let pending_cents = 0;
  let verified = 0;
  for (const r of referrals) {
    if (r.status === 'pending') pending_cents += r.reward_cents;
    else {
      total_cents += r.reward_cents;
      verified += 1;
    }
  }
  return { total_cents, pending_cents, total: referrals.length, verified };
}
