import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  academyContracts as c,
  isLanguageCode,
  type LanguageCode,
  type LearningModuleDetail,
  type LearningProgress,
} from '@tt/domain';
import { call } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

/** The course texts come in the reader's language, so the language is part of every key. */
export const academyKeys = {
  all: [queryRoots.academy] as const,
  lists: () => [...academyKeys.all, 'list'] as const,
  list: (lang: LanguageCode) => [...academyKeys.lists(), lang] as const,
  details: () => [...academyKeys.all, 'detail'] as const,
  detail: (id: number, lang: LanguageCode) => [...academyKeys.details(), id, lang] as const,
};

function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguageCode(language) ? language : 'en';
}

/**
 * GET /api/learning/modules: every active course with the caller's progress. Seven short courses, so the
 * screen filters them itself with the domain's rule (matchesLearningFilter) and answers as one types.
 */
export function useModules() {
  const lang = useLanguage();
  return useQuery({
    queryKey: academyKeys.list(lang),
    queryFn: () => call(c.modules, { query: { lang } }),
  });
}

/** GET /api/learning/modules/:id: one course with its lessons. */
export function useModule(id: number) {
  const lang = useLanguage();
  return useQuery({
    queryKey: academyKeys.detail(id, lang),
    queryFn: () => call(c.module, { params: { id }, query: { lang } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Puts the caller's new progress into every cached copy of the course (each language). */
function applyProgress(
  queryClient: ReturnType<typeof useQueryClient>,
  moduleId: number,
  progress: LearningProgress,
) {
  queryClient.setQueriesData<LearningModuleDetail>({ queryKey: academyKeys.details() }, (course) => {
    if (!course || course.id !== moduleId) return course;
    const done = new Set(progress.completed_lesson_ids);
    return {
      ...course,
      progress,
      lessons: course.lessons.map((lesson) => ({
        ...lesson,
        completed: done.has(lesson.id),
        completed_at: done.has(lesson.id) ? (lesson.completed_at ?? new Date().toISOString()) : null,
      })),
    };
  });
  // The cards' progress and enrolled counts.
  void queryClient.invalidateQueries({ queryKey: academyKeys.lists() });
}

/** POST /api/learning/modules/:id/enroll: Start Free Course. */
export function useEnroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: number) => call(c.enroll, { params: { id: moduleId } }),
    onSuccess: (progress, moduleId) => applyProgress(queryClient, moduleId, progress),
  });
}

/** PUT /api/learning/modules/:id/lessons/:lessonId/progress. */
export function useLessonProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { moduleId: number; lessonId: number; completed: boolean }) =>
      call(c.lessonProgress, {
        params: { id: input.moduleId, lessonId: input.lessonId },
        body: { completed: input.completed },
      }),
    onSuccess: (progress, input) => applyProgress(queryClient, input.moduleId, progress),
  });
}

/** PUT /api/learning/modules/:id/rating: the average and count change for everyone. */
export function useRateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { moduleId: number; rating: number }) =>
      call(c.rate, { params: { id: input.moduleId }, body: { rating: input.rating } }),
    onSuccess: (answer) => {
      queryClient.setQueriesData<LearningModuleDetail>({ queryKey: academyKeys.details() }, (course) =>
        course && course.id === answer.module_id
          ? {
              ...course,
              rating: answer.rating,
              ratings_count: answer.ratings_count,
              progress: { ...course.progress, my_rating: answer.my_rating },
            }
          : course,
      );
      void queryClient.invalidateQueries({ queryKey: academyKeys.lists() });
    },
  });
}
