import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from '@tt/domain';
import type { DifficultyLevel, LearningCategory } from '@tt/domain';
import structure from './content/modules.json';
import en from './content/en.json';
import zu from './content/zu.json';
import xh from './content/xh.json';
import af from './content/af.json';
import st from './content/st.json';
import tn from './content/tn.json';
import type { LessonTexts, ModuleTexts } from './tables.ts';

/**
 * The courses shipped in the repo (issue 13 point 1): `modules.json` holds what does not depend on the
 * language (slugs, category, level, minutes, pictures), `<lang>.json` the words, keyed by course and lesson
 * slug. They are bundled with the server, not the web app, so the first visit stays light; the academy's
 * seed copies them into the database on every start.
 */
export interface LessonStructure {
  slug: string;
  minutes: number;
  image: string;
}
export interface CourseStructure {
  slug: string;
  category: LearningCategory;
  level: DifficultyLevel;
  image: string;
  lessons: LessonStructure[];
}
export interface CourseTexts extends ModuleTexts {
  lessons: Record<string, LessonTexts>;
}
export type LanguageContent = Record<string, CourseTexts>;

export const COURSES = structure as CourseStructure[];

export const CONTENT: Record<LanguageCode, LanguageContent> = {
  en: en as LanguageContent,
  zu: zu as LanguageContent,
  xh: xh as LanguageContent,
  af: af as LanguageContent,
  st: st as LanguageContent,
  tn: tn as LanguageContent,
};

/** The web app's folder the pictures are served from (apps/web/public/academy). */
export const IMAGE_BASE = '/academy/';

/** A course's title and description in every language that has them. */
export function moduleTexts(slug: string): Record<string, ModuleTexts> {
  const out: Record<string, ModuleTexts> = {};
  for (const { code } of LANGUAGES) {
    const course = CONTENT[code][slug];
    if (course) out[code] = { title: course.title, description: course.description };
  }
  return out;
}

/** A lesson's words in every language that has them. */
export function lessonTexts(courseSlug: string, lessonSlug: string): Record<string, LessonTexts> {
  const out: Record<string, LessonTexts> = {};
  for (const { code } of LANGUAGES) {
    const lesson = CONTENT[code][courseSlug]?.lessons[lessonSlug];
    if (lesson) out[code] = lesson;
  }
  return out;
}

/**
 * The reader's words: each field in their language, or in English where that field has no translation
 * (content.test.ts checks that none is missing).
 */
export function localize<T extends object>(texts: Record<string, T>, language: LanguageCode): T {
  const english = texts[DEFAULT_LANGUAGE] as T;
  const own = texts[language];
  if (!own) return english;
  const out = { ...english } as Record<string, unknown>;
  for (const [key, value] of Object.entries(own)) {
    const present = Array.isArray(value)
      ? value.length > 0
      : typeof value === 'string'
        ? value.trim() !== ''
        : value != null;
    if (present) out[key] = value;
  }
  return out as T;
}
