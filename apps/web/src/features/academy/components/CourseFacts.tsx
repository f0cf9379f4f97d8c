import { useTranslation } from 'react-i18next';
import { BookOpen, Clock, Star, Users } from 'lucide-react';
import type { LearningModule } from '@tt/domain';

/** Duration, lessons, learners and rating: all counted by the server from real data. */
export function CourseFacts({ course }: { course: LearningModule }) {
  const { t, i18n } = useTranslation('academy');
  const rating =
    course.rating === null
      ? t('card.no_rating')
      : t('card.rating', {
          rating: course.rating.toLocaleString(i18n.language, {
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }),
          count: course.ratings_count,
        });
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600" data-testid="course-facts">
      <li className="flex items-center gap-1">
        <Clock aria-hidden className="size-4" />
        {t('card.minutes', { count: course.duration_minutes })}
      </li>
      <li className="flex items-center gap-1">
        <BookOpen aria-hidden className="size-4" />
        {t('card.lessons', { count: course.lessons_count })}
      </li>
      <li className="flex items-center gap-1" data-testid="enrolled-count">
        <Users aria-hidden className="size-4" />
        {t('card.enrolled', { count: course.enrolled_count })}
      </li>
      <li className="flex items-center gap-1" data-testid="course-rating">
        <Star
          aria-hidden
          className={course.rating === null ? 'size-4' : 'size-4 fill-amber-400 text-amber-500'}
        />
        {rating}
      </li>
    </ul>
  );
}
