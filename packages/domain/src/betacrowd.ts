import { z } from 'zod';
import { idSchema } from './ids.ts';
import { inSast } from './sast.ts';

/**
 * Crowdfunding (spec 3 /betacrowd; DECISIONS 17; ADR 052): small-business loans that entrepreneurs raise from
 * investors. No payment provider is connected: money comes into a wallet as recorded paid by a chosen method, an
 * investment moves it from the wallet into the campaign, and a repayment is shared among the campaign's investors.
 */

export const CROWD_CAMPAIGN_TYPES = [
  'business_loan',
  'asset_financing',
  'working_capital',
  'equipment_purchase',
] as const;
export type CrowdCampaignType = (typeof CROWD_CAMPAIGN_TYPES)[number];
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const REPAYMENT_FREQUENCIES = ['monthly', 'quarterly'] as const;
export type RepaymentFrequency = (typeof REPAYMENT_FREQUENCIES)[number];
export const CROWD_CAMPAIGN_STATUSES = [
  'pending_review',
  'active',
  'funded',
  'repaying',
  'completed',
  'rejected',
  'cancelled',
  /** Its end date passed before it reached its target: every investment went back to its investor's wallet. */
  'expired',
] as const;
export type CrowdCampaignStatus = (typeof CROWD_CAMPAIGN_STATUSES)[number];
/**
 * A campaign is closed with its investments refunded while it has not been funded: its entrepreneur cancels it, or
 * its end date passes. Once funded, the money is a loan the entrepreneur repays.
 */
export const CLOSABLE_CAMPAIGN_STATUSES = [
  'pending_review',
  'active',
] as const satisfies CrowdCampaignStatus[];
export const isClosable = (status: CrowdCampaignStatus) =>
  (CLOSABLE_CAMPAIGN_STATUSES as readonly CrowdCampaignStatus[]).includes(status);
/** How money recorded into a wallet (or a repayment) was paid outside the app (DECISIONS 17). */
export const FUNDING_METHODS = ['eft', 'card', 'cash', 'mobile'] as const;
export type FundingMethod = (typeof FUNDING_METHODS)[number];
export const WALLET_MOVEMENT_KINDS = ['deposit', 'investment', 'repayment', 'refund'] as const;
export type WalletMovementKind = (typeof WALLET_MOVEMENT_KINDS)[number];
/** Which side of the area a user chose on the landing screen (remembered on the device). */
export const CROWD_MODES = ['entrepreneur', 'investor'] as const;
export type CrowdMode = (typeof CROWD_MODES)[number];

/** Spec 3 §9's loan bounds, in rand (target), percent a year (interest) and months (term). */
export const CAMPAIGN_LIMITS = {
  target_min: 10_000,
  target_max: 500_000,
  interest_min: 9,
  interest_max: 20,
  term_min: 6,
  term_max: 72,
  minimum_investment_min: 500,
} as const;
/** The most one recording of funds may add (a guard against a slipped finger, not a regulatory limit). */
export const MAX_DEPOSIT_RAND = 100_000;

/** Spec 3 §9's marketplace amount bands, on the campaign's target, in cents: [from, below). */
export const AMOUNT_BANDS = {
  '10k-100k': [1_000_000, 10_000_000],
  '100k-300k': [10_000_000, 30_000_000],
  // The top band has no upper end: the largest integer the cents column can hold.
  '300k+': [30_000_000, 2_147_483_647],
} as const satisfies Record<string, readonly [number, number]>;
export type AmountBand = keyof typeof AMOUNT_BANDS;
export const AMOUNT_BAND_KEYS = Object.keys(AMOUNT_BANDS) as AmountBand[];

export function inAmountBand(targetCents: number, band: AmountBand): boolean {
  const [from, below] = AMOUNT_BANDS[band];
  return targetCents >= from && targetCents < below;
}

// Schemas ---------------------------------------------------------------------------------------------

const rand = (min: number, max: number) =>
  z
    .number({ message: 'validation.number' })
    .finite()
    .min(min)
    .max(max)
    .multipleOf(0.01, { message: 'validation.decimals' });

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Today's date in Johannesburg (YYYY-MM-DD). */
export const crowdToday = (now: Date = new Date()) => inSast(now).toISOString().slice(0, 10);

/** One schema for the Create CrowdCampaign form and POST /api/betacrowd/campaigns. */
export const createCrowdCampaignSchema = z
  .object({
    campaign_title: z.string().trim().min(3).max(120),
    description: z.string().trim().min(20).max(4000),
    campaign_type: z.enum(CROWD_CAMPAIGN_TYPES),
    target_amount: rand(CAMPAIGN_LIMITS.target_min, CAMPAIGN_LIMITS.target_max),
    interest_rate: rand(CAMPAIGN_LIMITS.interest_min, CAMPAIGN_LIMITS.interest_max),
    loan_term_months: z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.whole_number' })
      .min(CAMPAIGN_LIMITS.term_min)
      .max(CAMPAIGN_LIMITS.term_max),
    repayment_frequency: z.enum(REPAYMENT_FREQUENCIES),
    minimum_investment: rand(CAMPAIGN_LIMITS.minimum_investment_min, CAMPAIGN_LIMITS.target_max),
    risk_level: z.enum(RISK_LEVELS),
    collateral_description: z.string().trim().min(3).max(1000),
    end_date: z
      .string()
      .regex(DATE_PATTERN, { message: 'validation.date_time' })
      .refine((d) => d > crowdToday(), { message: 'validation.future_date' }),
  })
  .superRefine((c, ctx) => {
    if (c.minimum_investment > c.target_amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['minimum_investment'],
        message: 'validation.minimum_over_target',
      });
    }
    if (c.repayment_frequency === 'quarterly' && c.loan_term_months % 3 !== 0) {
      ctx.addIssue({ code: 'custom', path: ['loan_term_months'], message: 'validation.quarterly_term' });
    }
  });
export type CreateCrowdCampaignInput = z.output<typeof createCrowdCampaignSchema>;

export const crowdCampaignSchema = z.object({
  id: z.number().int(),
  entrepreneur_id: z.number().int(),
  entrepreneur_name: z.string(),
  campaign_title: z.string(),
  description: z.string(),
  target_amount: z.number(),
  raised_amount: z.number(),
  minimum_investment: z.number(),
  campaign_type: z.enum(CROWD_CAMPAIGN_TYPES),
  interest_rate: z.number(),
  loan_term_months: z.number().int(),
  repayment_frequency: z.enum(REPAYMENT_FREQUENCIES),
  risk_level: z.enum(RISK_LEVELS),
  campaign_status: z.enum(CROWD_CAMPAIGN_STATUSES),
  start_date: z.string().nullable(),
  end_date: z.string(),
  business_plan_url: z.string().nullable(),
  collateral_description: z.string(),
  review_note: z.string().nullable(),
  investor_count: z.number().int(),
  /** Instalments recorded so far (of `instalmentCount`). */
  repaid_instalments: z.number().int(),
  repaid_amount: z.number(),
  created_at: z.string(),
});
export type CrowdCampaign = z.infer<typeof crowdCampaignSchema>;
export const crowdCampaignListSchema = z.array(crowdCampaignSchema);

export const marketplaceQuerySchema = z.object({
  campaign_type: z.enum(CROWD_CAMPAIGN_TYPES).optional(),
  risk_level: z.enum(RISK_LEVELS).optional(),
  amount_band: z.enum(AMOUNT_BAND_KEYS as [AmountBand, ...AmountBand[]]).optional(),
});

export const reviewCampaignSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  note: z.string().trim().max(1000).default(''),
});

export const investSchema = z.object({
  amount: rand(0.01, CAMPAIGN_LIMITS.target_max),
});

export const depositSchema = z.object({
  amount: rand(1, MAX_DEPOSIT_RAND),
  method: z.enum(FUNDING_METHODS),
});

export const recordRepaymentSchema = z.object({
  /** The instalment being recorded: it must be the next one, so a repeated request records nothing twice. */
  instalment_number: z.number().int().min(1).max(CAMPAIGN_LIMITS.term_max),
  method: z.enum(FUNDING_METHODS),
});

export const walletMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WALLET_MOVEMENT_KINDS),
  /** Signed: money in is positive, an investment negative. */
  amount: z.number(),
  method: z.enum(FUNDING_METHODS).nullable(),
  campaign_id: z.number().int().nullable(),
  campaign_title: z.string().nullable(),
  instalment_number: z.number().int().nullable(),
  created_at: z.string(),
});
export type WalletMovement = z.infer<typeof walletMovementSchema>;

export const walletSchema = z.object({
  available_balance: z.number(),
  movements: z.array(walletMovementSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

export const investmentSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  campaign_title: z.string(),
  campaign_status: z.enum(CROWD_CAMPAIGN_STATUSES),
  entrepreneur_name: z.string(),
  interest_rate: z.number(),
  loan_term_months: z.number().int(),
  repayment_frequency: z.enum(REPAYMENT_FREQUENCIES),
  amount: z.number(),
  created_at: z.string(),
});
export type Investment = z.infer<typeof investmentSchema>;

export const portfolioSchema = z.object({
  investments: z.array(investmentSchema),
  /** Repayments received: the wallet's repayment movements. */
  returns: z.array(walletMovementSchema),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

export const investorRelationSchema = z.object({
  campaign_id: z.number().int(),
  campaign_title: z.string(),
  investor_id: z.number().int(),
  investor_name: z.string(),
  amount: z.number(),
  /** What this investor has been paid from the campaign's repayments so far. */
  repaid: z.number(),
  invested_at: z.string(),
});
export const investorRelationsSchema = z.array(investorRelationSchema);

export const repaymentResultSchema = z.object({
  campaign: crowdCampaignSchema,
  instalment_number: z.number().int(),
  amount: z.number(),
  shares: z.array(z.object({ investor_id: z.number().int(), investor_name: z.string(), amount: z.number() })),
});

/** What closing a campaign gave back: each investor's whole stake, to their wallet. */
export const closeResultSchema = z.object({
  campaign: crowdCampaignSchema,
  refunds: z.array(
    z.object({ investor_id: z.number().int(), investor_name: z.string(), amount: z.number() }),
  ),
});
export type CloseResult = z.infer<typeof closeResultSchema>;

// Rules -----------------------------------------------------------------------------------------------

export const monthsPerInstalment = (frequency: RepaymentFrequency) => (frequency === 'monthly' ? 1 : 3);
export const instalmentCount = (termMonths: number, frequency: RepaymentFrequency) =>
  Math.floor(termMonths / monthsPerInstalment(frequency));

/** Interest rates are kept in basis points (14.5% = 1450), so no rate is a float in the rules. */
export const rateBasisPoints = (percent: number) => Math.round(percent * 100);

export interface Instalment {
  number: number;
  payment_cents: number;
  interest_cents: number;
  principal_cents: number;
  /** What is still owed after this instalment. */
  balance_cents: number;
}

/** numerator / denominator rounded half up, for non-negative integers (exact with BigInt). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * The amortised repayment schedule of a loan (spec 3's campaigns): level instalments at the annual rate over the
 * term, paid monthly or quarterly. Every instalment but the last is the level payment in whole cents; each one's
 * interest is the period's rate on what is still owed (rounded to the cent). The last instalment pays off exactly
 * what is left with its interest, so the rounding lands once, there, and the principal parts sum to the loan.
 */
export function repaymentSchedule(
  principalCents: number,
  annualRateBasisPoints: number,
  termMonths: number,
  frequency: RepaymentFrequency,
): Instalment[] {
  if (!Number.isSafeInteger(principalCents) || principalCents <= 0) return [];
  const n = instalmentCount(termMonths, frequency);
  if (n <= 0) return [];
  const periodsPerYear = 12 / monthsPerInstalment(frequency);
  // The period's rate as a fraction: bp / (10_000 * periods a year).
  const rateDen = 10_000n * BigInt(periodsPerYear);
  const rateNum = BigInt(annualRateBasisPoints);
  const r = annualRateBasisPoints / 10_000 / periodsPerYear;
  const level =
    r === 0 ? Math.round(principalCents / n) : Math.round((principalCents * r) / (1 - Math.pow(1 + r, -n)));
  const schedule: Instalment[] = [];
  let balance = BigInt(principalCents);
  for (let k = 1; k <= n; k += 1) {
    const interest = divRound(balance * rateNum, rateDen);
    let principal = k === n ? balance : BigInt(level) - interest;
    // A level payment never repays more than is owed (possible only in the last instalments of tiny loans).
    if (principal > balance) principal = balance;
    if (principal < 0n) principal = 0n;
    balance -= principal;
    schedule.push({
      number: k,
      payment_cents: Number(principal + interest),
      interest_cents: Number(interest),
      principal_cents: Number(principal),
      balance_cents: Number(balance),
    });
  }
  return schedule;
}

export interface ScheduleSummary {
  instalments: number;
  total_cents: number;
  interest_cents: number;
}

export function scheduleSummary(schedule: readonly Instalment[]): ScheduleSummary {
  let total = 0;
  let interest = 0;
  for (const i of schedule) {
    total += i.payment_cents;
    interest += i.interest_cents;
  }
  return { instalments: schedule.length, total_cents: total, interest_cents: interest };
}

/**
 * Shares an amount among holders in proportion to their weights (a repayment among investors by what each put
 * in), in whole cents: each gets the floor of their exact share, and the cents left over go one each to the
 * largest remainders (ties to the earlier holder), so the shares always sum exactly to the amount.
 */
export function shareByLargestRemainder(amountCents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (weights.length === 0 || total <= 0n) return weights.map(() => 0);
  const amount = BigInt(amountCents);
  const floors = weights.map((w) => (amount * BigInt(w)) / total);
  const remainders = weights.map((w, i) => ({ i, rest: (amount * BigInt(w)) % total }));
  let left = Number(amount - floors.reduce((s, f) => s + f, 0n));
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  const shares = floors.map(Number);
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export interface InvestmentBounds {
  /** The least one may invest: the campaign's minimum, or what is left when less is left. */
  min_cents: number;
  /** The most: what is left to raise, and no more than the wallet holds. */
  max_cents: number;
  /** Whether any amount is possible at all. */
  possible: boolean;
}

export function investmentBounds(
  minimumCents: number,
  leftCents: number,
  walletCents: number,
): InvestmentBounds {
  const min = Math.max(1, Math.min(minimumCents, leftCents));
  const max = Math.min(leftCents, walletCents);
  return { min_cents: min, max_cents: max, possible: leftCents > 0 && max >= min };
}

/** The campaign's schedule as CSV (the Documents tab's download): one line per instalment, rand with two decimals. */
export function scheduleCsv(schedule: readonly Instalment[], header: readonly string[]): string {
  const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  const lines = schedule.map((i) =>
    [
      i.number,
      money(i.payment_cents),
      money(i.interest_cents),
      money(i.principal_cents),
      money(i.balance_cents),
    ].join(','),
  );
  const quote = (h: string) => (/[",\n]/.test(h) ? `"${h.replace(/"/g, '""')}"` : h);
  return [header.map(quote).join(','), ...lines].join('\n') + '\n';
}

export const crowdCampaignIdParams = z.object({ id: idSchema });
