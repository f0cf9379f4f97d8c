import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Lock, Star } from 'lucide-react';
import { RATING_MAX, type LearningModuleDetail } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';
import { useRateModule } from '../api';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** A learner rates the course (1-5) once a lesson is done; choosing again replaces the rating. */
export function RatingPicker({ course }: { course: LearningModuleDetail }) {
  const { t } = useTranslation('academy');
  const rate = useRateModule();
  const [saved, setSaved] = useState(false);
  const mine = course.progress.my_rating;
  const allowed = course.progress.completed_lessons > 0;

  return (
    <Card className="p-4" data-testid="rating-panel">
      <h2 className="font-semibold text-stone-900">{t('rating.title')}</h2>
      {allowed ? (
        <>
          <p className="mt-1 text-sm text-stone-600">{t('rating.help')}</p>
          <div role="group" aria-label={t('rating.title')} className="mt-3 flex gap-1">
            {STARS.map((star) => (
              <button
                key={star}
                type="button"
                aria-label={t('rating.star', { count: star })}
                aria-pressed={mine === star}
                disabled={rate.isPending}
                onClick={() =>
                  rate.mutate({ moduleId: course.id, rating: star }, { onSuccess: () => setSaved(true) })
                }
                className="grid size-11 place-items-center rounded-lg hover:bg-amber-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none disabled:opacity-60"
              >
                <Star
                  aria-hidden
                  className={cn(
                    'size-7',
                    mine !== null && star <= mine ? 'fill-amber-400 text-amber-500' : 'text-stone-400',
                  )}
                />
              </button>
            ))}
          </div>
          {mine !== null && (
            <p className="mt-2 text-sm text-stone-700" data-testid="my-rating">
              {t('rating.yours', { rating: mine })}
            </p>
          )}
          {saved && (
            <p role="status" className="mt-2 flex items-center gap-1.5 text-sm font-medium text-green-800">
              <CheckCircle2 aria-hidden className="size-4" />
              {t('rating.saved')}
            </p>
          )}
        </>
      ) : (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
          <Lock aria-hidden className="size-4" />
          {t('rating.locked')}
        </p>
      )}
    </Card>
  );
}
