import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldRefusalOf } from './field-refusal.ts';

/** What the browser's form resolver hands the mapper: a zod issue as it is. */
const refusalsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [
      issue.path.join('.'),
      fieldRefusalOf({ keyword: issue.code, message: issue.message, params: { ...issue } }),
    ]),
  );
};

describe('fieldRefusalOf on zod issues (the browser side of the same mapping the server uses)', () => {
  const schema = z.object({
    name: z.string().trim().min(3).max(10),
    code: z.string().min(1),
    email: z.email(),
    quantity: z.number().int().min(1).max(99),
    price: z.number().positive(),
    kind: z.enum(['call', 'meeting']),
    reason: z.string().min(1, { message: 'validation.required' }),
    tags: z.array(z.string()).min(1),
  });

  it('names each refusal with its catalogue code and bound', () => {
    expect(
      refusalsOf(schema, {
        name: 'ab',
        code: '',
        email: 'not-mail',
        quantity: 100,
        price: 0,
        kind: 'visit',
        reason: '',
        tags: [],
      }),
    ).toEqual({
      name: { code: 'validation.too_short', params: { minimum: 3 } },
      code: { code: 'validation.required' },
      email: { code: 'validation.email' },
      quantity: { code: 'validation.too_big', params: { maximum: 99 } },
      price: { code: 'validation.greater_than', params: { minimum: 0 } },
      kind: { code: 'validation.invalid_option' },
      reason: { code: 'validation.required' },
      tags: { code: 'validation.too_few', params: { minimum: 1 } },
    });
  });

  it('tells a missing value from a wrong kind of value', () => {
    expect(refusalsOf(schema.pick({ quantity: true }), {})).toEqual({
      quantity: { code: 'validation.required' },
    });
    expect(refusalsOf(schema.pick({ quantity: true }), { quantity: 'ten' })).toEqual({
      quantity: { code: 'validation.number' },
    });
    expect(refusalsOf(schema.pick({ quantity: true }), { quantity: 1.5 })).toEqual({
      quantity: { code: 'validation.whole_number' },
    });
  });
});
