import { describe, expect, it } from 'vitest';
import {
  applicationReviewSchema,
  canMoveApplication,
  categoryPreview,
  sellerProductCreateSchema,
  supplierApplicationInputSchema,
} from './suppliers.ts';
import { can } from './permissions.ts';
import { canChooseRole } from './users.ts';

describe('supplier applications', () => {
  it('applies for supplier when no role is sent, with no certifications and 0 years by default', () => {
    const parsed = supplierApplicationInputSchema.parse({
      company_name: ' Ekasi ',
      product_categories: ['Beverages'],
    });
    expect(parsed).toMatchObject({
      company_name: 'Ekasi',
      role_applied_for: 'supplier',
      certifications: [],
      years_in_business: 0,
    });
  });

  it('needs a company and at least one of the twelve categories, each once', () => {
    expect(
      supplierApplicationInputSchema.safeParse({ company_name: 'A', product_categories: [] }).success,
    ).toBe(false);
    expect(
      supplierApplicationInputSchema.safeParse({ company_name: '', product_categories: ['Beverages'] })
        .success,
    ).toBe(false);
    expect(
      supplierApplicationInputSchema.safeParse({
        company_name: 'A',
        product_categories: ['Beverages', 'Beverages'],
      }).success,
    ).toBe(false);
  });

  it('shows three categories and counts the rest', () => {
    expect(categoryPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(categoryPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('moves pending to under_review, and open applications to a decision, never a decided one', () => {
    expect(canMoveApplication('pending', 'under_review')).toBe(true);
    expect(canMoveApplication('under_review', 'under_review')).toBe(false);
    expect(canMoveApplication('under_review', 'approved')).toBe(true);
    expect(canMoveApplication('pending', 'rejected')).toBe(true);
    expect(canMoveApplication('approved', 'rejected')).toBe(false);
    expect(canMoveApplication('rejected', 'approved')).toBe(false);
  });

  it('needs notes to reject, not to approve', () => {
    expect(applicationReviewSchema.safeParse({ status: 'rejected', review_notes: '  ' }).success).toBe(false);
    expect(applicationReviewSchema.safeParse({ status: 'approved' }).success).toBe(true);
  });

  it('lets the buyer roles apply and choose themselves; the seller roles come only from approval (DECISIONS 8)', () => {
    for (const role of ['retailer', 'trader', 'service_provider'] as const) {
      expect(can(role, 'applications.submit')).toBe(true);
      expect(canChooseRole('supplier', role)).toBe(true);
    }
    for (const role of ['supplier', 'distributor', 'manufacturer', 'coordinator', 'admin'] as const) {
      expect(can(role, 'applications.submit')).toBe(false);
      expect(canChooseRole('retailer', role)).toBe(false);
    }
    // The businesses keep their stock whatever role approval gave them.
    for (const role of ['supplier', 'distributor', 'manufacturer', 'coordinator'] as const) {
      expect(can(role, 'inventory.manage')).toBe(true);
    }
  });
});

describe('a seller product', () => {
  const base = { name: 'Maize', brand: 'Ekasi', category_id: 1, sku: 'MM-1', selling_price: 10, mrp: 12 };
  it('keeps the mrp at or above the selling price', () => {
    expect(sellerProductCreateSchema.safeParse(base).success).toBe(true);
    const low = sellerProductCreateSchema.safeParse({ ...base, mrp: 9.99 });
    expect(low.success).toBe(false);
    expect(low.error?.issues[0]?.message).toBe('validation.mrp_below_price');
  });
  it('accepts a path on this site or an https picture, nothing else', () => {
    expect(sellerProductCreateSchema.safeParse({ ...base, image_url: '/products/a.svg' }).success).toBe(true);
    expect(
      sellerProductCreateSchema.safeParse({ ...base, image_url: 'https://img.example/a.png' }).success,
    ).toBe(true);
    expect(sellerProductCreateSchema.safeParse({ ...base, image_url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(
      sellerProductCreateSchema.safeParse({ ...base, image_url: 'http://img.example/a.png' }).success,
    ).toBe(false);
  });
});
