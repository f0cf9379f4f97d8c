import { z } from 'zod';
import { LANGUAGES, type LanguageCode } from './i18n.ts';

/**
 * The academy (spec 1 /academy, issue 13 point 1): short courses seeded as reference data, each lesson
 * marked done by the learner, a rating of 1-5 once a lesson is done. The course texts live on the
 * server (features/academy/content) and are answered in the reader's language.
 */
export const LEARNING_CATEGORIES = [
  'stock',
  'pricing',
  'finance',
  'tax',
  'cooperatives',
  'food_safety',
  'marketing',
] as const;
export type LearningCategory = (typeof LEARNING_CATEGORIES)[number];

export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

/** Spec 1's content_type: every seeded course is read (text and pictures). */
export const CONTENT_TYPES = ['article', 'video', 'interactive'] as const;

export const RATING_MIN = 1;
export const RATING_MAX = 5;

const languageCodes = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

/** The reader's language for the course texts; without it the server reads Accept-Language, then English. */
export const learningLanguageQuery = z.object({ lang: z.enum(languageCodes).optional() });

export const learningModulesQuery = learningLanguageQuery.extend({
  search: z.string().max(100).optional(),
  category: z.enum(LEARNING_CATEGORIES).optional(),
  level: z.enum(DIFFICULTY_LEVELS).optional(),
});
export type LearningModulesQuery = z.infer<typeof learningModulesQuery>;

/** The caller's own standing in one course. */
export const learningProgressSchema = z.object({
  module_id: z.number().int(),
  enrolled: z.boolean(),
  lessons_count: z.number().int(),
  completed_lessons: z.number().int(),
  /** 0-100, whole. */
  percent: z.number().int(),
  completed_lesson_ids: z.array(z.number().int()),
  /** Where to continue: the first lesson not yet done, in order; null when all are done. */
  next_lesson_id: z.number().int().nullable(),
  my_rating: z.number().int().nullable(),
});
export type LearningProgress = z.infer<typeof learningProgressSchema>;

export const learningModuleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(LEARNING_CATEGORIES),
  difficulty_level: z.enum(DIFFICULTY_LEVELS),
  content_type: z.enum(CONTENT_TYPES),
  duration_minutes: z.number().int(),
  is_active: z.boolean(),
  image_url: z.string(),
  lessons_count: z.number().int(),
  /** Learners who started the course. */
  enrolled_count: z.number().int(),
  /** The learners' average rating to one decimal; null before the first rating. */
  rating: z.number().nullable(),
  ratings_count: z.number().int(),
  progress: learningProgressSchema,
});
export type LearningModule = z.infer<typeof learningModuleSchema>;

export const learningLessonSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  position: z.number().int(),
  title: z.string(),
  duration_minutes: z.number().int(),
  image_url: z.string(),
  image_alt: z.string(),
  paragraphs: z.array(z.string()),
  example_title: z.string(),
  example: z.array(z.string()),
  takeaways: z.array(z.string()),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
});
export type LearningLesson = z.infer<typeof learningLessonSchema>;

export const learningModuleDetailSchema = learningModuleSchema.extend({
  lessons: z.array(learningLessonSchema),
});
export type LearningModuleDetail = z.infer<typeof learningModuleDetailSchema>;

export const lessonProgressBody = z.object({ completed: z.boolean() });
export type LessonProgressBody = z.infer<typeof lessonProgressBody>;

export const rateModuleBody = z.object({
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
});
export type RateModuleBody = z.infer<typeof rateModuleBody>;

export const moduleRatingSchema = z.object({
  module_id: z.number().int(),
  my_rating: z.number().int(),
  rating: z.number().nullable(),
  ratings_count: z.number().int(),
});
export type ModuleRating = z.infer<typeof moduleRatingSchema>;

/** Whole percent of lessons done, never past 100. */
export function lessonPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((done / total) * 100));
}

/** The average of the ratings to one decimal (null with none). */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/**
 * Spec 1 §5: search matches the title or the description, case-insensitively; the category and level
 * filters match exactly. The server and the screen apply the same rule.
 */
export function matchesLearningFilter(
  module: Pick<LearningModule, 'title' | 'description' | 'category' | 'difficulty_level'>,
  filter: { search?: string | undefined; category?: string | undefined; level?: string | undefined },
): boolean {
  if (filter.category && module.category !== filter.category) return false;
  if (filter.level && module.difficulty_level !== filter.level) return false;
  const needle = filter.search?.trim().toLocaleLowerCase();
  if (!needle) return true;
  return (
    module.title.toLocaleLowerCase().includes(needle) ||
    module.description.toLocaleLowerCase().includes(needle)
  );
}
