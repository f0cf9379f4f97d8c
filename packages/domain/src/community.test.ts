import { describe, expect, it } from 'vitest';
import { commentInputSchema, postInputSchema, postListQuerySchema } from './community.ts';

describe('community rules (spec 1 §5)', () => {
  it('needs non-blank content; the title is optional and the type defaults to discussion', () => {
    expect(postInputSchema.parse({ content: '  Hello  ', title: ' ' })).toEqual({
      content: 'Hello',
      title: null,
      post_type: 'discussion',
      image_id: null,
    });
    expect(postInputSchema.safeParse({ content: '   ' }).success).toBe(false);
    expect(postInputSchema.safeParse({ content: 'x', post_type: 'advert' }).success).toBe(false);
    expect(commentInputSchema.safeParse({ content: '' }).success).toBe(false);
  });
  it('bounds the page size', () => {
    expect(postListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(postListQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
  });
});
