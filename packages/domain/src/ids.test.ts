import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { fieldRefusalOf } from './field-refusal.ts';
import { idSchema, MAX_ID } from './ids.ts';

describe('idSchema', () => {
  it('accepts 1..MAX_ID as a number or as plain decimal digits', () => {
    for (const ok of [1, 42, MAX_ID, '1', '007', String(MAX_ID)]) {
      expect(idSchema.safeParse(ok).success, String(ok)).toBe(true);
    }
    expect(idSchema.parse('0042')).toBe(42);
  });

  it('refuses out of range, fractions, signs, hex, exponents and spaces', () => {
    for (const bad of [
      0,
      -1,
      1.5,
      MAX_ID + 1,
      1e20,
      NaN,
      Infinity,
      '0',
      String(MAX_ID + 1),
      '-1',
      '+1',
      '0x10',
      '1e3',
      '1.0',
      ' 1',
      '1 ',
      '',
      'abc',
      null,
      true,
    ]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('words a missing id as required and a wrong one as not a number', () => {
    const schema = z.object({ supplier_id: idSchema });
    const messageOf = (value: unknown) => {
      const result = schema.safeParse(value === undefined ? {} : { supplier_id: value });
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(messageOf(undefined)).toBe('validation.required');
    expect(messageOf('')).toBe('validation.required');
    expect(messageOf('abc')).toBe('validation.number');
    expect(fieldRefusalOf({ keyword: 'invalid_union', message: messageOf(undefined) })).toEqual({
      code: 'validation.required',
    });
    expect(fieldRefusalOf({ keyword: 'invalid_union', message: messageOf('abc') }).code).not.toBe(
      'validation.required',
    );
  });

  it('agrees with the column range for every integer text', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(idSchema.safeParse(String(n)).success).toBe(n >= 1 && n <= MAX_ID);
        expect(idSchema.safeParse(n).success).toBe(n >= 1 && n <= MAX_ID);
      }),
    );
  });
});
