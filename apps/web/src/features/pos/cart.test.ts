import { describe, expect, it } from 'vitest';
import type { PosProduct } from '@tt/domain';
import { addToCart, parseDiscount, searchProducts, setQuantity } from './cart';

const product = (id: number, name: string, extra: Partial<PosProduct> = {}): PosProduct => ({
  id,
  name,
  sku: `SKU-${id}`,
  brand: null,
  image_url: null,
  price: 10,
  price_is_default: true,
  unit_cost: 5,
  available: 3,
  ...extra,
});

describe('the till cart', () => {
  it('adds a product once and raises its quantity by 1 when added again', () => {
    const soap = product(1, 'Soap');
    const cart = addToCart(addToCart([], soap), soap);
    expect(cart).toEqual([{ product: soap, quantity: 2 }]);
  });

  it('removes a line whose quantity is set to 0 or less', () => {
    const cart = addToCart([], product(1, 'Soap'));
    expect(setQuantity(cart, 1, 0)).toEqual([]);
    expect(setQuantity(cart, 1, -2)).toEqual([]);
    expect(setQuantity(cart, 1, 4)[0]!.quantity).toBe(4);
  });

  it('searches name, SKU and brand and shows at most the limit', () => {
    const all = Array.from({ length: 30 }, (_, i) => product(i + 1, `Item ${i + 1}`));
    all.push(product(99, 'Washing powder', { brand: 'Omo' }));
    expect(searchProducts(all, '', 20)).toHaveLength(20);
    expect(searchProducts(all, 'omo', 20).map((p) => p.id)).toEqual([99]);
    expect(searchProducts(all, 'sku-7', 20).map((p) => p.id)).toEqual([7]);
  });

  it('accepts a discount of 0 to 100% with two decimals', () => {
    expect(parseDiscount('')).toBe(0);
    expect(parseDiscount('12.5')).toBe(12.5);
    expect(parseDiscount('100')).toBe(100);
    expect(parseDiscount('100.01')).toBeNull();
    expect(parseDiscount('-1')).toBeNull();
    expect(parseDiscount('1.234')).toBeNull();
  });
});
