import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIFFICULTY_LEVELS, LANGUAGES, LEARNING_CATEGORIES } from '@tt/domain';
import { CONTENT, COURSES, localize } from '../src/features/academy/content.ts';
import type { LessonTexts } from '../src/features/academy/tables.ts';

/** The web app serves the pictures (apps/web/public/academy); the course texts stay on the server. */
const picture = (name: string) => new URL(`../../web/public/academy/${name}`, import.meta.url);

const LESSON_FIELDS = ['title', 'image_alt', 'paragraphs', 'example_title', 'example', 'takeaways'] as const;

describe('academy content (issue 13 point 1, DECISIONS 15)', () => {
  it('ships seven courses of about three lessons with unique slugs, a known category and level', () => {
    expect(COURSES).toHaveLength(7);
    expect(new Set(COURSES.map((c) => c.slug)).size).toBe(COURSES.length);
    expect(new Set(COURSES.map((c) => c.category))).toEqual(new Set(LEARNING_CATEGORIES));
    for (const course of COURSES) {
      expect(DIFFICULTY_LEVELS).toContain(course.level);
      expect(course.lessons.length).toBeGreaterThanOrEqual(3);
      expect(new Set(course.lessons.map((l) => l.slug)).size).toBe(course.lessons.length);
      for (const lesson of course.lessons) expect(lesson.minutes).toBeGreaterThan(0);
    }
  });

  it('has every course and lesson, every field, in all six languages', () => {
    const missing: string[] = [];
    for (const { code } of LANGUAGES) {
      const content = CONTENT[code];
      for (const course of COURSES) {
        const texts = content[course.slug];
        for (const field of ['title', 'description'] as const) {
          if (!texts?.[field]?.trim()) missing.push(`${code} ${course.slug} ${field}`);
        }
        for (const lesson of course.lessons) {
          const words = texts?.lessons?.[lesson.slug];
          for (const field of LESSON_FIELDS) {
            const value = words?.[field];
            const ok = Array.isArray(value)
              ? value.length > 0 && value.every((v) => typeof v === 'string' && v.trim() !== '')
              : typeof value === 'string' && value.trim() !== '';
            if (!ok) missing.push(`${code} ${course.slug}/${lesson.slug} ${field}`);
          }
        }
      }
      // Nothing in a language file that the structure does not know (a typo in a slug would hide a lesson).
      for (const [slug, texts] of Object.entries(content)) {
        const course = COURSES.find((c) => c.slug === slug);
        if (!course) missing.push(`${code} unknown course ${slug}`);
        for (const lessonSlug of Object.keys(texts.lessons ?? {})) {
          if (!course?.lessons.some((l) => l.slug === lessonSlug)) {
            missing.push(`${code} unknown lesson ${slug}/${lessonSlug}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the same number of paragraphs, example lines and takeaways in every language', () => {
    const different: string[] = [];
    for (const course of COURSES) {
      for (const lesson of course.lessons) {
        const english = CONTENT.en[course.slug]!.lessons[lesson.slug]!;
        for (const { code } of LANGUAGES) {
          const words = CONTENT[code][course.slug]?.lessons[lesson.slug];
          for (const field of ['paragraphs', 'example', 'takeaways'] as const) {
            if (words?.[field]?.length !== english[field].length) {
              different.push(`${code} ${course.slug}/${lesson.slug} ${field}`);
            }
          }
        }
      }
    }
    expect(different).toEqual([]);
  });

  it('translates rather than copies: no lesson title or paragraph is the English text', () => {
    const copied: string[] = [];
    for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
      for (const course of COURSES) {
        if (CONTENT[code][course.slug]?.title === CONTENT.en[course.slug]!.title) {
          copied.push(`${code} ${course.slug} title`);
        }
        for (const lesson of course.lessons) {
          const english = CONTENT.en[course.slug]!.lessons[lesson.slug]!;
          const words = CONTENT[code][course.slug]?.lessons[lesson.slug];
          if (words?.title === english.title) copied.push(`${code} ${course.slug}/${lesson.slug} title`);
          words?.paragraphs.forEach((p, i) => {
            if (p === english.paragraphs[i])
              copied.push(`${code} ${course.slug}/${lesson.slug} paragraph ${i}`);
          });
        }
      }
    }
    expect(copied).toEqual([]);
  });

  it('ships every picture, small and without outside references', () => {
    const names = COURSES.flatMap((c) => [c.image, ...c.lessons.map((l) => l.image)]);
    for (const name of names) {
      expect(name).toMatch(/^[a-z0-9-]+\.svg$/);
      const file = picture(name);
      expect(existsSync(file), name).toBe(true);
      expect(statSync(file).size, name).toBeLessThan(4096);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg'), name).toBe(true);
      expect(svg, name).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
      expect(svg, name).not.toMatch(/<script|<image|href=/i);
    }
  });

  it('falls back to English per field only where a translation is missing', () => {
    const english: LessonTexts = {
      title: 'Title',
      image_alt: 'Alt',
      paragraphs: ['One'],
      example_title: 'Example',
      example: ['Line'],
      takeaways: ['Takeaway'],
    };
    const partial = { title: 'Isihloko', paragraphs: [], example_title: ' ' } as unknown as LessonTexts;
    const words = localize<LessonTexts>({ en: english, zu: partial }, 'zu');
    expect(words).toEqual({ ...english, title: 'Isihloko' });
    expect(localize<LessonTexts>({ en: english }, 'xh')).toEqual(english);
  });
});
