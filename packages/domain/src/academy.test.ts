import { describe, expect, it } from 'vitest';
import { averageRating, lessonPercent, matchesLearningFilter, rateModuleBody } from './academy.ts';

describe('academy rules', () => {
  const course = {
    title: 'Marketing on WhatsApp',
    description: 'Use WhatsApp Business to reach your regular customers.',
    category: 'marketing',
    difficulty_level: 'beginner',
  } as const;

  it('matches the search in the title or the description, case-insensitively (spec 1 §5)', () => {
    expect(matchesLearningFilter(course, { search: 'whatsapp' })).toBe(true);
    expect(matchesLearningFilter(course, { search: '  REGULAR customers ' })).toBe(true);
    expect(matchesLearningFilter(course, { search: 'VAT' })).toBe(false);
    expect(matchesLearningFilter(course, { search: '' })).toBe(true);
  });

  it('filters by category and level exactly, together with the search', () => {
    expect(matchesLearningFilter(course, { category: 'marketing', level: 'beginner' })).toBe(true);
    expect(matchesLearningFilter(course, { category: 'tax' })).toBe(false);
    expect(matchesLearningFilter(course, { level: 'advanced' })).toBe(false);
    expect(matchesLearningFilter(course, { search: 'whatsapp', category: 'stock' })).toBe(false);
  });

  it('works out whole percents of lessons done, never past 100', () => {
    expect(lessonPercent(0, 3)).toBe(0);
    expect(lessonPercent(1, 3)).toBe(33);
    expect(lessonPercent(2, 3)).toBe(67);
    expect(lessonPercent(3, 3)).toBe(100);
    expect(lessonPercent(4, 3)).toBe(100);
    expect(lessonPercent(0, 0)).toBe(0);
  });

  it('averages ratings to one decimal, null before the first', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(9, 2)).toBe(4.5);
  });

  it('accepts a whole rating of 1 to 5 only', () => {
    for (const rating of [1, 3, 5]) expect(rateModuleBody.safeParse({ rating }).success).toBe(true);
    for (const rating of [0, 6, 4.5, '4', null])
      expect(rateModuleBody.safeParse({ rating }).success).toBe(false);
  });
});
