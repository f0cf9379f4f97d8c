import { useTranslation } from 'react-i18next';
import { Calculator, CheckCircle2, Lightbulb } from 'lucide-react';
import type { LearningLesson } from '@tt/domain';
import { Card } from '../../../components/ui/Card';

/** One lesson: picture, a few paragraphs, a worked example in rand and what to remember. */
export function LessonView({ lesson }: { lesson: LearningLesson }) {
  const { t } = useTranslation('academy');
  return (
    <article aria-labelledby="lesson-title" data-testid="lesson">
      <Card className="overflow-hidden p-0">
        <div className="px-4 pt-4 sm:px-6 sm:pt-6">
          <img
            src={lesson.image_url}
            alt={lesson.image_alt}
            width={320}
            height={200}
            className="mx-auto aspect-[16/10] w-full max-w-md rounded-lg bg-stone-100"
          />
        </div>
        <div className="p-4 sm:p-6">
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
            {t('course.lesson_n', { n: lesson.position })} ·{' '}
            {t('course.minutes_read', { count: lesson.duration_minutes })}
          </p>
          <h2 id="lesson-title" className="mt-1 text-xl font-bold text-stone-900">
            {lesson.title}
          </h2>
          <div className="mt-3 space-y-3 text-[15px] leading-relaxed text-stone-800">
            {lesson.paragraphs.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <section
            className="mt-5 rounded-lg border border-blue-200 bg-blue-50 p-4"
            aria-labelledby="lesson-example"
          >
            <h3 id="lesson-example" className="flex items-center gap-2 font-semibold text-blue-900">
              <Calculator aria-hidden className="size-5" />
              {lesson.example_title}
            </h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-blue-950">
              {lesson.example.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ol>
          </section>
          <section
            className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4"
            aria-labelledby="lesson-takeaways"
          >
            <h3 id="lesson-takeaways" className="flex items-center gap-2 font-semibold text-amber-900">
              <Lightbulb aria-hidden className="size-5" />
              {t('course.takeaways')}
            </h3>
            <ul className="mt-2 space-y-1.5 text-sm text-stone-800">
              {lesson.takeaways.map((line, i) => (
                <li key={i} className="flex gap-2">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </Card>
    </article>
  );
}
