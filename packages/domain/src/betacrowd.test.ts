import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createCrowdCampaignSchema,
  crowdToday,
  inAmountBand,
  instalmentCount,
  investmentBounds,
  repaymentSchedule,
  scheduleCsv,
  scheduleSummary,
  shareByLargestRemainder,
} from './betacrowd.ts';

const principal = fc.integer({ min: 1, max: 50_000_000 });
const rate = fc.integer({ min: 900, max: 2000 });
const term = fc.integer({ min: 6, max: 72 });
const frequency = fc.constantFrom('monthly' as const, 'quarterly' as const);

describe('repaymentSchedule', () => {
  it('pays a known loan: R10 000 at 12% over 12 months', () => {
    const schedule = repaymentSchedule(1_000_000, 1200, 12, 'monthly');
    expect(schedule).toHaveLength(12);
    // The level payment of the textbook formula, rounded once: R888.49.
    expect(schedule.slice(0, 11).every((i) => i.payment_cents === 88_849)).toBe(true);
    expect(schedule[0]).toMatchObject({ interest_cents: 10_000, principal_cents: 78_849 });
    expect(schedule.at(-1)!.balance_cents).toBe(0);
    const summary = scheduleSummary(schedule);
    expect(summary.total_cents - summary.interest_cents).toBe(1_000_000);
    // The last instalment takes the rounding: within a few cents of the others.
    expect(Math.abs(schedule.at(-1)!.payment_cents - 88_849)).toBeLessThan(12);
  });

  it('pays quarterly: four instalments a year', () => {
    expect(repaymentSchedule(25_000_000, 1600, 48, 'quarterly')).toHaveLength(16);
    expect(instalmentCount(48, 'quarterly')).toBe(16);
  });

  it('repays exactly the principal in whole cents, for any loan (property)', () => {
    fc.assert(
      fc.property(principal, rate, term, frequency, (p, bp, months, f) => {
        const schedule = repaymentSchedule(p, bp, months, f);
        expect(schedule).toHaveLength(instalmentCount(months, f));
        const principalSum = schedule.reduce((s, i) => s + i.principal_cents, 0);
        expect(principalSum).toBe(p);
        const summary = scheduleSummary(schedule);
        expect(summary.total_cents).toBe(schedule.reduce((s, i) => s + i.payment_cents, 0));
        expect(summary.total_cents).toBe(p + summary.interest_cents);
        for (const i of schedule) {
          expect(Number.isInteger(i.payment_cents)).toBe(true);
          expect(i.payment_cents).toBe(i.principal_cents + i.interest_cents);
          expect(i.principal_cents).toBeGreaterThanOrEqual(0);
        }
        expect(schedule.at(-1)!.balance_cents).toBe(0);
        // Every instalment but the last is the same level payment: the rounding is placed once, at the end (a
        // loan of a few cents can pay off before its last instalment, so this holds from the R500 minimum up).
        if (p >= 50_000) {
          expect(new Set(schedule.slice(0, -1).map((i) => i.payment_cents)).size).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});

describe('shareByLargestRemainder', () => {
  it('shares R100 among three equal holders as 33.34, 33.33, 33.33', () => {
    expect(shareByLargestRemainder(10_000, [1, 1, 1])).toEqual([3334, 3333, 3333]);
  });

  it('gives the cent to the largest remainder', () => {
    // 1000 cents by 1:2:7 = 100, 200, 700 exactly; 1001 cents leaves one cent for the 7's remainder (.7).
    expect(shareByLargestRemainder(1001, [1, 2, 7])).toEqual([100, 200, 701]);
  });

  it('always sums exactly to the amount, never far from the exact share (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 50_000_000 }), { minLength: 1, maxLength: 40 }),
        (amount, weights) => {
          const shares = shareByLargestRemainder(amount, weights);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
          const total = weights.reduce((s, w) => s + w, 0);
          shares.forEach((share, i) => {
            expect(Number.isInteger(share)).toBe(true);
            expect(Math.abs(share - (amount * weights[i]!) / total)).toBeLessThan(1 + 1e-6);
          });
        },
      ),
    );
  });
});

describe('investmentBounds', () => {
  it('is the minimum up to what is left and what the wallet holds', () => {
    expect(investmentBounds(100_000, 5_000_000, 2_000_000)).toEqual({
      min_cents: 100_000,
      max_cents: 2_000_000,
      possible: true,
    });
    // Less left than the minimum: the last investor closes it with what is left.
    expect(investmentBounds(100_000, 40_000, 2_000_000)).toMatchObject({
      min_cents: 40_000,
      max_cents: 40_000,
    });
    expect(investmentBounds(100_000, 5_000_000, 50_000).possible).toBe(false);
    expect(investmentBounds(100_000, 0, 50_000_000).possible).toBe(false);
  });
});

describe('amount bands', () => {
  it('puts a target in exactly one of spec 3 §9 bands', () => {
    expect(inAmountBand(1_000_000, '10k-100k')).toBe(true);
    expect(inAmountBand(10_000_000, '10k-100k')).toBe(false);
    expect(inAmountBand(10_000_000, '100k-300k')).toBe(true);
    expect(inAmountBand(30_000_000, '300k+')).toBe(true);
  });
});

describe('createCrowdCampaignSchema', () => {
  const future = crowdToday(new Date(Date.now() + 30 * 86_400_000));
  const valid = {
    campaign_title: 'New fridge',
    description: 'A bigger fridge for cold drinks in summer.',
    campaign_type: 'equipment_purchase',
    target_amount: 50_000,
    interest_rate: 14.5,
    loan_term_months: 24,
    repayment_frequency: 'monthly',
    minimum_investment: 500,
    risk_level: 'low',
    collateral_description: 'The fridge.',
    end_date: future,
  };
  const refused = (over: Record<string, unknown>) => {
    const result = createCrowdCampaignSchema.safeParse({ ...valid, ...over });
    return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}`);
  };

  it('accepts spec 3 §9 bounds and refuses what lies outside them', () => {
    expect(refused({})).toBeNull();
    expect(refused({ target_amount: 10_000, interest_rate: 9, loan_term_months: 6 })).toBeNull();
    expect(refused({ target_amount: 500_000, interest_rate: 20, loan_term_months: 72 })).toBeNull();
    expect(refused({ target_amount: 9_999.99 })).toEqual(['target_amount']);
    expect(refused({ target_amount: 500_000.01 })).toEqual(['target_amount']);
    expect(refused({ interest_rate: 8.99 })).toEqual(['interest_rate']);
    expect(refused({ interest_rate: 20.5 })).toEqual(['interest_rate']);
    expect(refused({ loan_term_months: 5 })).toEqual(['loan_term_months']);
    expect(refused({ loan_term_months: 73 })).toEqual(['loan_term_months']);
    expect(refused({ minimum_investment: 499 })).toEqual(['minimum_investment']);
    expect(refused({ minimum_investment: 60_000 })).toEqual(['minimum_investment']);
    expect(refused({ repayment_frequency: 'quarterly', loan_term_months: 25 })).toEqual(['loan_term_months']);
    expect(refused({ end_date: crowdToday() })).toEqual(['end_date']);
    expect(refused({ campaign_type: 'grant' })).toEqual(['campaign_type']);
  });
});

describe('scheduleCsv', () => {
  it('writes one line per instalment in rand with two decimals', () => {
    const csv = scheduleCsv(repaymentSchedule(1_000_000, 1200, 12, 'monthly'), [
      'No.',
      'Payment',
      'Interest',
      'Principal',
      'Balance',
    ]);
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toBe('1,888.49,100.00,788.49,9211.51');
    expect(lines.at(-1)!.endsWith(',0.00')).toBe(true);
  });
});
