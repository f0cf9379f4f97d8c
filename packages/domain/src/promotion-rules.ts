import type { DiscountRule } from './pricing.ts';

// The promotions' rule the product cards use, without their schemas: zod-free (ADR 024, fourth pass).

/** The promotion as a pricing rule: tenths of a percent off each unit, or cents off each unit. */
export function promotionRule(p: { discount_tenths: number; discount_amount_cents: number }): DiscountRule {
  return p.discount_tenths > 0
    ? { kind: 'percentage', tenths: p.discount_tenths }
    : { kind: 'fixed', cents: p.discount_amount_cents };
}
