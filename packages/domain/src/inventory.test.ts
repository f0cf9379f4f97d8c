import { describe, expect, it } from 'vitest';
import { alertLevel, recordMovementSchema, stockStatus, type StockLevels } from './inventory.ts';

const item = (over: Partial<StockLevels>): StockLevels => ({
  quantity: 50,
  reserved: 0,
  reorder_point: 20,
  overstock_level: 100,
  ...over,
});

describe('stock status', () => {
  it('is out of stock when nothing is available, reserved stock included', () => {
    expect(stockStatus(item({ quantity: 0 }))).toBe('out_of_stock');
    expect(stockStatus(item({ quantity: 5, reserved: 5 }))).toBe('out_of_stock');
  });
  it('is low at or below the reorder point, counting only what is available', () => {
    expect(stockStatus(item({ quantity: 20 }))).toBe('low_stock');
    expect(stockStatus(item({ quantity: 21 }))).toBe('in_stock');
    expect(stockStatus(item({ quantity: 30, reserved: 15 }))).toBe('low_stock');
  });
  it('is never low without a reorder point', () => {
    expect(stockStatus(item({ quantity: 1, reorder_point: null }))).toBe('in_stock');
  });
  it('is overstock above the overstock level (on hand), and not without one', () => {
    expect(stockStatus(item({ quantity: 100 }))).toBe('in_stock');
    expect(stockStatus(item({ quantity: 101 }))).toBe('overstock');
    expect(stockStatus(item({ quantity: 101, overstock_level: null }))).toBe('in_stock');
  });
});

describe('alert level', () => {
  it('grades a shortage by how far below the reorder point the available stock is', () => {
    expect(alertLevel(item({ quantity: 0 }))).toBe('critical');
    expect(alertLevel(item({ quantity: 5 }))).toBe('high'); // a quarter of 20
    expect(alertLevel(item({ quantity: 6 }))).toBe('medium');
    expect(alertLevel(item({ quantity: 10 }))).toBe('medium'); // half of 20
    expect(alertLevel(item({ quantity: 11 }))).toBe('low');
    expect(alertLevel(item({ quantity: 20 }))).toBe('low');
    expect(alertLevel(item({ quantity: 10, reserved: 10 }))).toBe('critical');
  });
  it('is low for an overstock or without a reorder point', () => {
    expect(alertLevel(item({ quantity: 150 }))).toBe('low');
    expect(alertLevel(item({ quantity: 3, reorder_point: null }))).toBe('low');
  });
});

describe('movement payload', () => {
  const base = { product_id: 1, location_id: 2, movement_type: 'in', quantity: 5, reason: '' };
  const codes = (value: unknown) => {
    const result = recordMovementSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  it('takes the spec payload', () => {
    expect(codes(base)).toEqual([]);
  });
  it('refuses a zero quantity, a negative one except for adjustments, and decimals', () => {
    expect(codes({ ...base, quantity: 0 })).toEqual(['quantity:validation.not_zero']);
    expect(codes({ ...base, quantity: -1 })).toEqual(['quantity:validation.positive']);
    expect(codes({ ...base, movement_type: 'adjustment', quantity: -3, reason: 'Broken' })).toEqual([]);
    expect(codes({ ...base, quantity: 1.5 })).toHaveLength(1);
  });
  it('needs a destination for a transfer, different from the source, and a reason for an adjustment', () => {
    expect(codes({ ...base, movement_type: 'transfer' })).toEqual(['to_location_id:validation.required']);
    expect(codes({ ...base, movement_type: 'transfer', to_location_id: 2 })).toEqual([
      'to_location_id:validation.same_location',
    ]);
    expect(codes({ ...base, movement_type: 'adjustment', quantity: 2 })).toEqual([
      'reason:validation.required',
    ]);
  });
});
