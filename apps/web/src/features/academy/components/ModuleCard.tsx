import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { LearningModule } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { paths } from '../../../lib/paths';
import { useEnroll } from '../api';
import { CourseFacts } from './CourseFacts';
import { levelTone } from './levels';

export function courseLink(course: LearningModule) {
  const next = course.progress.next_lesson_id;
  return `${paths.academyCourse(course.id)}${next ? `?lesson=${next}` : ''}`;
}

export function ModuleCard({ course }: { course: LearningModule }) {
  const { t } = useTranslation('academy');
  const navigate = useNavigate();
  const enroll = useEnroll();
  const { progress } = course;
  const finished = progress.lessons_count > 0 && progress.completed_lessons === progress.lessons_count;
  const started = progress.enrolled || progress.completed_lessons > 0;

  return (
    <Card className="flex flex-col overflow-hidden p-0" data-testid="course-card" data-slug={course.slug}>
      <img
        src={course.image_url}
        alt=""
        width={320}
        height={200}
        loading="lazy"
        className="aspect-[16/10] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-2">
          <Badge tone="blue">{t(`categories.${course.category}`)}</Badge>
          <Badge tone={levelTone[course.difficulty_level]}>{t(`levels.${course.difficulty_level}`)}</Badge>
          {finished && (
            <Badge tone="green">
              <CheckCircle2 aria-hidden className="mr-1 size-3.5" />
              {t('card.completed')}
            </Badge>
          )}
        </div>
        <div>
          <h2 className="text-lg font-semibold text-stone-900">{course.title}</h2>
          <p className="mt-1 text-sm text-stone-600">{course.description}</p>
        </div>
        <CourseFacts course={course} />
        {started && (
          <div>
            <ProgressBar
              percent={progress.percent}
              label={t('card.progress_label')}
              tone={finished ? 'green' : 'brand'}
              testId="course-progress"
            />
            <p className="mt-1 text-xs text-stone-600" data-testid="course-progress-text">
              {t('card.progress', { done: progress.completed_lessons, total: progress.lessons_count })}
            </p>
          </div>
        )}
        <div className="mt-auto pt-1">
          {started ? (
            <Link
              to={courseLink(course)}
              className={buttonClass(finished ? 'outline' : 'primary', 'md', 'w-full')}
            >
              {finished ? t('card.review') : t('card.continue')}
            </Link>
          ) : (
            <Button
              className="w-full"
              loading={enroll.isPending}
              onClick={() => enroll.mutate(course.id, { onSuccess: () => void navigate(courseLink(course)) })}
            >
              {t('card.start')}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
